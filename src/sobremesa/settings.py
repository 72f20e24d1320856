"""Player options, saved between runs as JSON in the user config directory."""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from sobremesa import paths
from sobremesa.core.registry import GAMES, WINDOWED_GAMES

OUTPUT_MODES = ("texto", "lector", "voz")
VERBOSITIES = ("normal", "breve")
REACTION_MODES = ("turnos", "tiempo")  # por turnos (the game waits) or real time
PROMPT_STYLES = ("corto", "estado")  # short prompts for speech, or the status for braille
READING_WPM = (60, 500)  # the reader's words per minute, fewest and most


@dataclass
class ChinchonSettings:
    rivals: int = 2
    level: str = "dificil"
    levels: list[str] = field(default_factory=list)  # one per rival (`rival_levels`)
    deck: int = 40
    limit: int = 100
    reenganche: bool = False
    seven_run_wins: bool = False
    hand_order: str = "palo"  # "palo" (by suit) or "valor" (by rank)


@dataclass
class CabangaSettings:
    rivals: int = 3
    level: str = "medio"
    levels: list[str] = field(default_factory=list)  # one per rival (`rival_levels`)
    limit: int = 18
    notify_fits: bool = True  # "avisarme de mis cartas": say how many of mine fit a gap
    reaction_mode: str = "turnos"  # "turnos" (the game waits) or "tiempo" (real time)
    reaction_seconds: float = 4.0  # length of a real-time reaction window, 2..10
    # Penalty symbols per value 1..18 (an assumption: the real cards' are not
    # published). Edit ajustes.json to match a physical deck.
    symbols: list[int] = field(default_factory=lambda: [3, 2, 2] + [1] * 12 + [2, 2, 3])


@dataclass
class PalabrasSettings:
    rivals: int = 1
    level: str = "medio"
    levels: list[str] = field(default_factory=list)  # one per rival (`rival_levels`)
    hints: bool = True  # "pista" allowed at this table
    layout: str = "standard"  # or the path of a premium-layout file
    subtract_own_rack: bool = False
    confirm_moves: bool = False  # "confirmar antes de jugar": `jugar` asks before playing


@dataclass
class CastanaSettings:
    rivals: int = 3
    level: str = "medio"
    levels: list[str] = field(default_factory=list)  # one per rival (`rival_levels`)
    referee: bool = False  # automatic referee: invalid words refused, no challenges
    warn_before_steal: bool = False  # "avisar antes de robarme el turno" (seed §8)
    aids: bool = True  # the `palabras` aid is allowed at this table
    hand_order: str = "color"  # "color" or "letra"
    reaction_mode: str = "turnos"  # "turnos" (the game waits) or "tiempo" (real time)
    reaction_seconds: float = 4.0  # length of a real-time reaction window, 2..10


@dataclass
class Settings:
    language: str = "es"
    outputs: list[str] = field(default_factory=lambda: ["texto"])
    voice_rate: int = 0
    voice_variant: str = ""
    pace: float = 1.5
    verbosity: str = "normal"
    dictionary: str = ""  # a player's own word list ("" = the one shipped)
    reading_wpm: int = 180  # "velocidad de lectura": the reader's words per minute
    prompt_style: str = "corto"  # "corto" (1-3 words, for speech) or "estado" (braille)
    chinchon: ChinchonSettings = field(default_factory=ChinchonSettings)
    cabanga: CabangaSettings = field(default_factory=CabangaSettings)
    palabras: PalabrasSettings = field(default_factory=PalabrasSettings)
    castana: CastanaSettings = field(default_factory=CastanaSettings)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        """Build settings from JSON data; unknown keys are ignored, bad values raise ValueError."""
        if not isinstance(data, dict):
            raise ValueError("not an object")
        settings = cls()
        data = dict(data)
        _migrate_reaction(data)
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            if f.name in GAMES:  # a game's section: its own dataclass
                value = _section_from(type(getattr(settings, f.name)), value)
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
        check(_int(self.voice_rate) and -10 <= self.voice_rate <= 10, "voice_rate")
        check(isinstance(self.voice_variant, str) and len(self.voice_variant) < 40, "voice_variant")
        check(
            _number(self.pace) and 0 <= self.pace <= 10,
            "pace",
        )
        check(self.verbosity in VERBOSITIES, "verbosity")
        check(isinstance(self.dictionary, str) and len(self.dictionary) < 4096, "dictionary")
        check(
            _int(self.reading_wpm) and READING_WPM[0] <= self.reading_wpm <= READING_WPM[1],
            "reading_wpm",
        )
        check(self.prompt_style in PROMPT_STYLES, "prompt_style")
        for game in GAMES.values():
            section = getattr(self, game.id)
            low, high = game.rivals
            check(_int(section.rivals) and low <= section.rivals <= high, f"{game.id}.rivals")
            check(section.level in game.levels, f"{game.id}.level")
            check(
                isinstance(section.levels, list)
                and len(section.levels) <= high
                and all(level in game.levels for level in section.levels),
                f"{game.id}.levels",
            )
            for option in game.options:
                if option.field == "reaction":
                    check(section.reaction_mode in REACTION_MODES, f"{game.id}.reaction_mode")
                    check(
                        _window_seconds_ok(section.reaction_seconds), f"{game.id}.reaction_seconds"
                    )
                    continue
                value = getattr(section, option.field)
                if option.ask is not None:
                    ok = _int(value) and option.ask[0] <= value <= option.ask[1]
                else:  # one of the values the menu goes through, of their type
                    ok = any(type(value) is type(v) and value == v for v in option.values)
                check(ok, f"{game.id}.{option.field}")
        # The fields Opciones does not show.
        w = self.palabras
        check(isinstance(w.layout, str) and len(w.layout) < 4096, "palabras.layout")
        check(isinstance(w.subtract_own_rack, bool), "palabras.subtract_own_rack")
        k = self.cabanga
        check(
            isinstance(k.symbols, list)
            and len(k.symbols) == 18
            and all(_int(v) and 0 <= v <= 20 for v in k.symbols),
            "cabanga.symbols",
        )

    def window_seconds(self, game: str) -> float | None:
        """The reaction window of a game: its seconds in real time, None por turnos."""
        section = getattr(self, game, None)
        if game not in WINDOWED_GAMES or section.reaction_mode != "tiempo":
            return None
        return float(section.reaction_seconds)

    def set_window(self, game: str, seconds: float | None) -> None:
        """Set a windowed game's reaction mode: None for por turnos, else real time."""
        section = getattr(self, game)
        if seconds is None:
            section.reaction_mode = "turnos"
        else:
            section.reaction_mode = "tiempo"
            section.reaction_seconds = seconds


def rival_levels(section: Any, rivals: int) -> list[str]:
    """One level per rival, in seat order: the game's `levels` ("Distinto para cada
    rival", `--niveles`) for the first rivals, `level` for any more (all of them
    when `levels` is empty)."""
    levels = getattr(section, "levels", [])
    chosen = list(levels[:rivals]) if isinstance(levels, list) else []
    return chosen + [getattr(section, "level", "medio")] * (rivals - len(chosen))


def _int(value: Any) -> bool:
    """A whole number as JSON writes one: not 40.0, not true."""
    return type(value) is int


def _number(value: Any) -> bool:
    """A finite int or float (not a bool, not NaN or infinity)."""
    return type(value) in (int, float) and math.isfinite(value)


def _window_seconds_ok(value: Any) -> bool:
    return _number(value) and 2 <= value <= 10


def _migrate_reaction(data: dict[str, Any]) -> None:
    """Older settings files kept one reaction mode for every windowed game
    (`reaction_mode`, `reaction_seconds` at the top): each windowed game that has no
    mode of its own takes it. Bad old values raise ValueError, as bad values do."""
    old = {k: data[k] for k in ("reaction_mode", "reaction_seconds") if k in data}
    if not old:
        return
    if "reaction_mode" in old and old["reaction_mode"] not in REACTION_MODES:
        raise ValueError("reaction_mode")
    if "reaction_seconds" in old and not _window_seconds_ok(old["reaction_seconds"]):
        raise ValueError("reaction_seconds")
    for game in WINDOWED_GAMES:
        section = data.get(game, {})
        if not isinstance(section, dict):
            continue  # refused when the section is read
        data[game] = {**old, **section}


def _section_from(kind: type, value: Any) -> Any:
    if not isinstance(value, dict):
        raise ValueError(kind.__name__)
    result = kind()
    for f in fields(kind):
        if f.name in value:
            setattr(result, f.name, value[f.name])
    return result


def settings_path() -> Path:
    return paths.config_dir() / "ajustes.json"


def load_settings() -> tuple[Settings, Path | None]:
    """Return the saved settings, or defaults. If the file is broken, it is set aside
    and its new path returned so the caller can say so in one line."""
    path = settings_path()
    paths.remove_stale_tmp(path)  # left by a kill while the options were written
    if not path.exists():
        return Settings(), None
    try:
        # load_json: nesting too deep, Infinity or a huge number is a ValueError
        data = paths.load_json(path.read_text(encoding="utf-8"))
        return Settings.from_dict(data), None
    except (OSError, UnicodeDecodeError, ValueError, TypeError, RecursionError):
        try:
            return Settings(), paths.set_aside(path)
        except OSError:
            return Settings(), path


def save_settings(settings: Settings) -> None:
    """Write the settings (private to their owner). OSError if the disk refuses: the
    caller says so and the game goes on with the settings in memory."""
    settings.validate()
    paths.write_atomic(
        settings_path(), json.dumps(settings.to_dict(), indent=2, ensure_ascii=False)
    )
