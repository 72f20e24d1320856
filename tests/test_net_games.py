"""Online tables end to end: a real server process, real clients on loopback.

Two program clients and a server bot play each game to its end; a spectator
follows; a dropped client takes its seat back; a server killed with SIGKILL and
started again brings the table back and the game goes on.
"""

from __future__ import annotations

import contextlib
import re
import threading
import time
from pathlib import Path

import pytest
from netplay import BotPlayer, running_server, start_server

from sobremesa.core.registry import GAMES

pytestmark = pytest.mark.slow


def seat_two(url: str, game: str, **options: object) -> tuple[BotPlayer, BotPlayer, str]:
    """Ana creates a 3-seat table, Beto joins; the third seat is the server's bot."""
    ana = BotPlayer(url, game, "Ana", seed=1)
    ana.open()
    code = ana.create(2, ritmo=0, semilla=options.pop("semilla", 11), **options)
    beto = BotPlayer(url, game, "Beto", seed=2)
    beto.open()
    beto.until(lambda f: f["t"] == "pide")
    beto.line(f"unirse {code}")
    beto.until(lambda f: f["t"] == "mesa")
    return ana, beto, code


def play_both(ana: BotPlayer, beto: BotPlayer, timeout: float = 150.0) -> None:
    errors: list[BaseException] = []

    def run() -> None:
        try:
            beto.play_out(timeout)
        except BaseException as error:  # reported below
            errors.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    ana.play_out(timeout)
    thread.join()
    assert not errors, errors


def keep_playing(player: BotPlayer, timeout: float = 60) -> None:
    """Play until the game or the connection ends (or ``timeout``)."""
    with contextlib.suppress(Exception):
        player.play_out(timeout)


@pytest.mark.parametrize("game", list(GAMES))
def test_two_people_and_a_bot_play_a_whole_game_and_a_spectator_follows(
    tmp_path: Path, game: str
) -> None:
    with running_server(tmp_path) as server:
        ana, beto, code = seat_two(server.url, game)
        ana.line("empezar")
        ana.until(lambda f: f["t"] == "entrega")
        watcher = BotPlayer(server.url, game, "Vera")
        watcher.open()
        watcher.until(lambda f: f["t"] == "pide")
        watcher.line(f"mirar {code}")
        play_both(ana, beto)
        watcher.until(lambda f: f["t"] == "fin", 60)
        # The end sends everyone back to the lobby: nobody is told the spectator
        # "stopped watching" (a blind playtest heard it before the last move).
        watcher.until(lambda f: f["t"] == "sala", 30)
        ana.line("quien")
        ana.until(lambda f: f["t"] == "di" and f.get("respuesta"))
        assert "Vera deja de mirar la mesa." not in ana.lines + beto.lines
        ends = {"chinchon": "Fin de la partida.", "cabanga": "Fin de la partida."}
        for player in (ana, beto):
            assert player.actions > 5
            assert any("Gana" in line or "Quedas" in line for line in player.lines[-12:]), (
                player.lines[-12:]
            )
            assert not any("Traceback" in line for line in player.lines)
        if game in ends:
            assert ends[game] in ana.lines
        # The players were told who came to watch.
        assert "Vera mira la mesa." in ana.lines and "Vera mira la mesa." in beto.lines
        # The spectator heard the same game, told for nobody's seat.
        assert watcher.lines and not any(line.startswith("Tu turno") for line in watcher.lines)
        spectator_views = [f["vista"] for f in watcher.frames if f["t"] == "entrega"]
        assert spectator_views and all(view["seat"] is None for view in spectator_views)
        assert "Traceback" not in "".join(server.output)


def test_a_dropped_player_takes_the_seat_back_and_hears_what_was_missed(tmp_path: Path) -> None:
    with running_server(tmp_path, grace=0.5) as server:
        ana, beto, code = seat_two(server.url, "chinchon")
        ana.line("empezar")
        playing = threading.Thread(target=keep_playing, args=(ana, 150))
        playing.start()
        beto.until(lambda f: f["t"] == "pide")
        token = beto.token
        beto.stop = True
        beto.close()  # the connection drops: after the grace a bot plays Beto's seat
        moved = ("Beto roba", "Beto coge")
        deadline = time.monotonic() + 30
        while not any(m in line for line in list(ana.lines) for m in moved):
            assert time.monotonic() < deadline, "no bot took the seat"
            time.sleep(0.1)
        assert "a bot plays seat" in "".join(server.output)
        # Ana was told how long Beto's seat waits for him.
        told = "Beto se ha desconectado. Si no vuelve en 1 segundo, un bot jugará por Beto."
        assert told in ana.lines, ana.lines[-20:]
        time.sleep(0.5)  # (Beto's console tells it to nobody: it is kept for him)
        back = BotPlayer(server.url, "chinchon", "Beto", seed=2)
        back.seat = beto.seat
        back.open(token=token, code=code)
        first = back.until(lambda f: f["t"] in ("pasado", "di"))
        assert first["t"] == "pasado" or "Vuelves" in " ".join(first["lineas"])
        assert any(
            "Vuelves a la mesa" in line
            for line in back.lines + sum((f.get("lineas", []) for f in back.frames), [])
        )
        back.play_out(150)
        playing.join()
        assert ana.over
        # What was said while Beto was away came back as history (a bot played for him).
        missed = [f["lineas"] for f in back.frames if f["t"] == "pasado"]
        assert missed and missed[0]


def test_a_server_killed_with_sigkill_brings_the_table_back(tmp_path: Path) -> None:
    server = start_server(tmp_path, grace=60)
    try:
        ana, beto, code = seat_two(server.url, "cabanga")
        ana.line("empezar")
        # Let the game run a little, then kill the server while it plays.
        playing = threading.Thread(target=keep_playing, args=(beto,))
        playing.start()
        ana.until(lambda f: f["t"] == "entrega" and f["seq"] > 30, 60)
        moves_before = (tmp_path / "mesas" / f"{code}.wal").read_text().count('"j"')
        server.kill()
        playing.join()
        ana.close()
        beto.close()
    finally:
        server.kill()
    assert moves_before > 0
    with running_server(tmp_path, grace=60) as again:
        assert "(1 mesa recuperada)" in "".join(again.output)
        back = []
        for old, seed in ((ana, 1), (beto, 2)):
            player = BotPlayer(again.url, "cabanga", old.name, seed=seed)
            player.seat = old.seat
            player.open(token=old.token, code=code)
            back.append(player)
        play_both(*back)
        for player in back:
            assert any("Vuelves a la mesa" in line for line in player.lines)
        log = (tmp_path / "mesas" / f"{code}.wal").read_text()
        assert log.count('"j"') > moves_before


def test_real_time_windows_run_on_the_servers_clock(tmp_path: Path) -> None:
    """¡Cabanga! with 3-second windows: each person's window has its deadline (sent
    with the seat's delivery), and the server's clock closes the windows nobody
    answers (these program clients answer only when asked, never in real time)."""
    with running_server(tmp_path) as server:
        ana, beto, _code = seat_two(server.url, "cabanga", semilla=1, ventana=3)
        ana.line("empezar")
        play_both(ana, beto, timeout=120)
    deadlines = [f["plazo"] for f in ana.frames if f["t"] == "entrega" and f["plazo"]]
    assert len(deadlines) >= 3
    assert "Nadie tira." in ana.lines
    assert "Fin de la partida." in ana.lines


def test_a_spectator_comes_back_from_the_last_batch_it_received(tmp_path: Path) -> None:
    with running_server(tmp_path) as server:
        ana, beto, code = seat_two(server.url, "cabanga", semilla=1)
        ana.line("empezar")
        playing = threading.Thread(target=play_both, args=(ana, beto))
        playing.start()
        vera = BotPlayer(server.url, "cabanga", "Vera")
        vera.open()
        vera.until(lambda f: f["t"] == "pide")
        vera.line(f"mirar {code}")
        seen = vera.until(lambda f: f["t"] == "entrega" and f["seq"] > 5)["seq"]
        vera.close()  # the spectator's connection drops; the game goes on
        time.sleep(1.0)
        back = BotPlayer(server.url, "cabanga", "Vera")
        back.open(code=code, seen=seen)
        missed = back.until(lambda f: f["t"] == "pasado")["lineas"]
        back.play_out(120)
        playing.join()
    assert missed and not any(line.startswith("Tu turno") for line in missed)
    # What was missed picks up where Vera's first connection left off: told once.
    heard_before = [line for line in vera.lines if line in missed]
    assert len(heard_before) < len(missed)
    assert "Fin de la partida." in back.lines


def test_before_the_game_starts_salir_leaves_the_table_and_ayuda_lists_its_orders(
    tmp_path: Path,
) -> None:
    """At a table not started yet, `ayuda` gives the table's orders (a blind
    playtest heard the lobby's), and `salir` gives the seat up and goes back to the
    lobby (it used to end the connection); the last one out takes the table away."""
    with running_server(tmp_path) as server:
        ana, beto, code = seat_two(server.url, "chinchon")
        beto.line("ayuda")
        said = beto.until(lambda f: f["t"] == "di" and "Órdenes de la mesa" in f["lineas"][0])
        assert "salir: dejas la mesa y vuelves a la sala." in said["lineas"]
        assert not any(line.startswith("crear") for line in said["lineas"])
        beto.line("salir")
        beto.until(lambda f: f["t"] == "sala")
        beto.until(
            lambda f: f["t"] == "di" and f"Dejas la mesa {code}. Estás en la sala." in f["lineas"]
        )
        ana.until(lambda f: f["t"] == "di" and "Beto deja la mesa." in f["lineas"])
        ana.line("quien")
        who = ana.until(lambda f: f["t"] == "di" and f.get("respuesta"))
        assert not any("Beto" in line for line in who["lineas"]), who
        ana.line("salir")
        ana.until(lambda f: f["t"] == "sala")
        beto.line(f"unirse {code}")
        gone = beto.until(lambda f: f["t"] == "di" and f.get("respuesta"))
        assert gone["lineas"] == [f"No hay ninguna mesa {code}."]


def test_ayuda_crear_says_the_games_the_rivals_and_the_options(tmp_path: Path) -> None:
    """`ayuda crear` (a blind playtest got the whole lobby help again, and could not
    tell that RIVALES counts friends and bots)."""
    with running_server(tmp_path) as server:
        vera = BotPlayer(server.url, "cabanga", "Vera")
        vera.open()
        vera.until(lambda f: f["t"] == "pide")
        vera.line("ayuda crear")
        said = vera.until(lambda f: f["t"] == "di" and f.get("respuesta"))["lineas"]
    assert said[0].startswith("crear JUEGO [RIVALES] [NIVEL]")
    rivals = next(line for line in said if line.startswith("RIVALES"))
    assert "amigos o bots" in rivals and "¡Cabanga! de 2 a 5" in rivals, rivals


def test_mirar_before_the_game_starts_watches_it_once_it_does(tmp_path: Path) -> None:
    """`mirar` at a table not started: told it will be watched, then watching as
    soon as `empezar` (a blind playtest was only told "todavía no ha empezado")."""
    with running_server(tmp_path) as server:
        ana, beto, code = seat_two(server.url, "cabanga")
        vera = BotPlayer(server.url, "cabanga", "Vera")
        vera.open()
        vera.until(lambda f: f["t"] == "pide")
        vera.line(f"mirar {code}")
        said = vera.until(lambda f: f["t"] == "di" and f.get("respuesta"))
        assert said["lineas"] == [
            f"La mesa {code} todavía no ha empezado: la miras en cuanto empiece."
        ]
        ana.line("quien")  # Vera counts (a playtest's `quien` said nobody watched)
        who = ana.until(lambda f: f["t"] == "di" and "Espectadores: 0." in f["lineas"])["lineas"]
        assert who[-2:] == ["Espectadores: 0.", "1 persona mirará en cuanto empiece."], who
        ana.line("empezar")
        # The bot in the free seat is named before the game's first line (an SSH
        # playtest first heard of it in its first move).
        beto.until(lambda f: f["t"] == "di" and f["lineas"][0].startswith("Empieza la partida"))
        started = [line for line in beto.lines if line.startswith("Empieza la partida")]
        assert re.fullmatch(r"Empieza la partida\. Bot: \w+, (fácil|medio|difícil).*\.", started[0])
        assert not any(f["t"] == "entrega" for f in beto.frames[: beto.frames.index(
            next(f for f in beto.frames if f["t"] == "di" and started[0] in f["lineas"])
        )])  # fmt: skip
        vera.until(lambda f: f["t"] == "mesa" and f["asiento"] is None)
        vera.until(lambda f: f["t"] == "di" and "modo espectador" in f["lineas"][0])
        assert f"Miras la mesa {code}." in vera.lines


def test_the_table_help_online_lists_the_table_commands_not_the_local_ones(
    tmp_path: Path,
) -> None:
    """`ayuda` at an online table: decir, quien and salir (the seat waits); not the
    voice's callar nor the pace's ritmo, which belong to the client and the table."""
    with running_server(tmp_path) as server:
        ana, beto, _code = seat_two(server.url, "chinchon")
        ana.line("empezar")
        ana.until(lambda f: f["t"] == "entrega")
        ana.line("ayuda")
        said: list[str] = []
        for _page in range(6):  # every page: Enter for the next
            frame = ana.until(lambda f: f["t"] == "di" and f.get("respuesta"), 20)
            said += frame["lineas"]
            if not any(line.startswith("Pulsa Intro para seguir") for line in frame["lineas"]):
                break
            ana.line("")
    assert "decir TEXTO: hablas a la mesa." in said, said
    assert "salir: dejas la mesa; tu sitio te espera." in said
    assert not [line for line in said if line.startswith(("callar", "ritmo", "salir: guarda"))]
