"""A table's write-ahead log: one JSON object per line, each on disk (fsync)
before the server acts on it.

Records: ``{"mesa": …}`` the table's seats and options (written again when they
change), ``{"inicio": …}`` the game's opening state, ``{"j": [at, seat, action]}``
one move (`Match.played`), in order. A server killed while writing leaves at most
a last line cut short: it is dropped when the log is read. A line that is not
JSON before the end means the file is damaged: the table is set aside.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from sobremesa.paths import set_aside


class TableLog:
    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self._file = path.open("a", encoding="utf-8")

    def write(self, record: dict[str, Any]) -> None:
        """Append one record and wait until it is on disk."""
        self._file.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")
        self._file.flush()
        os.fsync(self._file.fileno())

    def close(self) -> None:
        if not self._file.closed:
            self._file.close()


def read_log(path: Path) -> list[dict[str, Any]]:
    """A table's records (ValueError if the file is damaged before its last line)."""
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    records: list[dict[str, Any]] = []
    for index, line in enumerate(lines):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError:
            if index == len(lines) - 1:
                break  # the write a kill cut short
            raise
        if not isinstance(record, dict):
            raise ValueError(f"line {index + 1}")
        records.append(record)
    if not any("mesa" in record for record in records):
        raise ValueError("no table")
    return records


def set_aside_log(path: Path) -> Path:
    """A damaged log, renamed and kept for inspection."""
    return set_aside(path)
