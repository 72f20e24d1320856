"""Answers to the ¡Cabanga! reading commands (mano, filas, mesa, puntos, turno,
jugadas): pure, from the listener's view and the players' names."""

from __future__ import annotations

from sobremesa.games.cabanga import rules as r
from sobremesa.games.cabanga import texts as t
from sobremesa.i18n import _, ngettext
from sobremesa.ui.announcer import Said
from sobremesa.ui.told import Names
from sobremesa.ui.wording import BRIEF_CELLS, cards_text, fit, join, points_text


def spectator_line() -> str:
    return _("Eres espectador: no tienes cartas.")


def hand_lines(view: r.CabangaView) -> list[str]:
    """`mano`: your cards by colour, their points, and the heavy ones apart."""
    if view.seat is None:
        return [spectator_line()]
    hand = list(view.hand or ())
    if not hand:
        return [_("No tienes cartas.")]
    options = view.options
    total = sum(options.points(c) for c in hand)
    lines = [
        _("Tu mano, {count}, {points}: {cards}.").format(
            count=cards_text(len(hand)), points=points_text(total), cards=t.cards_by_colour(hand)
        )
    ]
    for value in sorted({options.points(c) for c in hand if options.points(c) > 1}, reverse=True):
        heavy = [t.card_text(c) for c in hand if options.points(c) == value]
        lines.append(
            _("Valen {points}: {cards}.").format(points=points_text(value), cards=join(heavy))
        )
    return lines


def row_line(row: r.Row, view: r.CabangaView) -> Said:
    """'Rojo: izquierda gris 3, derecha 14, hueco del 4 al 13, quedan: 6 y 9.'
    Which pile is which is said, so a play's side is never a guess. 'quedan':
    the gap's cards not yet seen, and not yours (you know where those are)."""
    low, high = sorted((row.left_top.value, row.right_top.value))
    gap = t.gap_text(low, high) + t.gap_left(
        row.colour, range(low + 1, high), view.seen_cards(), set(view.hand or ())
    )
    tops = []
    for top in (row.left_top, row.right_top):
        # A grey start card is named as such, so "16 y 16" is never a puzzle.
        tops.append(_("gris {value}").format(value=top.value) if top.is_start else str(top.value))
    colour = t.colour_name(row.colour).capitalize()
    line = _("{colour}: izquierda {left}, derecha {right}, {gap}.").format(
        colour=colour, left=tops[0], right=tops[1], gap=gap
    )
    short = t.gap_brief(low, high)
    piles = {"colour": colour, "left": tops[0], "right": tops[1]}
    if short:
        briefs = [
            _("{colour}: izq {left}, der {right}, hueco {gap}").format(**piles, gap=short),
            _("{colour}: izq {left}, der {right}, {gap}").format(**piles, gap=short),
        ]
    else:
        briefs = [_("{colour}: izq {left}, der {right}, {gap}").format(**piles, gap=gap)]
    return Said(line, brief=fit(BRIEF_CELLS, line, *briefs))


def row_lines(view: r.CabangaView) -> list[str]:
    """`filas`: the four rows, one line each."""
    return [row_line(row, view) for row in view.rows]


def table_lines(view: r.CabangaView, names: Names) -> list[str]:
    """`mesa`: the rows, the penalty deck, the cards thrown and everyone's count."""
    counts = ", ".join(f"{names.name(s)} {n}" for s, n in enumerate(view.hand_counts))
    return [
        *row_lines(view),
        _("Mazo de castigo: {deck}. Tiradas por cabanga: {thrown}. Cartas: {counts}.").format(
            deck=cards_text(view.deck_count), thrown=len(view.thrown), counts=counts
        ),
    ]


def score_lines(view: r.CabangaView, names: Names) -> list[str]:
    scores = ", ".join(f"{names.name(s)} {t}" for s, t in enumerate(view.scores))
    return [_("Puntos: {scores}. Límite {limit}.").format(scores=scores, limit=view.options.limit)]


def turn_lines(view: r.CabangaView, names: Names) -> list[str]:
    """`turno`: the open window and what fits you, or whose turn and the colour to avoid."""
    if view.phase == "over":
        return [_("La partida ha terminado.")]
    if view.phase == "cabanga" and view.window is not None:
        window = view.window
        if view.can_react and view.fitting:  # (else the game passes for you)
            return [
                _(
                    "Cabanga abierto en {colour}, {gap}. Te entran: {cards}. Escribe cabanga o paso."
                ).format(
                    colour=t.colour_name(window.colour),
                    gap=t.gap_text(window.low, window.high),
                    cards=t.cards_by_colour(view.fitting),
                )
            ]
        colour = t.colour_name(window.colour)
        pending = [names.name(seat) for seat in window.pending if seat != view.seat]
        if not pending:
            return [_("Cabanga abierto en {colour}.").format(colour=colour)]
        # Whom the window waits for: a long silence has a name.
        return [
            ngettext(
                "Cabanga abierto en {colour}; falta por contestar {names}.",
                "Cabanga abierto en {colour}; faltan por contestar {names}.",
                len(pending),
            ).format(colour=colour, names=join(pending))
        ]
    if view.current_seat == view.seat:
        if view.previous_colour:
            return [
                _("Tu turno: evita el {colour}. Ronda {n}.").format(
                    colour=t.colour_name(view.previous_colour), n=view.round_no
                )
            ]
        return [_("Tu turno: juega una carta. Ronda {n}.").format(n=view.round_no)]
    assert view.current_seat is not None
    return [
        _("Turno de {name}. Ronda {n}.").format(name=names.name(view.current_seat), n=view.round_no)
    ]


def options_lines(view: r.CabangaView) -> list[str]:
    """`jugadas`: what fits the open window, else the plays without a colour
    penalty, those that leave no gap, and those whose gap nobody can fill (its
    cards are out, or yours): no cabanga can follow either."""
    hand = list(view.hand or ())
    if not hand:
        return [_("No tienes cartas.")]
    if view.phase == "cabanga" and view.can_react and view.fitting:
        return [
            _("Te entran: {cards}. Escribe cabanga o paso.").format(
                cards=t.cards_by_colour(view.fitting)
            )
        ]
    free = [c for c in hand if c.colour != view.previous_colour]
    if not view.previous_colour:
        lines = [_("Puedes jugar cualquier carta sin castigo.")]
    elif free:
        lines = [_("Sin castigo de color: {cards}.").format(cards=t.cards_by_colour(free))]
    else:
        lines = [
            _("Todas tus cartas son {colour}: robarás una de castigo.").format(
                colour=_(t.COLOUR_PLURALS[view.previous_colour])
            )
        ]
    seen = view.seen_cards()
    no_gap: list[str] = []
    covered: list[str] = []
    for card in sorted(hand, key=lambda c: c.sort_key):
        row = view.row(card.colour)
        for side in ("left", "right"):
            gap = row.gap_if(card, side)
            where = _("{card} {side}").format(card=t.card_text(card), side=t.side_word(side))
            if not gap:
                no_gap.append(where)
            elif all(
                r.CabangaCard(card.colour, v) in seen or r.CabangaCard(card.colour, v) in hand
                for v in gap
            ):
                covered.append(where)
    lines.append(
        _("Sin hueco: {plays}.").format(plays=join(no_gap))
        if no_gap
        else _("Todas tus jugadas dejan hueco.")
    )
    if covered:
        lines.append(_("Hueco que nadie puede llenar: {plays}.").format(plays=join(covered)))
    return lines
