"""`sobremesa palabras analizar` through the real entry point, against the reference data."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

# A copy of ../shared/data/palabras (its README says what the fields mean), so the
# tests run from a clone of this repository alone.
ORACLE = Path(__file__).parent / "data" / "palabras" / "oracle-positions.jsonl"


def positions():
    return [json.loads(line) for line in ORACLE.read_text("utf-8").splitlines() if line.strip()]


@pytest.mark.parametrize("index", [0, 3])
@pytest.mark.slow
def test_analizar_json_matches_the_reference(tmp_path, index):
    position = positions()[index]
    board = tmp_path / "tablero.txt"
    board.write_text("\n".join(position["board"]) + "\n", encoding="utf-8")
    env = {**os.environ, "SOBREMESA_HOME": str(tmp_path / "home")}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "sobremesa",
            "palabras",
            "analizar",
            "--tablero",
            str(board),
            "--atril",
            position["rack"],
            "--top",
            "3",
            "--json",
            "--diccionario",
            "amplia",  # the reference used the full list
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["move_count"] == position["move_count"]
    assert data["moves"][0]["score"] == position["best_score"]
    assert [m["score"] for m in data["moves"]] == [m["score"] for m in position["top"][:3]]


def test_analizar_with_a_broken_board_says_why(tmp_path):
    board = tmp_path / "roto.txt"
    board.write_text("...\n", encoding="utf-8")
    env = {**os.environ, "SOBREMESA_HOME": str(tmp_path / "home")}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "sobremesa",
            "palabras",
            "analizar",
            "--tablero",
            str(board),
            "--atril",
            "CASA",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert result.returncode == 2
    assert "roto.txt" in result.stderr and "15" in result.stderr


def run_game(args, lines, home):
    env = {**os.environ, "SOBREMESA_HOME": str(home), "TERM": "dumb"}
    return subprocess.run(
        [sys.executable, "-m", "sobremesa", *args],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


PLAY = ["jugar", "palabras", "--semilla", "2", "--ritmo", "0"]


@pytest.mark.slow
def test_scripted_game_plays_refuses_and_ends(tmp_path):
    lines = [
        "atril",
        "jugar CASAX 8H",  # not a word / not in the rack: refused, nothing changes
        "jugar ANEAS 8A",  # misses the start square
        "probar ANEAS 8D",
        "jugar ANEAS 8D",
        *["pasar"] * 30,
    ]
    result = run_game(PLAY, lines, tmp_path / "home")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "ANEAS en 8D horizontal valdría 12 puntos." in out
    assert "Juegas ANEAS de D8 a H8, horizontal: 12 puntos (total 12)." in out
    assert "La primera jugada debe pasar por H8." in out
    assert "Fin de la partida: " in out  # how it ends depends on the word list
    assert "Puntos finales" in out or "Gana " in out or "¡Ganas" in out
    assert result.stderr == ""
    again = run_game(PLAY, lines, tmp_path / "again")
    assert again.stdout == out


@pytest.mark.slow
def test_spectator_palabras_game_ends(tmp_path):
    result = run_game(
        ["jugar", "palabras", "--espectador", "--rivales", "3", "--semilla", "5", "--ritmo", "0"],
        [],
        tmp_path / "home",
    )
    assert result.returncode == 0, result.stderr
    assert "Palabras, modo espectador." in result.stdout
    assert "Fin de la partida" in result.stdout


@pytest.mark.slow
def test_probar_a_word_alone_says_where_it_fits(tmp_path):
    result = run_game(PLAY, ["probar ANEAS", "probar CASA", "probar aneas"], tmp_path / "home")
    lines = result.stdout.splitlines()
    assert "ANEAS cabe en 10 sitios; los mejores: 8D horizontal, 12 puntos;" in result.stdout
    assert "CASA no cabe con tu atril en ningún sitio." in lines
    assert sum(line.startswith("ANEAS cabe en 10 sitios") for line in lines) == 2


def test_a_word_formed_twice_is_told_with_its_squares():
    from sobremesa.games.palabras import rules as r
    from sobremesa.games.palabras import ui
    from sobremesa.settings import Settings

    adapter = ui.new_adapter(Settings(), seed=2, spectator=False)
    event = r.TilesPlaced(
        seat=1,
        row=7,
        col=7,
        down=False,
        pos="8H",
        word="TU",
        tiles=(("H8", "T"), ("I8", "U")),
        words=(("TU", "8H", 2), ("TU", "H7", 2), ("UN", "I8", 2)),
        score=6,
        bonus=0,
        total=6,
        rack_count=5,
    )
    lines = adapter.describe(event)
    assert lines[1].startswith("Palabras: TU 8H 2, TU H7 2, UN 2.")
