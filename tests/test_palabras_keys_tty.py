"""Palabras keys in a real pseudo-terminal (prompt_toolkit): the exploration jumps
(Control+arrow, Shift+arrow, Tab) and Escape on a move waiting for confirmation."""

import json

import pytest

pytest.importorskip("pty")  # POSIX only

from test_tty_session import Terminal  # noqa: E402

ESCAPE = "\x1b"
CTRL_RIGHT = "\x1b[1;5C"
SHIFT_RIGHT = "\x1b[1;2C"
SHIFT_LEFT = "\x1b[1;2D"
TAB = "\t"


@pytest.fixture
def term(isolated_home):
    (isolated_home / "config").mkdir(parents=True)
    (isolated_home / "config" / "ajustes.json").write_text(
        json.dumps({"palabras": {"confirm_moves": True}}), encoding="utf-8"
    )
    terminal = Terminal(["jugar", "palabras", "--semilla", "2", "--ritmo", "0"], isolated_home)
    yield terminal
    terminal.close()


@pytest.mark.slow
def test_escape_cancels_a_move_and_the_jump_keys_move_the_cursor(term):
    term.read_until("Tu jugada>")
    term.send("jugar ANEAS 8D\r")
    term.read_until("ANEAS de D8 a H8, horizontal: 12 puntos. ¿Jugar? sí o no")
    term.read_until("¿Jugar? sí o no>")
    term.send(ESCAPE)
    term.read_until("Anulada: no juegas ANEAS.")
    term.send("jugar ANEAS 8D\r")
    term.read_until("¿Jugar? sí o no>")
    term.send("sí\r")
    term.read_until("Juegas ANEAS de D8 a H8, horizontal: 12 puntos (total 12).")
    term.read_until("Tu jugada>")
    term.send("explorar A8\r")
    term.read_until("A8: vacía, palabra triple.")
    term.send(CTRL_RIGHT)  # the next tile
    term.read_until("D8: A, 1 punto, letra doble, usada; en ANEAS.")
    term.send(SHIFT_RIGHT)  # the empty square after ANEAS
    term.read_until("I8: vacía.")
    term.send(SHIFT_LEFT)
    term.read_until("C8: vacía.")
    term.send(TAB)  # the first word of the list
    term.read_until(", palabra 1 de ")
    term.send(ESCAPE)
    term.read_until("Dejas de explorar.")
    term.send("salir\r")
    term.read_until("Partida guardada.")
