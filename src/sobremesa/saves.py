"""The saved games: one JSON file per game (partidas/<game>.json in the data
directory) with a format version, rewritten after every move so Ctrl+C, a closed
terminal or end of input always leave a resumable game. Starting one game never
touches another game's save; a spectator's game is not saved at all.

The single `partida.json` of older versions is moved to its game's file on first
use (a broken one is set aside, as a broken save always is)."""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sobremesa import paths
from sobremesa.core.game import SAVE_FORMAT_VERSION
from sobremesa.games import GAMES


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


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def migrate() -> Path | None:
    """Move an old `partida.json` to its game's file. Returns where a broken one was
    set aside, else None."""
    old = old_save_path()
    if not old.is_file():
        return None
    try:
        data = json.loads(old.read_text(encoding="utf-8"))
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
        target.parent.mkdir(parents=True, exist_ok=True)
        old.replace(target)
    except OSError:
        pass  # a read-only data folder: the old file stays where it is, unread
    return None


def saved_games() -> list[str]:
    """The games with a save file, in the menu's order."""
    migrate()
    return [game for game in GAMES if (saves_dir() / f"{game}.json").is_file()]


def has_save(game: str | None = None) -> bool:
    """Is there a save of this game (without a game: of any game)?"""
    games = saved_games()
    return game in games if game else bool(games)


def write_save(data: dict[str, Any]) -> None:
    """Write a game's save (its file named by data["game"])."""
    payload = {"format": SAVE_FORMAT_VERSION, **data}
    paths.write_atomic(save_path(data["game"]), json.dumps(payload, ensure_ascii=False))


def read_save(game: str | None = None) -> dict[str, Any] | None:
    """A game's saved data (without a game: the newest save), None if there is none;
    SaveError (file set aside) if broken. The caller must still treat a failure to
    rebuild the game from it as broken."""
    migrate()
    path = save_path(game)
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT_VERSION:
            raise ValueError("format")
        if data.get("game") != path.stem or not isinstance(data.get("state"), dict):
            raise ValueError("fields")
        return data
    except (OSError, UnicodeDecodeError, ValueError):
        raise SaveError(_set_aside(path)) from None


def set_aside_save(game: str | None = None) -> Path:
    return _set_aside(save_path(game))


def _set_aside(path: Path) -> Path:
    try:
        return paths.set_aside(path)
    except OSError:
        return path


def delete_save(game: str | None = None) -> None:
    with contextlib.suppress(FileNotFoundError):
        save_path(game).unlink()


# -- what the menus say about a save, read without building the game ------------------
@dataclass(frozen=True)
class Summary:
    game: str
    rivals: list[str]  # the other players' names, in seat order
    round: int | None = None  # card games: the round being played
    move: int | None = None  # Palabras: the move being played


def summary(game: str) -> Summary | None:
    """Who a saved game is against and how far it is, from the file alone; None if
    there is no save or it cannot be read (it is judged when it is continued)."""
    try:
        data = json.loads(save_path(game).read_text(encoding="utf-8"))
        table = data["table"]
        names, human = table["names"], table.get("human")
        rivals = [str(n) for seat, n in enumerate(names) if seat != human]
        state = data["state"]
        inner = state.get("state", state)  # the card games nest their state once more
        if game == "palabras":
            return Summary(game, rivals, move=_count(inner.get("turn")))
        return Summary(game, rivals, round=_count(inner.get("round_no")))
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError, AttributeError):
        return None


def _count(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None
