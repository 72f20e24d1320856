"""Braille cells of the Palabras tiles, as Unicode braille patterns.

Spanish braille letters: a–z are the standard braille letters, ñ is dots 1-2-4-5-6
(⠻); the tiles carry no accented letters. A tile's value is written with digit
cells and, as on the physical tile, without the number sign or the capital sign:
the digits are the letters a–j (1 = ⠁ … 9 = ⠊, 0 = ⠚), so 10 is ⠁⠚.

Views of several squares use ⠤ (dots 3-6, the hyphen) for an empty square and ⠔
(dots 3-5, the asterisk) for a blank tile, on the rack or on the board.
"""

from __future__ import annotations

#: dots of each letter (Spanish braille; K and W have no tiles but have cells)
LETTER_DOTS: dict[str, str] = {
    "A": "1",
    "B": "12",
    "C": "14",
    "D": "145",
    "E": "15",
    "F": "124",
    "G": "1245",
    "H": "125",
    "I": "24",
    "J": "245",
    "K": "13",
    "L": "123",
    "M": "134",
    "N": "1345",
    "O": "135",
    "P": "1234",
    "Q": "12345",
    "R": "1235",
    "S": "234",
    "T": "2345",
    "U": "136",
    "V": "1236",
    "W": "2456",
    "X": "1346",
    "Y": "13456",
    "Z": "1356",
    "Ñ": "12456",
}
#: digit -> the letter whose cell writes it (without the number sign)
DIGIT_LETTERS = {str(d): "JABCDEFGHI"[d] for d in range(10)}
EMPTY_DOTS = "36"  # an empty square in a row or column view (the hyphen)
STAR_DOTS = "35"  # a blank tile on a rack view (the asterisk)


def cell(dots: str) -> str:
    """The Unicode braille pattern for dots like "1245"."""
    code = 0
    for d in dots:
        code |= 1 << (int(d) - 1)
    return chr(0x2800 + code)


def letter_cell(letter: str) -> str:
    """ "A" or "a" -> ⠁; "Ñ" -> ⠻."""
    return cell(LETTER_DOTS[letter.upper()])


def letter_dots(letter: str) -> str:
    """ "1-3-5-6" for Z (the dot numbers, as said aloud)."""
    return "-".join(LETTER_DOTS[letter.upper()])


def value_cells(value: int) -> str:
    """The value as on the tile: 1 -> ⠁, 10 -> ⠁⠚ (digit cells, no number sign)."""
    return "".join(cell(LETTER_DOTS[DIGIT_LETTERS[d]]) for d in str(value))


def value_dots(value: int) -> list[str]:
    """Dot numbers of each digit cell: 10 -> ["1", "2-4-5"]."""
    return ["-".join(LETTER_DOTS[DIGIT_LETTERS[d]]) for d in str(value)]


EMPTY_CELL = cell(EMPTY_DOTS)
STAR_CELL = cell(STAR_DOTS)
