"""A listener on a fake clock: a console that answers the way a screen-reader user
does (waits until what was printed has been heard, then takes some seconds to
type), and a tiny game with one reaction window, to test every wait that is
measured in speech without sleeping.

- ``FakeClock``: the time, moved only by the console.
- ``ListenerConsole``: interactive; ``get_line(timeout)`` moves the clock to the
  moment the listener answers, or by ``timeout`` and returns TIMEOUT. It records
  every batch printed with the time it was printed.
- ``WindowGame`` / ``WindowAdapter``: a bot opens a window; the player (seat 0)
  and a bot (seat 1) may ``grab``; the first grab wins it. ``rounds`` windows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sobremesa.core.game import Action, Event, Game, IllegalAction
from sobremesa.ui.announcer import Announcer
from sobremesa.ui.commands import CommandSpec
from sobremesa.ui.console import TIMEOUT
from sobremesa.ui.session import GameAdapter, Reply, Session, Table


class FakeClock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


@dataclass
class Printed:
    at: float
    lines: list[str]
    answer: bool
    backlog: float = 0.0  # seconds of speech still queued when it was printed


@dataclass
class Listener:
    """What the player types: each answer is (text, seconds after silence)."""

    answers: list[tuple[str, float]] = field(default_factory=list)
    #: After the answers, press Enter at every gate and then stop (end of input).
    enter_at_gates: bool = True
    #: Answer only when the prompt starts with this (when asked), else read along.
    when: str = ""


class ListenerConsole:
    interactive = True

    def __init__(self, clock: FakeClock, listener: Listener) -> None:
        self.clock = clock
        self.listener = listener
        self.announcer: Announcer | None = None  # set by make_session
        self.printed: list[Printed] = []
        self.prompts: list[tuple[float, str]] = []
        self.typed: list[tuple[float, str]] = []
        self._prompt = ""

    @property
    def prompt_text(self) -> str:
        return self._prompt

    def say(self, line: str, *, answer: bool = False) -> None:
        self.say_batch([line], answer=answer)

    def say_batch(self, lines: list[str], *, answer: bool = False) -> None:
        # Called before the announcer adds the batch to its timeline: what is still
        # to be said now is how far the voice is behind the game.
        assert self.announcer is not None
        backlog = self.announcer.timeline.remaining(self.clock.t)
        self.printed.append(Printed(self.clock.t, [str(x) for x in lines], answer, backlog))

    def set_prompt(self, text: str) -> None:
        self._prompt = text
        self.prompts.append((self.clock.t, text))

    def set_key_mode(self, keys: Any) -> None:
        pass

    def close(self) -> None:
        pass

    def silence_at(self) -> float:
        assert self.announcer is not None
        return self.announcer.heard_at()

    def get_line(self, timeout: float | None = None) -> Any:
        if self.listener.answers and self._prompt.startswith(self.listener.when):
            text, delay = self.listener.answers[0]
            at = max(self.clock.t, self.silence_at() + delay)
        elif self.listener.enter_at_gates and self._prompt.startswith("Intro"):
            text, at = "", max(self.clock.t, self.silence_at())
        else:
            text, at = None, None
        if at is None or (timeout is not None and self.clock.t + timeout < at):
            if timeout is None:
                return None  # nothing more to type: end of input
            self.clock.t += timeout
            return TIMEOUT
        self.clock.t = at
        if self.listener.answers and text == self.listener.answers[0][0]:
            self.listener.answers.pop(0)
        self.typed.append((self.clock.t, text or ""))
        return text

    def text(self) -> list[str]:
        return [line for batch in self.printed for line in batch.lines]


def make_session(
    adapter: GameAdapter,
    listener: Listener,
    *,
    wpm: int = 180,
    pace: float = 0.0,
    window_seconds: float | None = 4.0,
) -> tuple[Session, ListenerConsole, FakeClock]:
    clock = FakeClock()
    console = ListenerConsole(clock, listener)
    announcer = Announcer(console, clock=clock, wpm=wpm)
    console.announcer = announcer
    session = Session(
        adapter,
        console,
        announcer,
        pace,
        window_seconds=window_seconds,
        reading_wpm=wpm,
        clock=clock,
    )
    session.sleep = lambda seconds: setattr(clock, "t", clock.t + seconds)
    return session, console, clock


# -- a tiny game with a reaction window ------------------------------------------


@dataclass(frozen=True)
class Open(Action):
    pass


@dataclass(frozen=True)
class Grab(Action):
    pass


@dataclass(frozen=True)
class Pass(Action):
    pass


@dataclass(frozen=True)
class Opened(Event):
    seat: int


@dataclass(frozen=True)
class Grabbed(Event):
    seat: int


@dataclass(frozen=True)
class Closed(Event):
    pass


class WindowGame(Game):
    def __init__(self, rounds: int = 1) -> None:
        self.rounds = rounds
        self.phase = "turn"
        self.done = 0
        self.grabs: list[int] = []
        self.waiting: set[int] = set()

    @property
    def num_seats(self) -> int:
        return 3

    def to_act(self) -> list[int]:
        if self.phase == "turn":
            return [2]
        if self.phase == "window":
            return sorted(self.waiting)
        return []

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        return [Open()] if self.phase == "turn" else [Grab(), Pass()]

    def apply(self, seat: int, action: Action) -> list[Event]:
        if action not in self.legal_actions(seat):
            raise IllegalAction("not now")
        if isinstance(action, Open):
            self.phase = "window"
            self.waiting = {0, 1}
            return [Opened(seat=seat)]
        if isinstance(action, Pass):
            self.waiting.discard(seat)
            return self._close() if not self.waiting else []
        self.grabs.append(seat)
        return [Grabbed(seat=seat), *self._close()]

    def _close(self) -> list[Event]:
        self.done += 1
        self.waiting = set()
        self.phase = "over" if self.done >= self.rounds else "turn"
        return [Closed()]

    def close_window(self) -> list[Event]:
        return self._close() if self.phase == "window" else []

    def in_window(self) -> bool:
        return self.phase == "window"

    def window_key(self) -> object:
        return self.done if self.phase == "window" else None

    def view(self, seat: int | None) -> Any:
        return self

    def is_over(self) -> bool:
        return self.phase == "over"

    def scores(self) -> list[int]:
        return [self.grabs.count(seat) for seat in range(3)]

    def to_dict(self) -> dict[str, Any]:
        return {"phase": self.phase, "done": self.done, "grabs": self.grabs}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> WindowGame:
        raise NotImplementedError  # a fake for timing tests: never saved

    @staticmethod
    def event_from_dict(data: dict[str, Any]) -> Event:
        raise NotImplementedError  # a fake for timing tests: never saved


class _Bot:
    def __init__(self, action: Action) -> None:
        self.action = action

    def observe(self, event: Event) -> None:
        pass

    def choose(self, view: Any) -> Action:
        return self.action

    def to_dict(self) -> dict[str, Any]:
        return {}


#: 24 words: 8 s at 180 words per minute.
LONG_LINE = " ".join(["palabra"] * 24)


class WindowAdapter(GameAdapter):
    """Seat 2 opens a window after a long line; seat 1 (bot) grabs after
    ``bot_time`` seconds; the player (seat 0) answers ``coger`` or ``paso``."""

    game_id = "prueba"

    def __init__(self, bot_time: float, rounds: int = 1) -> None:
        self.game = WindowGame(rounds)
        self.table = Table(["Tú", "Ana", "Luis"], 0, [None, "facil", "facil"])
        self.bots = {1: _Bot(Grab()), 2: _Bot(Open())}
        self.bot_time = bot_time
        self.lines_for: Callable[[Event], list[str]] = self._lines

    def _lines(self, event: Event) -> list[str]:
        if isinstance(event, Opened):
            return [LONG_LINE, "¡Ventana! coger o paso."]
        if isinstance(event, Grabbed):
            return ["Coges." if event.seat == 0 else "Ana coge."]
        if isinstance(event, Closed):
            return ["Ventana cerrada."]
        return []

    def commands(self) -> list[CommandSpec]:
        return [CommandSpec("coger", ("grab",), "coger"), CommandSpec("paso", ("pass",), "paso")]

    def describe(self, event: Event) -> list[str]:
        return self.lines_for(event)

    def prompt(self) -> str:
        return "Coger o paso> " if self.in_window() else "> "

    def handle(self, command: Any) -> Reply:
        return Reply(actions=[Grab() if command.name == "coger" else Pass()])

    def in_window(self) -> bool:
        return self.game.phase == "window"

    def bot_reaction_time(self, seat: int) -> float:
        return self.bot_time

    def close_window(self) -> list[Event]:
        return self.game.close_window()

    def start(self, session: Session) -> None:
        pass

    def rules(self) -> list[str]:
        return []

    def intro(self) -> list[str]:
        return []

    def ending(self) -> list[str]:
        return ["Fin."]
