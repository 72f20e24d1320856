"""The worker thread behind every speech/braille output.

The game thread only appends to a queue and returns (DESIGN §2.8: speech never
blocks input). One worker thread per output creates its backend, feeds it one line
at a time in order, stops it on interrupt or silence, and catches every backend
error. A backend that fails is dropped; the player is told once, through `notify`,
on the game thread at the next call (a line printed from the worker could land in
the middle of a half-typed command).
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable

from .base import Backend, BackendUnavailable, Notify, this_thread_quiet

log = logging.getLogger(__name__)

BackendFactory = Callable[[], Backend]


def utterance_deadline(text: str) -> float:
    """Longest plausible time one utterance may take, even at the slowest rate
    (about 6 characters per second); past it the backend is considered stuck."""
    return 10.0 + 0.3 * len(text)


class ThreadedOutput:
    """An `Output` whose backend lives in its own thread.

    `name` is the mode ("lector" or "voz"); `backend_name` says which backend
    answered (e.g. "NVDA", "speech-dispatcher", "espeak-ng", "sapi5").
    """

    poll_interval = 0.02
    stop_grace = 2.0

    def __init__(
        self,
        name: str,
        factory: BackendFactory,
        *,
        notify: Notify,
        failure_message: str,
        braille: bool = False,
    ) -> None:
        self.name = name
        self.backend_name = ""
        self.language_missing = False
        self._factory = factory
        self._notify = notify
        self._failure_message = failure_message
        self._braille = braille
        self._cond = threading.Condition()
        self._pending: deque[tuple[str, str]] = deque()
        self._stop_requested = False
        self._closing = False
        self._failed = False
        self._failure_told = False
        self._ready = threading.Event()
        self._init_error: BaseException | None = None
        self._backend: Backend | None = None
        self._thread = threading.Thread(target=self._run, name=f"sobremesa-{name}", daemon=True)

    # -- game thread ----------------------------------------------------------

    def start(self, timeout: float = 5.0) -> bool:
        """Start the worker and wait up to `timeout` s for the backend. False when
        the backend is unavailable; True when ready, or still starting after
        `timeout` (then a later failure is reported as a failure)."""
        self.launch()
        return self.wait_ready(timeout)

    def launch(self) -> None:
        """Start the worker thread, which creates the backend."""
        self._thread.start()

    def wait_ready(self, timeout: float = 5.0) -> bool:
        """See start()."""
        if not self._ready.wait(timeout):
            log.debug("%s: backend still starting after %.1f s", self.name, timeout)
            return True
        return self._backend is not None

    @property
    def init_error(self) -> BaseException | None:
        return self._init_error

    @property
    def backend(self) -> Backend | None:
        """The live backend (for tests and diagnostics); None before or after."""
        return self._backend

    @property
    def failed(self) -> bool:
        return self._failed

    def speak(self, text: str, interrupt: bool = False) -> None:
        self._tell_failure()
        text = str(text)
        with self._cond:
            if self._failed or self._closing:
                return
            if interrupt:
                self._pending.clear()
                self._stop_requested = True
            if text.strip():
                self._pending.append(("speak", text))
            self._cond.notify()

    def speaking(self) -> bool | None:
        """Is the voice still speaking what it was given? None when the backend
        cannot tell (a screen reader or speech-dispatcher queue by themselves)."""
        backend = self._backend
        if backend is None or not getattr(backend, "reports_end", False) or self._failed:
            return None
        with self._cond:
            return bool(self._pending) or self._speaking

    def braille(self, text: str) -> None:
        if not self._braille:
            return
        self._tell_failure()
        with self._cond:
            if self._failed or self._closing:
                return
            self._pending.append(("braille", str(text)))
            self._cond.notify()

    def silence(self) -> None:
        self._tell_failure()
        with self._cond:
            if self._failed or self._closing:
                return
            self._pending.clear()
            self._stop_requested = True
            self._cond.notify()

    def close(self, timeout: float = 2.0) -> None:
        """Drop what is queued and release the backend. A voice stops speaking; a
        screen reader is left alone (call wait_idle() first to let a goodbye finish)."""
        with self._cond:
            self._closing = True
            self._pending.clear()
            self._cond.notify()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    def wait_idle(self, timeout: float = 10.0) -> bool:
        """Wait until nothing is queued and the backend is silent (tests, shutdown)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self._cond:
                idle = not self._pending and not self._stop_requested and not self._speaking
            if idle or self._failed or not self._thread.is_alive():
                return True
            time.sleep(0.01)
        return False

    def _tell_failure(self) -> None:
        if self._failed and not self._failure_told:
            self._failure_told = True
            try:
                self._notify(self._failure_message)
            except Exception:  # never raise into the game
                log.debug("notify failed", exc_info=True)

    # -- worker thread --------------------------------------------------------

    _speaking = False

    def _run(self) -> None:
        try:
            with this_thread_quiet():
                backend = self._factory()
            if backend is None:
                raise BackendUnavailable(f"{self.name}: no backend")
        except BaseException as error:  # any failure here means "not available"
            log.debug("%s: backend unavailable: %r", self.name, error, exc_info=True)
            self._init_error = error
            self._failed = True
            self._ready.set()
            return
        self._backend = backend
        self.backend_name = getattr(backend, "name", type(backend).__name__)
        self.language_missing = bool(getattr(backend, "language_missing", False))
        self._ready.set()
        try:
            self._loop(backend)
        except Exception:
            log.debug("%s: backend failed", self.name, exc_info=True)
            with self._cond:
                self._failed = True
                self._pending.clear()
        finally:
            self._speaking = False
            self._backend = None
            try:
                backend.close()
            except Exception:
                log.debug("%s: close failed", self.name, exc_info=True)

    def _loop(self, backend: Backend) -> None:
        deadline = 0.0
        stuck_since = 0.0
        while True:
            with self._cond:
                if not (
                    self._closing or self._stop_requested or (self._pending and not self._speaking)
                ):
                    self._cond.wait(self.poll_interval if self._speaking else None)
                if self._closing:
                    break
                stop = self._stop_requested
                self._stop_requested = False
            if stop:
                # Also when we think it idle: a backend that queues by itself (screen
                # reader, speech-dispatcher) always looks idle, and stop() cancels
                # what it has queued.
                backend.stop()
            backend.pump()
            self._speaking = backend.busy()
            now = time.monotonic()
            if self._speaking:
                if now > deadline:
                    if not stuck_since:
                        log.debug("%s: utterance overran its deadline; stopping it", self.name)
                        stuck_since = now
                        backend.stop()
                    elif now - stuck_since > self.stop_grace:
                        raise RuntimeError(f"{self.name}: backend does not stop")
                continue
            stuck_since = 0.0
            with self._cond:
                item = self._pending.popleft() if self._pending else None
                if item is not None and item[0] == "speak":
                    self._speaking = True  # in flight: wait_idle must not see a gap
            if item is None:
                continue
            kind, text = item
            if kind == "braille":
                backend.braille(text)
                continue
            backend.start(text)
            deadline = time.monotonic() + utterance_deadline(text)
            self._speaking = backend.busy()
