"""Key mode (``set_key_mode``): keys that send commands for a while, e.g. to explore
a board. Terminal console driven through a pipe input, with the harness of
test_console_terminal.py; nothing sleeps for a fixed time.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Iterator

import pytest
from prompt_toolkit.input import create_pipe_input
from test_console_terminal import (
    BACKSPACE,
    CTRL_END,
    CTRL_HOME,
    ENTER,
    KEYS,
    LEFT,
    PAGE_DOWN,
    PAGE_UP,
    WAIT,
    Term,
    wait_for,
)

from sobremesa.ui.console import TIMEOUT, Console, PlainConsole

UP = "\x1b[A"
DOWN = "\x1b[B"
RIGHT = "\x1b[C"
HOME = "\x1b[H"
END = "\x1b[F"

#: What the Palabras adapter will roughly ask for.
EXPLORE = {
    "up": "arriba",
    "down": "abajo",
    "left": "izquierda",
    "right": "derecha",
    "home": "inicio",
    "end": "fin",
    "c-home": "primera",
    "c-end": "ultima fila",
    "escape": "dejar",
}
SEQUENCES = {
    "up": UP,
    "down": DOWN,
    "left": LEFT,
    "right": RIGHT,
    "home": HOME,
    "end": END,
    "c-home": CTRL_HOME,
    "c-end": CTRL_END,
    "escape": KEYS["escape"],
}


@pytest.fixture
def term() -> Iterator[Term]:
    with create_pipe_input() as pipe:
        t = Term(pipe, ["Reparto de fichas.", "Ana pone CASA en H8.", "Tu turno."])
        yield t
        t.console.close()
        assert not t.console._thread.is_alive()


def get(term: Term) -> object:
    return term.console.get_line(timeout=WAIT)


def nothing_queued(term: Term) -> bool:
    return term.console.get_line(timeout=0) is TIMEOUT


def test_mapped_keys_send_commands_and_keep_the_draft(term):
    term.type_draft("jug")
    term.send(LEFT)  # normal mode: Left moves the cursor
    wait_for(lambda: term.buffer() == ("jug", 2))
    term.console.set_key_mode(EXPLORE)
    for name, sequence in SEQUENCES.items():
        term.send(sequence)
        assert get(term) == EXPLORE[name]
        assert term.buffer() == ("jug", 2)  # neither the text nor the cursor moved
    term.send("x")  # unmapped printable keys still edit the draft
    term.wait_buffer("juxg")
    assert nothing_queued(term)


def test_up_outside_key_mode_recalls_history_and_none_restores(term):
    term.start()
    term.send("mano" + ENTER)
    assert get(term) == "mano"
    term.start()
    term.send(UP)  # normal mode: recalls the typed command
    term.wait_buffer("mano")
    term.send(DOWN)
    term.wait_buffer("")

    term.console.set_key_mode(EXPLORE)
    term.send(UP)
    assert get(term) == "arriba"
    assert term.buffer() == ("", 0)

    term.console.set_key_mode(None)
    assert term.console.key_mode is None
    term.send(UP)
    term.wait_buffer("mano")
    term.send(BACKSPACE * 4 + KEYS["escape"])
    assert get(term) == "callar"  # Escape is "callar" again
    term.wait_buffer("")
    assert nothing_queued(term)


def test_escape_mapping_overrides_callar(term):
    term.type_draft("ir")
    term.console.set_key_mode({"escape": "dejar"})
    term.send(KEYS["escape"])
    assert get(term) == "dejar"
    assert term.buffer() == ("ir", 2)
    assert nothing_queued(term)  # no "callar" as well


def test_f_keys_still_work_in_key_mode(term):
    term.type_draft("j")
    term.console.set_key_mode(EXPLORE)
    term.send(KEYS["f2"])
    assert get(term) == "mano"
    term.send(KEYS["f9"])
    assert get(term) == "repetir"
    assert term.buffer() == ("j", 1)


def test_the_mode_can_override_an_f_key(term):
    term.start()
    term.console.set_key_mode({"f2": "casilla"})
    term.send(KEYS["f2"])
    assert get(term) == "casilla"


def test_typed_command_and_enter_in_key_mode(term):
    term.start()
    term.console.set_key_mode(EXPLORE)
    term.send("ir h8")
    term.wait_buffer("ir h8")
    term.send(BACKSPACE + "9" + ENTER)
    assert get(term) == "ir h9"
    assert nothing_queued(term)


def test_enter_can_be_mapped(term):
    term.type_draft("ir")
    term.console.set_key_mode({"enter": "leer"})
    term.send(ENTER)
    assert get(term) == "leer"
    assert term.buffer() == ("ir", 2)


def test_letters_can_be_mapped_case_sensitive(term):
    term.start()
    term.console.set_key_mode({"n": "siguiente", " Up ": "arriba"})
    assert term.console.key_mode == {"n": "siguiente", "up": "arriba"}
    term.send("n")
    assert get(term) == "siguiente"
    term.send("N" + UP)  # Shift+N is another key: typed
    assert get(term) == "arriba"
    assert term.buffer() == ("N", 1)


def test_review_keys_can_be_mapped(term):
    term.type_draft("j")
    term.console.set_key_mode({"pageup": "anterior", "pagedown": "siguiente", **EXPLORE})
    term.send(PAGE_UP)
    assert get(term) == "anterior"
    term.send(PAGE_DOWN)
    assert get(term) == "siguiente"
    term.send(CTRL_HOME)
    assert get(term) == "primera"
    assert term.buffer() == ("j", 1)  # no review was started
    assert term.call(lambda: term.console._review) is None


def test_review_in_key_mode(term):
    term.type_draft("jug")
    term.console.set_key_mode(EXPLORE)  # PageUp and PageDown are left free
    term.send(PAGE_UP)
    term.wait_buffer("Tu turno.")
    term.send(KEYS["escape"])  # in review, Escape only ends the review
    term.wait_buffer("jug")
    assert nothing_queued(term)
    term.send(PAGE_UP + PAGE_UP)
    term.wait_buffer("Ana pone CASA en H8.")
    term.send(RIGHT)  # a mapped key ends the review and sends its command
    assert get(term) == "derecha"
    wait_for(lambda: term.buffer() == ("jug", 3))
    assert term.call(lambda: term.console._review) is None


def test_narration_in_key_mode_printed_without_draft(term):
    term.start()
    term.console.set_key_mode(EXPLORE)
    term.send(DOWN)
    assert get(term) == "abajo"
    term.console.say("Fila 9: vacía.", answer=True)
    term.console.say("Luis pone MESA en 8F.")
    wait_for(lambda: "Luis pone MESA en 8F.\n" in term.text())
    assert term.console._app.is_running


def test_narration_in_key_mode_held_with_draft(term):
    term.type_draft("ir")
    term.console.set_key_mode(EXPLORE)
    term.console.say("Luis pone MESA en 8F.")
    term.send(UP)
    assert get(term) == "arriba"
    term.console.say("H7: vacía.", answer=True)  # the answer prints at once
    wait_for(lambda: "H7: vacía." in term.text())
    term.settle()
    assert "Luis pone" not in term.text()  # narration still waits for the draft
    term.send(BACKSPACE + BACKSPACE)
    wait_for(lambda: "Luis pone MESA en 8F." in term.text())
    assert nothing_queued(term)


def test_key_mode_set_before_the_prompt_and_from_another_thread(term):
    setter = threading.Thread(target=term.console.set_key_mode, args=(EXPLORE,))
    setter.start()
    setter.join()
    term.start()
    term.send(HOME)
    assert get(term) == "inicio"
    term.send(END)
    assert get(term) == "fin"


def test_a_new_map_replaces_the_old_one_and_empty_commands_drop_keys(term):
    term.start()
    term.send("mano" + ENTER)
    assert get(term) == "mano"
    term.start()
    term.console.set_key_mode(EXPLORE)
    term.console.set_key_mode({"down": "abajo", "up": ""})
    assert term.console.key_mode == {"down": "abajo"}
    term.send(DOWN)
    assert get(term) == "abajo"
    term.send(UP)  # dropped: recalls history again
    term.wait_buffer("mano")
    term.send(BACKSPACE * 4 + KEYS["escape"])  # not in the new map
    assert get(term) == "callar"


def test_bad_key_name_raises_and_keeps_the_mode(term):
    term.start()
    term.console.set_key_mode({"up": "arriba"})
    with pytest.raises(ValueError):
        term.console.set_key_mode({"down": "abajo", "no-such-key": "x"})
    with pytest.raises(ValueError):
        term.console.set_key_mode({"": "x"})
    assert term.console.key_mode == {"up": "arriba"}
    term.send(UP)
    assert get(term) == "arriba"


def test_set_key_mode_after_close(term):
    term.console.close()
    term.console.set_key_mode(EXPLORE)  # no error
    term.console.set_key_mode(None)
    assert term.console.get_line(timeout=0) is None


def test_plain_console_stores_the_mode_and_changes_nothing():
    out = io.StringIO()
    console = PlainConsole(io.StringIO("arriba\nir h8\n"), out)
    assert isinstance(console, Console)
    assert console.key_mode is None
    console.set_key_mode(EXPLORE)
    assert console.key_mode == EXPLORE
    console.say("Modo exploración.")
    assert console.get_line() == "arriba"
    assert console.get_line(timeout=0) == "ir h8"
    console.set_key_mode(None)
    assert console.key_mode is None
    assert console.get_line() is None
    assert out.getvalue() == "Modo exploración.\n"
