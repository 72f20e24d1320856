"""Every legal tile placement for a rack, with its score (pure Python).

Algorithm: Appel and Jacobson's anchor search on the forward DAWG of the lexicon
(`sobremesa.lexicon.dawg`), one line at a time, the columns handled as rows of the
transposed board. For each empty square next to a tile (an *anchor*) a left part is
taken from the rack over the empty non-anchor squares before it (or the tiles
already there), then the word is extended to the right through the anchor, only
with letters allowed by the square's cross-check set (`Dawg.cross_mask` of the
letters above and below it). The score is carried through the search (main word
sum, word multiplier, cross words), so each move costs one tuple.

Counting convention (that of shared/data/palabras/oracle-positions.jsonl): a move is
distinct by direction, start square, tiles placed, which of them are blanks and the
letter each blank stands for; a one-tile play is listed once, as across if its tile
forms an across word of 2+ letters, else as down; on the empty board only across
plays are listed unless `both_orientations_on_empty=True`.

API:
- `generate_moves(dawg, board, rack)` -> list of (score, Move), unsorted.
- `count_moves(...)` -> int.
- `best_moves(moves, n)` -> the n best, sorted by score, then position, then word
  (Unicode order, as in the oracle data).
- `generate_raw(...)` -> the internal tuples (score, line id, start, word cells);
  `raw_to_move` turns one into a `Move`.

`rack` is a string of rack letters ("?" = blank) or 28 counters (index 0 = blanks).

Speed (benchmarks/bench_palabras.py, oracle positions, one core): about 2.5 ms per
position without blanks, 10–60 ms with one blank, about 100 ms with two (37,000
moves). Data stays ints and bytes; the search prunes a branch before the call when
the next square's cross-check set, the DAWG edges and the rack leave nothing.
Cross-check sets are cached per lexicon by (letters before, letters after).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sobremesa.games.palabras.board import SIZE, Board, Move, pos_name
from sobremesa.games.palabras.tiles import (
    BINGO_BONUS,
    BLANK_FLAG,
    CELL_TEXT,
    RACK_SIZE,
    VALUE,
    rack_counts,
)
from sobremesa.lexicon.dawg import EDGE_BITS

Raw = tuple[int, int, int, bytes]

# dawg id -> (dawg, {(before, after): mask}); the dawg is kept so its id stays unique
_CROSS_CACHES: dict[int, tuple[object, dict[tuple[bytes, bytes], int]]] = {}
_CROSS_CACHE_LIMIT = 200_000


def _cross_cache(dawg) -> dict[tuple[bytes, bytes], int]:
    entry = _CROSS_CACHES.get(id(dawg))
    if entry is None or entry[0] is not dawg:
        entry = (dawg, {})
        _CROSS_CACHES[id(dawg)] = entry
    cache = entry[1]
    if len(cache) > _CROSS_CACHE_LIMIT:
        cache.clear()
    return cache


def _counts(rack: str | Sequence[int]) -> list[int]:
    if isinstance(rack, str):
        return rack_counts(rack)
    counts = list(rack)
    if len(counts) != 28:
        raise ValueError("rack counters must have 28 entries")
    return counts


def generate_raw(
    dawg,
    board: Board,
    rack: str | Sequence[int],
    *,
    both_orientations_on_empty: bool = False,
    use_blanks: bool = True,
) -> list[Raw]:
    """Moves as (score, line, start, word cells): `line` 0–14 = row (across),
    15–29 = column (down); `start` the first square along the line; `word` the
    whole main word as board cells (code, or code | 32 for a blank)."""
    counts = _counts(rack)
    if not use_blanks:
        counts[0] = 0
    rack_n = sum(counts)
    out: list[Raw] = []
    if rack_n == 0:
        return out
    cells = board.cells
    layout = board.layout
    empty = not any(cells)
    cache = _cross_cache(dawg)
    for down in (False, True):
        if empty and down and not both_orientations_on_empty:
            break
        for index in range(SIZE):
            _gen_line(dawg, cells, layout, index, down, empty, counts, rack_n, cache, out)
    return out


def _gen_line(dawg, cells, layout, index, down, empty, counts, rack_n, cache, out) -> None:
    slots = dawg.slots
    root = dawg.root
    if down:
        base, step, pstep = index, SIZE, 1
    else:
        base, step, pstep = index * SIZE, 1, SIZE
    squares = [base + j * step for j in range(SIZE)]
    line = [cells[sq] for sq in squares]
    all_lm = layout.letter_mult
    all_wm = layout.word_mult

    # --- anchors, cross-checks and cross scores ---
    cross = [EDGE_BITS] * SIZE
    csw = [0] * SIZE  # points of the perpendicular tiles × word multiplier
    lmw = [0] * SIZE  # letter multiplier × word multiplier if a cross word forms, else 0
    has_cross = [False] * SIZE
    anchor = [False] * SIZE
    if empty:
        start_sq = layout.start
        for j in range(SIZE):
            if squares[j] == start_sq:
                anchor[j] = True
        if not any(anchor):
            return
    else:
        occupied_line = any(line)
        for j in range(SIZE):
            if line[j]:
                continue
            sq = squares[j]
            k = 1
            while index - k >= 0 and cells[sq - k * pstep]:
                k += 1
            nb = k - 1
            k = 1
            while index + k < SIZE and cells[sq + k * pstep]:
                k += 1
            na = k - 1
            if nb or na:
                before = bytes(cells[sq - i * pstep] & 31 for i in range(nb, 0, -1))
                after = bytes(cells[sq + i * pstep] & 31 for i in range(1, na + 1))
                key = (before, after)
                mask = cache.get(key)
                if mask is None:
                    mask = dawg.cross_mask(before, after)
                    cache[key] = mask
                cross[j] = mask
                has_cross[j] = True
                anchor[j] = True
                pts = 0
                for i in range(nb, 0, -1):
                    v = cells[sq - i * pstep]
                    if not v & BLANK_FLAG:
                        pts += VALUE[v]
                for i in range(1, na + 1):
                    v = cells[sq + i * pstep]
                    if not v & BLANK_FLAG:
                        pts += VALUE[v]
                w = all_wm[sq]
                csw[j] = pts * w
                lmw[j] = all_lm[sq] * w
            elif occupied_line and ((j > 0 and line[j - 1]) or (j < SIZE - 1 and line[j + 1])):
                anchor[j] = True
        if not any(anchor):
            return

    lm = [all_lm[sq] for sq in squares]
    wm = [all_wm[sq] for sq in squares]

    # --- runs of tiles already on the line: from each run start, its letters and points ---
    run_codes: list[bytes] = [b""] * (SIZE + 1)
    run_end = list(range(SIZE + 1))
    run_pts = [0] * (SIZE + 1)
    j = 0
    while j < SIZE:
        if line[j]:
            k = j
            pts = 0
            while k < SIZE and line[k]:
                v = line[k]
                if not v & BLANK_FLAG:
                    pts += VALUE[v]
                k += 1
            run_codes[j] = bytes(v & 31 for v in line[j:k])
            run_end[j] = k
            run_pts[j] = pts
            j = k
        else:
            j += 1

    # after a tile on `col`: the letters already on the board that follow it, where
    # the word could end, and their points
    next_codes = [run_codes[j + 1] if j + 1 < SIZE else b"" for j in range(SIZE)]
    next_end = [run_end[j + 1] if j + 1 < SIZE and line[j + 1] else j + 1 for j in range(SIZE)]
    next_pts = [run_pts[j + 1] if j + 1 < SIZE else 0 for j in range(SIZE)]

    buf = bytearray(line)
    lid = index + SIZE if down else index
    lp = bytearray(RACK_SIZE)
    append = out.append
    have = 0
    for c in range(1, 28):
        if counts[c]:
            have |= 1 << c
    state = [have, counts[0]]  # letters on the rack (mask), blanks left
    start = 0
    skip_single = False

    def go(node: int, col: int, placed: int, msum: int, wmul: int, xs: int) -> None:
        # Place a tile on the empty square `col`; the word so far starts at `start`.
        blanks = state[1]
        m = slots[node] >> 4 & cross[col]
        if not blanks:
            m &= state[0]
        if not m:
            return
        codes = next_codes[col]
        end = next_end[col]
        ms = msum + next_pts[col]
        placed += 1
        length_ok = end - start >= 2 and not (placed == 1 and skip_single)
        more = end < SIZE and placed < rack_n
        bonus = BINGO_BONUS if placed == RACK_SIZE else 0
        lmc = lm[col]
        nw = wmul * wm[col]
        cs = xs + csw[col]
        lw = lmw[col]
        while m:
            low = m & -m
            m ^= low
            c = low.bit_length() - 1
            p = slots[node + c] >> 5
            for x in codes:
                v = slots[p + x]
                if v & 31 != x:
                    p = 0
                    break
                p = v >> 5
            if not p:
                continue
            term = length_ok and slots[p] & 1
            deeper = slots[p] >> 4 & cross[end] if more else 0
            n = counts[c]
            if n:
                val = VALUE[c]
                nm = ms + val * lmc
                nx = cs + val * lw
                buf[col] = c
                if term:
                    append((nm * nw + nx + bonus, lid, start, bytes(buf[start:end])))
                if deeper:
                    if n == 1:
                        state[0] ^= low
                        if blanks or deeper & state[0]:
                            counts[c] = 0
                            go(p, end, placed, nm, nw, nx)
                            counts[c] = 1
                        state[0] ^= low
                    elif blanks or deeper & state[0]:
                        counts[c] = n - 1
                        go(p, end, placed, nm, nw, nx)
                        counts[c] = n
            if blanks:
                buf[col] = c | BLANK_FLAG
                if term:
                    append((ms * nw + cs + bonus, lid, start, bytes(buf[start:end])))
                if deeper and (blanks > 1 or deeper & state[0]):
                    state[1] = blanks - 1
                    go(p, end, placed, ms, nw, cs)
                    state[1] = blanks

    def left(node: int, length: int, limit: int, anchor_col: int) -> None:
        nonlocal start
        edges = slots[node] >> 4
        if edges & cross[anchor_col] and (state[1] or edges & cross[anchor_col] & state[0]):
            start = anchor_col - length
            ms = 0
            wmul = 1
            for i in range(length):
                x = lp[i]
                sq = start + i
                buf[sq] = x
                if not x & BLANK_FLAG:
                    ms += VALUE[x] * lm[sq]
                wmul *= wm[sq]
            go(node, anchor_col, length, ms, wmul, 0)
        if length < limit:
            blanks = state[1]
            m = slots[node] >> 4 & EDGE_BITS
            if not blanks:
                m &= state[0]
            last = length + 1 == limit
            need = cross[anchor_col]
            while m:
                low = m & -m
                m ^= low
                c = low.bit_length() - 1
                p = slots[node + c] >> 5
                if last and not slots[p] >> 4 & need:
                    continue
                n = counts[c]
                if n:
                    lp[length] = c
                    counts[c] = n - 1
                    if n == 1:
                        state[0] ^= low
                    left(p, length + 1, limit, anchor_col)
                    counts[c] = n
                    if n == 1:
                        state[0] ^= low
                if blanks:
                    lp[length] = c | BLANK_FLAG
                    state[1] = blanks - 1
                    left(p, length + 1, limit, anchor_col)
                    state[1] = blanks

    for col in range(SIZE):
        if not anchor[col] or line[col]:
            continue
        skip_single = down and has_cross[col]
        if col > 0 and line[col - 1]:
            s = col - 1
            while s > 0 and line[s - 1]:
                s -= 1
            node = root
            for x in run_codes[s]:
                v = slots[node + x]
                if v & 31 != x:
                    node = 0
                    break
                node = v >> 5
            if node:
                start = s
                go(node, col, 0, run_pts[s], 1, 0)
        else:
            limit = 0
            while (
                limit < rack_n - 1
                and col - limit - 1 >= 0
                and not line[col - limit - 1]
                and not anchor[col - limit - 1]
            ):
                limit += 1
            left(root, 0, limit, col)


def raw_to_move(raw: Raw) -> Move:
    _score, lid, start, word = raw
    text = word.translate(CELL_TEXT).decode("latin-1")
    if lid >= SIZE:
        return Move(start, lid - SIZE, True, text)
    return Move(lid, start, False, text)


def generate_moves(
    dawg, board: Board, rack: str | Sequence[int], **options: bool
) -> list[tuple[int, Move]]:
    """Every legal placement as (score, Move), unsorted (see the module docstring);
    `options`: generate_raw's (both_orientations_on_empty, use_blanks)."""
    raws = generate_raw(dawg, board, rack, **options)
    table = CELL_TEXT
    new = tuple.__new__  # Move(...) without its Python-level __new__
    texts: dict[bytes, str] = {}
    out = []
    append = out.append
    for score, lid, start, word in raws:
        text = texts.get(word)
        if text is None:
            text = texts[word] = word.translate(table).decode("latin-1")
        if lid >= SIZE:
            append((score, new(Move, (start, lid - SIZE, True, text))))
        else:
            append((score, new(Move, (lid, start, False, text))))
    return out


def count_moves(dawg, board: Board, rack: str | Sequence[int], **options: bool) -> int:
    return len(generate_raw(dawg, board, rack, **options))


def sort_key(item: tuple[int, Move]) -> tuple[int, str, str]:
    """Best first: score descending, then position, then word (Unicode order)."""
    score, move = item
    return (-score, pos_name(move.row, move.col, move.down), move.word)


def best_moves(moves: Iterable[tuple[int, Move]], n: int | None = None) -> list[tuple[int, Move]]:
    """The `n` best moves (all if None), in the oracle's order."""
    ordered = sorted(moves, key=sort_key)
    return ordered if n is None else ordered[:n]


def best_move(dawg, board: Board, rack: str | Sequence[int]) -> tuple[int, Move] | None:
    """The best placement for a rack ("pista"), or None if there is none."""
    raws = generate_raw(dawg, board, rack)
    if not raws:
        return None
    top = max(r[0] for r in raws)
    candidates = [(score, raw_to_move(r)) for r in raws if (score := r[0]) == top]
    return min(candidates, key=sort_key)
