"""Typed commands: forgiving matching (case, accents, English aliases, short forms)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass


def fold(text: str) -> str:
    """Lowercase, accents and ñ folded to plain letters, spaces collapsed: "Castaña" → "castana"."""
    decomposed = unicodedata.normalize("NFD", text.casefold())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(plain.split())


@dataclass(frozen=True)
class CommandSpec:
    name: str  # canonical Spanish name, also what key bindings send
    aliases: tuple[str, ...] = ()
    help: str = ""  # msgid: one short line "mano: tus cartas"
    key: str = ""  # e.g. "F2", shown in help


@dataclass(frozen=True)
class Command:
    name: str
    args: str  # the rest of the line, original case kept (for names of cards or words)


class CommandTable:
    def __init__(self, specs: Iterable[CommandSpec]) -> None:
        self.specs: list[CommandSpec] = []
        self._by_word: dict[str, CommandSpec] = {}
        for spec in specs:
            self.add(spec)

    def add(self, spec: CommandSpec) -> None:
        self.specs = [s for s in self.specs if s.name != spec.name] + [spec]
        for word in (spec.name, *spec.aliases):
            self._by_word[fold(word)] = spec

    def parse(self, line: str) -> Command | None:
        """The command a line names, or None if its first word is unknown."""
        text = " ".join(line.split())
        if not text:
            return None
        folded = fold(text)
        # Longest match first so multi-word aliases ("ultima jugada") win over one word.
        words = folded.split(" ")
        original = text.split(" ")
        for size in range(min(3, len(words)), 0, -1):
            spec = self._by_word.get(" ".join(words[:size]))
            if spec is not None:
                return Command(spec.name, " ".join(original[size:]))
        return None

    def suggest(self, word: str) -> str | None:
        """The command name closest to a mistyped word, if one is close enough."""
        import difflib

        folded = fold(word)
        matches = difflib.get_close_matches(
            folded, [w for w in self._by_word if len(w) > 2], n=1, cutoff=0.6
        )
        if not matches and len(folded) >= 3:
            matches = [w for w in self._by_word if len(w) > 3 and w.startswith(folded)][:1]
        return self._by_word[matches[0]].name if matches else None

    def __contains__(self, name: str) -> bool:
        return any(spec.name == name for spec in self.specs)
