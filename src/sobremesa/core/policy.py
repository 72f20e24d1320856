"""Who answers a reaction window, and when (DESIGN §2.7: time is measured in speech).

One place for the timing rules every table follows, local or online:

- A window's clock starts for a seat when that seat can have heard the line that
  opened it (the speech-time model, :mod:`sobremesa.core.speech_time`), never
  when it was printed. Bots' answer times and the deadline count from there.
- **Real time**: the window lasts ``seconds``; a bot answers once its reaction
  time has passed; at the deadline the window closes.
- **Turn by turn** (``seconds`` is None): no deadline. A person's answer time
  (from hearing to answering) is set against the bots' reaction times: bots
  faster than the answer go first, the others after.
- Ties go to the lower seat. Bots that would answer after the deadline never do.

Everything here is pure: times are passed in, nothing sleeps or reads a clock.
A :class:`WindowClock` is plain data, saved with the table, so a game saved in
the middle of a window resumes with the time that was left.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

#: Seconds a bot waits, after everything has been heard, before its ordinary turn.
DEFAULT_PACE = 1.0
#: A wake-up computed as ``opened_at + t`` may land a rounding error short of ``t``.
SLACK = 1e-6


def answer_order(times: Mapping[int, float], limit: float = float("inf")) -> list[int]:
    """Seats whose answer time is at most ``limit``, fastest first, ties by seat."""
    return [
        seat for seat, t in sorted(times.items(), key=lambda item: (item[1], item[0])) if t <= limit
    ]


@dataclass
class WindowClock:
    """One open window's timing: when it was heard, the bots' answer times (seconds
    after that), and which bots have not answered yet."""

    key: str  # the game's window identity, as text (a new key: a new window)
    opened_at: float  # when its line could have been heard
    times: dict[int, float] = field(default_factory=dict)  # bot seat -> seconds after opened_at
    answered: list[int] = field(default_factory=list)  # bots that have answered, in order
    # People who could answer when it opened: once they have, in real time the
    # window still lasts its time for the bots; with nobody, it is over at once.
    people: list[int] = field(default_factory=list)

    def elapsed(self, now: float) -> float:
        """Seconds since the window was heard (negative: it is still being said)."""
        return now - self.opened_at

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "opened_at": self.opened_at,
            # A bot that only answers after the people (no time of its own): null,
            # since saves are strict JSON (no Infinity).
            "times": [
                [seat, None if t == float("inf") else t] for seat, t in sorted(self.times.items())
            ],
            "answered": list(self.answered),
            "people": list(self.people),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> WindowClock:
        times = {int(seat): float("inf" if t is None else t) for seat, t in data["times"]}
        answered = [int(seat) for seat in data.get("answered", [])]
        people = [int(seat) for seat in data.get("people", [])]
        return cls(str(data["key"]), float(data["opened_at"]), times, answered, people)


@dataclass(frozen=True)
class ReactionPolicy:
    """A table's timing: reaction windows in real time (``seconds``) or turn by turn
    (None), and the pause before a bot's ordinary turn (``pace``)."""

    seconds: float | None = None
    pace: float = DEFAULT_PACE

    @property
    def realtime(self) -> bool:
        return self.seconds is not None

    def open(self, key: object, heard_at: float, times: Mapping[int, float]) -> WindowClock:
        """A window whose line is heard at ``heard_at``; ``times``: each bot's reaction time."""
        return WindowClock(repr(key), heard_at, dict(times))

    def deadline(self, clock: WindowClock) -> float | None:
        """When the window closes (None: turn by turn, it waits)."""
        return None if self.seconds is None else clock.opened_at + self.seconds

    def expired(self, clock: WindowClock, now: float) -> bool:
        deadline = self.deadline(clock)
        return deadline is not None and now >= deadline - SLACK

    def due(self, clock: WindowClock, now: float, *, people_waiting: bool) -> list[int]:
        """Bots that answer by ``now``, in order. In real time a bot answers once its
        time has passed (never after the deadline). Turn by turn, while a person may
        still answer, nobody goes ahead of them; once nobody is waiting, all go."""
        if self.seconds is not None:
            return answer_order(clock.times, min(clock.elapsed(now) + SLACK, self.seconds))
        if people_waiting:
            return []
        return answer_order(clock.times)

    def before_answer(self, clock: WindowClock, answer_time: float) -> list[int]:
        """Bots that answer before a person who answered ``answer_time`` seconds after
        hearing the window (turn by turn: the person's answer time against theirs)."""
        limit = answer_time if self.seconds is None else min(answer_time, self.seconds)
        return answer_order(clock.times, limit)

    def without_people(self, clock: WindowClock) -> list[int]:
        """Only bots in the window: they answer at once in the order of the clock (in
        real time, none after the deadline), without the dead wait."""
        limit = float("inf") if self.seconds is None else self.seconds
        return answer_order(clock.times, limit)

    def next_wakeup(self, clock: WindowClock | None, *, people_waiting: bool) -> float | None:
        """When something will happen in the window by itself (None: nothing will)."""
        if clock is None:
            return None
        if self.seconds is None:
            return None if people_waiting else clock.opened_at
        upcoming = [t for t in clock.times.values() if t <= self.seconds]
        return clock.opened_at + min([*upcoming, self.seconds])

    def bot_ready_at(self, heard_at: float, *, new_turn: bool) -> float:
        """When a bot plays its ordinary turn: once everything has been heard, plus
        the pace on a new turn (a second action of the same turn follows at once)."""
        return heard_at + (self.pace if new_turn else 0.0)

    def to_dict(self) -> dict[str, Any]:
        return {"seconds": self.seconds, "pace": self.pace}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ReactionPolicy:
        seconds = data.get("seconds")
        return cls(
            None if seconds is None else float(seconds), float(data.get("pace", DEFAULT_PACE))
        )
