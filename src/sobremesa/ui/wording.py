"""Small pieces of wording every game uses: lists, counts, the final result."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sobremesa.i18n import _, ngettext
from sobremesa.ui.announcer import Said

#: Every prompt fits a 30-cell braille line, "> " included (issue 10).
PROMPT_CELLS = 30
#: A history item under review fits a 40-cell line in its brief form.
BRIEF_CELLS = 40
#: A reaction window's line is at most this many words: its clock starts once it
#: has been heard (issue 10).
WINDOW_WORDS = 8


def cut(text: str, limit: int) -> str:
    """`text` in at most `limit` characters, cut at a word where it can be."""
    if len(text) <= limit:
        return text
    head = text[:limit]
    if text[limit] in " ,;:.":  # the cut falls between words
        return head.rstrip(" ,;:")
    space = head.rfind(" ")
    return (head[:space] if space > limit // 2 else head).rstrip(" ,;:")


def fit(limit: int, *candidates: str) -> str:
    """The first (fullest) candidate that fits `limit` cells, else the last one cut."""
    for text in candidates:
        if len(text) <= limit:
            return text
    return cut(candidates[-1], limit)


def prompt_of(*texts: str) -> str:
    """A prompt from the first text that fits the braille line with its '> '."""
    return fit(PROMPT_CELLS - 2, *texts).rstrip() + "> "


def said(text: str, *briefs: str) -> Said:
    """A line and its brief form for history review (the fullest that fits 40 cells)."""
    return Said(text, brief=fit(BRIEF_CELLS, *briefs) if briefs else cut(text, BRIEF_CELLS))


def join(items: Sequence[str]) -> str:
    """'A, B y C'; 'G3 e I3' before a word said with an i sound."""
    if not items:
        return _("nada")
    if len(items) == 1:
        return items[0]
    last = items[-1]
    if last[:1] in ("I", "i") and last[1:2].lower() not in ("a", "e", "o", "u"):
        return _("{first} e {last}").format(first=", ".join(items[:-1]), last=last)
    return _("{first} y {last}").format(first=", ".join(items[:-1]), last=last)


def join_or(items: Sequence[str]) -> str:
    """'Ana o Luis', 'Ana, Luis o Marta': a choice."""
    if len(items) <= 1:
        return join(items)
    return _("{first} o {last}").format(first=", ".join(items[:-1]), last=items[-1])


def points_text(n: int) -> str:
    return ngettext("{n} punto", "{n} puntos", n).format(n=n)


def cards_text(n: int) -> str:
    return ngettext("{n} carta", "{n} cartas", n).format(n=n)


def result_lines(
    winners: Sequence[int], totals: Sequence[int], name: Callable[[int], str], you: int | None
) -> list[str]:
    """Who won a game decided by the lowest total, and everyone's points."""
    best = totals[winners[0]]
    if len(winners) == 1 and winners[0] == you:
        first = _("¡Ganas la partida con {points}!").format(points=points_text(best))
    elif len(winners) == 1:
        first = _("Gana {name} con {points}.").format(
            name=name(winners[0]), points=points_text(best)
        )
    else:
        first = _("Empate: ganan {names} con {points}.").format(
            names=join([name(s) for s in winners]), points=points_text(best)
        )
    scores = ", ".join(f"{name(s)} {t}" for s, t in enumerate(totals))
    return [first, _("Puntos finales: {totals}.").format(totals=scores)]


def next_round_pause(
    events: Sequence[Any], round_scored: type, is_over: Callable[[], bool]
) -> str | None:
    """The line that asks for Enter before a new round (the games played in rounds
    pause after a `round_scored` event, so the scores are not buried), or None."""
    for event in events:
        if isinstance(event, round_scored) and not is_over():
            return _("Pulsa Intro para empezar la ronda {n}.").format(n=event.round_no + 1)
    return None
