"""The real entry point in a pseudo-terminal: prompt_toolkit mode, keys, Ctrl+C."""

import os
import re
import select
import subprocess
import sys
import time

import pytest

pty = pytest.importorskip("pty")  # POSIX only; Windows consoles are covered by the pipe tests

F2 = "\x1bOQ"
F4 = "\x1bOS"
CTRL_C = "\x03"
ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][A-Z0-9]|\x1b[=>]|\r")


class Terminal:
    def __init__(self, args, home):
        self.master, slave = pty.openpty()
        env = {**os.environ, "SOBREMESA_HOME": str(home), "TERM": "xterm", "COLUMNS": "100"}
        env.pop("NO_COLOR", None)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "sobremesa", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            close_fds=True,
        )
        os.close(slave)
        self.seen = ""

    def read_until_any(self, *texts, timeout=15.0):
        """What was printed up to the first of `texts` seen (consumed)."""
        deadline = time.monotonic() + timeout
        while not any(text in self.seen for text in texts):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"{texts!r} not seen; screen so far:\n{self.seen[-2000:]}")
            if not self._read(remaining):
                break
        found = [(self.seen.index(t) + len(t), t) for t in texts if t in self.seen]
        assert found, self.seen[-2000:]
        position = min(found)[0]
        before, self.seen = self.seen[:position], self.seen[position:]
        return before

    def _read(self, timeout):
        """Add what the program printed within `timeout` s; False once it is gone."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if ready:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                return False
            if not chunk:
                return False
            self.seen += ANSI.sub("", chunk.decode("utf-8", "replace"))
        return True

    def read_until(self, text, timeout=15.0):
        return self.read_until_any(text, timeout=timeout)

    def send(self, text):
        os.write(self.master, text.encode())

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=10)
        os.close(self.master)


@pytest.fixture
def terminal(isolated_home):
    terms = []

    def start(*args):
        term = Terminal(args, isolated_home)
        terms.append(term)
        return term

    yield start
    for term in terms:
        term.close()


@pytest.mark.slow
def test_keys_commands_and_ctrl_c_in_a_real_terminal(terminal, isolated_home):
    # fácil rivals (no styles): tuning medio or difícil does not move the moments pinned
    play = ["jugar", "chinchon", "--semilla", "1", "--rivales", "2", "--nivel", "facil"]
    term = terminal(*play, "--ritmo", "0")
    term.read_until("Tu turno.")
    term.read_until("Roba>")  # the short prompt (for speech) by default
    term.send("mano\r")
    term.read_until("Tu mano, 7 cartas: 4 de oros (p1), sota de oros (p2)")
    term.send(F4)  # puntos, without typing
    term.read_until("Puntos: Tú 0, Marta 0, Pablo 0. Límite 100. Bote: 3 apuestas.")
    term.send("rob")  # a half-typed command survives a function key
    term.send(F2)
    term.read_until("Tu mano, 7 cartas")
    term.send("ar\r")
    term.read_until("Robas el 4 de bastos.")
    term.send("descartar p1\r")
    term.read_until("Tiras el 4 de oros.")
    term.read_until("Tu turno.")
    term.send(CTRL_C)
    term.read_until("Partida guardada. Para seguir: sobremesa continuar chinchon.")
    assert term.proc.wait(timeout=10) in (0, 130)
    assert (isolated_home / "data" / "partidas" / "chinchon.json").exists()

    resumed = terminal("continuar", "--ritmo", "0")
    resumed.read_until("Partida recuperada.")
    resumed.send("ultima\r")
    resumed.read_until("Pablo roba del mazo y tira el rey de bastos.")
    resumed.send("salir\r")
    resumed.read_until("Partida guardada.")
    assert resumed.proc.wait(timeout=10) == 0


UP = "\x1b[A"
ESCAPE = "\x1b"


def test_board_exploration_with_arrow_keys_in_a_real_terminal(terminal):
    term = terminal("jugar", "palabras", "--semilla", "2", "--ritmo", "0")
    term.read_until("Tu jugada>")
    term.send("explorar\r")
    term.read_until("H8: vacía, salida, palabra doble.")
    term.send(UP)  # the arrow moves the cursor instead of recalling a command
    term.read_until("H7: vacía.")
    term.send(ESCAPE)
    term.read_until("Dejas de explorar. El cursor queda en H7.")
    term.send("salir\r")
    term.read_until("Partida guardada.")


@pytest.mark.slow
def test_castana_window_keys_and_ctrl_c_in_a_real_terminal(terminal, isolated_home):
    term = terminal(
        "jugar",
        "castana",
        "--semilla",
        "5",
        "--rivales",
        "2",
        "--nivel",
        "medio",
        "--ritmo",
        "0",
        "--ventana",
        "3",
    )
    term.read_until("Pulsa Intro para empezar.")
    term.send("\r")
    term.read_until("¿NADA, de Mario? Dudo o paso.")
    term.send(F2)  # reading works while the clock runs
    term.read_until("6 cartas, ")
    # An answer in the window's first half second (the program's real clock) is taken
    # as type-ahead and refused: say it again until it counts, as a player would.
    for _attempt in range(200):
        term.send("paso\r")
        if "Pasas." in term.read_until_any("Pasas.", "antes de esta ventana"):
            break
    else:
        raise AssertionError("paso was never taken")
    term.send(CTRL_C)
    term.read_until("Partida guardada. Para seguir: sobremesa continuar castana.")
    assert term.proc.wait(timeout=10) in (0, 130)
    assert (isolated_home / "data" / "partidas" / "castana.json").exists()
