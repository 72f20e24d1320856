"""SSH at the server: `ssh -p PUERTO nombre@servidor` is a seat, installing nothing.

A blind player on Windows types that in the terminal that comes with the system
and plays with the screen reader they already use: the server narrates in their
language as for any client, and this module turns its frames into terminal text
(a line per line; the prompt drawn again after output, with what the player was
typing). Lines typed go to the same :class:`~sobremesa.net.server.Connection` as
a websocket client's, so the lobby, the rate limit and the checks are the same.

No client authentication: the SSH user name is the player's name. The server's
host key is made once and kept in the data folder (mode 0600), so clients see the
same server after a restart. Line editing (echo, backspace, arrows, history) is
asyncssh's own line editor.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import os
import time
import unicodedata
from collections import deque
from pathlib import Path
from typing import Any

import asyncssh

from sobremesa import i18n
from sobremesa.i18n import _
from sobremesa.net.client import missed_parts
from sobremesa.net.protocol import _ESCAPE, MAX_LINE, MAX_NAME, clean_text
from sobremesa.net.server import Connection, Server

log = logging.getLogger("sobremesa.servidor")

HOST_KEY = "ssh_host_key"
#: Chat lines kept for `charla`.
CHAT_KEEP = 200
#: The reading rate when the client says none.
WPM = 180.0
#: Typed lines the line editor remembers (the up arrow).
HISTORY = 50
#: Back to column 0 and clear the row (where the prompt and the typing were).
CLEAR_ROW = "\r\x1b[K"
#: The same, then up and down again: asyncssh's line editor counts columns from the
#: last newline it sees, so a redrawn prompt with no line before it must follow one.
CLEAR_ROW_ALONE = "\r\x1b[K\x1b[A\n"


def terminal_lines(text: str) -> list[str]:
    """A line as the terminal may show it: no escape sequences, no control or format
    characters (a newline inside it makes more lines)."""
    lines = []
    for part in str(text).splitlines() or [""]:
        part = _ESCAPE.sub("", part).replace("\t", " ")
        lines.append("".join(ch for ch in part if unicodedata.category(ch)[0] != "C"))
    return lines


def host_key(data_dir: Path | None) -> Any:
    """The server's SSH host key, made once and kept (0600) in ``data_dir``."""
    if data_dir is None:
        log.warning("no data folder: the SSH host key changes at each start")
        return asyncssh.generate_private_key("ssh-ed25519")
    path = Path(data_dir) / HOST_KEY
    if path.exists():
        try:
            key = asyncssh.read_private_key(str(path))
        except (OSError, ValueError, asyncssh.KeyImportError):
            # Damaged: kept for inspection; clients will be told the key changed.
            aside = path.with_name(f"{HOST_KEY}.damaged-{int(time.time())}")
            log.error("SSH host key %s is damaged; set aside as %s", path, aside.name)
            os.replace(path, aside)
        else:
            if os.name == "posix" and path.stat().st_mode & 0o077:
                os.chmod(path, 0o600)
            return key
    key = asyncssh.generate_private_key("ssh-ed25519")
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f"{HOST_KEY}.{os.getpid()}.tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(key.export_private_key())
    os.replace(temporary, path)
    log.info("SSH host key made: %s", path)
    return key


def language(env: Any) -> str:
    """English if the client's locale says so (``ssh -o SetEnv=LANG=en_US.UTF-8``, or
    ``SendEnv=LANG``), else Spanish."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = str(env.get(name, "") or "")
        if value:
            return "en" if value.lower().startswith("en") else "es"
    return "es"


def reading_rate(env: Any) -> float:
    """The player's reading rate (words a minute): ``ssh -o SetEnv=SOBREMESA_WPM=300``;
    the server paces the table by it (and keeps it within its bounds)."""
    try:
        wpm = float(env.get("SOBREMESA_WPM", "") or WPM)
    except ValueError:
        return WPM
    return wpm if math.isfinite(wpm) else WPM


class Terminal:
    """One SSH session's screen: the server's frames as lines of text.

    Every line ends with a newline, so the only unfinished row is the prompt's (with
    what the player is typing, which asyncssh's line editor erases before output and
    draws again after it). New lines clear that row and go above a prompt drawn again.
    ``at_prompt``: the prompt is drawn and the player has not pressed Enter since."""

    def __init__(self, process: Any) -> None:
        self.process = process
        self.conn: Any = None  # the Connection, once made (its language)
        self.tty = process.get_terminal_type() is not None
        self.prompt = ""
        self.at_prompt = False
        self.started = False  # something was written (the cursor may not be on row 1)
        self.chat: deque[str] = deque(maxlen=CHAT_KEEP)
        self.closing = False

    def write(self, text: str) -> None:
        self.started = True
        with contextlib.suppress(Exception):  # the session may be gone
            self.process.stdout.write(text)

    def show(self, lines: list[str]) -> None:
        shown = [clean for line in lines for clean in terminal_lines(line)]
        if not shown:
            return
        text = "".join(line + "\n" for line in shown)
        if not self.tty:
            self.write(text)
            return
        # The row is cleared even after Enter: lines typed ahead of the greeting
        # leave the prompt after the echo.
        self.write(CLEAR_ROW + text + self.prompt)
        self.at_prompt = bool(self.prompt)

    def set_prompt(self, text: str) -> None:
        text = " ".join(terminal_lines(text))
        if text == self.prompt and self.at_prompt:
            return
        self.prompt = text
        self.draw_prompt()

    def draw_prompt(self) -> None:
        if not self.tty or not (self.prompt or self.at_prompt):
            return
        self.write((CLEAR_ROW_ALONE if self.started else "") + self.prompt)
        self.at_prompt = bool(self.prompt)

    def typed(self) -> None:
        """The player pressed Enter: the line editor went to a new row."""
        self.at_prompt = False

    async def frame(self, raw: str) -> None:
        """`send_frame` for the connection: one server frame, as text."""
        try:
            frame = json.loads(raw)
            kind = frame["t"]
        except (ValueError, KeyError, TypeError):
            return
        with i18n.using(self.conn.lang):
            if kind == "di":
                self.show(list(frame.get("lineas", [])))
            elif kind == "indicador":
                self.set_prompt(str(frame.get("texto", "")))
            elif kind == "pide" and not self.at_prompt:
                self.draw_prompt()
            elif kind == "charla":
                line = str(frame.get("linea", ""))
                self.chat.append(" ".join(terminal_lines(line)))
                self.show([line])
            elif kind == "pasado":
                _unspoken, header, shown = missed_parts(frame)
                self.show([header, *shown] if header else shown)
            elif kind == "fin" and frame.get("adios"):
                self.closing = True
                if self.tty:
                    self.write(CLEAR_ROW)  # no prompt left after the goodbye
                self.close()
            # `mesa` (the seat token: for the console client), `entrega` (data for
            # programs) and `pide`'s gate show nothing.
        with contextlib.suppress(Exception):
            await self.process.stdout.drain()

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.process.exit(0)

    def local(self, line: str) -> bool:
        """The console client's own command, here too: `charla [N]`, the chat read back."""
        words = line.split()
        if not words or words[0].lower() not in ("charla", "chat"):
            return False
        count = 10
        if len(words) > 1 and words[1].isdigit():
            count = max(1, min(CHAT_KEEP, int(words[1])))
        with i18n.using(self.conn.lang):
            self.show(list(self.chat)[-count:] or [_("Nadie ha dicho nada todavía.")])
        return True


class Door(asyncssh.SSHServer):
    def begin_auth(self, username: str) -> bool:
        return False  # no authentication: the name is only what the others see


async def play(server: Server, process: Any) -> None:
    """One SSH session: a connection to the server's lobby, typed lines in, text out."""
    if process.subsystem:  # sftp and the like: this is no file server
        process.exit(1)
        return
    peer = process.get_extra_info("peername") or ("?", "?")
    address = f"ssh {peer[0]}:{peer[1]}"
    name = clean_text(str(process.get_extra_info("username") or ""), MAX_NAME)
    terminal = Terminal(process)
    conn = Connection(server, terminal.frame, address)
    conn.by_name = True  # an SSH player comes back to their seat by their login name
    terminal.conn = conn
    server.connections.add(conn)
    writer = asyncio.create_task(conn.writer())
    log.info("%s: SSH session as %r", address, name)
    env = process.env
    hello = {"t": "hola", "nombre": name, "idioma": language(env), "wpm": reading_rate(env)}
    try:
        if conn.received(json.dumps(hello)):
            while not terminal.closing:
                try:
                    line = await process.stdin.readline()
                except asyncssh.BreakReceived:  # Ctrl+C: the typing is dropped
                    with contextlib.suppress(Exception):
                        process.channel.clear_input()
                    continue
                except (asyncssh.TerminalSizeChanged, asyncssh.SignalReceived):
                    continue
                if not line:
                    break  # Ctrl+D on an empty line, or the connection went
                text = line.rstrip("\r\n")
                terminal.typed()
                if terminal.local(text):
                    continue
                if not conn.received(json.dumps({"t": "linea", "texto": text[:MAX_LINE]})):
                    break
    except Exception as error:  # the session ended, cleanly or not
        log.debug("%s: %s", address, error)
    finally:
        await conn.finish(writer)
        terminal.close()


async def serve_ssh(server: Server, host: str, port: int, data_dir: Path | None) -> Any:
    """Listen for SSH players; the result has ``close()`` and ``get_port()``."""
    # asyncssh tells every channel request at INFO; the server's log keeps one line
    # per session (its address and name) and asyncssh's warnings.
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    key = host_key(data_dir)
    log.info("SSH host key fingerprint: %s", key.get_fingerprint())

    async def session(process: Any) -> None:
        await play(server, process)

    return await asyncssh.create_server(
        Door,
        host,
        port,
        server_host_keys=[key],
        process_factory=session,
        line_editor=True,
        line_echo=True,
        line_history=HISTORY,
        max_line_length=MAX_LINE,
        encoding="utf-8",
        errors="replace",
        agent_forwarding=False,
        allow_scp=False,
        keepalive_interval=30,
        login_timeout=60,
    )
