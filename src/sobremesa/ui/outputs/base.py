"""Shared pieces of the speech and braille outputs.

An *output* receives the same line the console prints (DESIGN §2.3) and speaks it,
brailles it, or both. The console itself is not an output: it always prints.
"""

from __future__ import annotations

import io
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, Protocol, runtime_checkable

Notify = Callable[[str], None]


@runtime_checkable
class Output(Protocol):
    """What the announcer calls for every line.

    `speak(text, interrupt=True)` is for the player's own command answers: it drops
    queued speech and cuts the current utterance. `interrupt=False` is narration: it
    queues after what is playing. `braille` is a no-op for voices. No method ever
    raises and no method blocks on speech.
    """

    name: str

    def speak(self, text: str, interrupt: bool = False) -> None: ...

    def braille(self, text: str) -> None: ...

    def silence(self) -> None: ...

    def close(self) -> None: ...


class BackendUnavailable(Exception):
    """A backend is not installed, not running or refused to start."""


class Backend(Protocol):
    """What the output worker drives. Every method is called from the worker thread
    only, so backends need no locking of their own.

    `start` begins one utterance and returns without waiting for it to end. A backend
    that queues by itself (a screen reader, speech-dispatcher) reports `busy()` as
    False at once, so the worker hands it every line in order; a backend that speaks
    one utterance at a time (an espeak-ng process, pyttsx3) reports True until the
    utterance ends or is stopped.
    """

    name: str
    language_missing: bool

    def start(self, text: str) -> None: ...

    def busy(self) -> bool: ...

    def stop(self) -> None: ...

    def pump(self) -> None: ...

    def braille(self, text: str) -> None: ...

    def close(self) -> None: ...


# -- rate ---------------------------------------------------------------------

RATE_MIN, RATE_MAX = -10, 10


def clamp_rate(rate: int) -> int:
    try:
        value = int(rate)
    except (TypeError, ValueError):
        return 0
    return max(RATE_MIN, min(RATE_MAX, value))


def rate_to_wpm(
    rate: int, *, normal: float = 175.0, slow: float = 80.0, fast: float = 450.0
) -> int:
    """Map the relative rate (-10..+10, 0 = normal) to words per minute.

    Geometric on each side so each step sounds like the same change: -10 gives
    `slow`, 0 gives `normal`, +10 gives `fast` (espeak-ng's own limits by default).
    """
    r = clamp_rate(rate)
    if r >= 0:
        return round(normal * (fast / normal) ** (r / 10))
    return round(normal * (slow / normal) ** (-r / 10))


# SAPI5 through pyttsx3: pyttsx3 turns words per minute into SAPI's native -10..+10
# with Rate = int(log(wpm / 156.63, 1.11)) for every voice it does not know by name.
_SAPI_A, _SAPI_B = 156.63, 1.11


def rate_to_sapi_wpm(rate: int) -> float:
    """Words per minute that pyttsx3's SAPI5 driver turns back into SAPI rate `rate`.

    The small offset keeps int() truncation on the intended side of the integer.
    """
    r = clamp_rate(rate)
    return _SAPI_A * _SAPI_B ** (r + (0.01 if r >= 0 else -0.01))


def rate_to_speechd(rate: int) -> int:
    """speech-dispatcher rates go from -100 to +100."""
    return clamp_rate(rate) * 10


# -- voice choice -------------------------------------------------------------


def _norm_tag(tag: Any) -> str:
    if isinstance(tag, bytes):
        tag = tag.decode("utf-8", "ignore")
    tag = "".join(ch for ch in str(tag) if ch.isprintable())
    return tag.strip().lower().replace("_", "-")


def voice_tags(voice: Any) -> list[str]:
    """Language tags a pyttsx3 `Voice` claims: its languages, and for eSpeak-style
    ids ("roa/es-419") the last part of the id."""
    tags = [_norm_tag(t) for t in (getattr(voice, "languages", None) or []) if t]
    ident = str(getattr(voice, "id", "") or "")
    if "/" in ident and "\\" not in ident:
        tags.append(_norm_tag(ident.rsplit("/", 1)[-1]))
    return [t for t in tags if t]


def choose_voice(voices: Iterable[Any], language: str, variant: str = "") -> Any | None:
    """The best voice for `variant` (e.g. "es-419") or else `language` (e.g. "es").

    Exact variant > variant prefix > exact language > language prefix ("es-ES" for
    "es"). Ties keep the system's order. None when no voice speaks the language.
    """
    language = _norm_tag(language or "")
    variant = _norm_tag(variant or "")
    best, best_score = None, 0
    for voice in voices:
        score = 0
        for tag in voice_tags(voice):
            if variant and tag == variant:
                score = max(score, 4)
            elif variant and tag.startswith(variant + "-"):
                score = max(score, 3)
            elif language and tag == language:
                score = max(score, 2)
            elif language and tag.startswith(language + "-"):
                score = max(score, 1)
        if score > best_score:
            best, best_score = voice, score
    return best


# -- COM (Windows) -------------------------------------------------------------------


def com_initialize() -> bool:
    """COM must be initialised in each thread that creates COM objects: SAPI5 for
    pyttsx3, and JAWS, SAPI or System Access inside accessible_output2."""
    try:
        import pythoncom  # noqa: PLC0415

        pythoncom.CoInitialize()
        return True
    except Exception:
        try:
            import comtypes  # noqa: PLC0415

            comtypes.CoInitialize()
            return True
        except Exception:
            return False


def com_uninitialize() -> None:
    try:
        import pythoncom  # noqa: PLC0415

        pythoncom.CoUninitialize()
    except Exception:
        pass


# -- stray prints ---------------------------------------------------------------

_quiet_threads: set[int] = set()
_quiet_lock = threading.Lock()


class _ThreadFilteredStream(io.TextIOBase):
    """Stands in for sys.stdout/sys.stderr while outputs start: writes from our
    worker threads (accessible_output2 prints "Cannot find Speech Dispatcher..."
    and similar) are dropped; everybody else's writes go through unchanged."""

    def __init__(self, real: Any) -> None:
        self.real = real

    def write(self, text: str) -> int:  # type: ignore[override]
        if threading.get_ident() in _quiet_threads:
            return len(text)
        return self.real.write(text)

    def flush(self) -> None:
        if threading.get_ident() not in _quiet_threads:
            self.real.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


@contextmanager
def quiet_threads() -> Iterator[None]:
    """Install the filtering streams for the duration of the block."""
    installed: list[tuple[str, _ThreadFilteredStream]] = []
    for attr in ("stdout", "stderr"):
        real = getattr(sys, attr)
        if real is None:
            continue
        proxy = _ThreadFilteredStream(real)
        setattr(sys, attr, proxy)
        installed.append((attr, proxy))
    try:
        yield
    finally:
        for attr, proxy in installed:
            # Only undo our own replacement: someone else may have wrapped it since.
            if getattr(sys, attr) is proxy:
                setattr(sys, attr, proxy.real)


@contextmanager
def this_thread_quiet() -> Iterator[None]:
    """Mark the current thread as one whose prints are dropped (see quiet_threads)."""
    ident = threading.get_ident()
    with _quiet_lock:
        _quiet_threads.add(ident)
    try:
        yield
    finally:
        with _quiet_lock:
            _quiet_threads.discard(ident)
