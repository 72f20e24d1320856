"""One spelling for both word games: lowercase, no accents, ñ a letter of its own.

`normalize("Pingüino")` is ``"pinguino"``; `normalize("Niña")` is ``"niña"``. Anything
that is not one of the 27 letters a–z and ñ (after á é í ó ú ü → a e i o u u) is
refused with a `WordError` whose message (already localized) names the word and the
character to remove. Surrounding spaces are ignored; a space inside is refused.

The letter codes (1–27) are the alphabet of the compiled word lists: a=1 … z=26 in
Unicode order and ñ=27, so walking edges in code order lists words in the order of
Python's `sorted()` (ñ after z), which is the order of the source list.
"""

from __future__ import annotations

import re
import unicodedata

from sobremesa.i18n import _

LETTERS = "abcdefghijklmnopqrstuvwxyzñ"
#: letter -> code 1..27 and back (index 0 unused)
CODE = {letter: index for index, letter in enumerate(LETTERS, start=1)}
LETTER = "\0" + LETTERS
#: the longest word a list may hold (the longest Spanish words have about 25 letters)
MAX_LENGTH = 40

_FOLD = str.maketrans("áéíóúü", "aeiouu")
_ALLOWED = frozenset(LETTERS)
_WORD = re.compile("[a-zñ]+")
# str -> bytes of codes: "ñ" is 0xF1 in Latin-1; a–z are 0x61–0x7A.
_TO_CODES = bytes((b - 0x60 if 0x61 <= b <= 0x7A else 27 if b == 0xF1 else 0) for b in range(256))


class WordError(ValueError):
    """A word or a word list that cannot be used; `str(error)` is the player's message."""


def _char_name(char: str) -> str:
    if char.isspace():
        return _("el espacio")
    if unicodedata.category(char).startswith("C"):
        return _("el carácter invisible U+{code:04X}").format(code=ord(char))
    return char


def normalize(word: str) -> str:
    """The word in the lexicon's spelling, or `WordError` saying what to change."""
    text = unicodedata.normalize("NFC", word.strip()).lower().translate(_FOLD)
    if not text:
        raise WordError(_("Escribe una palabra."))
    if len(text) > MAX_LENGTH:
        raise WordError(
            _("{word}: es demasiado larga; el máximo es {max} letras.").format(
                word=text[:12] + "…", max=MAX_LENGTH
            )
        )
    if _WORD.fullmatch(text):
        return text
    for char in text:
        if char not in _ALLOWED:
            raise WordError(
                _("{word}: solo puede tener letras; quita {char}.").format(
                    word=word.strip(), char=_char_name(char)
                )
            )
    return text


def is_normal(word: str) -> bool:
    """True if `word` is already in the lexicon's spelling (no check beyond that)."""
    return len(word) <= MAX_LENGTH and _WORD.fullmatch(word) is not None


def to_codes(word: str) -> bytes:
    """Codes 1..27 of a normalized word, as bytes (iterating gives ints)."""
    return word.encode("latin-1").translate(_TO_CODES)


def from_codes(codes) -> str:
    return "".join(LETTER[c] for c in codes)
