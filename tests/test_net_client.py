"""`sobremesa conectar`, scripted: the real entry point with stdin not a terminal,
against a real server on loopback. A script's lines are sent one at a time, each
when the server asks for one, so an online game replays like a local one."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from netplay import ROOT, BotPlayer, running_server
from test_net_games import keep_playing

pytestmark = pytest.mark.slow


def conectar(url: str, home: Path, *args: str, script: str, timeout: float = 90) -> str:
    env = {**os.environ, "SOBREMESA_HOME": str(home), "PYTHONUNBUFFERED": "1", "TERM": "dumb"}
    done = subprocess.run(
        [sys.executable, "-m", "sobremesa", "conectar", url, *args],
        input=script, capture_output=True, text=True, env=env, cwd=ROOT, timeout=timeout,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stdout + done.stderr, done.stderr
    return done.stdout


def test_a_scripted_player_creates_a_table_plays_and_leaves(tmp_path: Path) -> None:
    with running_server(tmp_path / "server") as server:
        out = conectar(
            server.url, tmp_path / "ana",
            "--nombre", "Ana", "--crear", "chinchon", "--rivales", "1", "--nivel", "facil",
            "--semilla", "5",
            script="empezar\nmano\nrobar\nestado\nsalir\nsalir\n",
        )  # fmt: skip
    code = re.search(r"^Mesa ([A-Z0-9]{6})\.$", out, re.MULTILINE)
    assert code, out
    assert "Ana se sienta en la mesa" in out
    assert "Tu mano, 7 cartas:" in out or "Roba" in out
    assert f"Dejas la mesa {code.group(1)}." in out
    assert out.rstrip().endswith("Hasta pronto.")
    # The seat token is kept in the player's config folder, by server and table.
    tokens = (tmp_path / "ana" / "config" / "fichas.json").read_text()
    assert code.group(1) in tokens


def test_a_spectator_one_liner_watches_a_table_of_bots_to_its_end(tmp_path: Path) -> None:
    with running_server(tmp_path / "server") as server:
        out = conectar(
            server.url, tmp_path / "vera",
            "--ritmo", "0", "--crear", "cabanga", "--rivales", "3", "--espectador",
            "--semilla", "7",
            script="\n" * 60,
        )  # fmt: skip
    assert re.search(r"^Mesa [A-Z0-9]{6}\.$", out, re.MULTILINE), out
    assert "Miras la mesa" in out
    assert "Fin de la partida." in out
    assert "Tu turno" not in out


def test_a_friend_joins_by_code_and_plays_in_english(tmp_path: Path) -> None:
    with running_server(tmp_path / "server") as server:
        ana = BotPlayer(server.url, "chinchon", "Ana", seed=1)
        ana.open()
        code = ana.create(1, ritmo=0)
        # Bob's script waits for the game: a friend's lines are asked for once it starts.
        starting = threading.Timer(3.0, lambda: ana.line("empezar"))
        starting.start()
        playing = threading.Thread(target=keep_playing, args=(ana, 30))
        playing.start()
        out = conectar(
            server.url, tmp_path / "bob", "--idioma", "en", "--nombre", "Bob", "--mesa", code,
            script="who\nsay hello\n", timeout=60,
        )  # fmt: skip
        ana.stop = True
        ana.close()
        playing.join()
    assert f"Bob se sienta en la mesa {code}." in ana.lines
    assert any(line == "Bob dice: hello" or line == "Bob says: hello" for line in out.splitlines())
    assert "Seat 1: Ana, connected." in out or "Sitio 1: Ana, conectado." in out
