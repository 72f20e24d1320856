"""`sobremesa palabras analizar` (analyze_main) in text and JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from sobremesa.games.palabras.analysis import analyze, analyze_main
from sobremesa.games.palabras.board import STANDARD_LAYOUT, Board

ROOT = Path(__file__).resolve().parent.parent

BOARD = [
    "...Y..JIGAS....",
    ".AHECHE..DEDIL.",
    "..AGUE.........",
    "...U...........",
    "...aSOBINAN....",
    "...T...........",
    "..ÑO...........",
    ".RASUREN.......",
    "..T..OX........",
    ".ME............",
    ".EA............",
    "PERDI..........",
    "..I............",
    "..a............",
    "DONA...........",
]


@pytest.fixture
def board_file(tmp_path):
    path = tmp_path / "tablero.txt"
    path.write_text("# posición de prueba\n" + "\n".join(BOARD) + "\n", encoding="utf-8")
    return path


def test_json_output_matches_the_oracle_position(board_file, capsys):
    args = ["--tablero", str(board_file), "--atril", "ACOOQRS", "--json"]
    assert analyze_main([*args, "--diccionario", "amplia"]) == 0  # the oracle's list
    data = json.loads(capsys.readouterr().out)
    assert data["move_count"] == 697
    assert len(data["moves"]) == 10
    first = data["moves"][0]
    assert first == {"pos": "14B", "word": "RaCOS", "score": 24, "words": ["RaCOS", "RO", "CA"]}
    assert [m["score"] for m in data["moves"]][:4] == [24, 24, 24, 24]


def test_text_output_in_spanish(board_file, capsys):
    args = ["--tablero", str(board_file), "--atril", "acooqrs", "--top", "3"]
    assert analyze_main([*args, "--diccionario", "amplia"]) == 0  # the oracle's list
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        "697 jugadas posibles.",
        "1. RaCOS en 14B: 24 puntos. Forma: RaCOS, RO, CA.",
        "2. SaCAR en 14B: 24 puntos. Forma: SaCAR, SO, CA.",
        "3. SaCRA en 14B: 24 puntos. Forma: SaCRA, SO, CA.",
    ]


def test_no_moves_and_one_move(tmp_path, capsys):
    path = tmp_path / "vacio.txt"
    path.write_text("\n".join(["." * 15] * 15), encoding="utf-8")
    assert analyze_main(["--tablero", str(path), "--atril", "QXZ"]) == 0
    assert capsys.readouterr().out.strip() == "Ninguna jugada posible con ese atril."
    result = analyze(Board(), "ZA", top=5)
    assert result["move_count"] == len({(m["pos"], m["word"]) for m in result["moves"]})


@pytest.mark.parametrize(
    ("content", "rack", "message"),
    [
        (None, "CASA", "no se puede leer"),
        ("\n".join(["." * 15] * 14), "CASA", "tiene 14 filas; deben ser 15"),
        ("\n".join(["." * 15] * 14 + ["...."]), "CASA", "fila 15: tiene 4 casillas"),
        ("\n".join(["." * 15] * 14 + ["......1........"]), "CASA", "«1» no es una letra"),
        ("\n".join(["." * 15] * 15), "CA5A", "«5» no es una ficha"),
        ("\n".join(["." * 15] * 15), "CASASASA", "tiene 8 fichas"),
    ],
)
def test_errors_name_the_problem(tmp_path, capsys, content, rack, message):
    path = tmp_path / "t.txt"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    assert analyze_main(["--tablero", str(path), "--atril", rack]) == 2
    assert message in capsys.readouterr().err


def test_custom_layout_option(tmp_path, capsys, board_file):
    layout = tmp_path / "casillas.txt"
    layout.write_text("\n".join(STANDARD_LAYOUT).replace("*", "."), encoding="utf-8")
    empty = tmp_path / "vacio.txt"
    empty.write_text("\n".join(["." * 15] * 15), encoding="utf-8")
    args = ["--tablero", str(empty), "--atril", "AENRRSU", "--json", "--top", "1"]
    assert analyze_main(args) == 0
    assert json.loads(capsys.readouterr().out)["moves"][0]["score"] == 56
    assert analyze_main([*args, "--casillas", str(layout)]) == 0
    assert json.loads(capsys.readouterr().out)["moves"][0]["score"] == 48  # no star: no DP
    layout.write_text("T" * 15, encoding="utf-8")
    assert analyze_main([*args, "--casillas", str(layout)]) == 2
    assert "tiene 1 filas" in capsys.readouterr().err


def test_runs_as_a_module(board_file):
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "sobremesa.games.palabras.analysis",
            "--tablero",
            str(board_file),
            "--atril",
            "ACOOQRS",
            "--json",
            "--top",
            "1",
            "--diccionario",
            "amplia",
        ],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["move_count"] == 697
