"""Speech and braille outputs that receive the same line the console prints.

    outputs = create_outputs({"lector", "voz"}, language="es", rate=0, variant="",
                             notify=console_line)
    for output in outputs:
        output.speak(line, interrupt=is_answer)   # answers interrupt, narration queues
        output.braille(line)                      # no-op for the voice
    ...
    output.silence()   # the silence key
    output.close()     # at exit

Modes: "lector" (screen reader through accessible_output2) and "voz" (the
program's own voice). "texto", the console, is not built here. A backend that is
missing at creation, or fails later, is reported once through `notify` (on the
caller's thread) and dropped; nothing here raises into the game or blocks it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping

from sobremesa.i18n import _

from .base import Backend, BackendUnavailable, Notify, Output, quiet_threads
from .screen_reader import screen_reader_factory
from .voice import voice_factory
from .worker import ThreadedOutput

__all__ = [
    "Backend",
    "BackendUnavailable",
    "Output",
    "ThreadedOutput",
    "create_outputs",
]

log = logging.getLogger(__name__)

MODES = ("lector", "voz")


def _safe(notify: Notify) -> Notify:
    def call(message: str) -> None:
        try:
            notify(message)
        except Exception:
            log.debug("notify raised", exc_info=True)

    return call


def create_outputs(
    modes: Iterable[str],
    *,
    language: str = "es",
    rate: int = 0,
    variant: str = "",
    notify: Notify,
    backends: Mapping[str, Callable[[], Backend]] | None = None,
    ready_timeout: float = 5.0,
) -> list[Output]:
    """Build the outputs for `modes` (a subset of {"lector", "voz"}; others ignored).

    language: "es" or "en"; variant: a finer voice language such as "es-419"
    (tried first); rate: -10..+10 relative to normal (0). `backends` replaces the
    backend factory of a mode (tests). Waits at most `ready_timeout` seconds per
    backend; the backends start in parallel in their own threads.

    Returns the working outputs, screen reader first. Returns no output for a
    mode whose backend is missing; `notify` has then been called once for it.
    """
    wanted = {str(mode).strip().lower() for mode in modes}
    notify = _safe(notify)
    factories: dict[str, Callable[[], Backend]] = {}
    if "lector" in wanted:
        factories["lector"] = screen_reader_factory(language=language, variant=variant)
    if "voz" in wanted:
        factories["voz"] = voice_factory(language=language, variant=variant, rate=rate)
    for mode, factory in (backends or {}).items():
        if mode in wanted:
            factories[mode] = factory

    failure = {
        "lector": _("El lector no responde; sigo sin él."),
        "voz": _("La voz dejó de funcionar; sigo sin voz."),
    }
    started: list[ThreadedOutput] = []
    with quiet_threads():
        for mode in MODES:
            if mode in factories:
                output = ThreadedOutput(
                    mode,
                    factories[mode],
                    notify=notify,
                    failure_message=failure[mode],
                    braille=mode == "lector",
                )
                output.launch()
                started.append(output)
        ready = [output for output in started if output.wait_ready(ready_timeout)]

    missing = [output.name for output in started if output not in ready]
    alone = not ready  # nothing but the console is left
    for mode in missing:
        if mode == "lector":
            if alone:
                notify(_("Sin lector de pantalla; solo texto."))
            else:
                notify(_("Sin lector de pantalla; sigo sin él."))
        elif alone:
            notify(_("No hay voz disponible; solo texto."))
        else:
            notify(_("No hay voz disponible; sigo sin voz."))
    for output in ready:
        if output.language_missing:
            notify(_("No hay voz para este idioma; uso otra."))
    return list(ready)
