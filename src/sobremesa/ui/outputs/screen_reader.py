"""Screen reader output ("lector") through accessible_output2.

accessible_output2's `Auto` lists every output it knows; we take the first one that
is active and call its `speak()` and `braille()` separately (`Auto.output()` only
speaks). What each platform gives:

- Windows: NVDA, JAWS, System Access, Window-Eyes, Dolphin, ZDSR, PC-Talker.
- macOS: VoiceOver (needs the appscript package), speech only.
- Linux: Speech Dispatcher (through the `speechd` module; see speechd_loader).
  accessible_output2 has no Orca output: this speaks through the same daemon Orca
  uses, but not through Orca itself. Orca already reads the console.

SAPI4/SAPI5 and eSpeak (python-espeak) also appear in `Auto` but they are voices,
not screen readers: the "voz" mode covers them, so "lector" skips them.

accessible_output2 prints to stdout when a backend is missing ("Cannot find Speech
Dispatcher..."): its import and creation run in the output's worker thread, whose
prints create_outputs drops.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from typing import Any

from .base import BackendUnavailable, com_initialize
from .speechd_loader import import_speechd

log = logging.getLogger(__name__)

VOICE_OUTPUTS = frozenset({"sapi4", "sapi5", "Linux ESpeak"})


def is_voice(output: Any) -> bool:
    if getattr(output, "name", "") in VOICE_OUTPUTS:
        return True
    try:
        return bool(output.is_system_output())
    except Exception:
        return False


def _all_outputs(auto_factory: Callable[[], Any] | None) -> list[Any]:
    if auto_factory is not None:
        try:
            return list(auto_factory().outputs)
        except Exception:
            log.debug("Auto() failed", exc_info=True)
            return []
    try:
        import accessible_output2  # noqa: PLC0415
        from accessible_output2.outputs.auto import Auto  # noqa: PLC0415
    except Exception:
        log.debug("accessible_output2 unavailable", exc_info=True)
        return []
    try:
        return list(Auto().outputs)
    except Exception:
        # Auto() only tolerates OutputError; e.g. VoiceOver without appscript raises
        # ImportError and takes every other output down with it. Build them one by one.
        log.debug("accessible_output2 Auto() failed", exc_info=True)
    outputs = []
    for cls in accessible_output2.get_output_classes():
        try:
            outputs.append(cls())
        except Exception:
            log.debug("accessible_output2 %r failed", cls, exc_info=True)
    return outputs


def find_screen_reader(auto_factory: Callable[[], Any] | None = None) -> Any | None:
    """The first active accessible_output2 output that is a screen reader, or None."""
    if sys.platform.startswith("linux"):
        import_speechd()  # before accessible_output2 imports it
    for output in _all_outputs(auto_factory):
        if is_voice(output):
            continue
        try:
            if output.is_active():
                return output
        except Exception:
            log.debug("is_active failed for %r", output, exc_info=True)
    return None


class ScreenReaderBackend:
    """Feeds one accessible_output2 output. The screen reader queues by itself, so
    `busy()` is always False and every line is handed over at once, in order."""

    def __init__(self, output: Any, *, language: str = "es", variant: str = "") -> None:
        self.output = output
        self.name = str(getattr(output, "name", type(output).__name__))
        self.language_missing = False
        client = getattr(output, "_client", None)
        if client is not None and hasattr(client, "set_priority"):
            # speech-dispatcher: accessible_output2 speaks with the default priority
            # "text", with which every new line cancels the one before; "message"
            # queues them, and interrupting is still silence() + speak().
            speechd = sys.modules.get("speechd")
            priority = getattr(getattr(speechd, "Priority", None), "MESSAGE", "message")
            client.set_priority(priority)
            client.set_language(variant or language)

    def start(self, text: str) -> None:
        self.output.speak(text)

    def busy(self) -> bool:
        return False

    def stop(self) -> None:
        silence = getattr(self.output, "silence", None)
        if silence is not None:
            silence()

    def pump(self) -> None:
        pass

    def braille(self, text: str) -> None:
        self.output.braille(text)

    def close(self) -> None:
        close = getattr(self.output, "close", None)
        if close is not None:
            close()


def screen_reader_factory(
    *,
    language: str = "es",
    variant: str = "",
    auto_factory: Callable[[], Any] | None = None,
) -> Callable[[], ScreenReaderBackend]:
    """A factory (run in the worker thread) for the screen reader backend."""

    def make() -> ScreenReaderBackend:
        if sys.platform == "win32":
            com_initialize()  # this worker thread creates COM objects (JAWS, SAPI)
        output = find_screen_reader(auto_factory)
        if output is None:
            raise BackendUnavailable("no active screen reader")
        return ScreenReaderBackend(output, language=language, variant=variant)

    return make
