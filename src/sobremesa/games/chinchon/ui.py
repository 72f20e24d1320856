"""Chinchón at the table: the glue between the session and the Chinchón pieces.

The work is done by job elsewhere in this package: `narration` (events in words),
`commands` (what can be typed, and typed text into actions), `reading` (answers to
the reading commands and the prompt) and `advice` (closing, laying off). This
module holds what is the adapter's own: which seat listens, what it remembers of
the round (the card drawn, the discards, a question or a warning waiting for its
answer), the lay-off that finishes by itself, saving and building a table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sobremesa.core.cards import Card
from sobremesa.core.game import Event, IllegalAction
from sobremesa.games.chinchon import advice, commands, reading
from sobremesa.games.chinchon import rules as r
from sobremesa.games.chinchon.bots import bot_from_dict, make_bot
from sobremesa.games.chinchon.commands import (
    COMMANDS,
    REFUSALS,
    RULES,
    SEAT_COMMANDS,
    Asked,
    Parsed,
)
from sobremesa.games.chinchon.narration import Names, narrate, sort_cards, went_out
from sobremesa.games.chinchon.texts import join_names
from sobremesa.i18n import _
from sobremesa.settings import Settings
from sobremesa.ui.commands import Command, CommandSpec
from sobremesa.ui.rivals import intro_rivals
from sobremesa.ui.session import GameAdapter, Pause, Reply, Table, restore_table, seat_bots
from sobremesa.ui.spanish_cards import card_name
from sobremesa.ui.wording import next_round_pause, prompt_of

# Imported from here by tests and by the menus: the names moved by job stay readable.
__all__ = [
    "COMMANDS",
    "REFUSALS",
    "RULES",
    "ChinchonAdapter",
    "new_adapter",
    "restore_adapter",
]


class ChinchonAdapter(GameAdapter):
    game_id = "chinchon"
    seat_commands = SEAT_COMMANDS

    def __init__(
        self, game: r.ChinchonGame, table: Table, bots: dict[int, Any], settings: Settings
    ):
        self.game = game
        self.table = table
        self.bots = bots
        self.settings = settings
        self.deck = game.options.deck
        self.brief = settings.verbosity == "breve"
        #: the last move, and in brief forms, fullest first (the status prompt takes
        #: the first that fits its cells)
        self.last_move = ""
        self.last_brief: list[str] = []
        #: seat -> the round it went out in (orders the final standing)
        self.out_round: dict[int, int] = {}
        self._drawn: Card | None = None  # the card the player drew from the stock
        #: the question '¿Cuál 4?' asked (answered only right away)
        self._asked: Asked | None = None
        #: this round's discards in order: (seat, card); seat None: the starting card
        self.discards: reading.Discards = []
        #: the seat that plays after the player (said again when it changes)
        self._after_me: int | None = None
        #: the close asked again because it takes the player out: (card, args)
        self._warned: tuple[Card, str] | None = None
        #: who took a discard, which, and whose it was: (seat, card, from seat or None)
        self.pickups: reading.Pickups = []

    # -- who listens -------------------------------------------------------------
    def _names(self) -> Names:
        return Names(self.table.names, self.table.human)

    def _view(self) -> r.ChinchonView:
        return self.game.view(self.table.human)

    @property
    def order(self) -> str:
        return self.settings.chinchon.hand_order

    def sort_cards(self, cards: Sequence[Card]) -> list[Card]:
        """The player's chosen order: by suit (then rank) or by rank (then suit)."""
        return sort_cards(cards, self.order, self.deck)

    # -- start ---------------------------------------------------------------
    def intro(self) -> list[str]:
        others = [n for s, n in enumerate(self.table.names) if s != self.table.human]
        # The table's level when every rival plays alike, else a line per rival.
        level_text, rivals = intro_rivals(self.game_id, self.table)
        if self.table.human is None:
            first = _("Chinchón, modo espectador. Juegan {names}.").format(names=join_names(others))
        elif level_text:
            first = _("Chinchón contra {names}, nivel {level}.").format(
                names=join_names(others), level=level_text
            )
        else:  # rivals of their own (or only people, at an online table)
            first = _("Chinchón contra {names}.").format(names=join_names(others))
        started = [e for e in self.game.opening_events if isinstance(e, r.RoundStarted)]
        seating = reading.seating_lines(started[-1].seats, self._names()) if started else []
        lines = [first, *rivals, *seating]
        if self.game.options.reenganche:
            lines.append(_("Con reenganche: el eliminado puede volver."))
        return [*lines, _("Escribe ayuda para ver las órdenes, o pulsa F1.")]

    def extra_to_data(self) -> dict[str, Any]:
        return {
            "discards": [[seat, card.code] for seat, card in self.discards],
            "pickups": [[seat, card.code, owner] for seat, card, owner in self.pickups],
            "last_move": self.last_move,
            "last_brief": self.last_brief,
            "hand_order": self.settings.chinchon.hand_order,
            "drawn": self._drawn.code if self._drawn is not None else None,
            "out_round": [[seat, n] for seat, n in self.out_round.items()],
        }

    def resume(self) -> list[str]:
        view, names = self._view(), self._names()
        lines = reading.score_lines(view, names) + reading.turn_lines(view, names)
        drawn = self._drawn_card() if view.current_seat == self.table.human else None
        if view.phase == "discard" and drawn is not None:
            # The player had drawn: which card (the last play was that draw).
            if drawn == view.taken_discard:
                lines.append(_("Cogiste {card} del descarte.").format(card=card_name(drawn)))
            else:
                lines.append(_("Robaste {card}.").format(card=card_name(drawn)))
        elif self.last_move:
            lines.append(_("Última: {move}").format(move=self.last_move))
        if view.phase in ("draw", "discard") and view.discard_top is not None:
            lines.append(_("Descarte: {card}.").format(card=card_name(view.discard_top)))
        if view.phase == "layoff" and view.closer is not None:
            lines += reading.table_lines(view, names)[1:]  # the closer's melds, numbered
        if self.table.human is not None and view.hand:
            lines += self._cmd_mano("").lines
        if view.phase == "layoff" and view.current_seat == self.table.human:
            lines += self._layoff_help()
        return lines

    # -- texts -----------------------------------------------------------------
    def describe(self, event: Event) -> list[str]:
        human = self.table.human
        told = narrate(
            event.visible_to(human),
            self._view(),
            self._names(),
            brief=self.brief,
            order=self.order,
            out_round=self.out_round,
        )
        if told.last_move is not None:
            self.last_move = told.last_move
        if told.last_brief is not None:
            self.last_brief = told.last_brief
        lines = list(told.lines)
        self._track_discards(event)
        if isinstance(event, r.RoundStarted) and human in event.seats:
            # Who plays after me changes when a player goes out: say it then.
            after = reading.after_me(event.seats, human)
            if self._after_me is not None and after != self._after_me:
                lines.append(reading.after_me_line(event.seats, self._names()))
            self._after_me = after
        if isinstance(event, r.DrewStock) and event.seat == human:
            self._drawn = event.visible_to(human).card
        drew = isinstance(event, r.DrewStock | r.TookDiscard)
        if drew and event.seat == human and advice.can_close_now(self._view()):
            danger = self._close_danger()
            lines.append(danger or _("Puedes cerrar."))
        mine = isinstance(event, r.TurnStarted) and event.seat == human
        if mine and event.phase == "layoff":
            if advice.nothing_to_lay_off(self._view()):
                return []  # finished at once (describe_events says why)
            lines += self._layoff_help()
        return lines

    def describe_events(self, events: Sequence[Event]) -> list[str | Pause]:
        """Who goes out in the batch is known before its lines (the final standing
        needs it); a lay-off with nothing to gain finishes by itself."""
        human = self.table.human
        self.out_round = went_out(self.out_round, events)
        items = super().describe_events(events)
        view = self._view()
        if human is not None and advice.nothing_to_lay_off(view):
            # Nothing left to decide: the lay-off finishes by itself, in one line.
            started = any(
                isinstance(e, r.TurnStarted) and e.seat == human and e.phase == "layoff"
                for e in events
            )
            # The table plays it for the player once this batch has been told.
            self.automatic = r.FinishLayOff()
            items = [*items, advice.why_finished(view, started)]
        return items

    def _close_danger(self, card: Card | None = None) -> str | None:
        return advice.close_danger(self._view(), card)

    def _layoff_help(self) -> list[str]:
        return advice.layoff_help(self._view())

    def _track_discards(self, event: Event) -> None:
        if isinstance(event, r.RoundStarted):
            self.discards = [(None, event.starting_card)]
            self.pickups = []
        elif isinstance(event, r.Discarded):
            self.discards.append((event.seat, event.card))
        elif isinstance(event, r.TookDiscard):
            owner = None
            if self.discards and self.discards[-1][1] == event.card:
                owner = self.discards[-1][0]
            self.pickups.append((event.seat, event.card, owner))

    def pause_after(self, events: Sequence[Event]) -> str | None:
        """A line asking for Enter before a new round, so the scores are not buried."""
        return next_round_pause(events, r.RoundScored, self.game.is_over)

    def rules(self) -> list[str]:
        return [_(line) for line in RULES]

    def ending(self) -> list[str]:
        return [_("Fin de la partida.")]

    def refusal(self, error: IllegalAction) -> str:
        return commands.refusal(error)

    def prompt(self) -> str:
        """What the player is expected to do, in 1-3 words (for speech); with
        `status_prompt` (for braille) the state that decides it, in 30 cells."""
        view, names = self._view(), self._names()
        if self.status_prompt:
            return prompt_of(*reading.status_prompt(view, names, self.last_brief, self._drawn))
        return prompt_of(reading.short_prompt(view, names))

    def enter_command(self) -> str | None:
        """Enter on an empty line: the status in full words (the status prompt
        abbreviates cards for braille: `7 co` is not for the ear)."""
        return None if self._view().phase == "over" else "estado"

    def _drawn_card(self) -> Card | None:
        """The card the player just drew or took (the status prompt shows it)."""
        return reading.drawn_card(self._view(), self._drawn)

    # -- commands ----------------------------------------------------------------
    def commands(self) -> list[CommandSpec]:
        return COMMANDS

    def handle(self, command: Command) -> Reply:
        self._asked = None  # a question about which card is answered only right away
        if command.name != "cerrar":
            self._warned = None
        handler = getattr(self, f"_cmd_{command.name}")
        return handler(command.args)

    def _reply(self, parsed: Parsed) -> Reply:
        """Actions to play, a line saying why not, or the question '¿Cuál 4?'."""
        if isinstance(parsed, Asked):
            self._asked = parsed
            return Reply([parsed.question()])
        if isinstance(parsed, str):
            return Reply([parsed])
        return Reply(actions=list(parsed))

    def _spectator(self) -> Reply | None:
        if self.table.human is None:
            return Reply([_("Eres espectador: no tienes cartas.")])
        return None

    def handle_unknown_would_act(self, text: str) -> bool:
        return self._answer_to_question(text) is not None

    def answer_first(self, text: str) -> Reply | None:
        # `co` answers '¿Cuál 3: de copas o de espadas?' rather than `combinaciones`.
        command = self._answer_to_question(text)
        return self.handle(command) if command is not None else None

    def handle_unknown(self, text: str) -> Reply | None:
        """The suit answering '¿Cuál 4: de oros o de copas?'; on a yes/no question,
        any other line gets 'sí o no'."""
        command = self._answer_to_question(text)
        if command is not None:
            return self.handle(command)
        view = self._view()
        human = self.table.human
        if human is not None and view.phase == "reenganche" and view.current_seat == human:
            return Reply([_("Responde sí o no: ¿te reenganchas?")])
        return None

    def _answer_to_question(self, text: str) -> Command | None:
        return self._asked.answer(text) if self._asked is not None else None

    # reading
    def _cmd_estado(self, args: str) -> Reply:
        return Reply(
            [reading.status_line(self._view(), self._names(), self.last_move, self._drawn)]
        )

    def _cmd_mano(self, args: str) -> Reply:
        if (reply := self._spectator()) is not None:
            return reply
        brief = self.settings.verbosity == "breve"  # read now: the setting may change
        return Reply(reading.hand_lines(self._view(), self.order, brief))

    def _cmd_mesa(self, args: str) -> Reply:
        return Reply(reading.table_lines(self._view(), self._names()))

    def _cmd_puntos(self, args: str) -> Reply:
        return Reply(reading.score_lines(self._view(), self._names()))

    def _cmd_turno(self, args: str) -> Reply:
        return Reply(reading.turn_lines(self._view(), self._names()))

    def _cmd_ultima(self, args: str) -> Reply:
        return Reply([self.last_move or _("Todavía no ha jugado nadie.")])

    def _cmd_combinaciones(self, args: str) -> Reply:
        if (reply := self._spectator()) is not None:
            return reply
        return Reply(reading.melds_lines(self._view()))

    def _cmd_descartes(self, args: str) -> Reply:
        return Reply(reading.discard_lines(self.discards, self.pickups, self._names()))

    def _cmd_orden(self, args: str) -> Reply:
        order = commands.hand_order(args, self.settings.chinchon.hand_order)
        self.settings.chinchon.hand_order = order
        text = _("Mano ordenada por palo.") if order == "palo" else _("Mano ordenada por valor.")
        return Reply([text, *self._cmd_mano("").lines])

    # playing
    def _cmd_robar(self, args: str) -> Reply:
        return Reply(actions=[r.DrawStock()])

    def _cmd_coger(self, args: str) -> Reply:
        return self._reply(commands.take(self._view(), args))

    def _cmd_descartar(self, args: str) -> Reply:
        if (reply := self._spectator()) is not None:
            return reply
        return self._reply(commands.discard(self._view(), self.order, args))

    def _cmd_cerrar(self, args: str) -> Reply:
        if (reply := self._spectator()) is not None:
            return reply
        card = commands.close(self._view(), self.order, args)
        if not isinstance(card, Card):
            return self._reply(card)
        return self._close_or_warn(card, args if args.strip() else "")

    def _close_or_warn(self, card: Card, args: str) -> Reply:
        """A close that takes the player to the limit is asked again first."""
        danger = self._close_danger(card)
        if danger is None or self._warned == (card, args):
            return Reply(actions=[r.Close(card)])
        self._warned = (card, args)
        return Reply([danger, _("Escribe cerrar otra vez para cerrar.")])

    def _cmd_colocar(self, args: str) -> Reply:
        if (reply := self._spectator()) is not None:
            return reply
        return self._reply(commands.lay_off(self._view(), self.order, args))

    def _cmd_listo(self, args: str) -> Reply:
        return Reply(actions=[r.FinishLayOff()])

    def _cmd_si(self, args: str) -> Reply:
        return Reply(actions=[r.Reenganche(True)])

    def _cmd_no(self, args: str) -> Reply:
        return Reply(actions=[r.Reenganche(False)])


def new_adapter(settings: Settings, *, seed: int, spectator: bool) -> ChinchonAdapter:
    c = settings.chinchon
    rivals = c.rivals
    players = rivals if spectator else rivals + 1
    players = max(2, players)
    options = r.ChinchonOptions(
        players=players,
        deck=c.deck,
        limit=c.limit,
        reenganche=c.reenganche,
        seven_run_wins=c.seven_run_wins,
    )
    game = r.ChinchonGame(options, seed=seed)
    table, bots = seat_bots(
        players,
        seed,
        spectator=spectator,
        section=c,
        make=make_bot,
        game="chinchon",
    )
    return ChinchonAdapter(game, table, bots, settings)


def restore_adapter(settings: Settings, data: dict[str, Any]) -> ChinchonAdapter:
    game = r.ChinchonGame.from_dict(data["state"])
    adapter, extra = restore_table(
        data, game, bot_from_dict, lambda table, bots: ChinchonAdapter(game, table, bots, settings)
    )
    try:
        adapter.discards = [(s, Card.from_code(c)) for s, c in extra.get("discards", [])]
        adapter.pickups = [(s, Card.from_code(c), o) for s, c, o in extra.get("pickups", [])]
    except (TypeError, ValueError, KeyError):
        adapter.discards, adapter.pickups = [], []
    drawn = extra.get("drawn")
    if isinstance(drawn, str):
        try:
            adapter._drawn = Card.from_code(drawn)
        except (TypeError, ValueError, KeyError):
            adapter._drawn = None
    try:
        adapter.out_round = {int(s): int(n) for s, n in extra.get("out_round", [])}
    except (TypeError, ValueError):
        adapter.out_round = {}
    if extra.get("hand_order") in ("palo", "valor"):
        settings.chinchon.hand_order = extra["hand_order"]
    return adapter
