"""SSH at the server: a real server process, real SSH clients on loopback.

A player with nothing installed types `ssh -p PUERTO ana@servidor`: the lobby and the
game arrive as lines of terminal text (no JSON), typing goes through asyncssh's line
editor, and nothing another player sends reaches the terminal as an escape sequence.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import stat
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from netplay import BotPlayer, running_server

from sobremesa.net.ssh import host_key, language, reading_rate, terminal_lines

asyncssh = pytest.importorskip("asyncssh")

#: What this server's terminal writes itself: the row cleared (the prompt drawn
#: again) and the line editor's cursor moves.
OWN_ESCAPES = re.compile(r"\x1b\[\d*[A-DK]")


def ssh_port(server: object, timeout: float = 20.0) -> int:
    """The SSH port from the server's ready line (`--ssh-puerto 0`: a free one)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for line in list(server.output):  # type: ignore[attr-defined]
            found = re.match(r"SSH\D+(\d+)", line)
            if found:
                return int(found.group(1))
        time.sleep(0.05)
    raise AssertionError("no SSH ready line: " + "".join(server.output))  # type: ignore[attr-defined]


class Screen:
    """An SSH client with a pseudo-terminal: all it received, and waits on it."""

    def __init__(self, process: object) -> None:
        self.process = process
        self.raw = ""
        self.seen = 0  # what `expect` has matched up to
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        while data := await self.process.stdout.read(4096):  # type: ignore[attr-defined]
            self.raw += data

    @property
    def text(self) -> str:
        """What a screen reader would read: our own cursor work taken out."""
        return OWN_ESCAPES.sub("", self.raw).replace("\r", "")

    async def expect(self, pattern: str, timeout: float = 30.0) -> re.Match[str]:
        deadline = time.monotonic() + timeout
        while True:
            found = re.compile(pattern).search(self.text, self.seen)
            if found:
                self.seen = found.end()
                return found
            if time.monotonic() > deadline or self.reader.done():
                raise AssertionError(f"no {pattern!r} in {self.text[self.seen :][-1500:]!r}")
            await asyncio.sleep(0.05)

    def type(self, line: str, enter: bool = True) -> None:
        self.process.stdin.write(line + ("\r" if enter else ""))  # type: ignore[attr-defined]

    def check_clean(self) -> None:
        assert '{"t"' not in self.raw, "raw JSON reached the terminal"
        assert "\x1b" not in OWN_ESCAPES.sub("", self.raw), "a foreign escape sequence"


async def open_screen(port: int, name: str = "Ana", **options: object) -> tuple[object, Screen]:
    conn = await asyncssh.connect(
        "127.0.0.1", port, username=name, known_hosts=None, client_keys=None
    )
    process = await conn.create_process(term_type="xterm", term_size=(100, 30), **options)
    return conn, Screen(process)


@contextlib.contextmanager
def serving(tmp_path: Path) -> Iterator[Any]:
    """The real server with SSH on a free port; no traceback in its log at the end."""
    with running_server(tmp_path, extra=["--ssh-puerto", "0"]) as server:
        yield server
        time.sleep(0.2)
    log = "".join(server.output)
    assert "Traceback" not in log and "ERROR" not in log, log


def test_terminal_text_has_no_escapes() -> None:
    assert terminal_lines("a\x1b[31mb\x1b]0;t\x07c\x9bd\u202ee\tf") == ["abcde f"]
    assert terminal_lines("uno\ndos") == ["uno", "dos"]
    assert language({"LANG": "en_GB.UTF-8"}) == "en"
    assert language({"LC_ALL": "es_ES.UTF-8", "LANG": "en_US"}) == "es"
    assert language({}) == "es"
    assert reading_rate({}) == 180
    assert reading_rate({"SOBREMESA_WPM": "300"}) == 300
    assert reading_rate({"SOBREMESA_WPM": "nan"}) == 180
    assert reading_rate({"SOBREMESA_WPM": "rápido"}) == 180


def test_host_key_file(tmp_path: Path) -> None:
    key = host_key(tmp_path)
    path = tmp_path / "ssh_host_key"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert host_key(tmp_path).get_fingerprint() == key.get_fingerprint()
    path.write_text("roto")
    fresh = host_key(tmp_path)  # a damaged key is set aside, a new one made
    assert fresh.get_fingerprint() != key.get_fingerprint()
    assert list(tmp_path.glob("ssh_host_key.damaged-*"))


@pytest.mark.slow
def test_ssh_plays_a_game_of_chinchon(tmp_path: Path) -> None:
    async def play(port: int) -> float:
        began = time.monotonic()
        # A quick reader (the table waits for the player to hear what is said).
        conn, screen = await open_screen(port, env={"SOBREMESA_WPM": "600"})
        async with conn:
            await screen.expect(r"Hola, Ana\. Estás en la sala")
            await screen.expect(r"\nSala> $")
            screen.type("crear chinchon 1 facil")
            code = (await screen.expect(r"Mesa ([A-Z0-9]{6})\.")).group(1)
            await screen.expect(rf"\nMesa {code}> $")
            screen.type("empezar")
            await screen.expect(r"Empieza la partida\.")
            await screen.expect(r"Tus cartas: ")
            await screen.expect(r"Tu turno\.\n\S[^\n]*> $", timeout=60)
            screen.type("mano")
            await screen.expect(r"Tu mano, 7 cartas: ")
            screen.type("estado")
            await screen.expect(r"Roba del mazo o coge ")
            screen.type("robar")
            await screen.expect(r"Robas ")
            screen.type("mano")
            hand = await screen.expect(r"Tu mano, 8 cartas: ([^\n]*)\.\n")
            cards = re.findall(r"([^,:]+?) \(p\d+\)", hand.group(1))
            assert len(cards) == 8
            card = cards[-1].strip()
            screen.type(f"descartar {card}")
            await screen.expect(rf"Tiras (el |la )?{re.escape(card)}\.")
            screen.type("salir")
            await screen.expect(rf"Dejas la mesa {code}\.")
            await screen.expect(r"\nSala> $")
            screen.type("salir")
            await screen.expect(r"Hasta pronto\.")
            await asyncio.wait_for(screen.reader, 10)  # the server closes the session
            await asyncio.wait_for(screen.process.wait_closed(), 10)  # type: ignore[attr-defined]
            assert screen.process.exit_status == 0  # type: ignore[attr-defined]
        screen.check_clean()
        assert "\r\n" in screen.raw and "\n" not in screen.raw.replace("\r\n", "")
        return time.monotonic() - began

    with serving(tmp_path) as server:
        took = asyncio.run(play(ssh_port(server)))
    print(f"scripted SSH game: {took:.1f} s")
    key = tmp_path / "ssh_host_key"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600


def test_host_key_is_kept_across_restarts(tmp_path: Path) -> None:
    async def fingerprint(port: int) -> str:
        async with asyncssh.connect(
            "127.0.0.1", port, username="x", known_hosts=None, client_keys=None
        ) as conn:
            return conn.get_server_host_key().get_fingerprint()

    prints = []
    for _ in range(2):
        with serving(tmp_path) as server:
            prints.append(asyncio.run(fingerprint(ssh_port(server))))
    assert prints[0] == prints[1]
    assert stat.S_IMODE((tmp_path / "ssh_host_key").stat().st_mode) == 0o600


def test_other_players_cannot_write_to_the_terminal(tmp_path: Path) -> None:
    """A websocket player with an escape sequence in its name and its chat: the SSH
    player reads them as plain text; output while typing keeps the typing."""

    async def play(url: str, port: int) -> None:
        conn, screen = await open_screen(port)
        async with conn:
            await screen.expect(r"\nSala> $")
            screen.type("crear chinchon 2 facil")
            code = (await screen.expect(r"Mesa ([A-Z0-9]{6})\.")).group(1)
            await screen.expect(rf"\nMesa {code}> $")
            screen.type("dec", enter=False)  # half typed when the others speak
            await asyncio.sleep(0.3)
            eve = BotPlayer(url, "chinchon", "\x1b]0;pwned\x07Eve\x1b[2J")
            await asyncio.to_thread(eve.open)
            await asyncio.to_thread(eve.until, lambda f: f["t"] == "pide")
            eve.line(f"unirse {code}")
            await screen.expect(r"Eve se sienta en la mesa")
            eve.line("decir \x1b[31mrojo\x1b[0m \x9b2J y \x07 fin")
            await screen.expect(r"Eve dice: rojo")
            # The prompt and the half-typed line are drawn again after the chat.
            await screen.expect(rf"\nMesa {code}> dec$")
            screen.type("ir hola")
            said = await asyncio.to_thread(
                eve.until, lambda f: f["t"] == "charla" and "Ana" in f["linea"]
            )
            assert said["linea"] == "Ana dice: hola"
            screen.type("charla")
            await screen.expect(r"Eve dice: rojo")
            screen.type("salir")  # the table has not started: back to the lobby
            await screen.expect(r"Estás en la sala\.")
            screen.type("salir")
            await screen.expect(r"Hasta pronto\.")
            await asyncio.wait_for(screen.reader, 10)
            eve.close()
        screen.check_clean()
        assert "\x07" not in screen.raw and "\x9b" not in screen.raw

    with serving(tmp_path) as server:
        asyncio.run(play(server.url, ssh_port(server)))


def test_english_from_the_client_locale(tmp_path: Path) -> None:
    async def play(port: int) -> None:
        conn, screen = await open_screen(port, name="Bob", env={"LANG": "en_GB.UTF-8"})
        async with conn:
            await screen.expect(r"Bob")
            screen.type("salir")
            await screen.expect(r"See you soon\.")
            await asyncio.wait_for(screen.reader, 10)

    with serving(tmp_path) as server:
        asyncio.run(play(ssh_port(server)))


@pytest.mark.skipif(not shutil.which("ssh"), reason="no OpenSSH client (ssh) on this machine")
def test_openssh_client(tmp_path: Path) -> None:
    """The OpenSSH client, as a player would run it (a pty forced, lines from a pipe)."""
    with serving(tmp_path) as server:
        port = ssh_port(server)
        argv = [
            shutil.which("ssh") or "ssh", "-F", "/dev/null", "-o", "StrictHostKeyChecking=no",
            "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "-o", "BatchMode=yes",
            "-p", str(port), "-tt", "ana@127.0.0.1",
        ]  # fmt: skip
        ssh = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env={**os.environ, "LANG": "C.UTF-8"},
        )  # fmt: skip
        assert ssh.stdin is not None
        ssh.stdin.write(b"ayuda\n")
        ssh.stdin.flush()
        time.sleep(1.0)
        ssh.stdin.write(b"salir\n")
        ssh.stdin.flush()
        out, err = ssh.communicate(timeout=30)
    text = OWN_ESCAPES.sub("", out.decode("utf-8")).replace("\r", "")
    assert ssh.returncode == 0, err
    assert "Hola, ana." in text
    assert "Órdenes de la sala:" in text
    assert "Hasta pronto." in text
    assert '{"t"' not in text and "\x1b" not in text


@pytest.mark.slow
def test_an_ssh_player_takes_the_seat_back_by_name_after_a_drop(tmp_path: Path) -> None:
    async def play(port: int) -> None:
        conn, screen = await open_screen(port, env={"SOBREMESA_WPM": "600"})
        async with conn:
            await screen.expect(r"\nSala> $")
            screen.type("crear chinchon 1 facil")
            code = (await screen.expect(r"Mesa ([A-Z0-9]{6})\.")).group(1)
            screen.type("empezar")
            await screen.expect(r"Tus cartas: ")
        # The connection dropped (no salir). A new SSH session with the same login
        # is told its seat waits (an SSH playtest heard nothing), and `unirse` alone
        # takes it.
        conn, screen = await open_screen(port, env={"SOBREMESA_WPM": "600"})
        async with conn:
            await screen.expect(rf"Tu sitio en la mesa {code} te espera: escribe unirse\.")
            await screen.expect(r"\nSala> $")
            screen.type("unirse")
            await screen.expect(rf"Vuelves a la mesa {code}\.")
            screen.type("mano")
            await screen.expect(r"Tu mano, \d cartas: ")
            # Its help names the short letters, not the console's keys: a plain
            # terminal has no F2 nor Re Pág review (an SSH playtest heard 18 of them).
            start = len(screen.text)
            screen.type("ayuda")
            await screen.expect(r"mano: tus cartas[^\n]*\(m\)")
            await screen.expect(r"Pulsa Intro para seguir|quien: ")
            helped = screen.text[start:]
            assert "(F" not in helped and "Re Pág" not in helped, helped
        # Another login cannot take it: the seat is Ana's.
        conn, screen = await open_screen(port, name="Eve", env={"SOBREMESA_WPM": "600"})
        async with conn:
            await screen.expect(r"\nSala> $")
            screen.type(f"unirse {code}")
            await screen.expect(r"ya no tiene sitio")

    with serving(tmp_path) as server:
        asyncio.run(play(ssh_port(server)))
