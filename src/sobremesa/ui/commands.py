"""Typed commands: forgiving matching (case, accents, English aliases, short forms).

A command is named to the player in the player's language: its Spanish name, or in
English the word its help line begins with once translated ("puntos: puntuaciones"
→ "scores: points"), which is also one of its aliases."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

#: Exclamation and question marks around a word (`¡cabanga!`) are not part of it.
SHOUTS = "¡!¿?"


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
        # `¡cabanga!` as it is shouted at the table: exclamation and question marks
        # around a word are not part of it.
        text = " ".join(word.strip(SHOUTS) for word in line.split() if word.strip(SHOUTS))
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
        """The command closest to a mistyped word, if one is close enough, as the
        player would type it in their language (`score` → `scores` in English)."""
        import difflib

        folded = fold(word)
        matches = difflib.get_close_matches(
            folded, [w for w in self._by_word if len(w) > 2], n=1, cutoff=0.6
        )
        if not matches and len(folded) >= 3:
            matches = [w for w in self._by_word if len(w) > 3 and w.startswith(folded)][:1]
        return display_name(self._by_word[matches[0]]) if matches else None

    def __contains__(self, name: str) -> bool:
        return any(spec.name == name for spec in self.specs)


def display_name(spec: CommandSpec) -> str:
    """The command's word in the player's language: its Spanish name, or in English
    the word its translated help line begins with, when that word is one it answers to."""
    from sobremesa import i18n

    if i18n.language() == "es" or not spec.help:
        return spec.name
    first = i18n._(spec.help).split(":")[0].split()
    words = {fold(w) for w in (spec.name, *spec.aliases)}
    return first[0] if first and fold(first[0]) in words else spec.name


def shortcut(spec: CommandSpec) -> str:
    """The short form shown in help (`m` for mano): in Spanish its first one- or
    two-letter alias; in English only one that starts the English word (`h` for
    history) or a sign (`?`), so no Spanish initial is offered as English."""
    short = [a for a in spec.aliases if len(a) <= 2]
    if not short:
        return ""
    name = fold(display_name(spec))
    if name == fold(spec.name):  # Spanish, or no English word known
        from sobremesa import i18n

        if i18n.language() == "es":
            return short[0]
        return next((a for a in short if not a.isalpha()), "")
    fitting = (a for a in short if not a.isalpha() or name.startswith(fold(a)))
    return next((a for a in fitting if fold(a) != name), "")  # not `go` for go
