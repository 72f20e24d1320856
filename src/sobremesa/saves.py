"""The saved game: one JSON file with a format version, rewritten after every move
so Ctrl+C, a closed terminal or end of input always leave a resumable game."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from sobremesa import paths
from sobremesa.core.game import SAVE_FORMAT_VERSION


class SaveError(Exception):
    """The save file exists but cannot be used. `kept_at` is where it was set aside."""

    def __init__(self, kept_at: Path) -> None:
        super().__init__(str(kept_at))
        self.kept_at = kept_at


def save_path() -> Path:
    return paths.data_dir() / "partida.json"


def has_save() -> bool:
    return save_path().is_file()


def write_save(data: dict[str, Any]) -> None:
    payload = {"format": SAVE_FORMAT_VERSION, **data}
    paths.write_atomic(save_path(), json.dumps(payload, ensure_ascii=False))


def read_save() -> dict[str, Any] | None:
    """The saved data, None if there is none; SaveError (file set aside) if broken.
    The caller must still treat a failure to rebuild the game from it as broken."""
    path = save_path()
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT_VERSION:
            raise ValueError("format")
        if not isinstance(data.get("game"), str) or not isinstance(data.get("state"), dict):
            raise ValueError("fields")
        return data
    except (OSError, UnicodeDecodeError, ValueError):
        raise SaveError(set_aside_save()) from None


def set_aside_save() -> Path:
    path = save_path()
    try:
        return paths.set_aside(path)
    except OSError:
        return path


def delete_save() -> None:
    with contextlib.suppress(FileNotFoundError):
        save_path().unlink()
