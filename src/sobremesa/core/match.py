"""The authoritative table: one game, its seats, the bots, the clock — pure.

A :class:`Match` owns a :class:`~sobremesa.core.game.Game`, who sits in each seat
(a person, a bot, or nobody yet), the bots, the reaction policy
(:mod:`sobremesa.core.policy`) and a numbered log of everything that happened.
Time is always passed in — ``start(now)``, ``submit(seat, action, now)``,
``advance(now)``, ``next_wakeup()`` — and nothing here sleeps, reads a clock or
does I/O, so a table runs the same in a test, in the console and on a server.
The clock is the one actor besides the seats: it makes bots answer and closes
windows whose time is up.

The only way out of a match is a :class:`Delivery`: the events of one batch as
one seat may see them (``Event.visible_to``), that seat's view after the batch,
and the deadline of an open window. Seat ``None`` is a spectator's, public
delivery. Bots see the events through the same filter.

Driving a match of bots to its end::

    >>> from sobremesa.core.match import Match
    >>> from sobremesa.games.cabanga.bots import make_bot
    >>> from sobremesa.games.cabanga.rules import CabangaGame, CabangaOptions
    >>> game = CabangaGame(CabangaOptions(players=3), seed=7)
    >>> bots = {seat: make_bot("medio", seat, seat) for seat in range(3)}
    >>> match = Match(game, ["bot"] * 3, bots)
    >>> now = 0.0
    >>> deliveries = match.start(now)
    >>> while not game.is_over():  # nobody to wait for: the clock plays it all
    ...     now = match.next_wakeup()
    ...     deliveries += match.advance(now)
    >>> deliveries[-1].seat is None and deliveries[-1].seq == len(match.log)
    True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from sobremesa.core.game import Action, Event, Game, IllegalAction
from sobremesa.core.policy import SLACK, ReactionPolicy, WindowClock

SeatKind = Literal["human", "bot", "empty"]
#: (game, seat, bot) -> the bot's reaction time in a window, in seconds.
ReactionTime = Callable[[Game, int, Any], float | None]


@dataclass(frozen=True)
class Delivery:
    """One batch of events as one seat (None: a spectator) may see it."""

    seq: int  # sequence number of the batch's last event in the log
    seat: int | None
    events: tuple[Event, ...]
    view: Any  # the seat's view after the batch
    deadline: float | None = None  # an open window's deadline for this seat


@dataclass(frozen=True)
class Logged:
    """One event in the match's log: its sequence number and who acted (None: the
    deal or the clock)."""

    seq: int
    seat: int | None
    event: Event

    def to_dict(self) -> dict[str, Any]:
        return {"seq": self.seq, "seat": self.seat, "event": self.event.to_dict()}


@dataclass(frozen=True)
class Outcome:
    """What a person's action did: the deliveries it caused, and whether it came
    too late (faster bots closed or replaced the window first: not applied) or
    was refused by the rules (``refused``; the state is as before the action,
    apart from what faster bots did)."""

    deliveries: list[Delivery]
    late: bool = False
    refused: IllegalAction | None = None


class Match:
    def __init__(
        self,
        game: Game,
        seats: Sequence[SeatKind],
        bots: Mapping[int, Any],
        *,
        policy: ReactionPolicy | None = None,
        reaction_time: ReactionTime | None = None,
        watched: bool = True,
        close: Callable[[], list[Event]] | None = None,
    ) -> None:
        if len(seats) != game.num_seats:
            raise ValueError(f"{len(seats)} seats for a game of {game.num_seats}")
        if sorted(bots) != [s for s, kind in enumerate(seats) if kind == "bot"]:
            raise ValueError("one bot for every bot seat, and no other")
        self.game = game
        self.seats: list[SeatKind] = list(seats)
        self.bots: dict[int, Any] = dict(bots)
        self.policy = policy or ReactionPolicy()
        self.reaction_time = reaction_time
        self.watched = watched  # make the spectators' (public) delivery of every batch
        # How a window whose time is up is closed: the game's rules (a local table's
        # narrator may wrap it to note who was still asked).
        self.close = close or game.close_window
        self.listeners: list[Callable[[Delivery], None]] = []  # links, told every delivery
        self.log: list[Logged] = []
        self._log_data: list[dict[str, Any]] = []  # the log's JSON form, made once per event
        # What was played, in order, as data: [index in the log where its batch
        # begins, seat (None: the clock closing a window), the action (None: a
        # close)]. With the state at the start (`opening`) it replays the match, so
        # a seat's history can be told again in any language.
        self.played: list[list[Any]] = []
        self.opening: dict[str, Any] | None = None
        # Told of every move as it is accepted, before anyone hears of it (a server
        # writes it ahead to its log: a table killed at any moment comes back).
        self.on_played: Callable[[list[Any]], None] | None = None
        # People's seats a bot plays for a while (a player who dropped): their
        # deliveries are still made, so the player hears what was missed.
        self.away: set[int] = set()
        self.window: WindowClock | None = None
        self.heard: dict[int, float] = {}  # person's seat -> when they have heard all so far
        self.ready_at = 0.0  # when a bot may play its ordinary turn
        self.recorded_at = 0.0  # when the latest batch was recorded
        self._unheard: set[int] = set()  # people in the open window not yet heard from
        self._window_heard: dict[int, float] = {}  # person -> when they heard the open window
        self.last_events: list[Event] = []  # the latest batch, unfiltered
        self.new_turn = True  # the next bot's move starts a new turn (it waits the pace)

    # -- the public interface ----------------------------------------------------
    def start(self, now: float) -> list[Delivery]:
        """The opening events (the deal), delivered. The clock then acts through
        `advance` (a restored match does not start again)."""
        if self.opening is None:  # (a session sets it when it builds the table)
            self.opening = self.game.to_dict()
        return self._record(None, list(self.game.opening_events), now)

    def submit(self, seat: int, action: Action, now: float, *, then: bool = True) -> Outcome:
        """A person's action at ``now``. In a window, bots faster than the person's
        answer time (counted from when that seat heard the window) answer first.
        ``then``: let the clock act afterwards (a link that waits for speech before
        the bots go on says False and advances when the seat has heard)."""
        if self.seats[seat] != "human":
            raise ValueError(f"seat {seat} is not a person's")
        key = None if self.window is None else self.window.key
        out = self.answering(seat, now)
        if key is not None and (self.window is None or self.window.key != key):
            return Outcome(out + (self.advance(now) if then else []), late=True)
        try:
            events = self.game.apply(seat, action)
        except IllegalAction as error:
            return Outcome(out, refused=error)
        self._note_played(seat, action.to_dict())
        out += self._record(seat, events, now)
        return Outcome(out + (self.advance(now) if then else []))

    def answering(self, seat: int, now: float) -> list[Delivery]:
        """The person at ``seat`` is still answering the open window at ``now``: bots
        faster than their time so far (counted from when they heard it) answer
        first, until the window closes or another replaces it. Turn by turn, a
        person who reads before answering does not hold faster bots back."""
        out: list[Delivery] = []
        if self.window is None or seat not in self.game.to_act():
            return out
        key = self.window.key
        answer_time = max(0.0, now - self._window_heard.get(seat, self.window.opened_at))
        for bot in self.policy.before_answer(self.window, answer_time):
            if self.window is None or self.window.key != key:
                break
            out += self._bot_acts(bot, now)
        return out

    def answered_for(self, seat: int) -> None:
        """The person at ``seat`` had nothing to answer the open window with, and their
        answer was made for them: the clock treats the window as one without people
        (the bots' outcome at once, no wait for a deadline nobody is waiting on)."""
        if self.window is not None:
            self.window.people = [p for p in self.window.people if p != seat]

    def resume(self, now: float) -> None:
        """A match built over a game in progress (a test position, an old save): the
        clock of a window that is open starts now."""
        self._update_window(now)

    def advance(self, now: float) -> list[Delivery]:
        """Let the clock act: bots whose time has come play, windows whose time is
        up close. Returns what that delivered."""
        out: list[Delivery] = []
        while (step := self.step(now)) is not None:
            out += step
        return out

    def step(self, now: float) -> list[Delivery] | None:
        """One thing the clock does at ``now`` — a bot's action or a window closing —
        for drivers that check the table after every action (None: nothing is due)."""
        if self.game.is_over():
            return None
        return self._clock_step(now)

    def next_wakeup(self) -> float | None:
        """When the clock will next act by itself (None: it waits for a person)."""
        if self.game.is_over():
            return None
        if self.window is not None:
            if not self.window.people:
                return self.window.opened_at  # bots alone: at once, without the dead wait
            return self.policy.next_wakeup(self.window, people_waiting=self._people_waiting())
        if any(self.seats[s] == "bot" for s in self.game.to_act()):
            return self.ready_at
        return None

    def heard_until(self, seat: int | None, at: float) -> None:
        """The person at ``seat`` (None: the spectator) will have heard everything
        delivered by ``at`` (the link knows: a screen reader's pace, the own voice's
        end, a client's report; a key press that cuts the speech brings it
        earlier). Bots wait for it before their turn. A window opened by the last
        batch starts for that person when they first report having heard it."""
        if seat is not None:
            self.heard[seat] = at
        heard = max(self.recorded_at, at)
        self.ready_at = self.policy.bot_ready_at(heard, new_turn=self.new_turn)
        if self.window is not None and seat in self._unheard:
            self._unheard.discard(seat)
            self._window_heard[seat] = at
            self.window.opened_at = max(self.window.opened_at, at)

    def deadline(self, seat: int | None) -> float | None:
        """The open window's deadline for ``seat`` (None: no window, or no clock)."""
        if self.window is None or self.policy.seconds is None:
            return None
        opened = self.window.opened_at
        start = opened if seat is None else self._window_heard.get(seat, opened)
        return start + self.policy.seconds

    def people(self) -> list[int]:
        return [s for s, kind in enumerate(self.seats) if kind == "human"]

    def stand_in(self, seat: int, bot: Any, now: float) -> None:
        """A bot plays a person's seat for a while (the player dropped): it answers
        an open window with its own time, and the seat still gets its deliveries."""
        if self.seats[seat] != "human":
            raise ValueError(f"seat {seat} is not a person's")
        self.seats[seat] = "bot"
        self.bots[seat] = bot
        self.away.add(seat)
        self.heard.pop(seat, None)
        self._unheard.discard(seat)
        self._window_heard.pop(seat, None)
        if self.window is not None:
            self.window.people = [p for p in self.window.people if p != seat]
        self._update_window(now)
        self.ready_at = min(self.ready_at, self.policy.bot_ready_at(now, new_turn=True))

    def take_back(self, seat: int, now: float) -> None:
        """The person is back in the seat a bot played for them."""
        if seat not in self.away:
            return
        self.away.discard(seat)
        self.seats[seat] = "human"
        self.bots.pop(seat, None)
        self.heard[seat] = now
        window = self.window
        if window is not None:
            window.times.pop(seat, None)
            if seat in self.game.to_act() and seat not in window.answered:
                # The window starts again for the person when they have heard where
                # the game is (an Orca run: `Se acabó el tiempo` 4 s after coming
                # back, while the recap that asked "cabanga o paso" was still read).
                window.people = sorted({*window.people, seat})
                self._unheard.add(seat)
                self._window_heard.pop(seat, None)
                window.opened_at = max(window.opened_at, now)

    def replay(self, played: Sequence[Any], action_from_dict: Callable[[Any], Action]) -> None:
        """Play again what was played (`played` entries: where its batch began, the
        seat, the action or None for the clock's close) on a match just started from
        the same opening: the log, the bots' memories and the game come back.
        ValueError if an entry does not fit where it falls."""
        for at, seat, action in played:
            if at != len(self.log):
                raise ValueError(f"played entry at {at}, log at {len(self.log)}")
            if action is None:
                if self.window is None and not self.game.in_window():
                    raise ValueError("a close with no window")
                self._close(self.recorded_at)
                continue
            events = self.game.apply(seat, action_from_dict(action))
            self._note_played(seat, dict(action))
            self._record(seat, events, self.recorded_at)

    # -- inside ------------------------------------------------------------------
    def _people_waiting(self) -> bool:
        return any(self.seats[s] != "bot" for s in self.game.to_act())

    def _clock_step(self, now: float) -> list[Delivery] | None:
        """One thing the clock does at ``now`` (None: nothing is due)."""
        game, window = self.game, self.window
        if window is not None:
            if not window.people:  # bots alone: the clock's outcome, without the wait
                due = self.policy.without_people(window)
                if due:
                    return self._bot_acts(due[0], now)
                return self._close(now)
            waiting = self._people_waiting()
            due = self.policy.due(window, now, people_waiting=waiting)
            if due:
                return self._bot_acts(due[0], now)
            if self.policy.expired(window, now) or not (waiting or self.policy.realtime):
                return self._close(now)
            return None
        bots = [s for s in game.to_act() if self.seats[s] == "bot"]
        if bots and now + SLACK >= self.ready_at:
            return self._bot_acts(bots[0], now)
        return None

    def _close(self, now: float) -> list[Delivery]:
        """The window's time is up: the rules close it."""
        events = self.close()
        self._note_played(None, None, at=len(self.log))
        out = self._record(None, events, now)
        if self.window is not None and self.window.key == repr(self.game.window_key()):
            raise RuntimeError("the game's window did not close")
        return out

    def _note_played(
        self, seat: int | None, action: dict[str, Any] | None, at: int | None = None
    ) -> None:
        entry = [len(self.log) if at is None else at, seat, action]
        self.played.append(entry)
        if self.on_played is not None:
            self.on_played(entry)

    def _bot_acts(self, seat: int, now: float) -> list[Delivery]:
        if self.window is not None:
            self.window.times.pop(seat, None)
            self.window.answered.append(seat)
            if seat not in self.game.to_act():
                return []  # its part of the window is over (nothing to answer)
        action = self.bots[seat].choose(self.game.view(seat))
        events = self.game.apply(seat, action)
        self._note_played(seat, action.to_dict())
        return self._record(seat, events, now)

    def _record(self, seat: int | None, events: Iterable[Event], now: float) -> list[Delivery]:
        """Log a batch, let the bots see it, open or close the window's clock, and
        make each person's and the spectators' delivery."""
        events = list(events)
        self.last_events = events  # as the table saw them (for drivers and checks)
        for event in events:
            logged = Logged(len(self.log) + 1, seat, event)
            self.log.append(logged)
            self._log_data.append(logged.to_dict())
        for bot_seat, bot in self.bots.items():
            for event in events:
                bot.observe(event.visible_to(bot_seat))
        for person in self.people():
            self.heard[person] = max(self.heard.get(person, now), now)
        self._update_window(now)
        # A bot that goes on with its own turn (draw, then discard) does so at once;
        # a new player's turn waits for the pace, as in the session.
        to_act = self.game.to_act()
        new_turn = self.new_turn = seat is None or not to_act or to_act[0] != seat
        heard = max([now, *(self.heard[p] for p in self.people())])
        self.recorded_at = now
        self.ready_at = self.policy.bot_ready_at(heard, new_turn=new_turn)
        seq = len(self.log)
        out = [
            Delivery(
                seq,
                person,
                tuple(e.visible_to(person) for e in events),
                self.game.view(person),
                self.deadline(person) if person in to_act else None,
            )
            for person in sorted({*self.people(), *self.away})
        ]
        if self.watched:
            out.append(
                Delivery(seq, None, tuple(e.visible_to(None) for e in events), self.game.view(None))
            )
        for delivery in out:
            for listener in self.listeners:
                listener(delivery)
        return out

    def _update_window(self, now: float) -> None:
        game = self.game
        if game.is_over() or not game.in_window():
            self.window = None
            return
        key = repr(game.window_key())
        window = self.window
        if window is None or window.key != key:
            in_window = game.to_act()
            heard = [self.heard.get(s, now) for s in in_window if self.seats[s] == "human"]
            window = self.window = self.policy.open(game.window_key(), max([now, *heard]), {})
            self._unheard = {s for s in in_window if self.seats[s] == "human"}
            window.people = sorted(self._unheard)
            self._window_heard = {}
        # Bots that may answer and have no time yet (a new window, or a seat the
        # rules let in during it) get theirs now.
        for seat in game.to_act():
            if (
                self.seats[seat] == "bot"
                and seat not in window.times
                and seat not in window.answered
            ):
                t = (
                    None
                    if self.reaction_time is None
                    else self.reaction_time(game, seat, self.bots[seat])
                )
                window.times[seat] = float("inf") if t is None else float(t)

    # -- saving --------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game.to_dict(),
            "seats": list(self.seats),
            "bots": [[seat, bot.to_dict()] for seat, bot in sorted(self.bots.items())],
            **self.table_to_dict(),
        }

    def table_to_dict(self) -> dict[str, Any]:
        """Everything but the game and the bots (a save that holds those already)."""
        return {
            "policy": self.policy.to_dict(),
            "watched": self.watched,
            "window": None if self.window is None else self.window.to_dict(),
            "heard": [[seat, t] for seat, t in sorted(self.heard.items())],
            "ready_at": self.ready_at,
            "recorded_at": self.recorded_at,
            "new_turn": self.new_turn,
            "log": list(self._log_data),
            "played": list(self.played),  # entries are never changed once made
            "opening": self.opening,
        }

    @classmethod
    def from_dict(
        cls,
        data: Mapping[str, Any],
        *,
        game_from_dict: Callable[[Any], Game],
        bot_from_dict: Callable[[Any], Any],
        reaction_time: ReactionTime | None = None,
    ) -> Match:
        match = cls(
            game_from_dict(data["game"]),
            list(data["seats"]),
            {int(seat): bot_from_dict(bot) for seat, bot in data["bots"]},
            policy=ReactionPolicy.from_dict(data["policy"]),
            reaction_time=reaction_time,
            watched=bool(data.get("watched", True)),
        )
        match.load_table(data)
        return match

    def load_table(self, data: Mapping[str, Any]) -> None:
        """The clock, the log and what was played, from `to_dict()` (the game and the
        bots are this match's own). ValueError or KeyError if malformed."""
        window = data.get("window")
        self.window = None if window is None else WindowClock.from_dict(window)
        self.heard = {int(seat): float(t) for seat, t in data.get("heard", [])}
        self.ready_at = float(data.get("ready_at", 0.0))
        self.recorded_at = float(data.get("recorded_at", 0.0))
        people, bots = set(self.people()), set(self.bots)
        times = [self.ready_at, self.recorded_at, *self.heard.values()]
        if self.window is not None:
            clock = self.window
            times += [clock.opened_at, *(t for t in clock.times.values() if t != float("inf"))]
            if (
                not (set(clock.times) | set(clock.answered)) <= bots
                or not set(clock.people) <= people
            ):
                raise ValueError("window")
            if self.game.is_over() or clock.key != repr(self.game.window_key()):
                self.window = None  # not the game's window: it is clocked anew (`resume`)
        if not set(self.heard) <= people or not all(math.isfinite(t) for t in times):
            raise ValueError("clock")
        self.new_turn = bool(data.get("new_turn", True))
        decode = type(self.game).event_from_dict
        log = data.get("log", [])
        self.log = [
            Logged(int(e["seq"]), None if e["seat"] is None else int(e["seat"]), decode(e["event"]))
            for e in log
        ]
        if [entry.seq for entry in self.log] != list(range(1, len(self.log) + 1)):
            raise ValueError("log")
        self._log_data = [entry.to_dict() for entry in self.log]
        played = data.get("played", [])
        for entry in played:
            at, seat, action = entry
            if not (isinstance(at, int) and 0 <= at <= len(self.log)):
                raise ValueError("played")
            if not (seat is None or isinstance(seat, int)) or not (
                action is None or isinstance(action, dict)
            ):
                raise ValueError("played")
        self.played = [list(entry) for entry in played]
        opening = data.get("opening")
        self.opening = opening if isinstance(opening, dict) else None

    def rebase(self, now: float, then: float) -> None:
        """Times saved at ``then`` on another clock go on at ``now``: an open window
        keeps the time it had left, bots the wait they had left."""
        shift = now - then
        if self.window is not None:
            self.window.opened_at += shift
        self.heard = {seat: t + shift for seat, t in self.heard.items()}
        self._window_heard = {seat: t + shift for seat, t in self._window_heard.items()}
        self.ready_at += shift
        self.recorded_at += shift


def play_out(
    game: Game,
    bots: Sequence[Any],
    *,
    reaction_time: ReactionTime | None = None,
    max_actions: int = 200_000,
) -> Match:
    """A bot at every seat (``bots[i]`` plays seat i), turn by turn and without
    pauses, to the end of the game: the one bot-vs-bot loop of simulations and
    benchmarks. RuntimeError if the game has not ended after ``max_actions``."""
    match = Match(
        game,
        ["bot"] * len(bots),
        dict(enumerate(bots)),
        policy=ReactionPolicy(pace=0.0),
        reaction_time=reaction_time,
        watched=False,
    )
    match.start(0.0)
    for _ in range(max_actions):
        if match.step(0.0) is None:
            break
    if not game.is_over():
        raise RuntimeError("the game did not end")
    return match
