"""The pieces that turn a seat's events and view into words, and typed text into
moves, are pure: they import no clock, no generator, no I/O and no session, so a
server can run them for any seat (docs/arquitectura.md). One check for every game."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import sobremesa

GAMES = Path(sobremesa.__file__).parent / "games"
PURE = {
    "chinchon": ("narration.py", "reading.py", "advice.py", "commands.py"),
    "palabras": ("narration.py", "reading.py", "cursor.py", "commands.py"),
    "castana": ("narration.py", "texts.py", "reading.py", "commands.py"),
    "cabanga": ("narration.py", "reading.py", "commands.py", "texts.py", "window.py"),
}
SHARED = (Path(sobremesa.__file__).parent / "ui" / "told.py",)
FORBIDDEN = {"time", "os", "random", "threading", "sobremesa.ui.session", "sobremesa.ui.terminal"}


def imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


@pytest.mark.parametrize("game", sorted(PURE))
def test_the_pure_pieces_import_no_clock_no_session_and_no_io(game: str) -> None:
    for name in PURE[game]:
        assert imports(GAMES / game / name) & FORBIDDEN == set(), f"{game}/{name}"


def test_the_shared_pieces_too() -> None:
    for path in SHARED:
        assert imports(path) & FORBIDDEN == set(), path.name


def test_the_check_sees_a_forbidden_import(tmp_path: Path) -> None:
    planted = tmp_path / "narration.py"
    planted.write_text(
        "from time import monotonic\nimport sobremesa.ui.session\n", encoding="utf-8"
    )
    assert imports(planted) & FORBIDDEN == {"time", "sobremesa.ui.session"}
