"""Chinchón words: cards, melds, points and counts, in full and in braille forms."""

from __future__ import annotations

from collections.abc import Sequence

from sobremesa.core.cards import Card
from sobremesa.games.chinchon.melds import meld_kind
from sobremesa.i18n import N_, _, ngettext
from sobremesa.ui.spanish_cards import SUIT_NAMES
from sobremesa.ui.wording import join

# What each level of rival does and does not do, one short line said after its
# name ("Fácil: ...") in the new-game menu and in `sobremesa jugar --help`.
# Written from the bots' behaviour (chinchon/bots.py): edit it when a level changes.
LEVEL_DESCRIPTIONS = {
    "facil": N_("cierra tarde y solo coloca en grupos; no cuenta cartas"),
    "medio": N_("cierra en cuanto puede; no mira qué recogen los demás"),
    "dificil": N_("cuenta las cartas y no te da lo que te ha visto recoger"),
}

RANK_PLURALS = {
    1: N_("ases"),
    2: N_("doses"),
    3: N_("treses"),
    4: N_("cuatros"),
    5: N_("cincos"),
    6: N_("seises"),
    7: N_("sietes"),
    8: N_("ochos"),
    9: N_("nueves"),
    10: N_("sotas"),
    11: N_("caballos"),
    12: N_("reyes"),
}
RANK_SHORT = {1: N_("as"), 10: N_("sota"), 11: N_("caballo"), 12: N_("rey")}
#: the suits in two letters, in the order oros, copas, espadas, bastos (braille forms)
SUIT_ABBREVIATIONS = N_("or co es ba")
SUIT_ORDER = ("oros", "copas", "espadas", "bastos")
#: cells of the braille line: a history item in review, and a prompt without its "> "


def points(n: int) -> str:
    return ngettext("{n} punto", "{n} puntos", n).format(n=n)


def loose(n: int) -> str:
    """'1 punto suelto' / '3 puntos sueltos'."""
    return ngettext("{n} punto suelto", "{n} puntos sueltos", n).format(n=n)


def chips(n: int) -> str:
    return ngettext("{n} apuesta", "{n} apuestas", n).format(n=n)


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def cards_count(n: int) -> str:
    return ngettext("{n} carta", "{n} cartas", n).format(n=n)


def rank_short(rank: int) -> str:
    return _(RANK_SHORT[rank]) if rank in RANK_SHORT else str(rank)


join_words = join  # the shared wording (ui.wording)


def card_brief(card: Card) -> str:
    """The braille form of a card: '3 co', 'rey ba', 'caballo es'."""
    suits = dict(zip(SUIT_ORDER, _(SUIT_ABBREVIATIONS).split(), strict=False))
    return f"{rank_short(card.rank)} {suits.get(card.suit, card.suit)}"


def meld_brief(meld: Sequence[Card], deck: int) -> str:
    """'or 3-5' (a run of oros from 3 to 5), '3 sietes' (a set of three sevens)."""
    if meld_kind(meld, deck) == "set":
        return f"{len(meld)} {_(RANK_PLURALS[meld[0].rank])}"
    suit = card_brief(meld[0]).split()[-1]
    return f"{suit} {rank_short(meld[0].rank)}-{rank_short(meld[-1].rank)}"


def meld_text(meld: Sequence[Card], deck: int) -> str:
    """'escalera de oros: 3, 4 y 5' or 'grupo de sietes: oros, copas y bastos'."""
    if meld_kind(meld, deck) == "set":
        suits = [_(SUIT_NAMES[c.suit]) for c in meld]
        return _("grupo de {ranks}: {suits}").format(
            ranks=_(RANK_PLURALS[meld[0].rank]), suits=join_words(suits)
        )
    return _("escalera de {suit}: {ranks}").format(
        suit=_(SUIT_NAMES[meld[0].suit]), ranks=join_words([rank_short(c.rank) for c in meld])
    )


def meld_kind_text(meld: Sequence[Card], deck: int) -> str:
    """'grupo de sietes' or 'escalera de oros' (which meld, without its cards)."""
    if meld_kind(meld, deck) == "set":
        return _("grupo de {ranks}").format(ranks=_(RANK_PLURALS[meld[0].rank]))
    return _("escalera de {suit}").format(suit=_(SUIT_NAMES[meld[0].suit]))


ORDINALS = {
    2: N_("segundo"),
    3: N_("tercero"),
    4: N_("cuarto"),
    5: N_("quinto"),
    6: N_("sexto"),
    7: N_("séptimo"),
    8: N_("octavo"),
}


def join_names(names: Sequence[str], last: str | None = None) -> str:
    """'A, B y C' (or with `last`, e.g. '{first} o {last}': 'A, B o C')."""
    if len(names) == 1:
        return names[0]
    return (last or _("{first} y {last}")).format(first=", ".join(names[:-1]), last=names[-1])


def melds_text(melds: Sequence[Sequence[Card]], deck: int, *, numbered: bool = False) -> str:
    if not melds:
        return _("ninguna")
    parts = [meld_text(m, deck) for m in melds]
    if numbered and len(parts) > 1:  # `colocar CARTA en N`; one meld needs no number
        parts = [f"{i}, {text}" for i, text in enumerate(parts, 1)]
    return "; ".join(parts)


#: One line per rivals' style (bots.STYLES), said in a rival's description. The
#: same ids at "medio" and "dificil": each line holds at both levels.
STYLE_DESCRIPTIONS = {
    "prudente": N_(
        "prudente: suelta pronto las figuras, no le da al siguiente lo que le ha visto "
        "recoger y cierra en cuanto puede"
    ),
    "atrevido": N_(
        "atrevido: recoge del montón cartas para hacer parejas y guarda sus parejas "
        "aunque sean figuras"
    ),
    "paciente": N_(
        "paciente: si le falta una carta para el chinchón y quedan por salir, "
        "espera en vez de cerrar con puntos"
    ),
}
