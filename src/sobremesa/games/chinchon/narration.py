"""Chinchón events in words, as one seat hears them.

Pure: the event as the seat may see it (`event.visible_to(seat)`), that seat's view
after the batch, and the players' names in; lines out. No game, no clock, no I/O.

Two facts come from outside one event: the order the player keeps the hand in
(`order`, a setting) and the round each seat went out in (`out_round`, folded from
the batches by `went_out`), which orders the final standing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sobremesa.core.cards import Card, run_position
from sobremesa.core.game import Event
from sobremesa.games.chinchon import rules as r
from sobremesa.games.chinchon.texts import (
    ORDINALS,
    card_brief,
    cards_count,
    chips,
    loose,
    meld_brief,
    melds_text,
    points,
)
from sobremesa.games.chinchon.texts import meld_text as _meld_text
from sobremesa.i18n import _, ngettext
from sobremesa.ui.announcer import Asking
from sobremesa.ui.spanish_cards import card_list, card_name, card_short
from sobremesa.ui.told import Names, Told
from sobremesa.ui.wording import BRIEF_CELLS, said

__all__ = ["Names", "Told", "narrate", "sort_cards", "went_out"]


@dataclass(frozen=True)
class _Context:
    view: r.ChinchonView
    names: Names
    brief: bool = False
    order: str = "palo"
    out_round: Mapping[int, int] = field(default_factory=dict)

    @property
    def deck(self) -> int:
        return self.view.options.deck

    def raw(self, seat: int) -> str:
        """The seat's name, even for the listener (sentences in the third person)."""
        return self.names.names[seat]


def narrate(
    event: Event,
    view: r.ChinchonView,
    names: Names,
    *,
    brief: bool = False,
    order: str = "palo",
    out_round: Mapping[int, int] | None = None,
) -> Told:
    """The lines for `event` (already as the listening seat may see it); `brief`:
    the verbosity setting "breve"; `order`: "palo" or "valor", how the hand is
    sorted; `out_round`: seat -> the round it went out in, this batch included."""
    teller = _TELLERS.get(event.kind)
    if teller is None:
        return Told([])
    return teller(event, _Context(view, names, brief, order, out_round or {}))


def sort_cards(cards: Sequence[Card], order: str, deck: int) -> list[Card]:
    """The player's chosen order: by suit (then rank) or by rank (then suit)."""
    if order == "valor":
        return sorted(cards, key=lambda c: (run_position(c.rank, deck), c.suit_index, c.copy))
    return sorted(cards, key=lambda c: c.sort_key)


def went_out(out_round: Mapping[int, int], events: Iterable[Event]) -> dict[int, int]:
    """`out_round` after a batch: a seat goes out in the round just scored, and
    comes back in with a reenganche."""
    out = dict(out_round)
    round_no = 0
    for event in events:
        if isinstance(event, r.RoundScored):
            round_no = event.round_no
        elif isinstance(event, r.Eliminated):
            out[event.seat] = round_no
        elif isinstance(event, r.Reenganched):
            out.pop(event.seat, None)
    return out


def _moved(line: str, *briefs: str) -> Told:
    """`line` is said and kept as the last move, with its brief forms for the status
    prompt."""
    return Told([line], last_move=line, last_brief=[*briefs])


def _match_started(e: r.MatchStarted, c: _Context) -> Told:
    decks = _("dos barajas") if e.copies == 2 else _("una baraja")
    return Told(
        [
            _(
                "Chinchón a {limit} puntos, baraja de {deck} cartas, {decks}."
                " Bote: {pot}, lo que ponéis entre todos; se lo lleva quien gane."
            ).format(limit=e.limit, deck=e.deck, decks=decks, pot=chips(e.pot))
        ]
    )


def _round_started(e: r.RoundStarted, c: _Context) -> Told:
    if c.names.you(e.mano):
        line = _("Ronda {n}. Empiezas tú. Descarte: {card}.")
    else:
        line = _("Ronda {n}. Empieza {name}. Descarte: {card}.")
    return Told([line.format(n=e.round_no, name=c.raw(e.mano), card=card_name(e.starting_card))])


def _dealt(e: r.Dealt, c: _Context) -> Told:
    if not c.names.you(e.seat) or e.cards is None:
        return Told([])
    cards = sort_cards(e.cards, c.order, c.deck)
    return Told([_("Tus cartas: {cards}.").format(cards=card_list(cards))])


def _turn_started(e: r.TurnStarted, c: _Context) -> Told:
    if not c.names.you(e.seat):
        return Told([])
    if e.phase == "draw":
        # The discard was just named (by the discard or the round start) and
        # the prompt shows it: saying it again only delays the player.
        return Told([Asking(_("Tu turno."))])
    if e.phase == "layoff":
        return Told([Asking(_("Te toca colocar. Escribe colocar, colocar CARTA en N, o listo."))])
    return Told([])


def _drew_stock(e: r.DrewStock, c: _Context) -> Told:
    if c.names.you(e.seat) and e.card is not None:
        brief = _("Robas {card}").format(card=card_brief(e.card))
        return _moved(said(_("Robas {card}.").format(card=card_name(e.card)), brief), brief)
    return Told([])  # a rival's draw is said with its discard


def _took_discard(e: r.TookDiscard, c: _Context) -> Told:
    if c.names.you(e.seat):
        brief = _("Coges {card}").format(card=card_brief(e.card))
        return _moved(said(_("Coges {card}.").format(card=card_name(e.card)), brief), brief)
    return Told([])  # said with the discard that ends the turn


def _drew_briefs(seat: int, taken: Card | None, what: str, c: _Context) -> list[str]:
    """'Pablo coge 3 co, tira rey ba' and 'Pablo tira rey ba' (who and what first;
    a draw from the stock goes unsaid in the brief form)."""
    name = c.raw(seat)
    short = f"{name} {what}"
    if taken is None:
        return [short]
    return [
        _("{name} coge {card}, {what}").format(name=name, card=card_brief(taken), what=what),
        short,
    ]


def _drew_phrase(seat: int, taken: Card | None, c: _Context) -> str:
    """'Ana roba del mazo' / 'Ana coge el 3 de oros' (what she did before this)."""
    if taken is None:
        return _("{name} roba del mazo").format(name=c.raw(seat))
    card = card_short(taken) if c.brief else card_name(taken)
    return _("{name} coge {card}").format(name=c.raw(seat), card=card)


def _discarded(e: r.Discarded, c: _Context) -> Told:
    if c.names.you(e.seat):
        brief = _("Tiras {card}").format(card=card_brief(e.card))
        line = _("Tiras {card}.").format(card=card_name(e.card))
        return _moved(said(line, brief), brief)
    what = _("tira {card}").format(card=card_brief(e.card))
    briefs = _drew_briefs(e.seat, e.taken, what, c)
    if c.brief:
        # "Ana: mazo, tira 7 oros." — the decisive words in the first cells.
        source = _("mazo") if e.taken is None else card_short(e.taken)
        line = _("{name}: {source}, tira {card}.").format(
            name=c.raw(e.seat), source=source, card=card_short(e.card)
        )
    else:
        line = _("{who} y tira {card}.").format(
            who=_drew_phrase(e.seat, e.taken, c), card=card_name(e.card)
        )
    return _moved(said(line, *briefs), *briefs)


def _stock_rebuilt(e: r.StockRebuilt, c: _Context) -> Told:
    return Told(
        [
            _("Se acabó el mazo: se barajan los descartes. Mazo: {cards}.").format(
                cards=cards_count(e.cards_in_stock)
            )
        ]
    )


def _closed(e: r.Closed, c: _Context) -> Told:
    briefs: list[str]
    if c.names.you(e.seat):
        if e.chinchon:
            first = _("¡Chinchón! Cierras con las siete cartas ligadas: menos 10 puntos.")
            briefs = [_("Haces chinchón: menos 10")]
        else:
            first = _("Cierras con {points}.").format(points=loose(e.loose_points))
            briefs = [ngettext("Cierras con {n} punto", "Cierras con {n} puntos", e.loose_points)]
        shown = _("Bajas: {melds}.")
        shown_brief = _("Bajas: {melds}")
    else:
        who = _drew_phrase(e.seat, e.taken, c)
        if e.chinchon:
            first = _("¡{who} y hace chinchón! Menos 10 puntos.").format(who=who)
            what = _("hace chinchón: menos 10")
        else:
            first = _("{who} y cierra con {points}.").format(who=who, points=loose(e.loose_points))
            what = ngettext("cierra con {n} punto", "cierra con {n} puntos", e.loose_points)
        briefs = _drew_briefs(e.seat, e.taken, what, c)
        shown = _("{name} baja: {melds}.")
        shown_brief = _("{name} baja: {melds}")
    briefs = [b.format(n=e.loose_points) for b in briefs]
    melds = melds_text(e.melds, c.deck, numbered=not e.chinchon)
    second = shown.format(name=c.raw(e.seat), melds=melds)
    parts = [meld_brief(m, c.deck) for m in e.melds]
    if e.loose_cards:
        second += " " + _("Sueltas: {cards}.").format(cards=card_list(e.loose_cards))
        parts.append(
            _("sueltas {cards}").format(cards=", ".join(card_brief(x) for x in e.loose_cards))
        )
    # As many whole melds as the cells take (a card is never cut in two).
    second_brief = shown_brief.format(name=c.raw(e.seat), melds=parts[0])
    for part in parts[1:]:
        longer = f"{second_brief}; {part}"
        if len(longer) > BRIEF_CELLS:
            break
        second_brief = longer
    return Told(
        [said(first, *briefs), said(second, second_brief)],
        last_move=f"{first} {second}",
        last_brief=briefs,
    )


def _laid_off(e: r.LaidOff, c: _Context) -> Told:
    """Whose meld and which: 'Elena coloca la sota de espadas en tu grupo de sotas:
    oros, copas y espadas.' / 'en la combinación 2 de Pablo; queda ...'."""
    meld = _meld_text(e.meld_after, c.deck)
    closer = c.view.closer
    if c.names.you(e.seat):
        line = _("Colocas {card} en la combinación {n}; queda {meld}.")
        brief = _("Colocas {card} en {n}")
    elif closer is not None and c.names.you(closer):
        line = _("{name} coloca {card} en tu {meld}.")
        brief = _("{name} coloca {card} en tu {n}")
    elif closer is not None:
        line = _("{name} coloca {card} en la combinación {n} de {owner}; queda {meld}.")
        brief = _("{name} coloca {card} en {n}")
    else:
        line = _("{name} coloca {card} en la combinación {n}; queda {meld}.")
        brief = _("{name} coloca {card} en {n}")
    owner = c.raw(closer) if closer is not None else ""
    line = line.format(
        name=c.raw(e.seat), card=card_name(e.card), n=e.meld_index + 1, meld=meld, owner=owner
    )
    brief = brief.format(name=c.raw(e.seat), card=card_brief(e.card), n=e.meld_index + 1)
    full = f"{brief}: {meld_brief(e.meld_after, c.deck)}"
    return _moved(said(line, full, brief), full, brief)


def _lay_off_finished(e: r.LayOffFinished, c: _Context) -> Told:
    if c.names.you(e.seat):
        line = _("Terminas de colocar: {points}.").format(points=points(e.points))
        return Told([said(line, _("Terminas: {points}").format(points=points(e.points)))])
    name = c.raw(e.seat)
    if not e.laid_off:  # "termina de colocar" would say it placed something
        line = _("{name} no coloca nada: {points}.").format(name=name, points=points(e.points))
        brief = _("{name} no coloca: {points}").format(name=name, points=points(e.points))
        return Told([said(line, brief)])
    line = _("{name} termina de colocar: {points}.").format(name=name, points=points(e.points))
    brief = _("{name} termina: {points}").format(name=name, points=points(e.points))
    return Told([said(line, brief)])


def _round_scored(e: r.RoundScored, c: _Context) -> Told:
    # Who reaches the limit goes out in this batch: said here, before the pause
    # (the eliminations come after it).
    limit = c.view.options.limit
    lines = [_("Fin de la ronda {n}. Puntos:").format(n=e.round_no)]
    for result in e.results:
        name = c.names.name(result.seat)
        if result.closer and e.chinchon:
            lines.append(
                _("{name}: menos 10 por chinchón, total {total}.").format(
                    name=name, total=result.total
                )
            )
            continue
        if result.total >= limit:
            if c.names.you(result.seat):
                text = _("{name}: {points}, total {total}: quedas fuera.")
            else:
                text = _("{name}: {points}, total {total}: queda fuera.")
        else:
            text = _("{name}: {points}, total {total}.")
        line = text.format(name=name, points=points(result.points), total=result.total)
        if result.loose_cards and not c.brief:
            line += " " + _("Sueltas: {cards}.").format(cards=card_list(result.loose_cards))
            line = said(line, line.split(". ")[0])
        lines.append(line)
    return Told(lines)


def _eliminated(e: r.Eliminated, c: _Context) -> Told:
    view = c.view
    if view.phase == "over":
        return Told([])  # the score line said it, and no pause comes between
    question_follows = view.phase == "reenganche" and c.names.you(view.current_seat)
    if c.names.you(e.seat) and question_follows:
        line = _("Quedas fuera con {total} puntos.")
    elif c.names.you(e.seat):
        line = _("Quedas fuera con {total} puntos. Sigues mirando; escribe salir para dejarlo.")
    else:
        line = _("{name} queda fuera con {total} puntos.")
    return Told([line.format(name=c.raw(e.seat), total=e.total)])


def _reenganche_offered(e: r.ReengancheOffered, c: _Context) -> Told:
    if not c.names.you(e.seat):
        return Told([])
    line = _("¿Te reenganchas con {total} puntos? Pones {stake} en el bote. Responde sí o no.")
    return Told([line.format(total=e.new_total, stake=chips(e.stake))])


def _reenganched(e: r.Reenganched, c: _Context) -> Told:
    if c.names.you(e.seat):
        line = _("Te reenganchas con {total} puntos. Bote: {pot}.")
    else:
        line = _("{name} se reengancha con {total} puntos. Bote: {pot}.")
    return Told([line.format(name=c.raw(e.seat), total=e.new_total, pot=chips(e.pot))])


def _reenganche_declined(e: r.ReengancheDeclined, c: _Context) -> Told:
    if c.names.you(e.seat):
        return Told([_("No te reenganchas.")])
    return Told([_("{name} no se reengancha.").format(name=c.raw(e.seat))])


def _match_over(e: r.MatchOver, c: _Context) -> Told:
    you = c.names.you_seat
    if c.names.you(e.winner):
        first = _("¡Ganas la partida y te llevas el bote de {pot}!")
    else:
        first = _("Gana la partida {name} y se lleva el bote de {pot}.")
    first = first.format(name=c.raw(e.winner), pot=chips(e.pot))
    # The final standing: the winner, then who went out last, then the lowest total.
    order = sorted(
        range(len(e.totals)),
        key=lambda s: (s != e.winner, -c.out_round.get(s, 0), e.totals[s]),
    )
    lines = [first]
    if you is not None and you != e.winner:
        place = order.index(you) + 1
        lines.append(_("Quedas {place}.").format(place=_(ORDINALS[place])))
    items = [
        _("{place} {name} {total}").format(
            place=place,
            name=_("tú") if c.names.you(seat) else c.raw(seat),
            total=e.totals[seat],
        )
        for place, seat in enumerate(order, 1)
    ]
    lines.append(_("Clasificación: {items}.").format(items=", ".join(items)))
    return Told(lines)


_TELLERS: dict[str, Callable[[Any, _Context], Told]] = {
    "match_started": _match_started,
    "round_started": _round_started,
    "dealt": _dealt,
    "turn_started": _turn_started,
    "drew_stock": _drew_stock,
    "took_discard": _took_discard,
    "discarded": _discarded,
    "stock_rebuilt": _stock_rebuilt,
    "closed": _closed,
    "laid_off": _laid_off,
    "lay_off_finished": _lay_off_finished,
    "round_scored": _round_scored,
    "eliminated": _eliminated,
    "reenganche_offered": _reenganche_offered,
    "reenganched": _reenganched,
    "reenganche_declined": _reenganche_declined,
    "match_over": _match_over,
}
