"""Palabras at the table: the glue between the session and the Palabras pieces.

The work is done by job elsewhere in this package: `narration` (events in words),
`commands` (what can be typed, and typed text into moves and exchanges),
`cursor` (exploring the board), `reading` (answers to the reading commands) and
`advice` (probar, pista, the confirmation of a move). This module holds what is
the adapter's own: which seat listens, the prompt, the keys, a move waiting for
its confirmation, saving and building a table.

Settings read (all optional, through `getattr(settings, "palabras", None)`):
`rivals` (1–3, default 1), `level` ("facil", "medio", "dificil"; default "medio"),
`levels` (a list, one level per rival, overriding `level`), `hints` (bool, default
True), `layout` ("standard" or the path of a layout file), `subtract_own_rack`
(bool, default False). Also the common `dictionary` and `verbosity`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sobremesa.core.game import Event, IllegalAction
from sobremesa.games.palabras import advice, reading
from sobremesa.games.palabras import rules as r
from sobremesa.games.palabras import texts as t
from sobremesa.games.palabras.board import SIZE, LayoutError, Move, load_layout, square_name
from sobremesa.games.palabras.bots import bot_from_dict, make_bot
from sobremesa.games.palabras.commands import (
    COMMANDS,
    CONFIRM_KEYS,
    LEVEL_NAMES,
    RULES,
    SEAT_COMMANDS,
    YES,
    exchange_tiles,
    level_name,
    read_move,
)
from sobremesa.games.palabras.cursor import (
    CURSOR_COMMANDS,
    DEFAULT_CURSOR,
    EXPLORE_KEY_MODE,
    EXPLORE_KEYS,
    FURTHER,
    STEPS,
    BoardCursor,
)
from sobremesa.games.palabras.narration import Names, narrate
from sobremesa.i18n import _
from sobremesa.ui.commands import Command, CommandSpec, fold
from sobremesa.ui.rivals import intro_rivals
from sobremesa.ui.session import GameAdapter, Reply, Table, restore_seats, seat_bots
from sobremesa.ui.wording import prompt_of

# Imported from here by tests and by the menus: the names moved by job stay readable.
__all__ = [
    "COMMANDS",
    "CONFIRM_KEYS",
    "DEFAULT_CURSOR",
    "EXPLORE_KEYS",
    "EXPLORE_KEY_MODE",
    "FURTHER",
    "LEVEL_NAMES",
    "RULES",
    "STEPS",
    "YES",
    "PalabrasAdapter",
    "level_name",
    "new_adapter",
    "restore_adapter",
    "square_name",
]


#: reading commands answered from the seat's view and the names alone
VIEW_READERS: dict[str, Callable[[r.PalabrasView, Names], list[str]]] = {
    "mesa": reading.table_lines,
    "puntos": reading.score_lines,
    "turno": reading.turn_lines,
}


def _option(settings: Any, name: str, default: Any) -> Any:
    section = getattr(settings, "palabras", None)
    return getattr(section, name, default) if section is not None else default


class PalabrasAdapter(GameAdapter):
    game_id = "palabras"
    seat_commands = SEAT_COMMANDS

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
        self.explorer = BoardCursor()
        self._braille_legend_said = False  # `braille fila` explains ⠤ and ⠔ once
        self._requested = ""  # "place" or "exchange": the action just asked for
        self._typed: Move | None = None  # the move just typed (for its refusal)
        #: a move waiting for "sí" (setting confirm_moves); never saved
        self.pending: Move | None = None
        self.brief = getattr(settings, "verbosity", "normal") == "breve"

    # The cursor's state, read and set by saves and tests under these names.
    @property
    def cursor(self) -> tuple[int, int]:
        return self.explorer.square

    @cursor.setter
    def cursor(self, square: tuple[int, int]) -> None:
        self.explorer.square = square

    @property
    def exploring(self) -> bool:
        return self.explorer.exploring

    @exploring.setter
    def exploring(self, on: bool) -> None:
        self.explorer.exploring = on

    @property
    def word_index(self) -> int | None:
        return self.explorer.word_index

    # -- start, keys ---------------------------------------------------------------
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

    # -- who listens ---------------------------------------------------------------
    def _names(self) -> Names:
        return Names(self.table.names, self.table.human)

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
        others = [self.table.names[s] for s in range(len(self.table.names)) if s != human]
        # The table's level when every rival plays alike, else a line per rival.
        level, rivals = intro_rivals(self.game_id, self.table)
        if human is None:
            first = _("Palabras, modo espectador. Juegan {names}.").format(names=t.join(others))
        elif level:
            first = _("Palabras contra {names}, nivel {level}.").format(
                names=t.join(others), level=level
            )
        else:
            first = _("Palabras contra {names}.").format(names=t.join(others))
        lines = [first, *rivals, *self.notices]
        if human is not None and not self.hints:
            lines.append(_("Pistas desactivadas en esta mesa."))
        lines.append(_("Escribe ayuda para ver las órdenes, o pulsa F1."))
        return lines

    def rules(self) -> list[str]:
        return [_(line) for line in RULES]

    def ending(self) -> list[str]:
        return []  # the game-over lines already said it

    def resume(self) -> list[str]:
        view, names = self._view(), self._names()
        lines = reading.score_lines(view, names) + reading.turn_lines(view, names)
        if self.table.human is not None:
            lines += reading.rack_lines(self._rack() or "")
        if self.exploring:
            here = self.explorer.here(self.game.board)
            lines.append(_("Sigues explorando. {square}").format(square=here))
        return lines

    def refusal(self, error: IllegalAction) -> str:
        # The blank hint ("write that letter in lowercase") is for moves, not exchanges.
        placing = self._requested != "exchange"
        return t.refusal_text(
            error, self._rack(), move=placing, typed=self._typed if placing else None
        )

    # -- events --------------------------------------------------------------------
    def describe(self, event: Event) -> list[str]:
        seen = event.visible_to(self.table.human)  # type: ignore[attr-defined]
        told = narrate(seen, self._view(), self._names(), brief=self.brief)
        if told.last_move is not None:
            self.last_move = told.last_move
        if told.last_brief is not None:
            self.last_brief = told.last_brief
        return told.lines

    # -- prompt --------------------------------------------------------------------
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

    # -- commands ------------------------------------------------------------------
    def commands(self) -> list[CommandSpec]:
        return COMMANDS

    def handle(self, command: Command) -> Reply:
        if self.pending is not None:
            # Anything but yes cancels a move waiting for confirmation; the command
            # itself still runs (another jugar asks again).
            cancelled = self._cancel()
            if command.name == "anular":
                return cancelled
            reply = self._run(command)
            return Reply(cancelled.lines + reply.lines, reply.actions)
        return self._run(command)

    def _run(self, command: Command) -> Reply:
        if command.name in CURSOR_COMMANDS:
            return Reply(self.explorer.run(self.game.board, command.name, command.args))
        if (reader := VIEW_READERS.get(command.name)) is not None:
            return Reply(reader(self._view(), self._names()))
        return getattr(self, f"_cmd_{command.name}")(command.args)

    # confirmation (setting confirm_moves) -------------------------------------------
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
            return Reply(self.explorer.leave())
        return Reply()

    def _confirm(self, move: Move) -> Reply:
        """confirm_moves: the move and its points, and the question."""
        try:
            line = advice.confirm_line(self.game, self.table.human, self._rack(), move)
        except IllegalAction as error:
            return Reply([t.refusal_text(error, self._rack(), typed=move)])
        self.pending = move
        return Reply([line])

    def _spectator(self) -> Reply | None:
        if self.table.human is None:
            return Reply([reading.spectator_line()])
        return None

    # reading ---------------------------------------------------------------------
    def _cmd_atril(self, args: str) -> Reply:
        if self.table.human is None:
            racks = [self.game.rack(s) for s in range(self.game.num_seats)]
            return Reply(reading.all_racks_lines(racks, self._names()))
        return Reply(reading.rack_lines(self._rack() or ""))

    def _cmd_ultima(self, args: str) -> Reply:
        return Reply([self.last_move or _("Todavía no ha jugado nadie.")])

    def _cmd_bolsa(self, args: str) -> Reply:
        # a spectator sees every rack: what is unseen is the bag alone
        every = self.game.all_tiles() if self.table.human is None else None
        return Reply(reading.bag_lines(self._view(), every))

    def _cmd_palabras(self, args: str) -> Reply:
        return Reply(t.word_lines(self.game.board))

    def _cmd_premios(self, args: str) -> Reply:
        return Reply(t.premium_lines(self.game.board))

    def _cmd_casilla(self, args: str) -> Reply:
        square = self.explorer.square_arg(args, _("por ejemplo casilla H8."))
        if isinstance(square, str):
            return Reply([square])
        return Reply(t.square_lines(self.game.board, *square))

    def _cmd_alrededor(self, args: str) -> Reply:
        square = self.explorer.square_arg(args, _("por ejemplo alrededor H8."))
        if isinstance(square, str):
            return Reply([square])
        return Reply([t.around_text(self.game.board, *square)])

    def _cmd_fila(self, args: str) -> Reply:
        row = self.explorer.row_arg(args)
        if row is None:
            return Reply([_("Escribe fila y un número del 1 al 15, por ejemplo fila 8.")])
        return Reply([t.line_text(self.game.board, row, False)])

    def _cmd_columna(self, args: str) -> Reply:
        col = self.explorer.col_arg(args)
        if col is None:
            return Reply([_("Escribe columna y una letra de la A a la O, por ejemplo columna H.")])
        return Reply([t.line_text(self.game.board, col, True)])

    def _cmd_ficha(self, args: str) -> Reply:
        return Reply(reading.tile_lines(self.game.board, self.cursor, self._rack(), args))

    def _cmd_braille(self, args: str) -> Reply:
        words = fold(args).split()
        usage = _("Escribe braille fila 8, braille columna H o braille atril.")
        what, rest = (words[0], " ".join(words[1:])) if words else ("fila", "")
        if what in ("atril", "rack", "mano"):
            if (reply := self._spectator()) is not None:
                return reply
            return Reply([t.braille_rack(self._rack() or "")])
        down = what in ("columna", "column", "col")
        if not down and what not in ("fila", "row"):
            return Reply([usage])
        index = self.explorer.col_arg(rest) if down else self.explorer.row_arg(rest)
        if index is None:
            return Reply([usage])
        legend, self._braille_legend_said = not self._braille_legend_said, True
        return Reply(reading.braille_line_lines(self.game.board, index, down, legend=legend))

    # moves -----------------------------------------------------------------------
    def _read_move(self, args: str) -> Move | str:
        """The typed move, with blanks decided by the rack when typed all in lowercase."""
        return read_move(args, self.game.board, self._rack())

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

    def _cmd_probar(self, args: str) -> Reply:
        if not args.strip():
            return Reply([_("Escribe la jugada que quieres probar: probar CASA 8H.")])
        if len(args.split()) == 1 and args.strip().isalpha():
            if (reply := self._spectator()) is not None:
                return reply
            return Reply(advice.where_fits(self.game, self.table.human, args.strip()))
        move = self._read_move(args)
        if isinstance(move, str):
            return Reply([move])
        return Reply(advice.probe(self.game, self._rack(), move))

    def _cmd_cambiar(self, args: str) -> Reply:
        if (reply := self._spectator()) is not None:
            return reply
        tiles = exchange_tiles(args, self._rack() or "")
        if isinstance(tiles, list):
            return Reply(tiles)
        self._requested = "exchange"
        return Reply(actions=[r.Exchange(tiles)])

    def _cmd_pasar(self, args: str) -> Reply:
        if (reply := self._spectator()) is not None:
            return reply
        return Reply(actions=[r.Pass()])

    def _cmd_pista(self, args: str) -> Reply:
        if (reply := self._spectator()) is not None:
            return reply
        return Reply(advice.hint_lines(self.game, self.table.human, hints=self.hints))


# --- building a table ---------------------------------------------------------------------


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
    table, bots = seat_bots(
        players,
        seed,
        spectator=spectator,
        section=getattr(settings, "palabras", None),
        make=lambda *a, **k: make_bot(*a, **k, lexicon=lexicon),
        game="palabras",
    )
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
    adapter.restore_last_move(extra)
    cursor = extra.get("cursor")
    if (
        isinstance(cursor, list)
        and len(cursor) == 2
        and all(isinstance(v, int) and 0 <= v < SIZE for v in cursor)
    ):
        adapter.cursor = (cursor[0], cursor[1])
    adapter.exploring = extra.get("exploring") is True
    return adapter
