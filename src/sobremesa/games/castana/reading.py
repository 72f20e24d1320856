"""ABC ¡Castaña! reading commands (cartas, mesa, puntos, turno, palabras): what the
player asks about the table, answered from their view and the names.

Pure: no game, no clock, no I/O. What only the word list knows (whether the
player may steal) comes in as a flag.
"""

from __future__ import annotations

from collections.abc import Sequence

from sobremesa.games.castana import rules as r
from sobremesa.games.castana.texts import hand_text, top_text
from sobremesa.i18n import _, ngettext
from sobremesa.ui.told import Names
from sobremesa.ui.wording import cards_text, points_text

WORDS_AT_ONCE = 12  # `palabras` says this many; `palabras más` the next ones


def hand_lines(hand: Sequence[str], order: str) -> list[str]:
    """`cartas`: how many, their penalty points, and the cards in `order`."""
    if not hand:
        return [_("No tienes cartas.")]
    total = sum(r.points(c) for c in hand)
    return [
        _("{count}, {points}: {cards}.").format(
            count=cards_text(len(hand)).capitalize(),
            points=points_text(total),
            cards=hand_text(hand, order),
        )
    ]


def pending_text(
    view: r.CastanaView, names: Names, *, can_steal: bool = False, can_challenge: bool = False
) -> str:
    """What the table waits for, as the listener hears it ('' when nothing)."""
    human = names.you_seat
    if view.phase == "race":
        return _("Carrera de la Ñ: pon la mano.") if human in view.to_act else _("Carrera de la Ñ.")
    if view.phase == "give":
        if names.you(view.challenger):
            return _("Te dan cartas.")
        return _("Dan cartas a {name}.").format(name=names.name(view.challenger or 0))
    if view.phase == "window" and view.warned and view.next_seat == human:
        return _("Te avisan de que quieren robarte el turno: juega ya o di paso.")
    if view.phase == "window":
        steal = human is not None and can_steal
        challenge = human is not None and can_challenge
        if steal and challenge:
            return _("Puedes dudar de {word} o robar el turno; si no, paso.").format(word=view.word)
        if challenge:
            return _("Puedes dudar de {word}; si no, paso.").format(word=view.word)
        if steal:
            return _("Puedes robar el turno; si no, paso.")
        if view.next_seat is not None and names.you(view.next_seat):
            return _("Enseguida juegas tú.")
        return _("Ventana abierta: pueden robar el turno.")
    if view.attack and names.you(view.current):
        return _("Debes poner otra {letter} o robar 2.").format(letter=view.attack)
    if view.attack and view.current is not None:
        return _("{name} debe poner otra {letter} o robar 2.").format(
            name=names.name(view.current), letter=view.attack
        )
    if names.you(view.current):
        return _(
            "Te toca: carta del color o de la letra, palabra desde la {letter}, o robar."
        ).format(letter=view.top_letter)
    if view.current is not None:
        return _("Turno de {name}.").format(name=names.name(view.current))
    return ""


def table_lines(view: r.CastanaView, names: Names, pending: str) -> list[str]:
    """`mesa`: the top card and what the table waits for, the deck, the pile and
    everyone's card count."""
    counts = ", ".join(f"{names.name(s)} {n}" for s, n in enumerate(view.hand_sizes))
    return [
        _("Arriba: {top}. {pending}").format(top=top_text(view), pending=pending).strip(),
        _("Mazo: {deck}. Pila: {pile}. Cartas: {counts}.").format(
            deck=cards_text(view.deck_size), pile=cards_text(view.pile_size), counts=counts
        ),
    ]


def score_lines(view: r.CastanaView, names: Names, target: int) -> list[str]:
    """`puntos`: everyone's total and the limit that ends the game."""
    scores = ", ".join(f"{names.name(s)} {t}" for s, t in enumerate(view.totals))
    return [
        _("Puntos: {scores}. Se acaba al llegar a {limit}; gana quien tenga menos.").format(
            scores=scores, limit=target
        )
    ]


def turn_lines(view: r.CastanaView, pending: str) -> list[str]:
    """`turno`: the round, the top card and what the table waits for."""
    if view.phase == "over":
        return [_("La partida ha terminado.")]
    return [
        _("Ronda {n}. Arriba: {top}. {pending}")
        .format(n=view.round_no, top=top_text(view), pending=pending)
        .strip()
    ]


def words_line(letter: str, words: Sequence[str], start: int) -> tuple[str, int]:
    """`palabras`: the words formed from the top `letter`, WORDS_AT_ONCE from
    `start` (`palabras más` goes on); and how many have been said."""
    if not words:
        line = _("Con tus cartas no formas ninguna palabra desde la {letter}.")
        return line.format(letter=letter), 0
    shown = words[start : start + WORDS_AT_ONCE]
    said = start + len(shown)
    if start:
        line = _("Más palabras: {words}.").format(words=", ".join(shown))
    else:
        line = ngettext(
            "Desde la {letter} formas {n} palabra: {words}.",
            "Desde la {letter} formas {n} palabras: {words}.",
            len(words),
        ).format(letter=letter, n=len(words), words=", ".join(shown))
    if said < len(words):
        line = line[:-1] + _(", y más: palabras más.")
    return line, said
