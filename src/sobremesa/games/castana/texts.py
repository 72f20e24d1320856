"""ABC ¡Castaña! cards and hands in words, shared by the narrator, the reading
commands and the command parser."""

from __future__ import annotations

from collections.abc import Sequence

from sobremesa.games.castana import rules as r
from sobremesa.i18n import N_, _
from sobremesa.ui.wording import join

# What each level of rival does and does not do, one short line said after its
# name ("Fácil: ...") in the new-game menu and in `sobremesa jugar --help`.
# Written from the bots' behaviour (castana/bots.py): edit it when a level changes.
LEVEL_DESCRIPTIONS = {
    "facil": N_("lento, roba poco el turno y solo sabe palabras corrientes"),
    "medio": N_("se quita puntos cuando puede; a veces se inventa una palabra"),
    "dificil": N_("rápido; guarda sus cartas fuertes y duda de las palabras raras"),
}

# The colour as a noun ("sigue el rojo") and as the card's adjective ("M roja").
COLOUR_NOUNS = {"azul": N_("azul"), "rojo": N_("rojo"), "verde": N_("verde")}
COLOUR_CARD = {"azul": N_("azul"), "rojo": N_("roja"), "verde": N_("verde")}


def card_text(card: str) -> str:
    """'M roja', 'A azul', 'Ñ verde'."""
    return f"{r.letter(card)} {_(COLOUR_CARD[r.colour(card)])}"


def colour_name(colour: str) -> str:
    return _(COLOUR_NOUNS[colour])


def sort_hand(hand: Sequence[str], order: str) -> list[str]:
    if order == "letra":
        return sorted(
            hand, key=lambda c: (r.LETTERS.index(r.letter(c)), r.COLOURS.index(r.colour(c)))
        )
    return sorted(hand, key=lambda c: (r.COLOURS.index(r.colour(c)), r.LETTERS.index(r.letter(c))))


def hand_text(hand: Sequence[str], order: str) -> str:
    """By colour: 'roja: A, M y S; verde: T'. By letter: 'A roja y azul, M roja'."""
    if not hand:
        return _("ninguna")
    parts = []
    if order == "letra":
        for ch in dict.fromkeys(r.letter(c) for c in sort_hand(hand, order)):
            colours = [
                _(COLOUR_CARD[r.colour(c)]) for c in sort_hand(hand, order) if r.letter(c) == ch
            ]
            parts.append(f"{ch} {join(colours)}")
        return ", ".join(parts)
    for colour in r.COLOURS:
        letters = [r.letter(c) for c in sort_hand(hand, order) if r.colour(c) == colour]
        if letters:
            parts.append(f"{_(COLOUR_CARD[colour])}: {join(letters)}")
    return "; ".join(parts)


def top_text(view: r.CastanaView) -> str:
    """'M roja', or 'A azul, sigue el verde' when a vowel or Ñ changed the colour."""
    if view.colour != r.colour(view.top):
        return _("{card}, sigue el {colour}").format(
            card=card_text(view.top), colour=colour_name(view.colour)
        )
    return card_text(view.top)


def top_brief(view: r.CastanaView) -> str:
    """'M roja', 'I azul, sigue verde' (for the braille line)."""
    if view.colour != r.colour(view.top):
        return _("{card}, sigue {colour}").format(
            card=card_text(view.top), colour=colour_name(view.colour)
        )
    return card_text(view.top)


# The rivals' personalities (bots.STYLES), said in a rival's description.
STYLE_DESCRIPTIONS = {
    "prudente": N_("prudente: no se inventa palabras, duda menos y tarda algo más en reaccionar"),
    "atrevido": N_(
        "atrevido: reacciona antes, a veces se inventa una palabra, duda enseguida y ataca "
        "con la L y la R"
    ),
}
