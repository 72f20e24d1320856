"""The 15×15 board, its premium layout (as data), squares and the `Move` type.

Coordinates: `row` and `col` are 0-based internally (row 0 = row 1, col 0 = column
A). Square names put the column letter first: ``H8`` is column H, row 8.

Move notation (as in the oracle data): ``8H`` = the main word starts at row 8,
column H and runs across; ``H8`` = starts at column H, row 8 and runs down. The
word is the *whole* main word, letters already on the board included; uppercase =
real tile, lowercase = blank (new or already on the board).

Layout files (option "otro tablero"): 15 lines of 15 characters, row 1 first;
``.`` plain, ``d`` doble letra (DL), ``t`` triple letra (TL), ``D`` doble palabra
(DP), ``T`` triple palabra (TP), ``*`` the start square (also DP). Lowercase is a
letter premium, uppercase a word premium. Blank lines and lines starting with
``#`` are ignored. Without ``*`` the start square is H8 (it keeps its premium).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from sobremesa.games.palabras.tiles import BLANK_FLAG, CELL_TEXT, cell_of, cells_text
from sobremesa.ui.numbers import is_number

SIZE = 15
COLUMNS = "ABCDEFGHIJKLMNO"
CENTER = 7 * SIZE + 7

# premium kinds
PLAIN, DL, TL, DP, TP = 0, 1, 2, 3, 4
#: premium kind -> short name used in events and texts (None: plain square)
PREMIUM_NAMES: dict[int, str | None] = {PLAIN: None, DL: "DL", TL: "TL", DP: "DP", TP: "TP"}
_LAYOUT_CHARS = {".": PLAIN, "d": DL, "t": TL, "D": DP, "T": TP, "*": DP}
_LETTER_MULT = {PLAIN: 1, DL: 2, TL: 3, DP: 1, TP: 1}
_WORD_MULT = {PLAIN: 1, DL: 1, TL: 1, DP: 2, TP: 3}

#: the standard Scrabble layout: 8 TP, 17 DP (centre star H8 included), 12 TL, 24 DL
STANDARD_LAYOUT: tuple[str, ...] = (
    "T..d...T...d..T",
    ".D...t...t...D.",
    "..D...d.d...D..",
    "d..D...d...D..d",
    "....D.....D....",
    ".t...t...t...t.",
    "..d...d.d...d..",
    "T..d...*...d..T",
    "..d...d.d...d..",
    ".t...t...t...t.",
    "....D.....D....",
    "d..D...d...D..d",
    "..D...d.d...D..",
    ".D...t...t...D.",
    "T..d...T...d..T",
)


class LayoutError(ValueError):
    """A layout file that cannot be used. `reason`: "unreadable", "rows", "columns",
    "char", "starts"; `details`: file, row (1-based), count, char."""

    def __init__(self, reason: str, **details: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.details = details


@dataclass(frozen=True)
class Layout:
    """Premium squares of a board. Index = row * 15 + col."""

    name: str
    lines: tuple[str, ...]
    premiums: tuple[int, ...]
    letter_mult: tuple[int, ...]
    word_mult: tuple[int, ...]
    start: int

    @classmethod
    def from_lines(cls, lines: Iterable[str], name: str = "custom") -> Layout:
        rows = [
            line.rstrip("\r\n").strip()
            for line in lines
            if line.strip() and not line.lstrip().startswith("#")
        ]
        if len(rows) != SIZE:
            raise LayoutError("rows", count=len(rows))
        premiums: list[int] = []
        starts = []
        for r, row in enumerate(rows):
            if len(row) != SIZE:
                raise LayoutError("columns", row=r + 1, count=len(row))
            for c, char in enumerate(row):
                if char not in _LAYOUT_CHARS:
                    raise LayoutError("char", row=r + 1, col=COLUMNS[c], char=char)
                if char == "*":
                    starts.append(r * SIZE + c)
                premiums.append(_LAYOUT_CHARS[char])
        if len(starts) > 1:
            raise LayoutError("starts", count=len(starts))
        return cls(
            name=name,
            lines=tuple(rows),
            premiums=tuple(premiums),
            letter_mult=tuple(_LETTER_MULT[p] for p in premiums),
            word_mult=tuple(_WORD_MULT[p] for p in premiums),
            start=starts[0] if starts else CENTER,
        )

    def premium(self, row: int, col: int) -> str | None:
        """ "DL", "TL", "DP", "TP" or None."""
        return PREMIUM_NAMES[self.premiums[row * SIZE + col]]

    def squares_with(self, kind: str) -> list[tuple[int, int]]:
        """Every (row, col) with that premium ("DL", "TL", "DP", "TP")."""
        return [divmod(i, SIZE) for i, p in enumerate(self.premiums) if PREMIUM_NAMES[p] == kind]

    @property
    def start_square(self) -> tuple[int, int]:
        return divmod(self.start, SIZE)


STANDARD = Layout.from_lines(STANDARD_LAYOUT, "standard")


def load_layout(path: str | Path) -> Layout:
    """A layout file (see the module docstring); `LayoutError` if unusable."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        raise LayoutError("unreadable", file=path.name) from None
    try:
        return Layout.from_lines(text.splitlines(), name=path.name)
    except LayoutError as error:
        error.details["file"] = path.name
        raise


def layout_from_data(data: str | Sequence[str] | None) -> Layout:
    """ "standard"/None -> STANDARD; a sequence of 15 lines -> that layout."""
    if data is None or data == "standard":
        return STANDARD
    if isinstance(data, str):
        raise LayoutError("unreadable", file=data)
    return Layout.from_lines(data)


# --- squares -------------------------------------------------------------------------


def square_name(row: int, col: int) -> str:
    """ "H8" for row 7, col 7 (0-based)."""
    return f"{COLUMNS[col]}{row + 1}"


def pos_name(row: int, col: int, down: bool) -> str:
    """Move position: "8H" across, "H8" down."""
    return square_name(row, col) if down else f"{row + 1}{COLUMNS[col]}"


def parse_square(text: str) -> tuple[int, int, bool] | None:
    """ "H8" -> (7, 7, True); "8H" -> (7, 7, False) (letter first = down, as in
    moves). Case-insensitive. None if the text is not a square of the board
    (`square_problem` says why)."""
    t = text.strip().upper()
    if len(t) < 2:
        return None
    if t[0].isalpha() and is_number(t[1:]):
        letter, number, down = t[0], t[1:], True
    elif t[-1].isalpha() and is_number(t[:-1]):
        letter, number, down = t[-1], t[:-1], False
    else:
        return None
    if letter not in COLUMNS or not 1 <= int(number) <= SIZE:
        return None
    return int(number) - 1, COLUMNS.index(letter), down


def looks_like_square(text: str) -> bool:
    """A letter and a number in either order (maybe outside the board: "P8", "H16")."""
    t = text.strip().upper()
    return len(t) >= 2 and (
        (t[0].isalpha() and is_number(t[1:])) or (t[-1].isalpha() and is_number(t[:-1]))
    )


# --- moves ---------------------------------------------------------------------------


class Move(NamedTuple):
    """A tile placement in word notation: the whole main word from (row, col).

    `word`: uppercase = real tile, lowercase = blank; squares already occupied are
    part of the word. Equality is by these four fields, so a typed move and a
    generated one compare equal when they mean the same placement.
    """

    row: int
    col: int
    down: bool
    word: str

    @property
    def pos(self) -> str:
        """ "8H" (across) or "H8" (down)."""
        return pos_name(self.row, self.col, self.down)

    @property
    def direction(self) -> str:
        return "vertical" if self.down else "horizontal"

    def squares(self) -> list[tuple[int, int]]:
        """(row, col) of each letter of the word (may run off the board)."""
        dr, dc = (1, 0) if self.down else (0, 1)
        return [(self.row + i * dr, self.col + i * dc) for i in range(len(self.word))]

    def __str__(self) -> str:
        return f"{self.word} {self.pos}"


# --- the board -------------------------------------------------------------------------


class BoardError(ValueError):
    """A board text that cannot be read. `reason`: "rows", "columns", "char";
    `details`: row (1-based), col (letter), count, char."""

    def __init__(self, reason: str, **details: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.details = details


class Board:
    """225 cells (`bytearray`, index row * 15 + col): 0 empty, letter code 1..27 for a
    real tile, code | 32 for a blank. `layout` gives the premiums."""

    __slots__ = ("cells", "layout")

    def __init__(self, layout: Layout = STANDARD, cells: bytes | bytearray | None = None) -> None:
        self.layout = layout
        self.cells = bytearray(cells) if cells is not None else bytearray(SIZE * SIZE)
        if len(self.cells) != SIZE * SIZE:
            raise ValueError("a board has 225 cells")

    @classmethod
    def from_rows(cls, rows: Sequence[str], layout: Layout = STANDARD) -> Board:
        """15 strings of 15 characters: "." empty, uppercase tile, lowercase blank."""
        rows = [r.rstrip("\r\n") for r in rows]
        if len(rows) != SIZE:
            raise BoardError("rows", count=len(rows))
        cells = bytearray()
        for r, row in enumerate(rows):
            if len(row) != SIZE:
                raise BoardError("columns", row=r + 1, count=len(row))
            for c, char in enumerate(row):
                try:
                    cells.append(cell_of(char))
                except KeyError:
                    raise BoardError("char", row=r + 1, col=COLUMNS[c], char=char) from None
        return cls(layout, cells)

    def rows(self) -> list[str]:
        """15 strings, row 1 first (the board-file format)."""
        text = self.cells.translate(CELL_TEXT).decode("latin-1")
        return [text[i : i + SIZE] for i in range(0, SIZE * SIZE, SIZE)]

    def copy(self) -> Board:
        return Board(self.layout, self.cells)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.cells == other.cells

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Board({self.rows()!r})"

    # --- queries ---

    def cell(self, row: int, col: int) -> int:
        return self.cells[row * SIZE + col]

    def letter(self, row: int, col: int) -> str | None:
        """ "A" (tile), "a" (blank standing for A) or None (empty)."""
        v = self.cells[row * SIZE + col]
        return chr(CELL_TEXT[v]) if v else None

    def is_blank(self, row: int, col: int) -> bool:
        return bool(self.cells[row * SIZE + col] & BLANK_FLAG)

    def premium(self, row: int, col: int) -> str | None:
        return self.layout.premium(row, col)

    def is_empty(self) -> bool:
        return not any(self.cells)

    def tile_count(self) -> int:
        return SIZE * SIZE - self.cells.count(0)

    def blank_count(self) -> int:
        return sum(1 for v in self.cells if v & BLANK_FLAG)

    def letters_on_board(self) -> str:
        """Every tile as rack letters ("?" for blanks), for counting unseen tiles."""
        return "".join("?" if v & BLANK_FLAG else chr(CELL_TEXT[v]) for v in self.cells if v)

    def line(self, index: int, down: bool) -> bytes:
        """Row `index` (across) or column `index` (down) as 15 cells."""
        if down:
            return bytes(self.cells[index::SIZE])
        return bytes(self.cells[index * SIZE : index * SIZE + SIZE])

    def word_at(self, row: int, col: int, down: bool) -> Move | None:
        """The word (≥ 2 letters) through an occupied square in one direction."""
        cells = self.cells
        if not cells[row * SIZE + col]:
            return None
        dr, dc = (1, 0) if down else (0, 1)
        r, c = row, col
        while r - dr >= 0 and c - dc >= 0 and cells[(r - dr) * SIZE + c - dc]:
            r, c = r - dr, c - dc
        start = (r, c)
        letters = []
        while r < SIZE and c < SIZE and cells[r * SIZE + c]:
            letters.append(cells[r * SIZE + c])
            r, c = r + dr, c + dc
        if len(letters) < 2:
            return None
        return Move(start[0], start[1], down, cells_text(letters))

    def words(self) -> list[Move]:
        """Every word of 2+ letters on the board: across words by row, then down words."""
        found = []
        for down in (False, True):
            for i in range(SIZE):
                line = self.line(i, down)
                j = 0
                while j < SIZE:
                    if line[j]:
                        k = j
                        while k < SIZE and line[k]:
                            k += 1
                        if k - j >= 2:
                            row, col = (j, i) if down else (i, j)
                            found.append(Move(row, col, down, cells_text(line[j:k])))
                        j = k
                    else:
                        j += 1
        return found

    def neighbours(self, row: int, col: int) -> Iterator[tuple[int, int]]:
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            r, c = row + dr, col + dc
            if 0 <= r < SIZE and 0 <= c < SIZE:
                yield r, c

    def has_neighbour(self, row: int, col: int) -> bool:
        return any(self.cells[r * SIZE + c] for r, c in self.neighbours(row, col))

    # --- change ---

    def put(self, row: int, col: int, cell: int) -> None:
        self.cells[row * SIZE + col] = cell
