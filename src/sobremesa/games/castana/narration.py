"""ABC ¡Castaña! events in words, as one seat hears them.

Pure: the event as the seat may see it (`event.visible_to(seat)`), that seat's view
after the batch, the players' names and an `Aside` (what the adapter knows of the
moment that neither says) in; lines out. No game, no clock, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from sobremesa.core.game import Event
from sobremesa.games.castana import rules as r
from sobremesa.games.castana.texts import card_text, colour_name, hand_text
from sobremesa.i18n import N_, _
from sobremesa.ui.announcer import Asking, Said
from sobremesa.ui.told import Names, Told
from sobremesa.ui.wording import BRIEF_CELLS, cards_text, fit, join, points_text, result_lines

ORDINALS = [
    N_("en primer lugar"),
    N_("en segundo lugar"),
    N_("en tercer lugar"),
    N_("en cuarto lugar"),
    N_("en quinto lugar"),
]


@dataclass(frozen=True)
class Aside:
    """What the adapter knows of the moment that neither the event nor the view says."""

    order: str = "color"  # the listener's hand order: "color" or "letra"
    # The batch opens a window to doubt a word: its H or S takes effect only if it stands.
    if_it_stands: bool = False
    auto_chose: bool = False  # the game chose the colour or player of the listener's play
    asked: bool = False  # the listener was asked in the open window (their pass is told)
    can_steal: bool = False  # the listener may steal with a word (the word list knows)


@dataclass
class _Context:
    view: r.CastanaView
    names: Names
    aside: Aside
    last_move: str | None = None
    last_brief: list[str] | None = field(default=None)

    def move(self, line: str, *briefs: str) -> Said:
        """A move line: kept as the last move, with its brief forms for the braille
        line (history review, and the status prompt during rivals' turns): the
        first of `briefs` that fits, the last one being the shortest."""
        self.last_move = line
        self.last_brief = list(briefs)
        return Said(line, brief=fit(BRIEF_CELLS, *briefs))


def narrate(
    event: Event, view: r.CastanaView, names: Names, *, brief: bool = False, aside: Aside = Aside()
) -> Told:
    """The lines for `event` (already as the listening seat may see it). `brief`
    (the verbosity "breve") changes nothing here: every line has its brief form."""
    teller = _TELLERS.get(event.kind)
    if teller is None:
        return Told([])
    c = _Context(view, names, aside)
    lines = teller(event, c)
    return Told(lines, last_move=c.last_move, last_brief=c.last_brief)


def uses_auto_choice(event: Event, names: Names) -> bool:
    """Does this event tell the choice the game made for the listener (said once)?"""
    if isinstance(event, r.CardPlayed | r.WordPlayed):
        last = event.card if isinstance(event, r.CardPlayed) else event.cards[-1]
        return names.you(event.seat) and r.needs_choice(last) == "colour"
    if isinstance(event, r.NextChosen):
        return names.you(event.seat) and not names.you(event.target)
    return False


def _round_started(e: r.RoundStarted, c: _Context) -> list[str]:
    if c.names.you(e.starter):
        line = _("Ronda {n}, empiezas tú. Arriba: {card}.")
        return [line.format(n=e.round_no, card=card_text(e.start_card))]
    line = _("Ronda {n}, empieza {name}. Arriba: {card}.")
    return [line.format(n=e.round_no, name=c.names.name(e.starter), card=card_text(e.start_card))]


def _dealt(e: r.Dealt, c: _Context) -> list[str]:
    if not c.names.you(e.seat) or e.cards is None:
        return []
    return [_("Tus cartas: {cards}.").format(cards=hand_text(e.cards, c.aside.order))]


def _turn_started(e: r.TurnStarted, c: _Context) -> list[str]:
    if not c.names.you(e.seat):
        return []
    if e.attack:
        return [Asking(_("Tu turno: pon otra {letter} o roba 2.").format(letter=e.attack))]
    # The top card was named by the play before, and the prompt carries it.
    return [Asking(_("Tu turno."))]


def _attacked(e: r.Attacked, c: _Context) -> list[str]:
    if c.names.you(e.seat):
        return []
    return [
        _("{name} debe poner otra {letter} o robar 2.").format(
            name=c.names.name(e.seat), letter=e.letter
        )
    ]


def _choice_text(c: _Context, seat: int, last: str, colour: str) -> str:
    """The colour chosen with a vowel or a Ñ (always said: it decides the next play)."""
    if r.needs_choice(last) != "colour":
        return ""
    if c.names.you(seat) and c.aside.auto_chose:
        return _("; el juego elige por ti el {colour}").format(colour=colour_name(colour))
    return _("; sigue el {colour}").format(colour=colour_name(colour))


def _card_played(e: r.CardPlayed, c: _Context) -> list[str]:
    card = card_text(e.card)
    name = c.names.name(e.seat)
    you = c.names.you(e.seat)
    ch = r.letter(e.card)
    if e.answer:
        line = (
            _("¡Toma castaña! Contestas con {card}.")
            if you
            else _("¡Toma castaña! {name} contesta con {card}.")
        ).format(name=name, card=card)
    elif ch == "Ñ" and e.out_of_turn:
        line = (
            _("¡Toma castaña! Echas la {card} fuera de turno.")
            if you
            else _("¡Toma castaña! {name} echa la {card} fuera de turno.")
        ).format(name=name, card=card)
    elif ch == "Ñ":
        line = (
            _("¡Toma castaña! Echas la {card}.")
            if you
            else _("¡Toma castaña! {name} echa la {card}.")
        ).format(name=name, card=card)
    elif ch in "LRS":
        line = (_("¡Caña! Juegas {card}.") if you else _("¡Caña! {name} juega {card}.")).format(
            name=name, card=card
        )
    else:
        line = (_("Juegas {card}.") if you else _("{name} juega {card}.")).format(
            name=name, card=card
        )
    choice = _choice_text(c, e.seat, e.card, e.colour)
    if choice:
        line = line[:-1] + choice + "."
    brief = f"{name} {card}"
    if r.needs_choice(e.card) == "colour":
        brief = _("{move}, sigue {colour}").format(move=brief, colour=colour_name(e.colour))
    return [c.move(line, brief, f"{name} {card}"), *_last_card(c, e.seat)]


def _last_card(c: _Context, seat: int) -> list[str]:
    """'A Ana le queda una carta.': the moment to steal, doubt or throw the Ñ."""
    if c.view.hand_sizes[seat] != 1 or c.view.phase == "over":
        return []
    if c.names.you(seat):
        return [_("Te queda una carta.")]
    return [_("A {name} le queda una carta.").format(name=c.names.name(seat))]


def _word_played(e: r.WordPlayed, c: _Context) -> list[str]:
    last = e.cards[-1]
    top = card_text(last) + _choice_text(c, e.seat, last, e.colour)
    name = c.names.name(e.seat)
    you = c.names.you(e.seat)
    if e.steal:
        text = (
            _("¡Toma castaña! Robas el turno con {word}; arriba {top}.")
            if you
            else _("¡Toma castaña! {name} roba el turno con {word}; arriba {top}.")
        )
    else:
        text = _("Formas {word}; arriba {top}.") if you else _("{name} forma {word}; arriba {top}.")
    line = text.format(name=name, word=e.word, top=top)
    brief = f"{name} {e.word}"
    if r.needs_choice(last) == "colour":
        brief = _("{move}, sigue {colour}").format(move=brief, colour=colour_name(e.colour))
    return [c.move(line, brief, f"{name} {e.word}"), *_last_card(c, e.seat)]


# A draw's line by its reason (any other: "turn"): to the one who drew, to the others.
_DRAWS = {
    "turn": (N_("Robas {cards}."), N_("{name} roba.")),
    "attack": (
        N_("Robas 2 y pierdes el turno: {cards}."),
        N_("{name} roba {count} y pierde el turno."),
    ),
    "answer": (
        N_("Robas 4 y pierdes el turno: {cards}."),
        N_("{name} roba {count} y pierde el turno."),
    ),
    "taken_back": (N_("Robas {count}: {cards}."), N_("{name} roba {count}.")),
}


def _drew(e: r.Drew, c: _Context) -> list[str]:
    name = c.names.name(e.seat)
    yours, theirs = _DRAWS.get(e.reason, _DRAWS["turn"])
    if c.names.you(e.seat) and e.cards is not None:
        cards = join([card_text(c) for c in e.cards])
        line = _(yours).format(cards=cards, count=e.count)
        short = _("Robas {count}").format(count=cards_text(e.count))
        return [c.move(line, _("Robas {cards}").format(cards=cards), short)]
    line = _(theirs).format(name=name, count=e.count)
    short = _("{name} roba {count}").format(name=name, count=e.count)
    return [c.move(line, line[:-1], short)]


def _turn_lost(e: r.TurnLost, c: _Context) -> list[str]:
    if e.reason != "h":
        return []  # said with the cards drawn or the word taken back
    if c.aside.if_it_stands:  # a word that may yet be doubted and taken back
        if c.names.you(e.seat):
            return [_("La H es muda: si nadie duda, pierdes el turno.")]
        return [
            _("La H es muda: si nadie duda, {name} pierde el turno.").format(
                name=c.names.name(e.seat)
            )
        ]
    if c.names.you(e.seat):
        return [_("La H es muda: pierdes el turno.")]
    return [_("La H es muda: {name} pierde el turno.").format(name=c.names.name(e.seat))]


def _next_chosen(e: r.NextChosen, c: _Context) -> list[str]:
    if c.aside.if_it_stands:  # a word that may yet be doubted and taken back
        return [_chosen_if_it_stands(e, c)]
    if c.names.you(e.target):
        return [_("{name} te elige: juegas tú.").format(name=c.names.name(e.seat))]
    if c.names.you(e.seat) and c.aside.auto_chose:
        return [_("El juego elige por ti a {name}.").format(name=c.names.name(e.target))]
    if c.names.you(e.seat):
        return [_("Eliges a {name}.").format(name=c.names.name(e.target))]
    return [
        _("{name} elige a {target}.").format(
            name=c.names.name(e.seat), target=c.names.name(e.target)
        )
    ]


def _chosen_if_it_stands(e: r.NextChosen, c: _Context) -> str:
    """The S of a word that may yet be doubted: who would play, if it stands."""
    if c.names.you(e.target):
        return _("{name} te elige: si nadie duda, juegas tú.").format(name=c.names.name(e.seat))
    target = c.names.name(e.target)
    if c.names.you(e.seat) and c.aside.auto_chose:
        return _("El juego elige por ti a {name}: si nadie duda, juega.").format(name=target)
    if c.names.you(e.seat):
        return _("Eliges a {name}: si nadie duda, juega.").format(name=target)
    return _("{name} elige a {target}: si nadie duda, juega.").format(
        name=c.names.name(e.seat), target=target
    )


def _window_opened(e: r.WindowOpened, c: _Context) -> list[str]:
    """The question of a window the listener has something to answer with (one
    they have nothing for is passed for them: not told)."""
    human, view = c.names.you_seat, c.view
    if human is None or human not in view.to_act:
        return []
    challenge = human in view.challengers and view.word is not None
    steal = c.aside.can_steal
    warned = view.warned and view.next_seat == human
    if view.phase == "window" and not (warned or steal or challenge):
        return []  # nothing to do: the driver passes for the player
    name = c.names.name(e.seat)
    if challenge and view.hand_sizes[e.seat] == 0:
        line = _("¿{word}? Dudo o paso; si no, gana {name}.")
    elif challenge and steal:
        line = _("¿{word}, de {name}? Dudo, castaña o paso.")
    elif challenge:
        line = _("¿{word}, de {name}? Dudo o paso.")
    else:
        line = _("Castaña desde la {letter}: puedes robar.")
    return [line.format(word=e.word, name=name, letter=view.top_letter)]


def _window_closed(e: r.WindowClosed, c: _Context) -> list[str]:
    if e.timed_out and c.aside.asked:
        return [_("Se acabó el tiempo.")]
    return []


def _steal_warned(e: r.StealWarned, c: _Context) -> list[str]:
    if c.names.you(e.target):
        return [_("¡Aviso! {name} va a robarte: juega o paso.").format(name=c.names.name(e.seat))]
    if c.names.you(e.seat):
        return [_("Avisas a {name}: quieres robarle el turno.").format(name=c.names.name(e.target))]
    line = _("{name} avisa a {target}: quiere robarle el turno.").format(
        name=c.names.name(e.seat), target=c.names.name(e.target)
    )
    brief = _("{name} avisa a {target}").format(
        name=c.names.name(e.seat), target=c.names.name(e.target)
    )
    return [Said(line, brief=fit(BRIEF_CELLS, line[:-1], brief))]


def _passed(e: r.Passed, c: _Context) -> list[str]:
    if not c.names.you(e.seat) or not c.aside.asked:
        return []  # the game's own pass for a player with nothing to do is not told
    return [_("Pasas.")]


def _challenged(e: r.Challenged, c: _Context) -> list[str]:
    verdict = _("está en el diccionario") if e.valid else _("no está en el diccionario")
    if c.names.you(e.seat):
        line = _("Dudas de {word}: {verdict}.")
    else:
        line = _("{name} duda de {word}: {verdict}.")
    line = line.format(name=c.names.name(e.seat), word=e.word, verdict=verdict)
    if e.valid:
        line += " " + (
            _("Cada uno te da una carta.")
            if c.names.you(e.seat)
            else _("Cada uno le da una carta.")
        )
    brief = (_("{name} duda: {word} vale") if e.valid else _("{name} duda: {word} no vale")).format(
        name=c.names.name(e.seat), word=e.word
    )
    return [c.move(line, brief, _("{name} duda").format(name=c.names.name(e.seat)))]


def _word_taken_back(e: r.WordTakenBack, c: _Context) -> list[str]:
    top = card_text(e.top)
    if e.colour != r.colour(e.top):
        top = _("{card}, sigue el {colour}").format(card=top, colour=colour_name(e.colour))
    if c.names.you(e.seat):
        line = _("Recoges tus letras de {word} y pierdes el turno. Arriba otra vez: {top}.")
    else:
        line = _("{name} recoge sus letras de {word} y pierde el turno. Arriba otra vez: {top}.")
    line = line.format(name=c.names.name(e.seat), word=e.word, top=top)
    brief = _("{name} recoge {word}; arriba {top}").format(
        name=c.names.name(e.seat), word=e.word, top=card_text(e.top)
    )
    return [Said(line, brief=fit(BRIEF_CELLS, brief, brief.split(";")[0]))]


def _card_given(e: r.CardGiven, c: _Context) -> list[str]:
    if c.names.you(e.seat) and e.card:
        return [_("Das {card} a {name}.").format(card=card_text(e.card), name=c.names.name(e.to))]
    if c.names.you(e.to) and e.card:
        return [_("{name} te da {card}.").format(card=card_text(e.card), name=c.names.name(e.seat))]
    return [
        _("{name} da una carta a {to}.").format(name=c.names.name(e.seat), to=c.names.name(e.to))
    ]


def _give_skipped(e: r.GiveSkipped, c: _Context) -> list[str]:
    if c.names.you(e.seat):
        return [_("Te queda una carta: no das ninguna.")]
    return [_("A {name} le queda una carta: no da ninguna.").format(name=c.names.name(e.seat))]


def _race_started(e: r.RaceStarted, c: _Context) -> list[str]:
    if c.names.you(e.seat):
        return [_("Los demás ponen la mano.")]
    if c.names.you_seat is None:
        return []
    return [_("¡Ñ! ¡Pon la mano!")]


def _hand_put(e: r.HandPut, c: _Context) -> list[str]:
    position = _(ORDINALS[e.position - 1]) if e.position <= len(ORDINALS) else str(e.position)
    late = _(", tarde") if e.late else ""
    if c.names.you(e.seat) and e.cards is not None:
        cards = join([card_text(c) for c in e.cards]) if e.cards else _("nada, no quedan cartas")
        line = _("Pones la mano {position}{late}: robas {cards}.").format(
            position=position, late=late, cards=cards
        )
        brief = _("Pones la mano: robas {count}").format(count=len(e.cards))
        return [Said(line, brief=fit(BRIEF_CELLS, line[:-1], brief))]
    line = _("{name} pone la mano {position}{late}: roba {count}.").format(
        name=c.names.name(e.seat), position=position, late=late, count=e.position
    )
    brief = _("{name} pone la mano: roba {count}").format(
        name=c.names.name(e.seat), count=e.position
    )
    return [Said(line, brief=fit(BRIEF_CELLS, line[:-1], brief))]


def _deck_reshuffled(e: r.DeckReshuffled, c: _Context) -> list[str]:
    return [_("Se baraja la pila: {cards} al mazo.").format(cards=cards_text(e.count))]


def _deck_empty(e: r.DeckEmpty, c: _Context) -> list[str]:
    return [_("No quedan cartas para robar.")]


def _round_scored(e: r.RoundScored, c: _Context) -> list[str]:
    if e.winner is None:
        lines = [_("Fin de la ronda {n}: nadie puede jugar ni robar.").format(n=e.round_no)]
    elif c.names.you(e.winner):
        lines = [_("Fin de la ronda {n}: te quedas sin cartas.").format(n=e.round_no)]
    else:
        lines = [
            _("Fin de la ronda {n}: {name} se queda sin cartas.").format(
                n=e.round_no, name=c.names.name(e.winner)
            )
        ]
    for seat, (pts, total) in enumerate(zip(e.points, e.totals, strict=True)):
        lines.append(
            _("{name}: {points}, total {total}.").format(
                name=c.names.name(seat), points=points_text(pts), total=total
            )
        )
    return lines


def _game_over(e: r.GameOver, c: _Context) -> list[str]:
    return result_lines(e.winners, e.totals, c.names.name, c.names.you_seat)


_TELLERS: dict[str, Callable[[Event, _Context], list[str]]] = {
    "round_started": _round_started,
    "dealt": _dealt,
    "turn_started": _turn_started,
    "attacked": _attacked,
    "card_played": _card_played,
    "word_played": _word_played,
    "drew": _drew,
    "turn_lost": _turn_lost,
    "next_chosen": _next_chosen,
    "window_opened": _window_opened,
    "window_closed": _window_closed,
    "steal_warned": _steal_warned,
    "passed": _passed,
    "challenged": _challenged,
    "word_taken_back": _word_taken_back,
    "card_given": _card_given,
    "give_skipped": _give_skipped,
    "race_started": _race_started,
    "hand_put": _hand_put,
    "deck_reshuffled": _deck_reshuffled,
    "deck_empty": _deck_empty,
    "round_scored": _round_scored,
    "game_over": _game_over,
}
