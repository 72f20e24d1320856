"""¡Cabanga! words shared by the narrator, the reading commands and the parsers:
colours, cards, sides and gaps as they are said."""

from __future__ import annotations

from collections.abc import Sequence

from sobremesa.games.cabanga import rules as r
from sobremesa.i18n import N_, _, ngettext
from sobremesa.ui.wording import join

# What each level of rival does and does not do, one short line said after its
# name ("Fácil: ...") in the new-game menu and in `sobremesa jugar --help`.
# Written from the bots' behaviour (cabanga/bots.py): edit it when a level changes.
LEVEL_DESCRIPTIONS = {
    "facil": N_("juega cualquier carta y abre huecos; lento en el Cabanga"),
    "medio": N_("evita los huecos si puede; si no, suelta su carta más alta"),
    "dificil": N_("cuenta cartas y deja huecos solo donde nadie puede tirar"),
}

COLOUR_NAMES = {
    "rojo": N_("rojo"),
    "azul": N_("azul"),
    "amarillo": N_("amarillo"),
    "morado": N_("morado"),
    "gris": N_("gris"),
}
# "Todas tus cartas son azules": the colour as an adjective of cartas.
COLOUR_PLURALS = {
    "rojo": N_("rojas"),
    "azul": N_("azules"),
    "amarillo": N_("amarillas"),
    "morado": N_("moradas"),
}
# "Quedas tercero": your place when you did not win (2nd to 6th).
PLACES = (N_("segundo"), N_("tercero"), N_("cuarto"), N_("quinto"), N_("sexto"))


def colour_name(colour: str) -> str:
    return _(COLOUR_NAMES[colour])


def card_text(card: r.CabangaCard) -> str:
    """'rojo 7' (colour first: it is what decides where a card goes)."""
    return _("{colour} {value}").format(colour=colour_name(card.colour), value=card.value)


def cards_by_colour(cards: Sequence[r.CabangaCard]) -> str:
    """'rojo 2, 5 y 9; azul 7' — grouped as a glance at a sorted hand gives."""
    parts = []
    for colour in r.COLOURS:
        values = sorted(c.value for c in cards if c.colour == colour)
        if values:
            parts.append(f"{colour_name(colour)} {join([str(v) for v in values])}")
    return "; ".join(parts) if parts else _("ninguna")


def gap_text(low: int, high: int) -> str:
    if high - low <= 1:
        return _("sin hueco")
    if high - low == 2:
        return _("hueco: el {value}").format(value=low + 1)
    if high - low == 3:
        return _("hueco: el {low} y el {high}").format(low=low + 1, high=high - 1)
    return _("hueco del {low} al {high}").format(low=low + 1, high=high - 1)


def gap_short(low: int, high: int) -> str:
    """For the prompt (braille line): '6', '4 y 5', '8 a 13'."""
    if high - low == 2:
        return str(low + 1)
    if high - low == 3:
        return _("{low} y {high}").format(low=low + 1, high=high - 1)
    return _("{low} a {high}").format(low=low + 1, high=high - 1)


def gap_brief(low: int, high: int) -> str:
    """For brief forms and prompts: '6', '4-5', '8-13' ('' without a gap)."""
    if high - low <= 1:
        return ""
    if high - low == 2:
        return str(low + 1)
    return f"{low + 1}-{high - 1}"


#: A gap's cards still out are named up to this many (more are counted).
LISTED_AT_MOST = 5


def gap_left(
    colour: str, values: Sequence[int], seen: set[r.CabangaCard], mine: set[r.CabangaCard]
) -> str:
    """What a gap still holds when some of its cards are out, as 'filas' says it:
    ', quedan: 6 y 9' (not yours: you know where those are), ', quedan 7, han
    salido: 9 y 12' when many are left, ', solo quedan las tuyas', ', ya han
    salido'; '' when none is out."""
    inside = [r.CabangaCard(colour, v) for v in values]
    unknown = [c for c in inside if c not in seen and c not in mine]
    out = [c for c in inside if c in seen]
    if not out:
        return ""
    if len(unknown) > LISTED_AT_MOST:
        # A long list is not heard to its end: count them, and name what is out
        # when that is short ('quedan: 4, 5, 6, 10, 12, 15, 16 y 17' in a playtest).
        if len(out) > LISTED_AT_MOST:
            return _(", quedan {n}").format(n=len(unknown))
        return ngettext(
            ", quedan {n}, ha salido el {values}",
            ", quedan {n}, han salido: {values}",
            len(out),
        ).format(n=len(unknown), values=join([str(c.value) for c in out]))
    if unknown:
        return ngettext(", queda: {values}", ", quedan: {values}", len(unknown)).format(
            values=join([str(c.value) for c in unknown])
        )
    if any(c in mine for c in inside):
        return _(", solo quedan las tuyas")
    return ngettext(", ya ha salido", ", ya han salido", len(inside))


def side_word(side: str) -> str:
    return _("izquierda") if side == "left" else _("derecha")


def side_short(side: str) -> str:
    return _("izq") if side == "left" else _("der")


# The rivals' personalities (bots.STYLES), said in a rival's description: the name
# before the colon, then what the style does differently at its level.
STYLE_DESCRIPTIONS = {
    "prudente": N_(
        "prudente: antes repite color o se guarda una carta de muchos puntos que dejar un hueco"
    ),
    "atrevido": N_("atrevido: se quita antes las cartas que más puntos valen, aunque dejen hueco"),
    "cazador": N_("cazador: deja las filas abiertas alrededor de sus cartas, para tirarlas"),
}
