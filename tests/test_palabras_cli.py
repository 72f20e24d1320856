"""`sobremesa palabras analizar` through the real entry point, against the reference data."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ORACLE = (
    Path(__file__).resolve().parents[2] / "shared" / "data" / "palabras" / "oracle-positions.jsonl"
)
ORACLE_FIXTURE = Path(__file__).parent / "data" / "palabras-oracle-sample.jsonl"


def positions():
    source = ORACLE if ORACLE.exists() else ORACLE_FIXTURE
    return [json.loads(line) for line in source.read_text("utf-8").splitlines() if line.strip()]


@pytest.mark.parametrize("index", [0, 3])
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
