"""`sobremesa conectar`: the accessible console, at a server's table.

The server narrates each seat in that player's language and answers every
command (the game's, reading, `historial`…); this client says what arrives
through the player's own outputs (screen reader, voice, braille, the review
keys) and sends what the player types. With stdin not a terminal it reads one
line each time the server asks for one (``pide``), so an online game can be
scripted like a local one. A dropped connection is taken up again by itself,
with the seat token kept in the user's config folder.
"""

from __future__ import annotations

import contextlib
import json
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from sobremesa.i18n import _
from sobremesa.net.protocol import MAX_SAVED, MISSED_SPOKEN, encode
from sobremesa.paths import PRIVATE_FILE, config_dir, load_json
from sobremesa.ui.console import TIMEOUT

DEFAULT_URL = "ws://127.0.0.1:7777"
#: Seconds between attempts to reconnect (doubling up to the last).
RETRIES = (0.5, 1, 2, 4, 8, 15, 30)


def tokens_path() -> Any:
    return config_dir() / "fichas.json"


def _load_strings(path: Any) -> dict[str, str]:
    """A small JSON object of strings from the config folder ({} if missing or broken)."""
    try:
        data = load_json(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {k: v for k, v in data.items() if isinstance(v, str)} if isinstance(data, dict) else {}


def load_tokens() -> dict[str, str]:
    return _load_strings(tokens_path())


def save_token(url: str, code: str, token: str) -> None:
    tokens = load_tokens()
    tokens[f"{url} {code}"] = token
    with contextlib.suppress(OSError):
        path = tokens_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(tokens, indent=1), encoding="utf-8")
        path.chmod(PRIVATE_FILE)  # seat tokens are the player's keys


def online_path() -> Any:
    return config_dir() / "en-linea.json"


def load_online() -> dict[str, str]:
    """The last server and name used from the menu."""
    return _load_strings(online_path())


def save_online(data: dict[str, str]) -> None:
    with contextlib.suppress(OSError):
        path = online_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def missed_parts(frame: dict[str, Any]) -> tuple[list[str], str, list[str]]:
    """A `pasado` frame as told: the lines that only go to history, the line that
    says so ('' when none does), and the last lines, said (`hablar` of them; the
    server says 0 when it tells what matters itself, a bot's moves)."""
    lines = [str(line) for line in frame.get("lineas", [])]
    spoken = frame.get("hablar", MISSED_SPOKEN)
    if type(spoken) is not int or not 0 <= spoken <= MISSED_SPOKEN:
        spoken = MISSED_SPOKEN
    kept = max(len(lines) - spoken, 0)
    if not kept:
        return [], "", lines
    if spoken:
        header = _(
            "Mientras no estabas: {n} líneas; escribe historial {n} para leerlas. Las últimas:"
        )
    else:
        header = _("Mientras no estabas: {n} líneas; escribe historial {n} para leerlas.")
    return lines[:kept], header.format(n=len(lines)), lines[kept:]


class Client:
    def __init__(
        self,
        url: str,
        console: Any,
        announcer: Any,
        *,
        name: str,
        language: str,
        wpm: float,
        first: list[dict[str, Any]] | None = None,
        connect: Callable[[str], Any] | None = None,
    ) -> None:
        self.url = url
        self.console = console
        self.announcer = announcer
        self.name = name
        self.language = language
        self.wpm = wpm
        self.first = list(first or [])  # frames to send once greeted (crear, unirse…)
        self._connect = connect or _websocket_connect
        self.ws: Any = None
        self.code: str | None = None
        self.token: str | None = None
        self.chat: list[str] = []
        self.asked = threading.Event()  # the server waits for a line (`pide`)
        self.ended = threading.Event()
        self.last_seq = 0
        self._send_lock = threading.Lock()
        self._leaving = False
        self.input_ended = False  # the player's input ended (not only the connection)

    # -- the connection -------------------------------------------------------------------
    def _hello(self) -> None:
        self._send(
            encode(
                "hola",
                nombre=self.name,
                idioma=self.language,
                wpm=self.wpm,
                ficha=self.token,
                mesa=self.code,
                # A spectator goes on from the last batch it heard of.
                visto=self.last_seq if self.code and not self.token and self.last_seq else None,
                fichas=None if self.code else self._saved_seats(),
            )
        )

    def _saved_seats(self) -> list[list[str]]:
        """The seats kept for this server (the newest few): the lobby says which
        of them wait for this player."""
        prefix = f"{self.url} "
        saved = [
            [key[len(prefix) :], token]
            for key, token in load_tokens().items()
            if key.startswith(prefix)
        ]
        return saved[-MAX_SAVED:]

    def _send(self, frame: str) -> None:
        with self._send_lock:
            ws = self.ws
            if ws is not None:
                with contextlib.suppress(Exception):
                    ws.send(frame)

    def send_line(self, text: str) -> None:
        """A typed line; one that names a table this player has a seat at (kept in
        the config folder) carries that seat's token: `unirse CÓDIGO` after the
        client was restarted takes the seat back."""
        tokens = load_tokens()
        for word in text.split()[1:2]:
            code = word.upper()
            token = tokens.get(f"{self.url} {code}")
            if token is not None:
                self._send(encode("linea", texto=text, mesa=code, ficha=token))
                return
        self._send(encode("linea", texto=text))

    def open(self) -> bool:
        try:
            self.ws = self._connect(self.url)
        except (OSError, Exception) as error:  # refused, unreachable, a bad address
            self.announcer.narrate(
                _("No puedo conectar con {url}: {reason}.").format(url=self.url, reason=error)
            )
            return False
        self._hello()
        for frame in self.first:
            self._send(encode(frame.pop("t"), **frame))
        self.first = []
        threading.Thread(target=self._receive, name="cliente", daemon=True).start()
        return True

    def _receive(self) -> None:
        while not self.ended.is_set():
            ws = self.ws
            try:
                for raw in ws:
                    self._frame(raw)
            except Exception:  # the connection dropped
                pass
            if self._leaving or self.ended.is_set():
                break
            if not self._reconnect():
                break
        self.ended.set()
        self.asked.set()

    def _reconnect(self) -> bool:
        self.announcer.narrate(_("Se ha perdido la conexión; vuelvo a intentarlo."))
        for wait in RETRIES * 4:
            time.sleep(wait)
            if self._leaving:
                return False
            try:
                ws = self._connect(self.url)
            except Exception:
                continue
            with self._send_lock:
                self.ws = ws
            self._hello()
            self.announcer.narrate(_("Conectado de nuevo."))
            return True
        self.announcer.narrate(_("No he podido volver a conectar."))
        return False

    # -- what the server sends --------------------------------------------------------------
    def _frame(self, raw: Any) -> None:
        try:
            frame = json.loads(raw)
            kind = frame["t"]
        except (ValueError, KeyError, TypeError):
            return
        if kind == "di":
            lines = [str(line) for line in frame.get("lineas", [])]
            if frame.get("respuesta"):
                self.announcer.answer_lines(lines)
            else:
                self.announcer.narrate_lines(lines)
        elif kind == "indicador":
            self.console.set_prompt(str(frame.get("texto", "")))
        elif kind == "pide":
            self.asked.set()
        elif kind == "entrega":
            self.last_seq = int(frame.get("seq", 0))
        elif kind == "mesa":
            self.code = str(frame["codigo"])
            self.token = str(frame["ficha"]) if frame.get("ficha") else None  # None: watching
            if self.token is not None:
                save_token(self.url, self.code, self.token)
        elif kind == "pasado":
            unspoken, header, spoken = missed_parts(frame)
            for line in unspoken:
                self.announcer.history.add(line)
            if header:
                self.announcer.answer(header)
            self.announcer.narrate_lines(spoken)
        elif kind == "charla":
            line = str(frame.get("linea", ""))
            self.chat.append(line)
            self.announcer.narrate(line)
        elif kind == "sala":
            # Left the table (`salir`): a reconnection goes back to the lobby, not
            # to that table (its seat token stays saved, for `unirse`).
            self.code, self.token, self.last_seq = None, None, 0
        elif kind == "fin" and not frame.get("adios"):
            self.token = None  # the game is over: no seat waits
        elif kind == "fin":
            self._leaving = True
            self.ended.set()
            self.asked.set()

    # -- the player's lines -------------------------------------------------------------------
    def run(self) -> int:
        quiet_library_logs()
        if not self.open():
            return 1
        interactive = getattr(self.console, "interactive", False)
        try:
            while not self.ended.is_set():
                if not interactive:
                    self.asked.wait()
                    if self.ended.is_set():
                        break
                    self.asked.clear()
                    line = self.console.get_line()
                else:
                    line = self.console.get_line(timeout=0.25)
                if line is None:
                    self.input_ended = True
                    break  # end of input: the seat waits for its player on the server
                if line is TIMEOUT or not isinstance(line, str):
                    continue
                self.announcer.key_pressed()
                if not self._local(line):
                    self.send_line(line)
        except KeyboardInterrupt:
            if self.code and self.token:
                # Ctrl+C at the table: the seat waits; say how to come back.
                self.announcer.answer(
                    _(
                        "Tu sitio en la mesa {code} te espera: para volver, unirse {code} en la sala, o sobremesa conectar --mesa {code}."
                    ).format(code=self.code)
                )
        finally:
            self._leaving = True
            with contextlib.suppress(Exception):
                self.ws.close()
        return 0

    def _local(self, line: str) -> bool:
        """Commands of the client itself: the chat's own history."""
        words = line.split()
        if not words or words[0].lower() not in ("charla", "chat"):
            return False
        count = 10
        if len(words) > 1 and words[1].isdigit():
            count = max(1, min(200, int(words[1])))
        said = self.chat[-count:]
        self.announcer.answer_lines(said or [_("Nadie ha dicho nada todavía.")])
        return True


def quiet_library_logs() -> None:
    """The websockets library logs a dropped link's internals, tracebacks and all,
    and Python prints them on the terminal: the player's screen reader read them
    out. The client says a drop in its own words (`Se ha perdido la conexión…`)."""
    logger = logging.getLogger("websockets")
    if not any(isinstance(h, logging.NullHandler) for h in logger.handlers):
        logger.addHandler(logging.NullHandler())
    logger.propagate = False


def _websocket_connect(url: str) -> Any:
    from websockets.sync.client import connect

    # Entered at once: the connection lives as long as the client, closed in `run`.
    return connect(
        url, max_size=2**22, open_timeout=10, ping_interval=20, ping_timeout=30
    ).__enter__()
