"""Terminal console (prompt_toolkit) driven through a pipe input.

Keys are sent as the bytes a terminal sends; output goes to a StringIO through a
VT100 output. Nothing sleeps for a fixed time: tests wait on conditions.
"""

from __future__ import annotations

import asyncio
import io
import re
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output
from waiting import wait_until

from sobremesa.ui.console import DEFAULT_KEYS, TIMEOUT, Console
from sobremesa.ui.terminal import TerminalConsole

KEYS = {
    "f1": "\x1bOP",
    "f2": "\x1bOQ",
    "f3": "\x1bOR",
    "f4": "\x1bOS",
    "f5": "\x1b[15~",
    "f6": "\x1b[17~",
    "f7": "\x1b[18~",
    "f8": "\x1b[19~",
    "f9": "\x1b[20~",
    "f10": "\x1b[21~",
    "escape": "\x1b",
}
ENTER = "\r"
PAGE_UP = "\x1b[5~"
PAGE_DOWN = "\x1b[6~"
CTRL_HOME = "\x1b[1;5H"
CTRL_END = "\x1b[1;5F"
BACKSPACE = "\x7f"
LEFT = "\x1b[D"
CTRL_C = "\x03"
CTRL_D = "\x04"

WAIT = 10.0  # generous: only reached when something is broken

_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]")


def wait_for(condition: Callable[[], Any], timeout: float = WAIT) -> Any:
    value = wait_until(condition, timeout)
    if not value:
        raise AssertionError("condition not reached in time")
    return value


class Term:
    """A TerminalConsole with a pipe for keys and a StringIO for the screen."""

    def __init__(self, pipe: Any, history: list[str], **kwargs: Any) -> None:
        self.pipe = pipe
        self.history = history
        self.raw = io.StringIO()
        output = Vt100_Output(
            self.raw, lambda: Size(rows=24, columns=200), term="xterm", enable_cpr=False
        )
        self.console = TerminalConsole(lambda: list(history), input=pipe, output=output, **kwargs)

    def send(self, keys: str) -> None:
        self.pipe.send_text(keys)

    def text(self) -> str:
        return _ANSI.sub("", self.raw.getvalue())

    def call(self, fn: Callable[[], Any]) -> Any:
        """Run fn in the console's loop thread (after everything queued before)."""

        async def run() -> Any:
            return fn()

        loop = self.console._loop
        assert loop is not None
        return asyncio.run_coroutine_threadsafe(run(), loop).result(WAIT)

    def settle(self) -> None:
        """Wait until every say() so far has been handled and written (or held)."""

        async def drained() -> None:
            assert self.console._outq is not None
            await self.console._outq.join()

        loop = self.console._loop
        assert loop is not None
        asyncio.run_coroutine_threadsafe(drained(), loop).result(WAIT)

    def buffer(self) -> tuple[str, int]:
        buf = self.console._session.default_buffer
        return self.call(lambda: (buf.text, buf.cursor_position))

    def wait_buffer(self, text: str) -> None:
        wait_for(lambda: self.buffer()[0] == text)

    def start(self) -> None:
        """Show the prompt (as the game does by asking for input)."""
        assert self.console.get_line(timeout=0) is TIMEOUT
        wait_for(lambda: self.console._app.is_running)

    def type_draft(self, draft: str) -> None:
        self.start()
        self.send(draft)
        self.wait_buffer(draft)


@pytest.fixture
def term() -> Iterator[Term]:
    with create_pipe_input() as pipe:
        t = Term(pipe, ["Reparto: 7 cartas.", "Ana juega el 7 de oros.", "Tu turno."])
        yield t
        t.console.close()
        assert not t.console._thread.is_alive()


def test_is_a_console(term):
    assert isinstance(term.console, Console)
    assert term.console.interactive is True


def test_typed_line_is_returned_cleaned(term):
    term.console.set_prompt("Tu turno> ")
    term.send("  jugar 7 de oros " + ENTER)
    assert term.console.get_line(timeout=WAIT) == "jugar 7 de oros"
    term.send("\x1b[200~ju\tgar\n7\x1b[31m\x1b[201~" + ENTER)  # a paste with controls
    assert term.console.get_line(timeout=WAIT) == "ju gar 7[31m"
    term.send("mano" + ENTER)
    assert term.console.get_line(timeout=WAIT) == "mano"
    assert "Tu turno> " in term.text()


def test_timeout(term):
    # Returns with no line typed (how soon: benchmarks/bench_test_timings.py).
    assert term.console.get_line(timeout=0.05) is TIMEOUT
    assert term.console.get_line(timeout=0) is TIMEOUT


@pytest.mark.parametrize("key", list(DEFAULT_KEYS))
def test_key_sends_command_and_keeps_draft(term, key):
    term.type_draft("jug")
    term.send(KEYS[key])
    assert term.console.get_line(timeout=WAIT) == DEFAULT_KEYS[key]
    assert term.buffer() == ("jug", 3)
    term.send("ar" + ENTER)
    assert term.console.get_line(timeout=WAIT) == "jugar"


def test_key_commands_override_and_remove():
    with create_pipe_input() as pipe:
        t = Term(pipe, [], key_commands={"f10": "salir", "f9": "", "F2": "cartas"})
        try:
            t.type_draft("j")
            t.send(KEYS["f10"])
            assert t.console.get_line(timeout=WAIT) == "salir"
            t.send(KEYS["f2"])
            assert t.console.get_line(timeout=WAIT) == "cartas"
            t.send(KEYS["f9"] + "x")  # F9 removed: does nothing
            t.wait_buffer("jx")
            assert t.console.get_line(timeout=0) is TIMEOUT
        finally:
            t.console.close()


def test_bad_key_name():
    with create_pipe_input() as pipe, pytest.raises(ValueError):
        Term(pipe, [], key_commands={"no-such-key": "x"})


def test_narration_waits_for_the_draft_then_prints_in_order(term):
    term.type_draft("jug")
    term.console.say("Ana roba del mazo.")
    term.console.say("Ana descarta el 5 de bastos.")
    term.settle()
    assert "Ana roba" not in term.text()
    term.console.say("Tienes 7 cartas.", answer=True)  # an answer prints at once
    wait_for(lambda: "Tienes 7 cartas." in term.text())
    assert "Ana roba" not in term.text()
    assert term.buffer() == ("jug", 3)
    term.send("ar" + ENTER)
    assert term.console.get_line(timeout=WAIT) == "jugar"
    wait_for(lambda: "Ana descarta el 5 de bastos." in term.text())
    text = term.text()
    assert (
        text.index("Tienes 7 cartas.")
        < text.index("jugar")
        < text.index("Ana roba del mazo.")
        < text.index("Ana descarta el 5 de bastos.")
    )


def test_narration_printed_at_once_when_line_is_empty(term):
    term.start()
    term.console.say("Ana roba del mazo.")
    wait_for(lambda: "Ana roba del mazo.\n" in term.text())
    assert term.console._app.is_running  # printed above the live prompt


def test_narration_printed_without_a_prompt(term):
    term.console.say("Bienvenida.")  # prompt not shown yet
    wait_for(lambda: "Bienvenida.\n" in term.text())


def test_narration_released_when_draft_is_deleted(term):
    term.type_draft("ju")
    term.console.say("Ana cierra.")
    term.settle()
    assert "Ana cierra." not in term.text()
    term.send(BACKSPACE)
    term.wait_buffer("j")
    term.settle()
    assert "Ana cierra." not in term.text()
    term.send(BACKSPACE)
    wait_for(lambda: "Ana cierra." in term.text())
    assert term.console.get_line(timeout=0) is TIMEOUT  # nothing was submitted


def shown(term, text):
    """The review shows `text` with the cursor in its first or second column: the
    cursor alternates so Orca speaks every step, and braille shows the start."""
    buffer_text, cursor = term.buffer()
    return buffer_text == text and cursor in (0, 1)


def test_review_cursor_moves_at_every_step(term):
    term.send(PAGE_UP)
    wait_for(lambda: shown(term, "Tu turno."))
    first = term.buffer()[1]
    term.send(PAGE_UP)
    wait_for(lambda: shown(term, "Ana juega el 7 de oros."))
    assert term.buffer()[1] != first


def test_review_shows_history_in_the_input_line(term):
    term.console.set_prompt("Tu turno> ")
    wait_for(lambda: term.call(term.console._message) == [("class:line", "Tu turno> ")])
    term.type_draft("jug")
    term.send(LEFT)  # draft cursor at 2
    wait_for(lambda: term.buffer() == ("jug", 2))
    before = len(term.raw.getvalue())
    term.send(PAGE_UP)
    wait_for(lambda: shown(term, "Tu turno."))
    assert term.call(term.console._message) == [("class:line", "")]  # prompt hidden while reviewing
    term.send(PAGE_UP)
    wait_for(lambda: shown(term, "Ana juega el 7 de oros."))
    term.send(PAGE_UP)
    wait_for(lambda: shown(term, "Reparto: 7 cartas."))
    term.send(PAGE_UP)  # past the oldest: the review says so
    wait_for(lambda: shown(term, "Principio."))
    term.send(PAGE_UP)  # and stays there
    term.send(PAGE_DOWN)
    wait_for(lambda: shown(term, "Reparto: 7 cartas."))
    term.send(CTRL_END)
    wait_for(lambda: shown(term, "Tu turno."))
    term.send(CTRL_HOME)
    wait_for(lambda: shown(term, "Reparto: 7 cartas."))
    term.send(CTRL_END + PAGE_DOWN)  # past the newest: the review says so
    wait_for(lambda: shown(term, "Final."))
    term.send(PAGE_DOWN)  # and then ends: the draft is back
    wait_for(lambda: term.buffer() == ("jug", 2))
    assert term.call(term.console._message) == [("class:line", "Tu turno> ")]
    assert "\n" not in term.raw.getvalue()[before:]  # nothing was printed
    assert term.console.get_line(timeout=0) is TIMEOUT


def test_enter_in_review_restores_draft_and_submits_nothing(term):
    term.type_draft("jug")
    term.send(PAGE_UP)
    term.wait_buffer("Tu turno.")
    term.send(ENTER)
    term.wait_buffer("jug")
    assert term.console.get_line(timeout=0) is TIMEOUT
    term.send(ENTER)  # now Enter submits the draft
    assert term.console.get_line(timeout=WAIT) == "jug"


def test_escape_in_review_restores_draft_and_does_not_silence(term):
    term.type_draft("jug")
    term.send(PAGE_UP)
    term.wait_buffer("Tu turno.")
    term.send(KEYS["escape"])
    term.wait_buffer("jug")
    assert term.console.get_line(timeout=0) is TIMEOUT  # no "callar"
    term.send(KEYS["escape"])  # out of review it silences
    assert term.console.get_line(timeout=WAIT) == "callar"


def test_ctrl_d_in_review_only_ends_review(term):
    term.start()
    term.send(PAGE_UP)
    term.wait_buffer("Tu turno.")
    term.send(CTRL_D)
    term.wait_buffer("")
    assert term.console.get_line(timeout=0) is TIMEOUT  # not end of input


def test_typing_in_review_goes_to_the_draft(term):
    term.type_draft("jug")
    term.send(PAGE_UP + PAGE_UP)
    term.wait_buffer("Ana juega el 7 de oros.")
    term.send("ar")
    term.wait_buffer("jugar")
    term.send(PAGE_UP + BACKSPACE)
    term.wait_buffer("juga")
    term.send(PAGE_UP + KEYS["f2"])  # a command key ends the review and sends
    assert term.console.get_line(timeout=WAIT) == "mano"
    assert term.buffer() == ("juga", 4)


def test_narration_waits_during_review(term):
    term.start()
    term.send(PAGE_UP)
    term.wait_buffer("Tu turno.")
    term.console.say("Ana cierra.")
    term.settle()
    assert "Ana cierra." not in term.text()
    term.send(KEYS["escape"])
    wait_for(lambda: "Ana cierra." in term.text())


def test_history_grows_while_reviewing(term):
    term.start()
    term.send(PAGE_UP)
    term.wait_buffer("Tu turno.")
    term.history.append("Luis roba.")
    term.send(PAGE_UP)
    term.wait_buffer("Ana juega el 7 de oros.")
    term.send(CTRL_END)
    term.wait_buffer("Luis roba.")


def test_review_with_empty_history():
    with create_pipe_input() as pipe:
        t = Term(pipe, [])
        try:
            t.type_draft("ju")
            t.send(PAGE_UP + CTRL_HOME + "g")
            t.wait_buffer("jug")
        finally:
            t.console.close()


def test_ctrl_c_raises_keyboard_interrupt_and_console_goes_on(term):
    term.type_draft("jug")
    term.send(CTRL_C)
    with pytest.raises(KeyboardInterrupt):
        term.console.get_line(timeout=WAIT)
    term.send("mano" + ENTER)
    assert term.console.get_line(timeout=WAIT) == "mano"


def test_ctrl_d_on_empty_line_is_end_of_input(term):
    term.send("ab" + CTRL_D + BACKSPACE + BACKSPACE)  # not empty: deletes, no EOF
    term.start()
    term.wait_buffer("")
    term.send(CTRL_D)
    assert term.console.get_line(timeout=WAIT) is None


def test_closed_input_is_end_of_input_for_good(term):
    term.start()
    term.pipe.close()
    assert term.console.get_line(timeout=WAIT) is None
    assert term.console.get_line(timeout=WAIT) is None


def test_close_prints_held_narration_and_say_still_works(term):
    term.type_draft("jug")
    term.console.say("Fin de la partida.")
    term.settle()
    assert "Fin de la partida." not in term.text()
    term.console.close()
    assert "Fin de la partida." in term.text()
    term.console.say("Adiós.")  # after close: printed directly, no crash
    assert "Adiós." in term.text()
    assert term.console.get_line(timeout=0) is None


def test_say_from_many_threads(term):
    term.start()

    def worker(n: int) -> None:
        for i in range(50):
            term.console.say(f"Hilo {n} línea {i}.")

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    term.settle()
    text = term.text()
    for n in range(4):
        positions = [text.index(f"Hilo {n} línea {i}.\n") for i in range(50)]
        assert positions == sorted(positions)  # each thread's lines keep their order


def test_output_has_no_colour_and_no_cursor_position_request(term):
    term.console.set_prompt("Tu turno> ")
    term.start()
    term.send("hola" + ENTER)
    assert term.console.get_line(timeout=WAIT) == "hola"
    raw = term.raw.getvalue()
    assert "\x1b[6n" not in raw  # no CPR
    assert not re.search(r"\x1b\[[0-9;]*(3[0-7]|9[0-7]|38;)[0-9;]*m", raw)  # no colours


def test_on_review_hears_each_shown_announcement():
    heard: list[str] = []
    with create_pipe_input() as pipe:
        t = Term(pipe, ["uno", "dos\tdos"], on_review=heard.append)
        try:
            t.type_draft("x")
            t.send(PAGE_UP + PAGE_UP + PAGE_DOWN + "y")
            t.wait_buffer("xy")
            assert heard == ["dos dos", "uno", "dos dos"]
        finally:
            t.console.close()
