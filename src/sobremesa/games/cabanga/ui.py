"""¡Cabanga! at the table: the glue between the session and the ¡Cabanga! pieces.

The work is done by job elsewhere in this package: `texts` (colours, cards and
gaps in words), `narration` (events in words, pure from the event, the view and
the names), `reading` (answers to the reading commands, from the view),
`commands` (what can be typed, and typed text into plays, throws or questions)
and `window` (the window's one line, the lines held while it is open, whether
anyone could throw). This module holds what is the adapter's own: which seat
listens, the prompt, the question pending, saving and building a table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sobremesa.core.game import Event, IllegalAction
from sobremesa.core.registry import entry
from sobremesa.games.cabanga import commands as cmd
from sobremesa.games.cabanga import reading
from sobremesa.games.cabanga import rules as r
from sobremesa.games.cabanga import window as win
from sobremesa.games.cabanga.bots import bot_from_dict, make_bot
from sobremesa.games.cabanga.commands import COMMANDS, REFUSALS, RULES, SEAT_COMMANDS, Draft
from sobremesa.games.cabanga.narration import Moment, narrate
from sobremesa.games.cabanga.texts import card_text, colour_name, gap_brief
from sobremesa.i18n import _
from sobremesa.settings import Settings
from sobremesa.ui.commands import Command, CommandSpec
from sobremesa.ui.rivals import intro_rivals
from sobremesa.ui.session import GameAdapter, Pause, Reply, Table, restore_table, seat_bots
from sobremesa.ui.told import Names
from sobremesa.ui.wording import join, next_round_pause, prompt_of

# Imported from here by tests, tools and the menus: the names moved by job stay readable.
__all__ = ["COMMANDS", "REFUSALS", "RULES", "CabangaAdapter", "new_adapter", "restore_adapter"]


class CabangaAdapter(GameAdapter):
    game_id = "cabanga"
    seat_commands = SEAT_COMMANDS
    window_commands = ("cabanga", "paso")

    def __init__(self, game: r.CabangaGame, table: Table, bots: dict[int, Any], settings: Settings):
        self.game = game
        self.table = table
        self.bots = bots
        self.settings = settings
        self.last_move = ""
        self.held_move = ""  # the newest move while it is held back (see describe_events)
        self.window_view: r.CabangaView | None = None  # the table when the player's window opened
        self.last_brief = ""  # the last move in brief form, for the status prompt
        self.watch = win.WindowWatch()
        self.draft = Draft()  # a question asked (side or colour) and not yet answered

    # The window's and the draft's state, read and set by saves and tests under these names.
    @property
    def held(self) -> list[str]:
        return self.watch.held

    @held.setter
    def held(self, lines: list[str]) -> None:
        self.watch.held = lines

    @property
    def could_throw(self) -> bool:
        return self.watch.could_throw

    @could_throw.setter
    def could_throw(self, could: bool) -> None:
        self.watch.could_throw = could

    @property
    def _asked(self) -> r.CabangaCard | None:
        return self.draft.asked

    @_asked.setter
    def _asked(self, card: r.CabangaCard | None) -> None:
        self.draft.asked = card

    @property
    def _which(self) -> int | None:
        return self.draft.which

    @_which.setter
    def _which(self, value: int | None) -> None:
        self.draft.which = value

    @property
    def _which_side(self) -> str | None:
        return self.draft.which_side

    @_which_side.setter
    def _which_side(self, side: str | None) -> None:
        self.draft.which_side = side

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
        self.watch.auto_passed = True  # "No te entra ninguna" already said it: no "Pasas."
        return r.Pass()

    def reading_commands(self) -> frozenset[str]:
        return cmd.READING_COMMANDS

    def close_window(self) -> list[Event]:
        return self.game.close_window()

    def extra_to_data(self) -> dict[str, Any]:
        return {
            "last_move": self.last_move,
            "last_brief": self.last_brief,
            "could_throw": self.could_throw,
            # A question asked (side or colour) stays pending across a save.
            "asked": self._asked.code if self._asked is not None else None,
            "which": self._which,
            "which_side": self._which_side,
        }

    # -- who listens ---------------------------------------------------------------
    def _names(self) -> Names:
        return Names(self.table.names, self.table.human)

    def _view(self) -> r.CabangaView:
        return self.game.view(self.table.human)

    def _hand(self) -> list[r.CabangaCard]:
        return list(self._view().hand or ())

    # -- what is said while a window is open -----------------------------------------
    def player_in_window(self) -> bool:
        """The player has a window to answer: open, their answer pending, and a
        card of theirs fits (else the game passes for them at once). From the game,
        not a view: asked several times a batch (`commands.player_in_window` says
        the same from the view)."""
        human = self.table.human
        return (
            human is not None
            and self.game.in_window()
            and human in self.game.to_act()
            and bool(self.game.fitting_cards(human))
        )

    def window_line(self) -> str:
        """The player's window in one short line (see `window.window_line`)."""
        return win.window_line(self._view(), self.settings.cabanga.notify_fits)

    def describe_events(self, events: Sequence[Event]) -> list[str | Pause]:
        """While the player's window is open only its one line is said; the move
        that opened it and the rivals' throws meanwhile follow the player's answer
        (or the window's end)."""
        view = self._view()  # after the batch: the same for each of its events
        before = self.last_move
        window, items = win.split_batch(
            events,
            lambda event, opened: self._describe(event, opened, view),
            lambda event: self.pause_after([event]),
            Pause,
            cmd.player_in_window(view),
        )
        if self.new_round_waits(events):
            # After the new hand and rows, before the bots play: as in round 1.
            items.append(Pause(_("Pulsa Intro para empezar.")))
        if window:
            self.window_view = view  # the table as the window's line leaves it
        out = self.hold_for_window(window, items)
        if self.player_in_window() and not window:
            # Held back while the window is the player's (the rivals' throws):
            # `ultima` does not tell them either, until they are said.
            if self.last_move != before:
                self.held_move, self.last_move = self.last_move, before
        elif self.held_move and self.last_move == before:
            self.last_move = self.held_move  # said now: the newest move again
        if not self.player_in_window():
            self.held_move = ""
        return out

    def after_window(self) -> list[str]:
        lines = super().after_window()
        if lines and self.held_move:
            self.last_move, self.held_move = self.held_move, ""
        return lines

    def new_round_waits(self, events: Sequence[Event]) -> bool:
        """A round after the first began in this batch and a rival starts it: the
        player hears the new hand and rows, then presses Enter before the bots
        play (a round the player starts waits for their play anyway)."""
        human = self.table.human
        return (
            self.start_pauses
            and human is not None
            and any(
                isinstance(e, r.RoundStarted) and e.round_no > 1 and e.starter != human
                for e in events
            )
        )

    # -- texts -------------------------------------------------------------------
    def intro(self) -> list[str]:
        others = [n for s, n in enumerate(self.table.names) if s != self.table.human]
        names = join(others)
        # The table's level when every rival plays alike, else a line per rival.
        level, rivals = intro_rivals(self.game_id, self.table)
        if self.table.human is None:
            first = _("¡Cabanga!, modo espectador. Juegan {names}.").format(names=names)
        elif level:
            first = _("¡Cabanga! contra {names}, nivel {level}.").format(names=names, level=level)
        else:
            first = _("¡Cabanga! contra {names}.").format(names=names)
        return [first, *rivals, _("Escribe ayuda para ver las órdenes, o pulsa F1.")]

    def rules(self) -> list[str]:
        return [_(line) for line in RULES]

    def ending(self) -> list[str]:
        return [_("Fin de la partida.")]

    def resume(self) -> list[str]:
        """Scores, rows, the last play, the rivals' card counts, whose turn (with
        the colour to avoid), then your hand."""
        view, names = self._view(), self._names()
        lines = reading.score_lines(view, names) + reading.row_lines(view)
        if self.last_move:
            lines.append(_("Última jugada: {move}").format(move=self.last_move))
        counts = [
            f"{names.name(s)} {n}" for s, n in enumerate(view.hand_counts) if s != self.table.human
        ]
        lines.append(_("Cartas: {counts}.").format(counts=", ".join(counts)))
        lines += reading.turn_lines(view, names)
        if self.table.human is not None:
            lines += reading.hand_lines(view)
        return lines

    def refusal(self, error: IllegalAction) -> str:
        return cmd.refusal_text(error.reason)

    def describe(self, event: Event) -> list[str]:
        return self._describe(event, None, self._view())

    def _describe(
        self, event: Event, opened: r.CabangaOpened | None, view: r.CabangaView
    ) -> list[str]:
        """The event's lines, with the window bookkeeping around the pure narrator:
        who could throw (read from every hand), a pass the game made for you, a
        question pending that a play of yours ends."""
        human = self.table.human
        event = event.visible_to(human)  # type: ignore[attr-defined]
        watch = self.watch
        if isinstance(event, r.CabangaOpened):
            # Whether anyone could throw (then "Nadie tira." means something). Online
            # the close is news anyway: the window waits for the slowest listener, and
            # a playtest's player sat in that silence not knowing it had closed.
            watch.could_throw = self.shared or win.anyone_fits(self.game, event)
        auto_passed = (
            isinstance(event, r.Passed)
            and event.seat == human
            and not event.timed_out
            and watch.auto_passed
        )
        moment = Moment(
            opened=opened,
            could_throw=watch.could_throw,
            auto_passed=auto_passed,
            notify_fits=self.settings.cabanga.notify_fits,
        )
        told = narrate(event, view, self._names(), moment=moment)
        if auto_passed:
            watch.auto_passed = False
        if isinstance(event, r.CardPlayed) and event.seat == human:
            self.draft.clear()
        if told.last_move is not None:
            self.last_move = told.last_move
        if told.last_brief is not None:
            self.last_brief = told.last_brief[0]
        return told.lines

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
        if cmd.player_in_window(view) and view.window is not None:
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
        return self.waiting_prompt()

    # -- commands ----------------------------------------------------------------
    def commands(self) -> list[CommandSpec]:
        return COMMANDS

    def handle(self, command: Command) -> Reply:
        return getattr(self, f"_cmd_{command.name}")(command.args)

    def _act(self, parsed: cmd.Parsed) -> Reply:
        return Reply(parsed) if isinstance(parsed, list) else Reply(actions=[parsed])

    def _reply(self, parsed: cmd.Parsed | None) -> Reply | None:
        return None if parsed is None else self._act(parsed)

    # reading ---------------------------------------------------------------------
    def _cmd_mano(self, args: str) -> Reply:
        if args.strip() and not self.in_window():
            return self._cmd_jugar("m " + args)  # "m 7 izq": morado 7, as typed
        return Reply(reading.hand_lines(self._view()))

    def _heard_view(self) -> r.CabangaView:
        """The table as the player has heard it: while their window holds the
        rivals' throws back, as it was when the window opened (a blind playtest
        read a held throw off `mesa`: a card gone from a row, a hand one smaller)."""
        if self.window_view is not None and self.held and self.player_in_window():
            return self.window_view
        return self._view()

    def _cmd_filas(self, args: str) -> Reply:
        return Reply(reading.row_lines(self._heard_view()))

    def _cmd_mesa(self, args: str) -> Reply:
        return Reply(reading.table_lines(self._heard_view(), self._names()))

    def _cmd_puntos(self, args: str) -> Reply:
        if args.strip() and not self.in_window():
            return self._cmd_jugar("p " + args)  # "p 7 izq": purple 7, as typed
        return Reply(reading.score_lines(self._view(), self._names()))

    def _cmd_turno(self, args: str) -> Reply:
        return Reply(reading.turn_lines(self._view(), self._names()))

    def _cmd_ultima(self, args: str) -> Reply:
        return Reply([self.last_move or _("Todavía no ha jugado nadie.")])

    def _cmd_combinaciones(self, args: str) -> Reply:
        return Reply(reading.options_lines(self._view()))

    # plays -----------------------------------------------------------------------
    def answer_first(self, text: str) -> Reply | None:
        """A move said as the game says it, before the commands read 'a' (help)
        or 'you' (see `commands.answer_first`)."""
        return self._reply(cmd.answer_first(text, self._view(), self.draft))

    def _cmd_jugar(self, args: str) -> Reply:
        return self._act(cmd.play(args, self._view(), self.draft))

    def _cmd_izquierda(self, args: str) -> Reply:
        return self._act(cmd.side_command("left", args, self._view(), self.draft))

    def _cmd_derecha(self, args: str) -> Reply:
        return self._act(cmd.side_command("right", args, self._view(), self.draft))

    def handle_unknown_would_act(self, text: str) -> bool:
        return cmd.bare(text, self._view(), self.draft) is not None

    def handle_unknown(self, text: str) -> Reply | None:
        return self._reply(cmd.unknown(text, self._view(), self.draft))

    def _cmd_cabanga(self, args: str) -> Reply:
        return self._act(cmd.throw(args, self._view()))

    def _cmd_paso(self, args: str) -> Reply:
        return self._act(cmd.pass_(self._view()))


def new_adapter(settings: Settings, *, seed: int, spectator: bool) -> CabangaAdapter:
    c = settings.cabanga
    players = c.rivals if spectator else c.rivals + 1
    players = min(6, max(3, players))
    options = r.CabangaOptions(players=players, limit=c.limit, symbols=tuple(c.symbols))
    game = r.CabangaGame(options, seed=seed)
    table, bots = seat_bots(
        players,
        seed,
        spectator=spectator,
        section=c,
        make=make_bot,
        game="cabanga",
    )
    return CabangaAdapter(game, table, bots, settings)


def restore_adapter(settings: Settings, data: dict[str, Any]) -> CabangaAdapter:
    game = r.CabangaGame.from_dict(data["state"])
    adapter, extra = restore_table(
        data, game, bot_from_dict, lambda table, bots: CabangaAdapter(game, table, bots, settings)
    )
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
