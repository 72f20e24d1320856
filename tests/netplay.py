"""Real servers and real clients for the online tests and the load benchmark.

`running_server` starts `sobremesa servidor` as its own process (the real entry
point, a real port on loopback); `BotPlayer` is a program at one of its tables,
over the real websocket protocol: it sees only the frames sent to it, rebuilds
its seat's view from them (`Game.view_from_dict`) and lets the game's own bot
choose, sending the action as data (``accion``). Every frame it receives is kept,
so a test can check what crossed the wire.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sobremesa.core.registry import entry

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class ServerProcess:
    process: subprocess.Popen[str]
    port: int
    data: Path
    output: list[str] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def kill(self) -> None:
        """SIGKILL: nothing is flushed, nothing is said."""
        with contextlib.suppress(ProcessLookupError):
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)


def start_server(
    data: Path,
    *,
    port: int = 0,
    grace: float = 60.0,
    extra: list[str] | None = None,
    host: str = "127.0.0.1",
    netns: list[str] | None = None,
) -> ServerProcess:
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "SOBREMESA_HOME": str(data / "home")}
    argv = [
        sys.executable, "-m", "sobremesa", "servidor", "--host", host, "--puerto", str(port),
        "--datos", str(data), "--gracia", str(grace), *(extra or []),
    ]  # fmt: skip
    process = subprocess.Popen(
        [*(netns or []), *argv], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env=env, cwd=ROOT,
    )  # fmt: skip
    server = ServerProcess(process, 0, data)
    assert process.stdout is not None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        server.output.append(line)
        found = re.search(r"wss?://[^:]+:(\d+)", line)
        if found:
            server.port = int(found.group(1))
            break
    if not server.port:
        process.kill()
        raise RuntimeError("the server did not start: " + "".join(server.output))

    def drain() -> None:
        for line in process.stdout:  # type: ignore[union-attr]
            server.output.append(line)

    threading.Thread(target=drain, daemon=True).start()
    return server


@contextlib.contextmanager
def running_server(data: Path, **how: Any) -> Iterator[ServerProcess]:
    server = start_server(data, **how)
    try:
        yield server
    finally:
        if server.process.poll() is None:
            server.process.send_signal(signal.SIGTERM)
            try:
                server.process.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()


def connect(url: str) -> Any:
    from websockets.sync.client import connect as ws_connect

    return ws_connect(url, max_size=2**22, open_timeout=20, close_timeout=2).__enter__()


class BotPlayer:
    """A program seated at a table, playing as the game's bot from its own frames."""

    def __init__(
        self, url: str, game_id: str, name: str, *, level: str = "medio", seed: int = 1,
        lang: str = "es", program: bool = True,
    ) -> None:  # fmt: skip
        self.url = url
        self.game = entry(game_id)
        self.game_id = game_id
        self.name = name
        self.level = level
        self.seed = seed
        self.lang = lang
        self.program = program
        self.frames: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.lines: list[str] = []
        self.code: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.view: Any = None
        self.bot: Any = None
        self.over = False
        self.actions = 0
        self.ws: Any = None
        self.sent_at: float | None = None
        self.latencies: list[float] = []  # an action to its delivery (s)
        self.stop = False
        self.last_sent = 0.0

    def open(
        self, *, token: str | None = None, code: str | None = None, seen: int | None = None
    ) -> None:
        self.ws = connect(self.url)
        self.send(
            "hola", nombre=self.name, idioma=self.lang, wpm=180, programa=self.program,
            ficha=token, mesa=code, visto=seen,
        )  # fmt: skip

    def send(self, kind: str, **fields: Any) -> None:
        self.ws.send(json.dumps({"t": kind, **fields}))

    def line(self, text: str) -> None:
        self.send("linea", texto=text)

    def create(self, rivals: int, **options: Any) -> str:
        self.send("crear", juego=self.game_id, rivales=rivals, **options)
        self.until(lambda f: f["t"] == "mesa")
        assert self.code is not None
        return self.code

    def until(self, done: Any, timeout: float = 30.0) -> dict[str, Any]:
        """Read frames (acting on them) until one makes ``done`` true."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{self.name}: no such frame; last lines {self.lines[-8:]}")
            try:
                raw = self.ws.recv(timeout=left)
            except TimeoutError:
                shown = [f for f in self.frames if f["t"] != "entrega"][-6:]
                raise TimeoutError(
                    f"{self.name}: waited {timeout} s; last frames {shown}"
                ) from None
            frame = self.take(raw)
            if done(frame):
                return frame

    def take(self, raw: str) -> dict[str, Any]:
        self.raw.append(raw)
        frame = json.loads(raw)
        self.frames.append(frame)
        kind = frame["t"]
        if kind == "mesa":
            self.code, self.seat, self.token = frame["codigo"], frame["asiento"], frame["ficha"]
        elif kind == "di" or kind == "pasado":
            self.lines += frame["lineas"]
        elif kind == "entrega":
            self._delivery(frame)
        elif kind == "pide":
            self._asked(frame)
        elif kind == "fin":
            self.over = True
        return frame

    def _delivery(self, frame: dict[str, Any]) -> None:
        game_class = self.game.game_class
        self.view = game_class.view_from_dict(frame["vista"])
        if self.bot is None and self.seat is not None:
            self.bot = self.game.make_bot(self.level, self.seat, self.seed)
        if self.sent_at is not None:
            self.latencies.append(time.monotonic() - self.sent_at)
            self.sent_at = None
        if self.bot is not None:
            for event in frame["eventos"]:
                self.bot.observe(game_class.event_from_dict(event))

    def answer(self, frame: dict[str, Any]) -> dict[str, Any] | None:
        """The frame that answers a `pide` (None: nothing to say): Enter at a gate,
        else the bot's choice from this seat's view (the load benchmark sends it
        after a think time)."""
        if self.stop or self.over:
            return None
        if frame.get("puerta"):
            return {"t": "linea", "texto": ""}  # a spectator's gates too
        if self.seat is None or self.view is None:
            return None
        self.actions += 1
        return {"t": "accion", "accion": self.bot.choose(self.view).to_dict()}

    def _asked(self, frame: dict[str, Any]) -> None:
        reply = self.answer(frame)
        if reply is None:
            return
        if reply["t"] == "accion":
            # Within the server's rate limit (30 frames a second per connection).
            wait = self.last_sent + 1 / 25 - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            self.last_sent = time.monotonic()
            self.sent_at = time.monotonic()
        self.ws.send(json.dumps(reply))

    def play_out(self, timeout: float = 120.0) -> None:
        self.until(lambda f: f["t"] == "fin", timeout)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.ws.close()
