"""SIGTERM, SIGHUP (and a closed terminal) end a game exactly like Ctrl+C: the game
saved and current, `Partida guardada. Para seguir: sobremesa continuar JUEGO.`, exit
code 0, the terminal given back. Through the real entry point."""

import os
import re
import select
import signal
import subprocess
import sys
import threading
import time

import pytest
from entrypoint import run, start

from sobremesa.ui import console as console_module
from sobremesa.ui.console import PlainConsole

POSIX_ONLY = pytest.mark.skipif(os.name != "posix", reason="POSIX signals and terminals")
SIGNALS = [
    pytest.param("SIGTERM", id="sigterm"),
    pytest.param(
        "SIGHUP",
        id="sighup",
        marks=pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="no SIGHUP here"),
    ),
]
SAVED = "Partida guardada. Para seguir: sobremesa continuar chinchon."
PLAY = ["jugar", "chinchon", "--semilla", "1", "--rivales", "2", "--ritmo", "0"]


class Scripted:
    """`python -m sobremesa` with stdin a pipe kept open: it waits for the next line."""

    def __init__(self, args, home, language="es"):
        if language != "es":
            args = [*args, "--idioma", language]
        self.proc = start(args, home)
        self.out = ""

    def read_until(self, text, timeout=30.0):
        deadline = time.monotonic() + timeout
        while text not in self.out:
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} not seen:\n{self.out[-2000:]}")
            line = self.proc.stdout.readline()
            if not line:
                break
            self.out += line
        assert text in self.out, self.out[-2000:]

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def finish(self, timeout=30):
        out, err = self.proc.communicate(timeout=timeout)
        self.out += out
        return self.proc.returncode, err

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.communicate()


@pytest.fixture
def scripted(isolated_home):
    started = []

    def start(*args, **kwargs):
        session = Scripted(args, isolated_home, **kwargs)
        started.append(session)
        return session

    yield start
    for session in started:
        session.kill()


@pytest.mark.parametrize("name", SIGNALS)
@pytest.mark.slow
def test_signal_saves_like_ctrl_c_and_continuar_resumes(scripted, isolated_home, name):
    game = scripted(*PLAY)
    game.read_until("Tu turno.")
    game.send("robar")
    game.read_until("Robas el 4 de bastos.")  # the game now waits for the discard
    game.proc.send_signal(getattr(signal, name))
    code, err = game.finish()
    assert code == 0  # as Ctrl+C in a game
    assert err == ""  # no traceback
    assert game.out.rstrip().splitlines()[-1] == SAVED
    assert (isolated_home / "data" / "partidas" / "chinchon.json").exists()

    resumed = run(["continuar", "--ritmo", "0"], ["mano", "descartar p1"], isolated_home)
    assert resumed.returncode == 0, resumed.stderr
    assert resumed.stdout.startswith("Partida recuperada.")
    # The save is current: the card drawn before the signal is in the hand.
    assert "Tu mano, 8 cartas" in resumed.stdout
    assert "4 de bastos" in resumed.stdout
    assert "Tiras el 4 de oros." in resumed.stdout


def test_sigterm_in_english_says_the_same_line(scripted, isolated_home):
    game = scripted(*PLAY, language="en")
    game.read_until("Your turn.")
    game.proc.send_signal(signal.SIGTERM)
    code, err = game.finish()
    assert (code, err) == (0, "")
    assert (
        game.out.rstrip().splitlines()[-1] == "Game saved. To go on: sobremesa continue chinchon."
    )


def test_sigterm_at_the_menu_ends_like_ctrl_c(scripted):
    menu = scripted()
    menu.read_until("8. Salir")
    menu.proc.send_signal(signal.SIGTERM)
    code, err = menu.finish()
    assert (code, err) == (130, "")
    assert menu.out.rstrip().splitlines()[-1] == "Hasta pronto."


@pytest.mark.slow
def test_sigterm_while_the_game_is_busy_still_ends_it(scripted, isolated_home):
    """A spectator's game with a pace never waits for input (it sleeps between
    turns): the signal still ends it, after the grace period."""
    game = scripted("jugar", "chinchon", "--espectador", "--semilla", "1", "--ritmo", "10")
    game.read_until("Ronda 1.")
    game.proc.send_signal(signal.SIGTERM)
    code, err = game.finish(timeout=20)  # a turn every 10 s: the game is cut short
    assert (code, err) == (0, "")
    assert game.out.rstrip().splitlines()[-1] == "Sin guardar: eras espectador."
    assert not (isolated_home / "data" / "partidas" / "chinchon.json").exists()


# ---------------------------------------------------------------------------
# In a real terminal (prompt_toolkit mode)

ANSI = re.compile(rb"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][A-Z0-9]|\x1b[=>]|\r")
CURSOR = re.compile(rb"\x1b\[\?25([hl])")


class Terminal:
    def __init__(self, args, home, *, controlling=False):
        import pty

        self.master, self.slave = pty.openpty()
        env = {**os.environ, "SOBREMESA_HOME": str(home), "TERM": "xterm", "COLUMNS": "100"}
        env.pop("NO_COLOR", None)

        def own_terminal():  # the terminal is the game's: closing it sends SIGHUP
            import fcntl
            import termios

            os.setsid()
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        self.proc = subprocess.Popen(
            [sys.executable, "-m", "sobremesa", *args],
            stdin=self.slave,
            stdout=self.slave,
            stderr=subprocess.PIPE,
            env=env,
            close_fds=True,
            preexec_fn=own_terminal if controlling else None,
        )
        self.raw = b""

    def read_until(self, text, timeout=30.0):
        deadline = time.monotonic() + timeout
        while text.encode() not in ANSI.sub(b"", self.raw):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"{text!r} not seen:\n{self.raw[-2000:]!r}")
            ready, _, _ = select.select([self.master], [], [], remaining)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                self.raw += chunk
        assert text.encode() in ANSI.sub(b"", self.raw), self.raw[-2000:]

    def send(self, text):
        os.write(self.master, text.encode())

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=10)
        for fd in (self.master, self.slave):
            if fd is not None:
                os.close(fd)
        self.proc.stderr.close()


@pytest.fixture
def terminal(isolated_home):
    terms = []

    def start(*args, **kwargs):
        term = Terminal(args, isolated_home, **kwargs)
        terms.append(term)
        return term

    yield start
    for term in terms:
        term.close()


@POSIX_ONLY
@pytest.mark.parametrize("name", SIGNALS)
@pytest.mark.slow
def test_signal_in_a_real_terminal_gives_the_terminal_back(terminal, isolated_home, name):
    import termios

    term = terminal(*PLAY)
    before = termios.tcgetattr(term.slave)
    term.read_until("Roba>")
    raw_mode = termios.tcgetattr(term.slave)
    assert not raw_mode[3] & termios.ECHO  # prompt_toolkit's raw mode is on
    term.proc.send_signal(getattr(signal, name))
    term.read_until(SAVED)
    assert term.proc.wait(timeout=15) == 0
    assert term.proc.stderr.read() == b""
    after = termios.tcgetattr(term.slave)
    assert after[3] & termios.ECHO and after[3] & termios.ICANON
    assert after == before  # every flag as the shell had it
    shown = CURSOR.findall(term.raw)
    assert shown and shown[-1] == b"h"  # the cursor is visible at the end
    assert term.raw.rfind(b"\x1b[?2004l") > term.raw.rfind(b"\x1b[?2004h")  # paste mode off


@POSIX_ONLY
@pytest.mark.slow
def test_closing_the_terminal_saves_the_game_current(terminal, isolated_home):
    term = terminal(*PLAY, controlling=True)
    os.close(term.slave)  # only the game holds the terminal now
    term.slave = None
    term.read_until("Roba>")
    term.send("robar\r")
    term.read_until("Descarta>")
    os.close(term.master)  # the window is closed: SIGHUP, then nothing to read
    term.master = None
    assert term.proc.wait(timeout=15) == 0
    assert b"Traceback" not in term.proc.stderr.read()
    resumed = run(["continuar", "--ritmo", "0"], ["mano"], isolated_home)
    assert resumed.stdout.startswith("Partida recuperada.")
    assert "Tu mano, 8 cartas" in resumed.stdout


# ---------------------------------------------------------------------------
# The console's side, in this process (no real signal)


@pytest.fixture
def signal_end():
    end = console_module._SIGNAL_END
    end.reset()
    yield end
    if end._timer is not None:
        end._timer.cancel()
    end.reset()


def test_a_signal_while_busy_interrupts_at_the_next_wait_for_input(signal_end, tmp_path):
    path = tmp_path / "in.txt"
    path.write_text("mano\nmesa\n", encoding="utf-8")
    with path.open(encoding="utf-8") as stdin:
        plain = PlainConsole(stdin, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115
        assert plain.get_line() == "mano"
        signal_end.handle(signal.SIGTERM)  # the game was computing: nothing raised yet
        assert signal_end.pending == signal.SIGTERM
        with pytest.raises(KeyboardInterrupt):
            plain.get_line()
        assert signal_end._timer.finished.is_set()  # the grace timer is off
        # From then on input is over: menus and gates on the way out let go.
        assert plain.get_line() is None
        signal_end.handle(signal.SIGTERM)  # a second signal while saving: ignored


def test_a_signal_while_waiting_for_input_interrupts_at_once(signal_end):
    raised = []

    def handler_during_wait():
        with signal_end.waiting_for_input():
            try:
                signal_end.handle(signal.SIGTERM)
            except KeyboardInterrupt:
                raised.append(True)
                raise

    with pytest.raises(KeyboardInterrupt):
        handler_during_wait()
    assert raised and signal_end.ended and signal_end.waiting == 0


def test_a_second_signal_while_pending_interrupts_at_once(signal_end):
    signal_end.handle(signal.SIGTERM)
    with pytest.raises(KeyboardInterrupt):
        signal_end.handle(signal.SIGTERM)
    assert signal_end.ended


def test_end_on_signals_installs_and_restores_handlers(signal_end):
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signal handlers need the main thread")
    before = signal.getsignal(signal.SIGTERM)
    restore = console_module.end_on_signals()
    try:
        assert signal.getsignal(signal.SIGTERM) == signal_end.handle
        if hasattr(signal, "SIGHUP"):
            assert signal.getsignal(signal.SIGHUP) == signal_end.handle
    finally:
        restore()
    assert signal.getsignal(signal.SIGTERM) == before


@POSIX_ONLY
def test_a_stuck_console_thread_still_gives_the_terminal_back(monkeypatch, isolated_home):
    """close() puts the shell's terminal modes back and shows the cursor when the
    console thread does not end in time (a dead terminal, a hung write)."""
    import pty
    import termios

    from sobremesa.ui import terminal as terminal_module

    master, slave = pty.openpty()
    stdin = os.fdopen(slave, "r", encoding="utf-8", closefd=False)
    stdout = os.fdopen(slave, "w", encoding="utf-8", closefd=False)
    console = None
    shutdown = terminal_module.TerminalConsole._shutdown
    try:
        before = termios.tcgetattr(slave)
        monkeypatch.setattr(terminal_module, "CLOSE_TIMEOUT", 0.2)
        monkeypatch.setattr(terminal_module.TerminalConsole, "_shutdown", lambda self: None)
        console = terminal_module.TerminalConsole(lambda: [], stdin=stdin, stdout=stdout)
        assert not termios.tcgetattr(slave)[3] & termios.ECHO  # raw mode
        console.close()  # the thread ignores the shutdown: it is stuck
        assert console._thread.is_alive()
        assert termios.tcgetattr(slave) == before
        written = b""
        while select.select([master], [], [], 0.2)[0]:
            written += os.read(master, 65536)
        assert written.endswith(terminal_module.SHOW_CURSOR.encode())
    finally:
        monkeypatch.undo()
        loop = console._loop if console is not None else None
        if loop is not None:  # let the thread end now
            loop.call_soon_threadsafe(shutdown, console)
            console._thread.join(timeout=5)
        stdin.close()
        stdout.close()
        os.close(slave)
        os.close(master)


def test_a_signal_while_the_console_closes_is_ignored(signal_end):
    """The program is on its way out: the terminal is given back undisturbed."""
    plain = PlainConsole(None, None)
    plain.close()
    signal_end.handle(signal.SIGTERM)
    assert signal_end.pending is None and signal_end._timer is None
    console_module.end_on_signals()()  # a new run starts listening again
    assert not signal_end.closing
