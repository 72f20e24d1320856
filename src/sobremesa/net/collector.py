"""Python's garbage collector, kept from pausing a busy server (issue 13).

A full collection looks at every object the process holds, with every table
stopped meanwhile. At 500 tables that was 0.3–0.5 s about every 25 s
(`bench_server.py`, gc callbacks), and it made the whole tail of the delivery
times. Yet each found only a few hundred objects to free: what a server holds
lives long (tables, sessions, histories).

So what has lived a while is frozen (`gc.freeze`): collections look only at what
is newer, which is quick. A frozen object freed by its reference count still goes
at once; only a *cycle* of frozen objects that becomes garbage waits, for a deep
clean: everything thawed and collected once (the same pause as before, but
rare). Such cycles come with what goes away as a whole, a finished table or a
closed connection, so a deep clean comes after enough of those, or after an hour
for what else may have gathered.
"""

from __future__ import annotations

import gc
import logging
import time

log = logging.getLogger("sobremesa.servidor")

#: Seconds between freezes: what lived this long has likely come to stay. (At 60 s
#: the objects of a minute at 500 tables still took 0.1 s to look at.)
FREEZE_EVERY = 10.0
#: Tables ended and connections closed that call for a deep clean.
DEEP_AFTER_DEPARTURES = 200
#: Seconds after which a deep clean is done anyway.
DEEP_EVERY = 3600.0


class Collector:
    """Freezes what has lived a while; a deep clean after enough departures."""

    def __init__(self, now: float) -> None:
        self._next_freeze = now + FREEZE_EVERY
        self._next_deep = now + DEEP_EVERY
        self._departures_then = 0  # at the last deep clean
        self.deep_cleans = 0
        gc.collect()  # at start: the code loaded, the tables restored
        gc.freeze()

    def tick(self, now: float, departures: int) -> None:
        """Called every second or so by the server's loop, with how many tables
        have ended and connections closed so far."""
        if now < self._next_freeze:
            return
        self._next_freeze = now + FREEZE_EVERY
        if departures - self._departures_then >= DEEP_AFTER_DEPARTURES or now >= self._next_deep:
            self._next_deep = now + DEEP_EVERY
            self._departures_then = departures
            self.deep_clean()
        else:
            gc.freeze()  # (young garbage is gone already: the young collections' work)

    def deep_clean(self) -> None:
        started = time.perf_counter()
        gc.unfreeze()
        freed = gc.collect()
        gc.freeze()
        self.deep_cleans += 1
        log.info(
            "deep collection: %d objects freed, %d kept, %.0f ms",
            freed,
            gc.get_freeze_count(),
            (time.perf_counter() - started) * 1000,
        )
