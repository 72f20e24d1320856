"""One announcement feeds every output: console line, screen reader speech and
braille, and the program's own voice (DESIGN §2.3). Every line is kept in the
history the player can review."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Protocol

from sobremesa.core.speech_time import DEFAULT_WPM, SpeechTimeline
from sobremesa.ui.trace import trace


class Said(str):
    """A line with a brief form for the braille line: history review shows `brief`
    (decisive words first, fits 40 cells); speech and the console use the full text.

    ``Said("Pablo roba del mazo y tira el rey de bastos.", brief="Pablo tira rey ba")``
    behaves as the full string everywhere else (history, saves, `repetir`).
    """

    brief: str

    def __new__(cls, text: str, brief: str | None = None) -> Said:
        line = super().__new__(cls, text)
        line.brief = brief if brief else str(text)
        return line


class Asking(Said):
    """A line that asks its listener to act now (`Tu turno.`): stale once they have
    acted, so the moves a bot made for an away player are told without it."""


def _printable(line: str) -> str:
    """The line without control characters (a Said keeps its brief form)."""
    if line.isprintable():
        return line
    clean = "".join(ch if ch.isprintable() or ch in "\n\t" else " " for ch in line)
    brief = getattr(line, "brief", None)
    return Said(clean, brief=_printable(brief) if brief else None)


def brief_form(line: str) -> str:
    """The form of a history item shown on the braille line during review."""
    return getattr(line, "brief", line)


class LineSink(Protocol):
    def say(self, line: str, *, answer: bool = False) -> None: ...


class Output(Protocol):
    def speak(self, text: str, interrupt: bool = False) -> None: ...
    def braille(self, text: str) -> None: ...
    def silence(self) -> None: ...
    def close(self) -> None: ...


class History:
    """Every line said, in order. Bounded so a very long session stays small."""

    def __init__(self, limit: int = 5000) -> None:
        self._lines: list[str] = []
        self._limit = limit

    def add(self, line: str) -> None:
        self._lines.append(line)
        if len(self._lines) > self._limit:
            del self._lines[: len(self._lines) - self._limit]

    def lines(self) -> Sequence[str]:
        return self._lines

    def last(self, n: int) -> list[str]:
        return self._lines[-n:] if n > 0 else []

    def __len__(self) -> int:
        return len(self._lines)


#: `repetir` says at most this many of the lines since the player last typed.
REPEAT_LINES = 12

#: While the program's own voice speaks, look again this often (seconds).
VOICE_POLL = 0.1


class Announcer:
    """Says lines on every output and keeps the speech timeline: when what was
    printed will have been heard (see ``speech_time``)."""

    def __init__(
        self,
        console: LineSink,
        outputs: Sequence[Output] = (),
        *,
        clock: Callable[[], float] = time.monotonic,
        wpm: float = DEFAULT_WPM,
    ) -> None:
        self.console = console
        self.outputs = list(outputs)
        self.history = History()  # the game's narration: `historial`, saves, `repetir`
        # What the review keys step through: every line printed, the answers to the
        # player's own commands too (on a braille display, the only way to read
        # them is in the input line).
        self.review = History()
        # `repetir`: the narration since the player last typed (both rivals' moves
        # and `Tu turno.`), at most REPEAT_LINES lines.
        self.last_batch: list[str] = []
        self._typed = True
        self.clock = clock
        self.timeline = SpeechTimeline(wpm)

    def narrate(self, line: str) -> None:
        """Game narration: kept in history, queued for speech after what is playing."""
        self.narrate_lines([line])

    def narrate_lines(self, lines: Sequence[str]) -> None:
        """Lines of one batch: printed in one write, so a screen reader speaks them
        as one utterance with the prompt that follows."""
        self._emit(lines, answer=False)

    def answer(self, line: str) -> None:
        """Reply to the player's own command: interrupts speech. Replies to reading
        commands are not kept in history (they would bury the game's events)."""
        self._emit([line], answer=True)

    def answer_lines(self, lines: Sequence[str]) -> None:
        """A multi-line reply: the first line interrupts speech, the rest queue after it."""
        self._emit(lines, answer=True)

    def heard_at(self) -> float:
        """When everything printed so far will have been heard."""
        return max(self.clock(), self.speech_end())

    def speech_end(self) -> float:
        """When the last utterance ends (may be past). The program's own voice
        reports its real end: while it speaks nothing is heard yet, and once it is
        silent everything has been."""
        now = self.clock()
        states = [getattr(output, "speaking", lambda: None)() for output in self.outputs]
        states = [state for state in states if state is not None]
        if any(states):
            self.timeline.hold(now + VOICE_POLL)
        elif states:
            self.timeline.done(now)
        return self.timeline.ends_at

    def key_pressed(self) -> None:
        """The player typed: a screen reader has stopped speaking."""
        self.timeline.key(self.clock())
        self._typed = True

    def _emit(self, lines: Sequence[str], *, answer: bool) -> None:
        # A refusal may echo what was typed: control characters (an escape
        # sequence) must never reach the terminal or the screen reader.
        lines = [_printable(line) for line in lines if line]
        if not lines:
            return
        for line in lines:
            self.review.add(line)
            if not answer:  # narration is history; answers to reading commands are not
                self.history.add(line)
        if not answer:
            if self._typed:
                self.last_batch, self._typed = [], False
            self.last_batch = [*self.last_batch, *lines][-REPEAT_LINES:]
        say_batch = getattr(self.console, "say_batch", None)
        if say_batch is not None:
            say_batch(lines, answer=answer)
        else:
            for line in lines:
                self.console.say(line, answer=answer)
        # The prompt drawn after the batch is spoken with it.
        prompt = getattr(self.console, "prompt_text", "")
        spoken = "\n".join([*lines, prompt] if prompt else lines)
        self.timeline.say(spoken, self.clock(), interrupt=answer)
        kind = "answer" if answer else "line"
        for index, line in enumerate(lines):
            trace(kind, line)
            for output in self.outputs:
                output.speak(line, interrupt=answer and index == 0)
                output.braille(line)

    def speak_only(self, line: str) -> None:
        """Speak a line already shown elsewhere (the history item under review in the
        input line): the extra outputs get it, the console prints nothing."""
        for output in self.outputs:
            output.speak(line, interrupt=True)
            output.braille(line)

    def silence(self) -> None:
        for output in self.outputs:
            output.silence()

    def close(self) -> None:
        for output in self.outputs:
            output.close()
