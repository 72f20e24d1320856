"""Chinchón rules engine (seed 003, DESIGN §4): a pure, seeded state machine.

Decisions of this version (decisiones de esta versión) where the seed is silent
or leaves a choice. Table options are marked (opción) with their default.

1.  Deck: Spanish deck of 40 (default) or 48 cards (opción). 2–4 players use one
    deck, 5–8 players two decks (80 or 96 cards). 40 cards: sota 8, caballo 9,
    rey 10 points, and 7–sota are consecutive in runs; 48 cards: face value.
2.  Stake (opción, default 1): every player puts it in the pot at the start, so
    the pot starts at stake × players.
3.  First "mano": a random seat drawn from the game's seeded generator (stands
    for "each player draws a card, the highest is mano"). In later rounds the mano
    passes to the left: the next seat still in the match after the previous mano.
4.  Deal: 7 cards each, then one card face up starts the discard pile. Play goes
    to the left (seat + 1), skipping eliminated seats; the mano plays first.
5.  Turn: draw the top card of the stock or the top discard, then discard one
    card face up, or close. The card just taken from the discard pile may not be
    discarded again in the same turn, neither face up nor face down for closing
    (reason "same_card_back"). With two decks the other copy of that card may be
    discarded.
6.  Sets: 3+ cards of the same rank; with two decks the same card may appear twice
    (sets of up to 8). Runs: 3+ consecutive cards of one suit in the deck's
    sequence; the ace is only low (1-2-3 yes, caballo-rey-1 and rey-1-2 no); a run
    never holds the same rank twice.
7.  Closing: after drawing, with 8 cards, the player puts one card face down on
    the discard pile and shows the other 7 arranged automatically in the best
    melds (fewest loose points; ties: fewer loose cards, then fewer and longer
    melds, then a fixed order); allowed only if the loose cards add up to at most
    5 points (reason "cannot_close_loose_points"). The closer scores their loose
    points (1–5). All 7 in melds is Chinchón: the closer scores −10 and nobody lays
    off; the other players just score their loose cards. The melds are listed by
    their first card (oros, copas, espadas, bastos; then rank): LayOff's
    meld_index refers to that order.
8.  Variant "seven_run_wins" (opción, default off): a close whose 7 cards form one
    run of one suit wins the match at once, with the pot; no round is scored. When
    off, such a close is an ordinary Chinchón (−10).
9.  Lay-off (colocar): after a close that is not Chinchón, each other player still
    in the match, in turn order starting at the closer's left, may lay off cards on
    the closer's melds (any number, one at a time), then finishes. Sets take any
    card of their rank (one deck: so up to 4). One deck: runs extend at either end.
    Two decks: runs extend only upwards ("estrictamente de izquierda a derecha"),
    one card per value. Laid-off cards stay in the closer's melds, so the next
    player may continue them (4-5-6 + 7 accepts the sota). Nobody lays off on the
    melds of players who did not close. When a player finishes, their remaining
    cards are arranged in their own best melds and they score the loose points.
10. Scores: each round every player in the match adds their points (closer: loose
    points or −10; others: loose points after lay-offs). Lowest is best.
11. Elimination: a player whose total reaches the limit (opción 70 or 100, default
    100), i.e. total ≥ limit, is eliminated at the end of that round ("gana el
    último jugador cuya puntuación no ha llegado al total acordado").
12. Reenganche (opción, default off): after the eliminations of a round, if at
    least two players remain in, each player eliminated in that round is asked,
    in turn order starting with the closer, whether to rejoin. Rejoining takes the
    highest total among the players still in and puts the stake in the pot again.
    A player may rejoin any number of times (once per elimination).
13. End: when only one player remains in, that player wins the match and the pot.
    If every remaining player reaches the limit in the same round, the lowest
    total wins; on a tie the closer wins if tied, otherwise the first tied player
    in turn order from the closer's left. No reenganche is offered then, nor when
    a single player remains.
14. Empty stock: when a player chooses to draw from an empty stock, the discard
    pile except its top card is shuffled (seeded) into a new stock
    (event StockRebuilt). If that pile has no other card (impossible with 8
    players or fewer) drawing from the stock is not offered; taking the top
    discard always is. There is no limit on rebuilds and no void round: the round
    goes on until somebody closes (the bots close as soon as they may, and break
    up locked hands after two rebuilds, so bot rounds always end).
15. The face-down closing card is never shown to the others.
16. Nothing is automatic except arranging melds: drawing, discarding, closing,
    each lay-off and finishing are the player's actions ("colocar automático" is
    `melds.best_layoff`, offered by the UI).

Reason codes of IllegalAction: game_over, unknown_action, not_your_turn
(current=), must_draw_first, already_drew, must_lay_off, must_answer_reenganche,
not_layoff_phase, no_reenganche_offer, stock_empty, discard_empty, bad_card,
card_not_in_hand (card=), same_card_back (card=), cannot_close_loose_points
(loose=, max=, card=), no_such_meld (meld_index=), cannot_lay_off (card=,
meld_index=). Cards in details are codes ("7o").

Events carrying private information: Dealt.cards, DrewStock.card and
Closed.facedown are private to the event's `seat`; `event.visible_to(seat)` blanks
them (None) for everyone else.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from sobremesa.core.cards import Card, make_deck
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
)
from sobremesa.core.state_game import RoundGame
from sobremesa.games.chinchon.melds import (
    MAX_CLOSE_POINTS,
    best_arrangement,
    card_id,
    is_seven_run,
    lay_off_result,
    points_without_each,
)

HAND_SIZE = 7
CHINCHON_POINTS = -10
PHASES = ("draw", "discard", "layoff", "reenganche", "over")


# ---------------------------------------------------------------------------
# Options


@dataclass(frozen=True)
class ChinchonOptions(Options):
    players: int = 4
    deck: int = 40
    limit: int = 100
    reenganche: bool = False
    seven_run_wins: bool = False
    stake: int = 1

    def __post_init__(self) -> None:
        if not (isinstance(self.players, int) and 2 <= self.players <= 8):
            raise ValueError("players must be 2..8")
        if self.deck not in (40, 48):
            raise ValueError("deck must be 40 or 48")
        if self.limit not in (70, 100):
            raise ValueError("limit must be 70 or 100")
        if not (isinstance(self.stake, int) and self.stake >= 0):
            raise ValueError("stake must be a non-negative integer")

    @property
    def copies(self) -> int:
        """Number of decks: 1 for 2–4 players, 2 for 5–8."""
        return 2 if self.players >= 5 else 1


# ---------------------------------------------------------------------------
# JSON helpers

_card = nullable(Card.from_code)
_cards = nullable(each(Card.from_code))
_melds = each(each(Card.from_code))


# ---------------------------------------------------------------------------
# Actions


@dataclass(frozen=True)
class ChinchonAction(Action):
    """Base of this game's actions (JSON form: core.game.to_json)."""


@dataclass(frozen=True)
class DrawStock(ChinchonAction):
    kind: ClassVar[str] = "draw_stock"


@dataclass(frozen=True)
class TakeDiscard(ChinchonAction):
    kind: ClassVar[str] = "take_discard"


@dataclass(frozen=True)
class Discard(ChinchonAction):
    card: Card
    kind: ClassVar[str] = "discard"


@dataclass(frozen=True)
class Close(ChinchonAction):
    """Close the round, putting `card` face down; the other 7 are shown in melds."""

    card: Card
    kind: ClassVar[str] = "close"


@dataclass(frozen=True)
class LayOff(ChinchonAction):
    card: Card
    meld_index: int
    kind: ClassVar[str] = "lay_off"


@dataclass(frozen=True)
class FinishLayOff(ChinchonAction):
    kind: ClassVar[str] = "finish_lay_off"


@dataclass(frozen=True)
class Reenganche(ChinchonAction):
    accept: bool
    kind: ClassVar[str] = "reenganche"


ACTION_TYPES: dict[str, type[ChinchonAction]] = by_kind(
    DrawStock, TakeDiscard, Discard, Close, LayOff, FinishLayOff, Reenganche
)


def action_from_dict(data: dict[str, Any]) -> ChinchonAction:
    cls = ACTION_TYPES[data["kind"]]
    kwargs = {}
    for f in fields(cls):
        v = data[f.name]
        kwargs[f.name] = Card.from_code(v) if f.name == "card" else v
    return cls(**kwargs)


# ---------------------------------------------------------------------------
# Events


@dataclass(frozen=True)
class ChinchonEvent(Event):
    """Base of Chinchón events. `private` names fields only `seat` may see."""


@dataclass(frozen=True)
class MatchStarted(ChinchonEvent):
    players: int
    deck: int
    copies: int
    limit: int
    reenganche: bool
    seven_run_wins: bool
    stake: int
    pot: int
    kind: ClassVar[str] = "match_started"


@dataclass(frozen=True)
class RoundStarted(ChinchonEvent):
    """`seats`: the seats in this round, in turn order starting with the mano.
    `hand_sizes`: per seat (0 for eliminated seats)."""

    round_no: int
    mano: int
    starting_card: Card
    hand_sizes: tuple[int, ...]
    stock_count: int
    seats: tuple[int, ...]
    kind: ClassVar[str] = "round_started"


@dataclass(frozen=True)
class Dealt(ChinchonEvent):
    """The 7 cards dealt to `seat`. Private: `cards`."""

    seat: int
    cards: tuple[Card, ...] | None
    kind: ClassVar[str] = "dealt"
    private: ClassVar[tuple[str, ...]] = ("cards",)


@dataclass(frozen=True)
class TurnStarted(ChinchonEvent):
    """`seat` must act now; `phase` is "draw", "layoff" or "reenganche"."""

    seat: int
    phase: str
    kind: ClassVar[str] = "turn_started"


@dataclass(frozen=True)
class DrewStock(ChinchonEvent):
    """Private: `card`. `stock_count` is what is left after drawing."""

    seat: int
    card: Card | None
    stock_count: int
    kind: ClassVar[str] = "drew_stock"
    private: ClassVar[tuple[str, ...]] = ("card",)


@dataclass(frozen=True)
class TookDiscard(ChinchonEvent):
    """`new_top` is the discard now visible (None if the pile is empty)."""

    seat: int
    card: Card
    new_top: Card | None
    kind: ClassVar[str] = "took_discard"


@dataclass(frozen=True)
class Discarded(ChinchonEvent):
    """`taken`: the discard `seat` took this turn (None: it drew from the stock)."""

    seat: int
    card: Card
    taken: Card | None = None
    kind: ClassVar[str] = "discarded"


@dataclass(frozen=True)
class StockRebuilt(ChinchonEvent):
    """The discards except the top one were shuffled into a new stock."""

    cards_in_stock: int
    discard_top: Card
    rebuilds: int
    kind: ClassVar[str] = "stock_rebuilt"


@dataclass(frozen=True)
class Closed(ChinchonEvent):
    """`seat` closes. Private: `facedown` (the card put face down).

    `melds` are shown to everybody; meld indices for LayOff refer to this order.
    `seven_run`: the 7 cards form one run (wins the match if the option is on).
    `taken`: the discard `seat` took this turn (None: it drew from the stock).
    """

    seat: int
    facedown: Card | None
    melds: tuple[tuple[Card, ...], ...]
    loose_cards: tuple[Card, ...]
    loose_points: int
    chinchon: bool
    seven_run: bool
    taken: Card | None = None
    kind: ClassVar[str] = "closed"
    private: ClassVar[tuple[str, ...]] = ("facedown",)


@dataclass(frozen=True)
class LaidOff(ChinchonEvent):
    seat: int
    card: Card
    meld_index: int
    meld_after: tuple[Card, ...]
    kind: ClassVar[str] = "laid_off"


@dataclass(frozen=True)
class LayOffFinished(ChinchonEvent):
    """`seat` ends its lay-off: its own melds, loose cards, what it laid off, points."""

    seat: int
    melds: tuple[tuple[Card, ...], ...]
    loose_cards: tuple[Card, ...]
    laid_off: tuple[Card, ...]
    points: int
    kind: ClassVar[str] = "lay_off_finished"


@dataclass(frozen=True)
class SeatResult(Record):
    """One seat's round: points this round, running total, and the explanation."""

    seat: int
    points: int
    total: int
    melds: tuple[tuple[Card, ...], ...]
    loose_cards: tuple[Card, ...]
    laid_off: tuple[Card, ...]
    closer: bool

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> SeatResult:
        cards = each(Card.from_code)
        return record_from_dict(cls, d, {"melds": _melds, "loose_cards": cards, "laid_off": cards})


@dataclass(frozen=True)
class RoundScored(ChinchonEvent):
    """Results of every seat that played the round, in turn order from the closer."""

    round_no: int
    closer: int
    chinchon: bool
    results: tuple[SeatResult, ...]
    kind: ClassVar[str] = "round_scored"


@dataclass(frozen=True)
class Eliminated(ChinchonEvent):
    seat: int
    total: int
    kind: ClassVar[str] = "eliminated"


@dataclass(frozen=True)
class ReengancheOffered(ChinchonEvent):
    """`seat` may rejoin with `new_total` points by paying `stake` into the pot."""

    seat: int
    new_total: int
    stake: int
    kind: ClassVar[str] = "reenganche_offered"


@dataclass(frozen=True)
class Reenganched(ChinchonEvent):
    seat: int
    old_total: int
    new_total: int
    pot: int
    kind: ClassVar[str] = "reenganched"


@dataclass(frozen=True)
class ReengancheDeclined(ChinchonEvent):
    seat: int
    kind: ClassVar[str] = "reenganche_declined"


@dataclass(frozen=True)
class MatchOver(ChinchonEvent):
    """`reason`: "last_standing", "all_eliminated" or "seven_run"."""

    winner: int
    pot: int
    totals: tuple[int, ...]
    reason: str
    kind: ClassVar[str] = "match_over"


EVENT_TYPES: dict[str, type[ChinchonEvent]] = by_kind(
    MatchStarted,
    RoundStarted,
    Dealt,
    TurnStarted,
    DrewStock,
    TookDiscard,
    Discarded,
    StockRebuilt,
    Closed,
    LaidOff,
    LayOffFinished,
    RoundScored,
    Eliminated,
    ReengancheOffered,
    Reenganched,
    ReengancheDeclined,
    MatchOver,
)

#: Inverse of `event.to_dict()`: cards from their codes, other lists as tuples.
event_from_dict = event_decoder(
    EVENT_TYPES.values(),
    {
        **dict.fromkeys(
            ("card", "starting_card", "new_top", "discard_top", "facedown", "taken"), _card
        ),
        **dict.fromkeys(("cards", "loose_cards", "laid_off", "meld_after"), _cards),
        "melds": _melds,
        "results": each(SeatResult.from_dict),
    },
)


# ---------------------------------------------------------------------------
# View


@dataclass(frozen=True)
class ChinchonView(View):
    """What one seat may know (seat None: a spectator, public information only).

    `hand`: own cards in canonical order (None for a spectator). `taken_discard`:
    the card this seat took from the discard pile this turn (may not be thrown back).
    During "layoff": `closer`, `closer_melds` (current, with lay-offs),
    `closer_loose_points`, and `round_points` of the seats that have finished.
    During "reenganche": `reenganche_total` is the total offered.
    """

    seat: int | None
    phase: str
    current_seat: int | None
    round_no: int
    mano: int
    hand: tuple[Card, ...] | None
    hand_counts: tuple[int, ...]
    discard_top: Card | None
    discard_count: int
    stock_count: int
    scores: tuple[int, ...]
    eliminated: tuple[bool, ...]
    pot: int
    options: ChinchonOptions
    taken_discard: Card | None = None
    closer: int | None = None
    closer_melds: tuple[tuple[Card, ...], ...] = ()
    closer_loose_points: int | None = None
    chinchon: bool = False
    round_points: tuple[int | None, ...] = ()
    laid_off: tuple[tuple[Card, ...], ...] = ()
    reenganche_total: int | None = None
    stock_rebuilds: int = 0
    turns_in_round: int = 0
    winner: int | None = None

    @classmethod
    def field_decoders(cls, data: dict[str, Any]) -> dict[str, Any]:
        return _VIEW_JSON

    @property
    def can_draw_stock(self) -> bool:
        return self.stock_count > 0 or self.discard_count > 1

    @property
    def seats_in(self) -> tuple[int, ...]:
        return tuple(s for s, e in enumerate(self.eliminated) if not e)

    def next_seat(self, seat: int) -> int:
        n = len(self.eliminated)
        for k in range(1, n + 1):
            s = (seat + k) % n
            if not self.eliminated[s]:
                return s
        return seat


#: How a view reads back from JSON (View.from_dict; other lists become tuples).
_VIEW_JSON: dict[str, Any] = {
    "hand": _cards,
    "discard_top": _card,
    "options": ChinchonOptions.from_dict,
    "taken_discard": _card,
    "closer_melds": _melds,
    "laid_off": _melds,
}


# ---------------------------------------------------------------------------
# Game


@dataclass
class _State:
    totals: list[int]
    eliminated: list[bool]
    pot: int
    round_no: int = 0
    mano: int = 0
    current: int | None = 0
    phase: str = "draw"
    hands: list[list[Card]] = field(default_factory=list)
    stock: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    taken: Card | None = None
    closer: int | None = None
    closer_melds: list[tuple[Card, ...]] = field(default_factory=list)
    closer_shown: list[tuple[Card, ...]] = field(default_factory=list)
    closer_points: int = 0
    chinchon: bool = False
    facedown: Card | None = None
    queue: list[int] = field(default_factory=list)
    laid_off: list[list[Card]] = field(default_factory=list)
    round_points: list[int | None] = field(default_factory=list)
    round_melds: list[list[tuple[Card, ...]]] = field(default_factory=list)
    round_loose: list[list[Card]] = field(default_factory=list)
    rebuilds: int = 0
    turns: int = 0
    winner: int | None = None
    reason: str | None = None
    reenganche_total: int | None = None
    log: list[dict[str, Any]] = field(default_factory=list)


_CARD_LIST = each(Card.from_code, list)
_MELD_LIST = each(each(Card.from_code), list)
#: How the live state reads back from JSON (other fields are plain data).
_STATE_JSON: dict[str, Any] = {
    "hands": each(_CARD_LIST, list),
    "stock": _CARD_LIST,
    "discard": _CARD_LIST,
    "taken": _card,
    "closer_melds": _MELD_LIST,
    "closer_shown": _MELD_LIST,
    "facedown": _card,
    "laid_off": each(_CARD_LIST, list),
    "round_melds": each(_MELD_LIST, list),
    "round_loose": each(_CARD_LIST, list),
}


class ChinchonGame(RoundGame):
    """A Chinchón match. Construct, read `opening_events`, then loop on
    `to_act()` / `legal_actions()` / `apply()`."""

    game_id: ClassVar[str] = "chinchon"
    view_class = ChinchonView
    options_type = ChinchonOptions
    state_type = _State

    def __init__(self, options: ChinchonOptions | None = None, seed: int = 0) -> None:
        self._set_up(options, seed)
        n = self.options.players
        self._s = _State(totals=[0] * n, eliminated=[False] * n, pot=self.options.stake * n)
        o = self.options
        events: list[ChinchonEvent] = [
            MatchStarted(
                players=n,
                deck=o.deck,
                copies=o.copies,
                limit=o.limit,
                reenganche=o.reenganche,
                seven_run_wins=o.seven_run_wins,
                stake=o.stake,
                pot=self._s.pot,
            )
        ]
        self._s.mano = self._rng.randrange(n)
        events += self._start_round(first=True)
        #: Events of the match start (MatchStarted, RoundStarted, Dealt..., TurnStarted).
        self.opening_events: list[ChinchonEvent] = events

    # -- basic properties --------------------------------------------------

    @property
    def pot(self) -> int:
        return self._s.pot

    @property
    def winner(self) -> int | None:
        return self._s.winner

    @property
    def score_log(self) -> list[dict[str, Any]]:
        """Every score change: {"type": "round", "round_no", "points": {seat: p}} and
        {"type": "reenganche", "seat", "delta"}. Totals are the sum of these."""
        return [dict(e) for e in self._s.log]

    event_from_dict = staticmethod(event_from_dict)

    def to_act(self) -> list[int]:
        s = self._s
        return [] if s.phase == "over" or s.current is None else [s.current]

    def hand(self, seat: int) -> list[Card]:
        return list(self._s.hands[seat])

    def all_cards_in_play(self) -> list[Card]:
        """Every card of the deck, wherever it is (for conservation checks)."""
        s = self._s
        out = [c for h in s.hands for c in h]
        out += s.stock + s.discard
        for m in s.closer_melds:
            out += m
        if s.facedown is not None:
            out.append(s.facedown)
        return out

    # -- turn order ----------------------------------------------------------

    def _next_in(self, seat: int) -> int:
        n = self.num_seats
        for k in range(1, n + 1):
            t = (seat + k) % n
            if not self._s.eliminated[t]:
                return t
        return seat

    def _order_from(self, first: int) -> list[int]:
        """Seats in the match in turn order starting at `first` (which must be in)."""
        n = self.num_seats
        return [(first + k) % n for k in range(n) if not self._s.eliminated[(first + k) % n]]

    # -- round start ---------------------------------------------------------

    def _start_round(self, first: bool = False) -> list[ChinchonEvent]:
        s = self._s
        o = self.options
        n = self.num_seats
        if not first:
            s.mano = self._next_in(s.mano)
        s.round_no += 1
        deck = make_deck(o.deck, o.copies)
        self._rng.shuffle(deck)
        s.stock = deck
        s.hands = [[] for _ in range(n)]
        order = self._order_from(s.mano)
        for _ in range(HAND_SIZE):
            for seat in order:
                s.hands[seat].append(s.stock.pop())
        s.discard = [s.stock.pop()]
        s.taken = None
        s.closer = None
        s.closer_melds = []
        s.closer_shown = []
        s.closer_points = 0
        s.chinchon = False
        s.facedown = None
        s.queue = []
        s.laid_off = [[] for _ in range(n)]
        s.round_points = [None] * n
        s.round_melds = [[] for _ in range(n)]
        s.round_loose = [[] for _ in range(n)]
        s.rebuilds = 0
        s.turns = 0
        s.reenganche_total = None
        s.phase = "draw"
        s.current = s.mano
        events: list[ChinchonEvent] = [
            RoundStarted(
                round_no=s.round_no,
                mano=s.mano,
                starting_card=s.discard[-1],
                hand_sizes=tuple(len(h) for h in s.hands),
                stock_count=len(s.stock),
                seats=tuple(order),
            )
        ]
        events += [Dealt(seat=seat, cards=tuple(s.hands[seat])) for seat in order]
        events.append(TurnStarted(seat=s.mano, phase="draw"))
        return events

    # -- legal actions -----------------------------------------------------

    def _can_draw_stock(self) -> bool:
        return bool(self._s.stock) or len(self._s.discard) > 1

    def legal_actions(self, seat: int) -> list[Action]:
        s = self._s
        if s.phase == "over" or seat != s.current:
            return []
        o = self.options
        if s.phase == "draw":
            acts: list[Action] = []
            if self._can_draw_stock():
                acts.append(DrawStock())
            if s.discard:
                acts.append(TakeDiscard())
            return acts
        if s.phase == "discard":
            hand = sorted(s.hands[seat], key=card_id)
            acts = [Discard(c) for c in hand if c != s.taken]
            without = points_without_each(hand, o.deck)
            acts += [Close(c) for c in hand if c != s.taken and without[c] <= MAX_CLOSE_POINTS]
            return acts
        if s.phase == "layoff":
            hand = sorted(s.hands[seat], key=card_id)
            acts = [
                LayOff(c, i)
                for c in hand
                for i, m in enumerate(s.closer_melds)
                if lay_off_result(c, m, o.deck, o.copies) is not None
            ]
            acts.append(FinishLayOff())
            return acts
        if s.phase == "reenganche":
            return [Reenganche(True), Reenganche(False)]
        return []

    # -- apply -------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> list[Event]:
        s = self._s
        refuse_closed(s.phase == "over", action, ChinchonAction)
        if seat != s.current:
            raise IllegalAction("not_your_turn", current=s.current)
        handler = {
            "draw": self._apply_draw,
            "discard": self._apply_discard,
            "layoff": self._apply_layoff,
            "reenganche": self._apply_reenganche,
        }[s.phase]
        return list(handler(seat, action))

    def _wrong_phase(self, action: ChinchonAction) -> IllegalAction:
        phase = self._s.phase
        if isinstance(action, (Discard, Close)) and phase == "draw":
            return IllegalAction("must_draw_first")
        if isinstance(action, (DrawStock, TakeDiscard)) and phase == "discard":
            return IllegalAction("already_drew")
        if phase == "layoff":
            return IllegalAction("must_lay_off")
        if phase == "reenganche":
            return IllegalAction("must_answer_reenganche")
        if isinstance(action, (LayOff, FinishLayOff)):
            return IllegalAction("not_layoff_phase")
        if isinstance(action, Reenganche):
            return IllegalAction("no_reenganche_offer")
        return IllegalAction("wrong_phase", phase=phase)  # pragma: no cover

    def _apply_draw(self, seat: int, action: ChinchonAction) -> list[ChinchonEvent]:
        s = self._s
        events: list[ChinchonEvent] = []
        if isinstance(action, DrawStock):
            if not self._can_draw_stock():
                raise IllegalAction("stock_empty")
            if not s.stock:
                top = s.discard.pop()
                s.stock = s.discard
                self._rng.shuffle(s.stock)
                s.discard = [top]
                s.rebuilds += 1
                events.append(
                    StockRebuilt(cards_in_stock=len(s.stock), discard_top=top, rebuilds=s.rebuilds)
                )
            card = s.stock.pop()
            s.hands[seat].append(card)
            s.phase = "discard"
            events.append(DrewStock(seat=seat, card=card, stock_count=len(s.stock)))
            return events
        if isinstance(action, TakeDiscard):
            if not s.discard:
                raise IllegalAction("discard_empty")
            card = s.discard.pop()
            s.hands[seat].append(card)
            s.taken = card
            s.phase = "discard"
            return [TookDiscard(seat=seat, card=card, new_top=s.discard[-1] if s.discard else None)]
        raise self._wrong_phase(action)

    def _check_card_to_drop(self, seat: int, card: Card) -> None:
        s = self._s
        if not isinstance(card, Card):
            raise IllegalAction("bad_card", card=repr(card))
        if card not in s.hands[seat]:
            raise IllegalAction("card_not_in_hand", card=card.code)
        if card == s.taken:
            raise IllegalAction("same_card_back", card=card.code)

    def _apply_discard(self, seat: int, action: ChinchonAction) -> list[ChinchonEvent]:
        s = self._s
        o = self.options
        if isinstance(action, Discard):
            self._check_card_to_drop(seat, action.card)
            s.hands[seat].remove(action.card)
            s.discard.append(action.card)
            taken, s.taken = s.taken, None
            s.turns += 1
            s.current = self._next_in(seat)
            s.phase = "draw"
            return [
                Discarded(seat=seat, card=action.card, taken=taken),
                TurnStarted(seat=s.current, phase="draw"),
            ]
        if isinstance(action, Close):
            self._check_card_to_drop(seat, action.card)
            rest = [c for c in s.hands[seat] if c != action.card]
            arr = best_arrangement(rest, o.deck)
            if arr.loose_points > MAX_CLOSE_POINTS:
                raise IllegalAction(
                    "cannot_close_loose_points",
                    loose=arr.loose_points,
                    max=MAX_CLOSE_POINTS,
                    card=action.card.code,
                )
            return self._close(seat, action.card, rest, arr)
        raise self._wrong_phase(action)

    def _close(self, seat, facedown, rest, arr) -> list[ChinchonEvent]:
        s = self._s
        o = self.options
        s.facedown = facedown
        taken, s.taken = s.taken, None
        s.turns += 1
        s.closer = seat
        s.closer_melds = list(arr.melds)
        s.closer_shown = list(arr.melds)
        s.hands[seat] = list(arr.loose)
        s.chinchon = not arr.loose
        seven = is_seven_run(rest, o.deck)
        s.closer_points = CHINCHON_POINTS if s.chinchon else arr.loose_points
        self._score_hand(seat, s.closer_points, arr.melds, arr.loose)
        events: list[ChinchonEvent] = [
            Closed(
                seat=seat,
                facedown=facedown,
                melds=arr.melds,
                loose_cards=arr.loose,
                loose_points=arr.loose_points,
                chinchon=s.chinchon,
                seven_run=seven,
                taken=taken,
            )
        ]
        if seven and o.seven_run_wins:
            return events + self._end_match(seat, "seven_run")
        others = self._order_from(seat)[1:]
        if s.chinchon:
            for t in others:
                a = best_arrangement(s.hands[t], o.deck)
                self._score_hand(t, a.loose_points, a.melds, a.loose)
            return events + self._score_round()
        s.queue = others[1:]
        s.current = others[0]
        s.phase = "layoff"
        return events + [TurnStarted(seat=s.current, phase="layoff")]

    def _apply_layoff(self, seat: int, action: ChinchonAction) -> list[ChinchonEvent]:
        s = self._s
        o = self.options
        if isinstance(action, LayOff):
            if not isinstance(action.card, Card):
                raise IllegalAction("bad_card", card=repr(action.card))
            if action.card not in s.hands[seat]:
                raise IllegalAction("card_not_in_hand", card=action.card.code)
            if not (
                isinstance(action.meld_index, int) and 0 <= action.meld_index < len(s.closer_melds)
            ):
                raise IllegalAction("no_such_meld", meld_index=action.meld_index)
            new = lay_off_result(action.card, s.closer_melds[action.meld_index], o.deck, o.copies)
            if new is None:
                raise IllegalAction(
                    "cannot_lay_off", card=action.card.code, meld_index=action.meld_index
                )
            s.closer_melds[action.meld_index] = new
            s.hands[seat].remove(action.card)
            s.laid_off[seat].append(action.card)
            return [
                LaidOff(seat=seat, card=action.card, meld_index=action.meld_index, meld_after=new)
            ]
        if isinstance(action, FinishLayOff):
            arr = best_arrangement(s.hands[seat], o.deck)
            self._score_hand(seat, arr.loose_points, arr.melds, arr.loose)
            events: list[ChinchonEvent] = [
                LayOffFinished(
                    seat=seat,
                    melds=arr.melds,
                    loose_cards=arr.loose,
                    laid_off=tuple(s.laid_off[seat]),
                    points=arr.loose_points,
                )
            ]
            if s.queue:
                s.current = s.queue.pop(0)
                return events + [TurnStarted(seat=s.current, phase="layoff")]
            return events + self._score_round()
        raise self._wrong_phase(action)

    def _score_round(self) -> list[ChinchonEvent]:
        s = self._s
        o = self.options
        assert s.closer is not None
        order = self._order_from(s.closer)
        results = []
        points: dict[str, int] = {}
        for t in order:
            p = s.round_points[t]
            assert p is not None
            s.totals[t] += p
            points[str(t)] = p
            results.append(
                SeatResult(
                    seat=t,
                    points=p,
                    total=s.totals[t],
                    melds=tuple(s.round_melds[t]),
                    loose_cards=tuple(s.round_loose[t]),
                    laid_off=tuple(s.laid_off[t]),
                    closer=t == s.closer,
                )
            )
        s.log.append({"type": "round", "round_no": s.round_no, "points": points})
        events: list[ChinchonEvent] = [
            RoundScored(
                round_no=s.round_no, closer=s.closer, chinchon=s.chinchon, results=tuple(results)
            )
        ]
        out = [t for t in order if s.totals[t] >= o.limit]
        for t in out:
            s.eliminated[t] = True
            events.append(Eliminated(seat=t, total=s.totals[t]))
        remaining = [t for t in order if not s.eliminated[t]]
        if not remaining:
            low = min(s.totals[t] for t in order)
            winner = next(t for t in order if s.totals[t] == low)  # closer first on ties
            return events + self._end_match(winner, "all_eliminated")
        if len(remaining) == 1:
            return events + self._end_match(remaining[0], "last_standing")
        if o.reenganche and out:
            s.queue = out
            return events + self._offer_reenganche()
        return events + self._start_round()

    def _offer_reenganche(self) -> list[ChinchonEvent]:
        s = self._s
        seat = s.queue.pop(0)
        s.current = seat
        s.phase = "reenganche"
        s.reenganche_total = max(t for i, t in enumerate(s.totals) if not s.eliminated[i])
        return [
            ReengancheOffered(seat=seat, new_total=s.reenganche_total, stake=self.options.stake),
            TurnStarted(seat=seat, phase="reenganche"),
        ]

    def _apply_reenganche(self, seat: int, action: ChinchonAction) -> list[ChinchonEvent]:
        s = self._s
        if not isinstance(action, Reenganche):
            raise self._wrong_phase(action)
        events: list[ChinchonEvent]
        if action.accept:
            assert s.reenganche_total is not None
            old = s.totals[seat]
            s.totals[seat] = s.reenganche_total
            s.eliminated[seat] = False
            s.pot += self.options.stake
            s.log.append({"type": "reenganche", "seat": seat, "delta": s.reenganche_total - old})
            events = [Reenganched(seat=seat, old_total=old, new_total=s.totals[seat], pot=s.pot)]
        else:
            events = [ReengancheDeclined(seat=seat)]
        s.reenganche_total = None
        if s.queue:
            return events + self._offer_reenganche()
        return events + self._start_round()

    def _score_hand(self, seat: int, points: int, melds: Any, loose: Any) -> None:
        """A seat's hand this round, as the round's scoring will read it."""
        s = self._s
        s.round_points[seat] = points
        s.round_melds[seat] = list(melds)
        s.round_loose[seat] = list(loose)

    def _end_match(self, winner: int, reason: str) -> list[ChinchonEvent]:
        s = self._s
        s.winner = winner
        s.reason = reason
        s.phase = "over"
        s.current = None
        s.queue = []
        return [MatchOver(winner=winner, pot=s.pot, totals=tuple(s.totals), reason=reason)]

    # -- view ----------------------------------------------------------------

    def view(self, seat: int | None) -> ChinchonView:
        s = self._s
        in_layoff = s.phase in ("layoff",) or (s.phase == "over" and s.closer is not None)
        hand = None
        if seat is not None:
            hand = tuple(sorted(s.hands[seat], key=card_id))
        return ChinchonView(
            seat=seat,
            phase=s.phase,
            current_seat=s.current,
            round_no=s.round_no,
            mano=s.mano,
            hand=hand,
            hand_counts=tuple(len(h) for h in s.hands),
            discard_top=s.discard[-1] if s.discard else None,
            discard_count=len(s.discard),
            stock_count=len(s.stock),
            scores=tuple(s.totals),
            eliminated=tuple(s.eliminated),
            pot=s.pot,
            options=self.options,
            taken_discard=s.taken if seat is not None and seat == s.current else None,
            closer=s.closer if in_layoff else None,
            closer_melds=tuple(s.closer_melds) if in_layoff else (),
            closer_loose_points=(
                (CHINCHON_POINTS if s.chinchon else s.closer_points) if in_layoff else None
            ),
            chinchon=s.chinchon if in_layoff else False,
            round_points=tuple(s.round_points) if in_layoff else (),
            laid_off=tuple(tuple(x) for x in s.laid_off) if in_layoff else (),
            reenganche_total=s.reenganche_total,
            stock_rebuilds=s.rebuilds,
            turns_in_round=s.turns,
            winner=s.winner,
        )

    # -- persistence ---------------------------------------------------------

    def state_json(self) -> dict[str, Any]:
        return _STATE_JSON
