"""make_console() in a real process: piped (plain mode) and on a pseudo-terminal."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

SRC = str(Path(__file__).resolve().parents[1] / "src")

SCRIPT = r"""
import sys
import threading
import time
from sobremesa.ui.console import TIMEOUT, make_console

history = ["Reparto: tienes 7 cartas.", "Tu turno."]
console = make_console(lambda: list(history))
print(type(console).__name__, console.interactive, file=sys.stderr, flush=True)
console.say("Chinchón. Reparto: tienes 7 cartas.")
console.set_prompt("Tu turno> ")
while True:
    line = console.get_line(timeout=0.2)
    if line is TIMEOUT:
        continue
    if line is None:
        console.say("Fin de la entrada.")
        break
    console.say(f"Orden: {line}.", answer=True)
    history.append(f"Orden: {line}.")
    if line == "salir":
        break
    if line == "ruido":  # narration from another thread while the player types
        def noise():
            for i in range(200):
                console.say(f"Ruido {i}.")
                time.sleep(0.001)
        threading.Thread(target=noise).start()
console.close()
print("ADIOS", flush=True)
"""


def _env(**extra: str) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=SRC + os.pathsep + os.environ.get("PYTHONPATH", ""))
    env.pop("NO_COLOR", None)
    env.update(extra)
    return env


def test_piped_session_is_plain_and_reproducible():
    stdin = "mano\n\x1b[31mmesa\x07\n\xf1u\n"  # "\xf1" becomes bad bytes below
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        input=stdin.encode("latin-1"),
        capture_output=True,
        timeout=30,
        env=_env(TERM="xterm", PYTHONIOENCODING="utf-8"),
    )
    assert result.returncode == 0, result.stderr.decode()
    assert result.stderr.decode().strip() == "PlainConsole False"
    assert result.stdout.decode("utf-8") == (
        "Chinchón. Reparto: tienes 7 cartas.\n"
        "Orden: mano.\n"
        "Orden: [31mmesa.\n"
        "Orden: \ufffdu.\n"
        "Fin de la entrada.\n"
        "ADIOS\n"
    )


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_terminal_session_on_a_pty():
    import pty
    import select
    import termios

    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-c", SCRIPT],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=_env(TERM="xterm"),
        close_fds=True,
    )
    seen = b""

    def read_until(needle: bytes, after: int = -1) -> None:
        """Read until `needle` occurs more than `after` times (by default: once)."""
        nonlocal seen
        deadline = time.monotonic() + 20
        while seen.count(needle) <= max(after, 0):
            remaining = deadline - time.monotonic()
            assert remaining > 0, f"{needle!r} not seen in {seen!r}"
            ready, _, _ = select.select([master], [], [], remaining)
            if ready:
                try:
                    seen += os.read(master, 4096)
                except OSError:  # child closed the terminal
                    break
        assert needle in seen, seen

    try:
        read_until(b"TerminalConsole True")
        read_until(b"Tu turno>")
        os.write(master, b"hola\r")
        read_until(b"Orden: hola.")
        os.write(master, b"ju\x1bOQ")  # half-typed draft, then F2
        read_until(b"Orden: mano.")
        os.write(master, b"\x7f\x7fruido\r")
        read_until(b"Orden: ruido.")
        for key in b"mesa":  # typed while the noise is printed, each once the last one was echoed
            echoes = seen.count(bytes([key]))
            os.write(master, bytes([key]))
            read_until(bytes([key]), after=echoes)
        os.write(master, b"\r")
        read_until(b"Orden: mesa.")
        read_until(b"Ruido 199.")
        os.write(master, b"salir\r")
        read_until(b"ADIOS")
        assert proc.wait(timeout=20) == 0
        attrs = termios.tcgetattr(slave)
        assert attrs[3] & termios.ECHO and attrs[3] & termios.ICANON  # terminal restored
        screen = seen.decode("utf-8", "replace")
        assert "\x1b[6n" not in screen  # no cursor position requests
        assert screen.index("Orden: hola.") < screen.index("Orden: mano.")
        assert "Ruido 199." in screen
        assert "mesa\r\n" not in screen  # never echoed by the terminal itself
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
        os.close(slave)
