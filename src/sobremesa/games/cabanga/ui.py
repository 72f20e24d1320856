"""¡Cabanga! at the table: rows read at a glance, the throw window, commands, bots."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from sobremesa.core.game import Event, IllegalAction
from sobremesa.core.registry import entry
from sobremesa.games.cabanga import rules as r
from sobremesa.games.cabanga.bots import bot_from_dict, make_bot
from sobremesa.i18n import N_, _, ngettext
from sobremesa.settings import Settings
from sobremesa.ui.announcer import Said
from sobremesa.ui.commands import Command, CommandSpec, fold
from sobremesa.ui.numbers import DIGITS, is_number
from sobremesa.ui.session import (
    GameAdapter,
    Pause,
    Reply,
    Table,
    held_from_data,
    held_to_data,
    make_bots,
    restore_seats,
    seat_table,
)
from sobremesa.ui.wording import (
    BRIEF_CELLS,
    PROMPT_CELLS,
    WINDOW_WORDS,
    cards_text,
    fit,
    join,
    join_or,
    next_round_pause,
    points_text,
    prompt_of,
    result_lines,
)

COLOUR_NAMES = {
    "rojo": N_("rojo"),
    "azul": N_("azul"),
    "amarillo": N_("amarillo"),
    "morado": N_("morado"),
    "gris": N_("gris"),
}
COLOUR_WORDS = {
    "rojo": ("rojo", "roja", "r", "red"),
    "azul": ("azul", "a", "blue"),
    "amarillo": ("amarillo", "amarilla", "am", "yellow", "y"),
    "morado": ("morado", "morada", "m", "purple", "p", "violeta"),
}
# "Todas tus cartas son azules": the colour as an adjective of cartas.
COLOUR_PLURALS = {
    "rojo": N_("rojas"),
    "azul": N_("azules"),
    "amarillo": N_("amarillas"),
    "morado": N_("moradas"),
}
_COLOUR_BY_WORD = {w: c for c, words in COLOUR_WORDS.items() for w in words}
SIDE_WORDS = {
    "left": ("izquierda", "izq", "i", "left", "l"),
    "right": ("derecha", "der", "d", "right", "r"),
}
_SIDE_BY_WORD = {w: s for s, words in SIDE_WORDS.items() for w in words}
# Articles and prepositions said inside a move ("el 15 amarillo a la izquierda",
# "purple 2 on the left"): ignored. "a" is also azul: it is a filler only before
# another filler or a side ("a la izquierda", "a izq").
FILLERS = frozenset(
    ("el", "la", "los", "las", "de", "del", "en", "por", "al", "the", "on", "to", "of", "at")
)
# The verbs a line may start with, as the game itself says a move
# ("Juegas amarillo 15 a la izquierda", "You play purple 2 on the left").
PLAY_VERBS = frozenset(("jugar", "juego", "juegas", "juega", "play", "plays", "you", "yo", "tu"))
# "pos 3", "pos3", "posición 3": the card in that place of your sorted hand (a bare
# number is the card of that value, as people say it).
POSITION_WORDS = ("pos", "posicion", "position")
_GLUED_POSITION = re.compile(r"(?:posicion|position|pos)(" + DIGITS + ")")
NUMBER_WORDS = {
    w: n
    for n, words in enumerate(
        (
            ("uno", "one"),
            ("dos", "two"),
            ("tres", "three"),
            ("cuatro", "four"),
            ("cinco", "five"),
            ("seis", "six"),
            ("siete", "seven"),
            ("ocho", "eight"),
            ("nueve", "nine"),
            ("diez", "ten"),
            ("once", "eleven"),
            ("doce", "twelve"),
            ("trece", "thirteen"),
            ("catorce", "fourteen"),
            ("quince", "fifteen"),
            ("dieciseis", "sixteen"),
            ("diecisiete", "seventeen"),
            ("dieciocho", "eighteen"),
        ),
        start=1,
    )
    for w in words
}
# Colours of other games: a word of these is a wrong colour, never a wrong side.
OTHER_COLOURS = frozenset(
    ("verde", "negro", "negra", "blanco", "blanca", "naranja", "rosa", "gris", "marron")
    + ("green", "black", "white", "orange", "pink", "grey", "gray", "brown")
)

COMMANDS = [
    CommandSpec("mano", ("hand", "m", "cartas"), N_("mano: tus cartas por color"), "F2"),
    CommandSpec(
        "mesa", ("table", "e"), N_("mesa: filas, mazo de castigo y cartas de cada uno"), "F3"
    ),
    CommandSpec("filas", ("rows", "f"), N_("filas: las cuatro filas y sus huecos")),
    CommandSpec("puntos", ("scores", "p"), N_("puntos: puntuaciones"), "F4"),
    CommandSpec("turno", ("turn", "t"), N_("turno: a quién le toca y qué"), "F5"),
    CommandSpec("ultima", ("last", "u"), N_("ultima: la última jugada"), "F6"),
    CommandSpec(
        "combinaciones",
        ("jugadas", "options", "co"),
        N_("jugadas: qué puedes jugar sin castigo y sin hueco"),
        "F7",
    ),
    CommandSpec(
        "jugar",
        ("play", "j", "juego", "juegas"),
        N_("jugar CARTA LADO: jugar rojo 7 izq, jugar 7 der, jugar pos 2 izq"),
    ),
    CommandSpec(
        "cabanga",
        ("c", "throw"),
        N_("cabanga o cabanga 7 9: tiras tus cartas que entran en el hueco"),
    ),
    CommandSpec("paso", ("pass", "pasar", "no"), N_("paso: no tiras en el cabanga")),
    CommandSpec(
        "izquierda",
        ("izq", "i", "left"),
        N_("izquierda o derecha: la pila para la carta que escribiste sin lado, como rojo 4"),
    ),
    CommandSpec("derecha", ("der", "d", "right"), ""),
]

RULES = [
    N_("¡Cabanga! Cuatro colores, cartas del 1 al 18. Se reparten 8 cartas a cada jugador."),
    N_("Hay cuatro filas, una por color, con una pila a la izquierda y otra a la derecha."),
    N_(
        "En tu turno juegas una carta en cualquiera de las dos pilas de su color, sea cual sea su número."
    ),
    N_("Si juegas el mismo color que el jugador anterior, robas una carta de castigo."),
    N_(
        "Después de cada jugada, los números que quedan entre las dos pilas de ese color son el hueco."
    ),
    N_("Los demás pueden tirar sus cartas de ese color que entran en el hueco: ¡Cabanga!"),
    N_(
        "Por cada carta tirada, el que jugó roba una carta de castigo, aunque ya no tuviera cartas."
    ),
    N_(
        "La ronda acaba al final del turno, después del cabanga y sus castigos, si alguien se ha quedado sin cartas."
    ),
    N_("Cada carta que te queda en la mano suma sus puntos de castigo."),
    N_("Puntos de castigo: el 1 y el 18 valen 3; el 2, el 3, el 16 y el 17 valen 2; las demás, 1."),
    N_(
        "La partida acaba tras una ronda en la que alguien llega al límite, 18 puntos si no lo cambias. Gana quien tenga menos."
    ),
]

# "Quedas tercero": your place when you did not win (2nd to 6th).
PLACES = (N_("segundo"), N_("tercero"), N_("cuarto"), N_("quinto"), N_("sexto"))

REFUSALS = {
    "not_your_turn": N_("Espera, no es tu turno."),
    "card_not_in_hand": N_("No tienes esa carta."),
    "not_fitting": N_("Esa carta no entra en el hueco."),
    "game_over": N_("La partida ha terminado."),
}


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


def gap_left(
    colour: str, values: Sequence[int], seen: set[r.CabangaCard], mine: set[r.CabangaCard]
) -> str:
    """What a gap still holds when some of its cards are out, as 'filas' says it:
    ', quedan: 6 y 9' (not yours: you know where those are), ', solo quedan las
    tuyas', ', ya han salido'; '' when none is out."""
    inside = [r.CabangaCard(colour, v) for v in values]
    unknown = [c for c in inside if c not in seen and c not in mine]
    if not any(c in seen for c in inside):
        return ""
    if unknown:
        return _(", quedan: {values}").format(values=join([str(c.value) for c in unknown]))
    if any(c in mine for c in inside):
        return _(", solo quedan las tuyas")
    return ngettext(", ya ha salido", ", ya han salido", len(inside))


def side_word(side: str) -> str:
    return _("izquierda") if side == "left" else _("derecha")


def side_short(side: str) -> str:
    return _("izq") if side == "left" else _("der")


class CabangaAdapter(GameAdapter):
    game_id = "cabanga"

    def __init__(self, game: r.CabangaGame, table: Table, bots: dict[int, Any], settings: Settings):
        self.game = game
        self.table = table
        self.bots = bots
        self.settings = settings
        self.last_move = ""
        self.last_brief = ""  # the last move in brief form, for the status prompt
        self.last_play = ""  # the card just played, as the window line starts
        # Lines held back while the player's window is open: the move that opened
        # it, and rivals' throws meanwhile. Said when the player's part ends.
        self.held: list[str] = []
        self.could_throw = True  # someone held a card for the open window's gap
        self._asked: r.CabangaCard | None = None  # 'jugar CARTA' without a side
        self._which: int | None = None  # '¿Qué 7: azul o morado?' asked
        self._which_side: str | None = None  # the side typed with that bare number
        self._opened: r.CabangaOpened | None = None  # the window the play described opened

    # -- start, bots -------------------------------------------------------------
    def in_window(self) -> bool:
        return self.game.in_window()

    def window_key(self) -> object:
        return self.game.window_key()

    def bot_reaction_time(self, seat: int) -> float:
        # Seeded by the game and the moment, so a saved game replays the same race.
        return entry("cabanga").bot_reaction_time(self.game, seat, self.bots[seat]) or 0.0

    def auto_reaction(self, seat: int) -> r.CabangaAction | None:
        if self.game.fitting_cards(seat):
            return None
        self._auto_pass = True  # "No te entra ninguna" already said it: no "Pasas."
        return r.Pass()

    def reading_commands(self) -> frozenset[str]:
        return frozenset(("mano", "mesa", "filas", "puntos", "turno", "ultima", "combinaciones"))

    def close_window(self) -> list[Event]:
        return self.game.close_window()

    def extra_to_data(self) -> dict[str, Any]:
        return {
            "last_move": self.last_move,
            "last_brief": self.last_brief,
            "held": held_to_data(self.held),
            "could_throw": self.could_throw,
            # A question asked (side or colour) stays pending across a save.
            "asked": self._asked.code if self._asked is not None else None,
            "which": self._which,
            "which_side": self._which_side,
        }

    # -- what is said while a window is open -----------------------------------------
    def player_in_window(self) -> bool:
        """The player has a window to answer: open, their answer pending, and a
        card of theirs fits (else the game passes for them at once)."""
        human = self.table.human
        return (
            human is not None
            and self.game.in_window()
            and human in self.game.to_act()
            and bool(self.game.fitting_cards(human))
        )

    def describe_events(self, events: Sequence[Event]) -> list[str | Pause]:
        """While the player's window is open only its one line is said; the move
        that opened it and the rivals' throws meanwhile follow the player's answer
        (or the window's end)."""
        window: list[str | Pause] = []
        items: list[str | Pause] = []
        for i, event in enumerate(events):
            # The window a play opened: the gap's cards not yet out at that moment.
            self._opened = None
            if isinstance(event, r.CardPlayed):
                for later in events[i + 1 :]:
                    if isinstance(later, (r.CardPlayed, r.TurnStarted, r.RoundScored)):
                        break
                    if isinstance(later, r.CabangaOpened):
                        self._opened = later
                        break
            lines = self.describe(event)
            self._opened = None
            if isinstance(event, r.CabangaOpened) and self.player_in_window():
                window.extend(lines)
            else:
                items.extend(lines)
            line = self.pause_after([event])
            if line:
                items.append(Pause(line))
        if self.new_round_waits(events):
            # After the new hand and rows, before the bots play: as in round 1.
            items.append(Pause(_("Pulsa Intro para empezar.")))
        return self.hold_for_window(window, items)

    def new_round_waits(self, events: Sequence[Event]) -> bool:
        """A round after the first began in this batch and a rival starts it: the
        player hears the new hand and rows, then presses Enter before the bots
        play (a round the player starts waits for their play anyway)."""
        human = self.table.human
        return human is not None and any(
            isinstance(e, r.RoundStarted) and e.round_no > 1 and e.starter != human for e in events
        )

    # -- texts -------------------------------------------------------------------
    def _name(self, seat: int) -> str:
        return _("Tú") if seat == self.table.human else self.table.names[seat]

    def _you(self, seat: int) -> bool:
        return seat == self.table.human

    def intro(self) -> list[str]:
        others = [n for s, n in enumerate(self.table.names) if s != self.table.human]
        names = join(others)
        if self.table.human is None:
            first = _("¡Cabanga!, modo espectador. Juegan {names}.").format(names=names)
        else:
            first = _("¡Cabanga! contra {names}.").format(names=names)
        return [first, _("Escribe ayuda para ver las órdenes, o pulsa F1.")]

    def rules(self) -> list[str]:
        return [_(line) for line in RULES]

    def ending(self) -> list[str]:
        return [_("Fin de la partida.")]

    def resume(self) -> list[str]:
        """Scores, rows, the last play, the rivals' card counts, whose turn (with
        the colour to avoid), then your hand."""
        view = self._view()
        lines = self._cmd_puntos("").lines + self._cmd_filas("").lines
        if self.last_move:
            lines.append(_("Última jugada: {move}").format(move=self.last_move))
        counts = [
            f"{self._name(s)} {n}" for s, n in enumerate(view.hand_counts) if s != self.table.human
        ]
        lines.append(_("Cartas: {counts}.").format(counts=", ".join(counts)))
        lines += self._cmd_turno("").lines
        if self.table.human is not None:
            lines += self._cmd_mano("").lines
        return lines

    def refusal(self, error: IllegalAction) -> str:
        message = REFUSALS.get(error.reason)
        return _(message) if message else _("Esa jugada no es posible ahora.")

    def describe(self, event: Event) -> list[str]:
        event = event.visible_to(self.table.human)  # type: ignore[attr-defined]
        method = getattr(self, f"_on_{event.kind}", None)
        return method(event) if method else []

    def _on_game_started(self, e: r.GameStarted) -> list[str]:
        return [
            _("¡Cabanga! a {limit} puntos, {players} jugadores.").format(
                limit=e.limit, players=e.players
            )
        ]

    def _on_round_started(self, e: r.RoundStarted) -> list[str]:
        if self._you(e.starter):
            first = _("Ronda {n}. Empiezas tú.").format(n=e.round_no)
        else:
            first = _("Ronda {n}. Empieza {name}.").format(n=e.round_no, name=self._name(e.starter))
        return [first, *self._cmd_filas("").lines]

    def _on_dealt(self, e: r.Dealt) -> list[str]:
        if not self._you(e.seat) or e.cards is None:
            return []
        return [_("Tus cartas: {cards}.").format(cards=cards_by_colour(e.cards))]

    def _on_turn_started(self, e: r.TurnStarted) -> list[str]:
        if not self._you(e.seat):
            return []
        if e.previous_colour:
            return [_("Tu turno. Evita el {colour}.").format(colour=colour_name(e.previous_colour))]
        return [_("Tu turno.")]

    def _on_passed(self, e: r.Passed) -> list[str]:
        if not self._you(e.seat):
            return []
        if e.timed_out:
            return [_("Se acabó el tiempo: no tiras.")]
        if getattr(self, "_auto_pass", False):
            self._auto_pass = False
            return []
        return [_("Pasas.")]

    def _on_card_played(self, e: r.CardPlayed) -> list[str]:
        side = _("a la izquierda") if e.side == "left" else _("a la derecha")
        low, high = sorted((e.card.value, e.other_top.value))
        if self._you(e.seat):
            self._asked = self._which = None
            line = _("Juegas {card} {side}; {gap}.")
        else:
            line = _("{name} juega {card} {side}; {gap}.")
        # Some of the gap's cards are out: say which are left, as 'filas' does.
        left = ""
        opened = self._opened
        if opened is not None and len(opened.values) < len(e.gap):
            out = {r.CabangaCard(opened.colour, v) for v in e.gap if v not in opened.values}
            left = gap_left(opened.colour, e.gap, out, set(self._hand()))
        line = line.format(
            name=self._name(e.seat),
            card=card_text(e.card),
            side=side,
            gap=gap_text(low, high) + left,
        )
        window = self.game.window
        human = self.table.human
        if e.gap and (window is None or window.seat != e.seat):
            if len(e.gap) == 1:
                line = line[:-1] + _(", ya ha salido: no hay cabanga.")
            else:
                line = line[:-1] + _(", ya han salido: no hay cabanga.")
        elif e.gap and human is not None and human != e.seat and not self.player_in_window():
            # The window the player cannot join is told here, not on its own.
            line = line[:-1] + _("; no te entra.")
        gap = gap_brief(low, high)
        what = _("{name} {card} {side}").format(
            name=self._name(e.seat), card=card_text(e.card), side=side_short(e.side)
        )
        brief = _("{move}: hueco {gap}").format(move=what, gap=gap) if gap else what
        if left:  # ", quedan: 9" → "quedan 9"
            brief = fit(
                BRIEF_CELLS,
                brief + left.replace(":", ""),
                _("{move}: {left}").format(move=what, left=left.lstrip(", ").replace(":", "")),
                brief,
            )
        self.last_move = line
        self.last_brief = f"{what} {gap}".strip()
        self.last_play = card_text(e.card).capitalize()  # what the window line starts with
        return [Said(line, brief=fit(BRIEF_CELLS, brief))]

    def _on_penalty_drawn(self, e: r.PenaltyDrawn) -> list[str]:
        if e.count == 0:
            return []
        reason = _("por repetir color") if e.reason == "colour" else _("por el cabanga")
        if self._you(e.seat) and e.cards is not None:
            line = _("Robas {cards} {reason}: {drawn}.").format(
                cards=cards_text(e.count), reason=reason, drawn=cards_by_colour(e.cards)
            )
            brief = fit(
                BRIEF_CELLS,
                _("Robas {drawn}").format(drawn=cards_by_colour(e.cards)),
                _("Robas {cards}").format(cards=cards_text(e.count)),
            )
        else:
            line = _("{name} roba {cards} {reason}.").format(
                name=self._name(e.seat), cards=cards_text(e.count), reason=reason
            )
            brief = line
        return [Said(line, brief=fit(BRIEF_CELLS, brief))]

    def _on_deck_rebuilt(self, e: r.DeckRebuilt) -> list[str]:
        return [
            _("El mazo de castigo se rehace con las cartas tiradas: {cards}.").format(
                cards=cards_text(e.deck_count)
            )
        ]

    def _on_cabanga_opened(self, e: r.CabangaOpened) -> list[str]:
        # Whether anyone could throw (then "Nadie tira." means something).
        self.could_throw = any(self.game.fitting_cards(seat) for seat in e.eligible)
        if not self.player_in_window():
            return []  # told in the move line ("no te entra"), or the player's own move
        return [self.window_line()]

    def window_line(self) -> str:
        """The player's window in one short line: the card that opened it, then
        what fits you: '¡Cabanga! Morado 2: te entra el 4.' (at most 8 words; the
        whole move line, who and the gap, follows the window)."""
        view = self._view()
        window = view.window
        assert window is not None
        play = self.last_play or colour_name(window.colour).capitalize()
        values = [c.value for c in view.fitting]
        if not self.settings.cabanga.notify_fits:
            return _("¡Cabanga! {play}: hueco {gap}.").format(
                play=play, gap=gap_short(window.low, window.high)
            )
        if len(values) == 1:
            return _("¡Cabanga! {play}: te entra el {value}.").format(play=play, value=values[0])
        # Named, so 'cabanga 12 14' can be typed at once, while the line keeps to
        # 8 words (heard before the window's clock starts); else how many (`jugadas`
        # names them).
        named = _("¡Cabanga! {play}: te entran {values}.").format(
            play=play, values=join([str(v) for v in values])
        )
        if len(named.split()) <= WINDOW_WORDS:
            return named
        return _("¡Cabanga! {play}: te entran {count}.").format(
            play=play, count=cards_text(len(values))
        )

    def _on_thrown(self, e: r.Thrown) -> list[str]:
        cards = cards_by_colour(e.cards)
        if self._you(e.seat):
            line = _("Tiras {cards}.").format(cards=cards)
        else:
            line = _("{name} tira {cards}.").format(name=self._name(e.seat), cards=cards)
        self.last_move = line
        self.last_brief = fit(
            PROMPT_CELLS - 2,
            line[:-1],
            _("{name} tira {cards}").format(
                name=self._name(e.seat), cards=cards_text(len(e.cards))
            ),
        )
        return [Said(line, brief=fit(BRIEF_CELLS, line[:-1], self.last_brief))]

    def _on_cabanga_closed(self, e: r.CabangaClosed) -> list[str]:
        if not e.throwers and self.could_throw:
            return [_("Nadie tira.")]
        return []

    def _on_round_scored(self, e: r.RoundScored) -> list[str]:
        if self._you(e.ender):
            lines = [_("Fin de la ronda {n}: te quedas sin cartas.").format(n=e.round_no)]
        else:
            lines = [
                _("Fin de la ronda {n}: {name} se queda sin cartas.").format(
                    n=e.round_no, name=self._name(e.ender)
                )
            ]
        for result in e.results:
            line = _("{name}: {points}, total {total}.").format(
                name=self._name(result.seat), points=points_text(result.points), total=result.total
            )
            if result.cards:
                line += " " + _("Cartas: {cards}.").format(cards=cards_by_colour(result.cards))
            lines.append(line)
        if not self.game.is_over():
            limit = self.game.options.limit
            for result in e.results:
                away = limit - result.total
                if 0 < away <= 3:  # one card more may end the game
                    if self._you(result.seat):
                        lines.append(_("Estás a {n} del límite.").format(n=away))
                    else:
                        lines.append(
                            _("{name} está a {n} del límite.").format(
                                name=self._name(result.seat), n=away
                            )
                        )
        return lines

    def _on_game_over(self, e: r.GameOver) -> list[str]:
        """Who ended it, who won, your place, then everyone in ranking order."""
        totals = e.totals
        ranking = sorted(range(len(totals)), key=lambda s: totals[s])
        limit = self.game.options.limit
        ended = [s for s in ranking if totals[s] >= limit]
        lines = []
        if len(ended) == 1 and self._you(ended[0]):
            lines.append(_("Llegas a {total} y termina la partida.").format(total=totals[ended[0]]))
        elif len(ended) == 1:
            lines.append(
                _("{name} llega a {total} y termina la partida.").format(
                    name=self._name(ended[0]), total=totals[ended[0]]
                )
            )
        elif ended:
            lines.append(
                _("{names} llegan al límite y termina la partida.").format(
                    names=join([self._name(s) for s in ended])
                )
            )
        lines.append(result_lines(e.winners, totals, self._name, self.table.human)[0])
        human = self.table.human
        if human is not None and human not in e.winners:
            place = 1 + sum(1 for t in totals if t < totals[human])
            lines.append(_("Quedas {place}.").format(place=_(PLACES[min(place, 6) - 2])))
        scores = ", ".join(f"{self._name(s)} {totals[s]}" for s in ranking)
        lines.append(_("Puntos finales: {totals}.").format(totals=scores))
        return lines

    def pause_at_start(self) -> str | None:
        # Bots start at once; let the player hear the rows and the hand first.
        return _("Pulsa Intro para empezar.")

    def pause_after(self, events: Sequence[Event]) -> str | None:
        return next_round_pause(events, r.RoundScored, self.game.is_over)

    # -- prompt ------------------------------------------------------------------
    def prompt(self) -> str:
        """Short for speech (1-3 words, said after every answer); with the status
        style, the state a braille reader needs, decisive words first. Both fit 30
        cells."""
        view = self._view()
        human = self.table.human
        if view.phase == "over":
            return _("Fin> ")
        if self.player_in_window() and view.window is not None:
            if not self.status_prompt:
                return _("Cabanga o paso> ")
            colour = colour_name(view.window.colour)
            gap = gap_brief(view.window.low, view.window.high)
            return prompt_of(
                _("Cabanga {colour} {gap}, o paso").format(colour=colour, gap=gap),
                _("Cabanga {colour} {gap}").format(colour=colour, gap=gap),
            )
        if human is not None and view.current_seat == human and view.phase == "play":
            asked = self._asked if self._asked in (view.hand or ()) else None
            if asked is not None:  # 'jugar CARTA' asked where: the side is pending
                if not self.status_prompt:
                    return _("¿izq o der?> ")
                return prompt_of(
                    _("{card}: ¿izq o der?").format(card=card_text(asked).capitalize()),
                    _("¿izq o der?"),
                )
            if self._which is not None:
                return _("¿Qué {value}?> ").format(value=self._which)
            if self.status_prompt and view.previous_colour:
                return prompt_of(
                    _("Juega, evita {colour}").format(colour=colour_name(view.previous_colour))
                )
            return _("Juega> ")
        if self.status_prompt and self.last_brief:
            return prompt_of(self.last_brief)
        if human is None:
            return _("Mirando> ")
        return _("Espera> ")

    # -- commands ----------------------------------------------------------------
    def commands(self) -> list[CommandSpec]:
        return COMMANDS

    def handle(self, command: Command) -> Reply:
        return getattr(self, f"_cmd_{command.name}")(command.args)

    def _view(self) -> r.CabangaView:
        return self.game.view(self.table.human)

    def _hand(self) -> list[r.CabangaCard]:
        return list(self._view().hand or ())

    def _cmd_mano(self, args: str) -> Reply:
        if args.strip() and not self.in_window():
            return self._cmd_jugar("m " + args)  # "m 7 izq": morado 7, as typed
        if self.table.human is None:
            return Reply([_("Eres espectador: no tienes cartas.")])
        hand = self._hand()
        if not hand:
            return Reply([_("No tienes cartas.")])
        options = self._view().options
        total = sum(options.points(c) for c in hand)
        lines = [
            _("Tu mano, {count}, {points}: {cards}.").format(
                count=cards_text(len(hand)), points=points_text(total), cards=cards_by_colour(hand)
            )
        ]
        for value in sorted(
            {options.points(c) for c in hand if options.points(c) > 1}, reverse=True
        ):
            heavy = [card_text(c) for c in hand if options.points(c) == value]
            lines.append(
                _("Valen {points}: {cards}.").format(points=points_text(value), cards=join(heavy))
            )
        return Reply(lines)

    def _cmd_filas(self, args: str) -> Reply:
        view = self._view()
        return Reply([self.row_line(row, view) for row in view.rows])

    def row_line(self, row: r.Row, view: r.CabangaView) -> Said:
        """'Rojo: izquierda gris 3, derecha 14, hueco del 4 al 13, quedan: 6 y 9.'
        Which pile is which is said, so a play's side is never a guess. 'quedan':
        the gap's cards not yet seen, and not yours (you know where those are)."""
        low, high = sorted((row.left_top.value, row.right_top.value))
        gap = gap_text(low, high) + gap_left(
            row.colour, range(low + 1, high), view.seen_cards(), set(view.hand or ())
        )
        tops = []
        for top in (row.left_top, row.right_top):
            # A grey start card is named as such, so "16 y 16" is never a puzzle.
            tops.append(
                _("gris {value}").format(value=top.value) if top.is_start else str(top.value)
            )
        colour = colour_name(row.colour).capitalize()
        line = _("{colour}: izquierda {left}, derecha {right}, {gap}.").format(
            colour=colour, left=tops[0], right=tops[1], gap=gap
        )
        short = gap_brief(low, high)
        piles = {"colour": colour, "left": tops[0], "right": tops[1]}
        if short:
            briefs = [
                _("{colour}: izq {left}, der {right}, hueco {gap}").format(**piles, gap=short),
                _("{colour}: izq {left}, der {right}, {gap}").format(**piles, gap=short),
            ]
        else:
            briefs = [_("{colour}: izq {left}, der {right}, {gap}").format(**piles, gap=gap)]
        return Said(line, brief=fit(BRIEF_CELLS, line, *briefs))

    def _cmd_mesa(self, args: str) -> Reply:
        view = self._view()
        counts = ", ".join(f"{self._name(s)} {n}" for s, n in enumerate(view.hand_counts))
        return Reply(
            [
                *self._cmd_filas("").lines,
                _(
                    "Mazo de castigo: {deck}. Tiradas por cabanga: {thrown}. Cartas: {counts}."
                ).format(
                    deck=cards_text(view.deck_count),
                    thrown=len(view.thrown),
                    counts=counts,
                ),
            ]
        )

    def _cmd_puntos(self, args: str) -> Reply:
        if args.strip() and not self.in_window():
            return self._cmd_jugar("p " + args)  # "p 7 izq": purple 7, as typed
        view = self._view()
        scores = ", ".join(f"{self._name(s)} {t}" for s, t in enumerate(view.scores))
        return Reply(
            [_("Puntos: {scores}. Límite {limit}.").format(scores=scores, limit=view.options.limit)]
        )

    def _cmd_turno(self, args: str) -> Reply:
        view = self._view()
        if view.phase == "over":
            return Reply([_("La partida ha terminado.")])
        if view.phase == "cabanga" and view.window is not None:
            if view.can_react:
                window = view.window
                return Reply(
                    [
                        _(
                            "Cabanga abierto en {colour}, {gap}. Te entran: {cards}. Escribe cabanga o paso."
                        ).format(
                            colour=colour_name(window.colour),
                            gap=gap_text(window.low, window.high),
                            cards=cards_by_colour(view.fitting),
                        )
                    ]
                )
            return Reply(
                [_("Cabanga abierto en {colour}.").format(colour=colour_name(view.window.colour))]
            )
        if view.current_seat == self.table.human:
            if view.previous_colour:
                return Reply(
                    [
                        _("Tu turno: evita el {colour}. Ronda {n}.").format(
                            colour=colour_name(view.previous_colour), n=view.round_no
                        )
                    ]
                )
            return Reply([_("Tu turno: juega una carta. Ronda {n}.").format(n=view.round_no)])
        return Reply(
            [
                _("Turno de {name}. Ronda {n}.").format(
                    name=self._name(view.current_seat), n=view.round_no
                )
            ]
        )

    def _cmd_ultima(self, args: str) -> Reply:
        return Reply([self.last_move or _("Todavía no ha jugado nadie.")])

    def _cmd_combinaciones(self, args: str) -> Reply:
        view = self._view()
        hand = self._hand()
        if not hand:
            return Reply([_("No tienes cartas.")])
        if view.phase == "cabanga" and view.can_react and view.fitting:
            return Reply(
                [
                    _("Te entran: {cards}. Escribe cabanga o paso.").format(
                        cards=cards_by_colour(view.fitting)
                    )
                ]
            )
        free = [c for c in hand if c.colour != view.previous_colour]
        if not view.previous_colour:
            lines = [_("Puedes jugar cualquier carta sin castigo.")]
        elif free:
            lines = [_("Sin castigo de color: {cards}.").format(cards=cards_by_colour(free))]
        else:
            lines = [
                _("Todas tus cartas son {colour}: robarás una de castigo.").format(
                    colour=_(COLOUR_PLURALS[view.previous_colour])
                )
            ]
        # The plays that leave no gap, then those whose gap nobody can fill (its
        # cards are out, or yours): no cabanga can follow either.
        seen = view.seen_cards()
        no_gap: list[str] = []
        covered: list[str] = []
        for card in sorted(hand, key=lambda c: c.sort_key):
            row = view.row(card.colour)
            for side in ("left", "right"):
                gap = row.gap_if(card, side)
                where = _("{card} {side}").format(card=card_text(card), side=side_word(side))
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
        return Reply(lines)

    def _words(self, args: str) -> list[str]:
        """The words of a card as typed, number words as digits ('siete' → '7'),
        a colour glued to its number split ('r7', 'am12', '7r')."""
        words: list[str] = []
        for word in fold(args).split():
            word = word.strip(".,;:¡!¿?")
            if not word:
                continue
            glued = re.fullmatch(r"([a-z]+)(" + DIGITS + ")|(" + DIGITS + ")([a-z]+)", word)
            parts = [p for p in glued.groups() if p] if glued else []
            if parts and any(p in _COLOUR_BY_WORD and p != "p" for p in parts):
                words.extend(parts)
            else:
                words.append(str(NUMBER_WORDS.get(word, word)))
        return [
            w
            for i, w in enumerate(words)
            if w not in FILLERS
            and not (
                w == "a"
                and i + 1 < len(words)
                and (words[i + 1] in FILLERS or words[i + 1] in _SIDE_BY_WORD)
            )
        ]

    def answer_first(self, text: str) -> Reply | None:
        """A move said as the game says it, before the commands read 'a' (help)
        or 'you': 'a la izquierda' for the card asked about, 'a 7 izq' (azul 7),
        'You play purple 2 on the left'. None: any other line."""
        raw = fold(text).split()
        if self.table.human is None or not raw or raw[0].strip(".,;:¡!¿?") not in ("a", "you"):
            return None
        if raw[0] == "you":
            rest = raw[1:]
            if not rest or rest[0] not in PLAY_VERBS:
                return None
            return self._cmd_jugar(" ".join(rest[1:]))
        words = self._words(text)
        if words and all(w in _SIDE_BY_WORD for w in words) and self._asked is not None:
            return self._play_asked(_SIDE_BY_WORD[words[-1]]) if len(words) == 1 else None
        if any(is_number(w) for w in words):
            return self.handle_unknown(text)
        return None

    def _position(self, words: list[str]) -> r.CabangaCard | str | None:
        """'pos 3', 'pos3', 'posición 3': the card in that place of your sorted
        hand. None: the words are not a position."""
        if not words:
            return None
        first = words[0]
        if re.fullmatch("p" + DIGITS, first):  # purple 5, or the 5th card (Chinchón's p5)?
            return _("¿p{n}? Di m {n} para morado {n}, o pos {n}.").format(n=first[1:])
        if first in POSITION_WORDS:
            rest = words[1:]
        else:
            glued = _GLUED_POSITION.fullmatch(first)
            if glued is None:
                return None
            rest = [glued.group(1), *words[1:]]
        if len(rest) != 1 or not is_number(rest[0]):
            return _("Di un número: jugar pos 3 izquierda.")
        hand = sorted(self._hand(), key=lambda c: c.sort_key)
        index = int(rest[0])
        if 1 <= index <= len(hand):
            return hand[index - 1]
        return _("No hay posición {index}: tienes {count}.").format(
            index=index, count=cards_text(len(hand))
        )

    def _parse_card(self, words: list[str]) -> r.CabangaCard | str:
        """A card as people say it: 'rojo 7', '7 rojo', or a bare '7' (the card of
        that value you hold; asked when two fit). Positions: 'pos 3'."""
        hand = self._hand()
        position = self._position(words)
        if position is not None:
            return position
        unknown = [w for w in words if not is_number(w) and w not in _COLOUR_BY_WORD]
        if unknown:
            # Never guess: an unknown word must not turn into another card.
            return _('No conozco el color "{word}": rojo, azul, amarillo o morado.').format(
                word=unknown[0][:20]
            )
        if len({_COLOUR_BY_WORD[w] for w in words if w in _COLOUR_BY_WORD}) > 1:
            return _("Di un solo color.")
        colour = next((_COLOUR_BY_WORD[w] for w in words if w in _COLOUR_BY_WORD), None)
        numbers = [int(w) for w in words if is_number(w)]
        if len(numbers) != 1:
            return _("Di la carta y la pila: por ejemplo jugar rojo 7 izquierda.")
        value = numbers[0]
        if not 1 <= value <= 18:
            return _("No hay cartas del {value}: van del 1 al 18.").format(value=value)
        if colour is None:
            held = [c for c in hand if c.value == value]
            if not held:
                return _("No tienes ningún {value}.").format(value=value)
            if len(held) > 1:
                self._which = value
                return _("¿Qué {value}: {colours}?").format(
                    value=value,
                    colours=join_or([colour_name(c.colour) for c in held]),
                )
            return held[0]
        card = r.CabangaCard(colour, value)
        if card not in hand:
            return _("No tienes el {colour} {value}.").format(
                colour=colour_name(colour), value=value
            )
        return card

    def _cmd_jugar(self, args: str) -> Reply:
        if self.table.human is None:
            return Reply([_("Eres espectador: no tienes cartas.")])
        self._which = None
        words = self._words(args)
        side = None
        # Short side words ("d", "r") could also be colours: the side is the last word.
        if len([w for w in words[1:] if w in _SIDE_BY_WORD and w not in _COLOUR_BY_WORD]) > 1:
            return Reply([_("Di un solo lado: izquierda o derecha.")])
        if len(words) > 1 and words[-1] in _SIDE_BY_WORD:
            side = _SIDE_BY_WORD[words[-1]]
            words = words[:-1]
        elif (
            len(words) > 1
            and not is_number(words[-1])
            and words[-1] not in _COLOUR_BY_WORD
            and words[-1] not in OTHER_COLOURS
            and any(is_number(w) for w in words[:-1])
        ):
            # After the card comes the side: "jugar rojo 11 arriba".
            return Reply(
                [_('No conozco el lado "{word}": izquierda o derecha.').format(word=words[-1][:20])]
            )
        card = self._parse_card(words)
        if isinstance(card, str):
            self._asked = None
            if self._which is not None:
                self._which_side = side
            return Reply([card])
        if side is None:
            self._asked = card  # "izquierda" or "derecha" alone then plays it
            row = self._view().row(card.colour)
            seen = self._view().seen_cards()
            options = []
            for where, name in (("left", _("a la izquierda")), ("right", _("a la derecha"))):
                gap = row.gap_if(card, where)
                if gap:
                    text = _("{side} deja {gap}").format(
                        side=name, gap=gap_text(gap[0] - 1, gap[-1] + 1)
                    ) + gap_left(card.colour, gap, seen, set(self._hand()))
                else:
                    text = _("{side} no deja hueco").format(side=name)
                options.append(text)
            return Reply(
                [
                    _("{card}: {options}. Escribe izquierda o derecha.").format(
                        card=card_text(card).capitalize(), options="; ".join(options)
                    )
                ]
            )
        self._asked = None
        return Reply(actions=[r.Play(card, side)])

    def _play_asked(self, side: str) -> Reply:
        card = self._asked
        if card is None or card not in self._hand():
            return Reply([_("Di la carta y la pila: por ejemplo jugar rojo 7 izquierda.")])
        self._asked = None
        return Reply(actions=[r.Play(card, side)])

    def _cmd_izquierda(self, args: str) -> Reply:
        if args.strip():  # "izquierda rojo 7": the side first
            return self._cmd_jugar(args + " izquierda")
        return self._play_asked("left")

    def _cmd_derecha(self, args: str) -> Reply:
        if args.strip():  # "d 4": your 4 on the right
            return self._cmd_jugar(args + " derecha")
        return self._play_asked("right")

    # -- a card without "jugar" ----------------------------------------------------
    def _bare(self, text: str) -> str | None:
        """The 'jugar …' (or, in your window, 'cabanga …') a line without a command
        stands for: 'rojo 7 izquierda', '7 izq', or 'azul' answering '¿Qué 7:
        azul o morado?'. None: not a card."""
        if self.table.human is None:
            return None
        words = self._words(text)
        if not words:
            return None
        if (
            self._which is not None
            and words[0] in _COLOUR_BY_WORD
            and (len(words) == 1 or (len(words) == 2 and words[1] in _SIDE_BY_WORD))
        ):
            side = words[1] if len(words) == 2 else (self._which_side or "")
            return f"jugar {words[0]} {self._which} {side}".strip()
        while words[0] in PLAY_VERBS and len(words) > 1:  # "yo juego rojo 5 izq"
            words = words[1:]
        first = words[0]
        if not (is_number(first) or first in _COLOUR_BY_WORD):
            return None
        if self.player_in_window() and not any(w in _SIDE_BY_WORD for w in words[1:]):
            return "cabanga " + " ".join(w for w in words if is_number(w))
        return "jugar " + " ".join(words)

    def handle_unknown_would_act(self, text: str) -> bool:
        return self._bare(text) is not None

    def handle_unknown(self, text: str) -> Reply | None:
        line = self._bare(text)
        if line is None:
            return None
        name, _sep, args = line.partition(" ")
        return self._cmd_cabanga(args) if name == "cabanga" else self._cmd_jugar(args)

    def _cmd_cabanga(self, args: str) -> Reply:
        view = self._view()
        if view.phase != "cabanga" or not view.can_react:
            return Reply([_("Ahora no hay cabanga que responder.")])
        values = [int(w) for w in args.split() if is_number(w)]
        fitting = list(view.fitting)
        if not values:
            if not fitting:
                return Reply([_("No te entra ninguna carta; escribe paso.")])
            return Reply(actions=[r.Throw(tuple(fitting))])
        chosen = [c for c in fitting if c.value in values]
        if len(chosen) != len(set(values)):
            return Reply(
                [
                    _("Solo te entran: {cards}.").format(cards=cards_by_colour(fitting))
                    if fitting
                    else _("No te entra ninguna carta; escribe paso.")
                ]
            )
        return Reply(actions=[r.Throw(tuple(chosen))])

    def _cmd_paso(self, args: str) -> Reply:
        view = self._view()
        if view.phase != "cabanga" or not view.can_react:
            return Reply([_("Ahora no hay cabanga que responder.")])
        return Reply(actions=[r.Pass()])


def new_adapter(settings: Settings, *, seed: int, spectator: bool) -> CabangaAdapter:
    c = settings.cabanga
    players = c.rivals if spectator else c.rivals + 1
    players = min(6, max(3, players))
    options = r.CabangaOptions(players=players, limit=c.limit, symbols=tuple(c.symbols))
    game = r.CabangaGame(options, seed=seed)
    table = seat_table(players, seed, spectator=spectator, levels=[c.level] * players)
    return CabangaAdapter(game, table, make_bots(table, seed, make_bot), settings)


def restore_adapter(settings: Settings, data: dict[str, Any]) -> CabangaAdapter:
    game = r.CabangaGame.from_dict(data["state"])
    table, bots = restore_seats(data, game, bot_from_dict)
    adapter = CabangaAdapter(game, table, bots, settings)
    extra = data.get("extra", {})
    last = extra.get("last_move", "")
    adapter.last_move = last if isinstance(last, str) else ""
    brief = extra.get("last_brief", "")
    adapter.last_brief = brief if isinstance(brief, str) else ""
    adapter.held = held_from_data(extra.get("held"))
    adapter.could_throw = extra.get("could_throw", True) is not False
    try:
        asked = extra.get("asked")
        adapter._asked = r.CabangaCard.from_code(asked) if isinstance(asked, str) else None
    except ValueError:
        adapter._asked = None
    which = extra.get("which")
    adapter._which = which if isinstance(which, int) and 1 <= which <= 18 else None
    side = extra.get("which_side")
    adapter._which_side = side if side in ("left", "right") else None
    return adapter
