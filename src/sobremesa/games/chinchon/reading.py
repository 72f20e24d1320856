"""Answers to the reading commands (mano, mesa, puntos, turno, combinaciones,
descartes) and the prompt, from one seat's view.

Pure: the view, the names and what the adapter remembers (the card drawn, the
round's discards) in; lines out. No game, no clock, no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence

from sobremesa.core.cards import Card
from sobremesa.games.chinchon import advice
from sobremesa.games.chinchon import rules as r
from sobremesa.games.chinchon.melds import MAX_CLOSE_POINTS, best_arrangement
from sobremesa.games.chinchon.narration import sort_cards
from sobremesa.games.chinchon.texts import (
    card_brief,
    cards_count,
    chips,
    join_names,
    loose,
    melds_text,
    points,
)
from sobremesa.i18n import _
from sobremesa.ui.spanish_cards import card_list, card_name, card_short
from sobremesa.ui.told import Names

#: this round's discards in order: (seat, card); seat None: the starting card
Discards = list[tuple[int | None, Card]]
#: who took a discard, which, and whose it was: (seat, card, from seat or None)
Pickups = list[tuple[int, Card, int | None]]


def seating_lines(seats: Sequence[int], names: Names) -> list[str]:
    """'Juegan: Elena, tú, Jorge.' (in turn order from this round's mano) and
    'Después de ti juega Jorge.'"""
    you = names.you_seat
    if you is None or you not in seats:
        return []
    said = [_("tú") if s == you else names.names[s] for s in seats]
    return [
        _("Juegan: {names}.").format(names=join_names(said)),
        after_me_line(seats, names),
    ]


def after_me(seats: Sequence[int], you: int) -> int:
    seats = list(seats)
    return seats[(seats.index(you) + 1) % len(seats)]


def after_me_line(seats: Sequence[int], names: Names) -> str:
    """'Después de ti juega Jorge.'"""
    assert names.you_seat is not None
    after = after_me(seats, names.you_seat)
    return _("Después de ti juega {name}.").format(name=names.names[after])


def hand_lines(view: r.ChinchonView, order: str, brief: bool) -> list[str]:
    hand = sort_cards(view.hand or (), order, view.options.deck)
    if not hand:
        return [_("No tienes cartas.")]
    # The position goes after the card: "5 de espadas (p3)", not "3: 5 de espadas";
    # "p3" is how a position is typed (a bare number is a card: "d 5").
    items = [
        f"{card_short(c) if brief else card_name(c, article=False)} (p{i})"
        for i, c in enumerate(hand, 1)
    ]
    return [
        _("Tu mano, {count}: {cards}.").format(count=cards_count(len(hand)), cards=", ".join(items))
    ]


def table_lines(view: r.ChinchonView, names: Names) -> list[str]:
    top = card_name(view.discard_top) if view.discard_top else _("vacío")
    counts = ", ".join(
        f"{names.name(s)} {n}" for s, n in enumerate(view.hand_counts) if not view.eliminated[s]
    )
    lines = [
        _("Descarte: {card}. Mazo: {stock}. Cartas: {counts}.").format(
            card=top, stock=cards_count(view.stock_count), counts=counts
        )
    ]
    if view.phase == "layoff" and view.closer is not None:
        lines.append(
            _("Combinaciones de {name}: {melds}.").format(
                name=names.name(view.closer),
                melds=melds_text(view.closer_melds, view.options.deck, numbered=True),
            )
        )
    return lines


def score_lines(view: r.ChinchonView, names: Names) -> list[str]:
    parts = []
    for seat, total in enumerate(view.scores):
        text = f"{names.name(seat)} {total}"
        if view.eliminated[seat]:
            text += " " + _("(eliminado)")
        parts.append(text)
    return [
        _("Puntos: {scores}. Límite {limit}. Bote: {pot}.").format(
            scores=", ".join(parts), limit=view.options.limit, pot=chips(view.pot)
        )
    ]


def turn_lines(view: r.ChinchonView, names: Names) -> list[str]:
    if view.phase == "over":
        return [_("La partida ha terminado.")]
    seat = view.current_seat
    phase = {
        "draw": _("robar"),
        "discard": _("descartar o cerrar"),
        "layoff": _("colocar"),
        "reenganche": _("decidir el reenganche"),
    }.get(view.phase, "")
    if seat == names.you_seat:
        return [_("Tu turno: {what}. Ronda {n}.").format(what=phase, n=view.round_no)]
    assert seat is not None
    return [
        _("Turno de {name}: {what}. Ronda {n}.").format(
            name=names.names[seat], what=phase, n=view.round_no
        )
    ]


def melds_lines(view: r.ChinchonView) -> list[str]:
    """My melds and loose cards, or how I can close with eight cards."""
    deck = view.options.deck
    hand = list(view.hand or ())
    if len(hand) == 8:
        best = advice.best_close(view)
        if best is not None:
            card, arrangement = best
            return [
                _("Puedes cerrar tirando {card}: {points}.").format(
                    card=card_name(card), points=loose(arrangement.loose_points)
                ),
                _("Quedaría: {melds}.").format(melds=melds_text(arrangement.melds, deck)),
                *filter(None, [advice.close_danger(view, card)]),
            ]
    arrangement = best_arrangement(hand, deck)
    lines = [
        _("Combinaciones: {melds}.").format(melds=melds_text(arrangement.melds, deck)),
        _("Sueltas, {points}: {cards}.").format(
            cards=card_list(arrangement.loose), points=points(arrangement.loose_points)
        )
        if arrangement.loose
        else _("No te queda ninguna suelta."),
    ]
    if len(hand) == 8:
        lines.append(_("Todavía no puedes cerrar."))
    elif (
        len(hand) == 7
        and view.phase in ("draw", "discard")
        and arrangement.loose_points <= MAX_CLOSE_POINTS
    ):
        lines.append(_("Si robas una carta que no estorbe, podrás cerrar."))
    return lines


def discard_lines(discards: Discards, pickups: Pickups, names: Names) -> list[str]:
    """This round's discards in order, and who took which from the pile."""
    if not discards:
        return [_("Todavía no hay descartes en esta ronda.")]
    items = []
    for seat, card in discards:
        if seat is None:
            items.append(_("{card} al empezar").format(card=card_name(card, article=False)))
        else:
            items.append(
                _("{name}, {card}").format(
                    name=_("tú") if names.you(seat) else names.names[seat],
                    card=card_name(card, article=False),
                )
            )
    lines = [_("Descartes, del primero al último: {items}.").format(items="; ".join(items))]
    taken = [pickup_line(*pickup, names) for pickup in pickups]
    lines.append(" ".join(taken) if taken else _("Nadie ha cogido del descarte."))
    return lines


def pickup_line(seat: int, card: Card, owner: int | None, names: Names) -> str:
    """'Jorge cogió tu 5 de copas.' / 'Cogiste el 3 de oros de Elena.'"""
    name = names.names[seat]
    mine = card_name(card, article=False)
    if names.you(seat):
        if owner is None:
            return _("Cogiste {card}, la carta de salida.").format(card=card_name(card))
        return _("Cogiste {card} de {owner}.").format(
            card=card_name(card), owner=names.names[owner]
        )
    if owner is None:
        return _("{name} cogió {card}, la carta de salida.").format(name=name, card=card_name(card))
    if names.you(owner):
        return _("{name} cogió tu {card}.").format(name=name, card=mine)
    return _("{name} cogió {card} de {owner}.").format(
        name=name, card=card_name(card), owner=names.names[owner]
    )


# -- the prompt and the status -------------------------------------------------


def drawn_card(view: r.ChinchonView, drawn: Card | None) -> Card | None:
    """The card the player just drew (`drawn`, remembered) or took (in the view)."""
    if view.taken_discard is not None:
        return view.taken_discard
    if drawn in (view.hand or ()):
        return drawn
    return None


def whose_turn(view: r.ChinchonView, names: Names) -> str:
    """'Juega Pablo' / 'Coloca Pablo' (a rival's turn), or ''."""
    if view.phase == "over" or view.current_seat == names.you_seat:
        return ""
    assert view.current_seat is not None
    name = names.names[view.current_seat]
    if view.phase == "layoff":
        return _("Coloca {name}").format(name=name)
    if view.phase == "reenganche":
        return _("Decide {name}").format(name=name)
    return _("Juega {name}").format(name=name)


def short_prompt(view: r.ChinchonView, names: Names) -> str:
    """What the player is expected to do, in 1-3 words (for speech)."""
    human = names.you_seat
    if view.phase == "over":
        return _("Fin")
    if human is None:
        return _("Mirando")
    if view.current_seat != human:
        return _("Mirando") if view.eliminated[human] else _("Espera")
    if view.phase == "draw":
        return _("Roba")
    if view.phase == "discard":
        return _("Descarta o cierra") if advice.can_close_now(view) else _("Descarta")
    if view.phase == "layoff":
        return _("Coloca o listo")
    if view.phase == "reenganche":
        return _("Sí o no")
    return ""


def status_prompt(
    view: r.ChinchonView, names: Names, last_brief: Sequence[str], drawn: Card | None
) -> list[str]:
    """The fullest status first (for braille); `fit` takes the first that fits."""
    human = names.you_seat
    if view.phase == "over":
        return [_("Fin")]
    if human is None or view.current_seat != human:
        waiting = _("Mirando") if human is None or view.eliminated[human] else _("Espera")
        whose = whose_turn(view, names)
        return [
            *(_("{whose}; {last}").format(whose=whose, last=b) for b in last_brief),
            *last_brief,
            whose or waiting,
        ]
    if view.phase == "draw":
        if view.discard_top is None:
            return [_("Roba")]
        return [_("Roba o coge {card}").format(card=card_brief(view.discard_top))]
    if view.phase == "discard":
        close = advice.can_close_now(view)
        card = drawn_card(view, drawn)
        if card is None:
            return [_("Descarta o cierra") if close else _("Descarta")]
        text = _("Cierra o tira (+{card})") if close else _("Descarta (+{card})")
        return [text.format(card=card_brief(card))]
    if view.phase == "layoff":
        closer = names.names[view.closer] if view.closer is not None else ""
        return [_("Coloca o listo; cerró {name}").format(name=closer), _("Coloca o listo")]
    if view.phase == "reenganche":
        return [_("¿Reenganche? sí o no")]
    return [""]


def my_status(view: r.ChinchonView, names: Names, drawn: Card | None) -> str:
    """The player's own status, said in full: 'Roba del mazo o coge el 7 de copas.'"""
    if names.you_seat is None or view.current_seat != names.you_seat:
        return short_prompt(view, names) + "."
    if view.phase == "draw":
        if view.discard_top is None:
            return _("Roba del mazo.")
        return _("Roba del mazo o coge {card}.").format(card=card_name(view.discard_top))
    if view.phase == "discard":
        todo = _("Descarta o cierra") if advice.can_close_now(view) else _("Descarta")
        card = drawn_card(view, drawn)
        if card is None:
            return todo + "."
        if card == view.taken_discard:
            text = _("{todo}; cogiste {card} del descarte.")
        else:
            text = _("{todo}; robaste {card}.")
        return text.format(todo=todo, card=card_name(card))
    if view.phase == "layoff":
        closer = names.names[view.closer] if view.closer is not None else ""
        return _("Coloca o di listo; cerró {name}.").format(name=closer)
    if view.phase == "reenganche":
        return _("¿Te reenganchas? Sí o no.")
    return short_prompt(view, names) + "."


def status_line(view: r.ChinchonView, names: Names, last_move: str, drawn: Card | None) -> str:
    """'Juega Pablo. Última: Marta roba del mazo y tira el 3 de copas.' on a
    rival's turn; on the player's, what to do with the cards named in full."""
    whose = whose_turn(view, names)
    if not whose:
        return my_status(view, names, drawn)
    if not last_move:
        return whose + "."
    last = _("Última: {move}").format(move=last_move)
    return f"{whose}. {last}"
