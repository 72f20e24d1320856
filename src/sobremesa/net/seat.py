"""One seat of a server's table: the same session as a local game, run on the server.

Each person (and each spectator) at a table gets a :class:`~sobremesa.ui.session.Session`
of their own, in their own language, over a :class:`SharedLink` to the table's one
:class:`~sobremesa.core.match.Match`, in a thread of its own. The session narrates
for its seat and answers every command (reading, history, help) exactly as at home;
its console is a :class:`RemoteConsole`, which sends what the session says to the
player's client and hands it the lines the client typed.

Threads and the table: a table has one lock. A seat's thread holds it while it
handles a line or says something, and lets it go while it waits for the player
(``RemoteConsole.get_line``) or for the table (``SharedLink.wait``); the table's
clock thread (``net.table``) takes it to make bots move and close windows. What
another thread made the table do reaches a seat as a *delivery*: it is told for
the seat at once (the adapter reads the table as it is after that batch), kept in
the seat's inbox, and said when the seat's thread wakes.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sobremesa import i18n
from sobremesa.core.game import Action
from sobremesa.core.match import Delivery, Match, Outcome
from sobremesa.net.protocol import encode
from sobremesa.ui.console import TIMEOUT

if TYPE_CHECKING:
    from sobremesa.ui.session import Session

#: Lines said while the player was away that are kept for them (the newest).
MISSED_LIMIT = 400
#: The longest a seat's thread waits for the table before it looks again (s): what
#: the table does wakes it sooner (a delivery), so this only bounds a missed wake-up.
#: (0.25 s made 8,000 idle wake-ups a second at 500 tables: bench_server.)
TABLE_POLL = 2.0


class Peer:
    """Where a seat's frames go: a client connection (websocket or SSH)."""

    lang: str
    wpm: float

    def send(self, frame: str) -> None:
        """Queue one frame for the client (thread-safe, never blocks)."""
        raise NotImplementedError

    def left_table(self, table: Any) -> None:
        """The player left ``table`` (`salir`, or its end): back to the lobby."""
        raise NotImplementedError


class RemoteConsole:
    """The session's console, at the far end of a connection. ``interactive``: the
    table runs on the server's clock, whatever the client is."""

    interactive = True

    def __init__(self, table_lock: threading.Lock) -> None:
        self._table_lock = table_lock
        self._cv = threading.Condition()
        self._lines: deque[Any] = deque()
        self._woken = False
        self._closed = False
        self._waiting = False
        self._asked = False  # a `pide` sent and no line since
        self.peer: Peer | None = None
        self.prompt_text = ""
        self.missed: list[str] = []  # said while no client was there
        self.at_gate: Callable[[], bool] = lambda: False

    # -- the connection ----------------------------------------------------------
    def attach(self, peer: Peer, first: Callable[[], list[str]] = list) -> None:
        """A client (again) at this seat: what it missed first, as history, then
        ``first()`` (the seat's view now), then the prompt."""
        with self._cv:
            self.peer = peer
            missed, self.missed = self.missed, []
            if missed:
                peer.send(encode("pasado", lineas=missed))
            for frame in first():
                peer.send(frame)
            peer.send(encode("indicador", texto=self.prompt_text))
            self._asked = self._waiting
            if self._waiting:
                peer.send(encode("pide", puerta=self.at_gate()))

    def detach(self, peer: Peer | None = None) -> None:
        with self._cv:
            if peer is None or self.peer is peer:
                self.peer = None

    def keep(self, lines: list[str]) -> None:
        """Lines for a player who is away (the table's chat), kept with the rest."""
        with self._cv:
            self.missed = [*self.missed, *lines][-MISSED_LIMIT:]

    def _send(self, frame: str, lines: list[str] | None = None) -> None:
        peer = self.peer
        if peer is not None:
            peer.send(frame)
        elif lines:
            self.missed = [*self.missed, *lines][-MISSED_LIMIT:]

    # -- what the session says ---------------------------------------------------
    def say_batch(self, lines: list[str], *, answer: bool = False) -> None:
        with self._cv:
            self._send(encode("di", lineas=list(lines), respuesta=answer), list(lines))

    def say(self, line: str, *, answer: bool = False) -> None:
        self.say_batch([line], answer=answer)

    def set_prompt(self, text: str) -> None:
        with self._cv:
            if text != self.prompt_text:
                self.prompt_text = text
                self._send(encode("indicador", texto=text))

    def set_key_mode(self, keys: Any) -> None:
        """Key modes (Palabras' board cursor) are the client's own terminal's."""

    # -- what the client sends ---------------------------------------------------
    def put(self, item: Any) -> None:
        """A typed line (str) or a `TypedAction` from the client."""
        with self._cv:
            self._lines.append(item)
            self._cv.notify_all()

    def ask_again(self) -> None:
        """The client's last line was refused before it got here: ask again."""
        with self._cv:
            if self._waiting and self.peer is not None:
                self._asked = True
                self.peer.send(encode("pide", puerta=self.at_gate()))

    def wake(self) -> None:
        """The table did something for this seat: a waiting read returns."""
        with self._cv:
            self._woken = True
            self._cv.notify_all()

    def close(self) -> None:
        """The table is gone: a waiting read gets the end of input."""
        with self._cv:
            self._closed = True
            self._cv.notify_all()

    def get_line(self, timeout: float | None = None) -> Any:
        """The next line from the client, TIMEOUT, or None once closed. The table's
        lock is let go while waiting (the session's thread holds it otherwise)."""
        with self._cv:
            if self._lines:
                self._asked = False
                return self._lines.popleft()
            if self.peer is None and timeout is None and self.at_gate():
                return ""  # nobody to press Enter: the seat goes on (told when back)
        self._table_lock.release()
        try:
            return self._wait(timeout, consume=True)
        finally:
            self._table_lock.acquire()

    def idle(self, timeout: float) -> None:
        """Wait (the table's lock let go) until the table wakes this seat, a line
        arrives or ``timeout`` passes; the line is left for `get_line`."""
        self._table_lock.release()
        try:
            self._wait(timeout, consume=False)
        finally:
            self._table_lock.acquire()

    def _wait(self, timeout: float | None, *, consume: bool) -> Any:
        end = None if timeout is None else time.monotonic() + timeout
        with self._cv:
            if timeout is None and consume and not self._lines:
                # The seat waits for this player (their turn, a gate): a scripted
                # client sends its next line only now, so a script replays. Asked
                # once until a line comes (a wake-up does not ask again).
                self._waiting = True
                if self.peer is not None and not self._asked:
                    self._asked = True
                    self.peer.send(encode("pide", puerta=self.at_gate()))
            try:
                while not (self._lines or self._woken or self._closed):
                    left = None if end is None else end - time.monotonic()
                    if left is not None and left <= 0:
                        break
                    self._cv.wait(left)
            finally:
                self._waiting = False
            if self._closed:
                return None
            if consume and self._lines:
                self._asked = False
                return self._lines.popleft()
            self._woken = False
            return TIMEOUT

    def close_output(self) -> None:
        """Nothing to flush: frames are queued as they are said."""


class SharedLink:
    """A seat's link (`core.link.SeatLink`) to a table other threads share. Moves are
    the table's; its clock is the server's (the session never steps it)."""

    shared = True

    def __init__(self, table: Any, seat: int | None, lang: str) -> None:
        self.table = table
        self.match: Match = table.match
        self.seat = seat
        self.lang = lang
        self.session: Session | None = None
        self._thread: int | None = None
        self._inbox: list[tuple[list[Any], str]] = []
        self.match.listeners.append(self._deliver)

    def bind(self, session: Session) -> None:
        self.session = session

    def own(self) -> None:
        """The calling thread is this seat's (its deliveries are said in place)."""
        self._thread = threading.get_ident()

    def close(self) -> None:
        if self._deliver in self.match.listeners:
            self.match.listeners.remove(self._deliver)

    def _deliver(self, delivery: Delivery) -> None:
        if delivery.seat != self.seat or self.session is None:
            return
        session = self.session
        with i18n.using(self.lang):
            self.table.delivered(self, delivery)
            if threading.get_ident() == self._thread and session._deferred is not None:
                session._delivered(delivery)
                return
            # Made by another thread: told now, while the table is as it left it.
            items = list(session.adapter.describe_events(delivery.events))
            self._inbox.append((items, session.adapter.prompt()))
        session.console.wake()

    def take_inbox(self) -> list[tuple[list[Any], str]]:
        batches, self._inbox = self._inbox, []
        return batches

    # -- SeatLink -------------------------------------------------------------------
    def start(self, now: float) -> None:
        raise RuntimeError("a shared table is dealt by its server")

    def submit(self, action: Action, now: float) -> Outcome:
        if self.seat is None:
            raise ValueError("a spectator does not play")
        outcome = self.match.submit(self.seat, action, now, then=False)
        self.table.changed()
        return outcome

    def answering(self, now: float) -> None:
        if self.seat is not None:
            self.match.answering(self.seat, now)
            self.table.changed()

    def wait(self, now: float) -> bool:
        """The table acts on its own clock: wait (a little) for what it does next."""
        if not self._inbox:
            wake = self.match.next_wakeup()
            left = TABLE_POLL if wake is None else min(TABLE_POLL, max(0.01, wake - now + 0.02))
            assert self.session is not None
            self.session.console.idle(left)
        return bool(self._inbox)

    def next_wakeup(self) -> float | None:
        return self.match.next_wakeup()

    def heard(self, at: float) -> None:
        # A spectator never holds the players' table.
        if self.seat is not None and self.match.seats[self.seat] == "human":
            self.match.heard_until(self.seat, at)
            self.table.changed()

    def snapshot(self) -> Delivery:
        match = self.match
        return Delivery(
            len(match.log), self.seat, (), match.game.view(self.seat), match.deadline(self.seat)
        )

    def leaving(self) -> None:
        """The player typed `salir`: the server keeps the seat for them."""
        self.table.seat_left(self)
