"""Naming and parsing Spanish-deck cards: "el 7 de oros", "la sota de copas"."""

from __future__ import annotations

import re

from sobremesa import i18n
from sobremesa.i18n import N_, _
from sobremesa.ui.commands import fold

SUIT_NAMES = {
    "oros": N_("oros"),
    "copas": N_("copas"),
    "espadas": N_("espadas"),
    "bastos": N_("bastos"),
}

# Words a player may type for each suit and rank (folded: no accents, lowercase).
SUIT_WORDS = {
    "oros": ("oros", "oro", "o", "or", "coins", "coin", "golds", "gold"),
    "copas": ("copas", "copa", "c", "co", "cop", "cups", "cup", "cu"),
    "espadas": ("espadas", "espada", "e", "es", "esp", "swords", "sword", "s", "sw"),
    "bastos": ("bastos", "basto", "b", "ba", "bas", "clubs", "club", "cl", "batons", "baton"),
}
RANK_WORDS = {
    1: ("as", "1", "uno", "ace", "a", "one"),
    2: ("2", "dos", "two"),
    3: ("3", "tres", "three"),
    4: ("4", "cuatro", "four"),
    5: ("5", "cinco", "five"),
    6: ("6", "seis", "six"),
    7: ("7", "siete", "seven"),
    8: ("8", "ocho", "eight"),
    9: ("9", "nueve", "nine"),
    10: ("sota", "so", "sot", "10", "diez", "jack", "j", "ten"),
    11: (
        "caballo",
        "ca",
        "cab",
        "caba",
        "11",
        "once",
        "knight",
        "kn",
        "caballero",
        "horse",
        "q",
        "eleven",
    ),
    12: ("rey", "re", "12", "doce", "king", "ki", "k", "twelve"),
}
_SUIT_BY_WORD = {word: suit for suit, words in SUIT_WORDS.items() for word in words}
_RANK_BY_WORD = {word: rank for rank, words in RANK_WORDS.items() for word in words}
#: In English the brief forms say "co" for coins (oros), not copas.
_SUIT_BY_WORD_EN = {**_SUIT_BY_WORD, "co": "oros"}


def card_name(card, *, article: bool = True) -> str:
    """'el 7 de oros' / 'la sota de copas' (article=False: '7 de oros')."""
    suit = _(SUIT_NAMES[card.suit])
    rank = card.rank
    if rank == 1:
        text = _("el as de {suit}") if article else _("as de {suit}")
    elif rank == 10:
        text = _("la sota de {suit}") if article else _("sota de {suit}")
    elif rank == 11:
        text = _("el caballo de {suit}") if article else _("caballo de {suit}")
    elif rank == 12:
        text = _("el rey de {suit}") if article else _("rey de {suit}")
    else:
        text = _("el {rank} de {suit}") if article else _("{rank} de {suit}")
    return text.format(rank=rank, suit=suit)


def card_short(card) -> str:
    """Brief form for braille: '7 oros', 'sota copas'."""
    words = {1: _("as"), 10: _("sota"), 11: _("caballo"), 12: _("rey")}
    return f"{words.get(card.rank, str(card.rank))} {_(SUIT_NAMES[card.suit])}"


def card_list(cards) -> str:
    """'as de oros, 3 de oros y sota de copas'."""
    names = [card_name(card, article=False) for card in cards]
    if not names:
        return _("ninguna")
    if len(names) == 1:
        return names[0]
    return _("{first} y {last}").format(first=", ".join(names[:-1]), last=names[-1])


def parse_card(text: str) -> tuple[int, str | None] | None:
    """(rank, suit) from what a player types: '7 de oros', 'sota copas', '7o', 'jack of cups'.
    A figure alone ('sota', 'rey', 'as') gives suit None: the caller picks it if unique.
    A bare number is not taken as a rank (it is a position in the hand)."""
    words = [
        w for w in re.split(r"[\s,]+", fold(text)) if w and w not in ("de", "of", "el", "la", "the")
    ]
    if len(words) == 1 and words[0] in _RANK_BY_WORD and not words[0].isdigit():
        return _RANK_BY_WORD[words[0]], None
    if len(words) == 1:
        match = re.fullmatch(r"([0-9]{1,2})([a-z]+)", words[0])
        if match:
            words = [match.group(1), match.group(2)]
    if len(words) != 2:
        return None
    rank = _RANK_BY_WORD.get(words[0])
    suit = _SUIT_BY_WORD.get(words[1])
    if rank is None or suit is None:
        return None
    return rank, suit


class CardWordError(ValueError):
    """A card a player typed with a word that is not a card's: `kind` says which
    part ("rank", "suit" or "extra", a word after the card) and `word` is as typed."""

    def __init__(self, kind: str, word: str) -> None:
        super().__init__(kind, word)
        self.kind = kind
        self.word = word


_FILLERS = ("de", "of", "el", "la", "the")


def read_card(text: str) -> tuple[int, str | None]:
    """(rank, suit) as people say cards: '4' (suit None: the caller picks the one held),
    '4 oros', '4o', '10e' and '10 e' (the sota de espadas), 'so co', 'cab b', 're'.
    A bare number is a rank (10 sota, 11 caballo, 12 rey), never a position.
    Raises CardWordError naming the word that is not a card's."""
    typed = [w for w in re.split(r"[\s,]+", text.strip()) if w]
    words = [(fold(w), w) for w in typed if fold(w) not in _FILLERS]
    if len(words) == 1:
        match = re.fullmatch(r"([0-9]{1,2})([a-z]+)", words[0][0])
        if match:
            words = [(match.group(1), match.group(1)), (match.group(2), match.group(2))]
    if not words:
        raise CardWordError("rank", text.strip())
    rank = _RANK_BY_WORD.get(words[0][0])
    if rank is None:
        raise CardWordError("rank", words[0][1])
    if len(words) == 1:
        return rank, None
    suit_words = _SUIT_BY_WORD_EN if i18n.language() == "en" else _SUIT_BY_WORD
    suit = suit_words.get(words[1][0])
    if suit is None:
        raise CardWordError("suit", words[1][1])
    if len(words) > 2:
        raise CardWordError("extra", words[2][1])
    return rank, suit
