"""¡Cabanga! rules engine (seed 001, DESIGN §4): a pure, seeded state machine.

Decisions of this version (decisiones de esta versión) where the seed is silent
or leaves a choice. Table options are marked (opción) with their default.

1.  Cards: 4 colours (rojo, azul, amarillo, morado) × values 1–18, once each (72
    numbered cards), plus 8 grey start cards 1, 3, 5, 7, 12, 14, 16, 18 that carry
    no points and never go into a hand. 3–6 players (opción, default 4), 8 cards
    each.
2.  Rows and start cards (seed: "Mezcla las ocho cartas iniciales ... y sitúa una a
    cada lado de cada fila"): every round the 8 grey cards are shuffled (seeded)
    and dealt in order to the left and right pile of the rows rojo, azul,
    amarillo, morado. So each row has two piles ("left", "right") whose bottom
    card is grey. The 72 numbered cards are shuffled, 8 are dealt to each player
    one at a time starting with the round's first player; the rest is the
    penalty deck (face down). Start cards never open a Cabanga window.
3.  Playing (seed: "juega una carta en cualquiera de las dos pilas de su color,
    sin importar el número"): any card of your hand on either pile of its colour,
    whatever its number. There is no order constraint. It covers that pile's top.
4.  Colour penalty: if the card has the colour of the card played in the previous
    turn (by the previous player), the player draws one penalty card at once,
    after playing. Not on the first turn of a round (no previous colour). This is
    paid even when it was the player's last card (the hand is then not empty).
5.  The gap: after a play on one pile, the values strictly between the card just
    played and the top card (numbered or grey) of the other pile of that colour.
    Equal or adjacent numbers leave no gap. 1 and 18 can never be inside a gap,
    so they can never be thrown.
6.  Cabanga window (a reaction phase, "cabanga"): opened after a play whose gap
    holds at least one card that may still be in a hand, i.e. a card of that
    colour inside the gap that is neither on a pile nor in the pile of thrown
    cards (public information only: nobody's hand is consulted). `to_act()` is
    every other player who has not answered yet, in turn order from the active
    player's left, whether or not they hold a fitting card (so the list reveals
    nothing). Each of them answers once: Throw(cards) with one or more of their
    cards that fit (this colour, strictly inside the gap), or Pass(). Answers are
    applied in the order received; several players may throw. The window closes
    when every one of them has answered; the driver owns the clock and closes a
    timed window with `close_window()` (passes for everyone still pending, marked
    as timed out). The gap does not change during the window (thrown cards
    leave play; they are not put on the piles).
7.  Throw penalty: when the window closes, the active player draws one penalty
    card per card thrown, even after playing their last card.
8.  Thrown cards go face up to the thrown pile (public). When a draw needs more
    cards than the deck holds, the thrown pile is shuffled (seeded) and put under
    the remaining deck; this is the same as drawing the deck out and then
    rebuilding it from the thrown cards (event DeckRebuilt). If the deck and the
    thrown pile together cannot cover a draw, the player draws what there is and
    the rest of that penalty is forgiven (PenaltyDrawn.missed). This can only
    happen to a colour penalty: cards thrown in a window are always in the thrown
    pile when the active player pays for them.
9.  End of turn: after the play, the colour penalty and the window (if any) with
    its penalty draws. If any hand is then empty the round ends; otherwise the
    next player to the left (seat + 1) plays. A round lasts at most 72 turns,
    since every turn puts one card on a pile for good.
10. Who ended the round: the first player whose hand became empty during that
    turn and is still empty at its end: the active player (played the last card,
    no colour penalty, no throws), or else the first thrower (in the order
    received) who threw their last cards. That player starts the next round. The
    first round's first player is chosen at random (seeded).
11. Scoring: each card left in a hand gives its penalty symbols. The number of
    symbols per card is not published; the default table (same for every colour)
    is an assumption: values 1 and 18 carry 3 symbols; 2, 3, 16 and 17 carry 2;
    4–15 carry 1 (`DEFAULT_SYMBOLS`). It is data: option `symbols` (opción) holds
    either 18 numbers (values 1–18, every colour) or 4 such rows (one per colour,
    in the order of COLOURS).
12. End of game: after a round in which someone's total is at least `limit`
    (opción, default 18). Lowest total wins; tied players share the win
    (GameOver.winners lists them all).

Events carrying private information: Dealt.cards and PenaltyDrawn.cards are
private to the event's `seat`; `event.visible_to(seat)` blanks them (None) for
everyone else.

Driver loop: read `opening_events`; while not `is_over()`: in phase "play" ask
`to_act()[0]` for a Play; in phase "cabanga" collect Throw/Pass from the seats in
`to_act()` in the order they come (bots after `bot.reaction_time(rng)` seconds),
or call `close_window()` when the time is up.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, ClassVar

from sobremesa.core.cards import Interned
from sobremesa.core.game import (
    Action,
    Event,
    IllegalAction,
    Options,
    Record,
    View,
    by_kind,
    each,
    event_decoder,
    nullable,
    record_from_dict,
    refuse_closed,
    tuples,
)
from sobremesa.core.state_game import RoundGame

COLOURS: tuple[str, ...] = ("rojo", "azul", "amarillo", "morado")
GREY = "gris"
VALUES: tuple[int, ...] = tuple(range(1, 19))
START_VALUES: tuple[int, ...] = (1, 3, 5, 7, 12, 14, 16, 18)
SIDES: tuple[str, ...] = ("left", "right")
HAND_SIZE = 8
PHASES = ("play", "cabanga", "over")

#: Default penalty symbols per value 1..18 (index value - 1), every colour.
#: An assumption (the real cards' symbols are not published): see rule 11.
DEFAULT_SYMBOLS: tuple[int, ...] = (3, 2, 2) + (1,) * 12 + (2, 2, 3)

_COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}


# ---------------------------------------------------------------------------
# Cards


_INTERN: dict[tuple[str, int], CabangaCard] = {}


@dataclass(frozen=True, slots=True, eq=False, init=False)
class CabangaCard(Interned):
    """A card: `colour` in COLOURS (numbered, 1–18) or GREY (start card).

    Cards are interned: `CabangaCard("rojo", 7)` is always the same object, so
    equality and hashing are by identity and still mean "same card".
    Code (for JSON): "rojo-7", "gris-12"."""

    colour: str
    value: int

    def __new__(cls, colour: str, value: int) -> CabangaCard:
        card = _INTERN.get((colour, value))
        if card is not None:
            return card
        if colour == GREY:
            if value not in START_VALUES or type(value) is not int:
                raise ValueError(f"bad start card value {value!r}")
        elif colour in _COLOUR_INDEX:
            if not (type(value) is int and 1 <= value <= 18):
                raise ValueError(f"bad value {value!r}")
        else:
            raise ValueError(f"bad colour {colour!r}")
        card = object.__new__(cls)
        object.__setattr__(card, "colour", colour)
        object.__setattr__(card, "value", value)
        _INTERN[(colour, value)] = card
        return card

    @property
    def code(self) -> str:
        return f"{self.colour}-{self.value}"

    @property
    def is_start(self) -> bool:
        return self.colour == GREY

    @property
    def sort_key(self) -> tuple[int, int]:
        """Colour (rojo, azul, amarillo, morado, gris), then value."""
        return (_COLOUR_INDEX.get(self.colour, 4), self.value)

    def __repr__(self) -> str:
        return f"CabangaCard({self.code})"


NUMBER_CARDS: tuple[CabangaCard, ...] = tuple(CabangaCard(c, v) for c in COLOURS for v in VALUES)
START_CARDS: tuple[CabangaCard, ...] = tuple(CabangaCard(GREY, v) for v in START_VALUES)
ALL_CARDS: tuple[CabangaCard, ...] = NUMBER_CARDS + START_CARDS
CabangaCard._by_code = {c.code: c for c in ALL_CARDS}


def sort_cards(cards) -> list[CabangaCard]:
    """Canonical order: by colour (rojo, azul, amarillo, morado), then value."""
    return sorted(cards, key=lambda c: c.sort_key)


def gap_values(a: int, b: int) -> tuple[int, ...]:
    """The values strictly between a and b (empty when equal or adjacent)."""
    lo, hi = (a, b) if a < b else (b, a)
    return tuple(range(lo + 1, hi))


def fits(card: CabangaCard, colour: str, low: int, high: int) -> bool:
    """True if `card` may be thrown into the gap (low, high) of `colour`."""
    return card.colour == colour and low < card.value < high


def other_side(side: str) -> str:
    return "right" if side == "left" else "left"


# ---------------------------------------------------------------------------
# Options


@dataclass(frozen=True)
class CabangaOptions(Options):
    """`players` 3–6; `limit`: the game ends after a round in which a total
    reaches it; `symbols`: the penalty table, 18 non-negative integers (values
    1..18, all colours) or 4 rows of 18 (one per colour, COLOURS order)."""

    players: int = 4
    limit: int = 18
    symbols: tuple = DEFAULT_SYMBOLS

    def __post_init__(self) -> None:
        if not (type(self.players) is int and 3 <= self.players <= 6):
            raise ValueError("players must be 3..6")
        if not (type(self.limit) is int and self.limit >= 1):
            raise ValueError("limit must be a positive integer")
        table = tuples(self.symbols)
        object.__setattr__(self, "symbols", table)

        def row_ok(row: Any) -> bool:
            return (
                isinstance(row, tuple)
                and len(row) == 18
                and all(type(x) is int and x >= 0 for x in row)
            )

        if not (row_ok(table) or (len(table) == 4 and all(row_ok(r) for r in table))):
            raise ValueError("symbols must be 18 non-negative integers or 4 rows of 18")

    @property
    def symbol_table(self) -> tuple[tuple[int, ...], ...]:
        """The table as 4 rows (COLOURS order) of 18 numbers (values 1..18)."""
        t = self.symbols
        return t if isinstance(t[0], tuple) else (t,) * 4

    def points(self, card: CabangaCard) -> int:
        """Penalty symbols of a card left in a hand (grey cards: 0)."""
        if card.colour == GREY:
            return 0
        t = self.symbols
        row = t[_COLOUR_INDEX[card.colour]] if isinstance(t[0], tuple) else t
        return row[card.value - 1]


# ---------------------------------------------------------------------------
# JSON helpers

_card = nullable(CabangaCard.from_code)
_cards = nullable(each(CabangaCard.from_code))


# ---------------------------------------------------------------------------
# Actions


@dataclass(frozen=True)
class CabangaAction(Action):
    """Base of this game's actions (JSON form: core.game.to_json)."""


@dataclass(frozen=True)
class Play(CabangaAction):
    """Play `card` from your hand on the `side` ("left" or "right") pile of its colour."""

    card: CabangaCard
    side: str
    kind: ClassVar[str] = "play"


@dataclass(frozen=True)
class Throw(CabangaAction):
    """¡Cabanga!: throw one or more of your cards into the open gap.
    The cards are kept in canonical order, so Throw((a, b)) == Throw((b, a))."""

    cards: tuple[CabangaCard, ...]
    kind: ClassVar[str] = "throw"

    def __post_init__(self) -> None:
        cards = tuple(self.cards) if isinstance(self.cards, (list, tuple)) else self.cards
        if isinstance(cards, tuple) and all(isinstance(c, CabangaCard) for c in cards):
            cards = tuple(sort_cards(cards))
        object.__setattr__(self, "cards", cards)


@dataclass(frozen=True)
class Pass(CabangaAction):
    """Answer the Cabanga window without throwing."""

    kind: ClassVar[str] = "pass"


ACTION_TYPES: dict[str, type[CabangaAction]] = by_kind(Play, Throw, Pass)


def action_from_dict(data: dict[str, Any]) -> CabangaAction:
    cls = ACTION_TYPES[data["kind"]]
    if cls is Play:
        return Play(CabangaCard.from_code(data["card"]), data["side"])
    if cls is Throw:
        return Throw(tuple(CabangaCard.from_code(c) for c in data["cards"]))
    return Pass()


# ---------------------------------------------------------------------------
# Events


@dataclass(frozen=True)
class CabangaEvent(Event):
    """Base of ¡Cabanga! events. `private` names fields only `seat` may see."""


@dataclass(frozen=True)
class GameStarted(CabangaEvent):
    """`symbols`: the penalty table as 4 rows (COLOURS order) of 18 numbers."""

    players: int
    limit: int
    hand_size: int
    symbols: tuple[tuple[int, ...], ...]
    kind: ClassVar[str] = "game_started"


@dataclass(frozen=True)
class RoundStarted(CabangaEvent):
    """`rows`: per colour (COLOURS order) the grey (left, right) start cards.
    `starter` plays first; `hand_sizes` per seat; `deck_count` the penalty deck."""

    round_no: int
    starter: int
    rows: tuple[tuple[CabangaCard, CabangaCard], ...]
    hand_sizes: tuple[int, ...]
    deck_count: int
    kind: ClassVar[str] = "round_started"


@dataclass(frozen=True)
class Dealt(CabangaEvent):
    """The 8 cards dealt to `seat`. Private: `cards`."""

    seat: int
    cards: tuple[CabangaCard, ...] | None
    kind: ClassVar[str] = "dealt"
    private: ClassVar[tuple[str, ...]] = ("cards",)


@dataclass(frozen=True)
class TurnStarted(CabangaEvent):
    """`seat` must play. `previous_colour`: playing it costs a penalty card
    (None on the first turn of a round)."""

    seat: int
    previous_colour: str | None
    kind: ClassVar[str] = "turn_started"


@dataclass(frozen=True)
class CardPlayed(CabangaEvent):
    """`seat` played `card` on the `side` pile of its colour, covering `covered`.
    `other_top`: the top of the other pile of that colour. `gap`: the values
    strictly between the two (may be empty). `colour_penalty`: the colour repeats
    the previous turn's (a PenaltyDrawn follows). `hand_count` after playing."""

    seat: int
    card: CabangaCard
    side: str
    covered: CabangaCard
    other_top: CabangaCard
    gap: tuple[int, ...]
    colour_penalty: bool
    hand_count: int
    kind: ClassVar[str] = "card_played"


@dataclass(frozen=True)
class DeckRebuilt(CabangaEvent):
    """The thrown pile (`added` cards) was shuffled under the penalty deck."""

    added: int
    deck_count: int
    rebuilds: int
    kind: ClassVar[str] = "deck_rebuilt"


@dataclass(frozen=True)
class PenaltyDrawn(CabangaEvent):
    """`seat` draws `count` penalty cards (`reason` "colour" or "cabanga").
    Private: `cards`. `missed`: cards owed but not drawn because the deck and the
    thrown pile were empty. `deck_count`, `hand_count`: after drawing."""

    seat: int
    cards: tuple[CabangaCard, ...] | None
    count: int
    missed: int
    reason: str
    deck_count: int
    hand_count: int
    kind: ClassVar[str] = "penalty_drawn"
    private: ClassVar[tuple[str, ...]] = ("cards",)


@dataclass(frozen=True)
class CabangaOpened(CabangaEvent):
    """A Cabanga window opens after `seat`'s play on the `side` pile of `colour`.
    Cards of `colour` strictly between `low` and `high` (the two visible numbers)
    may be thrown; `values`: those not already seen on the table. `eligible`: the
    seats that may answer (every other player), in answer-request order."""

    seat: int
    colour: str
    side: str
    low: int
    high: int
    values: tuple[int, ...]
    eligible: tuple[int, ...]
    kind: ClassVar[str] = "cabanga_opened"


@dataclass(frozen=True)
class Thrown(CabangaEvent):
    """¡Cabanga! `seat` threw `cards`; `hand_count` after throwing."""

    seat: int
    cards: tuple[CabangaCard, ...]
    hand_count: int
    kind: ClassVar[str] = "thrown"


@dataclass(frozen=True)
class Passed(CabangaEvent):
    """`seat` did not throw. `timed_out`: closed by the driver's clock
    (`close_window`), not by the player's own Pass."""

    seat: int
    timed_out: bool
    kind: ClassVar[str] = "passed"


@dataclass(frozen=True)
class CabangaClosed(CabangaEvent):
    """The window after `seat`'s play closed. `throwers` in the order received;
    `cards_thrown`: total (the active player draws as many)."""

    seat: int
    colour: str
    throwers: tuple[int, ...]
    cards_thrown: int
    kind: ClassVar[str] = "cabanga_closed"


@dataclass(frozen=True)
class SeatResult(Record):
    """One seat's round: the cards left, their symbols and the running total."""

    seat: int
    cards: tuple[CabangaCard, ...]
    points: int
    total: int

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> SeatResult:
        return record_from_dict(cls, d, {"cards": each(CabangaCard.from_code)})


@dataclass(frozen=True)
class RoundScored(CabangaEvent):
    """The round ended: `ender` emptied their hand (and starts the next round).
    `results` for every seat, in turn order from the ender."""

    round_no: int
    ender: int
    results: tuple[SeatResult, ...]
    kind: ClassVar[str] = "round_scored"


@dataclass(frozen=True)
class GameOver(CabangaEvent):
    """`winners`: every seat with the lowest total (ties share the win)."""

    winners: tuple[int, ...]
    totals: tuple[int, ...]
    kind: ClassVar[str] = "game_over"


EVENT_TYPES: dict[str, type[CabangaEvent]] = by_kind(
    GameStarted,
    RoundStarted,
    Dealt,
    TurnStarted,
    CardPlayed,
    DeckRebuilt,
    PenaltyDrawn,
    CabangaOpened,
    Thrown,
    Passed,
    CabangaClosed,
    RoundScored,
    GameOver,
)

#: Inverse of `event.to_dict()`: cards from their codes, other lists as tuples.
event_from_dict = event_decoder(
    EVENT_TYPES.values(),
    {
        "card": _card,
        "covered": _card,
        "other_top": _card,
        "cards": _cards,
        "rows": each(each(CabangaCard.from_code)),
        "results": each(SeatResult.from_dict),
    },
)


def _throws(into: Any) -> Any:
    """How a window's throws read back: (seat, cards) pairs, as tuples or lists."""

    def throw(pair: Any) -> tuple[Any, Any]:
        seat, cards = pair
        return seat, each(CabangaCard.from_code, into)(cards)

    return each(throw, into)


# ---------------------------------------------------------------------------
# View


@dataclass(frozen=True)
class Row(Record):
    """One colour's two piles, bottom card (grey) first, top card last."""

    colour: str
    left: tuple[CabangaCard, ...]
    right: tuple[CabangaCard, ...]

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Row:
        cards = each(CabangaCard.from_code)
        return record_from_dict(cls, d, {"left": cards, "right": cards}, default=tuples)

    @property
    def left_top(self) -> CabangaCard:
        return self.left[-1]

    @property
    def right_top(self) -> CabangaCard:
        return self.right[-1]

    def top(self, side: str) -> CabangaCard:
        return self.left[-1] if side == "left" else self.right[-1]

    def pile(self, side: str) -> tuple[CabangaCard, ...]:
        return self.left if side == "left" else self.right

    def gap_if(self, card: CabangaCard, side: str) -> tuple[int, ...]:
        """The gap that playing `card` on `side` would leave."""
        return gap_values(card.value, self.top(other_side(side)).value)


@dataclass(frozen=True)
class CabangaWindow(Record):
    """An open Cabanga window (public). `seat`: the active player, who will draw
    one card per card thrown. `pending`: seats still to answer (`to_act()`);
    `throws`: (seat, cards) in the order received; `passed`: seats that passed."""

    seat: int
    colour: str
    side: str
    low: int
    high: int
    values: tuple[int, ...]
    eligible: tuple[int, ...]
    pending: tuple[int, ...]
    throws: tuple[tuple[int, tuple[CabangaCard, ...]], ...]
    passed: tuple[int, ...]

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> CabangaWindow:
        return record_from_dict(cls, d, {"throws": _throws(tuple)}, default=tuples)

    def fits(self, card: CabangaCard) -> bool:
        return fits(card, self.colour, self.low, self.high)

    @property
    def cards_thrown(self) -> int:
        return sum(len(c) for _, c in self.throws)


@dataclass(frozen=True)
class LastPlay:
    seat: int
    card: CabangaCard
    side: str

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> LastPlay:
        return record_from_dict(cls, d, {"card": CabangaCard.from_code}, default=tuples)


@dataclass(frozen=True)
class CabangaView(View):
    """What one seat may know (seat None: a spectator, public information only).

    `hand`: own cards in canonical order (None for a spectator). `rows`: the four
    rows (COLOURS order) with both piles complete (every card played is public).
    `thrown`: the thrown pile (public, oldest first). `previous_colour`: the
    colour that costs a penalty card this turn (None on a round's first turn).
    `window`: the open Cabanga window, if any; `fitting`: own cards that may be
    thrown into it (empty for the active player and spectators); `can_react`:
    this seat still has to answer it. `round_points`: points of every finished
    round (per seat); `scores` is their sum per seat. `winners` once over.
    """

    seat: int | None
    phase: str
    current_seat: int | None
    round_no: int
    starter: int
    hand: tuple[CabangaCard, ...] | None
    hand_counts: tuple[int, ...]
    rows: tuple[Row, ...]
    deck_count: int
    thrown: tuple[CabangaCard, ...]
    rebuilds: int
    previous_colour: str | None
    scores: tuple[int, ...]
    round_points: tuple[tuple[int, ...], ...]
    options: CabangaOptions
    window: CabangaWindow | None = None
    fitting: tuple[CabangaCard, ...] = ()
    can_react: bool = False
    last_play: LastPlay | None = None
    turns_in_round: int = 0
    last_ender: int | None = None
    winners: tuple[int, ...] = ()

    @classmethod
    def field_decoders(cls, data: dict[str, Any]) -> dict[str, Any]:
        return _VIEW_JSON

    def row(self, colour: str) -> Row:
        return self.rows[_COLOUR_INDEX[colour]]

    def colour_penalty_if(self, card: CabangaCard) -> bool:
        return card.colour == self.previous_colour

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % len(self.hand_counts)

    def seen_cards(self) -> set[CabangaCard]:
        """Numbered cards whose place is public: on a pile or in the thrown pile."""
        out = {c for r in self.rows for c in (*r.left, *r.right) if not c.is_start}
        out.update(self.thrown)
        return out


#: How a view reads back from JSON (View.from_dict; other lists become tuples).
_VIEW_JSON: dict[str, Any] = {
    "hand": _cards,
    "rows": each(Row.from_dict),
    "thrown": each(CabangaCard.from_code),
    "options": CabangaOptions.from_dict,
    "window": nullable(CabangaWindow.from_dict),
    "fitting": each(CabangaCard.from_code),
    "last_play": nullable(LastPlay.from_dict),
}


# ---------------------------------------------------------------------------
# Game


@dataclass
class _Window:
    seat: int
    colour: str
    side: str
    low: int
    high: int
    values: list[int]
    eligible: list[int]
    pending: list[int]
    throws: list[tuple[int, list[CabangaCard]]] = field(default_factory=list)
    passed: list[int] = field(default_factory=list)


@dataclass
class _State:
    totals: list[int]
    round_no: int = 0
    starter: int = 0
    current: int | None = 0
    phase: str = "play"
    hands: list[list[CabangaCard]] = field(default_factory=list)
    deck: list[CabangaCard] = field(default_factory=list)  # top is the last card
    thrown: list[CabangaCard] = field(default_factory=list)
    piles: list[list[list[CabangaCard]]] = field(default_factory=list)  # [colour][side]
    prev_colour: str | None = None
    window: _Window | None = None
    emptied: list[int] = field(default_factory=list)  # seats that emptied this turn
    last_play: tuple[int, CabangaCard, str] | None = None
    last_ender: int | None = None
    turns: int = 0
    rebuilds: int = 0
    winners: list[int] = field(default_factory=list)
    log: list[list[int]] = field(default_factory=list)  # points per finished round


def _side_index(side: str) -> int:
    return 0 if side == "left" else 1


_CARD_LIST = each(CabangaCard.from_code, list)
_WINDOW_JSON = {"throws": _throws(list)}
#: How the live state reads back from JSON (other fields are plain data).
_STATE_JSON: dict[str, Any] = {
    "hands": each(_CARD_LIST, list),
    "deck": _CARD_LIST,
    "thrown": _CARD_LIST,
    "piles": each(each(_CARD_LIST, list), list),
    "window": nullable(lambda w: record_from_dict(_Window, w, _WINDOW_JSON)),
    "last_play": nullable(lambda p: (p[0], CabangaCard.from_code(p[1]), p[2])),
}


class CabangaGame(RoundGame):
    """A game of ¡Cabanga!. Construct, read `opening_events`, then loop on
    `to_act()` / `legal_actions()` / `apply()` (and `close_window()` for a timed
    Cabanga window)."""

    game_id: ClassVar[str] = "cabanga"
    view_class = CabangaView
    options_type = CabangaOptions
    state_type = _State

    def __init__(self, options: CabangaOptions | None = None, seed: int = 0) -> None:
        self._set_up(options, seed)
        n = self.options.players
        self._s = _State(totals=[0] * n)
        events: list[CabangaEvent] = [
            GameStarted(
                players=n,
                limit=self.options.limit,
                hand_size=HAND_SIZE,
                symbols=self.options.symbol_table,
            )
        ]
        events += self._start_round(self._rng.randrange(n))
        #: Events of the game start (GameStarted, RoundStarted, Dealt..., TurnStarted).
        self.opening_events: list[CabangaEvent] = events

    # -- basic properties --------------------------------------------------

    @property
    def winners(self) -> list[int]:
        return list(self._s.winners)

    @property
    def window(self) -> CabangaWindow | None:
        w = self._s.window
        return None if w is None else self._public_window(w)

    @property
    def round_points(self) -> list[list[int]]:
        """Points of every finished round, per seat; `scores()` is their sum."""
        return [list(r) for r in self._s.log]

    def to_act(self) -> list[int]:
        s = self._s
        if s.phase == "play" and s.current is not None:
            return [s.current]
        if s.phase == "cabanga" and s.window is not None:
            return list(s.window.pending)
        return []

    def hand(self, seat: int) -> list[CabangaCard]:
        return sort_cards(self._s.hands[seat])

    def fitting_cards(self, seat: int) -> list[CabangaCard]:
        """`seat`'s cards that may be thrown into the open window (canonical order);
        empty when no window is open or `seat` is the active player."""
        w = self._s.window
        if w is None or seat == w.seat:
            return []
        return sort_cards(c for c in self._s.hands[seat] if fits(c, w.colour, w.low, w.high))

    def all_cards_in_play(self) -> list[CabangaCard]:
        """Every card of the game, wherever it is (for conservation checks)."""
        s = self._s
        out = [c for h in s.hands for c in h]
        out += s.deck + s.thrown
        for row in s.piles:
            for pile in row:
                out += pile
        return out

    # -- round start ---------------------------------------------------------

    def _start_round(self, starter: int) -> list[CabangaEvent]:
        s = self._s
        n = self.num_seats
        s.round_no += 1
        s.starter = starter
        greys = list(START_CARDS)
        self._rng.shuffle(greys)
        s.piles = [[[greys[2 * i]], [greys[2 * i + 1]]] for i in range(len(COLOURS))]
        deck = list(NUMBER_CARDS)
        self._rng.shuffle(deck)
        s.hands = [[] for _ in range(n)]
        order = [(starter + k) % n for k in range(n)]
        for _ in range(HAND_SIZE):
            for seat in order:
                s.hands[seat].append(deck.pop())
        s.deck = deck
        s.thrown = []
        s.prev_colour = None
        s.window = None
        s.emptied = []
        s.last_play = None
        s.turns = 0
        s.rebuilds = 0
        s.phase = "play"
        s.current = starter
        events: list[CabangaEvent] = [
            RoundStarted(
                round_no=s.round_no,
                starter=starter,
                rows=tuple((p[0][0], p[1][0]) for p in s.piles),
                hand_sizes=tuple(len(h) for h in s.hands),
                deck_count=len(s.deck),
            )
        ]
        events += [Dealt(seat=seat, cards=tuple(s.hands[seat])) for seat in order]
        events.append(TurnStarted(seat=starter, previous_colour=None))
        return events

    # -- legal actions -----------------------------------------------------

    def legal_actions(self, seat: int) -> list[Action]:
        """Phase "play": Play(card, side) for every card in hand and both sides.
        Phase "cabanga", for a pending seat: Pass() and Throw(cards) for every
        non-empty subset of its fitting cards (largest first)."""
        s = self._s
        if s.phase == "play":
            if seat != s.current:
                return []
            return [Play(c, side) for c in sort_cards(s.hands[seat]) for side in SIDES]
        if s.phase == "cabanga":
            assert s.window is not None
            if seat not in s.window.pending:
                return []
            fit = self.fitting_cards(seat)
            acts: list[Action] = [Pass()]
            for k in range(len(fit), 0, -1):
                acts += [Throw(combo) for combo in combinations(fit, k)]
            return acts
        return []

    # -- apply -------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> list[Event]:
        s = self._s
        refuse_closed(s.phase == "over", action, CabangaAction)
        if not (type(seat) is int and 0 <= seat < self.num_seats):
            raise IllegalAction("bad_seat", seat=seat)
        if s.phase == "play":
            if isinstance(action, (Throw, Pass)):
                raise IllegalAction("no_cabanga_window")
            if seat != s.current:
                raise IllegalAction("not_your_turn", current=s.current)
            assert isinstance(action, Play)
            return list(self._apply_play(seat, action))
        # phase "cabanga"
        w = s.window
        assert w is not None
        if isinstance(action, Play):
            raise IllegalAction("cabanga_window_open", seat=w.seat)
        if seat == w.seat:
            raise IllegalAction("active_player_cannot_throw")
        if seat not in w.pending:
            raise IllegalAction("already_answered")
        if isinstance(action, Pass):
            return list(self._answer(seat, None, timed_out=False))
        assert isinstance(action, Throw)
        self._check_throw(seat, action, w)
        return list(self._answer(seat, list(action.cards), timed_out=False))

    event_from_dict = staticmethod(event_from_dict)

    def in_window(self) -> bool:
        return self._s.phase == "cabanga"

    def window_key(self) -> object:
        # One window per play: the play that opened it names it.
        s = self._s
        return (s.round_no, s.turns) if s.phase == "cabanga" else None

    def close_window(self) -> list[Event]:
        """The driver's clock ran out: every seat still pending passes (timed out)
        and the window closes. Returns the events (empty if no window is open)."""
        s = self._s
        if s.phase != "cabanga" or s.window is None:
            return []
        events: list[CabangaEvent] = []
        for seat in list(s.window.pending):
            events += self._answer(seat, None, timed_out=True)
        return list(events)

    def _check_play(self, seat: int, action: Play) -> None:
        card = action.card
        if not isinstance(card, CabangaCard):
            raise IllegalAction("bad_card", card=repr(card))
        if action.side not in SIDES:
            raise IllegalAction("bad_side", side=repr(action.side))
        if card not in self._s.hands[seat]:
            raise IllegalAction("card_not_in_hand", card=card.code)

    def _check_throw(self, seat: int, action: Throw, w: _Window) -> None:
        cards = action.cards
        if not isinstance(cards, tuple) or not all(isinstance(c, CabangaCard) for c in cards):
            raise IllegalAction("bad_card", cards=repr(cards))
        if not cards:
            raise IllegalAction("no_cards")
        if len(set(cards)) != len(cards):
            raise IllegalAction("duplicate_card")
        hand = self._s.hands[seat]
        for c in cards:
            if c not in hand:
                raise IllegalAction("card_not_in_hand", card=c.code)
        for c in cards:
            if c.colour != w.colour:
                raise IllegalAction("wrong_colour", card=c.code, colour=w.colour)
            if not (w.low < c.value < w.high):
                raise IllegalAction("not_in_gap", card=c.code, low=w.low, high=w.high)

    def _apply_play(self, seat: int, action: Play) -> list[CabangaEvent]:
        self._check_play(seat, action)
        s = self._s
        card, side = action.card, action.side
        ci = _COLOUR_INDEX[card.colour]
        si = _side_index(side)
        pile = s.piles[ci][si]
        covered = pile[-1]
        other = s.piles[ci][1 - si][-1]
        s.hands[seat].remove(card)
        pile.append(card)
        s.emptied = [seat] if not s.hands[seat] else []
        penalty = s.prev_colour is not None and card.colour == s.prev_colour
        s.prev_colour = card.colour
        s.last_play = (seat, card, side)
        s.turns += 1
        gap = gap_values(card.value, other.value)
        events: list[CabangaEvent] = [
            CardPlayed(
                seat=seat,
                card=card,
                side=side,
                covered=covered,
                other_top=other,
                gap=gap,
                colour_penalty=penalty,
                hand_count=len(s.hands[seat]),
            )
        ]
        if penalty:
            events += self._draw(seat, 1, "colour")
        if gap:
            seen = set(s.piles[ci][0]) | set(s.piles[ci][1]) | set(s.thrown)
            values = [v for v in gap if CabangaCard(card.colour, v) not in seen]
            if values:
                n = self.num_seats
                others = [(seat + k) % n for k in range(1, n)]
                lo, hi = min(card.value, other.value), max(card.value, other.value)
                s.window = _Window(
                    seat=seat,
                    colour=card.colour,
                    side=side,
                    low=lo,
                    high=hi,
                    values=values,
                    eligible=list(others),
                    pending=list(others),
                )
                s.phase = "cabanga"
                events.append(
                    CabangaOpened(
                        seat=seat,
                        colour=card.colour,
                        side=side,
                        low=lo,
                        high=hi,
                        values=tuple(values),
                        eligible=tuple(others),
                    )
                )
                return events
        return events + self._end_turn()

    def _answer(
        self, seat: int, cards: list[CabangaCard] | None, timed_out: bool
    ) -> list[CabangaEvent]:
        s = self._s
        w = s.window
        assert w is not None
        w.pending.remove(seat)
        events: list[CabangaEvent]
        if cards:
            hand = s.hands[seat]
            for c in cards:
                hand.remove(c)
            s.thrown.extend(cards)
            w.throws.append((seat, list(cards)))
            if not hand:
                s.emptied.append(seat)
            events = [Thrown(seat=seat, cards=tuple(cards), hand_count=len(hand))]
        else:
            w.passed.append(seat)
            events = [Passed(seat=seat, timed_out=timed_out)]
        if w.pending:
            return events
        total = sum(len(c) for _, c in w.throws)
        events.append(
            CabangaClosed(
                seat=w.seat,
                colour=w.colour,
                throwers=tuple(t for t, _ in w.throws),
                cards_thrown=total,
            )
        )
        s.window = None
        s.phase = "play"
        if total:
            events += self._draw(w.seat, total, "cabanga")
        return events + self._end_turn()

    def _draw(self, seat: int, count: int, reason: str) -> list[CabangaEvent]:
        s = self._s
        events: list[CabangaEvent] = []
        if len(s.deck) < count and s.thrown:
            added = s.thrown
            self._rng.shuffle(added)
            s.deck = added + s.deck  # under the remaining deck (its top is the end)
            s.thrown = []
            s.rebuilds += 1
            events.append(
                DeckRebuilt(added=len(added), deck_count=len(s.deck), rebuilds=s.rebuilds)
            )
        k = min(count, len(s.deck))
        drawn = [s.deck.pop() for _ in range(k)]
        hand = s.hands[seat]
        hand.extend(drawn)
        events.append(
            PenaltyDrawn(
                seat=seat,
                cards=tuple(drawn),
                count=k,
                missed=count - k,
                reason=reason,
                deck_count=len(s.deck),
                hand_count=len(hand),
            )
        )
        return events

    def _end_turn(self) -> list[CabangaEvent]:
        s = self._s
        assert s.current is not None
        n = self.num_seats
        if any(not h for h in s.hands):
            ender = next((t for t in s.emptied if not s.hands[t]), None)
            if ender is None:  # pragma: no cover - hands only empty by playing or throwing
                ender = next(
                    (s.current + k) % n for k in range(n) if not s.hands[(s.current + k) % n]
                )
            return self._score_round(ender)
        s.emptied = []
        s.current = (s.current + 1) % n
        return [TurnStarted(seat=s.current, previous_colour=s.prev_colour)]

    def _score_round(self, ender: int) -> list[CabangaEvent]:
        s = self._s
        o = self.options
        n = self.num_seats
        points = [sum(o.points(c) for c in h) for h in s.hands]
        for t in range(n):
            s.totals[t] += points[t]
        s.log.append(points)
        s.last_ender = ender
        order = [(ender + k) % n for k in range(n)]
        results = tuple(
            SeatResult(
                seat=t, cards=tuple(sort_cards(s.hands[t])), points=points[t], total=s.totals[t]
            )
            for t in order
        )
        events: list[CabangaEvent] = [
            RoundScored(round_no=s.round_no, ender=ender, results=results)
        ]
        if max(s.totals) >= o.limit:
            low = min(s.totals)
            s.winners = [t for t in range(n) if s.totals[t] == low]
            s.phase = "over"
            s.current = None
            s.window = None
            s.emptied = []
            events.append(GameOver(winners=tuple(s.winners), totals=tuple(s.totals)))
            return events
        return events + self._start_round(ender)

    # -- view ----------------------------------------------------------------

    def _public_window(self, w: _Window) -> CabangaWindow:
        return CabangaWindow(
            seat=w.seat,
            colour=w.colour,
            side=w.side,
            low=w.low,
            high=w.high,
            values=tuple(w.values),
            eligible=tuple(w.eligible),
            pending=tuple(w.pending),
            throws=tuple((t, tuple(c)) for t, c in w.throws),
            passed=tuple(w.passed),
        )

    def view(self, seat: int | None) -> CabangaView:
        s = self._s
        w = s.window
        lp = s.last_play
        return CabangaView(
            seat=seat,
            phase=s.phase,
            current_seat=s.current,
            round_no=s.round_no,
            starter=s.starter,
            hand=None if seat is None else tuple(sort_cards(s.hands[seat])),
            hand_counts=tuple(len(h) for h in s.hands),
            rows=tuple(
                Row(colour=c, left=tuple(s.piles[i][0]), right=tuple(s.piles[i][1]))
                for i, c in enumerate(COLOURS)
            ),
            deck_count=len(s.deck),
            thrown=tuple(s.thrown),
            rebuilds=s.rebuilds,
            previous_colour=s.prev_colour,
            scores=tuple(s.totals),
            round_points=tuple(tuple(r) for r in s.log),
            options=self.options,
            window=None if w is None else self._public_window(w),
            fitting=() if seat is None else tuple(self.fitting_cards(seat)),
            can_react=w is not None and seat in w.pending,
            last_play=None if lp is None else LastPlay(seat=lp[0], card=lp[1], side=lp[2]),
            turns_in_round=s.turns,
            last_ender=s.last_ender,
            winners=tuple(s.winners),
        )

    # -- persistence ---------------------------------------------------------

    def state_json(self) -> dict[str, Any]:
        return _STATE_JSON
