"""The program's own voice ("voz"), for players without a screen reader.

Windows and macOS: pyttsx3 (SAPI5, NSSpeechSynthesizer), driven from the output's
worker thread with an external loop: `startLoop(False)` once, then `iterate()` on
every worker step. Every engine call (creation, say, stop, properties) happens on
that one thread, which is what COM (SAPI5) and the Cocoa run loop expect; the game
thread never touches the engine. The worker says one line, polls `isBusy()` until
it ends, then says the next; an interrupt calls `engine.stop()` from the worker.

Linux: see voice_linux (speech-dispatcher, else an espeak-ng process).
"""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Callable
from typing import Any

from .base import (
    Backend,
    BackendUnavailable,
    choose_voice,
    com_initialize,
    com_uninitialize,
    rate_to_sapi_wpm,
    rate_to_wpm,
)
from .voice_linux import EspeakProcessBackend, SpeechdBackend

log = logging.getLogger(__name__)


_DEFAULT_DRIVERS = {"win32": "sapi5", "darwin": "nsss"}


class Pyttsx3Backend:
    """pyttsx3 in an external loop (see module docstring)."""

    reports_end = True  # busy() is true until the utterance has been spoken

    def __init__(
        self,
        *,
        language: str = "es",
        variant: str = "",
        rate: int = 0,
        engine_factory: Callable[[], Any] | None = None,
        driver_name: str | None = None,
        platform: str | None = None,
    ) -> None:
        self.platform = platform or sys.platform
        self.language_missing = False
        self._com_initialized = self.platform == "win32" and com_initialize()
        if engine_factory is None:
            try:
                import pyttsx3  # noqa: PLC0415
            except Exception as error:
                raise BackendUnavailable(f"pyttsx3 cannot be imported: {error}") from error

            def engine_factory() -> Any:
                return pyttsx3.init(driver_name)

        try:
            engine = engine_factory()
        except Exception as error:
            raise BackendUnavailable(f"pyttsx3 has no working driver: {error}") from error
        self.engine = engine
        self.driver = str(
            getattr(engine, "driver_name", "")
            or driver_name
            or _DEFAULT_DRIVERS.get(self.platform, "")
        )
        self.name = f"pyttsx3 ({self.driver})" if self.driver else "pyttsx3"
        self._started = 0.0
        engine.startLoop(False)
        engine.iterate()  # the first step marks the driver ready
        voice = choose_voice(engine.getProperty("voices") or [], language, variant)
        if voice is None:
            self.language_missing = True
        else:
            engine.setProperty("voice", voice.id)
        if self.driver == "sapi5":
            engine.setProperty("rate", rate_to_sapi_wpm(rate))
        else:
            engine.setProperty("rate", rate_to_wpm(rate))

    def start(self, text: str) -> None:
        self._started = time.monotonic()
        self.engine.say(text)

    def busy(self) -> bool:
        busy = bool(self.engine.isBusy())
        if busy and self.platform == "darwin" and time.monotonic() - self._started > 0.3:
            # NSSpeechSynthesizer may deliver its "finished" callback to the main
            # thread's run loop, which a console program never runs; ask it directly.
            tts = getattr(
                getattr(getattr(self.engine, "proxy", None), "_driver", None), "_tts", None
            )
            if tts is not None and not tts.isSpeaking():
                self.engine.proxy.setBusy(False)
                busy = False
        return busy

    def stop(self) -> None:
        self.engine.stop()

    def pump(self) -> None:
        self.engine.iterate()
        if self.platform == "darwin":
            _run_cocoa_loop_briefly()

    def braille(self, text: str) -> None:
        pass

    def close(self) -> None:
        try:
            self.engine.stop()
            self.engine.endLoop()
        finally:
            if self._com_initialized:
                com_uninitialize()


def _run_cocoa_loop_briefly() -> None:
    try:
        from Foundation import NSDate, NSRunLoop  # noqa: PLC0415

        NSRunLoop.currentRunLoop().runUntilDate_(NSDate.dateWithTimeIntervalSinceNow_(0.005))
    except Exception:
        log.debug("Cocoa run loop step failed", exc_info=True)


# -- choosing the backend ------------------------------------------------------

VoiceCandidate = Callable[..., Backend]


def voice_candidates(platform: str | None = None) -> list[VoiceCandidate]:
    """Backends to try, best first, on `platform` (default: this one)."""
    platform = platform or sys.platform
    if platform in ("win32", "darwin"):
        return [Pyttsx3Backend, EspeakProcessBackend]
    return [SpeechdBackend, EspeakProcessBackend]


def voice_factory(
    *,
    language: str = "es",
    variant: str = "",
    rate: int = 0,
    candidates: list[VoiceCandidate] | None = None,
) -> Callable[[], Backend]:
    """A factory (run in the worker thread) that returns the first backend that starts."""

    def make() -> Backend:
        reasons: list[str] = []
        for candidate in candidates if candidates is not None else voice_candidates():
            try:
                return candidate(language=language, variant=variant, rate=rate)
            except Exception as error:
                log.debug("voice backend %r unavailable: %s", candidate, error)
                reasons.append(f"{getattr(candidate, '__name__', candidate)}: {error}")
        raise BackendUnavailable("; ".join(reasons) or "no voice backend")

    return make
