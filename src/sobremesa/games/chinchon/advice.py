"""What the player can do with their cards, worked out from their view alone:
whether they can close and at what risk, which lay-offs fit and which pay.

Pure: a seat's view in, lines or cards out (no game, no clock, no I/O).
"""

from __future__ import annotations

from sobremesa.core.cards import Card, card_points
from sobremesa.games.chinchon import rules as r
from sobremesa.games.chinchon.melds import (
    Arrangement,
    best_arrangement,
    best_layoff,
    can_close,
    card_id,
    lay_off_result,
)
from sobremesa.games.chinchon.texts import join_names, meld_kind_text, points
from sobremesa.i18n import _
from sobremesa.ui.spanish_cards import card_name
from sobremesa.ui.wording import said


def _mine(view: r.ChinchonView) -> bool:
    return view.seat is not None and view.current_seat == view.seat


def close_options(view: r.ChinchonView) -> list[tuple[Card, Arrangement]]:
    """The cards the seat may close with (not the discard it just took)."""
    hand = list(view.hand or ())
    deck = view.options.deck
    return [(c, a) for c, a in can_close(hand, deck) if c != view.taken_discard]


def can_close_now(view: r.ChinchonView) -> bool:
    return bool(close_options(view))


def best_close(view: r.ChinchonView) -> tuple[Card, Arrangement] | None:
    """The close that leaves the fewest points (the highest card face down on ties)."""
    options = close_options(view)
    if not options:
        return None
    deck = view.options.deck
    return min(options, key=lambda o: (o[1].loose_points, -card_points(o[0], deck)))


def close_danger(view: r.ChinchonView, card: Card | None = None) -> str | None:
    """'Puedes cerrar, pero llegarías a 72 y quedarías fuera.' when the best close
    (or closing with `card`) takes the player to the limit; else None."""
    options = close_options(view)
    if card is not None:
        options = [(c, a) for c, a in options if c == card]
    if not options or view.seat is None:
        return None
    arrangement = min((a for _c, a in options), key=lambda a: a.loose_points)
    if not arrangement.loose:
        return None  # chinchón: minus 10
    total = view.scores[view.seat] + arrangement.loose_points
    if total < view.options.limit:
        return None
    line = _("Puedes cerrar, pero llegarías a {total} y quedarías fuera.")
    brief = _("Cerrar: llegas a {total}, fuera")
    return said(line.format(total=total), brief.format(total=total))


def lay_offs(view: r.ChinchonView) -> list[r.LayOff]:
    """The lay-offs the seat may make now, as the rules list them."""
    if view.phase != "layoff" or not _mine(view):
        return []
    o = view.options
    return [
        r.LayOff(c, i)
        for c in sorted(view.hand or (), key=card_id)
        for i, m in enumerate(view.closer_melds)
        if lay_off_result(c, m, o.deck, o.copies) is not None
    ]


def best_lay_offs(view: r.ChinchonView) -> list[tuple[Card, int]]:
    """The lay-offs that lower the seat's points, all together."""
    o = view.options
    return best_layoff(list(view.hand or ()), view.closer_melds, o.deck, o.copies).layoffs


def nothing_to_lay_off(view: r.ChinchonView) -> bool:
    """The seat is laying off and no lay-off would lower its points."""
    if view.phase != "layoff" or not _mine(view):
        return False
    return not best_lay_offs(view)


def why_finished(view: r.ChinchonView, started: bool) -> str:
    """Why the lay-off finishes by itself (`started`: the turn to lay off just began)."""
    fits = bool(lay_offs(view))
    if fits and started:
        return _("Colocar no te quita puntos: terminas.")
    if fits:
        return _("Colocar más no te quita puntos: terminas.")
    if started:
        return _("Ninguna de tus cartas encaja: terminas.")
    return _("Ya no encaja ninguna carta: terminas.")


def layoff_help(view: r.ChinchonView) -> list[str]:
    """Which of my loose cards fit which of the closer's melds: 'Encajan: el 5 de
    oros en la combinación 1; la sota de copas en la combinación 1 o la 2.' A card
    of my own melds is suggested only when moving it lowers my points, and then
    the line says which meld it breaks."""
    legal = lay_offs(view)
    if not legal:
        return [_("Ninguna de tus cartas encaja. Escribe listo.")]
    deck = view.options.deck
    hand = list(view.hand or ())
    arrangement = best_arrangement(hand, deck)
    loose_cards = set(arrangement.loose)
    fits: dict[Card, list[int]] = {}
    for action in legal:
        if action.card in loose_cards:
            fits.setdefault(action.card, []).append(action.meld_index + 1)
    lines = []
    if fits:
        parts = [
            _("{card} en la combinación {melds}").format(
                card=card_name(card),
                melds=join_names([str(n) for n in sorted(set(melds))], _("{first} o la {last}")),
            )
            for card, melds in sorted(fits.items(), key=lambda item: item[0].sort_key)
        ]
        lines.append(_("Encajan: {fits}.").format(fits="; ".join(parts)))
    plan = best_layoff(hand, view.closer_melds, deck, view.options.copies)
    moved = [(c, i) for c, i in plan.layoffs if c not in loose_cards]
    if moved:
        card, index = moved[0]
        broken = next(m for m in arrangement.melds if card in m)
        line = _(
            "Te conviene colocar {card} en la combinación {n}, aunque sea de tu {meld}:"
            " acabas con {points}."
        )
        lines.append(
            line.format(
                card=card_name(card),
                n=index + 1,
                meld=meld_kind_text(broken, deck),
                points=points(plan.points),
            )
        )
    if not lines:
        lines.append(_("Solo encajan cartas de tus combinaciones: no te conviene. Escribe listo."))
    return lines
