"""The console client's handling of the server's frames, without a network."""

from __future__ import annotations

import json
import logging
from typing import Any

from fake_console import FakeConsole

from sobremesa.net.client import Client, quiet_library_logs
from sobremesa.ui.announcer import Announcer


class SentFrames:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def send(self, frame: str) -> None:
        self.sent.append(json.loads(frame))


def new_client() -> tuple[Client, SentFrames]:
    console = FakeConsole([])
    client = Client(
        "ws://127.0.0.1:7777", console, Announcer(console), name="Ana", language="es", wpm=180
    )
    wire = SentFrames()
    client.ws = wire
    return client, wire


def test_after_leaving_a_table_a_reconnection_goes_back_to_the_lobby(tmp_path, monkeypatch) -> None:
    """A restarted server put people who had left their table (`salir`) back at it:
    the client still sent that table's code and seat token when it reconnected."""
    monkeypatch.setenv("SOBREMESA_HOME", str(tmp_path))
    client, wire = new_client()
    client._frame(json.dumps({"t": "mesa", "codigo": "ABCD23", "asiento": 0, "ficha": "f" * 22}))
    client._frame(json.dumps({"t": "entrega", "seq": 12}))
    client._hello()
    assert wire.sent[-1]["mesa"] == "ABCD23" and wire.sent[-1]["ficha"] == "f" * 22
    client._frame(json.dumps({"t": "sala"}))
    client._hello()
    assert wire.sent[-1]["mesa"] is None and wire.sent[-1]["ficha"] is None
    assert wire.sent[-1]["visto"] is None
    # The seat token stays saved: `unirse ABCD23` typed later still carries it.
    client.send_line("unirse abcd23")
    assert wire.sent[-1] == {
        "t": "linea",
        "texto": "unirse abcd23",
        "mesa": "ABCD23",
        "ficha": "f" * 22,
    }


def test_the_websockets_library_logs_never_reach_the_terminal() -> None:
    """A keepalive timeout printed the library's traceback, which the screen reader
    read out; the client says a lost connection in its own words."""
    got: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            got.append(record)

    root, keep = logging.getLogger(), Keep()
    root.addHandler(keep)
    library = logging.getLogger("websockets")
    propagate, handlers = library.propagate, list(library.handlers)
    try:
        quiet_library_logs()
        try:
            raise TimeoutError("keepalive ping timeout")
        except TimeoutError:
            logging.getLogger("websockets.sync.client").error(
                "unexpected internal error", exc_info=True
            )
    finally:
        root.removeHandler(keep)
        library.propagate, library.handlers = propagate, handlers
    assert got == []
