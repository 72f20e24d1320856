"""The 97 tiles of Palabras (DESIGN §4), letter codes and rack helpers.

Letters use the lexicon's codes (`sobremesa.lexicon.spelling`): a=1 … z=26, ñ=27.
On the board a cell is an `int`: 0 empty, the code for a real tile, and
`code | BLANK_FLAG` (code + 32) for a blank standing for that letter.

Text forms, the same everywhere (board files, the oracle data, moves, events):
uppercase letter = real tile, lowercase letter = blank standing for it, and on a
rack ``?`` = a blank not yet played. `Ñ`/`ñ` is one letter.
"""

from __future__ import annotations

from collections.abc import Iterable

#: the 27 letters in code order (code = index + 1); no tiles exist for K and W
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZÑ"
BLANK = "?"
BLANK_FLAG = 32
RACK_SIZE = 7
BINGO_BONUS = 40

#: (letter, copies, points); "?" is the blank
TILE_SET: tuple[tuple[str, int, int], ...] = (
    ("A", 12, 1),
    ("E", 12, 1),
    ("O", 9, 1),
    ("I", 6, 1),
    ("S", 6, 1),
    ("N", 5, 1),
    ("R", 5, 1),
    ("U", 5, 1),
    ("L", 4, 1),
    ("T", 4, 1),
    ("D", 5, 2),
    ("G", 2, 2),
    ("C", 4, 3),
    ("B", 2, 3),
    ("M", 2, 3),
    ("P", 2, 3),
    ("H", 2, 4),
    ("F", 1, 4),
    ("V", 1, 4),
    ("Y", 1, 4),
    ("Q", 1, 5),
    ("J", 1, 8),
    ("Ñ", 1, 8),
    ("X", 1, 8),
    ("Z", 1, 10),
    (BLANK, 2, 0),
)
TOTAL_TILES = sum(n for _letter, n, _points in TILE_SET)
assert TOTAL_TILES == 97

#: points of a real tile by letter ("?" = 0); K and W (no tiles) are worth 0
POINTS: dict[str, int] = {letter: 0 for letter in LETTERS}
POINTS.update({letter: points for letter, _n, points in TILE_SET})
#: copies of each tile in the bag at the start
COUNTS: dict[str, int] = {letter: n for letter, n, _points in TILE_SET}

#: code -> points of a real tile (index 0 and blank-flagged cells: use `cell_points`)
VALUE: tuple[int, ...] = (0,) + tuple(POINTS[letter] for letter in LETTERS)
#: code -> uppercase letter (index 0 = "?")
UPPER = BLANK + LETTERS
LOWER = BLANK + LETTERS.lower()
CODE: dict[str, int] = {letter: i for i, letter in enumerate(LETTERS, start=1)}
CODE.update({letter.lower(): i for i, letter in enumerate(LETTERS, start=1)})

# bytes of cells -> Latin-1 bytes of the text form (uppercase tile, lowercase blank)
_CELL_TEXT = bytearray(b"." * 256)
for _code, _letter in enumerate(LETTERS, start=1):
    _CELL_TEXT[_code] = _letter.encode("latin-1")[0]
    _CELL_TEXT[_code | BLANK_FLAG] = _letter.lower().encode("latin-1")[0]
CELL_TEXT = bytes(_CELL_TEXT)
del _code, _letter, _CELL_TEXT


def cell_text(cell: int) -> str:
    """ "A" for a real A, "a" for a blank standing for A, "." for an empty cell."""
    return chr(CELL_TEXT[cell])  # Latin-1 byte = Unicode code point


def cells_text(cells: bytes | bytearray | Iterable[int]) -> str:
    """Text form of several cells (see `cell_text`)."""
    return bytes(cells).translate(CELL_TEXT).decode("latin-1")


def cell_of(char: str) -> int:
    """The cell for a text letter: uppercase real tile, lowercase blank; "." is 0."""
    if char == ".":
        return 0
    code = CODE[char]
    return code if char.isupper() else code | BLANK_FLAG


def cell_points(cell: int) -> int:
    """Points of the tile in a cell (blanks are worth 0)."""
    return 0 if cell & BLANK_FLAG else VALUE[cell]


def is_blank_cell(cell: int) -> bool:
    return bool(cell & BLANK_FLAG)


def letter_code(cell: int) -> int:
    return cell & 31


def tile_points(tile: str) -> int:
    """Points of a rack tile ("?" = 0) or of a played letter (lowercase = blank = 0)."""
    if tile == BLANK or tile.islower():
        return 0
    return POINTS[tile]


def full_bag() -> list[str]:
    """All 97 tiles as rack letters ("?" for the blanks), in a fixed order."""
    return [letter for letter, n, _points in TILE_SET for _ in range(n)]


def normalize_rack(text: str) -> str:
    """Rack letters as the game stores them: uppercase, "?" for blanks, accents folded.

    Raises ValueError naming the first character that is not a tile.
    """
    out = []
    for char in text.strip():
        if char in " ,;-":
            continue
        up = fold_letter(char).upper() if char not in "?*" else BLANK
        if up != BLANK and up not in CODE:
            raise ValueError(char)
        out.append(up)
    return "".join(out)


_FOLD = str.maketrans("áéíóúüÁÉÍÓÚÜàèìòùÀÈÌÒÙ", "aeiouuAEIOUUaeiouAEIOU")


def fold_letter(char: str) -> str:
    """Accents removed, case kept (ñ/Ñ stay)."""
    return char.translate(_FOLD)


def rack_counts(rack: str) -> list[int]:
    """28 counters: index 0 = blanks, 1..27 = real tiles by code."""
    counts = [0] * 28
    for tile in rack:
        counts[0 if tile == BLANK else CODE[tile]] += 1
    return counts


def rack_points(rack: str) -> int:
    return sum(tile_points(t) for t in rack)


def sort_rack(rack: str) -> str:
    """Alphabetical order (Ñ after N), blanks last."""
    order = {letter: i for i, letter in enumerate("ABCDEFGHIJKLMNÑOPQRSTUVWXYZ?")}
    return "".join(sorted(rack, key=order.__getitem__))


def tiles_used(word_cells: Iterable[int]) -> str:
    """Rack letters consumed by placing these cells: "?" for blank cells."""
    return "".join(BLANK if c & BLANK_FLAG else UPPER[c] for c in word_cells)
