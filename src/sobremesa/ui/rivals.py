"""Rivals as they are said, and the styles a new table gives them.

A rival is described by its level and, at medio and difícil, its style (the game's
`bots.STYLES`, named in its `texts`): `Ana: difícil, estilo prudente.` The intro
says the whole table's level in its first line when every rival plays alike
(`Chinchón contra Ana y Luis, nivel difícil.`), else one line per rival; the
`rivales` command always says one line per rival.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from sobremesa.i18n import N_, _

if TYPE_CHECKING:
    from sobremesa.ui.session import Table

#: A level as said inside a line (`nivel difícil`, `Ana: fácil.`).
LEVEL_NAMES = {"facil": N_("fácil"), "medio": N_("medio"), "dificil": N_("difícil")}


#: The words a level may be typed as (either language), folded, and its id.
LEVEL_WORDS = {"facil": "facil", "medio": "medio", "dificil": "dificil",
               "easy": "facil", "medium": "medio", "hard": "dificil"}  # fmt: skip


def level_words(text: str) -> list[str]:
    """The levels of `facil,dificil` (one per rival; spaces after the commas
    allowed, either language); ValueError with the first word that is none."""
    from sobremesa.ui.commands import fold

    levels = []
    for word in text.split(","):
        level = LEVEL_WORDS.get(fold(word.strip()))
        if level is None:
            raise ValueError(word.strip())
        levels.append(level)
    return levels


def level_name(level: str) -> str:
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level


def choose_styles(
    styles: Mapping[str, Sequence[str]], levels: Sequence[str | None], seed: int
) -> list[str]:
    """One style a seat (`levels[i]`, None for a person): among its level's styles,
    one the fewest rivals at this table have yet, the ties drawn from the table's
    seed. Rivals differ while the styles last; "" where a level has none."""
    rng = random.Random(f"estilos-{seed}")
    used: Counter[str] = Counter()
    chosen = []
    for level in levels:
        offered = list(styles.get(level, ())) if level else []
        if not offered:
            chosen.append("")
            continue
        rng.shuffle(offered)
        style = min(offered, key=lambda s: used[s])  # the first of the least used
        used[style] += 1
        chosen.append(style)
    return chosen


def rival_text(game_id: str, level: str, style: str = "") -> str:
    """`difícil, estilo prudente`, or `difícil` for a rival without a style."""
    if not style:
        return level_name(level)
    from sobremesa.core.registry import entry

    return _("{level}, estilo {style}").format(
        level=level_name(level), style=entry(game_id).style_name(style)
    )


def rival_line(game_id: str, name: str, level: str, style: str = "") -> str:
    """`Ana: difícil, estilo prudente.`"""
    return _("{name}: {rival}.").format(name=name, rival=rival_text(game_id, level, style))


def _rivals(table: Table) -> list[int]:
    return [seat for seat in range(len(table.names)) if seat != table.human]


def intro_rivals(game_id: str, table: Table) -> tuple[str | None, list[str]]:
    """What the intro says of the rivals: (the level every rival plays at, to end
    the game's first line with, or None; the lines that follow it). At a table of
    bots of one level without styles, the level alone (a spectator's first line has
    no room for it: one line says it); else one line per bot. People say nothing."""
    bots = [seat for seat in _rivals(table) if table.levels[seat]]
    if not bots:
        return None, []
    levels = {table.levels[seat] for seat in bots}
    alike = len(levels) == 1 and not any(table.style(seat) for seat in bots)
    if alike and len(bots) == len(_rivals(table)):
        level = level_name(str(levels.pop()))
        if table.human is None:
            return None, [_("Todos en nivel {level}.").format(level=level)]
        return level, []
    return None, [
        rival_line(game_id, table.names[seat], str(table.levels[seat]), table.style(seat))
        for seat in bots
    ]


def rivals_lines(game_id: str, table: Table) -> list[str]:
    """The `rivales` command: one line per rival, in seat order, and what each style
    there does (once a style, after its first rival): a style is a word until said."""
    from sobremesa.core.registry import entry

    lines = []
    explained: set[str] = set()
    for seat in _rivals(table):
        level = table.levels[seat]
        if level:
            style = table.style(seat)
            lines.append(rival_line(game_id, table.names[seat], level, style))
            described = entry(game_id).style_description(style) if style else ""
            if described and style not in explained:
                explained.add(style)
                lines.append(described[:1].upper() + described[1:].rstrip(".") + ".")
        else:  # a person, at an online table
            lines.append(_("{name}: en línea.").format(name=table.names[seat]))
    return lines or [_("No hay rivales en esta mesa.")]
