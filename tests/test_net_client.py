"""`sobremesa conectar`, scripted: the real entry point with stdin not a terminal,
against a real server on loopback. A script's lines are sent one at a time, each
when the server asks for one, so an online game replays like a local one."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from netplay import ROOT, BotPlayer, running_server, start_server
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


def test_unirse_typed_after_a_restart_takes_the_seat_back(tmp_path: Path) -> None:
    """A player whose client ended in mid-game starts it again and types `unirse
    CÓDIGO` in the lobby: the seat token kept in the config folder goes with the
    line, and the seat is theirs again (a blind playtest heard "ya no tiene
    sitio" here). Another person typing the same line only gets to watch."""
    with running_server(tmp_path / "server") as server:
        first = conectar(
            server.url, tmp_path / "ana",
            "--nombre", "Ana", "--crear", "chinchon", "--rivales", "1", "--semilla", "5",
            script="empezar\nmano\n",
        )  # fmt: skip
        code = re.search(r"^Mesa ([A-Z0-9]{6})\.$", first, re.MULTILINE)
        assert code, first
        again = conectar(
            server.url,
            tmp_path / "ana",
            "--nombre",
            "Ana",
            script="unirse\nmano\n",  # (alone: the one seat of hers that waits)
        )
        other = conectar(
            server.url, tmp_path / "luis", "--nombre", "Luis",
            script=f"unirse\nunirse {code.group(1)}\n",
        )  # fmt: skip
    # The lobby said the seat waits for her before she typed anything.
    waits = f"Tu sitio en la mesa {code.group(1)} te espera: escribe unirse."
    assert again.index(waits) < again.index(f"Vuelves a la mesa {code.group(1)}."), again
    assert waits not in other
    assert "ya no tiene sitio" not in again
    assert "Tu mano, " in again.split("Vuelves a la mesa")[-1]
    assert f"La mesa {code.group(1)} ya no tiene sitio; puedes mirarla." in other
    assert "Di el código de la mesa: unirse CÓDIGO." in other  # no seat of his waits


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
    assert "Seat 1: Ana, online." in out or "Sitio 1: Ana, en línea." in out


def test_the_main_menu_plays_online_and_remembers_the_server(tmp_path: Path) -> None:
    with running_server(tmp_path / "server") as server:
        env = {**os.environ, "SOBREMESA_HOME": str(tmp_path / "ana"), "TERM": "dumb"}
        done = subprocess.run(
            [sys.executable, "-m", "sobremesa"],
            input=f"7\n{server.url}\nAna\nmesas\nsalir\n8\n", capture_output=True, text=True,
            env=env, cwd=ROOT, timeout=60,
        )  # fmt: skip
    out = done.stdout
    assert "7. Jugar en línea" in out and "8. Salir" in out
    assert "Hola, Ana. Estás en la sala de Sobremesa." in out
    assert "No hay mesas abiertas. Crea una: crear chinchon." in out
    assert out.count("Hasta pronto.") == 2  # the lobby's, then the menu's
    remembered = (tmp_path / "ana" / "config" / "en-linea.json").read_text()
    assert server.url in remembered and "Ana" in remembered


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_a_client_reconnects_by_itself_when_the_server_comes_back(tmp_path: Path) -> None:
    port = free_port()
    data = tmp_path / "server"
    server = start_server(data, port=port)
    env = {**os.environ, "SOBREMESA_HOME": str(tmp_path / "ana"), "PYTHONUNBUFFERED": "1"}
    client = subprocess.Popen(
        [sys.executable, "-m", "sobremesa", "conectar", server.url, "--nombre", "Ana",
         "--crear", "chinchon", "--rivales", "1", "--nivel", "facil", "--semilla", "5"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env=env, cwd=ROOT,
    )  # fmt: skip
    lines: list[str] = []
    threading.Thread(target=lambda: lines.extend(client.stdout), daemon=True).start()  # type: ignore[arg-type]

    def wait_for(text: str, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while not any(text in line for line in list(lines)):
            assert time.monotonic() < deadline, f"no {text!r} in {lines[-10:]}"
            time.sleep(0.05)

    assert client.stdin is not None
    try:
        wait_for("Mesa ")
        client.stdin.write("empezar\n")
        client.stdin.flush()
        wait_for("Tus cartas")
        server.kill()  # SIGKILL, while the client is connected
        wait_for("Se ha perdido la conexión")
        again = start_server(data, port=port)
        try:
            wait_for("Conectado de nuevo.", 60)
            wait_for("Vuelves a la mesa")
            client.stdin.write("mano\nsalir\nsalir\n")
            client.stdin.close()
            assert client.wait(60) == 0
        finally:
            again.kill()
    finally:
        server.kill()
        client.kill()
    out = "".join(lines)
    assert "Tu mano, " in out.split("Vuelves a la mesa")[-1]
    assert "Traceback" not in out


def test_ctrl_c_at_the_table_says_how_to_come_back(tmp_path: Path) -> None:
    """Ctrl+C (SIGINT) in mid-game: the client says the table's code and the
    command that takes the seat back, then ends."""
    import signal

    with running_server(tmp_path / "server") as server:
        env = {**os.environ, "SOBREMESA_HOME": str(tmp_path / "ana"), "PYTHONUNBUFFERED": "1",
               "TERM": "dumb"}  # fmt: skip
        client = subprocess.Popen(
            [sys.executable, "-m", "sobremesa", "conectar", server.url, "--nombre", "Ana",
             "--crear", "chinchon", "--rivales", "1", "--semilla", "5"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env=env, cwd=ROOT,
            # Ctrl+C as a player's terminal gives it: a run started in the background
            # (`.ci/run &`) passes SIGINT on ignored, and the client never saw it.
            preexec_fn=(lambda: signal.signal(signal.SIGINT, signal.SIG_DFL)) if os.name == "posix" else None,
        )  # fmt: skip
        assert client.stdin is not None and client.stdout is not None
        client.stdin.write("empezar\n")
        client.stdin.flush()
        seen: list[str] = []
        for line in client.stdout:  # until the game has started (the stdin stays open)
            seen.append(line)
            if "Tu mano" in line or "Tu turno" in line:
                break
        code = re.search(r"^Mesa ([A-Z0-9]{6})\.$", "".join(seen), re.MULTILINE)
        assert code, seen
        client.send_signal(signal.SIGINT)
        out, err = client.communicate(timeout=30)
    said = f"Tu sitio en la mesa {code.group(1)} te espera: para volver, unirse {code.group(1)} en la sala, o sobremesa conectar --mesa {code.group(1)}."
    assert said in out, (client.returncode, out[-800:], err[-1500:])
    assert "Traceback" not in out + err, err


def test_what_was_missed_is_history_but_for_the_lines_the_server_says_to_speak() -> None:
    """`pasado`: the last 3 lines are said, the rest go to history with a line that
    says how many; `hablar` 0 (a bot's moves follow, told by the server) says
    none; a bad `hablar` is the default."""
    from sobremesa.net.client import missed_parts

    lines = [f"línea {n}" for n in range(1, 8)]
    unspoken, header, spoken = missed_parts({"t": "pasado", "lineas": lines})
    assert (unspoken, spoken) == (lines[:4], lines[4:])
    assert header.startswith("Mientras no estabas: 7 líneas;") and header.endswith("Las últimas:")
    unspoken, header, spoken = missed_parts({"t": "pasado", "lineas": lines, "hablar": 0})
    assert (unspoken, spoken) == (lines, [])
    assert header == "Mientras no estabas: 7 líneas; escribe historial 7 para leerlas."
    assert missed_parts({"t": "pasado", "lineas": lines[:2]}) == ([], "", lines[:2])
    for bad in (-1, 99, "3", None, 1.5, True):
        assert missed_parts({"t": "pasado", "lineas": lines, "hablar": bad})[2] == lines[4:]
