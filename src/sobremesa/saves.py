"""The saved games: one per game, in partidas/ of the data directory, kept current
after every move so Ctrl+C, a closed terminal, a kill or end of input always leave
a resumable game. Starting one game never touches another game's save; a
spectator's game is not saved at all.

A save is two files: `<game>.json`, the whole game (with a format version), and
`<game>.log`, one compact JSON line per move since then: the difference from the
previous move's save (changed keys; lists shifted, cut, patched or appended).
A move appends a few hundred bytes and flushes them to the disk; every
`COMPACT_MOVES` moves (or when the log passes `COMPACT_BYTES`) the whole save is
rewritten atomically and the log emptied. Loading is the base with each line
applied in order; a last line cut short by a kill is ignored, so a kill loses at
most the move being written. Each line names its base (`log_id`), so lines left
from an older base are never applied to a newer one.

Reading is strict (paths.load_json): anything that is not a save of this version
raises SaveError and the files are set aside for inspection. Files are private
(paths: 0600 on POSIX).

The single `partida.json` of older versions is moved to its game's file on first
use (a broken one is set aside, as a broken save always is)."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sobremesa import paths
from sobremesa.core.game import SAVE_FORMAT_VERSION
from sobremesa.core.registry import GAMES
from sobremesa.i18n import N_, _

COMPACT_MOVES = 1000  # moves in the log before the whole save is rewritten
COMPACT_BYTES = 1024 * 1024  # ...or this many bytes of log
STALE_TMP_SECONDS = 60  # a temporary file older than this was left by a kill
LOG_ID = "log_id"  # the key, in a base save, that its log lines name


class SaveError(Exception):
    """The save file exists but cannot be used. `kept_at` is where it was set aside."""

    def __init__(self, kept_at: Path) -> None:
        super().__init__(str(kept_at))
        self.kept_at = kept_at


def saves_dir() -> Path:
    return paths.data_dir() / "partidas"


def old_save_path() -> Path:
    """The one save file of older versions."""
    return paths.data_dir() / "partida.json"


def save_path(game: str | None = None) -> Path:
    """The save file of a game; without a game, the newest save (or Chinchón's path)."""
    if game is None:
        found = saved_games()
        if not found:
            return saves_dir() / "chinchon.json"
        game = max(found, key=lambda g: _mtime(saves_dir() / f"{g}.json"))
    if not (isinstance(game, str) and game.isascii() and game.isidentifier()):
        raise ValueError(f"not a game id: {game!r}")  # a file name, never a path
    return saves_dir() / f"{game}.json"


def log_path(path: Path) -> Path:
    """The move log next to a save file."""
    return path.with_suffix(".log")


def _mtime(path: Path) -> float:
    times = []
    for file in (path, log_path(path)):
        with contextlib.suppress(OSError):
            times.append(file.stat().st_mtime)
    return max(times, default=0.0)


def migrate() -> Path | None:
    """Move an old `partida.json` to its game's file. Returns where a broken one was
    set aside, else None."""
    old = old_save_path()
    if not old.is_file():
        return None
    try:
        data = paths.load_json(old.read_text(encoding="utf-8"))
        game = data.get("game") if isinstance(data, dict) else None
        if game not in GAMES:
            raise ValueError("game")
    except (OSError, UnicodeDecodeError, ValueError):
        return _set_aside(old)
    target = saves_dir() / f"{game}.json"
    if target.exists():
        _set_aside(old)  # the game's own save is newer: that one is read, this one kept
        return None
    try:
        paths.make_private_dir(target.parent)
        old.replace(target)
    except OSError:
        pass  # a read-only data folder: the old file stays where it is, unread
    return None


_cleaned = False


def clean_stale_tmp() -> None:
    """Remove temporary files a kill left in the saves folder (once per run; only
    old ones, so another window's write in progress is left alone)."""
    global _cleaned
    if _cleaned:
        return
    _cleaned = True
    with contextlib.suppress(OSError):
        for tmp in saves_dir().glob("*.tmp"):
            with contextlib.suppress(OSError):
                if tmp.is_file() and time.time() - tmp.stat().st_mtime > STALE_TMP_SECONDS:
                    tmp.unlink()


def saved_games() -> list[str]:
    """The games with a save file, in the menu's order."""
    migrate()
    clean_stale_tmp()
    return [game for game in GAMES if (saves_dir() / f"{game}.json").is_file()]


def has_save(game: str | None = None) -> bool:
    """Is there a save of this game (without a game: of any game)?"""
    games = saved_games()
    return game in games if game else bool(games)


# -- writing: a base and a log of differences ------------------------------------------
@dataclass
class WriteStats:
    """What the saves wrote in this process (the benchmark reads it)."""

    bytes: int = 0
    full: int = 0  # whole saves written
    lines: int = 0  # log lines appended


stats = WriteStats()


@dataclass
class _Writer:
    """What this process last wrote for one game, to append only the difference."""

    last: dict[str, Any]  # the payload the files now hold (a private copy)
    log_id: int
    base_stamp: tuple[int, int, int]
    log_size: int = 0
    moves: int = 0

    def current(self, path: Path) -> bool:
        """Do the files still hold what this writer wrote (nothing else touched them)?"""
        try:
            if _stamp(path) != self.base_stamp:
                return False
            log = log_path(path)
            size = log.stat().st_size if log.exists() else 0
        except OSError:
            return False
        return size == self.log_size


_writers: dict[str, _Writer] = {}


def _stamp(path: Path) -> tuple[int, int, int]:
    status = path.stat()
    return (status.st_ino, status.st_mtime_ns, status.st_size)


def write_save(data: dict[str, Any]) -> None:
    """Save a game (its files named by data["game"]): the difference from the last
    save appended to its log, or now and then the whole game. OSError if the disk
    refuses; the next call then writes the whole game again."""
    game = data["game"]
    path = save_path(game)
    payload = {"format": SAVE_FORMAT_VERSION, **data}
    payload.pop(LOG_ID, None)
    # A private copy in JSON's own types: what a later move is compared with.
    current = _private_copy(payload)
    writer = _writers.get(game)
    if (
        writer is None
        or writer.moves >= COMPACT_MOVES
        or writer.log_size >= COMPACT_BYTES
        or not writer.current(path)
    ):
        _write_full(game, path, current)
        return
    change = diff(writer.last, current)
    if change is None:
        return  # nothing changed since the last save
    line = json.dumps([writer.log_id, change], ensure_ascii=False, separators=(",", ":"))
    try:
        size = paths.append_line(log_path(path), line)
    except OSError:
        _writers.pop(game, None)  # a part of a line may be there: rewrite it all next time
        raise
    writer.last = current
    writer.moves += 1
    writer.log_size += size
    stats.bytes += size
    stats.lines += 1


#: Lists of a saved table that only grow at their end, of entries never changed once
#: made and already in JSON's types (the log, what was played): shared with the
#: table, not copied, so a move's save costs the same late in a long game (the
#: difference from the last save is then found by identity).
APPEND_ONLY = ("log", "played")


def _private_copy(payload: dict[str, Any]) -> dict[str, Any]:
    table = payload.get("match")
    if not isinstance(table, dict):
        return json.loads(json.dumps(payload, ensure_ascii=False))
    shared = {key: list(table[key]) for key in APPEND_ONLY if isinstance(table.get(key), list)}
    rest = {key: value for key, value in table.items() if key not in shared}
    copy = json.loads(json.dumps({**payload, "match": rest}, ensure_ascii=False))
    copy["match"].update(shared)
    return copy


def _write_full(game: str, path: Path, payload: dict[str, Any]) -> None:
    _writers.pop(game, None)
    log_id = int.from_bytes(os.urandom(4), "big")
    text = json.dumps({**payload, LOG_ID: log_id}, ensure_ascii=False, separators=(",", ":"))
    size = paths.write_atomic(path, text)
    stats.bytes += size
    stats.full += 1
    log = log_path(path)
    # Lines of the older base name another log_id: if this fails they are ignored.
    with contextlib.suppress(OSError):
        log.unlink()
    _writers[game] = _Writer(payload, log_id, _stamp(path))


def forget_writer(game: str | None = None) -> None:
    """Make the next save of a game (of every game) a whole one."""
    if game is None:
        _writers.clear()
    else:
        _writers.pop(game, None)


# -- the difference between two saves ------------------------------------------------
SHIFT_MAX = 64  # a list whose first items went (the sliding history, a deck drawn)


def diff(old: Any, new: Any) -> dict[str, Any] | None:
    """How to turn JSON value `old` into `new`: None if equal, else an operation:
    {"=": value} replaces; {"d": {key: op}, "-": [keys]} changes a dict's keys;
    {"s": k, "i": {index: op}} changes a list: drops its first k items, changes
    some items in place; {"s": k, "at": i, "x": n, "y": [items]} drops its first k
    items, then replaces n items from index i with the items (an insertion, a
    removal, items appended or cut at the end)."""
    if type(old) is not type(new):
        return {"=": new}
    if old == new:
        return None
    if isinstance(new, dict):
        changed = {}
        for key, value in new.items():
            if key in old:
                op = diff(old[key], value)
                if op is not None:
                    changed[key] = op
            else:
                changed[key] = {"=": value}
        op = {}
        if changed:
            op["d"] = changed
        removed = [key for key in old if key not in new]
        if removed:
            op["-"] = removed
        return op
    if isinstance(new, list):
        return _list_diff(old, new)
    return {"=": new}


def _list_diff(old: list[Any], new: list[Any]) -> dict[str, Any]:
    shift = 0
    for k in range(min(len(old), SHIFT_MAX) + 1):
        common = min(len(old) - k, len(new))
        if common and old[k] == new[0] and old[k : k + common] == new[:common]:
            shift = k
            break
    rest = old[shift:]
    op: dict[str, Any] = {"s": shift} if shift else {}
    if len(rest) == len(new):
        changed = {}
        replaced = 0  # items replaced whole (a changed dict or list is patched instead)
        for index, (before, after) in enumerate(zip(rest, new, strict=True)):
            if type(before) is not type(after) or before != after:
                item = diff(before, after)
                changed[str(index)] = item
                if "=" in item:
                    replaced += 1
                    if replaced > max(4, len(new) // 2):
                        return {"=": new}
        if changed:
            op["i"] = changed
        return op
    # One run of items removed, added or replaced: keep what is the same at each end.
    most = min(len(rest), len(new))
    start = 0
    while start < most and _same(rest[start], new[start]):
        start += 1
    end = 0
    while end < most - start and _same(rest[-1 - end], new[-1 - end]):
        end += 1
    op["at"] = start
    op["x"] = len(rest) - start - end
    op["y"] = new[start : len(new) - end]
    return op


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


DICT_OPS = ("d", "-")
LIST_OPS = ("s", "i", "at")


def patch(value: Any, op: Any) -> Any:
    """Apply one `diff` operation (ValueError, TypeError, KeyError or IndexError if it
    does not fit the value). Changes `value` in place where it can."""
    if not isinstance(op, dict):
        raise ValueError("op")
    if "=" in op:
        return op["="]
    if any(key in op for key in DICT_OPS):
        if not isinstance(value, dict):
            raise ValueError("not a dict")
        for key in op.get("-", []):
            del value[key]
        changed = op.get("d", {})
        if not isinstance(changed, dict):
            raise ValueError("d")
        for key, sub in changed.items():
            value[key] = patch(value.get(key), sub)
        return value
    if any(key in op for key in LIST_OPS):
        if not isinstance(value, list):
            raise ValueError("not a list")
        shift = op.get("s", 0)
        if type(shift) is not int or not 0 <= shift <= len(value):
            raise ValueError("s")
        del value[:shift]
        changed = op.get("i", {})
        if not isinstance(changed, dict):
            raise ValueError("i")
        for key, sub in changed.items():
            index = int(key)
            if not 0 <= index < len(value):
                raise IndexError(index)
            value[index] = patch(value[index], sub)
        if "at" in op:
            start, removed, added = op["at"], op.get("x", 0), op.get("y", [])
            if type(start) is not int or type(removed) is not int or not isinstance(added, list):
                raise ValueError("at")
            if not (0 <= start <= len(value) and 0 <= removed <= len(value) - start):
                raise ValueError("x")
            value[start : start + removed] = added
        return value
    return value


# -- reading ---------------------------------------------------------------------------
def load_payload(path: Path) -> dict[str, Any]:
    """A save as its files hold it now: the base and its log's lines in order
    (ValueError if anything is wrong; OSError if it cannot be read)."""
    try:
        data = paths.load_json(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not an object")
        log_id = data.pop(LOG_ID, None)
        log = log_path(path)
        if log_id is None or not log.is_file():
            return data
        lines = log.read_bytes().split(b"\n")
        for raw in lines[:-1]:  # after the last newline: a line a kill cut short
            line = paths.load_json(raw.decode("utf-8"))
            if not (isinstance(line, list) and len(line) == 2):
                raise ValueError("log line")
            if line[0] != log_id:
                continue  # left from an older base (a kill while it was rewritten)
            data = patch(data, line[1])
            if not isinstance(data, dict):
                raise ValueError("not an object")
        return data
    except (UnicodeDecodeError, TypeError, KeyError, IndexError, RecursionError) as error:
        raise ValueError(str(error)) from None


def read_save(game: str | None = None) -> dict[str, Any] | None:
    """A game's saved data (without a game: the newest save), None if there is none;
    SaveError (files set aside) if broken. The caller must still treat a failure to
    rebuild the game from it as broken (set_aside_save)."""
    migrate()
    path = save_path(game)
    forget_writer(path.stem)  # the next save after this one is a whole one
    if not path.is_file():
        return None
    try:
        data = load_payload(path)
        if data.get("format") != SAVE_FORMAT_VERSION:
            raise ValueError("format")
        if data.get("game") != path.stem or not isinstance(data.get("state"), dict):
            raise ValueError("fields")
        return data
    except (OSError, ValueError):
        raise SaveError(_set_aside_both(path)) from None


def set_aside_save(game: str | None = None) -> Path:
    """Set a game's save aside (kept for inspection, no longer read); where it went."""
    return _set_aside_both(save_path(game))


def _set_aside_both(path: Path) -> Path:
    forget_writer(path.stem)
    log = log_path(path)
    if log.exists():
        _set_aside(log)
    return _set_aside(path)


def _set_aside(path: Path) -> Path:
    try:
        return paths.set_aside(path)
    except OSError:
        return path


def delete_save(game: str | None = None) -> None:
    """Remove a finished game's save (a disk that refuses leaves it: no error)."""
    path = save_path(game)
    forget_writer(path.stem)
    for file in (log_path(path), path):
        with contextlib.suppress(OSError):
            file.unlink()


# -- why a save failed, said to the player -------------------------------------------
REASONS = {
    errno.ENOSPC: N_("disco lleno"),
    errno.EDQUOT: N_("disco lleno"),
    errno.EROFS: N_("disco de solo lectura"),
    errno.EACCES: N_("sin permiso"),
    errno.EPERM: N_("sin permiso"),
    errno.EISDIR: N_("hay una carpeta en su lugar"),
    errno.ENOTDIR: N_("la carpeta no es válida"),
    errno.EEXIST: N_("la carpeta no es válida"),  # a file where the folder goes
    errno.ENOTEMPTY: N_("hay una carpeta en su lugar"),
}


def failure_reason(error: OSError) -> str:
    """A short reason for a failed write: `disco lleno`, `sin permiso`..."""
    reason = REASONS.get(error.errno or 0)
    if reason is None:
        return error.strerror or _("error del disco")
    return _(reason)


# -- what the menus say about a save, read without building the game ------------------
@dataclass(frozen=True)
class Summary:
    game: str
    rivals: list[str]  # the other players' names, in seat order
    round: int | None = None  # card games: the round being played
    move: int | None = None  # Palabras: the move being played


def summary(game: str) -> Summary | None:
    """Who a saved game is against and how far it is, from the files alone; None if
    there is no save or it cannot be read (it is judged when it is continued)."""
    try:
        data = load_payload(save_path(game))
        table = data["table"]
        names, human = table["names"], table.get("human")
        rivals = [str(n) for seat, n in enumerate(names) if seat != human]
        state = data["state"]
        inner = state.get("state", state)  # the card games nest their state once more
        if game == "palabras":
            return Summary(game, rivals, move=_count(inner.get("turn")))
        return Summary(game, rivals, round=_count(inner.get("round_no")))
    except (OSError, ValueError, KeyError, TypeError, AttributeError, IndexError):
        return None


def _count(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None
