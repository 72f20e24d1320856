"""Plain console: scripted and dumb-terminal line by line I/O."""

from __future__ import annotations

import io
import os
import threading

import pytest

from sobremesa.ui.console import (
    DEFAULT_KEYS,
    MAX_LINE_CHARS,
    TIMEOUT,
    Console,
    PlainConsole,
    clean_input,
    make_console,
    use_plain_mode,
)


class TtyStringIO(io.StringIO):
    """A StringIO that claims to be a terminal."""

    def isatty(self) -> bool:
        return True


class PipeTty:
    """Readable end of an OS pipe that claims to be a terminal (blocking readline)."""

    def __init__(self) -> None:
        r, w = os.pipe()
        self._reader = os.fdopen(r, "r", encoding="utf-8")
        self._writer = os.fdopen(w, "w", encoding="utf-8")

    def isatty(self) -> bool:
        return True

    def readline(self, size: int = -1) -> str:
        return self._reader.readline(size)

    def type(self, text: str) -> None:
        self._writer.write(text)
        self._writer.flush()

    def close(self) -> None:
        self._writer.close()
        self._reader.close()


def plain(text: str) -> tuple[PlainConsole, io.StringIO]:
    out = io.StringIO()
    console = make_console(list, stdin=io.StringIO(text), stdout=out)
    assert isinstance(console, PlainConsole)
    return console, out


def test_reads_lines_then_none_at_eof():
    console, _ = plain("mano\nmesa\n\nultima")
    assert isinstance(console, Console)
    assert console.interactive is False
    assert [console.get_line() for _ in range(4)] == ["mano", "mesa", "", "ultima"]
    assert console.get_line() is None
    assert console.get_line() is None  # stays at end of input


def test_timeout_is_ignored_when_scripted():
    console, _ = plain("mano\n")
    assert console.get_line(timeout=0) == "mano"
    assert console.get_line(timeout=0) is None


def test_control_characters_removed_and_whitespace_made_spaces():
    console, _ = plain("ju\x1b[31mgar\x00 7\tde\u00a0oros\x07\r\n  mano  \n")
    assert console.get_line() == "ju[31mgar 7 de oros"
    assert console.get_line() == "mano"


def test_clean_input():
    assert clean_input("\tca\u0301stan\u0303a\u202e \n") == "cástaña"  # NFC, bidi override gone
    assert clean_input("a\x7fb\u200bc") == "abc"
    assert clean_input("x" * 600) == "x" * MAX_LINE_CHARS
    assert clean_input("abcdef", limit=3) == "abc"


def test_long_line_is_cut_and_next_line_still_read():
    console, _ = plain("y" * 700 + "\n" + "z" * 20_000 + "\nmano\n")
    assert console.get_line() == "y" * MAX_LINE_CHARS
    assert console.get_line() == "z" * MAX_LINE_CHARS
    assert console.get_line() == "mano"  # the rest of the huge line was skipped
    assert console.get_line() is None


def test_bad_bytes_become_replacement_characters():
    stdin = io.TextIOWrapper(io.BytesIO(b"ca\xf1a\n\xff\xfe\nmano\n"), encoding="utf-8")
    console = make_console(list, stdin=stdin, stdout=io.StringIO())
    assert console.get_line() == "ca\ufffda"
    assert console.get_line() == "\ufffd\ufffd"
    assert console.get_line() == "mano"


def test_decode_error_from_a_stream_does_not_crash():
    class Broken(io.StringIO):
        calls = 0

        def readline(self, size: int = -1) -> str:
            self.calls += 1
            if self.calls == 1:
                raise UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")
            return super().readline(size)

    console = make_console(list, stdin=Broken("mano\n"), stdout=io.StringIO())
    assert console.get_line() == "\ufffd"
    assert console.get_line() == "mano"


def test_prompt_not_printed_to_a_pipe():
    console, out = plain("mano\n")
    console.set_prompt("Tu turno> ")
    console.say("Reparto: tienes 7 cartas.")
    assert console.get_line() == "mano"
    console.say("Tu mano: 1 de oros.", answer=True)
    console.close()
    assert out.getvalue() == "Reparto: tienes 7 cartas.\nTu mano: 1 de oros.\n"


def test_prompt_printed_without_newline_to_a_terminal_and_line_echoed():
    out = TtyStringIO()
    console = make_console(list, stdin=io.StringIO("mano\n"), stdout=out)
    assert isinstance(console, PlainConsole)
    assert console.interactive is False  # stdin is not a terminal
    console.set_prompt("Tu turno> ")
    console.say("Empieza Ana.")
    assert console.get_line() == "mano"
    console.say("Tienes 7 cartas.", answer=True)
    assert console.get_line() is None
    assert out.getvalue() == "Empieza Ana.\nTu turno> mano\nTienes 7 cartas.\nTu turno> \n"


def test_output_never_fails_on_unencodable_characters():
    raw = io.BytesIO()
    stdout = io.TextIOWrapper(raw, encoding="ascii")
    console = make_console(list, stdin=io.StringIO(""), stdout=stdout)
    console.say("¡Año! 7 de oros\x1b[2J")
    stdout.flush()
    assert raw.getvalue() == b"?A?o! 7 de oros[2J\n"


def test_output_to_a_stream_without_reconfigure():
    class Ascii(io.StringIO):
        encoding = "ascii"

        def write(self, text: str) -> int:
            text.encode("ascii")  # raises UnicodeEncodeError like a narrow console
            return super().write(text)

    out = Ascii()
    console = make_console(list, stdin=io.StringIO(""), stdout=out)
    console.say("Ñ")
    assert out.getvalue() == "?\n"


def test_broken_output_is_ignored():
    class Broken(io.StringIO):
        def write(self, text: str) -> int:
            raise BrokenPipeError

    console = make_console(list, stdin=io.StringIO("mano\n"), stdout=Broken())
    console.say("Nadie lo lee.")
    assert console.get_line() == "mano"


def test_say_is_thread_safe():
    console, out = plain("")
    lines = [f"Hilo {t}, línea {i}." for t in range(4) for i in range(200)]

    def worker(t: int) -> None:
        for i in range(200):
            console.say(f"Hilo {t}, línea {i}.")

    threads = [threading.Thread(target=worker, args=(t,)) for t in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(out.getvalue().splitlines()) == sorted(lines)


def test_mode_choice(monkeypatch):
    monkeypatch.setenv("TERM", "xterm")
    assert use_plain_mode(io.StringIO(), TtyStringIO())
    assert use_plain_mode(TtyStringIO(), io.StringIO())
    assert not use_plain_mode(TtyStringIO(), TtyStringIO())
    assert use_plain_mode(TtyStringIO(), TtyStringIO(), force_plain=True)
    assert use_plain_mode(None, None)
    monkeypatch.setenv("TERM", "dumb")
    assert use_plain_mode(TtyStringIO(), TtyStringIO())


def test_missing_streams():
    console = PlainConsole(None, None)  # e.g. pythonw.exe: no streams at all
    assert console.get_line() is None
    console.say("nadie")
    console.close()


def test_dumb_terminal_is_interactive_and_honours_timeouts(monkeypatch):
    monkeypatch.setenv("TERM", "dumb")
    stdin = PipeTty()
    out = TtyStringIO()
    try:
        console = make_console(list, stdin=stdin, stdout=out)
        assert isinstance(console, PlainConsole)
        assert console.interactive is True
        console.set_prompt("> ")
        assert console.get_line(timeout=0.01) is TIMEOUT
        assert console.get_line(timeout=0.01) is TIMEOUT  # prompt is not printed again
        console.say("Ana juega.")  # leaves the prompt line first
        stdin.type("mano\n")
        assert console.get_line(timeout=10) == "mano"
        assert out.getvalue() == "> \nAna juega.\n> "
    finally:
        stdin.close()


def test_default_keys():
    assert DEFAULT_KEYS["f1"] == "ayuda"
    assert DEFAULT_KEYS["f2"] == "mano"
    assert DEFAULT_KEYS["escape"] == "callar"
    assert [DEFAULT_KEYS[f"f{i}"] for i in range(1, 10)] == [
        "ayuda",
        "mano",
        "mesa",
        "puntos",
        "turno",
        "ultima",
        "combinaciones",
        "historial",
        "repetir",
    ]


@pytest.mark.parametrize("term", ["dumb", "xterm"])
def test_force_plain(monkeypatch, term):
    monkeypatch.setenv("TERM", term)
    console = make_console(
        list, stdin=TtyStringIO("mano\n"), stdout=TtyStringIO(), force_plain=True
    )
    assert isinstance(console, PlainConsole)
