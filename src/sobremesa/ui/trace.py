"""An opt-in trace of what the program printed and when, for measuring what a
screen reader made of it (tools/listen_report.py reads it next to Orca's log).

``SOBREMESA_TRACE=/path/file`` appends one line per event:
``SECONDS<TAB>KIND<TAB>TEXT`` with SECONDS since the program started and KIND one
of ``line`` (narration printed), ``answer`` (a reply to the player's command),
``prompt`` (the input line's prompt drawn), ``window-open`` (TEXT: the window's
seconds, or ``turnos``), ``window-close``. Without the variable nothing is written.
"""

from __future__ import annotations

import os
import threading
import time

_START = time.monotonic()
_LOCK = threading.Lock()


def trace(kind: str, text: str = "") -> None:
    path = os.environ.get("SOBREMESA_TRACE")
    if not path:
        return
    flat = " ".join(str(text).split())
    record = f"{time.monotonic() - _START:.3f}\t{kind}\t{flat}\n"
    try:
        with _LOCK, open(path, "a", encoding="utf-8") as handle:
            handle.write(record)
    except OSError:  # a trace must never stop the game
        pass
