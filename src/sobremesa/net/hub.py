"""The threads that run a server's tables: a few hubs, each running many tables.

A table's seats are sessions written as plain blocking code (`ui.session`): they
wait for the player's next line or for the table. A thread per seat made 2,500
threads at 500 tables, and their wake-ups, contending for the GIL, were the tail
of the delivery times (issue 13). Here each seat's session runs as a *greenlet*
(a coroutine with its own stack, switched in one thread): where it would block it
switches back to its hub, which goes on with whatever else is due. A hub runs a
table when something reaches it (a line, a connection, another thread's change:
:meth:`Hub.schedule`) or its time comes (a bot's move, a window's end, a seat's
look at the table), and runs it until every seat of it waits again.

A table is always run by the same hub (a greenlet lives in the thread that made
it) and holds the table's lock while it runs, so the server's loop, which also
changes tables (people coming and going), takes turns with it as before.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from typing import Protocol

import greenlet

log = logging.getLogger("sobremesa.servidor")

#: Hubs a server runs its tables on. One thread does all the work the GIL lets
#: through; more let a table whose log is being written to disk (fsync), or whose
#: bot is thinking, not hold the others up (bench_server: see docs/en-linea.md).
HUBS = 4


class Runnable(Protocol):
    def run_due(self) -> float | None:
        """Do what is due now; when to be run next (monotonic), None: when told."""
        ...


def park() -> None:
    """Switch from a seat's greenlet back to its hub (it is resumed when due)."""
    current = greenlet.getcurrent()
    parent = current.parent
    if parent is None:
        raise RuntimeError("park() outside a seat's greenlet")
    parent.switch()


def current_task() -> object:
    """The running seat's greenlet (or the thread's own, outside any seat)."""
    return greenlet.getcurrent()


class Hub:
    """One thread running tables when they are due."""

    def __init__(self, name: str) -> None:
        self._cv = threading.Condition()
        self._ready: dict[Runnable, None] = {}  # ordered, no duplicates
        self._timers: list[tuple[float, int, Runnable]] = []
        self._next_at: dict[Runnable, float] = {}
        self._order = itertools.count()
        self.thread = threading.Thread(target=self._run, name=name, daemon=True)
        self.thread.start()

    def schedule(self, table: Runnable) -> None:
        """Run ``table`` soon (any thread; cheap when it is already due)."""
        with self._cv:
            if table in self._ready:
                return
            self._ready[table] = None
            if len(self._ready) == 1:
                self._cv.notify()

    def in_hub(self) -> bool:
        return threading.current_thread() is self.thread

    def _run(self) -> None:
        while True:
            with self._cv:
                while True:
                    now = time.monotonic()
                    while self._timers and self._timers[0][0] <= now:
                        at, _, table = heapq.heappop(self._timers)
                        if self._next_at.get(table) == at:
                            del self._next_at[table]
                            self._ready[table] = None
                    if self._ready:
                        break
                    self._cv.wait(None if not self._timers else self._timers[0][0] - now)
                due, self._ready = list(self._ready), {}
            for table in due:
                try:
                    at = table.run_due()
                except Exception:  # one table's failure must not stop the others
                    log.exception("a table failed in its hub")
                    continue
                with self._cv:
                    if at is None:
                        self._next_at.pop(table, None)
                    elif self._next_at.get(table) != at:
                        self._next_at[table] = at
                        heapq.heappush(self._timers, (at, next(self._order), table))


class HubPool:
    """A server's hubs; tables are shared out among them in turn."""

    def __init__(self, count: int = HUBS) -> None:
        self._hubs = [Hub(f"sobremesa-mesas-{n}") for n in range(count)]
        self._turn = itertools.cycle(self._hubs)
        self._lock = threading.Lock()

    def next(self) -> Hub:
        with self._lock:
            return next(self._turn)


_pool: HubPool | None = None
_pool_lock = threading.Lock()


def pool() -> HubPool:
    """The process's hubs (made on first use)."""
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = HubPool()
        return _pool
