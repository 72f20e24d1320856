"""The client protocol: JSON text frames over a websocket, checked before use.

A client sends small frames (``t`` names the kind):

- ``hola``: ``nombre``, ``idioma`` (es, en), ``wpm`` (its reading rate), and to take
  a seat back ``ficha`` (the seat token) with ``mesa`` (the table code); from the
  lobby, ``fichas``: up to 8 ``[code, token]`` pairs it keeps (the server says which
  seats wait for this player);
- ``linea``: ``texto``, a line typed at the console (lobby commands, or the game's
  commands once the game started: the server's seat console reads them); with
  ``mesa`` and ``ficha`` when the line names a table this player has a seat at
  (`unirse CÓDIGO` typed by a client restarted since: the seat is theirs again);
- ``crear``: ``juego``, ``rivales``, ``nivel``, ``espectador``, ``semilla``,
  ``ritmo``, ``ventana``, ``publica`` (what ``crear JUEGO`` typed gives, as data);
- ``accion``: ``accion``, an action as data (a program playing: tests, benchmarks).

The server sends only what is for that client: ``di`` (lines to say, in the
client's language; ``respuesta``: the answer to its own line), ``indicador`` (the
prompt), ``pide`` (the seat waits for this player's line; ``puerta``: for Enter),
``entrega`` (one batch of the table as this seat may see it: ``seq``,
``eventos``, ``vista``, ``plazo``), ``mesa`` (``codigo``, ``asiento``, ``ficha``),
``pasado`` (lines said while the client was away: history, not speech, but for
its last ``hablar`` lines),
``charla`` (a chat line), ``sala`` (the client left its table: back in the
lobby) and ``fin``. Nothing else, never the table's state.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from typing import Any

#: The largest frame a client may send (bytes); a larger one closes the connection.
MAX_FRAME = 4096
MAX_NAME = 20
MAX_CHAT = 200
MAX_LINE = 200
#: Lines of what was missed while away that are spoken (the rest goes to history).
MISSED_SPOKEN = 3

CLIENT_KINDS = frozenset({"hola", "linea", "crear", "accion"})
_ESCAPE = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)?|[@-Z\\-_])")


class ProtocolError(ValueError):
    """A frame the server will not act on (its reason is for the log)."""


def clean_text(text: str, limit: int) -> str:
    """A name, a chat line or a typed line as it may be shown and spoken: escape
    sequences and control or format characters removed, spaces folded, cut to
    ``limit`` characters."""
    text = _ESCAPE.sub("", text)
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in text
        if ch.isspace() or unicodedata.category(ch)[0] != "C"
    )
    return " ".join(kept.split())[:limit]


def encode(kind: str, **fields: Any) -> str:
    return json.dumps({"t": kind, **fields}, ensure_ascii=False, separators=(",", ":"))


def _reject_constant(name: str) -> Any:
    raise ProtocolError(f"not JSON: {name}")


def decode_client(raw: str | bytes) -> dict[str, Any]:
    """A client's frame, checked: a JSON object of a known kind whose fields have
    the types that kind takes (ProtocolError otherwise)."""
    if isinstance(raw, bytes):
        if len(raw) > MAX_FRAME:
            raise ProtocolError("too long")
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise ProtocolError("not UTF-8") from error
    if len(raw) > MAX_FRAME:
        raise ProtocolError("too long")
    try:
        data = json.loads(raw, parse_constant=_reject_constant)
    except (ValueError, RecursionError) as error:
        raise ProtocolError("not JSON") from error
    if not isinstance(data, dict) or data.get("t") not in CLIENT_KINDS:
        raise ProtocolError("unknown kind")
    kind = data["t"]
    if kind == "hola":
        return {
            "t": kind,
            "nombre": _text(data, "nombre", MAX_NAME),
            "idioma": data.get("idioma") if data.get("idioma") in ("es", "en") else "es",
            "wpm": _number(data, "wpm", 60, 600, 180),
            "ficha": _token(data.get("ficha")),
            "mesa": _text(data, "mesa", 12).upper() or None,
            # A program at the table (a test, a benchmark) listens to nothing:
            # nobody waits for its speech.
            "programa": bool(data.get("programa", False)),
            # A spectator coming back: the last batch it received (it goes on from there).
            "visto": _optional_int(data, "visto", 0, 2**31),
            # The seats this client keeps tokens for, from the lobby: the server
            # says which of them wait for their player.
            "fichas": _saved_tokens(data.get("fichas")),
        }
    if kind == "linea":
        return {
            "t": kind,
            "texto": _text(data, "texto", MAX_LINE, keep_empty=True),
            "ficha": _token(data.get("ficha")),
            "mesa": _text(data, "mesa", 12).upper() or None,
        }
    if kind == "crear":
        return {
            "t": kind,
            "juego": _text(data, "juego", 20),
            "rivales": _optional_int(data, "rivales", 1, 7),
            # a level, or one per rival: "facil,dificil"
            "nivel": _text(data, "nivel", 60) or None,
            "espectador": bool(data.get("espectador", False)),
            "semilla": _optional_int(data, "semilla", 0, 2**53),
            "ritmo": _number(data, "ritmo", 0, 10, None),
            "ventana": _number(data, "ventana", 0, 10, None),
            "publica": bool(data.get("publica", True)),
        }
    action = data.get("accion")
    if not isinstance(action, dict) or len(json.dumps(action)) > MAX_FRAME:
        raise ProtocolError("action")
    return {"t": kind, "accion": action}


def _text(data: dict[str, Any], key: str, limit: int, *, keep_empty: bool = False) -> str:
    value = data.get(key, "")
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise ProtocolError(key)
    return clean_text(value, limit)


def _number(data: dict[str, Any], key: str, low: float, high: float, default: Any) -> Any:
    value = data.get(key)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ProtocolError(key)
    try:
        number = float(value)
    except OverflowError as error:  # an integer of hundreds of digits
        raise ProtocolError(key) from error
    if not math.isfinite(number):
        raise ProtocolError(key)
    return min(high, max(low, number))


def _optional_int(data: dict[str, Any], key: str, low: int, high: int) -> int | None:
    value = data.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ProtocolError(key)
    return value


#: The most saved seats a client may name in its greeting.
MAX_SAVED = 8


def _saved_tokens(value: Any) -> list[tuple[str, str]]:
    if value is None:
        return []
    if not isinstance(value, list) or len(value) > MAX_SAVED:
        raise ProtocolError("fichas")
    saved = []
    for item in value:
        if not isinstance(item, list) or len(item) != 2 or not isinstance(item[0], str):
            raise ProtocolError("fichas")
        token = _token(item[1])
        if token is None:
            raise ProtocolError("fichas")
        saved.append((clean_text(item[0], 12).upper(), token))
    return saved


def _token(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not re.fullmatch(r"[A-Za-z0-9_-]{16,64}", value):
        raise ProtocolError("ficha")
    return value
