"""Trace shim for code older than ``sobremesa.ui.trace`` (the "before" measurement).

tools/listen_all.sh puts this directory on PYTHONPATH when it measures a checkout
that has no ``sobremesa/ui/trace.py``. With ``SOBREMESA_TRACE`` set, it writes the
trace that tools/listen_report.py reads (see the module doc there) by wrapping the
old code's own entry points: ``Announcer._emit`` (line/answer),
``TerminalConsole.set_prompt`` (prompt: when it is set, which in that code is also
when it is redrawn) and ``ReactionDriver._run_realtime``/``_run_turn_by_turn``
(window-open/window-close for the windows the player is in). Code that has its own
trace is left alone.
"""

from __future__ import annotations

import importlib.util
import os
import threading
import time

_START = time.monotonic()
_LOCK = threading.Lock()


def _trace(kind: str, text: str = "") -> None:
    path = os.environ.get("SOBREMESA_TRACE")
    if not path:
        return
    flat = " ".join(str(text).split())
    with _LOCK, open(path, "a", encoding="utf-8") as handle:
        handle.write(f"{time.monotonic() - _START:.3f}\t{kind}\t{flat}\n")


def _install() -> None:
    if not os.environ.get("SOBREMESA_TRACE"):
        return
    try:
        if importlib.util.find_spec("sobremesa.ui.trace") is not None:
            return  # the program traces itself
        from sobremesa.ui import announcer, reactions, terminal
    except Exception:  # not the program this shim knows
        return

    emit = announcer.Announcer._emit

    def _emit(self, line, *, answer, interrupt):  # type: ignore[no-untyped-def]
        _trace("answer" if answer else "line", line)
        return emit(self, line, answer=answer, interrupt=interrupt)

    announcer.Announcer._emit = _emit

    set_prompt = terminal.TerminalConsole.set_prompt

    def _set_prompt(self, text):  # type: ignore[no-untyped-def]
        _trace("prompt", text)
        return set_prompt(self, text)

    terminal.TerminalConsole.set_prompt = _set_prompt

    def _window(method, label):  # type: ignore[no-untyped-def]
        def run(self, times):  # type: ignore[no-untyped-def]
            _trace("window-open", label(self))
            try:
                return method(self, times)
            finally:
                _trace("window-close")

        return run

    driver = reactions.ReactionDriver
    driver._run_realtime = _window(driver._run_realtime, lambda d: f"{d.seconds:g}")
    driver._run_turn_by_turn = _window(driver._run_turn_by_turn, lambda d: "turnos")


_install()
