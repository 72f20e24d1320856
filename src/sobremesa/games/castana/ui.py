"""ABC ¡Castaña! at the table: the glue between the session and the ¡Castaña! pieces.

The work is done by job elsewhere in this package: `narration` (events in words,
pure from the event, the seat's view and the names), `texts` (cards and hands in
words), `commands` (what can be typed; typed words into cards, seats and
choices), `reading` (answers to the reading commands, from the view) and
`windows` (the steal and challenge windows and the Ñ race as the player lives
them). This module holds what is the adapter's own: which seat listens, the
prompt, a play waiting for its colour or player, saving and building a table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sobremesa.core.game import Event, IllegalAction
from sobremesa.games.castana import reading
from sobremesa.games.castana import rules as r
from sobremesa.games.castana.bots import bot_from_dict, make_bot
from sobremesa.games.castana.commands import (
    COMMANDS,
    LETTER_WORDS,
    REFUSALS,
    RULES,
    SEAT_COMMANDS,
    Refused,
    card_refusal,
    complete_play,
    own_turn,
    parse_card,
    refusal_text,
    word_cards,
    words_of,
)
from sobremesa.games.castana.narration import Aside, narrate, uses_auto_choice
from sobremesa.games.castana.texts import COLOUR_CARD, card_text, hand_text, top_brief
from sobremesa.games.castana.windows import WindowAnswers
from sobremesa.i18n import _
from sobremesa.lexicon.spelling import WordError, normalize
from sobremesa.settings import Settings
from sobremesa.ui.commands import Command, CommandSpec, fold
from sobremesa.ui.numbers import is_number
from sobremesa.ui.rivals import intro_rivals
from sobremesa.ui.session import GameAdapter, Pause, Reply, Table, restore_table, seat_bots
from sobremesa.ui.told import Names
from sobremesa.ui.wording import (
    PROMPT_CELLS,
    fit,
    join,
    join_or,
    next_round_pause,
    prompt_of,
)

# Imported from here by tests: the names moved by job stay readable.
__all__ = [
    "COLOUR_CARD",
    "COMMANDS",
    "REFUSALS",
    "RULES",
    "CastanaAdapter",
    "Command",
    "card_text",
    "hand_text",
    "new_adapter",
    "restore_adapter",
]


class CastanaAdapter(WindowAnswers, GameAdapter):
    game_id = "castana"
    seat_commands = SEAT_COMMANDS

    def __init__(
        self,
        game: r.CastanaGame,
        table: Table,
        bots: dict[int, Any],
        settings: Settings,
        lexicon: Any,
        notices: Sequence[str] = (),
    ) -> None:
        self.game = game
        self.table = table
        self.bots = bots
        self.settings = settings
        self.lexicon = lexicon  # the table's word list: referee, aid, bots
        self.notices = list(notices)  # e.g. the player's own word list could not be used
        self.last_move = ""
        self.order = settings.castana.hand_order
        self.pending: dict[str, Any] | None = None  # a play waiting for a colour or a seat
        self._asked = False  # the player was asked in the open window (else passes are the game's)
        self._opened_at = 0.0  # when the player's window was announced
        self.last_brief = ""  # the last move in brief form, for the status prompt
        # Lines held back while the player's window is open (the move that opened
        # it, rivals' moves meanwhile), said once the player's part of it ends.
        self.held: list[str] = []
        self._auto_chose = False  # the game chose the colour or player of the play
        self._if_it_stands = False  # the batch described opens a window to doubt a word
        # In real time, the key of the player's window until they answer it: a
        # `castaña` typed for it that arrives on the player's turn is late, not a play.
        self._window_asked: int | None = None
        self._dropped: str | None = None  # a half-made play the player just dropped
        self._words_key: list[str] = []  # the word list `palabras más` goes on with
        self._words_shown = 0

    def word_list(self) -> Any:
        return self.lexicon

    # -- the session's questions -------------------------------------------------------
    def reading_commands(self) -> frozenset[str]:
        reading = {"cartas", "mesa", "puntos", "turno", "ultima", "palabras"}
        if self.game.phase != "race":
            reading.add("mano")  # outside the race it reads the hand
        return frozenset(reading)

    def answer_first(self, text: str) -> Reply | None:
        """`r` alone is `robar`; answering an R with an R in hand it may as well mean
        that R, and drawing 2 loses the turn: it is asked, not guessed."""
        view = self._view()
        human = self.table.human
        if (
            text.strip().lower() == "r"
            and view.attack == "R"
            and human is not None
            and view.current == human
            and any(r.letter(card) == "R" for card in view.hand or ())
        ):
            return Reply([_("¿Pones tu R o robas 2? Escribe jugar r, o robar.")])
        return None

    def handle_unknown_would_act(self, text: str) -> bool:
        return self.pending is not None or self._giving()

    def enter_command(self) -> str | None:
        human = self.table.human
        if self.game.phase == "race" and human in self.game.to_act():
            return "mano"
        if self.pending is None and self.player_in_window() and not self._own_turn():
            return "paso"  # a window asks often: Enter lets it pass (not a warning)
        return None

    def describe_events(self, events: Sequence[Event]) -> list[Any]:
        """While the player's window is open only its one line is said: the move
        that opened it (the Ñ, the word) and what rivals do meanwhile follow the
        player's answer or the window's end."""
        window: list[Any] = []
        items: list[Any] = []
        # A word can still be doubted: its H or S takes effect only if it stands.
        self._if_it_stands = any(isinstance(e, r.WindowOpened) and e.word for e in events)
        for event in events:
            if self._answered(event):
                self._window_asked = None
            lines = self.describe(event)
            (window if self._announces_window(event) else items).extend(lines)
            line = self.pause_after([event])
            if line:
                items.append(Pause(line))
        self._auto_chose = False  # it was about the play just described
        if self.pending is not None and self.pending.get("moment") != self._moment():
            self.pending = None  # never finish a play on a table that has changed
            items.append(_("La mesa ha cambiado: tu jugada a medias no vale."))
        # The Ñ race is a race: its call goes first, who threw it after.
        said = self.hold_for_window(window, items, window_first=self.game.phase == "race")
        if self._dropped:  # the reply to what the player typed comes first
            said.insert(0, self._dropped)
            self._dropped = None
        return said

    # -- texts -----------------------------------------------------------------------
    def _name(self, seat: int) -> str:
        return _("Tú") if seat == self.table.human else self.table.names[seat]

    def _you(self, seat: int | None) -> bool:
        return seat is not None and seat == self.table.human

    def intro(self) -> list[str]:
        others = [n for s, n in enumerate(self.table.names) if s != self.table.human]
        # The table's level when every rival plays alike, else a line per rival.
        level, rivals = intro_rivals(self.game_id, self.table)
        if self.table.human is None:
            first = _("ABC ¡Castaña!, modo espectador. Juegan {names}.").format(names=join(others))
        elif level:
            first = _("ABC ¡Castaña! contra {names}, nivel {level}.").format(
                names=join(others), level=level
            )
        else:
            first = _("ABC ¡Castaña! contra {names}.").format(names=join(others))
        return [
            first,
            *rivals,
            *self.notices,
            _("Escribe ayuda para ver las órdenes, o pulsa F1."),
        ]

    def rules(self) -> list[str]:
        lines = [_(line) for line in RULES]
        if self.game.options.referee:
            lines.insert(
                1,
                _(
                    "Árbitro automático: una palabra que no está en el diccionario no se acepta, sin castigo."
                ),
            )
        return lines

    def ending(self) -> list[str]:
        return [_("Fin de la partida.")]

    def resume(self) -> list[str]:
        lines = self._cmd_puntos("").lines
        if self.last_move:
            lines.append(_("Última jugada: {move}").format(move=self.last_move))
        lines += self._cmd_turno("").lines
        if self.table.human is not None:
            lines += self._cmd_cartas("").lines
        return lines

    def refusal(self, error: IllegalAction) -> str:
        dropped, self._dropped = self._dropped, None
        line = self._refusal(error)
        return f"{dropped} {line}" if dropped else line

    def _refusal(self, error: IllegalAction) -> str:
        if error.reason == "not_now":
            return self._enie_refusal()
        return refusal_text(error, self._view())

    def describe(self, event: Event) -> list[str]:
        seen = event.visible_to(self.table.human)
        names = self._names()
        self._window_before(seen)
        aside = Aside(
            order=self.order,
            if_it_stands=self._if_it_stands,
            auto_chose=self._auto_chose,
            asked=self._asked,
            can_steal=isinstance(seen, r.WindowOpened) and self._may_steal(),
        )
        told = narrate(seen, self._view(), names, aside=aside)
        if self._auto_chose and uses_auto_choice(seen, names):
            self._auto_chose = False  # the choice is told once
        if told.last_move is not None:
            self.last_move = told.last_move
        if told.last_brief is not None:
            self.last_brief = fit(PROMPT_CELLS - 2, *told.last_brief)
        self._window_told(seen, told.lines)
        return told.lines

    def pause_at_start(self) -> str | None:
        return _("Pulsa Intro para empezar.")

    def pause_after(self, events: Sequence[Event]) -> str | None:
        return next_round_pause(events, r.RoundScored, self.game.is_over)

    def extra_to_data(self) -> dict[str, Any]:
        return {
            "last_move": self.last_move,
            "last_brief": self.last_brief,
            "order": self.order,
        }

    # -- prompt ----------------------------------------------------------------------
    def prompt(self) -> str:
        """Short for speech (1-3 words, said after every answer); with the status
        style, the state a braille reader needs, decisive words first. Both fit 30
        cells."""
        view = self._view()
        human = self.table.human
        status = self.status_prompt
        if view.phase == "over":
            return _("Fin> ")
        if self.pending is not None and self.pending.get("need"):
            if self.pending["need"] == "colour":
                return _("Color: azul, rojo o verde> ") if status else _("Color> ")
            if status:
                return prompt_of(
                    _("¿Quién? {names}").format(names=join_or(self._other_names())),
                    _("¿Quién juega ahora?"),
                )
            return _("Jugador> ")
        mine = human is not None and human in view.to_act
        if view.phase == "race" and mine:
            return _("¡Ñ! ¡Mano! Intro> ") if status else _("¡Mano!> ")
        if view.phase == "give" and mine:
            if status:
                return prompt_of(
                    _("A {name}: dar CARTA").format(name=self._name(view.challenger or 0)),
                    _("Da: dar CARTA"),
                )
            # A card alone answers it (`y`, `y verde`), unless it is a command's word.
            return _("Carta para {name}> ").format(name=self._name(view.challenger or 0))
        if view.phase == "window" and mine and view.warned and view.next_seat == human:
            return _("Aviso: juega ya o paso> ") if status else _("Juega o paso> ")
        if view.phase == "window" and self.player_in_window():
            steal = self._can_steal(human)
            if self._can_challenge(human):
                if not status:
                    return _("Dudo, castaña o paso> ") if steal else _("Dudo o paso> ")
                word = view.word or ""
                if steal:
                    return prompt_of(
                        _("¿{word}? dudo, castaña o paso").format(word=word),
                        _("¿{word}? dudo/castaña/paso").format(word=word),
                        _("Dudo, castaña o paso"),
                    )
                return prompt_of(_("¿{word}? dudo o paso").format(word=word), _("Dudo o paso"))
            if status:
                return prompt_of(_("Castaña desde {letter} o paso").format(letter=view.top_letter))
            return _("Castaña o paso> ")
        # The player's turn, or a window that is not theirs before it (it closes at
        # once: no prompt for it).
        own = (view.phase == "turn" and mine) or (
            view.phase == "window" and view.next_seat is not None and self._you(view.next_seat)
        )
        if own:
            if view.phase == "turn" and view.attack:
                if status:
                    return prompt_of(_("Otra {letter} o robar 2").format(letter=view.attack))
                return _("Otra {letter} o robar> ").format(letter=view.attack)
            if status:
                return prompt_of(
                    # The state, not an order (Enter reads it as a line too).
                    _("Arriba {top}").format(top=top_brief(view)),
                    _("Arriba {card}").format(card=card_text(view.top)),
                )
            return _("Juega> ")
        return self.waiting_prompt()

    # -- commands --------------------------------------------------------------------
    def commands(self) -> list[CommandSpec]:
        return COMMANDS

    def _moment(self) -> tuple[Any, ...]:
        game = self.game
        return (game.window_count, game.phase, game.current, len(game.pile), game.round_no)

    def check_refusal(self) -> str | None:
        """`comprobar` would answer a challenge for free, or stand in for a
        disabled aid."""
        human = self.table.human
        if human is not None and self.game.phase == "window" and self._can_challenge(human):
            return _("Mientras puedes dudar no se consulta el diccionario.")
        if not self.settings.castana.aids:
            return _("En esta mesa no hay ayuda de palabras.")
        return None

    def handle(self, command: Command) -> Reply:
        self._auto_chose = False
        self._dropped = None
        human = self.table.human
        racing = self.game.phase == "race" and human in self.game.to_act()
        if racing and command.name in ("paso", "dudo", "castaña", "jugar", "robar", "dar"):
            return Reply(actions=[r.PutHand()])  # in the race any answer is the hand
        if command.name in ("paso", "dudo", "castaña") and self.game.phase == "window":
            early = self._too_early()
            if early:
                return Reply([early])
        dropped = None
        if self.pending is not None and command.name not in (
            "cartas",
            "mesa",
            "puntos",
            "turno",
            "ultima",
            "palabras",
            "jugar",
            "castaña",
        ):
            dropped = _("Dejas a medias {play}: no se juega.").format(play=self._pending_name())
            self.pending = None
        if command.name not in self.reading_commands() | {"castaña", "mano"}:
            self._late_steal("")  # the first move after a missed window: no longer late
        name = command.name.replace("ñ", "n")
        reply: Reply = getattr(self, f"_cmd_{name}")(command.args)
        if dropped and reply.actions:
            if human in self.game.to_act() or self.out_of_turn(human, reply.actions):
                self._dropped = dropped  # said before the play's lines, or its refusal
        elif dropped:
            reply.lines.insert(0, dropped)
        return reply

    def _pending_name(self) -> str:
        """The half-made play: 'la S roja', 'CASA'."""
        pending = self.pending or {}
        if pending.get("kind") == "card":
            return _("la {card}").format(card=card_text(pending["card"]))
        return r.word_of(self._view().top_letter, pending.get("cards", ()))

    def _giving(self) -> bool:
        """The player owes the challenger a card (a failed doubt)."""
        view = self._view()
        return view.phase == "give" and self.table.human in view.to_act

    def handle_unknown(self, text: str) -> Reply | None:
        """A colour or a name alone answers the question asked after a play; a
        card alone, the card to give."""
        if self.pending is None and self._giving():
            return self._cmd_dar(text)
        if self.pending is None:
            return None
        return self._complete(fold(text).split())

    def _view(self) -> r.CastanaView:
        return self.game.view(self.table.human)

    def _hand(self) -> list[str]:
        return list(self._view().hand or ())

    def _spectator(self) -> Reply | None:
        if self.table.human is None:
            return Reply([_("Eres espectador: no tienes cartas.")])
        return None

    def _cmd_cartas(self, args: str) -> Reply:
        if (refusal := self._spectator()) is not None:
            return refusal
        word = fold(args).strip()
        if word in ("letra", "letras", "letter"):
            self.order = "letra"
        elif word in ("color", "colores", "colour", "colors"):
            self.order = "color"
        elif word:
            return Reply(
                [
                    _("No conozco el orden {word}: cartas letra o cartas color.").format(
                        word=word.split()[0][:20]
                    )
                ]
            )
        return Reply(reading.hand_lines(self._hand(), self.order))

    def _cmd_mano(self, args: str) -> Reply:
        view = self._view()
        if view.phase == "race" and self.table.human in view.to_act:
            return Reply(actions=[r.PutHand()])
        return self._cmd_cartas("")

    def _names(self) -> Names:
        return Names(self.table.names, self.table.human)

    def _pending_text(self, view: r.CastanaView) -> str:
        human = self.table.human
        chances = view.phase == "window" and human is not None
        return reading.pending_text(
            view,
            self._names(),
            can_steal=chances and self._can_steal(human),
            can_challenge=chances and self._can_challenge(human),
        )

    def _cmd_mesa(self, args: str) -> Reply:
        view = self._view()
        return Reply(reading.table_lines(view, self._names(), self._pending_text(view)))

    def _cmd_puntos(self, args: str) -> Reply:
        return Reply(reading.score_lines(self._view(), self._names(), self.game.options.target))

    def _cmd_turno(self, args: str) -> Reply:
        view = self._view()
        if view.phase == "over":
            return Reply(reading.turn_lines(view, ""))
        return Reply(reading.turn_lines(view, self._pending_text(view)))

    def _cmd_ultima(self, args: str) -> Reply:
        return Reply([self.last_move or _("Todavía no ha jugado nadie.")])

    def _cmd_palabras(self, args: str) -> Reply:
        if (refusal := self._spectator()) is not None:
            return refusal
        if not self.settings.castana.aids:
            return Reply([_("En esta mesa no hay ayuda de palabras.")])
        view = self._view()
        words = sorted(self._words(view), key=lambda w: (-len(w), w))
        if not words:
            return Reply([reading.words_line(view.top_letter, words, 0)[0]])
        more = fold(args).strip() in ("mas", "more", "todas", "all")
        start = self._words_shown if more and self._words_key == words else 0
        if start >= len(words):
            start = 0
        line, self._words_shown = reading.words_line(view.top_letter, words, start)
        self._words_key = words
        return Reply([line])

    # -- playing ---------------------------------------------------------------------
    def _other_names(self) -> list[str]:
        human = self.table.human
        return [self.table.names[s] for s in range(len(self.table.names)) if s != human]

    def _parse_card(self, words: list[str]) -> tuple[str, list[str]]:
        return parse_card(words, self._hand(), self.order, self._view(), self._own_turn())

    def _cmd_jugar(self, args: str) -> Reply:
        if (refusal := self._spectator()) is not None:
            return refusal
        words = words_of(args)
        if not words:
            return Reply([_("Di la carta o la palabra: jugar m roja, o jugar casa.")])
        first = words[0]
        if len(first) >= 2 and not is_number(first) and first not in LETTER_WORDS:
            return self._cmd_castana(args, typed="jugar")
        try:
            card, rest = self._parse_card(words)
        except Refused as refusal:
            return Reply([str(refusal)])
        refusal_line = card_refusal(card, self._view())
        if refusal_line:
            return Reply([refusal_line])  # before any question about the colour
        self.pending = {"kind": "card", "card": card, "moment": self._moment()}
        return self._complete(rest)

    def _cmd_castana(self, args: str, typed: str = "castaña") -> Reply:
        if (refusal := self._spectator()) is not None:
            return refusal
        parts = args.split()
        if not parts:
            return Reply([_("Escribe castaña y la palabra, por ejemplo castaña casa.")])
        try:
            word = normalize(parts[0]).upper()
        except WordError as error:
            return Reply([str(error)])
        view = self._view()
        if len(word) < r.MIN_WORD:
            return Reply([_("La palabra debe tener 3 letras o más.")])
        late = self._late_steal(word) if typed == "castaña" else None
        refusal = self._no_word_now(view)
        if refusal:
            return Reply([refusal])  # the real reason first (an attack, not your turn)
        if late:
            return Reply([late])
        try:
            cards = word_cards(word, view)
        except Refused as refusal:
            return Reply([str(refusal)])
        self.pending = {"kind": "word", "cards": tuple(cards), "moment": self._moment()}
        return self._complete([w for w in fold(" ".join(parts[1:])).split()])

    def _no_word_now(self, view: r.CastanaView) -> str | None:
        """Why the player may not lay a word just now (None: they may)."""
        human = self.table.human
        if view.phase == "turn" and self._you(view.current):
            if view.attack:
                return self._refusal(IllegalAction("must_answer", letter=view.attack))
            return None
        if view.phase == "window":
            if self._own_turn() or human in view.stealers:
                return None
            w = self.game.window
            if w is not None and w.attack:
                return _("Con el ataque de la {letter} nadie roba el turno.").format(
                    letter=w.attack
                )
            if self._you(view.next_seat):
                return _("Juegas tú ahora: espera a tu turno.")
            return _("Ahora no puedes robar el turno.")
        if view.phase == "give" and human in view.to_act:
            return _("Da una carta a quien dudó: dar CARTA.")
        if view.phase == "over":
            return _("La partida ha terminado.")
        return _("Espera, no es tu turno.")

    def _complete(self, words: list[str]) -> Reply:
        """Finish the pending play with a colour or a seat (asking if missing)."""
        pending = self.pending
        assert pending is not None
        if pending.get("moment", self._moment()) != self._moment():
            self.pending = None
            return Reply([_("La mesa ha cambiado: tu jugada a medias no vale.")])
        pending["moment"] = self._moment()
        done = complete_play(pending, words, self._view(), self._names())
        if done.auto_chose:
            self._auto_chose = True
        if done.need:
            pending["need"] = done.need  # asked: the play waits for the answer
        else:
            self.pending = None
        return Reply(done.lines, actions=[done.action] if done.action else [])

    def _own_turn(self) -> bool:
        """The player's turn, or a warned window in which they play first."""
        return own_turn(self.game.view(self.table.human))

    def _cmd_robar(self, args: str) -> Reply:
        if (refusal := self._spectator()) is not None:
            return refusal
        self.pending = None
        return Reply(actions=[r.Draw()])

    def _cmd_dudo(self, args: str) -> Reply:
        view = self._view()
        if view.phase != "window" or not view.word or self.table.human not in view.challengers:
            return Reply([_("No hay palabra que dudar.")])
        return Reply(actions=[r.Challenge()])

    def _cmd_paso(self, args: str) -> Reply:
        view = self._view()
        if view.phase != "window" or self.table.human not in view.to_act:
            if self._you(view.current):
                return Reply([_("Es tu turno: juega o roba.")])
            return Reply([_("Ahora no hay nada que dejar pasar.")])
        return Reply(actions=[r.Pass()])

    def _cmd_dar(self, args: str) -> Reply:
        view = self._view()
        if view.phase != "give" or self.table.human not in view.to_act:
            return Reply([_("Ahora no tienes que dar ninguna carta.")])
        words = words_of(args)
        if not words:
            return Reply([_("Di la carta que das, por ejemplo dar m roja.")])
        try:
            card, _rest = self._parse_card(words)
        except Refused as refusal:
            return Reply([str(refusal)])
        return Reply(actions=[r.Give(card)])


def new_adapter(settings: Settings, *, seed: int, spectator: bool) -> CastanaAdapter:
    c = settings.castana
    players = c.rivals if spectator else c.rivals + 1
    players = min(6, max(2, players))
    notices: list[str] = []
    lexicon = _lexicon(settings, notices)
    table, bots = seat_bots(
        players,
        seed,
        spectator=spectator,
        section=c,
        make=lambda *a, **k: make_bot(*a, **k, lexicon=lexicon),
        game="castana",
    )
    protected = tuple(seat == table.human and c.warn_before_steal for seat in range(players))
    options = r.CastanaOptions(players=players, referee=c.referee, protected=protected)
    game = r.CastanaGame(options, seed=seed, is_word=lambda w: w.lower() in lexicon)
    return CastanaAdapter(game, table, bots, settings, lexicon, notices)


def _lexicon(settings: Settings, notices: list[str]) -> Any:
    """The table's word list: the player's own (if usable) or the shipped one."""
    from sobremesa.lexicon import load_lexicon

    return load_lexicon("castana", settings.dictionary or None, notify=notices.append)


def restore_adapter(settings: Settings, data: dict[str, Any]) -> CastanaAdapter:
    notices: list[str] = []
    lexicon = _lexicon(settings, notices)
    game = r.CastanaGame.from_dict(data["state"], is_word=lambda w: w.lower() in lexicon)
    adapter, extra = restore_table(
        data,
        game,
        lambda bot: bot_from_dict(bot, lexicon=lexicon),
        lambda table, bots: CastanaAdapter(game, table, bots, settings, lexicon, notices),
    )
    if extra.get("order") in ("color", "letra"):
        adapter.order = extra["order"]
    return adapter
