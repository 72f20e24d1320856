"""Where settings, saves and caches live. `SOBREMESA_HOME` overrides (tests, portable use).

Settings and saves are private: files are created readable and writable by their
owner only (0600) and new folders 0700 on POSIX; on Windows the user's default ACL
of the folder applies (the mode bits only set or clear the read-only flag)."""

from __future__ import annotations

import contextlib
import json
import math
import os
from datetime import datetime
from pathlib import Path
from typing import Any

import platformdirs

APP = "sobremesa"
PRIVATE_FILE = 0o600
PRIVATE_DIR = 0o700
# The largest whole number a settings or save file may hold: a save's biggest is a
# random-generator word (2**32); anything far larger is damage, not a game.
MAX_INT = 2**63


def _home() -> Path | None:
    value = os.environ.get("SOBREMESA_HOME")
    return Path(value) if value else None


def config_dir() -> Path:
    home = _home()
    return home / "config" if home else Path(platformdirs.user_config_dir(APP, appauthor=False))


def data_dir() -> Path:
    home = _home()
    return home / "data" if home else Path(platformdirs.user_data_dir(APP, appauthor=False))


def cache_dir() -> Path:
    home = _home()
    return home / "cache" if home else Path(platformdirs.user_cache_dir(APP, appauthor=False))


def set_aside(path: Path) -> Path:
    """Rename a broken file so it is kept for inspection and no longer read."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.roto-{stamp}")
    counter = 1
    while target.exists():
        target = path.with_name(f"{path.name}.roto-{stamp}-{counter}")
        counter += 1
    path.replace(target)
    return target


def _reject_constant(name: str) -> Any:
    raise ValueError(f"not a number: {name}")


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e999
        raise ValueError("number too large")
    return value


def _parse_int(text: str) -> int:
    value = int(text)  # more than 4300 digits: ValueError already
    if abs(value) > MAX_INT:
        raise ValueError("number too large")
    return value


def load_json(text: str) -> Any:
    """Parse a settings or save file strictly: no Infinity or NaN, no huge numbers,
    and nesting too deep for the decoder is a ValueError, like any other damage."""
    try:
        return json.loads(
            text,
            parse_constant=_reject_constant,
            parse_float=_parse_float,
            parse_int=_parse_int,
        )
    except RecursionError:
        raise ValueError("nested too deeply") from None


def make_private_dir(path: Path) -> None:
    """Create a folder (and its parents) readable by its owner only."""
    path.mkdir(mode=PRIVATE_DIR, parents=True, exist_ok=True)


def _tmp_of(path: Path) -> Path:
    return path.with_name(path.name + ".tmp")


def remove_stale_tmp(path: Path) -> None:
    """Remove the temporary file a kill may have left next to `path`."""
    with contextlib.suppress(OSError):
        tmp = _tmp_of(path)
        if tmp.is_file() and not tmp.is_symlink():
            tmp.unlink()


def _open_private(path: Path, flags: int) -> int:
    fd = os.open(path, flags | os.O_WRONLY | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), PRIVATE_FILE)
    if os.name == "posix":
        # an older file keeps its mode through O_APPEND or O_TRUNC: make it private
        with contextlib.suppress(OSError):
            os.fchmod(fd, PRIVATE_FILE)
    return fd


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def write_atomic(path: Path, text: str, *, sync: bool = True) -> int:
    """Write via a private temporary file and rename, so a crash never leaves half a
    file. Returns the bytes written. OSError (disk full, read-only folder...) is
    raised with nothing left behind but the previous file."""
    make_private_dir(path.parent)
    tmp = _tmp_of(path)
    data = text.encode("utf-8")
    with contextlib.suppress(FileNotFoundError):
        tmp.unlink()  # a stale one from a kill (its mode may not be ours)
    fd = _open_private(tmp, os.O_EXCL)
    try:
        try:
            _write_all(fd, data)
            if sync:
                os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    return len(data)


def append_line(path: Path, text: str) -> int:
    """Append one line to a private file, flushed to the disk before returning (a
    kill loses at most the line being written). Returns the bytes written."""
    data = (text + "\n").encode("utf-8")
    fd = _open_private(path, os.O_APPEND)
    try:
        _write_all(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)
    return len(data)
