"""The end of a two-player game once the bag is empty, played out exactly enough.

With the bag empty and one rival, the tiles a player cannot see are the rival's
rack: both racks are known and the rest of the game is a small two-player game.
`plan` picks the move (or a pass) whose played-out result is best for the player to
move: each candidate — every move that empties the rack, the best-scoring ones, the
ones that shed the most points, and passing — is followed by the rival's reply and
then both sides playing on by "the most points, going out counted" until the game
ends (a rack emptied, or every player passing twice in a row: the rules' end), and
the candidate with the best final difference (own points minus the rival's from now
on) wins. Going out is scored exactly as the rules do (the rival's rack value to
whoever places the last tile; the own rack taken away too with
`subtract_own_rack`). The rival's reply is searched over its own candidates for the
first few of ours (the rival answers to hurt us most).

Work is bounded by a budget of move generations, counted (not timed), so the same
position always gives the same answer and a decision stays well under a second;
when the budget runs out the candidates not yet played out keep their greedy value.
"""

from __future__ import annotations

from sobremesa.games.palabras.board import SIZE, Board, Move
from sobremesa.games.palabras.movegen import _cross_cache, _gen_line, raw_to_move, sort_key
from sobremesa.games.palabras.tiles import (
    BLANK,
    BLANK_FLAG,
    UPPER,
    VALUE,
    cell_of,
    rack_counts,
    rack_points,
)

Raw = tuple[int, int, int, bytes]
PASS = None


def _new_cells(cells: bytearray, raw: Raw) -> list[tuple[int, int]]:
    """(square index, cell) of the tiles a raw move puts on the board."""
    _score, lid, start, word = raw
    if lid >= SIZE:
        first, step = start * SIZE + lid - SIZE, SIZE
    else:
        first, step = lid * SIZE + start, 1
    return [(first + k * step, c) for k, c in enumerate(word) if not cells[first + k * step]]


def _weight(rack: str) -> int:
    """Work of one line's moves, counted: a blank multiplies the search."""
    blanks = rack.count(BLANK)
    return 1 + 5 * blanks + (10 if blanks > 1 else 0)


def _letters(placed: list[tuple[int, int]]) -> list[str]:
    return [BLANK if cell & BLANK_FLAG else UPPER[cell] for _i, cell in placed]


def _within(small: str, big: str) -> bool:
    """Whether the tiles of `small` are all among those of `big`."""
    return all(small.count(t) <= big.count(t) for t in set(small))


def _take(rack: str, placed: list[tuple[int, int]]) -> str | None:
    left = list(rack)
    for _i, cell in placed:
        tile = BLANK if cell & BLANK_FLAG else UPPER[cell]
        if tile not in left:
            return None
        left.remove(tile)
    return "".join(left)


class _Search:
    def __init__(self, dawg, board: Board, racks, subtract: bool, budget: int) -> None:
        self.dawg = dawg
        self.layout = board.layout
        self.root = bytes(board.cells)
        self.lines: dict[tuple[int, str], list[Raw]] = {}
        self.grouped: dict[tuple[int, str], dict[str, list[Raw]]] = {}
        self.bases = ["".join(sorted(r)) for r in racks]
        self.cross = _cross_cache(dawg)
        self.subtract = subtract
        self.budget = budget
        self.spent = 0

    def moves(self, cells: bytearray, rack: str) -> list[Raw]:
        """Every move for `rack` on `cells` (a board reached from the root). A line no
        placement since the root has touched keeps the root's moves: those of the
        starting rack the rack came from (racks only shrink once the bag is empty),
        made once and filtered by the tiles each move takes."""
        dirty = self.dirty(cells)
        key = "".join(sorted(rack))
        base = next((b for b in self.bases if _within(key, b)), None)
        counts = rack_counts(rack)
        n = len(rack)
        weight = _weight(rack)
        out: list[Raw] = []
        for lid in range(2 * SIZE):
            if lid in dirty:
                self.spent += weight
                self.line(cells, lid, counts, n, out)
                continue
            cached = self.lines.get((lid, key))
            if cached is None:
                if base is None or base == key:
                    self.spent += weight
                    cached = []
                    self.line(self.root, lid, counts, n, cached)
                else:
                    cached = []
                    for used, raws in self.groups(lid, base).items():
                        if _within(used, key):
                            cached.extend(raws)
                self.lines[(lid, key)] = cached
            out.extend(cached)
        return out

    def line(self, cells, lid: int, counts: list[int], n: int, out: list[Raw]) -> None:
        down = lid >= SIZE
        _gen_line(
            self.dawg, cells, self.layout, lid % SIZE, down, False, counts, n, self.cross, out
        )

    def groups(self, lid: int, base: str) -> dict[str, list[Raw]]:
        """The root's moves on a line for a starting rack, by the tiles they take."""
        found = self.grouped.get((lid, base))
        if found is None:
            raws: list[Raw] = []
            self.spent += _weight(base)
            self.line(self.root, lid, rack_counts(base), len(base), raws)
            found = {}
            for raw in raws:
                used = "".join(sorted(_letters(_new_cells(self.root, raw))))
                found.setdefault(used, []).append(raw)
            self.grouped[(lid, base)] = found
        return found

    def dirty(self, cells: bytearray) -> set[int]:
        """The lines (0–14 rows, 15–29 columns) whose moves may differ from the root's:
        those holding a new tile, and those at both ends of the runs it joined (their
        cross-checks changed)."""
        root = self.root
        out: set[int] = set()
        for i in range(SIZE * SIZE):
            if cells[i] == root[i]:
                continue
            r, c = divmod(i, SIZE)
            out.add(r)
            out.add(SIZE + c)
            k = r - 1
            while k >= 0 and cells[k * SIZE + c]:
                k -= 1
            out.add(max(k, 0))
            k = r + 1
            while k < SIZE and cells[k * SIZE + c]:
                k += 1
            out.add(min(k, SIZE - 1))
            k = c - 1
            while k >= 0 and cells[r * SIZE + k]:
                k -= 1
            out.add(SIZE + max(k, 0))
            k = c + 1
            while k < SIZE and cells[r * SIZE + k]:
                k += 1
            out.add(SIZE + min(k, SIZE - 1))
        return out

    def out_value(self, other_rack: str) -> int:
        return rack_points(other_rack)

    def end_by_passes(self, racks: tuple[str, str], last: int | None) -> int:
        """Difference (seat 0 − seat 1) the rack values make when every player passed."""
        p0, p1 = rack_points(racks[0]), rack_points(racks[1])
        diff = 0
        if last == 0:
            diff += p1
        elif last == 1:
            diff -= p0
        if self.subtract:
            diff += p1 - p0
        return diff

    def greedy(self, cells: bytearray, rack: str, other: str, raws: list[Raw]):
        """The reply of the played-out game: most points, going out counted."""
        best, best_v = None, None
        full = len(rack)
        bonus = rack_points(other) + (rack_points(other) if self.subtract else 0)
        for raw in raws:
            v = raw[0]
            if v + bonus <= (best_v if best_v is not None else -1):
                continue
            placed = _new_cells(cells, raw)
            if len(placed) == full:
                v += bonus
            if best_v is None or v > best_v:
                best, best_v = raw, v
        return best

    def playout(
        self, cells: bytearray, racks: tuple[str, str], mover: int, scoreless: int, last
    ) -> int:
        """Seat 0 − seat 1 from here to the end, both playing `greedy`."""
        racks_l = list(racks)
        diff = 0
        for _ in range(40):
            if scoreless >= 4:
                return diff + self.end_by_passes((racks_l[0], racks_l[1]), last)
            if self.spent >= self.budget:
                return diff + self.static((racks_l[0], racks_l[1]))
            rack, other = racks_l[mover], racks_l[1 - mover]
            raws = self.moves(cells, rack) if rack else []
            raw = self.greedy(cells, rack, other, raws) if raws else None
            sign = 1 if mover == 0 else -1
            if raw is None:
                scoreless += 1
                mover = 1 - mover
                continue
            placed = _new_cells(cells, raw)
            left = _take(rack, placed)
            if left is None:  # pragma: no cover - movegen only uses the rack's tiles
                return diff
            for i, cell in placed:
                cells[i] = cell
            diff += sign * raw[0]
            racks_l[mover] = left
            last = mover
            scoreless = 0
            if not left:
                gain = rack_points(other) * (2 if self.subtract else 1)
                return diff + sign * gain
            mover = 1 - mover
        return diff

    def after(self, cells: bytearray, raw: Raw | None, racks, scoreless: int, last) -> int:
        """Seat 0 − seat 1 from seat 0 playing `raw` (None: a pass) to the end."""
        cells = bytearray(cells)
        if raw is None:
            return self.playout(cells, racks, 1, scoreless + 1, last)
        placed = _new_cells(cells, raw)
        left = _take(racks[0], placed)
        if left is None:  # pragma: no cover
            return -10_000
        for i, cell in placed:
            cells[i] = cell
        if not left:
            return raw[0] + rack_points(racks[1]) * (2 if self.subtract else 1)
        return raw[0] + self.playout(cells, (left, racks[1]), 1, 0, 0)

    def static(self, racks: tuple[str, str]) -> int:
        """Seat 0 − seat 1 still to come, guessed: half the rack values, as if either
        player might go out first."""
        return (rack_points(racks[1]) - rack_points(racks[0])) // 2

    def shallow(self, cells: bytearray, raw: Raw | None, racks, scoreless: int, last) -> int:
        """Seat 0 playing `raw` (None: a pass), the rival's greedy reply, then `static`."""
        cells = bytearray(cells)
        mine, first = racks[0], 0
        if raw is not None:
            placed = _new_cells(cells, raw)
            left = _take(mine, placed)
            if left is None:  # pragma: no cover
                return -10_000
            if not left:
                return raw[0] + rack_points(racks[1]) * (2 if self.subtract else 1)
            for i, cell in placed:
                cells[i] = cell
            mine, first, scoreless, last = left, raw[0], 0, 0
        else:
            scoreless += 1
            if scoreless >= 4:
                return self.end_by_passes(racks, last)
        replies = self.moves(cells, racks[1])
        reply = self.greedy(cells, racks[1], mine, replies) if replies else None
        if reply is None:
            if scoreless + 1 >= 4:
                return first + self.end_by_passes((mine, racks[1]), last)
            return first + self.static((mine, racks[1]))
        rest = _take(racks[1], _new_cells(cells, reply))
        if not rest:
            return first - reply[0] - rack_points(mine) * (2 if self.subtract else 1)
        return first - reply[0] + self.static((mine, rest or ""))

    def reply_search(self, cells: bytearray, raw: Raw, racks, width: int) -> int | None:
        """Like `after`, but the rival tries its `width` best replies (and passing),
        each played out, and keeps the one worst for seat 0."""
        cells = bytearray(cells)
        placed = _new_cells(cells, raw)
        left = _take(racks[0], placed)
        if left is None or not left:
            return None
        for i, cell in placed:
            cells[i] = cell
        replies = self.moves(cells, racks[1])
        ranked = sorted(replies, key=lambda r: -r[0])[:width]
        greedy = self.greedy(cells, racks[1], left, replies)
        if greedy is not None and greedy not in ranked:
            ranked.append(greedy)
        worst = None
        for reply in [*ranked, None]:
            if self.spent >= self.budget:
                return None
            c2 = bytearray(cells)
            if reply is None:
                v = -self.playout(c2, (racks[1], left), 1, 1, 0)
            else:
                put = _new_cells(c2, reply)
                rest = _take(racks[1], put)
                if rest is None:  # pragma: no cover
                    continue
                for i, cell in put:
                    c2[i] = cell
                if not rest:
                    v = -(reply[0] + rack_points(left) * (2 if self.subtract else 1))
                else:
                    v = -reply[0] + self.playout(c2, (left, rest), 0, 0, 1)
            if worst is None or v < worst:
                worst = v
        return None if worst is None else raw[0] + worst


def plan(
    dawg,
    board: Board,
    rack: str,
    rival: str,
    moves: list[tuple[int, Move]],
    *,
    scoreless: int = 0,
    last_placer_is_me: bool = False,
    subtract: bool = False,
    budget: int = 300,
    width: int = 4,
    playouts: int = 6,
    deep: int = 3,
) -> tuple[Move | None, int]:
    """The move to play (None: pass) and its played-out difference (own − rival's
    points from now on), with the bag empty and `rival` the rival's whole rack.
    `moves`: every legal placement for `rack` (as `generate_moves` gives them)."""
    search = _Search(dawg, board, (rack, rival), subtract, budget)
    cells = bytearray(board.cells)
    raws = [_raw(score, move) for score, move in moves]
    full = len(rack)
    outs, rest = [], []
    for raw in raws:
        (outs if len(_new_cells(cells, raw)) == full else rest).append(raw)
    by_score = sorted(rest, key=lambda r: -r[0])
    by_shed = sorted(rest, key=lambda r: -(r[0] + _shed(cells, r)))
    candidates: list[Raw | None] = sorted(outs, key=lambda r: -r[0])[:3]
    for raw in by_score[:8] + by_shed[:4]:
        if raw not in candidates:
            candidates.append(raw)
    candidates.append(PASS)
    last = 0 if last_placer_is_me else 1
    racks = (rack, rival)
    # 1. every candidate: the rival's greedy reply, then the racks left weighed
    scored = [
        (search.shallow(cells, raw, racks, scoreless, last), order, raw)
        for order, raw in enumerate(candidates)
    ]
    scored.sort(key=lambda t: (-t[0], t[1]))
    # 2. the best of them played out to the end
    played = []
    for v, order, raw in scored[:playouts]:
        if raw is not None and raw not in outs and search.spent < budget:
            v = search.after(cells, raw, racks, scoreless, last)
        played.append((v, order, raw))
    played.sort(key=lambda t: (-t[0], t[1]))
    # 3. the first few against the rival's best replies rather than its greedy one
    refined = []
    for v, order, raw in played[:deep]:
        if raw is not None and raw not in outs and search.spent < budget:
            better = search.reply_search(cells, raw, racks, width)
            if better is not None:
                v = min(v, better)
        refined.append((v, order, raw))
    top = max(refined + played[deep:] + scored[playouts:], key=lambda t: (t[0], -t[1]))
    value, _order, raw = top
    if raw is None:
        return None, value
    move = raw_to_move(raw)
    same = [(s, m) for s, m in moves if m == move]
    return (min(same, key=sort_key)[1] if same else move), value


def _raw(score: int, move: Move) -> Raw:
    word = bytes(cell_of(ch) for ch in move.word)
    if move.down:
        return (score, SIZE + move.col, move.row, word)
    return (score, move.row, move.col, word)


def _shed(cells: bytearray, raw: Raw) -> int:
    """Points of the tiles a move takes off the rack (blanks count 0)."""
    return sum(0 if c & BLANK_FLAG else VALUE[c] for _i, c in _new_cells(cells, raw))
