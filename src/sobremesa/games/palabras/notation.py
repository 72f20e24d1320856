"""Reading a typed move: `parse_move("CASA 8H")` -> `Move`.

Accepted forms (case-insensitive except the word, extra spaces ignored):

    CASA 8H            across from row 8, column H (number first = across)
    CASA H8            down from column H, row 8 (letter first = down)
    8H CASA, H8 CASA   the square first
    CASA en H8 horizontal / CASA H8 vertical / CASA desde H8 hacia abajo
    CASA H 8 v         a square split in two, a one-letter direction

Direction words: horizontal, horizontalmente, h, across, derecha → across;
vertical, verticalmente, v, down, abajo → down. An explicit direction word wins
over the order of the square (both orders name the same square). Filler words:
en, desde, a, la, el, casilla, hacia, por, hasta, in, at, from.

The word is the WHOLE main word, letters already on the board included (the
notation of the oracle data): to add S to CASA on the board type CASAS at CASA's
square. Uppercase = real tile, lowercase = blank standing for that letter (to play
a blank as A, type "a"); accents are removed (á → a), ñ is its own letter. Use
`assign_blanks` when the player typed the word in one case only and you want the
rack to decide which letters are blanks.

Errors: `NotationError(reason, **details)` (an `IllegalAction`):
- "empty": nothing typed.
- "missing_word": a square but no word.
- "missing_square" (word): a word but no square.
- "bad_square" (square): looks like a square but is not on the board ("P8", "H16").
- "bad_letter" (word, char): the word has a character that is not a letter.
- "two_words" (word, other): two candidate words.
- "two_squares" (square, other): two squares.
- "unexpected" (text): a word that is neither a direction nor a filler word after the move.
"""

from __future__ import annotations

import unicodedata

from sobremesa.core.game import IllegalAction
from sobremesa.games.palabras.board import SIZE, Board, Move, looks_like_square, parse_square
from sobremesa.games.palabras.tiles import BLANK, CODE, fold_letter
from sobremesa.ui.numbers import is_number

ACROSS_WORDS = frozenset({"horizontal", "horizontalmente", "h", "across", "derecha", "→"})
DOWN_WORDS = frozenset({"vertical", "verticalmente", "v", "down", "abajo", "↓"})
FILLERS = frozenset(
    {"en", "desde", "a", "la", "el", "casilla", "hacia", "por", "hasta", "in", "at", "from"}
)


class NotationError(IllegalAction):
    """A typed move that cannot be read; `reason` and `details` as in the module doc."""


def _is_word(token: str) -> bool:
    return bool(token) and all(fold_letter(ch) in CODE for ch in token)


def _merge_split_squares(tokens: list[str]) -> list[str]:
    """["H", "8"] -> ["H8"]; ["8", "H"] -> ["8H"] (a square typed with a space)."""
    out: list[str] = []
    i = 0
    while i < len(tokens):
        a = tokens[i]
        b = tokens[i + 1] if i + 1 < len(tokens) else None
        if b is not None and (
            (len(a) == 1 and a.isalpha() and is_number(b))
            or (is_number(a) and len(b) == 1 and b.isalpha())
        ):
            out.append(a + b)
            i += 2
        else:
            out.append(a)
            i += 1
    return out


def parse_move(text: str) -> Move:
    """A typed move as a `Move` (see the module docstring); `NotationError` if unreadable."""
    clean = (
        unicodedata.normalize("NFC", text)
        .replace(",", " ")
        .replace(":", " ")
        .replace(".", " ")
        .strip()
    )
    tokens = clean.split()
    if not tokens:
        raise NotationError("empty")
    tokens = _merge_split_squares(tokens)
    word: str | None = None
    square: tuple[int, int, bool] | None = None
    square_text = ""
    direction: bool | None = None
    for token in tokens:
        low = token.lower()
        if looks_like_square(token) and any(is_number(ch) for ch in token):
            found = parse_square(token)
            if found is None:
                raise NotationError("bad_square", square=token.upper())
            if square is not None:
                raise NotationError("two_squares", square=square_text, other=token.upper())
            square, square_text = found, token.upper()
            continue
        if word is None:
            # the first token that is not a square is the word, even "en" or "a"
            if not _is_word(token):
                bad = next(ch for ch in token if fold_letter(ch) not in CODE)
                raise NotationError("bad_letter", word=token, char=bad)
            word = "".join(fold_letter(ch) for ch in token)
            continue
        if low in ACROSS_WORDS:
            direction = False
        elif low in DOWN_WORDS:
            direction = True
        elif low in FILLERS:
            pass
        elif _is_word(token):
            raise NotationError("two_words", word=word, other=token)
        else:
            raise NotationError("unexpected", text=token)
    if word is None:
        raise NotationError("missing_word")
    if square is None:
        raise NotationError("missing_square", word=word)
    row, col, down = square
    if direction is not None:
        down = direction
    return Move(row, col, down, word)


def assign_blanks(board: Board, rack: str, move: Move) -> Move:
    """The same move with the letters to be placed cased by the rack: a letter the
    rack holds is a real tile (uppercase), the others become blanks (lowercase) while
    the rack has "?" left. Letters on squares already occupied are left as typed
    (the board decides). For players who type everything in one case."""
    left = list(rack)
    dr, dc = (1, 0) if move.down else (0, 1)
    out = []
    pending = []
    for k, ch in enumerate(move.word):
        r, c = move.row + dr * k, move.col + dc * k
        on_board = 0 <= r < SIZE and 0 <= c < SIZE and board.cells[r * SIZE + c]
        if on_board or ch not in CODE:
            out.append(ch)
            continue
        up = ch.upper()
        if up in left:
            left.remove(up)
            out.append(up)
        else:
            out.append(up)
            pending.append(len(out) - 1)
    for i in pending:
        if BLANK in left:
            left.remove(BLANK)
            out[i] = out[i].lower()
    return Move(move.row, move.col, move.down, "".join(out))
