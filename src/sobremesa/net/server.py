"""`sobremesa servidor`: one asyncio process hosting tables for the four games.

Clients speak the protocol of `net.protocol` over a websocket (`websockets`); SSH
clients (`net.ssh`) type the same lines in a terminal. Each connection is a
:class:`Connection`: in the lobby its lines are lobby commands (`crear`, `unirse`,
`mirar`, `mesas`, `empezar`, `decir`, `quien`, `ayuda`, `salir`); once its table has
started they go to its seat's console (`net.seat`), but for `decir` and `quien`.

Every answer is in the connection's own language. Nothing a client sends can
crash the server or change a table it does not sit at: frames are checked
(`decode_client`), too many of them are refused (a rate limit per connection),
and guessing table codes is slowed and logged.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import random
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sobremesa import i18n
from sobremesa.core.registry import GAMES, entry
from sobremesa.i18n import _, ngettext
from sobremesa.net.collector import Collector
from sobremesa.net.protocol import (
    MAX_CHAT,
    MAX_FRAME,
    MAX_NAME,
    ProtocolError,
    clean_text,
    decode_client,
    encode,
)
from sobremesa.net.seat import Peer
from sobremesa.net.table import ServerTable, TableOptions, new_code
from sobremesa.net.wal import read_log, set_aside_log
from sobremesa.ui.commands import fold
from sobremesa.ui.rivals import LEVEL_WORDS, level_name, level_words, rival_text
from sobremesa.ui.session import TypedAction
from sobremesa.ui.wording import join, join_or

log = logging.getLogger("sobremesa.servidor")

#: Frames a connection may send per second, and in a burst.
RATE, BURST = 30.0, 60
#: Refused frames after which a connection is closed.
MAX_REFUSED = 200
#: Wrong table codes a connection may try per minute.
CODE_TRIES = 5
#: A program's "reading rate": its lines take no time to hear.
PROGRAM_WPM = 1e9
#: Chat lines kept per table (`charla` reads them back on the client).
CHAT_KEEP = 50


GAME_WORDS = {fold(name): game_id for game_id in GAMES for name in (game_id, GAMES[game_id].name)}
GAME_WORDS.update({"castana": "castana", "abc": "castana", "cabanga": "cabanga"})


class RateLimit:
    """A token bucket (the server's clock)."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float]) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.at = clock()

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Outbox:
    """What the tables' threads hand a loop (frames, calls), in order, with one
    wake-up of the loop per batch: ``call_soon_threadsafe`` writes to the loop's
    self-pipe every time, which was a fifth of the server's time under load."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self._lock = threading.Lock()
        self._items: list[tuple[Callable[[Any], Any], Any]] = []

    def put(self, call: Callable[[Any], Any], arg: Any) -> None:
        with self._lock:
            self._items.append((call, arg))
            if len(self._items) > 1:
                return  # a flush is already on its way
        self.loop.call_soon_threadsafe(self._flush)

    def _flush(self) -> None:
        with self._lock:
            items, self._items = self._items, []
        for call, arg in items:
            call(arg)


_outboxes: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Outbox] = (
    weakref.WeakKeyDictionary()
)


def outbox(loop: asyncio.AbstractEventLoop) -> Outbox:
    """The loop's outbox (made in the loop's thread, before any other thread uses it)."""
    box = _outboxes.get(loop)
    if box is None:
        box = _outboxes[loop] = Outbox(loop)
    return box


def started_line(table: ServerTable) -> str:
    """`Empieza la partida.`, with the bots that took the free seats (an SSH
    playtest first heard of Lucía in her first move, and had to guess she was a
    bot): `Empieza la partida. Bot: Lucía, fácil.`"""
    bots = [
        _("{name}, {rival}").format(
            name=seat.name, rival=rival_text(table.entry.id, str(seat.level), seat.style)
        )
        for seat in table.seats
        if seat.kind == "bot"
    ]
    if not bots:
        return _("Empieza la partida.")
    return ngettext(
        "Empieza la partida. Bot: {bots}.", "Empieza la partida. Bots: {bots}.", len(bots)
    ).format(bots="; ".join(bots))


class Connection(Peer):
    """One client: its name, language, reading rate, and where it sits."""

    def __init__(self, server: Server, send_frame: Callable[[str], Any], address: str) -> None:
        self.server = server
        self.loop = asyncio.get_running_loop()
        self._loop_thread = threading.get_ident()
        self._outbox = outbox(self.loop)
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._send_frame = send_frame
        self.address = address
        self.name = ""
        self.lang = "es"
        self.wpm = 180.0
        self.greeted = False
        self.table: ServerTable | None = None
        self.seat: int | None = None
        self.watching = False
        self.limit = RateLimit(RATE, BURST, time.monotonic)
        self.refused = 0
        self.code_tries: deque[float] = deque()
        self.tokens: dict[str, str] = {}  # table code -> this connection's seat token
        # SSH: no token to keep; the login name takes an away seat of that name back.
        self.by_name = False
        self.closed = False

    # -- Peer (any thread) ------------------------------------------------------------
    def send(self, frame: str) -> None:
        if self.closed:
            return
        if threading.get_ident() == self._loop_thread:
            self.queue.put_nowait(frame)  # in order with what the loop queues next
        else:
            self._outbox.put(self.queue.put_nowait, frame)

    def left_table(self, table: Any) -> None:
        def back() -> None:
            if self.table is table:
                over = table.match is not None and table.match.game.is_over()
                if self.watching and not self.closed and not over:
                    # (At the game's end everyone goes back to the lobby: no news.)
                    self.server.tell_others(table, self, self._stopped_watching)
                self.table, self.seat, self.watching = None, None, False
                # The client forgets the table: reconnecting (a restarted server)
                # brings it back to the lobby, not to the table it left.
                self.send(encode("sala"))
                self.say([_("Estás en la sala. Escribe ayuda para ver las órdenes.")])
                self.prompt()

        self._outbox.put(self._in_language, back)

    def _stopped_watching(self) -> str:
        return _("{name} deja de mirar la mesa.").format(name=self.name)

    def _in_language(self, call: Callable[[], None]) -> None:
        with i18n.using(self.lang):
            call()

    async def writer(self) -> None:
        while (frame := await self.queue.get()) is not None:
            await self._send_frame(frame)

    # -- saying, in the client's language (the server's loop) --------------------------
    def say(self, lines: list[str], *, answer: bool = True) -> None:
        self.send(encode("di", lineas=lines, respuesta=answer))

    def prompt(self) -> None:
        if self.table is not None and self.table.started:
            return  # the seat's console asks from now on
        text = (
            _("Sala> ") if self.table is None else _("Mesa {code}> ").format(code=self.table.code)
        )
        self.send(encode("indicador", texto=text))
        table = self.table
        if (
            table is not None
            and self.seat is not None
            and table.creator != table.seats[self.seat].token
        ):
            # A friend seated at a table still to start: a script's next line is for
            # the game, so it is asked for once the game has started.
            return
        self.send(encode("pide", puerta=False))

    # -- frames from the client ---------------------------------------------------------
    def received(self, raw: str | bytes) -> bool:
        """Act on one frame; False: close the connection."""
        if not self.limit.allow():
            self.refused += 1
            if self.refused == 1 or self.refused % 50 == 0:
                with i18n.using(self.lang):
                    self.say([_("Demasiadas órdenes seguidas; espera un momento.")])
            runner = self.runner()
            if runner is not None:
                runner.console.ask_again()  # the refused line is to be sent again
            return self.refused < MAX_REFUSED
        try:
            frame = decode_client(raw)
        except ProtocolError as error:
            self.refused += 1
            log.info("%s: refused frame (%s)", self.address, error)
            with i18n.using(self.lang):
                self.say([_("No entiendo ese mensaje.")])
            return self.refused < MAX_REFUSED
        with i18n.using(self.lang):
            self.handle(frame)
        return not self.closed

    def handle(self, frame: dict[str, Any]) -> None:
        kind = frame["t"]
        if kind == "hola":
            self.hello(frame)
            return
        if not self.greeted:
            self.hello({"nombre": "", "idioma": "es", "wpm": 180, "ficha": None, "mesa": None})
        if kind == "crear":
            self.create(frame)
            if not self.watching:
                self.prompt()
        elif kind == "accion":
            self.action(frame["accion"])
        else:
            if frame.get("ficha") and frame.get("mesa") in self.server.tables:
                # A seat token for the table the line names (checked by the table).
                self.tokens.setdefault(frame["mesa"], frame["ficha"])
            self.line(frame["texto"])

    def hello(self, frame: dict[str, Any]) -> None:
        self.lang = frame["idioma"]
        self.wpm = frame["wpm"] if not frame.get("programa") else PROGRAM_WPM
        self.name = frame["nombre"] or _("Invitado {n}").format(n=self.server.guest_number())
        first = not self.greeted
        self.greeted = True
        token, code = frame.get("ficha"), frame.get("mesa")
        with i18n.using(self.lang):
            if token and code and self.server.rejoin(self, code, token):
                return
            if code and not token and frame.get("visto") is not None:
                self.watch(code, since=frame["visto"])  # a spectator back at its table
                return
            if first:
                self.say(
                    [
                        _(
                            "Hola, {name}. Estás en la sala de Sobremesa. Escribe ayuda para ver las órdenes."
                        ).format(name=self.name),
                        *self.seats_waiting(frame.get("fichas") or []),
                    ]
                )
                self.prompt()

    @property
    def keys(self) -> bool:  # type: ignore[override]
        return not self.by_name  # (SSH: a plain terminal, no F keys nor review keys)

    def seats_waiting(self, saved: list[tuple[str, str]]) -> list[str]:
        """The seats this client holds tokens for whose game goes on without it:
        said in the greeting (a player whose client was killed came back to a lobby
        that did not say they had a seat). Their tokens go with `unirse` too."""
        for code, token in saved:
            table = self.server.tables.get(code)
            if table is not None and table.seat_of(token) is not None:
                self.tokens[code] = token
        waiting = self._waiting_codes()
        if len(waiting) == 1:  # `unirse` alone takes it
            return [
                _("Tu sitio en la mesa {code} te espera: escribe unirse.").format(code=waiting[0])
            ]
        return [
            _("Tu sitio en la mesa {code} te espera: escribe unirse {code}.").format(code=code)
            for code in waiting
        ]

    def _waiting_codes(self) -> list[str]:
        """The tables where a seat of this client's waits for it: by its tokens, or
        (SSH, where the login is the player's name) by its name (an SSH playtest
        came back to a lobby that said nothing, and `mesas` said there were none)."""
        codes = [code for code in self.tokens if self._seat_waits(code)]
        if self.by_name:
            codes += [
                code
                for code, table in self.server.tables.items()
                if code not in codes
                and table.started
                and not table.over
                and table.away_seat_named(self.name) is not None
            ]
        return codes

    def _seat_waits(self, code: str) -> bool:
        """This client's seat at table ``code`` (by its token) waits for it: the
        game goes on and nobody is connected there."""
        table = self.server.tables.get(code)
        if table is None or not table.started or table.over:
            return False
        seat = table.seat_of(self.tokens[code])
        return seat is not None and table.seats[seat].peer is None

    def action(self, data: dict[str, Any]) -> None:
        table = self.table
        if table is None or self.seat is None or not table.started:
            self.say([_("No estás jugando en ninguna mesa.")])
            return
        try:
            action = table.entry.rules().action_from_dict(data)
        except Exception:  # any malformed action from the network
            self.say([_("No entiendo esa jugada.")])
            return
        runner = table.seats[self.seat].runner
        if runner is not None:
            runner.console.put(TypedAction(action))

    # -- lines ------------------------------------------------------------------------------
    def line(self, text: str) -> None:
        words = text.split()
        command = fold(words[0]) if words else ""
        rest = text[len(words[0]) :].strip() if words else ""
        if command in ("decir", "say", "di", "quien", "who"):
            if command in ("quien", "who"):
                self.who()
            else:
                self.chat(rest)
            # The line was answered here: whoever waits for the next one asks again.
            runner = self.runner()
            if runner is not None:
                runner.console.ask_again()
            else:
                self.prompt()
            return
        runner = self.runner()
        if runner is not None:
            runner.console.put(text)
            return
        self.lobby(command, words[1:])

    def runner(self) -> Any:
        """This connection's seat console, once its table has started."""
        table = self.table
        if table is None or not table.started:
            return None
        if self.seat is not None:
            return table.seats[self.seat].runner
        return next((r for r in table.spectators if r.console.peer is self), None)

    def lobby(self, command: str, args: list[str]) -> None:
        table = self.table
        if table is not None and not table.started and self.seat is not None:
            if command in ("", "ayuda", "help"):
                self.say(
                    [
                        _("Órdenes de la mesa {code}, antes de empezar:").format(code=table.code),
                        _("empezar: empieza la partida; los sitios libres son para bots."),
                        _("quien: quién se sienta dónde."),
                        _("decir TEXTO: hablas a la mesa."),
                        _("salir: dejas la mesa y vuelves a la sala."),
                    ]
                )
                self.prompt()
                return
            if command in ("salir", "quit", "exit"):
                self.stand_up()
                self.prompt()
                return
        if command in ("ayuda", "help") and args and fold(args[0]) in ("crear", "create"):
            self.say(self.create_help())
        elif command in ("", "ayuda", "help"):
            self.say(
                [
                    _("Órdenes de la sala:"),
                    _(
                        "crear JUEGO [RIVALES] [NIVEL]: crea una mesa; por ejemplo, crear chinchon 2 facil."
                    ),
                    _("Un nivel por rival, con comas: crear chinchon 2 facil,dificil."),
                    _("ayuda crear: los juegos, cuántos rivales y las opciones."),
                    _("unirse CÓDIGO: te sientas en una mesa."),
                    _("mirar CÓDIGO: miras una mesa como espectador."),
                    _("mesas: las mesas abiertas."),
                    _("empezar: empieza la partida de tu mesa; los sitios libres son para bots."),
                    _("decir TEXTO: hablas a tu mesa. quien: quién se sienta dónde."),
                    _("salir: te vas."),
                ]
            )
        elif command in ("crear", "create"):
            self.create(self.parse_create(args))
        elif command in ("unirse", "join"):
            self.join(args[0] if args else "")
        elif command in ("mirar", "watch"):
            self.watch(args[0] if args else "")
        elif command in ("mesas", "tables"):
            self.list_tables()
        elif command in ("empezar", "start"):
            self.start()
        elif command in ("salir", "quit", "exit"):
            self.say([_("Hasta pronto.")])
            self.send(encode("fin", adios=True))
            self.queue.put_nowait(None)
            self.closed = True
            return
        else:
            self.say([_("No conozco la orden {word}. Escribe ayuda.").format(word=command[:30])])
        self.prompt()

    def create_help(self) -> list[str]:
        """`ayuda crear`: what each word of `crear` may be."""
        ranges = [
            _("{game} de {low} a {high}").format(
                game=_(entry(game_id).name),
                low=entry(game_id).rivals[0],
                high=entry(game_id).rivals[1],
            )
            for game_id in GAMES
        ]
        return [
            _("crear JUEGO [RIVALES] [NIVEL] [espectador] [privada]: creas una mesa y te sientas."),
            _("JUEGO: chinchon, palabras, castana o cabanga."),
            _(
                "RIVALES: cuántos sitios hay además del tuyo, para amigos o bots: {ranges}; sin número, el mínimo."
            ).format(ranges=join(ranges)),
            _("NIVEL de los bots: facil, medio o dificil; o uno por rival, con comas."),
            _("espectador: juegan solo bots y tú miras. privada: la mesa no sale en mesas."),
            _("Por ejemplo: crear cabanga 3 facil."),
        ]

    def parse_create(self, args: list[str]) -> dict[str, Any]:
        frame: dict[str, Any] = {"juego": args[0] if args else "", "rivales": None, "nivel": None}
        for word in args[1:]:
            word = fold(word)
            if word.isdigit():
                frame["rivales"] = int(word)
            elif word in LEVEL_WORDS or "," in word:  # a level, or one per rival
                frame["nivel"] = word
            elif word in ("espectador", "spectator"):
                frame["espectador"] = True
            elif word in ("privada", "private"):
                frame["publica"] = False
        return frame

    def create(self, frame: dict[str, Any]) -> None:
        if self.table is not None:
            self.say([_("Ya estás en la mesa {code}.").format(code=self.table.code)])
            return
        game_id = GAME_WORDS.get(fold(frame.get("juego") or ""))
        if game_id is None:
            self.say([_("¿Qué juego? chinchón, palabras, castaña o cabanga.")])
            return
        game = entry(game_id)
        low, high = game.rivals
        levels = self.level_list(frame.get("nivel"), frame.get("rivales"), game)
        if levels is None:
            return
        rivals = frame.get("rivales") or (len(levels) if len(levels) > 1 else low)
        if not low <= rivals <= high:
            self.say(
                [
                    _("En {game} puede haber de {low} a {high} rivales.").format(
                        game=_(game.name), low=low, high=high
                    )
                ]
            )
            return
        level = levels[0]
        if level not in game.levels:
            level = game.levels[-1] if level == "dificil" else game.levels[0]
        spectator = bool(frame.get("espectador"))
        seed = frame.get("semilla")
        window = frame.get("ventana")
        options = TableOptions(
            game_id,
            # A table of bots has as many as the game needs at least.
            max(rivals, low + 1) if spectator else rivals + 1,
            level,
            seed if seed is not None else random.SystemRandom().randrange(1, 10**9),
            pace=frame["ritmo"] if frame.get("ritmo") is not None else 1.5,
            window=None if not window or not game.reactions else max(2.0, window),
            public=frame.get("publica", True),
            grace=self.server.grace,
        )
        table = self.server.new_table(options)
        self.say([_("Mesa {code}.").format(code=table.code)])
        if spectator:
            table.set_levels(levels)
            table.start()
            self.watch(table.code)
            return
        self.sit(table)
        table.set_levels(levels)  # the rivals' seats, after the creator's

    def level_list(self, text: str | None, rivals: int | None, game: Any) -> list[str] | None:
        """`crear`'s level: one for every bot (an unknown word is medio, as before),
        or one per rival with commas (`facil,dificil`), as many as RIVALES says;
        None (said why) when the list is wrong."""
        if "," not in (text or ""):
            return [LEVEL_WORDS.get(fold(text or "medio"), "medio")]
        try:
            levels = level_words(text or "")
        except ValueError as unknown:
            self.say(
                [
                    _("Nivel desconocido: {word}. Los niveles son facil, medio y dificil.").format(
                        word=str(unknown)[:20] or '""'
                    )
                ]
            )
            return None
        if rivals is not None and len(levels) != rivals:
            self.say(
                [
                    ngettext(
                        "Has dado {count} niveles para {rivals} rival: uno por rival.",
                        "Has dado {count} niveles para {rivals} rivales: uno por rival.",
                        rivals,
                    ).format(count=len(levels), rivals=rivals)
                ]
            )
            return None
        if any(level not in game.levels for level in levels):
            self.say(
                [
                    _("En {game} los niveles son {levels}.").format(
                        game=_(game.name), levels=join_or(list(game.levels))
                    )
                ]
            )
            return None
        return levels

    def sit(self, table: ServerTable) -> None:
        seat, token = table.sit(self, self.name)
        self.table, self.seat = table, seat
        self.tokens[table.code] = token
        self.send(encode("mesa", codigo=table.code, asiento=seat, ficha=token))
        name = table.seats[seat].name
        self.server.tell_table(
            table,
            lambda: _("{name} se sienta en la mesa {code}.").format(name=name, code=table.code),
        )
        free = len(table.open_seats())
        if table.creator == table.seats[seat].token:
            self.say(
                [
                    ngettext(
                        "Queda {n} sitio libre. Cuando estéis, escribe empezar; los sitios libres son para bots.",
                        "Quedan {n} sitios libres. Cuando estéis, escribe empezar; los sitios libres son para bots.",
                        free,
                    ).format(n=free)
                ]
            )
        else:
            self.say([_("Espera a que quien creó la mesa escriba empezar.")])

    def join(self, code: str) -> None:
        if not code.strip():
            # `unirse` alone: the one seat of yours that waits (the greeting named it).
            waiting = self._waiting_codes()
            code = waiting[0] if len(waiting) == 1 else ""
        table = self.find_table(code, _("unirse CÓDIGO"))
        if table is None:
            return
        token = self.tokens.get(table.code)
        if self.table is not None:
            self.say([_("Ya estás en la mesa {code}.").format(code=self.table.code)])
        elif (token is not None or self.by_name) and self.server.rejoin(self, table.code, token):
            return  # the seat this connection had: back in it
        elif table.started or not table.open_seats():
            self.say(
                [_("La mesa {code} ya no tiene sitio; puedes mirarla.").format(code=table.code)]
            )
        else:
            self.sit(table)

    def watch(self, code: str, since: int | None = None) -> None:
        table = self.find_table(code, _("mirar CÓDIGO"))
        if table is None:
            return
        if not table.started:
            # Watched as soon as it starts (a blind playtest had to guess when).
            self.server.watch_when_started(table, self)
            self.say(
                [
                    _("La mesa {code} todavía no ha empezado: la miras en cuanto empiece.").format(
                        code=table.code
                    )
                ]
            )
            return
        self.table, self.seat, self.watching = table, None, True
        self.say([_("Miras la mesa {code}.").format(code=table.code)])
        self.send(encode("mesa", codigo=table.code, asiento=None, ficha=None))
        table.watch(self, since)
        name = self.name
        self.server.tell_others(table, self, lambda: _("{name} mira la mesa.").format(name=name))

    def find_table(self, code: str, usage: str = "") -> ServerTable | None:
        if not code.strip() and usage:  # (not a wrong code: none was said)
            self.say([_("Di el código de la mesa: {usage}.").format(usage=usage)])
            return None
        now = time.monotonic()
        while self.code_tries and now - self.code_tries[0] > 60:
            self.code_tries.popleft()
        if len(self.code_tries) >= CODE_TRIES:
            log.warning("%s: too many wrong table codes", self.address)
            self.say([_("Demasiados códigos equivocados; espera un minuto.")])
            return None
        table = self.server.tables.get(clean_text(code, 12).upper())
        if table is None or table.closed:
            self.code_tries.append(now)
            self.say([_("No hay ninguna mesa {code}.").format(code=clean_text(code, 12).upper())])
            return None
        return table

    def list_tables(self) -> None:
        open_tables = [
            t
            for t in self.server.tables.values()
            if t.options.public and not t.started and not t.closed
        ]
        if not open_tables:
            self.say([_("No hay mesas abiertas. Crea una: crear chinchon.")])
            return
        self.say(
            [
                _("Mesa {code}: {game}, {free} sitios libres.").format(
                    code=t.code, game=_(t.entry.name), free=len(t.open_seats())
                )
                for t in open_tables[:20]
            ]
        )

    def stand_up(self) -> None:
        """`salir` at a table not started: the seat is free again, and this person
        back in the lobby (the table goes when nobody is left at it)."""
        table, seat = self.table, self.seat
        assert table is not None and seat is not None
        name = table.seats[seat].name
        empty = table.stand_up(seat)
        self.table, self.seat = None, None
        self.tokens.pop(table.code, None)
        self.send(encode("sala"))
        self.say([_("Dejas la mesa {code}. Estás en la sala.").format(code=table.code)])
        if empty:
            self.server.remove_table(table)
        else:
            self.server.tell_table(table, lambda: _("{name} deja la mesa.").format(name=name))

    def start(self) -> None:
        table = self.table
        if table is None or self.seat is None:
            self.say([_("Primero crea una mesa o únete a una.")])
        elif table.started:
            self.say([_("La partida ya ha empezado.")])
        elif table.creator != table.seats[self.seat].token:
            self.say([_("Solo quien creó la mesa puede empezar.")])
        else:
            table.start(told=lambda: self.server.tell_table(table, lambda: started_line(table)))
            self.server.start_watchers(table)

    def chat(self, text: str) -> None:
        table = self.table
        text = clean_text(text, MAX_CHAT)
        if table is None:
            self.say([_("Para hablar, siéntate en una mesa.")])
            return
        if not text:
            self.say([_("Escribe decir y lo que quieres decir.")])
            return
        name = self.name if self.seat is None else table.seats[self.seat].name
        self.server.chat(table, name, text)

    def who(self) -> None:
        table = self.table
        if table is None:
            self.say([_("No estás en ninguna mesa.")])
            return
        lines = []
        for index, seat in enumerate(table.seats):
            if seat.kind == "bot" and seat.level:  # `bot difícil, estilo prudente`
                what = _("bot {rival}").format(
                    rival=rival_text(table.entry.id, seat.level, seat.style)
                )
            elif seat.kind == "bot":
                what = _("bot")
            elif seat.peer is not None:
                what = _("en línea")  # not "conectado": no gender to guess
            elif seat.stood_in:
                what = _("sin conexión; juega un bot por ahora")
            else:
                what = _("sin conexión")
            if seat.kind == "open" and seat.level:  # the bot it gets at `empezar`
                lines.append(
                    _("Sitio {n}: libre, bot {level} si nadie se sienta.").format(
                        n=index + 1, level=level_name(seat.level)
                    )
                )
                continue
            if seat.kind == "open":
                lines.append(_("Sitio {n}: libre.").format(n=index + 1))
                continue
            lines.append(
                _("Sitio {n}: {name}, {what}.").format(
                    n=index + 1, name=seat.name or "-", what=what
                )
            )
        watchers = sum(1 for r in table.spectators if r.console.peer is not None)
        lines.append(_("Espectadores: {n}.").format(n=watchers))
        waiting = self.server.waiting_to_watch(table)
        if waiting:  # (a playtest's `quien` said 0 with a friend waiting to watch)
            lines.append(
                ngettext(
                    "{n} persona mirará en cuanto empiece.",
                    "{n} personas mirarán en cuanto empiece.",
                    waiting,
                ).format(n=waiting)
            )
        self.say(lines)

    async def finish(self, writer: asyncio.Task[None]) -> None:
        """The connection ended: its seat is left waiting, its writer drained."""
        self.gone()
        self.server.connections.discard(self)
        self.queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await writer

    def gone(self) -> None:
        """The connection ended (dropped or closed)."""
        self.closed = True
        self.server.departures += 1
        table = self.table
        if table is not None:
            table.dropped(self)
            if self.watching:
                self.server.tell_others(table, self, self._stopped_watching)
            elif self.seat is not None:
                self.server.tell_others(table, self, away_line(table, self.seat, left=False))


def away_line(table: ServerTable, seat: int, *, left: bool) -> Callable[[], str]:
    """What the others hear when a person leaves the table (`salir`) or their
    connection drops: in a game under way, how long their seat waits before a bot
    plays it (nobody is left waiting without a word)."""
    name, grace = table.seats[seat].name, math.ceil(table.options.grace)

    def line() -> str:
        if not table.started:
            if left:
                return _("{name} deja la mesa; su sitio le espera.").format(name=name)
            return _("{name} se ha desconectado; su sitio le espera.").format(name=name)
        if left:
            text = ngettext(
                "{name} deja la mesa. Si no vuelve en {n} segundo, un bot jugará por {name}.",
                "{name} deja la mesa. Si no vuelve en {n} segundos, un bot jugará por {name}.",
                grace,
            )
        else:
            text = ngettext(
                "{name} se ha desconectado. Si no vuelve en {n} segundo, un bot jugará por {name}.",
                "{name} se ha desconectado. Si no vuelve en {n} segundos, un bot jugará por {name}.",
                grace,
            )
        return text.format(name=name, n=grace)

    return line


class Server:
    def __init__(self, data_dir: Path | None, *, grace: float = 60.0) -> None:
        self.data_dir = data_dir
        self.grace = grace
        self.tables: dict[str, ServerTable] = {}
        self.connections: set[Connection] = set()
        self._guests = 0
        self.departures = 0  # tables ended and connections closed (their memory goes)
        # Table code -> who asked to watch it before it started (`mirar`).
        self.watchers_waiting: dict[str, list[Connection]] = {}

    def guest_number(self) -> int:
        self._guests += 1
        return self._guests

    def tables_dir(self) -> Path | None:
        return None if self.data_dir is None else self.data_dir / "mesas"

    def new_table(self, options: TableOptions) -> ServerTable:
        code = new_code(lambda c: c in self.tables)
        table = ServerTable(code, options, data_dir=self.tables_dir())
        table.on_over = self._table_over
        table.on_stand_in = self._stood_in
        table.on_left = self._left
        table.write_config()
        self.tables[code] = table
        log.info("table %s created: %s", code, options.game)
        return table

    def _left(self, table: ServerTable, seat: int) -> None:
        """`salir` at a table (called from the seat's thread)."""
        self.tell_others(table, None, away_line(table, seat, left=True))

    def _stood_in(self, table: ServerTable, seat: int) -> None:
        name = table.seats[seat].name
        self.tell_others(
            table, None, lambda: _("Un bot juega por {name} hasta que vuelva.").format(name=name)
        )

    def _table_over(self, table: ServerTable) -> None:
        if table.log is not None:
            with contextlib.suppress(OSError):
                table.log.write({"fin": True})

    def restore(self) -> int:
        """Every table in the data folder, back as it was (a damaged log is set aside)."""
        folder = self.tables_dir()
        if folder is None or not folder.is_dir():
            return 0
        count = 0
        for path in sorted(folder.glob("*.wal")):
            try:
                records = read_log(path)
                if any("fin" in r for r in records):
                    continue
                config = [r["mesa"] for r in records if "mesa" in r][-1]
                table = ServerTable(
                    str(config["codigo"]),
                    TableOptions.from_dict(config["opciones"]),
                    data_dir=folder,
                )
                table.on_over = self._table_over
                table.on_stand_in = self._stood_in
                table.on_left = self._left
                table.restore(records)
            except Exception:  # a damaged log: kept for inspection, the others go on
                log.exception("table log %s is damaged; set aside", path)
                with contextlib.suppress(OSError):
                    set_aside_log(path)
                continue
            self.tables[table.code] = table
            count += 1
        return count

    def rejoin(self, conn: Connection, code: str, token: str | None) -> bool:
        """``conn`` back in its seat at ``code``: by its seat token, or (SSH, where
        the name is the player's login) by its name, if that seat's player is away."""
        table = self.tables.get(code)
        if table is None:
            return False
        seat = table.seat_of(token) if token is not None else table.away_seat_named(conn.name)
        if seat is None:
            return False
        conn.table, conn.seat = table, seat
        conn.name = table.seats[seat].name
        if token is not None:
            conn.tokens[code] = token
        name = conn.name
        self.tell_others(table, conn, lambda: _("{name} vuelve a la mesa.").format(name=name))
        if not table.started:
            table.seats[seat].peer = conn
            conn.say([_("Vuelves a la mesa {code}.").format(code=code)])
            conn.prompt()
            return True
        conn.say([_("Vuelves a la mesa {code}.").format(code=code)])
        table.take_seat_back(seat, conn)
        return True

    def tell_others(self, table: ServerTable, conn: Any, text: Callable[[], str]) -> None:
        """A line for the others at a table (a player left, came back…)."""
        peers = [s.peer for s in table.seats] + [r.console.peer for r in table.spectators]
        for peer in peers:
            if isinstance(peer, Connection) and peer is not conn:
                with i18n.using(peer.lang):
                    peer.say([text()], answer=False)

    def tell_table(self, table: ServerTable, text: Callable[[], str]) -> None:
        """A line for everyone at a table's lobby, each in their language."""
        for seat in table.seats:
            peer = seat.peer
            if isinstance(peer, Connection):
                with i18n.using(peer.lang):
                    peer.say([text()], answer=False)

    def chat(self, table: ServerTable, name: str, text: str) -> None:
        runners = [s.runner for s in table.seats] + list(table.spectators)
        for runner in runners:
            if runner is None:
                continue
            with i18n.using(runner.lang):
                line = _("{name} dice: {text}").format(name=name, text=text)
            runner.announcer.history.add(line)  # `historial` has the chat too
            if runner.console.peer is None:
                runner.console.keep([line])  # away: kept with what else they missed
        peers = [s.peer for s in table.seats] + [r.console.peer for r in table.spectators]
        for peer in peers:
            if isinstance(peer, Connection):
                with i18n.using(peer.lang):
                    peer.send(
                        encode(
                            "charla", linea=_("{name} dice: {text}").format(name=name, text=text)
                        )
                    )

    def watch_when_started(self, table: ServerTable, conn: Connection) -> None:
        waiting = self.watchers_waiting.setdefault(table.code, [])
        if conn not in waiting:
            waiting.append(conn)

    def waiting_to_watch(self, table: ServerTable) -> int:
        """How many asked to watch ``table`` before it started, and still wait."""
        waiting = self.watchers_waiting.get(table.code, [])
        return sum(1 for conn in waiting if not conn.closed and conn.table is None)

    def start_watchers(self, table: ServerTable) -> None:
        """The table started: who asked to watch it, and is still in the lobby, does."""
        for conn in self.watchers_waiting.pop(table.code, []):
            if not conn.closed and conn.table is None:
                conn._in_language(lambda conn=conn: (conn.watch(table.code), conn.prompt()))

    def remove_table(self, table: ServerTable) -> None:
        """A table nobody is at any more, before its game began: it goes, and its
        log says so (a restart does not bring it back)."""
        self._table_over(table)
        self._forget(table)

    def _forget(self, table: ServerTable) -> None:
        """A table done with (its log says so already): its memory goes."""
        table.close()
        self.tables.pop(table.code, None)
        self.watchers_waiting.pop(table.code, None)
        self.departures += 1

    def grace_tick(self) -> None:
        for table in list(self.tables.values()):
            if table.finished():
                self._forget(table)  # its log says `fin`; nobody is at it any more
            elif table.started and not table.closed:
                table.grace_check()

    def close(self) -> None:
        for table in self.tables.values():
            table.close()


async def serve_websocket(server: Server, host: str, port: int, ssl: Any = None) -> Any:
    from websockets.asyncio.server import serve

    async def handler(ws: Any) -> None:
        address = "%s:%s" % (ws.remote_address[:2] if ws.remote_address else ("?", "?"))
        conn = Connection(server, ws.send, address)
        server.connections.add(conn)
        writer = asyncio.create_task(conn.writer())
        try:
            async for raw in ws:
                if not conn.received(raw):
                    break
        except Exception as error:  # the connection ended, cleanly or not
            log.debug("%s: %s", address, error)
        finally:
            await conn.finish(writer)
            with contextlib.suppress(Exception):
                await ws.close()

    # No compression: frames are short lines, and deflate cost CPU per frame (bench_server).
    return await serve(
        handler, host, port, max_size=MAX_FRAME, ssl=ssl, ping_interval=20, ping_timeout=20,
        compression=None,
    )  # fmt: skip


async def run_server(
    host: str,
    port: int,
    data_dir: Path | None,
    *,
    ssh_port: int | None = None,
    ssl: Any = None,
    grace: float = 60.0,
    ready: Callable[[str], None] = print,
) -> None:
    server = Server(data_dir, grace=grace)
    restored = server.restore()
    ws = await serve_websocket(server, host, port, ssl)
    bound = ws.sockets[0].getsockname()[1] if ws.sockets else port
    ready(
        ngettext(
            "Servidor de Sobremesa en {scheme}://{host}:{port} ({n} mesa recuperada).",
            "Servidor de Sobremesa en {scheme}://{host}:{port} ({n} mesas recuperadas).",
            restored,
        ).format(scheme="wss" if ssl is not None else "ws", host=host, port=bound, n=restored)
    )
    ssh = None
    if ssh_port is not None:
        from sobremesa.net.ssh import serve_ssh

        ssh = await serve_ssh(server, host, ssh_port, data_dir)
        ready(_("SSH en el puerto {port}.").format(port=ssh.get_port()))
    collector = Collector(time.monotonic())
    try:
        while True:
            await asyncio.sleep(1.0)
            server.grace_tick()
            collector.tick(time.monotonic(), server.departures)
    finally:
        ws.close()
        if ssh is not None:
            ssh.close()
        server.close()


MAX_NAME_CHARS = MAX_NAME
