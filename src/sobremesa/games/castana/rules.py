"""ABC ¡Castaña! rules (seed 000, decisions in DESIGN §4 and docs/castana.md).

A pure state machine: no I/O, no clock. Cards are strings: the letter (upper
case, Ñ included) followed by the colour's initial, "Ma" = M azul, "Ar" = A roja,
"Ñv" = Ñ verde. 3 colours × (27 letters + a second copy of each vowel) = 96.

Phases:
- "turn": `current` plays a card of the colour or letter on top, a word from the
  visible letter, a Ñ, or draws. Under an L/R attack it plays the same letter or
  draws 2 and loses the turn.
- "window": after a discard, before the next player acts (¡Toma castaña!): the
  other players (not the next one, not a player under attack) may steal with a
  word or play a Ñ; after a word anyone but its player may challenge it. Seats
  that have nothing to do pass. The driver closes the window when its time is up.
- "race": after a Ñ every other player puts a hand; the first draws 1, the
  second 2, and so on.
- "give": a challenge failed; every other player gives the challenger a card.
- "over".

Words are checked against the "castana" lexicon (with the k/w supplement) only
when challenged, or at once with the automatic referee option.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from sobremesa.core.game import (
    Action,
    Event,
    Game,
    IllegalAction,
    Record,
    View,
    by_kind,
    each,
    event_decoder,
    nullable,
    read_header,
    refuse_closed,
    save_header,
)

COLOURS = ("azul", "rojo", "verde")
_COLOUR_BY_INITIAL = {c[0]: c for c in COLOURS}
LETTERS = "ABCDEFGHIJKLMNÑOPQRSTUVWXYZ"
VOWELS = "AEIOU"
MAGIC_CONSONANTS = "ÑHLRS"  # sent back into the deck as the start card
HAND_SIZE = 6
TARGET = 40  # the game ends after a round in which someone reaches it
MIN_WORD = 3
POINTS = {"Ñ": 5, **dict.fromkeys("AEIOUH", 3), **dict.fromkeys("LQRS", 2)}
PHASES = ("turn", "window", "race", "give", "over")

Card = str


def letter(card: Card) -> str:
    return card[0]


def colour(card: Card) -> str:
    return _COLOUR_BY_INITIAL[card[1]]


def make_card(letter_: str, colour_: str) -> Card:
    return letter_ + colour_[0]


def points(card: Card) -> int:
    return POINTS.get(letter(card), 1)


def full_deck() -> list[Card]:
    cards = []
    for c in COLOURS:
        for ch in LETTERS:
            cards.append(make_card(ch, c))
        for ch in VOWELS:
            cards.append(make_card(ch, c))
    return cards


def is_card(value: Any) -> bool:
    return (
        isinstance(value, str)
        and len(value) == 2
        and value[0] in LETTERS
        and value[1] in _COLOUR_BY_INITIAL
    )


def card_from_code(code: Any) -> Card:
    """A card read from JSON (its own code); ValueError unless it is one."""
    if not is_card(code):
        raise ValueError(f"bad card code {code!r}")
    return code


def needs_choice(last: Card) -> str | None:
    """What the player of `last` (alone or ending a word) must choose:
    "colour" (vowels and Ñ), "seat" (S) or None."""
    ch = letter(last)
    if ch in VOWELS or ch == "Ñ":
        return "colour"
    if ch == "S":
        return "seat"
    return None


def word_of(top_letter: str, cards: Sequence[Card]) -> str:
    """The word spelled by the visible letter and the laid cards (upper case)."""
    return top_letter + "".join(letter(c) for c in cards)


def cards_for_word(
    hand: Sequence[Card], letters: str, keep: str | None = None
) -> list[Card] | None:
    """Cards of `hand` spelling `letters` in order (None if some letter is missing).

    Colours do not matter in a word; the last card is taken in the colour the hand
    holds most of (the colour that then stays on top), or `keep` if given."""
    pool = list(hand)
    chosen: list[Card] = []
    for i, ch in enumerate(letters):
        options = [c for c in pool if letter(c) == ch]
        if not options:
            return None
        if i == len(letters) - 1:
            rest = Counter(colour(c) for c in pool)
            options.sort(
                key=lambda c: (colour(c) != keep, -rest[colour(c)], COLOURS.index(colour(c)))
            )
        else:
            # Spend first the colours the hand holds most of.
            rest = Counter(colour(c) for c in pool)
            options.sort(key=lambda c: (-rest[colour(c)], COLOURS.index(colour(c))))
        chosen.append(options[0])
        pool.remove(options[0])
    return chosen


# --- actions -----------------------------------------------------------------------


@dataclass(frozen=True)
class CastanaAction(Action):
    kind: ClassVar[str] = "action"


@dataclass(frozen=True)
class PlayCard(CastanaAction):
    """One card on the pile (on your turn; a Ñ also out of turn in a window).
    `colour` for a vowel or Ñ, `target` (a seat) for an S."""

    kind: ClassVar[str] = "card"
    card: Card
    colour: str | None = None
    target: int | None = None


@dataclass(frozen=True)
class PlayWord(CastanaAction):
    """A word from the visible letter: `cards` are the other letters, in order.
    On your turn, or out of turn in a window (¡Toma castaña!, a steal)."""

    kind: ClassVar[str] = "word"
    cards: tuple[Card, ...]
    colour: str | None = None
    target: int | None = None


@dataclass(frozen=True)
class Draw(CastanaAction):
    """Draw one card and end the turn; under an attack, draw 2 and lose the turn."""

    kind: ClassVar[str] = "draw"


@dataclass(frozen=True)
class Challenge(CastanaAction):
    kind: ClassVar[str] = "challenge"


@dataclass(frozen=True)
class Pass(CastanaAction):
    """Nothing to do in this window."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True)
class PutHand(CastanaAction):
    """The Ñ race: put your hand on the pile."""

    kind: ClassVar[str] = "hand"


@dataclass(frozen=True)
class Give(CastanaAction):
    """After a failed challenge: the card you give the challenger."""

    kind: ClassVar[str] = "give"
    card: Card


ACTIONS: dict[str, type[CastanaAction]] = by_kind(
    PlayCard, PlayWord, Draw, Challenge, Pass, PutHand, Give
)


def action_from_dict(data: dict[str, Any]) -> CastanaAction:
    kind = ACTIONS[data["kind"]]
    args = {k: v for k, v in data.items() if k != "kind"}
    if "cards" in args:
        args["cards"] = tuple(args["cards"])
    return kind(**args)


# --- events ------------------------------------------------------------------------


@dataclass(frozen=True)
class CastanaEvent(Event):
    kind: ClassVar[str] = "event"


@dataclass(frozen=True)
class RoundStarted(CastanaEvent):
    kind: ClassVar[str] = "round_started"
    round_no: int
    starter: int
    start_card: Card
    returned: tuple[Card, ...]  # magic consonants sent back into the deck


@dataclass(frozen=True)
class Dealt(CastanaEvent):
    kind: ClassVar[str] = "dealt"
    private: ClassVar[tuple[str, ...]] = ("cards",)
    seat: int
    cards: tuple[Card, ...] | None


@dataclass(frozen=True)
class TurnStarted(CastanaEvent):
    kind: ClassVar[str] = "turn_started"
    seat: int
    attack: str | None  # "L" or "R": play another or draw 2


@dataclass(frozen=True)
class CardPlayed(CastanaEvent):
    kind: ClassVar[str] = "card_played"
    seat: int
    card: Card
    colour: str  # the colour that follows
    out_of_turn: bool
    answer: bool  # an L or R played on an L or R


@dataclass(frozen=True)
class WordPlayed(CastanaEvent):
    kind: ClassVar[str] = "word_played"
    seat: int
    word: str
    cards: tuple[Card, ...]
    colour: str
    steal: bool  # ¡Toma castaña! out of turn


@dataclass(frozen=True)
class Attacked(CastanaEvent):
    """`seat` must play another `letter` or draw 2 (caña)."""

    kind: ClassVar[str] = "attacked"
    seat: int
    letter: str


@dataclass(frozen=True)
class Drew(CastanaEvent):
    kind: ClassVar[str] = "drew"
    private: ClassVar[tuple[str, ...]] = ("cards",)
    seat: int
    count: int
    cards: tuple[Card, ...] | None
    # "turn", "attack" (2), "answer" (4), "race", "taken_back"
    reason: str


@dataclass(frozen=True)
class TurnLost(CastanaEvent):
    kind: ClassVar[str] = "turn_lost"
    seat: int
    reason: str  # "h", "attack", "answer", "challenge"


@dataclass(frozen=True)
class NextChosen(CastanaEvent):
    kind: ClassVar[str] = "next_chosen"
    seat: int
    target: int


@dataclass(frozen=True)
class WindowOpened(CastanaEvent):
    kind: ClassVar[str] = "window_opened"
    seat: int  # who discarded
    next_seat: int | None
    stealers: tuple[int, ...]
    challengers: tuple[int, ...]
    word: str | None


@dataclass(frozen=True)
class WindowClosed(CastanaEvent):
    kind: ClassVar[str] = "window_closed"
    timed_out: bool


@dataclass(frozen=True)
class StealWarned(CastanaEvent):
    """A player asks first before stealing the turn of a protected player."""

    kind: ClassVar[str] = "steal_warned"
    seat: int
    target: int


@dataclass(frozen=True)
class Passed(CastanaEvent):
    kind: ClassVar[str] = "passed"
    seat: int


@dataclass(frozen=True)
class Challenged(CastanaEvent):
    kind: ClassVar[str] = "challenged"
    seat: int  # the challenger
    target: int  # who played the word
    word: str
    valid: bool


@dataclass(frozen=True)
class WordTakenBack(CastanaEvent):
    kind: ClassVar[str] = "word_taken_back"
    seat: int
    word: str
    cards: tuple[Card, ...]
    top: Card
    colour: str


@dataclass(frozen=True)
class CardGiven(CastanaEvent):
    kind: ClassVar[str] = "card_given"
    seat: int
    to: int
    card: Card | None

    def visible_to(self, seat: int | None) -> Self:
        if seat in (self.seat, self.to):
            return self
        return CardGiven(self.seat, self.to, None)  # type: ignore[return-value]


@dataclass(frozen=True)
class GiveSkipped(CastanaEvent):
    """A player with one card left gives nothing (their hand would empty)."""

    kind: ClassVar[str] = "give_skipped"
    seat: int


@dataclass(frozen=True)
class RaceStarted(CastanaEvent):
    kind: ClassVar[str] = "race_started"
    seat: int  # who played the Ñ
    racers: tuple[int, ...]


@dataclass(frozen=True)
class HandPut(CastanaEvent):
    kind: ClassVar[str] = "hand_put"
    private: ClassVar[tuple[str, ...]] = ("cards",)
    seat: int
    position: int  # 1 = first: draws 1
    cards: tuple[Card, ...] | None
    late: bool  # the time was up


@dataclass(frozen=True)
class DeckReshuffled(CastanaEvent):
    kind: ClassVar[str] = "deck_reshuffled"
    count: int


@dataclass(frozen=True)
class DeckEmpty(CastanaEvent):
    """Nothing left to draw (every card is in a hand or on top)."""

    kind: ClassVar[str] = "deck_empty"
    seat: int


@dataclass(frozen=True)
class RoundScored(CastanaEvent):
    kind: ClassVar[str] = "round_scored"
    round_no: int
    winner: int | None  # None: blocked round (nothing left to draw, nobody could play)
    points: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True)
class GameOver(CastanaEvent):
    kind: ClassVar[str] = "game_over"
    winners: tuple[int, ...]
    totals: tuple[int, ...]


EVENT_TYPES: dict[str, type[CastanaEvent]] = by_kind(
    RoundStarted,
    Dealt,
    TurnStarted,
    CardPlayed,
    WordPlayed,
    Attacked,
    Drew,
    TurnLost,
    NextChosen,
    WindowOpened,
    WindowClosed,
    StealWarned,
    Passed,
    Challenged,
    WordTakenBack,
    CardGiven,
    GiveSkipped,
    RaceStarted,
    HandPut,
    DeckReshuffled,
    DeckEmpty,
    RoundScored,
    GameOver,
)

#: Inverse of `event.to_dict()` (cards are their own codes: lists become tuples).
event_from_dict = event_decoder(EVENT_TYPES.values())


# --- options, view -----------------------------------------------------------------


@dataclass
class CastanaOptions(Record):
    players: int = 4
    referee: bool = False  # automatic referee: invalid words refused at once
    protected: tuple[bool, ...] = ()  # per seat: warn before stealing their turn
    target: int = TARGET

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or not 2 <= self.players <= 6:
            raise ValueError("players")
        protected = tuple(bool(p) for p in self.protected) or (False,) * self.players
        if len(protected) != self.players:
            raise ValueError("protected")
        self.protected = protected
        if not isinstance(self.target, int) or not 5 <= self.target <= 500:
            raise ValueError("target")

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CastanaOptions:
        # Strict: a save's options must name every field but the newer target.
        return cls(
            int(data["players"]),
            bool(data["referee"]),
            tuple(data["protected"]),
            int(data.get("target", TARGET)),
        )


@dataclass(frozen=True)
class CastanaView(View):
    """What one seat (or a spectator, seat None) may know."""

    seat: int | None
    hand: tuple[Card, ...] | None
    hand_sizes: tuple[int, ...]
    top: Card
    colour: str
    deck_size: int
    pile_size: int
    phase: str
    current: int | None
    attack: str | None  # L/R the current player must answer
    to_act: tuple[int, ...]
    # window
    discarder: int | None
    next_seat: int | None
    stealers: tuple[int, ...]
    challengers: tuple[int, ...]
    word: str | None  # the word that may be challenged
    warned: bool
    # race and give
    race_seat: int | None
    race_order: tuple[int, ...]
    challenger: int | None
    totals: tuple[int, ...]
    round_no: int
    referee: bool
    protected: tuple[bool, ...]

    @classmethod
    def field_decoders(cls, data: dict[str, Any]) -> dict[str, Any]:
        return _VIEW_JSON

    @property
    def top_letter(self) -> str:
        return letter(self.top)

    def matches(self, card: Card) -> bool:
        """Same letter or the colour in play (a vowel too: same vowel or colour)."""
        return letter(card) == self.top_letter or colour(card) == self.colour

    def left_of(self, seat: int) -> int:
        return (seat + 1) % len(self.hand_sizes)


#: How a view reads back from JSON (View.from_dict; other lists become tuples).
_VIEW_JSON: dict[str, Any] = {
    "hand": nullable(each(card_from_code)),
    "top": card_from_code,
}


# --- the game ----------------------------------------------------------------------


@dataclass
class _Window:
    discarder: int
    next_seat: int | None  # who plays when the window closes (None: round over / race)
    stealers: list[int]
    challengers: list[int]
    passed: list[int] = field(default_factory=list)
    word: str | None = None
    word_cards: list[Card] = field(default_factory=list)
    before: list[Any] = field(default_factory=list)  # [top colour] before the word
    then: str = "turn"  # "turn", "attack", "race", "round_end"
    attack: str | None = None
    warned: bool = False
    key: int = 0

    def to_dict(self) -> dict[str, Any]:
        # Copies: a save must not change as the live window goes on.
        return {k: list(v) if isinstance(v, list) else v for k, v in self.__dict__.items()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> _Window:
        return cls(**{k: list(v) if isinstance(v, list) else v for k, v in data.items()})


class CastanaGame(Game):
    game_id = "castana"
    view_class = CastanaView

    def __init__(
        self,
        options: CastanaOptions | None = None,
        seed: int = 0,
        is_word: Callable[[str], bool] | None = None,
        *,
        _restoring: bool = False,
    ) -> None:
        self.options = options or CastanaOptions()
        self.seed = seed
        self._is_word = is_word
        n = self.options.players
        self.rng = random.Random(seed)
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.deck: list[Card] = []
        self.pile: list[Card] = []
        self.colour = COLOURS[0]
        self.phase = "turn"
        self.current: int | None = None
        self.attack: str | None = None
        self.window: _Window | None = None
        self.race_seat: int | None = None
        self.race_order: list[int] = []
        self.challenger: int | None = None
        self.givers: list[int] = []
        self.totals = [0] * n
        self.round_points: list[list[int]] = []
        self.round_no = 0
        self.idle_draws = 0  # consecutive turns with nothing to draw and nothing played
        self.window_count = 0
        self.winners: list[int] = []
        self.opening_events: list[CastanaEvent] = []
        self._pending_window: _Window | None = None  # a word that stood, while cards are given
        if not _restoring:
            self.opening_events = self._start_round(self.rng.randrange(n))

    # -- the word list --------------------------------------------------------------
    def is_word(self, word: str) -> bool:
        if self._is_word is None:
            from sobremesa.lexicon import default_lexicon

            lexicon = default_lexicon("castana")
            self._is_word = lambda w: w.lower() in lexicon
        return self._is_word(word)

    # -- Game interface -------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == "over"

    def scores(self) -> list[int]:
        return list(self.totals)

    @property
    def top(self) -> Card:
        return self.pile[-1]

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.num_seats

    def to_act(self) -> list[int]:
        if self.phase == "turn":
            return [self.current] if self.current is not None else []
        if self.phase == "window":
            w = self.window
            assert w is not None
            seats = [s for s in (*w.stealers, *w.challengers) if s not in w.passed]
            if w.warned and w.next_seat is not None and w.next_seat not in w.passed:
                seats.append(w.next_seat)
            return sorted(set(seats))
        if self.phase == "race":
            return [s for s in self._racers() if s not in self.race_order]
        if self.phase == "give":
            return list(self.givers)
        return []

    def _racers(self) -> list[int]:
        assert self.race_seat is not None
        n = self.num_seats
        return [(self.race_seat + i) % n for i in range(1, n)]

    def hand(self, seat: int) -> list[Card]:
        return list(self.hands[seat])

    def all_cards(self) -> list[Card]:
        return [*self.deck, *self.pile, *(c for h in self.hands for c in h)]

    event_from_dict = staticmethod(event_from_dict)

    def in_window(self) -> bool:
        return self.phase in ("window", "race")

    def window_key(self) -> int | None:
        """Changes whenever a new window (or a warned window) opens."""
        return self.window_count if self.in_window() else None

    # -- legal actions -------------------------------------------------------------
    def _choices(self, card: Card, seat: int) -> list[dict[str, Any]]:
        need = needs_choice(card)
        if need == "colour":
            return [{"colour": c} for c in COLOURS]
        if need == "seat":
            return [{"target": s} for s in range(self.num_seats) if s != seat]
        return [{}]

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of a seat in `to_act()` except words (they depend on
        the word list: see `can_play_word`). A Ñ thrown out of turn by a seat not in
        `to_act()` is allowed by `may_play_enie`."""
        if seat not in self.to_act():
            return []
        hand = self.hands[seat]
        found: list[Action] = []
        if self.phase == "turn":
            if self.attack:
                for card in dict.fromkeys(hand):
                    if letter(card) == self.attack:
                        found.append(PlayCard(card))
                return [*found, Draw()]
            return self._turn_actions_for(seat)
        if self.phase == "window":
            w = self.window
            assert w is not None
            if seat in w.stealers:
                for card in dict.fromkeys(hand):
                    if letter(card) == "Ñ":
                        found += [PlayCard(card, **c) for c in self._choices(card, seat)]
            if seat in w.challengers:
                found.append(Challenge())
            if w.warned and seat == w.next_seat:
                found += self._turn_actions_for(seat)
            return [*found, Pass()]
        if self.phase == "race":
            return [PutHand()]
        if self.phase == "give":
            return [Give(card) for card in dict.fromkeys(hand)]
        return []

    def _turn_actions_for(self, seat: int) -> list[Action]:
        view = self.view(seat)
        found: list[Action] = []
        for card in dict.fromkeys(self.hands[seat]):
            if view.matches(card) or letter(card) == "Ñ":
                found += [PlayCard(card, **c) for c in self._choices(card, seat)]
        return [*found, Draw()]

    def may_play_enie(self, seat: int) -> bool:
        """May `seat` throw a Ñ now, out of turn (seed: at any moment, on any
        letter)? During another player's turn, unless an attack is pending (it is
        resolved first); in a window, whoever may steal in it (not the discarder,
        the next player, a player who just lost the turn; no one while an attack,
        a race or the end of the round waits on the window)."""
        if not any(letter(c) == "Ñ" for c in self.hands[seat]):
            return False
        if self.phase == "turn":
            return seat != self.current and not self.attack
        if self.phase == "window":
            w = self.window
            assert w is not None
            return seat in w.stealers
        return False

    def can_play_word(self, seat: int) -> bool:
        """May `seat` lay a word now (on its turn, or as a steal)?"""
        if seat not in self.to_act():
            return False
        if self.phase == "turn":
            return not self.attack
        if self.phase == "window":
            w = self.window
            assert w is not None
            return seat in w.stealers or (w.warned and seat == w.next_seat)
        return False

    # -- apply ----------------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> list[Event]:
        refuse_closed(self.phase == "over", action, CastanaAction)
        if isinstance(action, PlayCard) and seat not in self.to_act() and self.may_play_enie(seat):
            # The Ñ at any moment (seed): out of turn, on any letter.
            self._check_card(seat, action)
            if letter(action.card) != "Ñ":
                raise IllegalAction("not_your_turn")
            self.window = None
            return list(self._play_card(seat, action, out_of_turn=True))
        if seat not in self.to_act():
            if isinstance(action, PlayCard) and letter(action.card) == "Ñ":
                raise IllegalAction("not_now")
            raise IllegalAction("not_your_turn")
        events: list[CastanaEvent] = []
        if self.phase == "turn":
            events = self._apply_turn(seat, action)
        elif self.phase == "window":
            events = self._apply_window(seat, action)
        elif self.phase == "race":
            if not isinstance(action, PutHand):
                raise IllegalAction("race_put_hand")
            events = self._put_hand(seat, late=False)
        elif self.phase == "give":
            if not isinstance(action, Give):
                raise IllegalAction("must_give")
            events = self._give(seat, action.card)
        return list(events)

    def close_window(self) -> list[Event]:
        """The clock ran out: a window closes, a race ends with the late hands."""
        if self.phase == "window":
            return [WindowClosed(True), *self._close_window()]
        if self.phase == "race":
            events: list[CastanaEvent] = []
            for s in self._racers():
                if s not in self.race_order and self.phase == "race":
                    events += self._put_hand(s, late=True)
            return events
        return []

    # -- turn -----------------------------------------------------------------------
    def _apply_turn(self, seat: int, action: CastanaAction) -> list[CastanaEvent]:
        if isinstance(action, Draw):
            return self._draw_turn(seat)
        if isinstance(action, PlayCard):
            if self.attack:
                # The attack first: no choice of colour or player goes with the answer.
                if is_card(action.card) and letter(action.card) != self.attack:
                    raise IllegalAction("must_answer", letter=self.attack)
                if action.card not in self.hands[seat]:
                    raise IllegalAction("card_not_in_hand", card=action.card)
                return self._answer_attack(seat, action.card)
            self._check_card(seat, action)
            if letter(action.card) != "Ñ" and not self.view(seat).matches(action.card):
                raise IllegalAction("no_match", card=action.card)
            return self._play_card(seat, action, out_of_turn=False)
        if isinstance(action, PlayWord):
            if self.attack:
                raise IllegalAction("must_answer", letter=self.attack)
            return self._play_word(seat, action, steal=False)
        if isinstance(action, (Pass, Challenge, PutHand, Give)):
            raise IllegalAction("your_turn")
        raise IllegalAction("unknown_action")

    def _check_card(self, seat: int, action: PlayCard) -> None:
        if not is_card(action.card) or action.card not in self.hands[seat]:
            raise IllegalAction(
                "card_not_in_hand", card=action.card if is_card(action.card) else None
            )
        self._check_choice(seat, action.card, action.colour, action.target)

    def _check_choice(self, seat: int, last: Card, colour_: str | None, target: int | None) -> None:
        need = needs_choice(last)
        if need == "colour" and colour_ not in COLOURS:
            raise IllegalAction("choose_colour")
        if need == "seat" and not (
            isinstance(target, int) and 0 <= target < self.num_seats and target != seat
        ):
            raise IllegalAction("choose_seat")

    def _draw_turn(self, seat: int) -> list[CastanaEvent]:
        events: list[CastanaEvent] = []
        if self.attack:
            self.attack = None
            events += self._draw(seat, 2, "attack")
            events.append(TurnLost(seat, "attack"))
            self.idle_draws = 0
            return events + self._next_turn(self.left_of(seat))
        events += self._draw(seat, 1, "turn")
        drawn = events[-1]
        if isinstance(drawn, DeckEmpty):
            self.idle_draws += 1
            if self.idle_draws >= self.num_seats:
                return events + self._score_round(None)
        else:
            self.idle_draws = 0
        return events + self._next_turn(self.left_of(seat))

    def _answer_attack(self, seat: int, card: Card) -> list[CastanaEvent]:
        """Another L (or R) on an L (or R): the next player draws 4 and loses the
        turn, with no third card (seed)."""
        self.attack = None
        self.hands[seat].remove(card)
        self.pile.append(card)
        self.colour = colour(card)
        events: list[CastanaEvent] = [CardPlayed(seat, card, self.colour, False, True)]
        self.idle_draws = 0
        if not self.hands[seat]:
            return events + self._score_round(seat)
        victim = self.left_of(seat)
        events += self._draw(victim, 4, "answer")
        events.append(TurnLost(victim, "answer"))
        return events + self._after_discard(seat, self.left_of(victim), skipped=(victim,))

    def _play_card(self, seat: int, action: PlayCard, out_of_turn: bool) -> list[CastanaEvent]:
        card = action.card
        self.hands[seat].remove(card)
        self.pile.append(card)
        self.colour = action.colour if needs_choice(card) == "colour" else colour(card)
        self.idle_draws = 0
        events: list[CastanaEvent] = [CardPlayed(seat, card, self.colour, out_of_turn, False)]
        if not self.hands[seat]:
            return events + self._score_round(seat)
        return events + self._effects(seat, card, action.target)

    def _play_word(self, seat: int, action: PlayWord, steal: bool) -> list[CastanaEvent]:
        self._validate_word(seat, action)
        cards = tuple(action.cards)
        word = word_of(letter(self.top), cards)
        before = [self.top, self.colour]
        for c in cards:
            self.hands[seat].remove(c)
            self.pile.append(c)
        last = cards[-1]
        self.colour = action.colour if needs_choice(last) == "colour" else colour(last)
        self.idle_draws = 0
        events: list[CastanaEvent] = [WordPlayed(seat, word, cards, self.colour, steal)]
        challengeable = not self.options.referee
        if not self.hands[seat]:
            if challengeable:
                return events + self._open_window(
                    seat, None, [], self._others(seat), word, cards, before, then="round_end"
                )
            return events + self._score_round(seat)
        return events + self._effects(
            seat,
            last,
            action.target,
            word=word if challengeable else None,
            cards=cards,
            before=before,
        )

    def _others(self, seat: int) -> list[int]:
        return [s for s in range(self.num_seats) if s != seat]

    def _effects(
        self,
        seat: int,
        last: Card,
        target: int | None,
        word: str | None = None,
        cards: Sequence[Card] = (),
        before: list[Any] | None = None,
    ) -> list[CastanaEvent]:
        """The last letter's power, then the window before the next player acts."""
        ch = letter(last)
        nxt = self.left_of(seat)
        events: list[CastanaEvent] = []
        if ch == "Ñ":
            if word is None:
                return self._start_race(seat)
            return self._open_window(
                seat, None, [], self._others(seat), word, cards, before, then="race"
            )
        if ch in "LR":
            # The attacked player must answer first: no steal, only a challenge.
            challengers = self._others(seat) if word else []
            if challengers:
                return self._open_window(
                    seat, nxt, [], challengers, word, cards, before, then="attack", attack=ch
                )
            return self._next_turn(nxt, attack=ch)
        skipped: tuple[int, ...] = ()
        if ch == "H":
            events.append(TurnLost(nxt, "h"))
            skipped = (nxt,)
            nxt = self.left_of(nxt)
        elif ch == "S":
            assert target is not None
            events.append(NextChosen(seat, target))
            nxt = target
        return events + self._after_discard(seat, nxt, skipped, word, cards, before)

    def _after_discard(
        self,
        seat: int,
        nxt: int,
        skipped: tuple[int, ...] = (),
        word: str | None = None,
        cards: Sequence[Card] = (),
        before: list[Any] | None = None,
    ) -> list[CastanaEvent]:
        stealers = [s for s in range(self.num_seats) if s not in (seat, nxt, *skipped)]
        challengers = self._others(seat) if word else []
        if not stealers and not challengers:
            return self._next_turn(nxt)
        return self._open_window(seat, nxt, stealers, challengers, word, cards, before)

    def _open_window(
        self,
        seat: int,
        nxt: int | None,
        stealers: list[int],
        challengers: list[int],
        word: str | None,
        cards: Sequence[Card],
        before: list[Any] | None,
        then: str = "turn",
        attack: str | None = None,
    ) -> list[CastanaEvent]:
        self.phase = "window"
        self.current = None
        self.window_count += 1
        self.window = _Window(
            seat,
            nxt,
            stealers,
            challengers,
            word=word,
            word_cards=list(cards),
            before=list(before or []),
            then=then,
            attack=attack,
            key=self.window_count,
        )
        return [WindowOpened(seat, nxt, tuple(stealers), tuple(challengers), word)]

    def _close_window(self) -> list[CastanaEvent]:
        w = self.window
        assert w is not None
        self.window = None
        if w.then == "round_end":
            return self._score_round(w.discarder)
        if w.then == "race":
            return self._start_race(w.discarder)
        assert w.next_seat is not None
        return self._next_turn(w.next_seat, attack=w.attack)

    def _next_turn(self, seat: int, attack: str | None = None) -> list[CastanaEvent]:
        self.phase = "turn"
        self.window = None
        self.current = seat
        self.attack = attack
        events: list[CastanaEvent] = []
        if attack:
            events.append(Attacked(seat, attack))
        return [*events, TurnStarted(seat, attack)]

    # -- windows --------------------------------------------------------------------
    def _apply_window(self, seat: int, action: CastanaAction) -> list[CastanaEvent]:
        w = self.window
        assert w is not None
        if isinstance(action, Pass):
            w.passed.append(seat)
            events: list[CastanaEvent] = [Passed(seat)]
            if w.warned and seat == w.next_seat:
                # The protected player let the warned steal go ahead: the
                # stealers may answer again.
                self.window_count += 1
                w.key = self.window_count
            if not self.to_act():
                events += [WindowClosed(False), *self._close_window()]
            return events
        if isinstance(action, Challenge):
            if seat not in w.challengers or w.word is None:
                raise IllegalAction("nothing_to_challenge")
            return self._challenge(seat)
        if w.warned and seat == w.next_seat and isinstance(action, (PlayCard, PlayWord, Draw)):
            # The protected player takes the turn before the steal.
            self._check_turn_action(seat, action)
            events = [WindowClosed(False), *self._close_window()]
            return events + self._apply_turn(seat, action)
        if isinstance(action, PlayWord):
            if seat not in w.stealers:
                raise IllegalAction("cannot_steal")
            self._validate_word(seat, action)
            if self._must_warn(w):
                return self._warn(seat, w)
            self.window = None
            return self._play_word(seat, action, steal=True)
        if isinstance(action, PlayCard):
            if letter(action.card) != "Ñ":
                raise IllegalAction("not_your_turn")
            if seat not in w.stealers:
                raise IllegalAction("not_now")
            self._check_card(seat, action)
            self.window = None
            return self._play_card(seat, action, out_of_turn=True)
        if isinstance(action, Draw):
            raise IllegalAction("not_your_turn")
        raise IllegalAction("window_open")

    def _check_turn_action(self, seat: int, action: CastanaAction) -> None:
        if isinstance(action, PlayCard):
            self._check_card(seat, action)
            if letter(action.card) != "Ñ" and not self.view(seat).matches(action.card):
                raise IllegalAction("no_match", card=action.card)
        elif isinstance(action, PlayWord):
            self._validate_word(seat, action)

    def _validate_word(self, seat: int, action: PlayWord) -> None:
        """Is this word play legal for `seat` now (IllegalAction if not)? Nothing changes."""
        cards = tuple(action.cards)
        if len(cards) < MIN_WORD - 1:
            raise IllegalAction("word_too_short")
        if not all(is_card(c) for c in cards) or Counter(cards) - Counter(self.hands[seat]):
            raise IllegalAction("letters_not_in_hand")
        self._check_choice(seat, cards[-1], action.colour, action.target)
        if self.options.referee:
            word = word_of(letter(self.top), cards)
            if not self.is_word(word):
                raise IllegalAction("not_a_word", word=word)

    def _must_warn(self, w: _Window) -> bool:
        return not w.warned and w.next_seat is not None and self.options.protected[w.next_seat]

    def _warn(self, seat: int, w: _Window) -> list[CastanaEvent]:
        w.warned = True
        if w.next_seat in w.passed:  # a pass on the challenge is not a pass on the turn
            w.passed.remove(w.next_seat)
        self.window_count += 1
        w.key = self.window_count
        assert w.next_seat is not None
        return [StealWarned(seat, w.next_seat)]

    # -- challenges -----------------------------------------------------------------
    def _challenge(self, seat: int) -> list[CastanaEvent]:
        w = self.window
        assert w is not None and w.word is not None
        valid = self.is_word(w.word)
        events: list[CastanaEvent] = [Challenged(seat, w.discarder, w.word, valid)]
        if valid:
            # Every other player gives the challenger a card of their choice.
            self.window = None
            self.challenger = seat
            self._pending_window = w
            givers = []
            for s in range(self.num_seats):
                if s == seat:
                    continue
                if not self.hands[s]:
                    continue  # the word's player, out of cards
                if len(self.hands[s]) == 1:
                    events.append(GiveSkipped(s))
                else:
                    givers.append(s)
            self.givers = givers
            if not givers:
                return events + self._after_give()
            self.phase = "give"
            self.current = None
            return events
        # A wrong word: its player takes the letters back, draws as many, loses the turn.
        player = w.discarder
        for _ in w.word_cards:
            self.pile.pop()
        self.hands[player].extend(w.word_cards)
        top, colour_ = w.before
        self.colour = colour_
        self.window = None
        events.append(WordTakenBack(player, w.word, tuple(w.word_cards), top, colour_))
        events += self._draw(player, len(w.word_cards), "taken_back")
        events.append(TurnLost(player, "challenge"))
        return events + self._next_turn(seat)

    def _give(self, seat: int, card: Card) -> list[CastanaEvent]:
        if card not in self.hands[seat]:
            raise IllegalAction("card_not_in_hand", card=card if is_card(card) else None)
        assert self.challenger is not None
        self.hands[seat].remove(card)
        self.hands[self.challenger].append(card)
        self.givers.remove(seat)
        events: list[CastanaEvent] = [CardGiven(seat, self.challenger, card)]
        if not self.givers:
            events += self._after_give()
        return events

    def _after_give(self) -> list[CastanaEvent]:
        """The word stood: its effect goes on as if the window had closed."""
        w = self._pending_window
        self._pending_window = None
        self.challenger = None
        self.window = w
        return self._close_window()

    # -- the Ñ race -----------------------------------------------------------------
    def _start_race(self, seat: int) -> list[CastanaEvent]:
        self.phase = "race"
        self.current = None
        self.race_seat = seat
        self.race_order = []
        self.window_count += 1
        return [RaceStarted(seat, tuple(self._racers()))]

    def _put_hand(self, seat: int, late: bool) -> list[CastanaEvent]:
        self.race_order.append(seat)
        position = len(self.race_order)
        drawn, events = self._take(position)
        self.hands[seat].extend(drawn)
        events.append(HandPut(seat, position, tuple(drawn), late))
        if len(self.race_order) == len(self._racers()):
            assert self.race_seat is not None
            nxt = self.left_of(self.race_seat)
            self.race_seat = None
            self.race_order = []
            events += self._next_turn(nxt)
        return events

    # -- drawing --------------------------------------------------------------------
    def _take(self, count: int) -> tuple[list[Card], list[CastanaEvent]]:
        """Up to `count` cards from the deck, and the reshuffles that needed."""
        taken: list[Card] = []
        events: list[CastanaEvent] = []
        for _ in range(count):
            if not self.deck and len(self.pile) > 1:
                rest = self.pile[:-1]
                self.pile = self.pile[-1:]
                self.rng.shuffle(rest)
                self.deck = rest
                events.append(DeckReshuffled(len(rest)))
            if not self.deck:
                break
            taken.append(self.deck.pop())
        return taken, events

    def _draw(self, seat: int, count: int, reason: str) -> list[CastanaEvent]:
        drawn, events = self._take(count)
        self.hands[seat].extend(drawn)
        if not drawn:
            return [*events, DeckEmpty(seat)]
        return [*events, Drew(seat, len(drawn), tuple(drawn), reason)]

    # -- rounds ---------------------------------------------------------------------
    def _start_round(self, starter: int) -> list[CastanaEvent]:
        self.round_no += 1
        deck = full_deck()
        self.rng.shuffle(deck)
        n = self.num_seats
        self.hands = [[] for _ in range(n)]
        for _ in range(HAND_SIZE):
            for i in range(n):
                self.hands[(starter + i) % n].append(deck.pop())
        returned: list[Card] = []
        start = deck.pop()
        while letter(start) in MAGIC_CONSONANTS:
            returned.append(start)
            deck.insert(len(deck) // 2, start)  # back into the middle of the deck
            start = deck.pop()
        self.deck = deck
        self.pile = [start]
        self.colour = colour(start)
        self.attack = None
        self.window = None
        self.idle_draws = 0
        events: list[CastanaEvent] = [RoundStarted(self.round_no, starter, start, tuple(returned))]
        events += [Dealt(s, tuple(self.hands[s])) for s in range(n)]
        return events + self._next_turn(starter)

    def _score_round(self, winner: int | None) -> list[CastanaEvent]:
        pts = tuple(sum(points(c) for c in hand) for hand in self.hands)
        self.totals = [t + p for t, p in zip(self.totals, pts, strict=True)]
        self.round_points.append(list(pts))
        self.window = None
        self.attack = None
        events: list[CastanaEvent] = [RoundScored(self.round_no, winner, pts, tuple(self.totals))]
        if max(self.totals) >= self.options.target:
            best = min(self.totals)
            self.winners = [s for s, t in enumerate(self.totals) if t == best]
            self.phase = "over"
            self.current = None
            return [*events, GameOver(tuple(self.winners), tuple(self.totals))]
        if winner is None:
            winner = min(range(self.num_seats), key=lambda s: (pts[s], s))
        return events + self._start_round(winner)

    # -- view -----------------------------------------------------------------------
    def view(self, seat: int | None) -> CastanaView:
        w = self.window
        return CastanaView(
            seat=seat,
            hand=tuple(self.hands[seat]) if seat is not None else None,
            hand_sizes=tuple(len(h) for h in self.hands),
            top=self.top,
            colour=self.colour,
            deck_size=len(self.deck),
            pile_size=len(self.pile),
            phase=self.phase,
            current=self.current,
            attack=self.attack,
            to_act=tuple(self.to_act()),
            discarder=w.discarder if w else None,
            next_seat=w.next_seat if w else None,
            stealers=tuple(s for s in w.stealers if s not in w.passed) if w else (),
            challengers=tuple(s for s in w.challengers if s not in w.passed) if w else (),
            word=w.word if w else None,
            warned=w.warned if w else False,
            race_seat=self.race_seat,
            race_order=tuple(self.race_order),
            challenger=self.challenger,
            totals=tuple(self.totals),
            round_no=self.round_no,
            referee=self.options.referee,
            protected=self.options.protected,
        )

    # -- saving ---------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            **save_header(self, self.rng),
            "hands": [list(h) for h in self.hands],
            "deck": list(self.deck),
            "pile": list(self.pile),
            "colour": self.colour,
            "phase": self.phase,
            "current": self.current,
            "attack": self.attack,
            "window": self.window.to_dict() if self.window else None,
            "pending_window": self._pending_window.to_dict() if self._pending_window else None,
            "race_seat": self.race_seat,
            "race_order": list(self.race_order),
            "challenger": self.challenger,
            "givers": list(self.givers),
            "totals": list(self.totals),
            "round_points": [list(p) for p in self.round_points],
            "round_no": self.round_no,
            "idle_draws": self.idle_draws,
            "window_count": self.window_count,
            "winners": list(self.winners),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], is_word: Callable[[str], bool] | None = None) -> Self:
        # Saves before the common header did not name the game.
        header = read_header(data, cls.game_id, unnamed=True)
        game = cls(CastanaOptions.from_dict(header.options), header.seed, is_word, _restoring=True)
        game.rng = header.rng
        game.hands = [list(h) for h in data["hands"]]
        game.deck = list(data["deck"])
        game.pile = list(data["pile"])
        game.colour = data["colour"]
        game.phase = data["phase"]
        game.current = data["current"]
        game.attack = data["attack"]
        game.window = _Window.from_dict(data["window"]) if data["window"] else None
        pending = data.get("pending_window")
        game._pending_window = _Window.from_dict(pending) if pending else None
        game.race_seat = data["race_seat"]
        game.race_order = list(data["race_order"])
        game.challenger = data["challenger"]
        game.givers = list(data["givers"])
        game.totals = list(data["totals"])
        game.round_points = [list(p) for p in data["round_points"]]
        game.round_no = int(data["round_no"])
        game.idle_draws = int(data["idle_draws"])
        game.window_count = int(data["window_count"])
        game.winners = list(data["winners"])
        game._check()
        return game

    def _check(self) -> None:
        """A restored game must hold exactly the 96 cards and a known phase."""
        if Counter(self.all_cards()) != Counter(full_deck()):
            raise ValueError("cards")
        if self.phase not in PHASES or self.colour not in COLOURS or not self.pile:
            raise ValueError("state")
        n = self.num_seats
        if len(self.hands) != n or len(self.totals) != n:
            raise ValueError("seats")


def words_from(top_letter: str, hand: Iterable[Card], spell: Callable[..., list[str]]) -> list[str]:
    """Words from the visible letter with the hand's letters (the `palabras` aid and
    the bots): `spell` is the lexicon's spell(first, letters, min_length)."""
    letters = [letter(c).lower() for c in hand]
    return [w.upper() for w in spell(top_letter.lower(), letters, MIN_WORD)]
