"""Palabras events in words, as one seat hears them.

Pure: the event as the seat may see it (`event.visible_to(seat)`), that seat's view
after the batch, and the players' names in; lines out. No game, no clock, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sobremesa.core.game import Event
from sobremesa.games.palabras import rules as r
from sobremesa.games.palabras import texts as t
from sobremesa.games.palabras.board import Move, parse_square, square_name
from sobremesa.games.palabras.tiles import RACK_SIZE
from sobremesa.i18n import _, ngettext
from sobremesa.ui.announcer import Asking
from sobremesa.ui.told import Names, Told
from sobremesa.ui.wording import said


@dataclass(frozen=True)
class _Context:
    view: r.PalabrasView
    names: Names
    brief: bool = False


def narrate(event: Event, view: r.PalabrasView, names: Names, *, brief: bool = False) -> Told:
    """The lines for `event` (already as the listening seat may see it); `brief`:
    the verbosity setting "breve"."""
    teller = _TELLERS.get(event.kind)
    if teller is None:
        return Told([])
    return teller(event, _Context(view, names, brief))


def scoreless_warning(scoreless: int, players: int) -> list[str]:
    """How many turns are left before the game ends for lack of moves, once every
    player has passed or exchanged once in a row."""
    left = 2 * players - scoreless
    if scoreless < players or left <= 0:
        return []
    return [
        ngettext(
            "Si nadie pone fichas, la partida acaba en {n} turno.",
            "Si nadie pone fichas, la partida acaba en {n} turnos.",
            left,
        ).format(n=left)
    ]


def _game_started(e: r.GameStarted, c: _Context) -> Told:
    start = square_name(*c.view.layout.start_square)
    # The event counts the bag before the deal: say what is left after it.
    bag = max(0, e.bag_count - RACK_SIZE * e.players)
    lines = [
        _(
            "Palabras: {players} jugadores, {tiles} en la bolsa. La primera palabra pasa por {square}."
        ).format(players=e.players, tiles=t.tiles_text(bag), square=start)
    ]
    if e.layout != "standard":
        lines.append(_("Tablero de casillas: {name}.").format(name=e.layout))
    if c.names.you(e.first_seat):
        lines.append(_("Empiezas tú."))
    else:
        lines.append(_("Empieza {name}.").format(name=c.names.name(e.first_seat)))
    return Told(lines)


def _tiles_drawn(e: r.TilesDrawn, c: _Context) -> Told:
    lines = []
    if c.names.you(e.seat) and e.tiles is not None and e.count:
        if e.reason == "deal":
            # said whoever starts: 'Tu turno.' does not read the rack
            lines.append(_("Tus fichas: {tiles}.").format(tiles=t.rack_letters(e.tiles)))
        else:
            line = _("Robas {tiles}.").format(tiles=t.rack_letters(e.tiles))
            lines.append(said(line, _("Robas {tiles}").format(tiles=t.rack_brief(e.tiles))))
    if e.bag_count == 0 and e.count and e.reason != "deal":
        lines.append(_("La bolsa se ha quedado vacía."))
    return Told(lines)


def _turn_started(e: r.TurnStarted, c: _Context) -> Told:
    if not c.names.you(e.seat):
        return Told([])
    # The rack is in the prompt (the braille line); saying it here too made every
    # turn start with the same seven letters twice.
    return Told([Asking(_("Tu turno."))])


def _left_after(e: r.TilesPlaced, view: r.PalabrasView) -> int:
    """Tiles left on the mover's rack when nothing was drawn after the move (else
    the draw line says it): 0 when there is nothing to say."""
    left = view.rack_counts[e.seat]
    return left if view.bag_count == 0 and left and left == e.rack_count else 0


def _tiles_placed(e: r.TilesPlaced, c: _Context) -> Told:
    names = c.names
    move = Move(e.row, e.col, e.down, e.word)
    word = t.word_text(e.word)
    placed = {parse_square(square)[:2] for square, _letter in e.tiles}
    reused = [square for square in move.squares() if square not in placed]
    # 'de B7 a B14, vertical, con la I de B8': where it lies and what it took
    place = t.move_span(move, reused)
    span = t.move_span_brief(move)
    if c.brief:
        taken = t.reused_text(move, reused)
        first = _("{name}: {word} {pos}, {score} ({total}).").format(
            name=names.name(e.seat),
            word=word,
            pos=f"{span}, {taken}" if taken else span,
            score=e.score,
            total=e.total,
        )
    elif names.you(e.seat):
        first = _("Juegas {word} {place}: {points} (total {total}).").format(
            word=word, place=place, points=t.score_text(e.score, e.bonus), total=e.total
        )
    else:
        first = _("{name} juega {word} {place}: {points} (total {total}).").format(
            name=names.name(e.seat),
            word=word,
            place=place,
            points=t.score_text(e.score, e.bonus),
            total=e.total,
        )
    details = []
    if len(e.words) > 1:
        # A word formed twice ("TU 2, TU 2") sounds like a stutter: say where each is.
        texts = [w for w, _pos, _score in e.words]
        details.append(
            _("Palabras: {words}.").format(
                words=", ".join(
                    f"{t.word_text(w)} {pos} {score}"
                    if texts.count(w) > 1
                    else f"{t.word_text(w)} {score}"
                    for w, pos, score in e.words
                )
            )
        )
    blanks = [(letter, square) for square, letter in e.tiles if letter.islower()]
    if blanks and not c.brief:
        details.append(_("Comodín como {letters}.").format(letters=t.blanks_text(blanks)))
    if e.bonus and c.brief:  # else said with the points
        details.append(_("Incluye {bonus} por usar las 7 fichas.").format(bonus=e.bonus))
    left = _left_after(e, c.view)
    if left and not c.brief:
        if names.you(e.seat):
            details.append(
                ngettext("Te queda {n} ficha.", "Te quedan {n} fichas.", left).format(n=left)
            )
        else:
            details.append(
                ngettext(
                    "A {name} le queda {n} ficha.", "A {name} le quedan {n} fichas.", left
                ).format(name=names.name(e.seat), n=left)
            )
    # 'Ana CASA H8-K8 12 (45)': who and what first, then the squares it covers
    # (the notation 'Ana CASA 8H 12' when the squares do not fit)
    brief = f"{names.name(e.seat)} {word} {span} {e.score}"
    briefs = [f"{brief} ({e.total})", brief, f"{names.name(e.seat)} {word} {e.pos} {e.score}"]
    lines = [said(first, *briefs)]
    if details:
        lines.append(said(" ".join(details), *_details_briefs(e, c.view)))
    return Told(lines, last_move=" ".join(lines), last_brief=briefs)


def _details_briefs(e: r.TilesPlaced, view: r.PalabrasView) -> list[str]:
    """The second line of a move in brief: 'CASA 12, AS 2; comodín E; +40'."""
    parts = []
    blanks = [(letter, square) for square, letter in e.tiles if letter.islower()]
    if blanks:
        parts.append(t.blanks_brief(blanks))
    if e.bonus:
        parts.append(_("incluye {bonus} por 7 fichas").format(bonus=e.bonus))
    left = _left_after(e, view)
    if left:
        parts.append(ngettext("queda {n}", "quedan {n}", left).format(n=left))
    if len(e.words) > 1:  # last: the words are many and the main one is known
        parts.append(", ".join(f"{t.word_text(w)} {score}" for w, _pos, score in e.words))
    return ["; ".join(parts)] if parts else []


def _exchanged(e: r.Exchanged, c: _Context) -> Told:
    if c.names.you(e.seat) and e.returned is not None:
        line = _("Cambias {tiles}.").format(tiles=t.rack_letters(e.returned))
        brief = _("Cambias {tiles}").format(tiles=t.rack_brief(e.returned))
    else:
        line = ngettext("{name} cambia {n} ficha.", "{name} cambia {n} fichas.", e.count).format(
            name=c.names.name(e.seat), n=e.count
        )
        brief = line.rstrip(".")
    last = said(line, brief)
    warning = scoreless_warning(e.scoreless_turns, c.view.players)
    return Told([last, *warning], last_move=last, last_brief=[brief])


def _passed(e: r.Passed, c: _Context) -> Told:
    if c.names.you(e.seat):
        line = _("Pasas.")
    else:
        line = _("{name} pasa.").format(name=c.names.name(e.seat))
    last = said(line, line.rstrip("."))
    warning = scoreless_warning(e.scoreless_turns, c.view.players)
    return Told([last, *warning], last_move=last, last_brief=[line.rstrip(".")])


def _game_over(e: r.GameOver, c: _Context) -> Told:
    names = c.names
    if e.reason == "rack_emptied" and e.last_placer is not None:
        if names.you(e.last_placer):
            first = _("Fin de la partida: te quedas sin fichas.")
        else:
            first = _("Fin de la partida: {name} se queda sin fichas.").format(
                name=names.name(e.last_placer)
            )
    else:
        first = _("Fin de la partida: todos pasan dos veces seguidas.")
    best = e.scores[e.winners[0]]
    if len(e.winners) == 1 and names.you(e.winners[0]):
        winner = _("¡Ganas con {points}!").format(points=t.points_text(best))
    elif len(e.winners) == 1:
        winner = _("Gana {name} con {points}.").format(
            name=names.name(e.winners[0]), points=t.points_text(best)
        )
    else:
        winner = _("Empate a {points} entre {names}.").format(
            points=t.points_text(best), names=t.join([names.name(s) for s in e.winners])
        )
    subtract = c.view.options.subtract_own_rack
    lines = [first, winner]
    lines += [_final_score(e, seat, names, subtract) for seat in range(len(e.scores))]
    return Told(lines, last_move=first)


def _final_score(e: r.GameOver, seat: int, names: Names, subtract: bool) -> str:
    """'Ana: 120 puntos; le quedan A, E, 2 puntos; total 118.'"""
    total = e.scores[seat]
    adjust = e.adjustments[seat]
    before = total - adjust
    parts = [_("{name}: {points}").format(name=names.name(seat), points=t.points_text(before))]
    rack = e.racks[seat]
    if not rack:
        parts.append(_("sin fichas"))
    else:
        points = e.rack_points[seat]
        # at a table that does not subtract them, say so: else the line
        # reads like a penalty left out of the total
        value = (
            t.points_text(points)
            if subtract
            else ngettext(
                "{n} punto que no se resta", "{n} puntos que no se restan", points
            ).format(n=points)
        )
        left = (
            ngettext("te queda {tiles}, {points}", "te quedan {tiles}, {points}", len(rack))
            if names.you(seat)
            else ngettext("le queda {tiles}, {points}", "le quedan {tiles}, {points}", len(rack))
        )
        parts.append(left.format(tiles=t.rack_letters(rack), points=value))
    gained = adjust + (e.rack_points[seat] if subtract else 0)
    if seat == e.last_placer and gained:
        parts.append(_("más {n} de las fichas de los demás").format(n=gained))
    if subtract and e.rack_points[seat]:
        if names.you(seat):
            parts.append(_("menos {n} de las tuyas").format(n=e.rack_points[seat]))
        else:
            parts.append(_("menos {n} de las suyas").format(n=e.rack_points[seat]))
    parts.append(_("total {total}.").format(total=total))
    return "; ".join(parts)


_TELLERS: dict[str, Callable[..., Told]] = {
    "game_started": _game_started,
    "tiles_drawn": _tiles_drawn,
    "turn_started": _turn_started,
    "tiles_placed": _tiles_placed,
    "exchanged": _exchanged,
    "passed": _passed,
    "game_over": _game_over,
}
