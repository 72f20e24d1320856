"""When will what was printed have been heard? (DESIGN §2.7: time is measured in speech.)

A screen reader speaks each batch of printed lines as one utterance; utterances
queue one after the other, and any key the player presses cuts what is being said
and drops the queue (measured with Orca 43, DESIGN §6). The model follows that:

- a line of W words takes ``W × 60 / wpm`` seconds (the reading speed is a
  setting, 180 words per minute by default);
- narration queues after what is still being said;
- an answer to the player's own command interrupts: it starts now;
- a key press cuts everything: nothing is left to hear.

Everything that waits in the game (bots' pace, reaction windows, the spectator)
counts from :meth:`SpeechTimeline.heard_at`. The model is pure: the time is always
passed in, so tests run it on a fake clock. Where the program's own voice reports
the end of its utterances, :meth:`SpeechTimeline.done` lets the real end win
over the estimate.
"""

from __future__ import annotations

import re

#: The reading speed a new player gets (an ordinary screen-reader rate).
DEFAULT_WPM = 180
#: Reading speeds a player may set (words per minute).
MIN_WPM, MAX_WPM = 60, 500

# A word is a run of letters or digits ("3", "H8", "ADEELOU", "100"); punctuation
# alone ("—", ">") is not spoken as a word.
_WORD = re.compile(r"\w+", re.UNICODE)


def word_count(text: str) -> int:
    return len(_WORD.findall(text))


def speaking_seconds(text: str, wpm: float = DEFAULT_WPM) -> float:
    """Seconds a listener at ``wpm`` words per minute needs to hear ``text``."""
    return word_count(text) * 60.0 / max(float(wpm), 1.0)


class SpeechTimeline:
    """The moment everything printed so far will have been heard."""

    def __init__(self, wpm: float = DEFAULT_WPM) -> None:
        self.wpm = float(wpm)
        self._until = 0.0  # when the last queued utterance ends

    def say(self, text: str, now: float, *, interrupt: bool = False) -> float:
        """``text`` was printed at ``now``; returns when it will have been heard."""
        start = now if interrupt else max(now, self._until)
        self._until = start + speaking_seconds(text, self.wpm)
        return self._until

    def key(self, now: float) -> None:
        """The player pressed a key: the screen reader stops and drops its queue."""
        self._until = min(self._until, now)

    def done(self, now: float) -> None:
        """The voice reported that it finished speaking (its own end beats ours)."""
        self._until = min(self._until, now)

    @property
    def ends_at(self) -> float:
        """When the last queued utterance ends (may be in the past)."""
        return self._until

    def hold(self, until: float) -> None:
        """The voice is still speaking: nothing is heard before ``until``."""
        self._until = max(self._until, until)

    def heard_at(self, now: float) -> float:
        """When everything printed so far will have been heard (``now`` if it has)."""
        return max(now, self._until)

    def remaining(self, now: float) -> float:
        """Seconds of speech still to come."""
        return max(0.0, self._until - now)
