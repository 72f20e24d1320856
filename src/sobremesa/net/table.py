"""A server's table: who sits where, the match, its clock, its log on disk.

A table is made in the lobby (`crear`): a short unguessable code, the game and its
options, the seats (people who joined, seats left open). When its creator says
`empezar`, open seats get bots, the game is dealt and every person (and
spectator) gets a seat console (`net.seat`). The table's hub (`net.hub`) runs its
seats and its clock: bots move and windows close when the speech-time model says,
for every seat at once.

Nothing is lost: every move is written to the table's log (`net.wal`) before
anyone hears of it, so a server killed at any moment comes back with every table
as it was, at most the move in flight missing.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import greenlet

from sobremesa import i18n
from sobremesa.core.match import Delivery, Match
from sobremesa.core.policy import SLACK, ReactionPolicy
from sobremesa.core.registry import GameEntry, entry
from sobremesa.i18n import _
from sobremesa.net.hub import Hub, pool
from sobremesa.net.protocol import MISSED_SPOKEN, encode
from sobremesa.net.seat import Peer, RemoteConsole, SharedLink
from sobremesa.net.wal import TableLog
from sobremesa.settings import Settings
from sobremesa.ui.announcer import Announcer, Asking
from sobremesa.ui.commands import fold
from sobremesa.ui.rivals import choose_styles
from sobremesa.ui.session import Recap, Session, Table, seat_table

log = logging.getLogger("sobremesa.servidor")

#: Letters of table codes: no 0/O, 1/I/L (read aloud and typed without doubt).
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6  # 31^6: about 887 million codes


def new_code(taken: Callable[[str], bool]) -> str:
    while True:
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        if not taken(code):
            return code


def new_token() -> str:
    """A seat token: 128 random bits."""
    return secrets.token_urlsafe(16)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Seat:
    name: str
    kind: str  # "human", "bot" or "open"
    level: str | None = None
    style: str = ""  # a bot's, chosen when the game starts (from the table's seed)
    token: str | None = None  # its hash: the token itself is only the player's
    peer: Peer | None = None
    runner: SeatRunner | None = None
    away_since: float | None = None
    stood_in: bool = False
    stood_in_since_back: bool = False  # told to the player when they come back

    def to_dict(self) -> dict[str, Any]:
        return {"nombre": self.name, "tipo": self.kind, "nivel": self.level, "ficha": self.token}


@dataclass
class TableOptions:
    game: str
    seats: int
    level: str
    seed: int
    pace: float = 1.5
    window: float | None = None  # seconds in real time; None: turn by turn
    public: bool = True
    grace: float = 60.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "juego": self.game,
            "asientos": self.seats,
            "nivel": self.level,
            "semilla": self.seed,
            "ritmo": self.pace,
            "ventana": self.window,
            "publica": self.public,
            "gracia": self.grace,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableOptions:
        return cls(
            str(data["juego"]),
            int(data["asientos"]),
            str(data["nivel"]),
            int(data["semilla"]),
            float(data["ritmo"]),
            None if data.get("ventana") is None else float(data["ventana"]),
            bool(data.get("publica", True)),
            float(data.get("gracia", 60.0)),
        )


class SeatRunner:
    """One seat's console on the server: its adapter, its session, its greenlet."""

    def __init__(self, table: ServerTable, seat: int | None, peer: Peer) -> None:
        self.table = table
        self.seat = seat
        self.lang = peer.lang
        self.console = RemoteConsole(table.poke, clock=table.clock)
        self.link = SharedLink(table, seat, self.lang)
        with i18n.using(self.lang):
            self.adapter = table.seat_adapter(seat, self.lang)
            self.announcer = Announcer(self.console)
            options = table.options
            self.session = Session(
                self.adapter,
                self.console,
                self.announcer,
                options.pace,
                window_seconds=options.window,
                reading_wpm=peer.wpm,
                clock=table.clock,
                link=self.link,
            )
        self.console.at_gate = lambda: self.session._gate is not None
        self.console.attach(peer)
        self.returning = False
        self.task: greenlet.greenlet | None = None  # made by the table's hub

    def _run(self) -> None:
        """The seat's greenlet (the hub holds the table's lock while it runs)."""
        with i18n.using(self.lang):
            self.link.own()
            try:
                while not self.table.closed:
                    result = self.session.run(resumed=self.returning)
                    if result == "over" or self.table.closed or self.seat is None:
                        break
                    # `salir`: the seat waits for its player (a bot plays it after the grace).
                    self.session._quit = self.session._eof = False
                    self.returning = True
                    self.console.wait_for_player()
            except Exception:  # a seat's failure must not take the server down
                log.exception("seat %s of table %s failed", self.seat, self.table.code)
            finally:
                self.link.close()
        self.table.runner_done(self)


class ServerTable:
    def __init__(
        self,
        code: str,
        options: TableOptions,
        *,
        data_dir: Path | None,
        clock: Callable[[], float] = time.monotonic,
        hub: Hub | None = None,
    ) -> None:
        self.code = code
        self.options = options
        self.entry: GameEntry = entry(options.game)
        self.seats: list[Seat] = [Seat("", "open", options.level) for _ in range(options.seats)]
        self.creator: str | None = None  # the creator's token hash
        self.lock = threading.Lock()
        self.hub = hub if hub is not None else pool().next()
        self._running = False  # the hub is running this table (see `poke`)
        self._runners: list[SeatRunner] = []  # every seat console still going
        self._clock_idle: dict[float, float] = {}  # a due time with nothing done: retry at
        self.clock = clock
        self.match: Match | None = None
        self.spectators: list[SeatRunner] = []
        self.closed = False
        self.over = False
        self.log: TableLog | None = None
        if data_dir is not None:
            self.log = TableLog(data_dir / f"{code}.wal")
        self.on_over: Callable[[ServerTable], None] = lambda table: None
        self.on_stand_in: Callable[[ServerTable, int], None] = lambda table, seat: None
        self.on_left: Callable[[ServerTable, int], None] = lambda table, seat: None
        self._lexicon: Any = None

    # -- the lobby -------------------------------------------------------------------
    @property
    def started(self) -> bool:
        return self.match is not None

    def open_seats(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.kind == "open"]

    def sit(self, peer: Peer, name: str) -> tuple[int, str]:
        """A person takes the first open seat: (seat, token)."""
        index = self.open_seats()[0]
        taken = {seat.name for seat in self.seats}
        base, n = name, 2
        while name in taken:
            name, n = f"{base} {n}", n + 1
        token = new_token()
        seat = self.seats[index]
        seat.name, seat.kind, seat.level, seat.token, seat.peer = (
            name,
            "human",
            None,
            token_hash(token),
            peer,
        )
        if self.creator is None:
            self.creator = seat.token
        self.write_config()
        return index, token

    def stand_up(self, seat: int) -> bool:
        """A person leaves a table whose game has not started: the seat is open
        again (a bot's, if nobody takes it); if they had created it, the next person
        at it may start it. True if no person is left at the table."""
        with self.lock:
            self.seats[seat] = Seat("", "open", self.options.level)
            people = [s for s in self.seats if s.kind == "human"]
            if all(s.token != self.creator for s in people):
                self.creator = people[0].token if people else None
            self.write_config()
            return not people

    def set_levels(self, levels: list[str]) -> None:
        """The bots' levels of the open seats, in seat order (`crear` with one level
        per rival); seats beyond the list keep the table's level."""
        for index, level in zip(self.open_seats(), levels, strict=False):
            self.seats[index].level = level
        self.write_config()

    def away_seat_named(self, name: str) -> int | None:
        """The seat of a person called ``name`` whose client is not connected."""
        for index, seat in enumerate(self.seats):
            if seat.kind == "human" and seat.peer is None and fold(seat.name) == fold(name):
                return index
        return None

    def seat_of(self, token: str) -> int | None:
        hashed = token_hash(token)
        for index, seat in enumerate(self.seats):
            if seat.token == hashed:
                return index
        return None

    def write_config(self) -> None:
        if self.log is not None:
            self.log.write({"mesa": self.to_dict()})

    def to_dict(self) -> dict[str, Any]:
        return {
            "codigo": self.code,
            "opciones": self.options.to_dict(),
            "asientos": [seat.to_dict() for seat in self.seats],
            "creador": self.creator,
        }

    # -- the game --------------------------------------------------------------------
    def lexicon(self) -> Any:
        if self._lexicon is None and self.entry.lexicon is not None:
            self._lexicon = self.entry.load_lexicon()
        return self._lexicon

    def build_match(self, opening: dict[str, Any] | None = None) -> None:
        """The match over a new deal (or over a logged opening, on restart); open
        seats get bots. Needs the lock (or no other thread yet)."""
        options = self.options
        seed = options.seed
        game = (
            self.entry.new_game(options.seats, seed, lexicon=self.lexicon())
            if opening is None
            else self.entry.restore_game(opening, lexicon=self.lexicon())
        )
        # Bots' names as a local table's, none a person's at this table (said
        # aloud, Lucía and Lucia are one name).
        people = {fold(seat.name) for seat in self.seats if seat.kind == "human"}
        count = options.seats + len(people)
        named = seat_table(count, seed, spectator=True, levels=[options.level] * count)
        free = iter(name for name in named.names if fold(name) not in people)
        for seat in self.seats:
            if seat.kind == "open":
                seat.kind, seat.name = "bot", next(free)
                seat.level = seat.level or options.level
        # Each bot's style, as a local table chooses them (the same after a restart).
        levels = [seat.level if seat.kind == "bot" else None for seat in self.seats]
        styles = choose_styles(self.entry.styles(), levels, seed)
        bots = {}
        for index, seat in enumerate(self.seats):
            if seat.kind == "bot":
                seat.style = styles[index]
                bots[index] = self.entry.make_bot(
                    str(seat.level), index, seed, lexicon=self.lexicon(), style=seat.style
                )
        kinds = ["bot" if seat.kind == "bot" else "human" for seat in self.seats]
        match = Match(
            game,
            kinds,
            bots,
            policy=ReactionPolicy(seconds=options.window, pace=options.pace),
            reaction_time=self.entry.bot_reaction_time,
            watched=True,
        )
        match.opening = game.to_dict()
        self.match = match

    def start(self, peers_runners: bool = True, told: Callable[[], None] | None = None) -> None:
        """`empezar`: bots in the open seats, the deal, a console for every person.
        ``told()`` runs once the bots are seated, before any seat's first line."""
        with self.lock:
            self.build_match()
            assert self.match is not None
            if told is not None:
                told()
            if self.log is not None:
                self.log.write({"mesa": self.to_dict()})
                # The deal's events too: a game restored from its opening has none.
                opening_events = [event.to_dict() for event in self.match.game.opening_events]
                self.log.write({"inicio": self.match.opening, "reparto": opening_events})
                self.match.on_played = self._write_move
            for i, seat in enumerate(self.seats):
                if seat.peer:
                    self._start_runner(self._new_runner(i, seat.peer))
            self.match.start(self.clock())
        self.poke()

    def restore(self, records: list[dict[str, Any]]) -> None:
        """A table back from its log after a restart: its seats, its moves. Every
        person is away until they reconnect (the grace runs from now)."""
        config = [r["mesa"] for r in records if "mesa" in r][-1]
        self.seats = [
            Seat(s["nombre"], s["tipo"], s.get("nivel"), token=s.get("ficha"))
            for s in config["asientos"]
        ]
        self.creator = config.get("creador")
        starts = [r for r in records if "inicio" in r]
        if not starts:
            return
        self.build_match(starts[-1]["inicio"])
        match = self.match
        assert match is not None
        decode = type(match.game).event_from_dict
        match.game.opening_events = [decode(e) for e in starts[-1].get("reparto", [])]
        match.start(self.clock())
        moves = [r["j"] for r in records if "j" in r]
        match.replay(moves, self.entry.rules().action_from_dict)
        if self.log is not None:
            match.on_played = self._write_move
        now = self.clock()
        for seat in self.seats:
            if seat.kind == "human":
                seat.away_since = now
        self.over = match.game.is_over()
        self.poke()  # the clock: bots and stand-ins play on

    def _write_move(self, entry: list[Any]) -> None:
        assert self.log is not None
        self.log.write({"j": entry})

    def _new_runner(self, seat: int | None, peer: Peer | None) -> SeatRunner:
        assert peer is not None
        runner = SeatRunner(self, seat, peer)
        if seat is not None:
            self.seats[seat].runner = runner
        return runner

    def _start_runner(self, runner: SeatRunner) -> None:
        """A seat console to run (its greenlet is made by the hub). Needs the lock."""
        self._runners.append(runner)
        self.poke()

    def poke(self) -> None:
        """Something this table's hub waits on changed (a line, a connection, a
        move): the hub looks at the table again. From the hub itself, while it runs
        the table, nothing is needed: it looks again until nothing is left due."""
        if self._running and self.hub.in_hub():
            return
        self.hub.schedule(self)

    def changed(self) -> None:
        """Something the clock waits on changed (called with the lock held)."""
        self.poke()

    def run_due(self) -> float | None:
        """The hub's turn at this table: the clock's due steps (bots' moves,
        windows' ends) and every seat whose wait is over, until nothing is due;
        then when the table is due next."""
        with self.lock:
            self._running = True
            try:
                more = self._run_due()
            finally:
                self._running = False
            return self.clock() if more else self._next_due()

    def _run_due(self) -> bool:
        """True: stopped at the budget with more due (the hub's other tables first)."""
        match = self.match
        started = time.perf_counter()
        while True:
            progressed = self._clock_step()
            now = self.clock()
            for runner in list(self._runners):
                if runner.task is None:
                    runner.task = greenlet.greenlet(runner._run)
                elif not runner.console.due(now):
                    continue
                progressed = True
                runner.task.switch()
                if runner.task.dead:
                    self._runners.remove(runner)
            if not progressed:
                break
            if time.perf_counter() - started > RUN_BUDGET:
                return True
        if match is not None and match.game.is_over() and not self.over and not self._runners:
            # Over with nobody at the table (bots standing in for everyone away).
            self.over = True
            self.on_over(self)
        return False

    def _clock_step(self) -> bool:
        """The clock's due step (a bot's move, a window's end), if any: True if it
        did something."""
        match = self.match
        if match is None or self.closed or match.game.is_over():
            return False
        now = self.clock()
        wake = match.next_wakeup()
        # Due by the match's own measure (SLACK): a looser one here saw the clock
        # due up to 1 ms early, when the match had nothing to do yet.
        if wake is None or wake > now + SLACK or now < self._clock_idle.get(wake, 0):
            return False
        try:
            done = match.step(now)
        except Exception:
            log.exception("table %s: the clock failed", self.code)
            self.closed = True
            return False
        if done is None:
            # Due, yet nothing to do: looked at again a little later, not at once
            # (a blind playtest froze a server that way).
            if not self._clock_idle:
                log.warning("table %s: the clock was due with nothing to do", self.code)
            self._clock_idle = {wake: now + CLOCK_RETRY}
            return False
        return True

    def finished(self) -> bool:
        """Over, and every seat console has ended (everyone told, back in the lobby).
        Read without the lock (the server's loop asks every second; both only
        ever become true)."""
        return self.over and not self._runners

    def _next_due(self) -> float | None:
        times = [runner.console.parked_until() for runner in self._runners]
        match = self.match
        if match is not None and not self.closed and not match.game.is_over():
            wake = match.next_wakeup()
            times.append(self._clock_idle.get(wake, wake) if wake is not None else None)
        due = [t for t in times if t is not None]
        return min(due) if due else None

    def seat_adapter(self, seat: int | None, lang: str) -> Any:
        """A console's adapter for ``seat`` (None: a spectator's) over the table's own
        game, in ``lang`` (called in that language)."""
        match = self.match
        assert match is not None
        names = [s.name for s in self.seats]
        levels = [s.level if s.kind == "bot" else None for s in self.seats]
        styles = [s.style if s.kind == "bot" else "" for s in self.seats]
        if seat is not None:
            names[seat] = _("Tú")
        settings = Settings()
        settings.language = lang
        data = {
            "state": match.opening,
            "table": Table(names, seat, levels, styles).to_dict(),
            "bots": [],
            "extra": {},
        }
        adapter = self.entry.adapter_module().restore_adapter(settings, data)
        adapter.game = match.game
        adapter.shared = True  # (its retellings too: they must say what the seat heard)
        return adapter

    # -- what the seats tell the table -------------------------------------------------
    def delivered(self, link: SharedLink, delivery: Delivery) -> None:
        """One batch for one seat, on the wire as data too (its own view only)."""
        runner = self._runner_of(link)
        peer = runner.console.peer if runner is not None else None
        if peer is None:
            return
        peer.send(
            encode(
                "entrega",
                seq=delivery.seq,
                eventos=[event.to_dict() for event in delivery.events],
                vista=delivery.view.to_dict(),
                plazo=delivery.deadline,
            )
        )

    def _runner_of(self, link: SharedLink) -> SeatRunner | None:
        if link.seat is not None:
            return self.seats[link.seat].runner
        return next((r for r in self.spectators if r.link is link), None)

    def seat_left(self, link: SharedLink) -> None:
        """`salir` at the table: the player's client goes back to the lobby."""
        runner = self._runner_of(link)
        if runner is None:
            return
        peer = runner.console.peer
        if link.seat is None:
            runner.announcer.narrate(
                _("Dejas de mirar la mesa {code}. Para volver, mirar {code}.").format(
                    code=self.code
                )
            )
        else:
            runner.announcer.narrate(
                _("Dejas la mesa {code}. Tu sitio te espera: para volver, unirse {code}.").format(
                    code=self.code
                )
            )
        runner.console.detach()
        if link.seat is not None:
            self.seats[link.seat].away_since = self.clock()
            self.seats[link.seat].peer = None
            self.on_left(self, link.seat)
        if peer is not None:
            peer.left_table(self)

    def runner_done(self, runner: SeatRunner) -> None:
        peer = runner.console.peer
        if runner in self.spectators:
            self.spectators.remove(runner)
        if peer is not None and self.match is not None and self.match.game.is_over():
            peer.send(encode("fin"))
            peer.left_table(self)
        if self.match is not None and self.match.game.is_over() and not self.over:
            self.over = True
            self.on_over(self)

    # -- people coming and going (called from the server's loop) ------------------------
    def watch(self, peer: Peer, since: int | None = None) -> SeatRunner:
        """A spectator at this table: from where the game is now, or, coming back,
        from the batch after ``since`` (what it missed, told again from the log)."""
        with self.lock:
            runner = self._new_runner(None, peer)
            self.spectators.append(runner)
            missed = self._told_since(since, runner.lang) if since is not None else None
            if missed is None:
                runner.announcer.narrate_lines(runner.adapter.intro())
                # The spectator hears the game from where it is now, its last move too
                # (`ultima`, and the recap's `Última jugada`, as a player's).
                runner.adapter.last_move = self._last_move_for(runner.lang)
                runner.announcer.narrate_lines(runner.adapter.resume())
            elif missed:
                for line in missed:
                    runner.announcer.history.add(line)
                peer.send(encode("pasado", lineas=missed))
            self._start_runner(runner)
        return runner

    def take_seat_back(self, seat: int, peer: Peer) -> None:
        """A player back at their seat (reconnected, or after `salir`)."""
        with self.lock:
            info = self.seats[seat]
            info.peer, info.away_since = peer, None
            match = self.match
            if match is not None and info.stood_in:
                match.take_back(seat, self.clock())
                info.stood_in = False
            if match is None:
                return
            if info.runner is None:
                runner = self._new_runner(seat, peer)
                told = self._retell(seat, runner.lang, match.table_to_dict())
                for line in told.lines:
                    runner.announcer.history.add(line)
                runner.console.missed = told.lines[-MISSED_TAIL:]
                runner.console.detach()
                runner.console.attach(peer, lambda: [self.snapshot(seat)])
                runner.returning = True
                runner.adapter.last_move = told.last_move
                self._start_runner(runner)
            else:
                runner = info.runner
                missed = runner.console.missed
                heard = missed[-MISSED_SPOKEN:]  # the client says these of what it missed
                stand_in: list[str] = []
                if info.stood_in_since_back:
                    info.stood_in_since_back = False
                    stand_in = self._stood_in_lines(runner, missed)
                    heard = stand_in
                back_from_salir = runner.console.waiting_for_player
                first = lambda: [self.snapshot(seat)]  # noqa: E731
                runner.console.attach(peer, first, spoken=0 if stand_in else MISSED_SPOKEN)
                if stand_in:
                    runner.console.say_batch(stand_in)
                if not back_from_salir:
                    # Where the game is, then the prompt (after `salir` the session
                    # starts again as resumed, and says it). Its last move only if
                    # the lines just said did not tell it (a playtest heard it three
                    # times: the missed lines, the bot's, the recap).
                    told = runner.adapter.last_move in heard
                    runner.console.put(Recap(last_move_told=told))
            self.changed()

    @staticmethod
    def _stood_in_lines(runner: SeatRunner, missed: list[str]) -> list[str]:
        """What a player back from a stand-in hears first: the bot's moves in their
        name, in full (a blind playtest heard only the last lines, none of them the
        bot's), then what was said after its last move (the client says none of the
        missed lines then: they were the same)."""
        moves, runner.link.stood_in_moves = runner.link.stood_in_moves, []
        if not moves:
            return [_("Un bot ha jugado por ti mientras no estabas.")]
        after = missed
        if moves[-1] in missed:
            last = len(missed) - 1 - missed[::-1].index(moves[-1])
            after = missed[last + 1 :]
        # (Not `Tu turno.`: the recap that follows says whose turn it is.)
        after = [line for line in after if not isinstance(line, Asking)][-MISSED_SPOKEN:]
        return [_("Un bot ha jugado por ti:"), *moves, *after]

    def snapshot(self, seat: int | None) -> str:
        """The seat's view now, as a delivery with no events (a client that comes
        back goes on from here). Called with the lock held."""
        assert self.match is not None
        match = self.match
        return encode(
            "entrega",
            seq=len(match.log),
            eventos=[],
            vista=match.game.view(seat).to_dict(),
            plazo=match.deadline(seat),
        )

    def _told_since(self, seq: int, lang: str) -> list[str] | None:
        """The spectator's lines for the log after ``seq`` (None: cannot tell)."""
        match = self.match
        assert match is not None
        table = match.table_to_dict()
        if not 0 < seq <= len(table["log"]):
            return None
        cut = {
            **table,
            "log": table["log"][:seq],
            "played": [p for p in table["played"] if p[0] < seq],
        }
        if cut["played"] and cut["played"][-1][0] >= seq:
            return None
        try:
            before = self._retell(None, lang, cut).lines
            whole = self._retell(None, lang, table).lines
        except (ValueError, KeyError):
            return None
        return whole[len(before) :] if whole[: len(before)] == before else None

    def _last_move_for(self, lang: str) -> Any:
        """The game's last move as a spectator hears it ("" before any)."""
        match = self.match
        assert match is not None
        if not match.played:
            return ""
        try:
            told = self._retell(None, lang, match.table_to_dict())
        except (ValueError, KeyError):
            return ""
        return told.last_move or ""

    def _retell(self, seat: int | None, lang: str, data: dict[str, Any]) -> Any:
        """The game in ``data`` told again for ``seat``, in ``lang`` (`ui.retell`)."""
        from sobremesa.ui.retell import retell

        with i18n.using(lang):
            shadow = self.seat_adapter_shadow(seat, lang)
            return retell(shadow, data, self.entry.rules().action_from_dict)

    def seat_adapter_shadow(self, seat: int | None, lang: str) -> Any:
        """An adapter over a copy of the opening (the retelling replays on it)."""
        adapter = self.seat_adapter(seat, lang)
        assert self.match is not None and self.match.opening is not None
        adapter.game = self.entry.restore_game(self.match.opening, lexicon=self.lexicon())
        return adapter

    def dropped(self, peer: Peer) -> None:
        """A client's connection ended: its seat waits (the grace), then a bot plays."""
        with self.lock:
            for runner in list(self.spectators):
                if runner.console.peer is peer:
                    runner.console.close()
            for seat in self.seats:
                if seat.peer is peer:
                    seat.peer = None
                    seat.away_since = self.clock()
                    if seat.runner is not None:
                        seat.runner.console.detach(peer)

    def grace_check(self) -> None:
        """Seats whose player has been away longer than the grace get a bot."""
        match = self.match
        if match is None or match.game.is_over():
            return
        if all(seat.away_since is None for seat in self.seats):
            return  # everyone is here (no need to wait for the table's lock)
        with self.lock:
            now = self.clock()
            for index, seat in enumerate(self.seats):
                if (
                    seat.kind == "human"
                    and seat.away_since is not None
                    and not seat.stood_in
                    and now - seat.away_since >= self.options.grace
                ):
                    bot = self.entry.make_bot(
                        "medio", index, self.options.seed, lexicon=self.lexicon()
                    )
                    match.stand_in(index, bot, now)
                    seat.stood_in = seat.stood_in_since_back = True
                    self.on_stand_in(self, index)
                    log.info(
                        "table %s: a bot plays seat %d while its player is away", self.code, index
                    )
                    self.changed()

    def close(self) -> None:
        with self.lock:
            self.closed = True
            for seat in self.seats:
                if seat.runner is not None:
                    seat.runner.console.close()
            for runner in self.spectators:
                runner.console.close()
            self.changed()
        if self.log is not None:
            self.log.close()


#: Seconds of work a hub gives a table in one go before the hub's other tables
#: (a table of bots at `ritmo 0`, watched, plays a whole game without waiting).
RUN_BUDGET = 0.05

#: Seconds before the hub looks again at a clock that was due and did nothing.
CLOCK_RETRY = 0.25

#: Lines of what was missed that a returning player hears (the rest is history).
MISSED_TAIL = 6
