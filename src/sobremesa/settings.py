"""Player options, saved between runs as JSON in the user config directory."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from sobremesa import paths

OUTPUT_MODES = ("texto", "lector", "voz")
VERBOSITIES = ("normal", "breve")
LEVELS = ("facil", "dificil")


@dataclass
class ChinchonSettings:
    rivals: int = 2
    level: str = "dificil"
    deck: int = 40
    limit: int = 100
    reenganche: bool = False
    seven_run_wins: bool = False
    hand_order: str = "palo"  # "palo" (by suit) or "valor" (by rank)


@dataclass
class Settings:
    language: str = "es"
    outputs: list[str] = field(default_factory=lambda: ["texto"])
    voice_rate: int = 0
    voice_variant: str = ""
    pace: float = 1.5
    verbosity: str = "normal"
    dictionary: str = ""  # a player's own word list ("" = the one shipped)
    chinchon: ChinchonSettings = field(default_factory=ChinchonSettings)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        """Build settings from JSON data; unknown keys are ignored, bad values raise ValueError."""
        if not isinstance(data, dict):
            raise ValueError("not an object")
        settings = cls()
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            if f.name == "chinchon":
                settings.chinchon = _chinchon_from(value)
            else:
                setattr(settings, f.name, value)
        settings.validate()
        return settings

    def validate(self) -> None:
        def check(condition: bool, what: str) -> None:
            if not condition:
                raise ValueError(what)

        check(self.language in ("es", "en"), "language")
        check(
            isinstance(self.outputs, list)
            and "texto" in self.outputs
            and all(m in OUTPUT_MODES for m in self.outputs),
            "outputs",
        )
        check(isinstance(self.voice_rate, int) and -10 <= self.voice_rate <= 10, "voice_rate")
        check(isinstance(self.voice_variant, str) and len(self.voice_variant) < 40, "voice_variant")
        check(
            isinstance(self.pace, int | float) and 0 <= self.pace <= 10 and self.pace == self.pace,
            "pace",
        )
        check(self.verbosity in VERBOSITIES, "verbosity")
        check(isinstance(self.dictionary, str) and len(self.dictionary) < 4096, "dictionary")
        c = self.chinchon
        check(isinstance(c.rivals, int) and 1 <= c.rivals <= 7, "chinchon.rivals")
        check(c.level in LEVELS, "chinchon.level")
        check(c.deck in (40, 48), "chinchon.deck")
        check(c.limit in (70, 100), "chinchon.limit")
        check(isinstance(c.reenganche, bool), "chinchon.reenganche")
        check(isinstance(c.seven_run_wins, bool), "chinchon.seven_run_wins")
        check(c.hand_order in ("palo", "valor"), "chinchon.hand_order")


def _chinchon_from(value: Any) -> ChinchonSettings:
    if not isinstance(value, dict):
        raise ValueError("chinchon")
    result = ChinchonSettings()
    for f in fields(ChinchonSettings):
        if f.name in value:
            setattr(result, f.name, value[f.name])
    return result


def settings_path() -> Path:
    return paths.config_dir() / "ajustes.json"


def load_settings() -> tuple[Settings, Path | None]:
    """Return the saved settings, or defaults. If the file is broken, it is set aside
    and its new path returned so the caller can say so in one line."""
    path = settings_path()
    if not path.exists():
        return Settings(), None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return Settings.from_dict(data), None
    except (OSError, UnicodeDecodeError, ValueError, TypeError):
        try:
            return Settings(), paths.set_aside(path)
        except OSError:
            return Settings(), path


def save_settings(settings: Settings) -> None:
    settings.validate()
    paths.write_atomic(
        settings_path(), json.dumps(settings.to_dict(), indent=2, ensure_ascii=False)
    )
