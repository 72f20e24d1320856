"""Waiting for something another thread or process does, never for a fixed time.

Tests of real threads and terminals wait on a condition with a generous timeout:
reaching the timeout means something is broken, so a busy machine only makes them
slower, never wrong. How fast things happen is measured in benchmarks/.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

POLL = 0.005  # seconds between two looks at the condition


def wait_until(condition: Callable[[], T], timeout: float = 10.0) -> T | None:
    """The first true value of `condition()`, or None once `timeout` has passed."""
    deadline = time.monotonic() + timeout
    idle = threading.Event()  # never set: its wait() is the pause between two looks
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            return None
        idle.wait(POLL)
