"""Move validation and scoring, written plainly (independent of the generator).

- `check_move(board, rack, move[, lexicon])` -> `Play`, or `IllegalAction(reason, **details)`
  explaining the refusal. `move` is a `Move` in word notation (the whole main word).
- `check_placement(board, rack, tiles, lexicon)` does the same for tiles put on
  squares one by one ((row, col, letter) with lowercase = blank): for an entry mode
  that places tiles before confirming.
- `score_move(board, move)` / `score_placement(board, tiles)`: the words formed and
  the score without any lexicon or rack check (for previews and tests).

Reason codes (details in parentheses; squares are names like "H8", positions like
"8H"/"H8", words in the text form: uppercase tile, lowercase blank):

- "bad_letter" (char): the word holds something that is not one of the 27 letters.
- "word_too_short" (word): a word of one letter.
- "off_board" (axis "column"/"row", first: the first square off the board, e.g.
  "P8" or "H16", over: how many letters do not fit, word).
- "square_occupied" (square, board_letter, letter): the word puts a different
  letter on a square that already holds a tile; for tile entry (letter None in
  that case: the square is simply taken).
- "word_continues" (word, pos): tiles touch the ends of the typed word; the real
  main word is `word` at `pos` (type the whole word).
- "no_new_tiles" (word): every letter of the word is already on the board.
- "missing_tiles" (missing: rack letters not on the rack, "?" for a blank; letter:
  the first of them).
- "first_move_center" (square): the first move must cover the start square (H8).
- "first_move_min_tiles" (count, min): the first move needs two tiles or more.
- "not_connected": a later move must touch a tile on the board.
- "word_not_in_lexicon" (word: the first unknown word, words: all of them).
Tile entry only: "no_tiles", "duplicate_square" (square), "not_in_line", "gap"
(square: the first empty square between the tiles).

Decisions: on squares that already hold a tile the case of the typed letter is
ignored (the tile on the board decides whether it is a blank). Premiums count only
for tiles placed in this move; a blank is worth 0 points but still triggers its
square's word premium; playing all 7 rack tiles adds 40 points.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sobremesa.core.game import IllegalAction
from sobremesa.games.palabras.board import COLUMNS, SIZE, Board, Move, pos_name, square_name
from sobremesa.games.palabras.tiles import (
    BINGO_BONUS,
    BLANK,
    BLANK_FLAG,
    CODE,
    RACK_SIZE,
    VALUE,
    cell_text,
    cells_text,
)

MIN_FIRST_TILES = 2


@dataclass(frozen=True)
class PlacedTile:
    """A tile put on the board by a move. `letter`: "A" real tile, "a" blank as A."""

    row: int
    col: int
    letter: str

    @property
    def blank(self) -> bool:
        return self.letter.islower()

    @property
    def square(self) -> str:
        return square_name(self.row, self.col)

    @property
    def rack_letter(self) -> str:
        """What it takes from the rack: the letter, or "?" for a blank."""
        return BLANK if self.blank else self.letter

    @property
    def cell(self) -> int:
        code = CODE[self.letter]
        return code | BLANK_FLAG if self.blank else code


@dataclass(frozen=True)
class FormedWord:
    """A word formed by a move, with its own score (premiums of the new tiles only)."""

    word: str
    row: int
    col: int
    down: bool
    score: int

    @property
    def move(self) -> Move:
        return Move(self.row, self.col, self.down, self.word)

    @property
    def pos(self) -> str:
        return self.move.pos


@dataclass(frozen=True)
class Play:
    """A checked placement: the move, new tiles, words (main word first) and score."""

    move: Move
    tiles: tuple[PlacedTile, ...]
    words: tuple[FormedWord, ...]
    score: int
    bonus: int

    @property
    def used(self) -> str:
        """Rack letters this play takes ("?" for blanks), in board order."""
        return "".join(t.rack_letter for t in self.tiles)

    @property
    def canonical(self) -> Move:
        """The move as the generator lists it: a one-tile play is across when its
        tile forms an across word, else down."""
        if len(self.tiles) == 1:
            for w in self.words:
                if not w.down:
                    return w.move
            return next(w.move for w in self.words if w.down)
        return self.move


def _lexicon_has(lexicon, word: str) -> bool:
    return word.lower() in lexicon


def _word_cells(board: Board, new: dict[int, int], r: int, c: int, down: bool):
    """The run of tiles (old and new) through (r, c) in one direction: (start, cells, idxs)."""
    dr, dc = (1, 0) if down else (0, 1)
    cells = board.cells

    def at(rr: int, cc: int) -> int:
        i = rr * SIZE + cc
        return new.get(i) or cells[i]

    while r - dr >= 0 and c - dc >= 0 and at(r - dr, c - dc):
        r, c = r - dr, c - dc
    start = (r, c)
    out = []
    idxs = []
    while r < SIZE and c < SIZE and at(r, c):
        out.append(at(r, c))
        idxs.append(r * SIZE + c)
        r, c = r + dr, c + dc
    return start, out, idxs


def _score_word(board: Board, new: dict[int, int], idxs: list[int], cells: list[int]) -> int:
    lm = board.layout.letter_mult
    wm = board.layout.word_mult
    total = 0
    mult = 1
    for i, v in zip(idxs, cells, strict=True):
        points = 0 if v & BLANK_FLAG else VALUE[v]
        if i in new:
            total += points * lm[i]
            mult *= wm[i]
        else:
            total += points
    return total * mult


def _words_and_score(board: Board, new: dict[int, int], main: Move):
    """Main word first, then cross words (in board order)."""
    words = []
    start, cells, idxs = _word_cells(board, new, main.row, main.col, main.down)
    words.append(
        FormedWord(
            cells_text(cells), start[0], start[1], main.down, _score_word(board, new, idxs, cells)
        )
    )
    for i in sorted(new):
        r, c = divmod(i, SIZE)
        start, cells, idxs = _word_cells(board, new, r, c, not main.down)
        if len(cells) >= 2:
            words.append(
                FormedWord(
                    cells_text(cells),
                    start[0],
                    start[1],
                    not main.down,
                    _score_word(board, new, idxs, cells),
                )
            )
    bonus = BINGO_BONUS if len(new) == RACK_SIZE else 0
    return tuple(words), sum(w.score for w in words) + bonus, bonus


def take_from_rack(rack: Iterable[str], letters: Iterable[str]) -> list[str]:
    """The rack left after taking `letters` ("?" = blank); IllegalAction
    "missing_tiles" naming every letter the rack does not hold."""
    left = list(rack)
    missing = []
    for need in letters:
        if need in left:
            left.remove(need)
        else:
            missing.append(need)
    if missing:
        raise IllegalAction("missing_tiles", missing="".join(missing), letter=missing[0])
    return left


def _rack_check(rack: str, tiles: Iterable[PlacedTile]) -> None:
    take_from_rack(rack, (t.rack_letter for t in tiles))


def _column_name(col: int) -> str:
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return letters[col] if 0 <= col < len(letters) else str(col + 1)


def _tiles_of_move(board: Board, move: Move) -> tuple[Move, list[PlacedTile]]:
    """Structural checks of a word-notation move; returns the move in board case and
    the new tiles."""
    word = move.word
    for char in word:
        if char not in CODE:
            raise IllegalAction("bad_letter", char=char)
    if len(word) < 2:
        raise IllegalAction("word_too_short", word=word)
    if not (0 <= move.row < SIZE and 0 <= move.col < SIZE):
        raise IllegalAction(
            "off_board",
            axis="row" if not 0 <= move.row < SIZE else "column",
            first=f"{_column_name(move.col)}{move.row + 1}",
            over=len(word),
            word=word,
        )
    dr, dc = (1, 0) if move.down else (0, 1)
    last_r = move.row + dr * (len(word) - 1)
    last_c = move.col + dc * (len(word) - 1)
    if last_r >= SIZE or last_c >= SIZE:
        if move.down:
            first = f"{COLUMNS[move.col]}{SIZE + 1}"
            over = last_r - SIZE + 1
        else:
            first = f"{_column_name(SIZE)}{move.row + 1}"
            over = last_c - SIZE + 1
        raise IllegalAction(
            "off_board", axis="row" if move.down else "column", first=first, over=over, word=word
        )
    cells = board.cells
    tiles = []
    shown = []
    for k, char in enumerate(word):
        r, c = move.row + dr * k, move.col + dc * k
        v = cells[r * SIZE + c]
        if v:
            if v & 31 != CODE[char]:
                raise IllegalAction(
                    "square_occupied",
                    square=square_name(r, c),
                    board_letter=cell_text(v),
                    letter=char,
                )
            shown.append(cell_text(v))
        else:
            tiles.append(PlacedTile(r, c, char))
            shown.append(char)
    board_word = "".join(shown)
    before = (move.row - dr, move.col - dc)
    after = (last_r + dr, last_c + dc)
    touches = (before[0] >= 0 and before[1] >= 0 and cells[before[0] * SIZE + before[1]]) or (
        after[0] < SIZE and after[1] < SIZE and cells[after[0] * SIZE + after[1]]
    )
    if touches:
        new = {t.row * SIZE + t.col: t.cell for t in tiles}
        start, full, _idxs = _word_cells(board, new, move.row, move.col, move.down)
        raise IllegalAction(
            "word_continues",
            word=cells_text(full),
            pos=pos_name(start[0], start[1], move.down),
        )
    if not tiles:
        raise IllegalAction("no_new_tiles", word=board_word)
    return Move(move.row, move.col, move.down, board_word), tiles


def _finish(board: Board, rack: str | None, move: Move, tiles: list[PlacedTile], lexicon) -> Play:
    if rack is not None:
        _rack_check(rack, tiles)
    new = {t.row * SIZE + t.col: t.cell for t in tiles}
    cells = board.cells
    if not any(cells):
        start = board.layout.start
        if start not in new:
            raise IllegalAction("first_move_center", square=square_name(*divmod(start, SIZE)))
        if len(tiles) < MIN_FIRST_TILES:
            raise IllegalAction("first_move_min_tiles", count=len(tiles), min=MIN_FIRST_TILES)
    else:
        connected = False
        for i in new:
            r, c = divmod(i, SIZE)
            if (
                (r > 0 and cells[i - SIZE])
                or (r < SIZE - 1 and cells[i + SIZE])
                or (c > 0 and cells[i - 1])
                or (c < SIZE - 1 and cells[i + 1])
            ):
                connected = True
                break
        if not connected:
            raise IllegalAction("not_connected")
    words, score, bonus = _words_and_score(board, new, move)
    if lexicon is not None:
        bad = [w.word for w in words if not _lexicon_has(lexicon, w.word)]
        if bad:
            raise IllegalAction("word_not_in_lexicon", word=bad[0], words=bad)
    return Play(move, tuple(tiles), words, score, bonus)


DEFAULT_LEXICON: Any = object()  # sentinel: the shipped Palabras lexicon


def _resolve(lexicon):
    if lexicon is DEFAULT_LEXICON:
        from sobremesa.lexicon import load_lexicon

        return load_lexicon("palabras")
    return lexicon


def check_move(board: Board, rack: str | None, move: Move, lexicon=DEFAULT_LEXICON) -> Play:
    """Validate and score a move in word notation (see the module docstring).

    `rack`: the player's rack letters ("?" blanks); None skips the rack check.
    `lexicon`: anything supporting `"casa" in lexicon` (a `Lexicon`, a `Dawg`, a set
    of lowercase words); default the shipped Palabras lexicon; None skips the word
    check.
    """
    board_move, tiles = _tiles_of_move(board, move)
    return _finish(board, rack, board_move, tiles, _resolve(lexicon))


def check_placement(
    board: Board,
    rack: str | None,
    tiles: Iterable[tuple[int, int, str]],
    lexicon=DEFAULT_LEXICON,
) -> Play:
    """Validate and score tiles put on squares ((row, col, letter), lowercase = blank).
    `rack` and `lexicon` as in `check_move`."""
    lexicon = _resolve(lexicon)
    placed = []
    seen = set()
    for r, c, letter in tiles:
        if letter not in CODE:
            raise IllegalAction("bad_letter", char=letter)
        if not (0 <= r < SIZE and 0 <= c < SIZE):
            raise IllegalAction(
                "off_board",
                axis="row" if not 0 <= r < SIZE else "column",
                first=f"{_column_name(c)}{r + 1}",
                over=1,
                word=letter,
            )
        if (r, c) in seen:
            raise IllegalAction("duplicate_square", square=square_name(r, c))
        seen.add((r, c))
        v = board.cells[r * SIZE + c]
        if v:
            raise IllegalAction(
                "square_occupied", square=square_name(r, c), board_letter=cell_text(v), letter=None
            )
        placed.append(PlacedTile(r, c, letter))
    if not placed:
        raise IllegalAction("no_tiles")
    rows = {t.row for t in placed}
    cols = {t.col for t in placed}
    if len(rows) > 1 and len(cols) > 1:
        raise IllegalAction("not_in_line")
    cells = board.cells
    if len(placed) == 1:
        t = placed[0]
        i = t.row * SIZE + t.col
        across = (t.col > 0 and cells[i - 1]) or (t.col < SIZE - 1 and cells[i + 1])
        vertical = (t.row > 0 and cells[i - SIZE]) or (t.row < SIZE - 1 and cells[i + SIZE])
        down = bool(vertical and not across)
    else:
        down = len(cols) == 1
    placed.sort(key=lambda t: (t.row, t.col))
    first, last = placed[0], placed[-1]
    dr, dc = (1, 0) if down else (0, 1)
    r, c = first.row, first.col
    while (r, c) != (last.row, last.col):
        r, c = r + dr, c + dc
        if (r, c) not in seen and not cells[r * SIZE + c]:
            raise IllegalAction("gap", square=square_name(r, c))
    new = {t.row * SIZE + t.col: t.cell for t in placed}
    start, full, _idxs = _word_cells(board, new, first.row, first.col, down)
    move = Move(start[0], start[1], down, cells_text(full))
    if len(full) < 2:
        # a lone tile: only possible as an (invalid) first move or unconnected tile
        if rack is not None:
            _rack_check(rack, placed)
        if not any(cells):
            start_sq = board.layout.start
            if start_sq not in new:
                raise IllegalAction(
                    "first_move_center", square=square_name(*divmod(start_sq, SIZE))
                )
            raise IllegalAction("first_move_min_tiles", count=1, min=MIN_FIRST_TILES)
        raise IllegalAction("not_connected")
    return _finish(board, rack, move, placed, lexicon)


def score_move(board: Board, move: Move) -> Play:
    """Words and score of a move, without rack or lexicon checks (structure is checked)."""
    board_move, tiles = _tiles_of_move(board, move)
    new = {t.row * SIZE + t.col: t.cell for t in tiles}
    words, score, bonus = _words_and_score(board, new, board_move)
    return Play(board_move, tuple(tiles), words, score, bonus)


def apply_play(board: Board, play: Play) -> None:
    """Put the play's tiles on the board (no checks)."""
    for t in play.tiles:
        board.put(t.row, t.col, t.cell)


def rack_after(rack: str, play: Play) -> str:
    """The rack without the tiles the play uses (order kept)."""
    left = list(rack)
    for t in play.tiles:
        left.remove(t.rack_letter)
    return "".join(left)
