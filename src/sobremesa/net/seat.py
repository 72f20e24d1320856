"""One seat of a server's table: the same session as a local game, run on the server.

Each person (and each spectator) at a table gets a :class:`~sobremesa.ui.session.Session`
of their own, in their own language, over a :class:`SharedLink` to the table's one
:class:`~sobremesa.core.match.Match`, as a greenlet of the table's hub (`net.hub`).
The session narrates for its seat and answers every command (reading, history,
help) exactly as at home; its console is a :class:`RemoteConsole`, which sends what
the session says to the player's client and hands it the lines the client typed.

The hub runs a table's seats and its clock (bots' moves, windows' ends) in one
thread, holding the table's lock; a seat parks where it waits for its player
(``RemoteConsole.get_line``) or for the table (``SharedLink.wait``). What another
seat or the clock made the table do reaches a seat as a *delivery*: it is told for
the seat at once (the adapter reads the table as it is after that batch), kept in
the seat's inbox, and said when the seat is resumed.
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
from sobremesa.net.hub import current_task, park
from sobremesa.net.protocol import MISSED_SPOKEN, encode
from sobremesa.ui.announcer import Asking
from sobremesa.ui.console import TIMEOUT

if TYPE_CHECKING:
    from sobremesa.ui.session import Session

#: Lines said while the player was away that are kept for them (the newest).
MISSED_LIMIT = 400
#: The longest a seat waits for the table before it looks again (s): what
#: the table does wakes it sooner (a delivery), so this only bounds a missed wake-up
#: (with the look at 30 s, no wait ran out in any network test). At 500 tables
#: (bench_server, people's pace) 2 s cost 6-9 points of a core and p99 51-111 ms;
#: 30 s, p99 41-72 ms.
TABLE_POLL = 30.0
#: Lines of a stand-in bot's moves kept for the player's return (the newest).
STOOD_IN_KEPT = 12


class Peer:
    """Where a seat's frames go: a client connection (websocket or SSH)."""

    lang: str
    wpm: float
    #: The client has the console's keys (F2…, Re Pág for review); a plain SSH
    #: terminal has not, so its help does not name them.
    keys: bool = True

    def send(self, frame: str) -> None:
        """Queue one frame for the client (thread-safe, never blocks)."""
        raise NotImplementedError

    def left_table(self, table: Any) -> None:
        """The player left ``table`` (`salir`, or its end): back to the lobby."""
        raise NotImplementedError


class RemoteConsole:
    """The session's console, at the far end of a connection. ``interactive``: the
    table runs on the server's clock, whatever the client is.

    The session runs in a greenlet of its table's hub (`net.hub`): where it waits
    for the player or the table it parks, and the hub resumes it once it is
    :meth:`due`. ``poke`` tells the hub to look at the table (the client's side
    of the console is called from the server's loop)."""

    interactive = True

    def __init__(
        self, poke: Callable[[], None], *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._poke = poke
        self._clock = clock
        self._lock = threading.Lock()
        self._lines: deque[Any] = deque()
        self._woken = False
        self._closed = False
        self._waiting = False
        self._asked = False  # a `pide` sent and no line since
        self._parked = False
        self._until: float | None = None  # a parked wait's end (monotonic)
        self._for_player = False  # parked until a client is attached
        self.peer: Peer | None = None
        self.prompt_text = ""
        self.missed: list[str] = []  # said while no client was there
        self.at_gate: Callable[[], bool] = lambda: False

    # -- the connection ----------------------------------------------------------
    def attach(
        self, peer: Peer, first: Callable[[], list[str]] = list, *, spoken: int = MISSED_SPOKEN
    ) -> None:
        """A client (again) at this seat: what it missed first, as history (its last
        ``spoken`` lines said), then ``first()`` (the seat's view now), then the
        prompt."""
        with self._lock:
            self.peer = peer
            missed, self.missed = self.missed, []
            if missed:
                peer.send(encode("pasado", lineas=missed, hablar=spoken))
            for frame in first():
                peer.send(frame)
            peer.send(encode("indicador", texto=self.prompt_text))
            self._asked = self._waiting
            if self._waiting:
                peer.send(encode("pide", puerta=self.at_gate()))
        self._poke()  # a seat waiting for its player goes on

    @property
    def keys(self) -> bool:
        """The connected client has the console's keys (see `Peer.keys`)."""
        return getattr(self.peer, "keys", True)

    def detach(self, peer: Peer | None = None) -> None:
        with self._lock:
            if peer is None or self.peer is peer:
                self.peer = None

    def keep(self, lines: list[str]) -> None:
        """Lines for a player who is away (the table's chat), kept with the rest."""
        with self._lock:
            self.missed = [*self.missed, *lines][-MISSED_LIMIT:]

    def _send(self, frame: str, lines: list[str] | None = None) -> None:
        peer = self.peer
        if peer is not None:
            peer.send(frame)
        elif lines:
            self.missed = [*self.missed, *lines][-MISSED_LIMIT:]

    # -- what the session says ---------------------------------------------------
    def say_batch(self, lines: list[str], *, answer: bool = False) -> None:
        with self._lock:
            self._send(encode("di", lineas=list(lines), respuesta=answer), list(lines))

    def say(self, line: str, *, answer: bool = False) -> None:
        self.say_batch([line], answer=answer)

    def set_prompt(self, text: str) -> None:
        with self._lock:
            if text != self.prompt_text:
                self.prompt_text = text
                self._send(encode("indicador", texto=text))

    def set_key_mode(self, keys: Any) -> None:
        """Key modes (Palabras' board cursor) are the client's own terminal's."""

    # -- what the client sends ---------------------------------------------------
    def put(self, item: Any) -> None:
        """A typed line (str) or a `TypedAction` from the client."""
        with self._lock:
            self._lines.append(item)
        self._poke()

    def ask_again(self) -> None:
        """The client's last line was refused before it got here: ask again."""
        with self._lock:
            if self._waiting and self.peer is not None:
                self._asked = True
                self.peer.send(encode("pide", puerta=self.at_gate()))

    def wake(self) -> None:
        """The table did something for this seat: a waiting read returns."""
        with self._lock:
            self._woken = True
        self._poke()

    def close(self) -> None:
        """The table is gone: a waiting read gets the end of input."""
        with self._lock:
            self._closed = True
        self._poke()

    # -- the hub's side ----------------------------------------------------------
    def due(self, now: float) -> bool:
        """Parked, and what it waits for has come (a line, a wake-up, its time)."""
        if not self._parked:
            return False
        if self._for_player:
            return self.peer is not None or self._closed
        if self._lines or self._woken or self._closed:
            return True
        return self._until is not None and self._until <= now

    @property
    def waiting_for_player(self) -> bool:
        """Parked until a client is at this seat again (its player typed `salir`)."""
        return self._parked and self._for_player

    def parked_until(self) -> float | None:
        """When a parked wait runs out (None: not parked, or no end)."""
        return self._until if self._parked else None

    # -- the session's side --------------------------------------------------------
    def get_line(self, timeout: float | None = None) -> Any:
        """The next line from the client, TIMEOUT, or None once closed."""
        with self._lock:
            if self._lines:
                self._asked = False
                return self._lines.popleft()
            if self.peer is None and timeout is None and self.at_gate():
                return ""  # nobody to press Enter: the seat goes on (told when back)
        return self._wait(timeout, consume=True)

    def idle(self, timeout: float) -> None:
        """Wait until the table wakes this seat, a line arrives or ``timeout``
        passes; the line is left for `get_line`."""
        self._wait(timeout, consume=False)

    def wait_for_player(self) -> None:
        """Park until a client is at this seat again (or the table is gone)."""
        while self.peer is None and not self._closed:
            self._parked = self._for_player = True
            try:
                park()
            finally:
                self._parked = self._for_player = False

    def _wait(self, timeout: float | None, *, consume: bool) -> Any:
        end = None if timeout is None else self._clock() + timeout
        with self._lock:
            if timeout is None and consume and not self._lines:
                # The seat waits for this player (their turn, a gate): a scripted
                # client sends its next line only now, so a script replays. Asked
                # once until a line comes (a wake-up does not ask again).
                self._waiting = True
                if self.peer is not None and not self._asked:
                    self._asked = True
                    self.peer.send(encode("pide", puerta=self.at_gate()))
        try:
            # Every wait lets the hub go round at least once: the clock's steps
            # (a bot's move) are the hub's, and a seat that never parked would
            # wait for them for ever.
            yielded = False
            while True:
                over = self._lines or self._woken or self._closed
                now = self._clock()
                if not over and end is not None and now >= end:
                    over = True
                if over and yielded:
                    break
                self._until, self._parked = (now if over else end), True
                try:
                    park()
                finally:
                    self._parked, self._until = False, None
                yielded = True
        finally:
            self._waiting = False
        with self._lock:
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
    """A seat's link (`core.link.SeatLink`) to a table other seats share. Moves are
    the table's; its clock is the server's (the session never steps it)."""

    shared = True

    def __init__(self, table: Any, seat: int | None, lang: str) -> None:
        self.table = table
        self.match: Match = table.match
        self.seat = seat
        self.lang = lang
        self.session: Session | None = None
        self._task: object = None
        self._inbox: list[tuple[list[Any], str]] = []
        # While a bot plays this seat for its away player: the lines of its moves,
        # told to the player first when they come back (the newest kept).
        self.stood_in_moves: list[str] = []
        self.match.listeners.append(self._deliver)

    def bind(self, session: Session) -> None:
        self.session = session

    def own(self) -> None:
        """The running greenlet is this seat's (its deliveries are said in place)."""
        self._task = current_task()

    def close(self) -> None:
        if self._deliver in self.match.listeners:
            self.match.listeners.remove(self._deliver)

    def _deliver(self, delivery: Delivery) -> None:
        if delivery.seat != self.seat or self.session is None:
            return
        session = self.session
        with i18n.using(self.lang):
            self.table.delivered(self, delivery)
            if current_task() is self._task and session._deferred is not None:
                session._delivered(delivery)
                return
            # Made by another seat or the clock: told now, while the table is as it left it.
            items = list(session.adapter.describe_events(delivery.events))
            self._inbox.append((items, session.adapter.prompt()))
            if self.seat is not None and self.seat in self.match.away:
                log = self.match.log
                if log and log[-1].seat == self.seat:  # the stand-in's own move
                    # (Not `Tu turno.`: the bot took that turn; a playtest heard it
                    # told as if it were still the player's.)
                    lines = [
                        str(item)
                        for item in items
                        if isinstance(item, str) and not isinstance(item, Asking)
                    ]
                    self.stood_in_moves = [*self.stood_in_moves, *lines][-STOOD_IN_KEPT:]
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
