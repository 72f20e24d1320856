"""Palabras at the table: moves as players write them, the board read on demand,
a cursor to explore it, tiles described as they are felt, hints and bots.

Settings read (all optional, through `getattr(settings, "palabras", None)`):
`rivals` (1–3, default 1), `level` ("facil", "medio", "dificil"; default "medio"),
`levels` (a list, one level per rival, overriding `level`), `hints` (bool, default
True), `layout` ("standard" or the path of a layout file), `subtract_own_rack`
(bool, default False). Also the common `dictionary` and `verbosity`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sobremesa.core.game import Event, IllegalAction
from sobremesa.games.palabras import rules as r
from sobremesa.games.palabras import texts as t
from sobremesa.games.palabras.board import (
    COLUMNS,
    SIZE,
    LayoutError,
    Move,
    load_layout,
    parse_square,
    square_name,
)
from sobremesa.games.palabras.bots import LEVELS, bot_from_dict, make_bot
from sobremesa.games.palabras.notation import NotationError, assign_blanks, parse_move
from sobremesa.games.palabras.scoring import Play, check_move
from sobremesa.games.palabras.tiles import (
    BLANK,
    CODE,
    RACK_SIZE,
    fold_letter,
    normalize_rack,
    sort_rack,
)
from sobremesa.i18n import N_, _, ngettext
from sobremesa.ui.commands import Command, CommandSpec, fold
from sobremesa.ui.numbers import is_number, number
from sobremesa.ui.session import GameAdapter, Reply, Table, make_bots, restore_seats, seat_table
from sobremesa.ui.wording import prompt_of, said

COMMANDS = [
    CommandSpec(
        "atril", ("mano", "rack", "hand", "m"), N_("atril: tus fichas con sus valores"), "F2"
    ),
    CommandSpec(
        "mesa", ("tablero", "board", "table", "e"), N_("mesa: resumen del tablero y la bolsa"), "F3"
    ),
    CommandSpec("puntos", ("scores", "p"), N_("puntos: puntuaciones"), "F4"),
    CommandSpec("turno", ("turn", "t"), N_("turno: a quién le toca"), "F5"),
    CommandSpec("ultima", ("last", "u", "ultima jugada"), N_("ultima: la última jugada"), "F6"),
    CommandSpec(
        "pista",
        ("hint", "combinaciones", "co", "jugadas"),
        N_("pista: la mejor jugada para tu atril"),
        "F7",
    ),
    CommandSpec(
        "jugar",
        ("play", "j", "poner"),
        N_(
            "jugar CASA 8H: horizontal; jugar CASA H8: vertical; una letra en minúscula es el comodín"
        ),
    ),
    CommandSpec(
        "probar", ("try", "prueba", "pr"), N_("probar CASA 8H: cuánto valdría, sin jugarla")
    ),
    CommandSpec(
        "cambiar",
        ("exchange", "cambio", "c"),
        N_("cambiar LETRAS o cambiar todas: devuelves fichas a la bolsa"),
    ),
    CommandSpec("pasar", ("pass", "paso"), N_("pasar: no juegas este turno")),
    CommandSpec(
        "ficha", ("tile", "fi"), N_("ficha A, ficha 3 o ficha H8: cómo es la ficha al tacto")
    ),
    CommandSpec("casilla", ("square", "ca"), N_("casilla H8: qué hay en una casilla")),
    CommandSpec("fila", ("row",), N_("fila 8: una fila del tablero")),
    CommandSpec("columna", ("column", "col"), N_("columna H: una columna del tablero")),
    CommandSpec("palabras", ("words", "pa"), N_("palabras: todas las palabras del tablero")),
    CommandSpec(
        "alrededor", ("around", "al", "vecinas"), N_("alrededor H8: lo que toca una casilla")
    ),
    CommandSpec("premios", ("premiums", "bonus"), N_("premios: casillas de premio libres cerca")),
    CommandSpec("bolsa", ("bag", "b"), N_("bolsa: fichas en la bolsa y sin ver")),
    CommandSpec(
        "explorar",
        ("explore", "x"),
        N_("explorar o explorar H8: recorrer el tablero con el cursor"),
    ),
    CommandSpec("arriba", ("ar", "up"), N_("arriba, abajo, izquierda, derecha: mueven el cursor")),
    CommandSpec("abajo", ("down",), ""),
    CommandSpec("izquierda", ("left", "izq"), ""),
    CommandSpec("derecha", ("right", "der"), ""),
    CommandSpec(
        "ir",
        ("i", "go", "ir a"),
        N_("ir H8, ir CASA o ir 3: lleva el cursor a una casilla o a una palabra de la lista"),
    ),
    CommandSpec(
        "saltar",
        ("salta", "jump"),
        N_("saltar derecha: a la próxima ficha en esa dirección (Control+flecha)"),
    ),
    CommandSpec(
        "hueco",
        ("gap", "vacia"),
        N_("hueco derecha: a la próxima casilla vacía en esa dirección (Mayúsculas+flecha)"),
    ),
    CommandSpec(
        "siguiente",
        ("next", "sig"),
        N_("siguiente y anterior: la palabra siguiente o anterior de la lista (Tab)"),
    ),
    CommandSpec("anterior", ("previous", "prev", "ant"), ""),
    CommandSpec("anular", ("cancelar", "cancel"), ""),
    CommandSpec("inicio", ("home",), N_("inicio y fin: principio y final de la fila del cursor")),
    CommandSpec("fin", ("end",), ""),
    CommandSpec(
        "tope",
        ("top", "primera fila", "arriba del todo"),
        N_("tope y fondo: arriba y abajo del todo en la columna del cursor"),
    ),
    CommandSpec("fondo", ("bottom", "ultima fila", "abajo del todo"), ""),
    CommandSpec(
        "leer",
        ("read", "l"),
        N_("leer fila, leer columna, leer palabra: lo que hay bajo el cursor"),
    ),
    CommandSpec("dejar", ("leave", "dejar de explorar"), N_("dejar: terminas de explorar")),
    CommandSpec(
        "braille", ("br",), N_("braille fila 8, braille columna H, braille atril: en celdas")
    ),
]

RULES = [
    N_("Palabras. Tablero de 15 por 15: columnas de la A a la O, filas del 1 al 15."),
    N_(
        "97 fichas: letras con su valor y 2 comodines de 0 puntos. Cada jugador tiene 7 en su atril."
    ),
    N_("No hay K ni W. CH, LL y RR se escriben con dos fichas."),
    N_("La primera palabra pasa por la casilla H8 y usa al menos dos fichas."),
    N_(
        "Después, cada palabra va en una fila o columna, sin huecos, y toca alguna ficha del tablero."
    ),
    N_("Todas las palabras que se forman deben estar en el diccionario; si no, la jugada no vale."),
    N_(
        "Puntos: cada letra vale su número. Letra doble o triple multiplica la ficha; palabra doble o triple, la palabra."
    ),
    N_("Los premios solo cuentan para las fichas que se ponen en esa jugada."),
    N_("Usar las 7 fichas del atril en una jugada da 40 puntos más."),
    N_(
        "En vez de jugar puedes cambiar fichas, si la bolsa tiene al menos tantas como cambias, o pasar."
    ),
    N_(
        "Fin: la bolsa está vacía y alguien se queda sin fichas, o todos pasan o cambian dos veces seguidas."
    ),
    N_(
        "Al final, quien puso la última ficha suma los valores de las fichas que les quedan a los demás. Gana quien más tiene."
    ),
    N_(
        "Escribe la palabra entera, también las letras que ya están: jugar CASAS 8H para poner una S a CASA."
    ),
]

LEVEL_NAMES = {"facil": N_("fácil"), "medio": N_("medio"), "dificil": N_("difícil")}
DEFAULT_CURSOR = (7, 7)
#: what `key_mode()` returns while the board is being explored
EXPLORE_KEY_MODE = "tablero"
# Keys while exploring the board (see docs/palabras.md); F1–F9 keep their meaning.
EXPLORE_KEYS = {
    "up": "arriba",
    "down": "abajo",
    "left": "izquierda",
    "right": "derecha",
    "home": "inicio",
    "end": "fin",
    "c-home": "tope",
    "c-end": "fondo",
    "c-up": "saltar arriba",
    "c-down": "saltar abajo",
    "c-left": "saltar izquierda",
    "c-right": "saltar derecha",
    "s-up": "hueco arriba",
    "s-down": "hueco abajo",
    "s-left": "hueco izquierda",
    "s-right": "hueco derecha",
    "tab": "siguiente",
    "s-tab": "anterior",
    "escape": "dejar",
}
#: Escape while a move waits for its confirmation (setting confirm_moves)
CONFIRM_KEYS = {"escape": "anular"}
#: the answers that play a move waiting for confirmation (anything else cancels it)
YES = frozenset(("si", "s", "yes", "y", "vale", "ok"))
#: direction words of the jumps (saltar, hueco) -> (row step, column step)
STEPS = {
    "arriba": (-1, 0),
    "up": (-1, 0),
    "abajo": (1, 0),
    "down": (1, 0),
    "izquierda": (0, -1),
    "izq": (0, -1),
    "left": (0, -1),
    "derecha": (0, 1),
    "der": (0, 1),
    "right": (0, 1),
}
#: where a jump found nothing, by step
FURTHER = {
    (-1, 0): N_("arriba"),
    (1, 0): N_("abajo"),
    (0, -1): N_("a la izquierda"),
    (0, 1): N_("a la derecha"),
}


def level_name(level: str) -> str:
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level


def _option(settings: Any, name: str, default: Any) -> Any:
    section = getattr(settings, "palabras", None)
    return getattr(section, name, default) if section is not None else default


def _ask_square(args: str) -> tuple[int, int] | None:
    found = parse_square(args) if args.strip() else None
    return (found[0], found[1]) if found else None


class PalabrasAdapter(GameAdapter):
    game_id = "palabras"

    def __init__(
        self,
        game: r.PalabrasGame,
        table: Table,
        bots: dict[int, Any],
        settings: Any,
        *,
        hints: bool = True,
        notices: Sequence[str] = (),
    ) -> None:
        self.game = game
        self.table = table
        self.bots = bots
        self.settings = settings
        self.hints = hints
        self.notices = list(notices)
        self.last_move = ""
        #: the last move in brief forms, fullest first (the status prompt takes the
        #: first that fits its cells)
        self.last_brief: list[str] = []
        self.cursor: tuple[int, int] = DEFAULT_CURSOR
        self.exploring = False
        self._braille_legend_said = False  # `braille fila` explains ⠤ and ⠔ once
        self._requested = ""  # "place" or "exchange": the action just asked for
        self._typed: Move | None = None  # the move just typed (for its refusal)
        #: a move waiting for "sí" (setting confirm_moves); never saved
        self.pending: Move | None = None
        #: the last word reached with siguiente, anterior or ir PALABRA (index in
        #: Board.words(), the numbers of `palabras` less one)
        self.word_index: int | None = None
        self.brief = getattr(settings, "verbosity", "normal") == "breve"

    # -- start, bots -------------------------------------------------------------
    def extra_to_data(self) -> dict[str, Any]:
        return {
            "last_move": self.last_move,
            "last_brief": self.last_brief,
            "cursor": list(self.cursor),
            "exploring": self.exploring,
            "hints": self.hints,
        }

    def key_bindings(self) -> dict[str, str] | None:
        if self.pending is not None:
            return {**EXPLORE_KEYS, **CONFIRM_KEYS} if self.exploring else dict(CONFIRM_KEYS)
        if self.exploring:
            return EXPLORE_KEYS
        return None

    def key_mode(self) -> str | None:
        """ "tablero" while exploring the board (arrow keys move the cursor), else None."""
        return EXPLORE_KEY_MODE if self.exploring else None

    # -- names -------------------------------------------------------------------
    def _name(self, seat: int) -> str:
        return _("Tú") if seat == self.table.human else self.table.names[seat]

    def _you(self, seat: int | None) -> bool:
        return seat is not None and seat == self.table.human

    def _view(self) -> r.PalabrasView:
        return self.game.view(self.table.human)

    def _rack(self) -> str | None:
        human = self.table.human
        return self.game.rack(human) if human is not None else None

    # -- fixed texts ---------------------------------------------------------------
    def word_list(self) -> Any:
        return self.game.lexicon

    def intro(self) -> list[str]:
        human = self.table.human
        others = [
            f"{self.table.names[s]} ({level_name(self.table.levels[s] or '')})"
            for s in range(len(self.table.names))
            if s != human
        ]
        if human is None:
            first = _("Palabras, modo espectador. Juegan {names}.").format(names=t.join(others))
        else:
            first = _("Palabras contra {names}.").format(names=t.join(others))
        lines = [first, *self.notices]
        if human is not None and not self.hints:
            lines.append(_("Pistas desactivadas en esta mesa."))
        lines.append(_("Escribe ayuda para ver las órdenes, o pulsa F1."))
        return lines

    def rules(self) -> list[str]:
        return [_(line) for line in RULES]

    def ending(self) -> list[str]:
        return []  # the game-over lines already said it

    def resume(self) -> list[str]:
        lines = self._cmd_puntos("").lines + self._cmd_turno("").lines
        if self.table.human is not None:
            lines += self._cmd_atril("").lines
        if self.exploring:
            lines.append(
                _("Sigues explorando. {square}").format(square=self._square_text(*self.cursor))
            )
        return lines

    def refusal(self, error: IllegalAction) -> str:
        # The blank hint ("write that letter in lowercase") is for moves, not exchanges.
        placing = self._requested != "exchange"
        return t.refusal_text(
            error, self._rack(), move=placing, typed=self._typed if placing else None
        )

    # -- events ------------------------------------------------------------------------
    def describe(self, event: Event) -> list[str]:
        event = event.visible_to(self.table.human)  # type: ignore[attr-defined]
        method = getattr(self, f"_on_{event.kind}", None)
        return method(event) if method else []

    def _on_game_started(self, e: r.GameStarted) -> list[str]:
        start = square_name(*self.game.board.layout.start_square)
        # The event counts the bag before the deal: say what is left after it.
        bag = max(0, e.bag_count - RACK_SIZE * e.players)
        lines = [
            _(
                "Palabras: {players} jugadores, {tiles} en la bolsa. La primera palabra pasa por {square}."
            ).format(players=e.players, tiles=t.tiles_text(bag), square=start)
        ]
        if e.layout != "standard":
            lines.append(_("Tablero de casillas: {name}.").format(name=e.layout))
        if self._you(e.first_seat):
            lines.append(_("Empiezas tú."))
        else:
            lines.append(_("Empieza {name}.").format(name=self._name(e.first_seat)))
        return lines

    def _on_tiles_drawn(self, e: r.TilesDrawn) -> list[str]:
        lines = []
        if self._you(e.seat) and e.tiles is not None and e.count:
            if e.reason == "deal":
                # said whoever starts: 'Tu turno.' does not read the rack
                lines.append(_("Tus fichas: {tiles}.").format(tiles=t.rack_letters(e.tiles)))
            else:
                line = _("Robas {tiles}.").format(tiles=t.rack_letters(e.tiles))
                lines.append(said(line, _("Robas {tiles}").format(tiles=t.rack_brief(e.tiles))))
        if e.bag_count == 0 and e.count and e.reason != "deal":
            lines.append(_("La bolsa se ha quedado vacía."))
        return lines

    def _on_turn_started(self, e: r.TurnStarted) -> list[str]:
        if not self._you(e.seat):
            return []
        # The rack is in the prompt (the braille line); saying it here too made every
        # turn start with the same seven letters twice.
        return [_("Tu turno.")]

    def _on_tiles_placed(self, e: r.TilesPlaced) -> list[str]:
        move = Move(e.row, e.col, e.down, e.word)
        word = t.word_text(e.word)
        placed = {parse_square(square)[:2] for square, _letter in e.tiles}
        reused = [square for square in move.squares() if square not in placed]
        # 'de B7 a B14, vertical, con la I de B8': where it lies and what it took
        place = t.move_span(move, reused)
        span = t.move_span_brief(move)
        if self.brief:
            taken = t.reused_text(move, reused)
            first = _("{name}: {word} {pos}, {score} ({total}).").format(
                name=self._name(e.seat),
                word=word,
                pos=f"{span}, {taken}" if taken else span,
                score=e.score,
                total=e.total,
            )
        elif self._you(e.seat):
            first = _("Juegas {word} {place}: {points} (total {total}).").format(
                word=word, place=place, points=t.score_text(e.score, e.bonus), total=e.total
            )
        else:
            first = _("{name} juega {word} {place}: {points} (total {total}).").format(
                name=self._name(e.seat),
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
        if blanks and not self.brief:
            details.append(_("Comodín como {letters}.").format(letters=t.blanks_text(blanks)))
        if e.bonus and self.brief:  # else said with the points
            details.append(_("Incluye {bonus} por usar las 7 fichas.").format(bonus=e.bonus))
        left = len(self.game.rack(e.seat))
        # Only when nothing was drawn after the move (else the draw line says it).
        if self.game.bag_count == 0 and left and left == e.rack_count and not self.brief:
            if self._you(e.seat):
                details.append(
                    ngettext("Te queda {n} ficha.", "Te quedan {n} fichas.", left).format(n=left)
                )
            else:
                details.append(
                    ngettext(
                        "A {name} le queda {n} ficha.", "A {name} le quedan {n} fichas.", left
                    ).format(name=self._name(e.seat), n=left)
                )
        # 'Ana CASA H8-K8 12 (45)': who and what first, then the squares it covers
        # (the notation 'Ana CASA 8H 12' when the squares do not fit)
        brief = f"{self._name(e.seat)} {word} {span} {e.score}"
        briefs = [f"{brief} ({e.total})", brief, f"{self._name(e.seat)} {word} {e.pos} {e.score}"]
        lines = [said(first, *briefs)]
        if details:
            lines.append(said(" ".join(details), *self._details_briefs(e)))
        self.last_move = " ".join(lines)
        self.last_brief = briefs
        return lines

    def _details_briefs(self, e: r.TilesPlaced) -> list[str]:
        """The second line of a move in brief: 'CASA 12, AS 2; comodín E; +40'."""
        parts = []
        blanks = [(letter, square) for square, letter in e.tiles if letter.islower()]
        if blanks:
            parts.append(t.blanks_brief(blanks))
        if e.bonus:
            parts.append(_("incluye {bonus} por 7 fichas").format(bonus=e.bonus))
        left = len(self.game.rack(e.seat))
        if self.game.bag_count == 0 and left and left == e.rack_count:
            parts.append(ngettext("queda {n}", "quedan {n}", left).format(n=left))
        if len(e.words) > 1:  # last: the words are many and the main one is known
            parts.append(", ".join(f"{t.word_text(w)} {score}" for w, _pos, score in e.words))
        return ["; ".join(parts)] if parts else []

    def _scoreless_warning(self, scoreless: int) -> list[str]:
        players = self.game.num_seats
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

    def _on_exchanged(self, e: r.Exchanged) -> list[str]:
        if self._you(e.seat) and e.returned is not None:
            line = _("Cambias {tiles}.").format(tiles=t.rack_letters(e.returned))
            brief = _("Cambias {tiles}").format(tiles=t.rack_brief(e.returned))
        else:
            line = ngettext(
                "{name} cambia {n} ficha.", "{name} cambia {n} fichas.", e.count
            ).format(name=self._name(e.seat), n=e.count)
            brief = line.rstrip(".")
        self.last_move = said(line, brief)
        self.last_brief = [brief]
        return [self.last_move, *self._scoreless_warning(e.scoreless_turns)]

    def _on_passed(self, e: r.Passed) -> list[str]:
        line = (
            _("Pasas.") if self._you(e.seat) else _("{name} pasa.").format(name=self._name(e.seat))
        )
        self.last_move = said(line, line.rstrip("."))
        self.last_brief = [line.rstrip(".")]
        return [self.last_move, *self._scoreless_warning(e.scoreless_turns)]

    def _on_game_over(self, e: r.GameOver) -> list[str]:
        if e.reason == "rack_emptied" and e.last_placer is not None:
            if self._you(e.last_placer):
                first = _("Fin de la partida: te quedas sin fichas.")
            else:
                first = _("Fin de la partida: {name} se queda sin fichas.").format(
                    name=self._name(e.last_placer)
                )
        else:
            first = _("Fin de la partida: todos pasan dos veces seguidas.")
        best = e.scores[e.winners[0]]
        if len(e.winners) == 1 and self._you(e.winners[0]):
            winner = _("¡Ganas con {points}!").format(points=t.points_text(best))
        elif len(e.winners) == 1:
            winner = _("Gana {name} con {points}.").format(
                name=self._name(e.winners[0]), points=t.points_text(best)
            )
        else:
            winner = _("Empate a {points} entre {names}.").format(
                points=t.points_text(best), names=t.join([self._name(s) for s in e.winners])
            )
        lines = [first, winner]
        for seat, total in enumerate(e.scores):
            adjust = e.adjustments[seat]
            before = total - adjust
            parts = [
                _("{name}: {points}").format(name=self._name(seat), points=t.points_text(before))
            ]
            rack = e.racks[seat]
            subtract = self.game.options.subtract_own_rack
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
                    if self._you(seat)
                    else ngettext(
                        "le queda {tiles}, {points}", "le quedan {tiles}, {points}", len(rack)
                    )
                )
                parts.append(left.format(tiles=t.rack_letters(rack), points=value))
            gained = adjust + (e.rack_points[seat] if subtract else 0)
            if seat == e.last_placer and gained:
                parts.append(_("más {n} de las fichas de los demás").format(n=gained))
            if subtract and e.rack_points[seat]:
                if self._you(seat):
                    parts.append(_("menos {n} de las tuyas").format(n=e.rack_points[seat]))
                else:
                    parts.append(_("menos {n} de las suyas").format(n=e.rack_points[seat]))
            parts.append(_("total {total}.").format(total=total))
            lines.append("; ".join(parts))
        self.last_move = first
        return lines

    # -- prompt ------------------------------------------------------------------------
    def prompt(self) -> str:
        """What the player is expected to do, in 1-3 words (for speech); with
        `status_prompt` (for braille) the state that decides it; while exploring,
        the square under the cursor. At most 30 cells, "> " included."""
        return prompt_of(*self._prompt_options())

    def _prompt_options(self) -> list[str]:
        view = self.game.view(None)
        if view.is_over:
            return [_("Fin")]
        if self.pending is not None:
            return [_("¿Jugar? sí o no")]
        if self.exploring:
            if not self.status_prompt:
                # For speech the step's line says the square; the prompt would say
                # it again after every arrow (measured: a sixth of the speech).
                return [_("Explorar")]
            return [t.square_brief(self.game.board, *self.cursor)]
        human = self.table.human
        if human is not None and view.current_seat == human:
            if self.status_prompt:
                return [_("Juega {rack}").format(rack=t.rack_brief(self.game.rack(human)))]
            return [_("Tu jugada")]
        waiting = _("Mirando") if human is None else _("Espera")
        if self.status_prompt and self.last_brief:
            return self.last_brief
        return [waiting]

    # -- commands ------------------------------------------------------------------------
    def commands(self) -> list[CommandSpec]:
        return COMMANDS

    def handle(self, command: Command) -> Reply:
        if self.pending is not None:
            # Anything but yes cancels a move waiting for confirmation; the command
            # itself still runs (another jugar asks again).
            cancelled = self._cancel()
            if command.name == "anular":
                return cancelled
            reply = getattr(self, f"_cmd_{command.name}")(command.args)
            return Reply(cancelled.lines + reply.lines, reply.actions)
        return getattr(self, f"_cmd_{command.name}")(command.args)

    # confirmation (setting confirm_moves) -------------------------------------------------
    def _cancel(self) -> Reply:
        move, self.pending = self.pending, None
        word = t.word_text(move.word) if move else ""
        return Reply([_("Anulada: no juegas {word}.").format(word=word)])

    def enter_command(self) -> str | None:
        return "anular" if self.pending is not None else None

    def handle_unknown_would_act(self, text: str) -> bool:
        return self.pending is not None and fold(text) in YES

    def handle_unknown(self, text: str) -> Reply | None:
        if self.pending is None:
            return None
        if fold(text) in YES:
            move, self.pending = self.pending, None
            self._requested, self._typed = "place", move
            return Reply(actions=[r.Place(move)])
        return self._cancel()

    def _cmd_anular(self, args: str) -> Reply:
        # Escape stays mapped to anular until the session next asks for the keys.
        if self.exploring:
            return self._cmd_dejar(args)
        return Reply()

    def _confirm(self, move: Move) -> Reply:
        """confirm_moves: the move and its points, and the question."""
        human = self.table.human
        try:
            play = self.game.check(human, move)
        except IllegalAction as error:
            return Reply([t.refusal_text(error, self._rack(), typed=move)])
        board = self.game.board
        reused = [sq for sq in play.move.squares() if board.letter(*sq) is not None]
        self.pending = move
        place = t.move_span(play.move, reused)
        blanks = _play_blanks(play)
        if blanks:  # typed in one case, the rack chose the blank's letter
            place += ", " + _("comodín como {letters}").format(letters=t.blanks_text(blanks))
        line = _("{word} {place}: {points}. ¿Jugar? sí o no").format(
            word=t.word_text(play.move.word),
            place=place,
            points=t.score_text(play.score, play.bonus),
        )
        return Reply([line])

    def _spectator(self) -> Reply | None:
        if self.table.human is None:
            return Reply([_("Eres espectador: no tienes atril.")])
        return None

    # reading ---------------------------------------------------------------------------
    def _cmd_atril(self, args: str) -> Reply:
        if self.table.human is None:
            return Reply(
                [
                    _("Atril de {name}: {tiles}.").format(
                        name=self._name(s), tiles=t.rack_with_values(self.game.rack(s))
                    )
                    for s in range(self.game.num_seats)
                ]
            )
        rack = self._rack() or ""
        if not rack:
            return Reply([_("No tienes fichas.")])
        return Reply(
            [
                _("Tu atril, {count}: {tiles}.").format(
                    count=t.tiles_text(len(rack)), tiles=t.rack_with_values(rack)
                )
            ]
        )

    def _cmd_mesa(self, args: str) -> Reply:
        view = self._view()
        board = view.board
        if board.is_empty():
            start = square_name(*board.layout.start_square)
            first = _("Tablero vacío: la primera palabra pasa por {square}.").format(square=start)
        else:
            rows = [r_ for r_ in range(SIZE) if any(board.line(r_, False))]
            cols = [c for c in range(SIZE) if any(board.line(c, True))]
            first = _(
                "Tablero: {tiles}, {words}; filas {top} a {bottom}, columnas {left} a {right}."
            ).format(
                tiles=t.tiles_text(board.tile_count()),
                words=ngettext("{n} palabra", "{n} palabras", len(board.words())).format(
                    n=len(board.words())
                ),
                top=rows[0] + 1,
                bottom=rows[-1] + 1,
                left=COLUMNS[cols[0]],
                right=COLUMNS[cols[-1]],
            )
        counts = ", ".join(f"{self._name(s)} {n}" for s, n in enumerate(view.rack_counts))
        second = _("Bolsa: {bag}. Fichas en los atriles: {counts}.").format(
            bag=t.tiles_text(view.bag_count), counts=counts
        )
        return Reply([first, second])

    def _cmd_puntos(self, args: str) -> Reply:
        view = self._view()
        scores = ", ".join(f"{self._name(s)} {n}" for s, n in enumerate(view.scores))
        return Reply(
            [
                _("Puntos: {scores}. Bolsa: {bag}.").format(
                    scores=scores, bag=t.tiles_text(view.bag_count)
                )
            ]
        )

    def _cmd_turno(self, args: str) -> Reply:
        view = self._view()
        if view.is_over:
            return Reply([_("La partida ha terminado.")])
        if self._you(view.current_seat):
            line = _("Tu turno, jugada {n}.").format(n=view.turn)
        else:
            line = _("Turno de {name}, jugada {n}.").format(
                name=self._name(view.current_seat), n=view.turn
            )
        return Reply([line, *self._scoreless_warning(view.scoreless_turns)])

    def _cmd_ultima(self, args: str) -> Reply:
        return Reply([self.last_move or _("Todavía no ha jugado nadie.")])

    def _cmd_bolsa(self, args: str) -> Reply:
        view = self._view()
        if self.table.human is None:
            unseen = "".join(self.game.all_tiles())
            board_tiles = view.board.letters_on_board()
            pool = list(unseen)
            for tile in board_tiles:
                pool.remove(tile)
            unseen = "".join(pool)
        else:
            unseen = view.unseen_tiles()
        return Reply(t.bag_lines(view.bag_count, unseen))

    def _cmd_palabras(self, args: str) -> Reply:
        return Reply(t.word_lines(self.game.board))

    def _cmd_premios(self, args: str) -> Reply:
        return Reply(t.premium_lines(self.game.board))

    def _square_arg(self, args: str, usage: str) -> tuple[int, int] | str:
        """The square named in `args`, the cursor's if none, or an error line."""
        if not args.strip():
            return self.cursor
        found = _ask_square(args)
        if found is None:
            return _("{text} no es una casilla: {usage}").format(text=args.strip(), usage=usage)
        return found

    def _cmd_casilla(self, args: str) -> Reply:
        square = self._square_arg(args, _("por ejemplo casilla H8."))
        if isinstance(square, str):
            return Reply([square])
        return Reply(t.square_lines(self.game.board, *square))

    def _cmd_alrededor(self, args: str) -> Reply:
        square = self._square_arg(args, _("por ejemplo alrededor H8."))
        if isinstance(square, str):
            return Reply([square])
        return Reply([t.around_text(self.game.board, *square)])

    def _row_arg(self, args: str) -> int | None:
        text = args.strip()
        if not text:
            return self.cursor[0]
        row = number(text)
        if row is not None and 1 <= row <= SIZE:
            return row - 1
        return None

    def _col_arg(self, args: str) -> int | None:
        text = args.strip().upper()
        if not text:
            return self.cursor[1]
        if len(text) == 1 and text in COLUMNS:
            return COLUMNS.index(text)
        return None

    def _cmd_fila(self, args: str) -> Reply:
        row = self._row_arg(args)
        if row is None:
            return Reply([_("Escribe fila y un número del 1 al 15, por ejemplo fila 8.")])
        return Reply([t.line_text(self.game.board, row, False)])

    def _cmd_columna(self, args: str) -> Reply:
        col = self._col_arg(args)
        if col is None:
            return Reply([_("Escribe columna y una letra de la A a la O, por ejemplo columna H.")])
        return Reply([t.line_text(self.game.board, col, True)])

    def _cmd_ficha(self, args: str) -> Reply:
        text = args.strip()
        usage = _(
            "Escribe ficha y una letra, un número de tu atril o una casilla: ficha A, ficha 3, ficha H8."
        )
        board = self.game.board
        if not text:
            row, col = self.cursor
            letter = board.letter(row, col)
            if letter is None:
                return Reply([usage])
            return Reply(t.tile_lines(letter, on_board_blank=board.is_blank(row, col)))
        index = number(text)
        if index is not None:
            rack = sort_rack(self._rack() or "")
            if self.table.human is None:
                return Reply([_("Eres espectador: no tienes atril.")])
            if not 1 <= index <= len(rack):
                return Reply(
                    [
                        _("No hay ficha {index}: tienes {count}.").format(
                            index=index, count=t.tiles_text(len(rack))
                        )
                    ]
                )
            return Reply(t.tile_lines(rack[index - 1]))
        square = _ask_square(text)
        if square is not None and any(is_number(ch) for ch in text):
            letter = board.letter(*square)
            if letter is None:
                return Reply([_("{square} está vacía.").format(square=square_name(*square))])
            return Reply(t.tile_lines(letter, on_board_blank=board.is_blank(*square)))
        if fold(text) in ("comodin", "?", "*", "blank", "estrella"):
            return Reply(t.tile_lines(BLANK))
        letter = fold_letter(text).upper()
        if len(letter) == 1 and letter in CODE:
            return Reply(t.tile_lines(letter))
        return Reply([usage])

    # moves ----------------------------------------------------------------------------
    def _read_move(self, args: str) -> Move | str:
        """The typed move, with blanks decided by the rack when typed all in lowercase."""
        try:
            move = parse_move(args)
        except NotationError as error:
            return t.refusal_text(error, self._rack())
        rack = self._rack()
        if rack is not None and move.word == move.word.lower():
            move = assign_blanks(self.game.board, rack, move)
        return move

    def _cmd_jugar(self, args: str) -> Reply:
        if (reply := self._spectator()) is not None:
            return reply
        if not args.strip():
            return Reply([_("Escribe la palabra y la casilla: jugar CASA 8H.")])
        move = self._read_move(args)
        if isinstance(move, str):
            return Reply([move])
        self._requested, self._typed = "place", move
        human = self.table.human
        if _option(self.settings, "confirm_moves", False) is True and (human in self.game.to_act()):
            return self._confirm(move)
        return Reply(actions=[r.Place(move)])

    def _play_lines(self, play: Play) -> list[str]:
        lines = [
            _("{word} en {place} valdría {points}.").format(
                word=t.word_text(play.move.word),
                place=t.move_place(play.move),
                points=t.score_text(play.score, play.bonus),
            )
        ]
        details = [
            _("Forma: {words}.").format(
                words=", ".join(f"{t.word_text(w.word)} {w.score}" for w in play.words)
            )
        ]
        blanks = _play_blanks(play)
        if blanks:
            details.append(_("Comodín como {letters}.").format(letters=t.blanks_text(blanks)))
        lines.append(" ".join(details))
        return lines

    def _cmd_probar(self, args: str) -> Reply:
        if not args.strip():
            return Reply([_("Escribe la jugada que quieres probar: probar CASA 8H.")])
        if len(args.split()) == 1 and args.strip().isalpha():
            return self._where_fits(args.strip())
        move = self._read_move(args)
        if isinstance(move, str):
            return Reply([move])
        try:
            play = check_move(self.game.board, self._rack(), move, self.game.dawg)
        except IllegalAction as error:
            return Reply([t.refusal_text(error, self._rack(), typed=move)])
        return Reply(self._play_lines(play))

    def _where_fits(self, word: str) -> Reply:
        """`probar PALABRA` without a square: the best places where my rack can
        play that word (the question a sighted player answers by looking)."""
        if (reply := self._spectator()) is not None:
            return reply
        from sobremesa.lexicon import WordError, normalize

        try:
            wanted = normalize(word)
        except WordError as error:
            return Reply([str(error)])
        lexicon = self.game.dawg
        if lexicon is not None and wanted.lower() not in lexicon:
            # "not a word" before "does not fit", as probar with a square says it
            return Reply([t.refusal_text(IllegalAction("word_not_in_lexicon", word=wanted), None)])
        typed = "".join(fold_letter(ch) for ch in word)
        # Typed in both cases ("CAsA"): the lowercase letters are the blanks, as in
        # jugar; in one case only, the rack decides (any place the word fits).
        blanks = (
            [ch.islower() for ch in typed]
            if typed != typed.lower() and typed != typed.upper() and len(typed) == len(wanted)
            else None
        )
        board = self.game.board
        found: list[tuple[int, Move]] = []
        seen: set[tuple[int, str]] = set()
        for score, move in self.game.legal_moves(self.table.human):
            if move.word.lower() != wanted or (score, move.pos) in seen:
                continue
            if blanks is not None and any(
                board.letter(*square) is None and move.word[k].islower() != blanks[k]
                for k, square in enumerate(move.squares())
            ):
                continue
            seen.add((score, move.pos))
            found.append((score, move))
        found.sort(key=lambda item: (-item[0], item[1].pos))
        if not found:
            return Reply(
                [_("{word} no cabe con tu atril en ningún sitio.").format(word=word.upper())]
            )
        places = []
        for score, move in found[:3]:
            place = _("{place}, {points}").format(
                place=t.move_place(move), points=t.points_text(score)
            )
            letters = [
                (move.word[k], square_name(*square))
                for k, square in enumerate(move.squares())
                if board.letter(*square) is None and move.word[k].islower()
            ]
            if letters:
                # which letter the blank becomes: the one thing the word does not say
                place += ", " + _("comodín como {letters}").format(letters=t.blanks_text(letters))
            places.append(place)
        message = ngettext(
            "{word} cabe en {n} sitio: {places}.",
            "{word} cabe en {n} sitios; los mejores: {places}.",
            len(found),
        )
        return Reply([message.format(word=word.upper(), n=len(found), places="; ".join(places))])

    def _cmd_cambiar(self, args: str) -> Reply:
        if (reply := self._spectator()) is not None:
            return reply
        words = args.split()
        if not words:
            return Reply([_("Di qué fichas cambias: cambiar A E E, o cambiar todas.")])
        tiles = ""
        for word in words:
            folded = fold(word)
            if folded in ("todas", "todo", "all", "atril"):
                tiles += self._rack() or ""
            elif folded in ("comodin", "comodines", "blank"):
                tiles += BLANK
            else:
                try:
                    tiles += normalize_rack(word)
                except ValueError as error:
                    return Reply(
                        [
                            _(
                                "«{char}» no es una ficha: escribe letras, y ? para el comodín."
                            ).format(char=str(error))
                        ]
                    )
        self._requested = "exchange"
        return Reply(actions=[r.Exchange(tiles)])

    def _cmd_pasar(self, args: str) -> Reply:
        if (reply := self._spectator()) is not None:
            return reply
        return Reply(actions=[r.Pass()])

    def _cmd_pista(self, args: str) -> Reply:
        if (reply := self._spectator()) is not None:
            return reply
        view = self._view()
        if view.is_over:
            return Reply([_("La partida ha terminado.")])
        bag = view.bag_count
        if bag >= 7:
            exchange = _("puedes cambiar fichas")
        elif bag:
            exchange = ngettext(
                "puedes cambiar hasta {n} ficha", "puedes cambiar hasta {n} fichas", bag
            ).format(n=bag)
        else:
            exchange = _("la bolsa está vacía")
        if not self.hints:
            return Reply(
                [
                    _(
                        "Pistas desactivadas en esta mesa. Puedes jugar una palabra o pasar; {exchange}."
                    ).format(exchange=exchange)
                ]
            )
        found = self.game.hint(self.table.human)
        if found is None:
            return Reply(
                [
                    _("No hay ninguna jugada con tu atril: pasa; {exchange}.").format(
                        exchange=exchange
                    )
                ]
            )
        score, move = found
        play = self.game.check(self.table.human, move)
        words = ", ".join(f"{t.word_text(w.word)} {w.score}" for w in play.words)
        line = _("Pista: {word} en {place}, {points}. Forma: {words}.").format(
            word=t.word_text(move.word),
            place=t.move_place(move),
            # as probar says it: without the bonus the words do not add up
            points=t.score_text(score, play.bonus),
            words=words,
        )
        blanks = _play_blanks(play)
        if blanks:
            # A speech engine says "ÑiPE" and "ÑIPE" alike: name the blank's letter.
            line += " " + _("Comodín como {letters}.").format(letters=t.blanks_text(blanks))
        return Reply(
            [line, _("Para jugarla: jugar {move}.").format(move=f"{move.word} {move.pos}")]
        )

    # exploring --------------------------------------------------------------------------
    def _square_text(self, row: int, col: int) -> str:
        return t.explored_text(self.game.board, row, col)

    def _move_cursor(self, row: int, col: int) -> Reply:
        if not (0 <= row < SIZE and 0 <= col < SIZE):
            return Reply(
                [_("Borde del tablero. {square}").format(square=self._square_text(*self.cursor))]
            )
        self.cursor = (row, col)
        return Reply([self._square_text(row, col)])

    def _cmd_explorar(self, args: str) -> Reply:
        if args.strip():
            square = _ask_square(args)
            if square is None:
                return Reply(
                    [
                        _("{text} no es una casilla: por ejemplo explorar H8.").format(
                            text=args.strip()
                        )
                    ]
                )
            self.cursor = square
        self.exploring = True
        return Reply(
            [
                _("Exploras el tablero: flechas para moverte, Escape o dejar para terminar."),
                self._square_text(*self.cursor),
            ]
        )

    def _cmd_dejar(self, args: str) -> Reply:
        if not self.exploring:
            return Reply([_("No estabas explorando el tablero.")])
        self.exploring = False
        return Reply(
            [
                _("Dejas de explorar. El cursor queda en {square}.").format(
                    square=square_name(*self.cursor)
                )
            ]
        )

    def _cmd_arriba(self, args: str) -> Reply:
        return self._move_cursor(self.cursor[0] - 1, self.cursor[1])

    def _cmd_abajo(self, args: str) -> Reply:
        return self._move_cursor(self.cursor[0] + 1, self.cursor[1])

    def _cmd_izquierda(self, args: str) -> Reply:
        return self._move_cursor(self.cursor[0], self.cursor[1] - 1)

    def _cmd_derecha(self, args: str) -> Reply:
        return self._move_cursor(self.cursor[0], self.cursor[1] + 1)

    def _cmd_inicio(self, args: str) -> Reply:
        return self._move_cursor(self.cursor[0], 0)

    def _cmd_fin(self, args: str) -> Reply:
        return self._move_cursor(self.cursor[0], SIZE - 1)

    def _cmd_tope(self, args: str) -> Reply:
        return self._move_cursor(0, self.cursor[1])

    def _cmd_fondo(self, args: str) -> Reply:
        return self._move_cursor(SIZE - 1, self.cursor[1])

    def _cmd_ir(self, args: str) -> Reply:
        text = args.strip()
        square = _ask_square(text)
        if square is not None and any(is_number(ch) for ch in text):
            return self._move_cursor(*square)
        words = self.game.board.words()
        n = number(text)
        if n is not None:
            if not words:
                return Reply([_("No hay palabras en el tablero.")])
            if not 1 <= n <= len(words):
                return Reply(
                    [
                        _("No hay palabra {n}: en el tablero hay {count}.").format(
                            n=n, count=len(words)
                        )
                    ]
                )
            return self._go_to_word(n - 1)
        if text and text.isalpha():
            wanted = "".join(fold_letter(ch) for ch in text).upper()
            matches = [k for k, w in enumerate(words) if w.word.upper() == wanted]
            if not matches:
                return Reply(
                    [
                        _("{word} no está en el tablero; la orden palabras las dice todas.").format(
                            word=wanted
                        )
                    ]
                )
            # again: the next one of the same word
            after = [k for k in matches if self.word_index is not None and k > self.word_index]
            return self._go_to_word((after or matches)[0])
        return Reply([_("Escribe ir y una casilla o una palabra: ir H8, ir CASA, ir 3.")])

    def _go_to_word(self, index: int, edge: str = "") -> Reply:
        """The cursor on the first letter of the index-th word of `palabras`."""
        words = self.game.board.words()
        move = words[index]
        self.word_index = index
        self.cursor = (move.row, move.col)
        line = _("{word}, palabra {n} de {count}.").format(
            word=t.word_ref(move), n=index + 1, count=len(words)
        )
        # the word is named already: the square alone
        square = t.square_text(self.game.board, move.row, move.col)
        return Reply([f"{edge}{line} {square}"])

    def _cmd_siguiente(self, args: str) -> Reply:
        return self._next_word(1)

    def _cmd_anterior(self, args: str) -> Reply:
        return self._next_word(-1)

    def _next_word(self, step: int) -> Reply:
        words = self.game.board.words()
        if not words:
            return Reply([_("No hay palabras en el tablero.")])
        if self.word_index is None:
            index = 0 if step > 0 else len(words) - 1
        else:
            index = min(self.word_index, len(words) - 1) + step
        if index >= len(words):
            return self._go_to_word(len(words) - 1, _("Última palabra.") + " ")
        if index < 0:
            return self._go_to_word(0, _("Primera palabra.") + " ")
        return self._go_to_word(index)

    def _cmd_saltar(self, args: str) -> Reply:
        return self._jump(args, tile=True)

    def _cmd_hueco(self, args: str) -> Reply:
        return self._jump(args, tile=False)

    def _jump(self, args: str, *, tile: bool) -> Reply:
        """To the next tile (or empty square) in a direction that is not joined to
        the cursor's square: past the run of squares like the cursor's, then past
        the other kind if needed. From a tile of CASA, `saltar derecha` lands on
        the first tile after the gap; `hueco derecha` on the square after CASA."""
        step = STEPS.get(fold(args).strip())
        if step is None:
            if tile:
                return Reply([_("Escribe saltar y una dirección: saltar derecha.")])
            return Reply([_("Escribe hueco y una dirección: hueco derecha.")])
        board = self.game.board
        row, col = self.cursor
        own = board.letter(row, col) is not None
        left_run = False
        while True:
            row, col = row + step[0], col + step[1]
            if not (0 <= row < SIZE and 0 <= col < SIZE):
                where = _(FURTHER[step])
                if tile:
                    line = _("Ninguna ficha más {where}.").format(where=where)
                else:
                    line = _("Ninguna casilla vacía más {where}.").format(where=where)
                return Reply([f"{line} {self._square_text(*self.cursor)}"])
            filled = board.letter(row, col) is not None
            if filled != own:
                left_run = True
            if left_run and filled == tile:
                return self._move_cursor(row, col)

    def _cmd_leer(self, args: str) -> Reply:
        what = fold(args)
        row, col = self.cursor
        board = self.game.board
        if what in ("fila", "row", "f"):
            return Reply([t.line_text(board, row, False)])
        if what in ("columna", "column", "col", "c"):
            return Reply([t.line_text(board, col, True)])
        if what in ("palabra", "palabras", "word", "p"):
            words = t.words_through(board, row, col)
            if not words:
                if board.letter(row, col) is None:
                    return Reply(
                        [
                            _("{square} está vacía: no hay palabra.").format(
                                square=square_name(row, col)
                            )
                        ]
                    )
                return Reply(
                    [
                        _("{square}: ninguna palabra de dos letras o más.").format(
                            square=square_name(row, col)
                        )
                    ]
                )
            return Reply([t.word_ref(w) + "." for w in words])
        if what in ("", "casilla", "square"):
            return Reply(t.square_lines(board, row, col))
        return Reply([_("Escribe leer fila, leer columna, leer palabra o leer casilla.")])

    def _braille_board_line(self, index: int, down: bool) -> Reply:
        """A row or column in cells; the first time, what the two signs mean."""
        lines = [t.braille_line(self.game.board, index, down)]
        if not self._braille_legend_said:
            self._braille_legend_said = True
            lines.append(_("⠤ casilla vacía, ⠔ comodín."))
        return Reply(lines)

    def _cmd_braille(self, args: str) -> Reply:
        words = fold(args).split()
        usage = _("Escribe braille fila 8, braille columna H o braille atril.")
        if not words:
            return self._braille_board_line(self.cursor[0], False)
        what, rest = words[0], " ".join(words[1:])
        if what in ("fila", "row"):
            row = self._row_arg(rest)
            return self._braille_board_line(row, False) if row is not None else Reply([usage])
        if what in ("columna", "column", "col"):
            col = self._col_arg(rest)
            return self._braille_board_line(col, True) if col is not None else Reply([usage])
        if what in ("atril", "rack", "mano"):
            if (reply := self._spectator()) is not None:
                return reply
            return Reply([t.braille_rack(self._rack() or "")])
        return Reply([usage])


def _play_blanks(play: Play) -> list[tuple[str, str]]:
    """(letter, square) of each blank a checked play puts down."""
    return [(tile.letter, square_name(tile.row, tile.col)) for tile in play.tiles if tile.blank]


# --- building a table ---------------------------------------------------------------------


def _levels(settings: Any, rivals: int) -> list[str]:
    level = _option(settings, "level", "medio")
    level = level if level in LEVELS else "medio"
    levels = _option(settings, "levels", None)
    if not isinstance(levels, list | tuple):
        levels = []
    chosen = [lv if lv in LEVELS else level for lv in levels[:rivals]]
    return chosen + [level] * (rivals - len(chosen))


def _lexicon(settings: Any, notices: list[str]):
    from sobremesa.lexicon import load_lexicon

    dictionary = getattr(settings, "dictionary", "") or None
    return load_lexicon("palabras", dictionary, notify=notices.append)


def new_adapter(settings: Any, *, seed: int, spectator: bool) -> PalabrasAdapter:
    rivals = _option(settings, "rivals", 1)
    rivals = rivals if isinstance(rivals, int) else 1
    players = rivals if spectator else rivals + 1
    players = min(r.MAX_PLAYERS, max(r.MIN_PLAYERS, players))
    notices: list[str] = []
    layout: Any = "standard"
    layout_path = _option(settings, "layout", "standard")
    if isinstance(layout_path, str) and layout_path not in ("", "standard", "estandar"):
        try:
            layout = load_layout(layout_path).lines
        except LayoutError:
            notices.append(
                _("No he podido usar el tablero {file}: juego con el de siempre.").format(
                    file=layout_path
                )
            )
    subtract = bool(_option(settings, "subtract_own_rack", False))
    hints = bool(_option(settings, "hints", True))
    options = r.PalabrasOptions(players=players, layout=layout, subtract_own_rack=subtract)
    lexicon = _lexicon(settings, notices)
    game = r.PalabrasGame(options, seed=seed, lexicon=lexicon)
    levels = _levels(settings, players - (0 if spectator else 1))
    table = seat_table(players, seed, spectator=spectator, levels=levels)
    bots = make_bots(table, seed, lambda *a, **k: make_bot(*a, **k, lexicon=lexicon))
    return PalabrasAdapter(game, table, bots, settings, hints=hints, notices=notices)


def restore_adapter(settings: Any, data: dict[str, Any]) -> PalabrasAdapter:
    notices: list[str] = []
    lexicon = _lexicon(settings, notices)
    game = r.PalabrasGame.from_dict(data["state"], lexicon=lexicon)
    table, bots = restore_seats(data, game, lambda bot: bot_from_dict(bot, lexicon=lexicon))
    extra = data.get("extra", {}) or {}
    hints = extra.get("hints", True)
    adapter = PalabrasAdapter(
        game,
        table,
        bots,
        settings,
        hints=hints if isinstance(hints, bool) else True,
        notices=notices,
    )
    last = extra.get("last_move", "")
    adapter.last_move = last if isinstance(last, str) else ""
    briefs = extra.get("last_brief", [])
    if isinstance(briefs, list) and all(isinstance(b, str) for b in briefs):
        adapter.last_brief = briefs
    cursor = extra.get("cursor")
    if (
        isinstance(cursor, list)
        and len(cursor) == 2
        and all(isinstance(v, int) and 0 <= v < SIZE for v in cursor)
    ):
        adapter.cursor = (cursor[0], cursor[1])
    adapter.exploring = extra.get("exploring") is True
    return adapter
