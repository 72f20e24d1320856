"""¡Cabanga! events in words, as one seat hears them.

Pure: the event as the seat may see it (`event.visible_to(seat)`), that seat's
view after the batch, the players' names, and the `Moment` (what no view holds:
the window a play opened later in its batch, whether anyone could throw, a pass
the game made for the seat, a setting); lines out. No game, no clock, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sobremesa.core.game import Event
from sobremesa.games.cabanga import rules as r
from sobremesa.games.cabanga import texts as t
from sobremesa.games.cabanga.commands import player_in_window
from sobremesa.games.cabanga.reading import row_lines
from sobremesa.games.cabanga.window import window_line
from sobremesa.i18n import _
from sobremesa.ui.announcer import Asking, Said
from sobremesa.ui.told import Names, Told
from sobremesa.ui.wording import (
    BRIEF_CELLS,
    PROMPT_CELLS,
    cards_text,
    fit,
    join,
    points_text,
    result_lines,
)


@dataclass(frozen=True)
class Moment:
    """What a line needs beyond the event and the view."""

    #: the window this play opened, later in the same batch (`window.opened_by`)
    opened: r.CabangaOpened | None = None
    #: someone could throw in the window that closes (else "Nadie tira." is noise)
    could_throw: bool = True
    #: the listener's pass was the game's ("No te entra ninguna" said it)
    auto_passed: bool = False
    #: the window line names the cards that fit you (setting notify_fits)
    notify_fits: bool = True


@dataclass(frozen=True)
class _Context:
    view: r.CabangaView
    names: Names
    moment: Moment


def narrate(
    event: Event,
    view: r.CabangaView,
    names: Names,
    *,
    brief: bool = False,
    moment: Moment | None = None,
) -> Told:
    """The lines for `event` (already as the listening seat may see it). Every
    line has its brief form already (`brief`, the verbosity "breve", changes
    nothing here)."""
    teller = _TELLERS.get(event.kind)
    if teller is None:
        return Told([])
    return teller(event, _Context(view, names, moment or Moment()))


def _game_started(e: r.GameStarted, c: _Context) -> Told:
    return Told(
        [
            _("¡Cabanga! a {limit} puntos, {players} jugadores.").format(
                limit=e.limit, players=e.players
            )
        ]
    )


def _round_started(e: r.RoundStarted, c: _Context) -> Told:
    if c.names.you(e.starter):
        first = _("Ronda {n}. Empiezas tú.").format(n=e.round_no)
    else:
        first = _("Ronda {n}. Empieza {name}.").format(n=e.round_no, name=c.names.name(e.starter))
    return Told([first, *row_lines(c.view)])


def _dealt(e: r.Dealt, c: _Context) -> Told:
    if not c.names.you(e.seat) or e.cards is None:
        return Told([])
    return Told([_("Tus cartas: {cards}.").format(cards=t.cards_by_colour(e.cards))])


def _turn_started(e: r.TurnStarted, c: _Context) -> Told:
    if not c.names.you(e.seat):
        return Told([])
    if e.previous_colour:
        return Told(
            [
                Asking(
                    _("Tu turno. Evita el {colour}.").format(
                        colour=t.colour_name(e.previous_colour)
                    )
                )
            ]
        )
    return Told([Asking(_("Tu turno."))])


def _passed(e: r.Passed, c: _Context) -> Told:
    if not c.names.you(e.seat):
        return Told([])
    if e.timed_out:
        return Told([_("Se acabó el tiempo: no tiras.")])
    if c.moment.auto_passed:
        return Told([])
    return Told([_("Pasas.")])


def _card_played(e: r.CardPlayed, c: _Context) -> Told:
    names, view = c.names, c.view
    side = _("a la izquierda") if e.side == "left" else _("a la derecha")
    low, high = sorted((e.card.value, e.other_top.value))
    if names.you(e.seat):
        line = _("Juegas {card} {side}; {gap}.")
    else:
        line = _("{name} juega {card} {side}; {gap}.")
    # Some of the gap's cards are out: say which are left, as 'filas' does.
    left = ""
    opened = c.moment.opened
    if opened is not None and len(opened.values) < len(e.gap):
        out = {r.CabangaCard(opened.colour, v) for v in e.gap if v not in opened.values}
        left = t.gap_left(opened.colour, e.gap, out, set(view.hand or ()))
    line = line.format(
        name=names.name(e.seat),
        card=t.card_text(e.card),
        side=side,
        gap=t.gap_text(low, high) + left,
    )
    window = view.window
    if e.gap and (window is None or window.seat != e.seat):
        if len(e.gap) == 1:
            line = line[:-1] + _(", ya ha salido: no hay cabanga.")
        else:
            line = line[:-1] + _(", ya han salido: no hay cabanga.")
    elif (
        e.gap
        and names.you_seat is not None
        and not names.you(e.seat)
        and not player_in_window(view)
    ):
        # The window the player cannot join is told here, not on its own.
        line = line[:-1] + _("; no te entra.")
    gap = t.gap_brief(low, high)
    what = _("{name} {card} {side}").format(
        name=names.name(e.seat), card=t.card_text(e.card), side=t.side_short(e.side)
    )
    brief = _("{move}: hueco {gap}").format(move=what, gap=gap) if gap else what
    if left:  # ", quedan: 9" → "quedan 9"
        brief = fit(
            BRIEF_CELLS,
            brief + left.replace(":", ""),
            _("{move}: {left}").format(move=what, left=left.lstrip(", ").replace(":", "")),
            brief,
        )
    return Told(
        [Said(line, brief=fit(BRIEF_CELLS, brief))],
        last_move=line,
        last_brief=[f"{what} {gap}".strip()],
    )


def _penalty_drawn(e: r.PenaltyDrawn, c: _Context) -> Told:
    if e.count == 0:
        return Told([])
    reason = _("por repetir color") if e.reason == "colour" else _("por el cabanga")
    if c.names.you(e.seat) and e.cards is not None:
        line = _("Robas {cards} {reason}: {drawn}.").format(
            cards=cards_text(e.count), reason=reason, drawn=t.cards_by_colour(e.cards)
        )
        brief = fit(
            BRIEF_CELLS,
            _("Robas {drawn}").format(drawn=t.cards_by_colour(e.cards)),
            _("Robas {cards}").format(cards=cards_text(e.count)),
        )
    else:
        line = _("{name} roba {cards} {reason}.").format(
            name=c.names.name(e.seat), cards=cards_text(e.count), reason=reason
        )
        brief = line
    return Told([Said(line, brief=fit(BRIEF_CELLS, brief))])


def _deck_rebuilt(e: r.DeckRebuilt, c: _Context) -> Told:
    return Told(
        [
            _("El mazo de castigo se rehace con las cartas tiradas: {cards}.").format(
                cards=cards_text(e.deck_count)
            )
        ]
    )


def _cabanga_opened(e: r.CabangaOpened, c: _Context) -> Told:
    if not player_in_window(c.view):
        return Told([])  # told in the move line ("no te entra"), or the player's own move
    return Told([window_line(c.view, c.moment.notify_fits)])


def _thrown(e: r.Thrown, c: _Context) -> Told:
    names = c.names
    cards = t.cards_by_colour(e.cards)
    if names.you(e.seat):
        line = _("Tiras {cards}.").format(cards=cards)
    else:
        line = _("{name} tira {cards}.").format(name=names.name(e.seat), cards=cards)
    last_brief = fit(
        PROMPT_CELLS - 2,
        line[:-1],
        _("{name} tira {cards}").format(name=names.name(e.seat), cards=cards_text(len(e.cards))),
    )
    return Told(
        [Said(line, brief=fit(BRIEF_CELLS, line[:-1], last_brief))],
        last_move=line,
        last_brief=[last_brief],
    )


def _cabanga_closed(e: r.CabangaClosed, c: _Context) -> Told:
    if not e.throwers and c.moment.could_throw:
        return Told([_("Nadie tira.")])
    return Told([])


def _round_scored(e: r.RoundScored, c: _Context) -> Told:
    names = c.names
    if names.you(e.ender):
        lines = [_("Fin de la ronda {n}: te quedas sin cartas.").format(n=e.round_no)]
    else:
        lines = [
            _("Fin de la ronda {n}: {name} se queda sin cartas.").format(
                n=e.round_no, name=names.name(e.ender)
            )
        ]
    for result in e.results:
        line = _("{name}: {points}, total {total}.").format(
            name=names.name(result.seat), points=points_text(result.points), total=result.total
        )
        if result.cards:
            line += " " + _("Cartas: {cards}.").format(cards=t.cards_by_colour(result.cards))
        lines.append(line)
    if c.view.phase != "over":
        limit = c.view.options.limit
        for result in e.results:
            away = limit - result.total
            if 0 < away <= 3:  # one card more may end the game
                if names.you(result.seat):
                    lines.append(_("Estás a {n} del límite.").format(n=away))
                else:
                    lines.append(
                        _("{name} está a {n} del límite.").format(
                            name=names.name(result.seat), n=away
                        )
                    )
    return Told(lines)


def _game_over(e: r.GameOver, c: _Context) -> Told:
    """Who ended it, who won, your place, then everyone in ranking order."""
    names = c.names
    totals = e.totals
    ranking = sorted(range(len(totals)), key=lambda s: totals[s])
    limit = c.view.options.limit
    ended = [s for s in ranking if totals[s] >= limit]
    lines = []
    if len(ended) == 1 and names.you(ended[0]):
        lines.append(_("Llegas a {total} y termina la partida.").format(total=totals[ended[0]]))
    elif len(ended) == 1:
        lines.append(
            _("{name} llega a {total} y termina la partida.").format(
                name=names.name(ended[0]), total=totals[ended[0]]
            )
        )
    elif ended:
        lines.append(
            _("{names} llegan al límite y termina la partida.").format(
                names=join([names.name(s) for s in ended])
            )
        )
    human = names.you_seat
    lines.append(result_lines(e.winners, totals, names.name, human)[0])
    if human is not None and human not in e.winners:
        place = 1 + sum(1 for t in totals if t < totals[human])
        lines.append(_("Quedas {place}.").format(place=_(t.PLACES[min(place, 6) - 2])))
    scores = ", ".join(f"{names.name(s)} {totals[s]}" for s in ranking)
    lines.append(_("Puntos finales: {totals}.").format(totals=scores))
    return Told(lines)


_TELLERS: dict[str, Callable[..., Told]] = {
    "game_started": _game_started,
    "round_started": _round_started,
    "dealt": _dealt,
    "turn_started": _turn_started,
    "passed": _passed,
    "card_played": _card_played,
    "penalty_drawn": _penalty_drawn,
    "deck_rebuilt": _deck_rebuilt,
    "cabanga_opened": _cabanga_opened,
    "thrown": _thrown,
    "cabanga_closed": _cabanga_closed,
    "round_scored": _round_scored,
    "game_over": _game_over,
}
