"""Where settings, saves and caches live. `SOBREMESA_HOME` overrides (tests, portable use)."""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

import platformdirs

APP = "sobremesa"


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


def write_atomic(path: Path, text: str) -> None:
    """Write via a temporary file and rename, so a crash never leaves half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)
