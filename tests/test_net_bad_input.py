"""A real server under attack: whatever a client sends, the server refuses it (a
line) or closes that connection, and never falls over or lets it change a table.

One server process for the module, with a Chinchón table in progress between two
program players held at a person's turn (the holder does not answer). After every
attack a fresh client still connects, creates a table and gets its code, and the
held table has not moved; the last test lets it play on to its normal end.
"""

from __future__ import annotations

import json
import os
import threading
import time
import unicodedata
from collections.abc import Iterator
from typing import Any

import pytest
from netplay import BotPlayer, ServerProcess, connect, running_server

pytestmark = pytest.mark.slow  # a real server: the full suite, not the fast loop

#: Names and chat as an attacker would send them: escape sequences (colour, the
#: window title, cursor moves), C0/C1 controls, bidi overrides, zero-width marks.
EVIL = "\x1b[31mRo\x1b]0;pwned\x07jo\x1b[2J\x00\x07\x08\x7f\x85\x9b\u202eTXT\u200b\u2066Z"


def norm_frames(ws: Any, seconds: float) -> tuple[list[dict[str, Any]], bool]:
    """Frames a raw client gets within ``seconds`` (or until closed): (frames, closed)."""
    frames: list[dict[str, Any]] = []
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        try:
            frames.append(json.loads(ws.recv(timeout=left)))
        except TimeoutError:
            return frames, False
        except Exception:  # ConnectionClosed: the server ended it
            return frames, True
    return frames, False


def said(frames: list[dict[str, Any]]) -> list[str]:
    return [line for f in frames if f["t"] in ("di", "pasado") for line in f["lineas"]]


def client(url: str, name: str = "Test") -> Any:
    ws = connect(url)
    ws.send(json.dumps({"t": "hola", "nombre": name, "idioma": "es", "programa": True}))
    frames, closed = norm_frames_until(ws, lambda f: f["t"] == "pide")
    assert not closed
    return ws


def norm_frames_until(ws: Any, done: Any, timeout: float = 10.0) -> tuple[list[dict], bool]:
    frames: list[dict[str, Any]] = []
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"no such frame; got {frames[-6:]}")
        try:
            frame = json.loads(ws.recv(timeout=left))
        except TimeoutError:
            raise TimeoutError(f"no such frame; got {frames[-6:]}") from None
        except Exception:
            return frames, True
        frames.append(frame)
        if done(frame):
            return frames, False


def line(ws: Any, text: str) -> None:
    ws.send(json.dumps({"t": "linea", "texto": text}))


class Held:
    """A Chinchón table between two program players, held at one's turn."""

    def __init__(self, url: str) -> None:
        self.ana = BotPlayer(url, "chinchon", "Ana", seed=1)
        self.ana.open()
        self.code = self.ana.create(2, ritmo=0)
        self.beto = BotPlayer(url, "chinchon", "Beto", seed=2)
        self.beto.open()
        self.beto.until(lambda f: f["t"] == "pide")
        self.beto.line(f"unirse {self.code}")
        self.beto.until(lambda f: f["t"] == "mesa")
        for player in (self.ana, self.beto):
            player.stop = True  # they read, and answer nothing
        self.ana.line("empezar")
        self.holder, self.other, self.asked = self._wait_for_a_turn()

    def _wait_for_a_turn(self) -> tuple[BotPlayer, BotPlayer, dict[str, Any]]:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            for player, other in ((self.ana, self.beto), (self.beto, self.ana)):
                for frame in self.drain(player, 0.2):
                    if frame["t"] == "pide" and frame["puerta"]:
                        player.line("")
                    elif (
                        frame["t"] == "pide"
                        and player.view is not None
                        and player.view.current_seat == player.seat
                    ):
                        self.drain(other, 0.5)  # what the deal told the other
                        return player, other, frame
        raise TimeoutError("no person's turn came")

    @staticmethod
    def drain(player: BotPlayer, seconds: float) -> list[dict[str, Any]]:
        got = []
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                got.append(player.take(player.ws.recv(timeout=left)))
            except TimeoutError:
                break
        return got

    def assert_still(self) -> None:
        """Nothing was played at the held table."""
        for player in (self.ana, self.beto):
            moved = [f for f in self.drain(player, 0.05) if f["t"] == "entrega"]
            assert not moved, f"{player.name}: the held table moved: {moved}"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with running_server(tmp_path_factory.mktemp("servidor")) as process:
        yield process


@pytest.fixture(scope="module")
def held(server: ServerProcess) -> Held:
    return Held(server.url)


def assert_server_fine(server: ServerProcess, held: Held | None = None) -> None:
    """The server is up, a fresh client creates a table and gets its code, and the
    held table has not moved."""
    assert server.process.poll() is None, "".join(server.output[-30:])
    ws = client(server.url, "Fresca")
    try:
        ws.send(json.dumps({"t": "crear", "juego": "chinchon", "rivales": 1, "ritmo": 0}))
        frames, closed = norm_frames_until(ws, lambda f: f["t"] == "mesa")
        assert not closed and len(frames[-1]["codigo"]) == 6
    finally:
        ws.close()
    if held is not None:
        held.assert_still()
    assert "Traceback" not in "".join(server.output)


def refused_or_closed(ws: Any, seconds: float = 3.0) -> tuple[list[str], bool]:
    """The server's first answer: a line (a refusal), or the connection closed."""
    try:
        frames, closed = norm_frames_until(ws, lambda f: f["t"] == "di", seconds)
    except TimeoutError as error:
        raise AssertionError(f"neither a refusal nor a close: {error}") from None
    return said(frames), closed


# -- malformed frames ------------------------------------------------------------------

BAD_FRAMES: dict[str, str | bytes] = {
    "malformed JSON": '{"t": "linea", "texto": ',
    "binary frame": b'{"t":"linea","texto":"mesas"}\x00\x01\x02',
    "non-UTF-8 binary": b"\xff\xfe\xc3\x28\xa0\xa1",
    "JSON array": '["linea", "mesas"]',
    "JSON number": "42",
    "JSON string": '"mesas"',
    "JSON null": "null",
    "unknown t": '{"t": "borrar", "mesa": "ABCDEF"}',
    "no t": '{"texto": "mesas"}',
    "t not a string": '{"t": ["hola"]}',
    "nombre a list": '{"t": "hola", "nombre": ["Ana", "Beto"]}',
    "nombre an object": '{"t": "hola", "nombre": {"x": 1}}',
    "wpm a string": '{"t": "hola", "nombre": "A", "wpm": "x"}',
    "wpm NaN": '{"t": "hola", "nombre": "A", "wpm": NaN}',
    "wpm Infinity": '{"t": "hola", "nombre": "A", "wpm": Infinity}',
    "wpm -Infinity": '{"t": "hola", "nombre": "A", "wpm": -Infinity}',
    "wpm a huge int": '{"t": "hola", "nombre": "A", "wpm": 1' + "0" * 400 + "}",
    "wpm a huge float": '{"t": "hola", "nombre": "A", "wpm": 1e999}',
    "rivales a huge int": '{"t": "crear", "juego": "chinchon", "rivales": 9' + "9" * 3000 + "}",
    "rivales a float": '{"t": "crear", "juego": "chinchon", "rivales": 2.5}',
    "rivales negative": '{"t": "crear", "juego": "chinchon", "rivales": -3}',
    "ritmo NaN": '{"t": "crear", "juego": "chinchon", "ritmo": NaN}',
    "semilla huge": '{"t": "crear", "juego": "chinchon", "semilla": ' + "7" * 100 + "}",
    "juego a number": '{"t": "crear", "juego": 5}',
    "texto a list": '{"t": "linea", "texto": ["mesas"]}',
    "texto missing": '{"t": "linea"}',
    "ficha too short": '{"t": "hola", "ficha": "abc", "mesa": "ABCDEF"}',
    "ficha a number": '{"t": "hola", "ficha": 12345678901234567890, "mesa": "ABCDEF"}',
    "fichas a string": '{"t": "hola", "fichas": "ABCDEF"}',
    "fichas too many": '{"t": "hola", "fichas": ' + json.dumps([["ABCDEF", "a" * 22]] * 9) + "}",
    "fichas a bad pair": '{"t": "hola", "fichas": [["ABCDEF"]]}',
    "fichas a bad token": '{"t": "hola", "fichas": [["ABCDEF", "abc"]]}',
    "deeply nested": '{"t": "linea", "texto": ' + "[" * 1900 + "]" * 1900 + "}",
    "deeply nested object": '{"t": "accion", "accion": ' + '{"a":' * 700 + "1" + "}" * 700 + "}",
    "accion a string": '{"t": "accion", "accion": "robar"}',
    "accion before sitting": '{"t": "accion", "accion": {"kind": "draw_stock"}}',
    "duplicate keys": '{"t": "linea", "t": "hola", "nombre": [1]}',
    "lone surrogate": '{"t": "linea", "texto": "decir \\ud800\\udfff\\udc00"}',
}


@pytest.mark.parametrize("name", list(BAD_FRAMES))
def test_a_malformed_frame_is_refused_and_nothing_else_changes(
    server: ServerProcess, held: Held, name: str
) -> None:
    for greeted in (False, True):
        ws = client(server.url) if greeted else connect(server.url)
        try:
            ws.send(BAD_FRAMES[name])
            refused_or_closed(ws)
        finally:
            ws.close()
    assert_server_fine(server, held)


def test_a_text_frame_that_is_not_utf8_closes_the_connection(
    server: ServerProcess, held: Held
) -> None:
    ws = client(server.url)
    try:
        # A text frame with bytes that are not UTF-8 (the client library sends them as given).
        ws.send(b'{"t":"linea","texto":"\xff\xfe"}', text=True)
        refused_or_closed(ws)
    finally:
        ws.close()
    assert_server_fine(server, held)


@pytest.mark.parametrize("size", [4097, 10_000, 100_000])
def test_an_oversized_frame_closes_the_connection(
    server: ServerProcess, held: Held, size: int
) -> None:
    for binary in (False, True):
        ws = client(server.url)
        try:
            frame = json.dumps({"t": "linea", "texto": "decir " + "x" * size})
            with pytest.raises(Exception):  # noqa: B017 - closed, however the library says it
                ws.send(frame.encode() if binary else frame)
                for _ in range(50):
                    ws.recv(timeout=0.1 if _ else 2)
        finally:
            ws.close()
    assert_server_fine(server, held)


# -- actions ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        {},
        {"kind": "zzz"},
        {"kind": "discard"},
        {"kind": "discard", "card": "99z"},
        {"kind": "discard", "card": ["1o"]},
        {"kind": "discard", "card": None},
        {"kind": "close", "card": "1o", "melds": "x"},
        {"kind": "lay_off", "card": "1o", "meld": 10**30},
        {"kind": ["draw_stock"]},
        {"kind": "place", "row": 7, "col": 7, "across": True, "word": "CASA"},  # Palabras
        {"kind": "play", "card": "rojo-3"},  # ¡Cabanga!
        {"kind": "x" * 3000},
    ],
    ids=lambda a: json.dumps(a)[:40],
)
def test_a_garbage_action_from_the_seat_to_play_is_refused(
    server: ServerProcess, held: Held, action: dict[str, Any]
) -> None:
    holder = held.holder
    holder.send("accion", accion=action)
    frames = held.drain(holder, 1.0)
    assert said(frames), f"no refusal: {frames}"
    assert not [f for f in frames if f["t"] == "entrega"], frames
    assert_server_fine(server, held)


def test_a_valid_action_out_of_turn_is_refused_and_the_game_is_unchanged(
    server: ServerProcess, held: Held
) -> None:
    # The move the holder would make, sent by the other player (not their turn).
    move = held.holder.bot.choose(held.holder.view).to_dict()
    before = held.other.view
    held.other.send("accion", accion=move)
    frames = held.drain(held.other, 1.0)
    assert said(frames), f"no refusal: {frames}"
    assert not [f for f in frames if f["t"] == "entrega"], frames
    assert held.other.view == before
    # A lobby line sent as if it were a game command at the table changes nothing either.
    held.other.line("empezar")
    held.drain(held.other, 0.5)
    assert_server_fine(server, held)


def test_an_action_before_sitting_is_refused(server: ServerProcess, held: Held) -> None:
    ws = client(server.url)
    try:
        ws.send(json.dumps({"t": "accion", "accion": {"kind": "draw_stock"}}))
        lines, closed = refused_or_closed(ws)
        assert "No estás jugando en ninguna mesa." in lines
    finally:
        ws.close()
    assert_server_fine(server, held)


# -- the lobby ------------------------------------------------------------------------------


def test_only_the_creator_starts_and_a_full_or_started_table_takes_nobody(
    server: ServerProcess, held: Held
) -> None:
    maker, guest, third = client(server.url, "Maker"), client(server.url, "Guest"), None
    try:
        maker.send(json.dumps({"t": "crear", "juego": "chinchon", "rivales": 1, "ritmo": 0}))
        code = norm_frames_until(maker, lambda f: f["t"] == "mesa")[0][-1]["codigo"]
        line(guest, f"unirse {code}")
        norm_frames_until(guest, lambda f: f["t"] == "mesa")
        line(guest, "empezar")
        frames, _ = norm_frames(guest, 1.0)
        assert "Solo quien creó la mesa puede empezar." in said(frames)
        assert not [f for f in frames if f["t"] == "entrega"]
        # Full (two seats, two people): a third is refused.
        third = client(server.url, "Third")
        line(third, f"unirse {code}")
        frames, _ = norm_frames(third, 1.0)
        assert not [f for f in frames if f["t"] == "mesa"], frames
        assert any("ya no tiene sitio" in text for text in said(frames)), frames
        # Started: nobody sits.
        line(third, f"unirse {held.code}")
        frames, _ = norm_frames(third, 1.0)
        assert not [f for f in frames if f["t"] == "mesa"], frames
        assert any("ya no tiene sitio" in text for text in said(frames)), frames
    finally:
        for ws in (maker, guest, third):
            if ws is not None:
                ws.close()
    assert_server_fine(server, held)


def test_a_forged_seat_token_does_not_take_a_seat(server: ServerProcess, held: Held) -> None:
    for token in (
        "A" * 22,
        "x" * 64,
        held.ana.token[:-1] + ("A" if held.ana.token[-1] != "A" else "B"),
    ):
        ws = connect(server.url)
        try:
            ws.send(
                json.dumps({"t": "hola", "nombre": "Mallory", "ficha": token, "mesa": held.code})
            )
            frames, _ = norm_frames(ws, 1.0)
            assert not [f for f in frames if f["t"] in ("entrega", "mesa", "pasado")], frames
            assert not any("Vuelves" in text for text in said(frames)), frames
            # Still in the lobby: an action is not played anywhere.
            ws.send(json.dumps({"t": "accion", "accion": {"kind": "draw_stock"}}))
            frames, _ = norm_frames_until(ws, lambda f: f["t"] == "di")
            assert "No estás jugando en ninguna mesa." in said(frames)
        finally:
            ws.close()
    # The seats' players are still the ones connected there.
    held.ana.line("quien")
    who = said(held.drain(held.ana, 1.0))
    assert any("Beto, en línea" in text for text in who), who
    assert not any("Mallory" in text for text in who), who
    assert_server_fine(server, held)


# -- what other clients are shown ---------------------------------------------------------------


def bad_chars(text: str) -> list[str]:
    return [
        f"U+{ord(ch):04X}"
        for ch in text
        if ch == "\x1b" or unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn")
    ]


def all_text(frame: Any) -> list[str]:
    if isinstance(frame, str):
        return [frame]
    if isinstance(frame, dict):
        return [t for v in frame.values() for t in all_text(v)]
    if isinstance(frame, list):
        return [t for v in frame for t in all_text(v)]
    return []


def fitting(text: str, kind: str, key: str, before: str = "") -> str:
    """``text`` cut so that its frame is within the server's 4096 bytes (a larger
    one only closes the connection)."""
    while len(json.dumps({"t": kind, key: before + text, "programa": True})) > 4000:
        text = text[:-10]
    return text


@pytest.mark.parametrize("length", [30, 3900])
def test_names_and_chat_are_cleaned_for_the_others(
    server: ServerProcess, held: Held, length: int
) -> None:
    host = client(server.url, "Anfitriona")
    evil_name = fitting((EVIL * (length // len(EVIL) + 1))[:length], "hola", "nombre")
    evil = connect(server.url)
    try:
        host.send(json.dumps({"t": "crear", "juego": "chinchon", "rivales": 2, "ritmo": 0}))
        code = norm_frames_until(host, lambda f: f["t"] == "mesa")[0][-1]["codigo"]
        evil.send(json.dumps({"t": "hola", "nombre": evil_name, "programa": True}))
        line(evil, f"unirse {code}")
        norm_frames_until(evil, lambda f: f["t"] == "mesa")
        chat = fitting(EVIL * (4000 // len(EVIL)), "linea", "texto", "decir ")
        line(evil, "decir " + chat[:150])  # a `linea` is cut at 200 characters
        evil.send(json.dumps({"t": "linea", "texto": "decir " + chat}))
        line(host, "quien")
        frames, _ = norm_frames(host, 1.5)
        texts = [t for f in frames for t in all_text(f)]
        for text in texts:
            assert not bad_chars(text), (text, bad_chars(text))
        talk = [f["linea"] for f in frames if f["t"] == "charla"]
        assert len(talk) == 2, frames
        for text in talk:
            name, _, said_text = text.partition(" dice: ")
            assert len(name) <= 20 and len(said_text) <= 200, text
            assert "Ro" in name and "31m" not in name and "pwned" not in name, text
        seated = [t for t in said(frames) if t.startswith("Sitio 2: ")]
        assert seated and len(seated[0][len("Sitio 2: ") :].rsplit(",", 1)[0]) <= 20, seated
    finally:
        host.close()
        evil.close()
    assert_server_fine(server, held)


# -- floods and guessing -------------------------------------------------------------------


def test_a_flood_is_refused_then_closed_and_others_are_still_answered(
    server: ServerProcess, held: Held
) -> None:
    flooder = client(server.url, "Flood")
    other = client(server.url, "Paciente")
    received: list[dict[str, Any]] = []
    closed = threading.Event()

    def read_flooder() -> None:
        frames, was_closed = norm_frames(flooder, 20.0)
        received.extend(frames)
        if was_closed:
            closed.set()

    reader = threading.Thread(target=read_flooder)
    reader.start()
    frame = json.dumps({"t": "linea", "texto": "mesas"})
    sent = 0
    waits: list[float] = []
    try:
        for index in range(1000):
            try:
                flooder.send(frame)
                sent += 1
            except Exception:  # closed by the server
                break
            if index in (100, 300, 500):
                start = time.monotonic()
                line(other, "mesas")
                norm_frames_until(other, lambda f: f["t"] == "di", timeout=1.0)
                waits.append(time.monotonic() - start)
        assert closed.wait(10), f"the flooding connection stays open after {sent} frames"
    finally:
        reader.join()
        flooder.close()
    assert "Demasiadas órdenes seguidas; espera un momento." in said(received)
    # Others were answered meanwhile, each within a second.
    start = time.monotonic()
    line(other, "mesas")
    norm_frames_until(other, lambda f: f["t"] == "di", timeout=1.0)
    waits.append(time.monotonic() - start)
    other.close()
    assert all(wait < 1.0 for wait in waits), waits
    assert_server_fine(server, held)


def test_guessing_table_codes_is_refused_logged_and_per_connection(
    server: ServerProcess, held: Held
) -> None:
    guesser = client(server.url, "Adivina")
    host = client(server.url, "Anfitrion")
    try:
        host.send(json.dumps({"t": "crear", "juego": "chinchon", "rivales": 2, "ritmo": 0}))
        code = norm_frames_until(host, lambda f: f["t"] == "mesa")[0][-1]["codigo"]
        answers = []
        for guess in ("AAAAAA", "BBBBBB", "CCCCCC", "DDDDDD", "EEEEEE", "FFFFFF", "GGGGGG"):
            line(guesser, f"unirse {guess}")
            frames, _ = norm_frames_until(guesser, lambda f: f["t"] == "pide")
            answers.append(said(frames))
        assert any("Demasiados códigos" in t for t in answers[5] + answers[6]), answers
        # The right code now: refused too, for this connection (and not seated)...
        line(guesser, f"unirse {code}")
        frames, _ = norm_frames_until(guesser, lambda f: f["t"] == "pide")
        assert not [f for f in frames if f["t"] == "mesa"], frames
        assert any("Demasiados códigos" in t for t in said(frames)), frames
        line(guesser, f"mirar {held.code}")
        frames, _ = norm_frames(guesser, 1.0)
        assert not [f for f in frames if f["t"] == "entrega"], frames
        # ...but works from another connection.
        fresh = client(server.url, "Otra")
        line(fresh, f"unirse {code}")
        frames, closed = norm_frames_until(fresh, lambda f: f["t"] == "mesa")
        assert frames[-1]["codigo"] == code
        fresh.close()
    finally:
        guesser.close()
        host.close()
    time.sleep(0.2)
    assert any("WARNING" in out and "too many wrong table codes" in out for out in server.output), (
        server.output[-10:]
    )
    assert_server_fine(server, held)


# -- connections that say nothing, or stop mid-frame ----------------------------------------------


def test_a_silent_client_and_one_gone_mid_frame_do_not_hurt(
    server: ServerProcess, held: Held
) -> None:
    silent = connect(server.url)  # connects, says nothing
    cut = client(server.url, "Cortado")
    # A masked text frame that announces 100 bytes and sends 10, then the socket ends.
    cut.socket.sendall(b"\x81\xe4" + os.urandom(4) + b'{"t":"lin')
    cut.socket.close()
    raw_cut = connect(server.url)
    raw_cut.socket.sendall(b"\x81")  # half a header
    raw_cut.socket.close()
    time.sleep(1.0)
    assert_server_fine(server, held)
    silent.send(json.dumps({"t": "linea", "texto": "mesas"}))  # still served afterwards
    frames, closed = norm_frames_until(silent, lambda f: f["t"] == "di")
    assert not closed
    silent.close()


# -- and the held table plays on --------------------------------------------------------------------


def test_the_held_table_plays_on_to_its_end(server: ServerProcess, held: Held) -> None:
    for player in (held.ana, held.beto):
        player.stop = False
    # The holder answers the turn it was asked for.
    reply = held.holder.answer(held.asked)
    assert reply is not None
    held.holder.ws.send(json.dumps(reply))
    errors: list[BaseException] = []

    def run() -> None:
        try:
            held.other.play_out(90)
        except BaseException as error:  # reported below
            errors.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    held.holder.play_out(90)
    thread.join()
    assert not errors, errors
    for player in (held.ana, held.beto):
        assert player.over and "Fin de la partida." in player.lines, player.lines[-8:]
    assert server.process.poll() is None
    assert "Traceback" not in "".join(server.output)
