"""The Spanish deck (baraja española): cards, decks, run order and points.

Pure data, no text: the UI names cards ("el 7 de oros"). A card is identified by
suit, rank and `copy` (0 or 1): when 5–8 players play Chinchón with two decks,
`copy` tells the two physically identical cards apart.

- 40-card deck: ranks 1–7, 10 (sota), 11 (caballo), 12 (rey); no 8 and 9.
  In runs 7 and sota are consecutive. Points: sota 8, caballo 9, rey 10, others
  their number.
- 48-card deck: ranks 1–12, runs 1..12, every card worth its number.

Codes (for JSON): rank + suit letter (o, c, e, b) + "#1" for the second copy:
"7o", "12c", "1e#1".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Self

SUITS: tuple[str, ...] = ("oros", "copas", "espadas", "bastos")
SUIT_LETTERS: dict[str, str] = {"oros": "o", "copas": "c", "espadas": "e", "bastos": "b"}
_SUIT_OF_LETTER = {v: k for k, v in SUIT_LETTERS.items()}
_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}

RANKS_40: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
RANKS_48: tuple[int, ...] = tuple(range(1, 13))
DECK_SIZES: tuple[int, ...] = (40, 48)

SOTA, CABALLO, REY = 10, 11, 12


class Interned:
    """What the interned card classes share (one object per card, made in `__new__`
    and checked there): a copy is the card itself, pickling makes it again through
    the constructor, and `from_code` reads the class's table of every card by code."""

    __slots__ = ()
    _by_code: ClassVar[dict[str, Any]]

    def __init__(self, *args: object, **named: object) -> None:
        pass  # everything is set once, in __new__

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        return (type(self), tuple(getattr(self, f.name) for f in fields(self)))  # type: ignore[arg-type]

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict) -> Self:
        return self

    @classmethod
    def from_code(cls, code: str) -> Self:
        try:
            return cls._by_code[code]
        except KeyError:
            raise ValueError(f"bad card code {code!r}") from None


_INTERN: dict[tuple[str, int, int], Card] = {}


@dataclass(frozen=True, slots=True, eq=False, init=False)
class Card(Interned):
    """A card. Cards are interned: `Card("oros", 7)` always returns the same object,
    so equality and hashing are by identity (fast) and still mean "same card"."""

    suit: str
    rank: int
    copy: int = 0

    def __new__(cls, suit: str, rank: int, copy: int = 0) -> Card:
        card = _INTERN.get((suit, rank, copy))
        if card is not None:
            return card
        if suit not in _SUIT_INDEX:
            raise ValueError(f"bad suit {suit!r}")
        if not (type(rank) is int and 1 <= rank <= 12):
            raise ValueError(f"bad rank {rank!r}")
        if copy not in (0, 1) or type(copy) is not int:
            raise ValueError(f"bad copy {copy!r}")
        card = object.__new__(cls)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "copy", copy)
        _INTERN[(suit, rank, copy)] = card
        return card

    @property
    def code(self) -> str:
        base = f"{self.rank}{SUIT_LETTERS[self.suit]}"
        return f"{base}#{self.copy}" if self.copy else base

    @property
    def suit_index(self) -> int:
        return _SUIT_INDEX[self.suit]

    @property
    def sort_key(self) -> tuple[int, int, int]:
        """Suit (oros, copas, espadas, bastos), then rank, then copy."""
        return (_SUIT_INDEX[self.suit], self.rank, self.copy)

    def __repr__(self) -> str:
        return f"Card({self.code})"


_BY_CODE: dict[str, Card] = {}
for _copy in (0, 1):
    for _suit in SUITS:
        for _rank in RANKS_48:
            _c = Card(_suit, _rank, _copy)
            _BY_CODE[_c.code] = _c
del _copy, _suit, _rank, _c
Card._by_code = _BY_CODE


def ranks_for(deck_size: int) -> tuple[int, ...]:
    """The ranks of a deck of 40 or 48 cards, in run order (lowest first)."""
    if deck_size == 40:
        return RANKS_40
    if deck_size == 48:
        return RANKS_48
    raise ValueError(f"deck size must be 40 or 48, not {deck_size!r}")


def make_deck(size: int = 40, copies: int = 1) -> list[Card]:
    """A fresh, ordered deck: `copies` (1 or 2) decks of `size` (40 or 48) cards."""
    if copies not in (1, 2):
        raise ValueError(f"copies must be 1 or 2, not {copies!r}")
    ranks = ranks_for(size)
    return [Card(s, r, c) for c in range(copies) for s in SUITS for r in ranks]


_POS = {40: {r: i for i, r in enumerate(RANKS_40)}, 48: {r: i for i, r in enumerate(RANKS_48)}}


def run_position(rank: int, deck_size: int) -> int:
    """Index of `rank` in the run sequence of the deck (0 for the ace).

    40 cards: 1..7 -> 0..6, sota 7, caballo 8, rey 9 (so 7 and sota are consecutive).
    48 cards: rank - 1. Raises ValueError for 8 and 9 in the 40-card deck.
    """
    try:
        return _POS[deck_size][rank]
    except KeyError:
        raise ValueError(f"rank {rank} not in a {deck_size}-card deck") from None


def rank_at(position: int, deck_size: int) -> int | None:
    """Inverse of run_position; None outside the sequence (no wrap-around)."""
    ranks = ranks_for(deck_size)
    return ranks[position] if 0 <= position < len(ranks) else None


def rank_points(rank: int, deck_size: int) -> int:
    if deck_size == 40:
        return {SOTA: 8, CABALLO: 9, REY: 10}.get(rank, rank)
    return rank


def card_points(card: Card, deck_size: int) -> int:
    """Points of a loose card: 40 cards sota 8, caballo 9, rey 10; 48 cards face value."""
    return rank_points(card.rank, deck_size)


def in_deck(card: Card, deck_size: int, copies: int = 1) -> bool:
    return card.rank in _POS[deck_size] and card.copy < copies


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Canonical order: by suit (oros, copas, espadas, bastos), then rank, then copy."""
    return sorted(cards, key=lambda c: c.sort_key)


def codes(cards: Iterable[Card]) -> list[str]:
    return [c.code for c in cards]


def from_codes(items: Iterable[str]) -> list[Card]:
    return [Card.from_code(s) for s in items]
