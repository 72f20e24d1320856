"""Chinchón at the table: commands, reading aids and bots around the pure rules."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from sobremesa.core.cards import Card, card_points, run_position
from sobremesa.core.game import Event, IllegalAction
from sobremesa.games.chinchon import rules as r
from sobremesa.games.chinchon.bots import bot_from_dict, make_bot
from sobremesa.games.chinchon.melds import (
    MAX_CLOSE_POINTS,
    best_arrangement,
    best_layoff,
    can_close,
)
from sobremesa.games.chinchon.texts import (
    SUIT_ORDER,
    Narrator,
    capital,
    card_brief,
    cards_count,
    chips,
    loose,
    meld_kind_text,
    meld_text,
    melds_text,
    points,
    rank_short,
)
from sobremesa.i18n import N_, _
from sobremesa.settings import Settings
from sobremesa.ui.commands import Command, CommandSpec, fold
from sobremesa.ui.numbers import DIGITS, is_number, number
from sobremesa.ui.session import (
    GameAdapter,
    Pause,
    Reply,
    Table,
    make_bots,
    restore_seats,
    seat_table,
)
from sobremesa.ui.spanish_cards import (
    SUIT_NAMES,
    CardWordError,
    card_list,
    card_name,
    card_short,
    read_card,
)
from sobremesa.ui.wording import next_round_pause, prompt_of, said

COMMANDS = [
    CommandSpec("mano", ("hand", "m", "cartas"), N_("mano: tus cartas"), "F2"),
    CommandSpec(
        "mesa", ("table", "e", "descarte"), N_("mesa: descarte, mazo y cartas de cada uno"), "F3"
    ),
    CommandSpec("puntos", ("scores", "p", "bote"), N_("puntos: puntuaciones y bote"), "F4"),
    CommandSpec("turno", ("turn", "t"), N_("turno: a quién le toca y qué"), "F5"),
    CommandSpec("ultima", ("last", "u", "ultima jugada"), N_("ultima: la última jugada"), "F6"),
    CommandSpec(
        "combinaciones",
        ("melds", "comb", "co"),
        N_("combinaciones: tus escaleras, grupos y sueltas"),
        "F7",
    ),
    CommandSpec(
        "descartes",
        ("discards", "pila", "discard pile"),
        N_("descartes: lo tirado en esta ronda y quién cogió qué"),
    ),
    CommandSpec("orden", ("sort", "ordenar"), N_("orden palo u orden valor: cómo ordenar tu mano")),
    CommandSpec(
        "robar",
        ("draw", "r", "mazo", "robo", "roba"),
        N_("robar: coges la carta de arriba del mazo"),
    ),
    CommandSpec(
        "coger",
        ("take", "c", "coge", "recoger", "cojo", "pick up"),
        N_("coger: coges la carta del descarte"),
    ),
    CommandSpec(
        "descartar",
        ("discard", "d", "tirar", "tira", "tiro", "descarto", "throw"),
        N_("descartar CARTA: d 4 (el 4 que tengas), d so co, d p5 (posición)"),
    ),
    CommandSpec(
        "cerrar", ("close", "cierro", "cierra"), N_("cerrar o cerrar CARTA: cierras la mano")
    ),
    CommandSpec(
        "colocar",
        ("lay", "poner", "coloca", "coloco", "pongo"),
        N_("colocar o colocar CARTA en N: pones cartas al que cerró"),
    ),
    CommandSpec("listo", ("done", "terminar", "fin"), N_("listo: terminas de colocar")),
    CommandSpec("si", ("yes", "s"), N_("sí o no: respuesta al reenganche")),
    CommandSpec("no", ("n",), ""),
    # Enter on an empty line while others play (not in the help).
    CommandSpec("estado", ("status",), ""),
]

RULES = [
    N_("Chinchón. Baraja española de 40 o 48 cartas; 7 cartas para cada uno."),
    N_("En tu turno robas del mazo o coges la carta del descarte, y tiras una carta."),
    N_(
        "Combinaciones: grupos de 3 o más cartas del mismo número, y escaleras de 3 o más cartas seguidas del mismo palo."
    ),
    N_(
        "El as solo enlaza por arriba: as, 2, 3; no enlaza con el rey. Con 40 cartas, después del 7 va la sota, luego el caballo y el rey."
    ),
    N_("Puntos de las cartas: su número; con 40 cartas la sota vale 8, el caballo 9 y el rey 10."),
    N_(
        "Puedes cerrar si tus cartas sueltas suman 5 puntos o menos: pones una carta boca abajo y enseñas el resto."
    ),
    N_("Chinchón: las siete cartas ligadas al cerrar. Restas 10 puntos y nadie coloca."),
    N_(
        "Cuando alguien cierra, los demás colocan sus sueltas en sus combinaciones y suman lo que les queda."
    ),
    N_("Con dos barajas, las escaleras solo crecen hacia arriba y sin repetir número."),
    N_("Si se acaba el mazo, se barajan los descartes menos el de arriba."),
    N_(
        "Bote: al empezar, cada jugador pone su apuesta en el bote; quien gana la partida se lo lleva."
    ),
    N_(
        "Quien llega al límite, 70 o 100 puntos, queda eliminado. El último que queda gana el bote."
    ),
    N_(
        "Reenganche, si está activado: el eliminado vuelve con los puntos del que va más alto y pone otra vez en el bote."
    ),
]

REFUSALS = {
    "not_your_turn": N_("Espera, no es tu turno."),
    "must_draw_first": N_("Primero roba del mazo o coge el descarte."),
    "already_drew": N_("Ya has robado; ahora descarta una carta o cierra."),
    "must_lay_off": N_("Ahora toca colocar: escribe colocar, colocar CARTA en N, o listo."),
    "must_answer_reenganche": N_("Responde sí o no al reenganche."),
    "not_layoff_phase": N_("Ahora no se coloca; eso es cuando otro cierra."),
    "no_reenganche_offer": N_("Ahora no hay reenganche que responder."),
    "stock_empty": N_("El mazo está vacío; coge el descarte."),
    "discard_empty": N_("No hay descarte; roba del mazo."),
    "card_not_in_hand": N_("No tienes esa carta."),
    "same_card_back": N_("No puedes tirar la carta que acabas de coger del descarte."),
    "no_such_meld": N_("No hay combinación con ese número."),
    "cannot_lay_off": N_("Esa carta no encaja en esa combinación."),
    "game_over": N_("La partida ha terminado."),
}


class ChinchonAdapter(GameAdapter):
    game_id = "chinchon"

    def __init__(
        self, game: r.ChinchonGame, table: Table, bots: dict[int, Any], settings: Settings
    ):
        self.game = game
        self.table = table
        self.bots = bots
        self.settings = settings
        self.deck = game.options.deck
        self.narrator = Narrator(
            table.names,
            table.human,
            self.deck,
            brief=settings.verbosity == "breve",
            sort=self.sort_cards,
        )
        self._drawn: Card | None = None  # the card the player drew from the stock
        #: the question '¿Cuál 4?' asked: (command, rank, suits, rest of the command)
        self._asked: tuple[str, int, tuple[str, ...], str] | None = None
        #: this round's discards in order: (seat, card); seat None: the starting card
        self.discards: list[tuple[int | None, Card]] = []
        #: the seat that plays after the player (said again when it changes)
        self._after_me: int | None = None
        #: the close asked again because it takes the player out: (card, args)
        self._warned: tuple[Card, str] | None = None
        #: who took a discard, which, and whose it was: (seat, card, from seat or None)
        self.pickups: list[tuple[int, Card, int | None]] = []

    # -- start ---------------------------------------------------------------
    def intro(self) -> list[str]:
        others = [n for s, n in enumerate(self.table.names) if s != self.table.human]
        level = {"facil": _("fácil"), "dificil": _("difícil")}
        levels = {lvl for lvl in self.table.levels if lvl}
        level_text = ", ".join(level.get(lvl, lvl) for lvl in sorted(levels))
        if self.table.human is None:
            first = _("Chinchón, modo espectador. Juegan {names}.").format(names=_join(others))
        else:
            first = _("Chinchón contra {names}, nivel {level}.").format(
                names=_join(others), level=level_text
            )
        lines = [first, *self._seating()]
        if self.game.options.reenganche:
            lines.append(_("Con reenganche: el eliminado puede volver."))
        return [*lines, _("Escribe ayuda para ver las órdenes, o pulsa F1.")]

    def _seating(self) -> list[str]:
        """'Juegan: Elena, tú, Jorge.' (in turn order from this round's mano) and
        'Después de ti juega Jorge.'"""
        human = self.table.human
        started = [e for e in self.game.opening_events if isinstance(e, r.RoundStarted)]
        if human is None or not started:
            return []
        seats = list(started[-1].seats)
        names = [_("tú") if s == human else self.table.names[s] for s in seats]
        after = seats[(seats.index(human) + 1) % len(seats)]
        return [
            _("Juegan: {names}.").format(names=_join(names)),
            _("Después de ti juega {name}.").format(name=self.table.names[after]),
        ]

    # -- bots ----------------------------------------------------------------
    def extra_to_data(self) -> dict[str, Any]:
        return {
            "discards": [[seat, card.code] for seat, card in self.discards],
            "pickups": [[seat, card.code, owner] for seat, card, owner in self.pickups],
            "last_move": self.narrator.last_move,
            "last_brief": self.narrator.last_brief,
            "hand_order": self.settings.chinchon.hand_order,
            "drawn": self._drawn.code if self._drawn is not None else None,
            "out_round": [[seat, n] for seat, n in self.narrator.out_round.items()],
        }

    def resume(self) -> list[str]:
        lines = self._cmd_puntos("").lines + self._cmd_turno("").lines
        view = self._view()
        drawn = self._drawn_card() if view.current_seat == self.table.human else None
        if view.phase == "discard" and drawn is not None:
            # The player had drawn: which card (the last play was that draw).
            if drawn == view.taken_discard:
                lines.append(_("Cogiste {card} del descarte.").format(card=card_name(drawn)))
            else:
                lines.append(_("Robaste {card}.").format(card=card_name(drawn)))
        elif self.narrator.last_move:
            lines.append(_("Última: {move}").format(move=self.narrator.last_move))
        if view.phase in ("draw", "discard") and view.discard_top is not None:
            lines.append(_("Descarte: {card}.").format(card=card_name(view.discard_top)))
        if view.phase == "layoff" and view.closer is not None:
            lines += self._cmd_mesa("").lines[1:]  # the closer's melds, numbered
        if self.table.human is not None and view.hand:
            lines += self._cmd_mano("").lines
        if view.phase == "layoff" and view.current_seat == self.table.human:
            lines += self._layoff_help()
        return lines

    # -- texts -----------------------------------------------------------------
    def describe(self, event: Event) -> list[str]:
        lines = self.narrator.describe(event)  # type: ignore[arg-type]
        self._track_discards(event)
        if isinstance(event, r.RoundStarted) and self.table.human in event.seats:
            # Who plays after me changes when a player goes out: say it then.
            seats = list(event.seats)
            after = seats[(seats.index(self.table.human) + 1) % len(seats)]
            if self._after_me is not None and after != self._after_me:
                lines.append(_("Después de ti juega {name}.").format(name=self.table.names[after]))
            self._after_me = after
        if isinstance(event, r.DrewStock) and event.seat == self.table.human:
            self._drawn = event.visible_to(self.table.human).card
        drew = isinstance(event, r.DrewStock | r.TookDiscard)
        if drew and event.seat == self.table.human and self._can_close_now():
            danger = self._close_danger()
            lines.append(danger or _("Puedes cerrar."))
        mine = isinstance(event, r.TurnStarted) and event.seat == self.table.human
        if mine and event.phase == "layoff":
            if self._nothing_to_lay_off():
                return []  # finished at once (describe_events says why)
            lines += self._layoff_help()
        return lines

    def describe_events(self, events: Sequence[Event]) -> list[str | Pause]:
        """The narrator learns first who goes out in this batch (said in the score
        line, before the pause) and whether a question or the end follows."""
        human = self.table.human
        self.narrator.going_out = {e.seat for e in events if isinstance(e, r.Eliminated)}
        self.narrator.question_follows = any(
            isinstance(e, r.MatchOver) or (isinstance(e, r.ReengancheOffered) and e.seat == human)
            for e in events
        )
        self.narrator.match_ends = any(isinstance(e, r.MatchOver) for e in events)
        self.narrator.said_out = set()
        items = super().describe_events(events)
        if self._nothing_to_lay_off():
            # Nothing left to decide: the lay-off finishes by itself, in one line.
            started = any(
                isinstance(e, r.TurnStarted) and e.seat == human and e.phase == "layoff"
                for e in events
            )
            legal = self.game.legal_actions(human)
            if any(isinstance(a, r.LayOff) for a in legal) and started:
                why = _("Colocar no te quita puntos: terminas.")
            elif any(isinstance(a, r.LayOff) for a in legal):
                why = _("Colocar más no te quita puntos: terminas.")
            elif started:
                why = _("Ninguna de tus cartas encaja: terminas.")
            else:
                why = _("Ya no encaja ninguna carta: terminas.")
            more = self.game.apply(human, r.FinishLayOff())
            self.observe(more)
            items = [*items, why, *self.describe_events(more)]
        return items

    def _nothing_to_lay_off(self) -> bool:
        """The player is laying off and no lay-off would lower their points."""
        human = self.table.human
        view = self._view()
        if human is None or view.phase != "layoff" or view.current_seat != human:
            return False
        hand = list(view.hand or ())
        return not best_layoff(hand, view.closer_melds, self.deck, view.options.copies).layoffs

    def _close_danger(self, card: Card | None = None) -> str | None:
        """'Puedes cerrar, pero llegarías a 72 y quedarías fuera.' when the best close
        (or closing with `card`) takes the player to the limit; else None."""
        view = self._view()
        hand = list(view.hand or ())
        options = [(c, a) for c, a in can_close(hand, self.deck) if c != view.taken_discard]
        if card is not None:
            options = [(c, a) for c, a in options if c == card]
        if not options:
            return None
        arrangement = min((a for _c, a in options), key=lambda a: a.loose_points)
        if not arrangement.loose:
            return None  # chinchón: minus 10
        total = view.scores[self.table.human] + arrangement.loose_points
        if total < view.options.limit:
            return None
        line = _("Puedes cerrar, pero llegarías a {total} y quedarías fuera.")
        brief = _("Cerrar: llegas a {total}, fuera")
        return said(line.format(total=total), brief.format(total=total))

    def _layoff_help(self) -> list[str]:
        """Which of my loose cards fit which of the closer's melds: 'Encajan: el 5 de
        oros en la combinación 1; la sota de copas en la combinación 1 o la 2.' A card
        of my own melds is suggested only when moving it lowers my points, and then
        the line says which meld it breaks."""
        human = self.table.human
        view = self._view()
        hand = list(view.hand or ())
        legal = [a for a in self.game.legal_actions(human) if isinstance(a, r.LayOff)]
        if not legal:
            return [_("Ninguna de tus cartas encaja. Escribe listo.")]
        arrangement = best_arrangement(hand, self.deck)
        loose_cards = set(arrangement.loose)
        fits: dict[Card, list[int]] = {}
        for action in legal:
            if action.card in loose_cards:
                fits.setdefault(action.card, []).append(action.meld_index + 1)
        lines = []
        if fits:
            parts = [
                _("{card} en la combinación {melds}").format(
                    card=card_name(card),
                    melds=_join([str(n) for n in sorted(set(melds))], _("{first} o la {last}")),
                )
                for card, melds in sorted(fits.items(), key=lambda item: item[0].sort_key)
            ]
            lines.append(_("Encajan: {fits}.").format(fits="; ".join(parts)))
        plan = best_layoff(hand, view.closer_melds, self.deck, view.options.copies)
        moved = [(c, i) for c, i in plan.layoffs if c not in loose_cards]
        if moved:
            card, index = moved[0]
            broken = next(m for m in arrangement.melds if card in m)
            line = _(
                "Te conviene colocar {card} en la combinación {n}, aunque sea de tu {meld}:"
                " acabas con {points}."
            )
            lines.append(
                line.format(
                    card=card_name(card),
                    n=index + 1,
                    meld=meld_kind_text(broken, self.deck),
                    points=points(plan.points),
                )
            )
        if not lines:
            lines.append(
                _("Solo encajan cartas de tus combinaciones: no te conviene. Escribe listo.")
            )
        return lines

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

    def _can_close_now(self) -> bool:
        view = self._view()
        hand = list(view.hand or ())
        return any(c != view.taken_discard for c, _a in can_close(hand, self.deck))

    def pause_after(self, events: Sequence[Event]) -> str | None:
        """A line asking for Enter before a new round, so the scores are not buried."""
        return next_round_pause(events, r.RoundScored, self.game.is_over)

    def rules(self) -> list[str]:
        return [_(line) for line in RULES]

    def ending(self) -> list[str]:
        return [_("Fin de la partida.")]

    def refusal(self, error: IllegalAction) -> str:
        if error.reason == "cannot_close_loose_points":
            return _("No puedes cerrar: te quedarían {points} y el máximo es 5.").format(
                points=loose(error.details.get("loose", 0))
            )
        message = REFUSALS.get(error.reason)
        return _(message) if message else _("Esa jugada no es posible ahora.")

    def prompt(self) -> str:
        """What the player is expected to do, in 1-3 words (for speech); with
        `status_prompt` (for braille) the state that decides it, in 30 cells."""
        options = self._status_prompt() if self.status_prompt else [self._short_prompt()]
        return prompt_of(*options)

    def _short_prompt(self) -> str:
        view = self._view()
        human = self.table.human
        if view.phase == "over":
            return _("Fin")
        if human is None:
            return _("Mirando")
        if view.current_seat != human:
            return _("Mirando") if view.eliminated[human] else _("Espera")
        if view.phase == "draw":
            return _("Roba")
        if view.phase == "discard":
            return _("Descarta o cierra") if self._can_close_now() else _("Descarta")
        if view.phase == "layoff":
            return _("Coloca o listo")
        if view.phase == "reenganche":
            return _("Sí o no")
        return ""

    def _status_prompt(self) -> list[str]:
        """The fullest status first; `fit` takes the first that fits the cells."""
        view = self._view()
        human = self.table.human
        if view.phase == "over":
            return [_("Fin")]
        if human is None or view.current_seat != human:
            waiting = _("Mirando") if human is None or view.eliminated[human] else _("Espera")
            whose = self._whose_turn()
            briefs = self.narrator.last_brief
            return [
                *(_("{whose}; {last}").format(whose=whose, last=b) for b in briefs),
                *briefs,
                whose or waiting,
            ]
        if view.phase == "draw":
            if view.discard_top is None:
                return [_("Roba")]
            return [_("Roba o coge {card}").format(card=card_brief(view.discard_top))]
        if view.phase == "discard":
            close = self._can_close_now()
            drawn = self._drawn_card()
            if drawn is None:
                return [_("Descarta o cierra") if close else _("Descarta")]
            if close:
                text = _("Cierra o tira (+{card})")
            else:
                text = _("Descarta (+{card})")
            return [text.format(card=card_brief(drawn))]
        if view.phase == "layoff":
            closer = self.table.names[view.closer] if view.closer is not None else ""
            return [_("Coloca o listo; cerró {name}").format(name=closer), _("Coloca o listo")]
        if view.phase == "reenganche":
            return [_("¿Reenganche? sí o no")]
        return [""]

    def _my_status(self) -> str:
        """The player's own status, said in full: 'Roba del mazo o coge el 7 de copas.'"""
        view = self._view()
        if self.table.human is None or view.current_seat != self.table.human:
            return self._short_prompt() + "."
        if view.phase == "draw":
            if view.discard_top is None:
                return _("Roba del mazo.")
            return _("Roba del mazo o coge {card}.").format(card=card_name(view.discard_top))
        if view.phase == "discard":
            todo = _("Descarta o cierra") if self._can_close_now() else _("Descarta")
            drawn = self._drawn_card()
            if drawn is None:
                return todo + "."
            if drawn == view.taken_discard:
                text = _("{todo}; cogiste {card} del descarte.")
            else:
                text = _("{todo}; robaste {card}.")
            return text.format(todo=todo, card=card_name(drawn))
        if view.phase == "layoff":
            closer = self.table.names[view.closer] if view.closer is not None else ""
            return _("Coloca o di listo; cerró {name}.").format(name=closer)
        if view.phase == "reenganche":
            return _("¿Te reenganchas? Sí o no.")
        return self._short_prompt() + "."

    def _whose_turn(self) -> str:
        """'Juega Pablo' / 'Coloca Pablo' (a rival's turn), or ''."""
        view = self._view()
        if view.phase == "over" or view.current_seat == self.table.human:
            return ""
        name = self.table.names[view.current_seat]
        if view.phase == "layoff":
            return _("Coloca {name}").format(name=name)
        if view.phase == "reenganche":
            return _("Decide {name}").format(name=name)
        return _("Juega {name}").format(name=name)

    def enter_command(self) -> str | None:
        """Enter on an empty line: the status in full words (the status prompt
        abbreviates cards for braille: `7 co` is not for the ear)."""
        return None if self._view().phase == "over" else "estado"

    def _cmd_estado(self, args: str) -> Reply:
        """'Juega Pablo. Última: Marta roba del mazo y tira el 3 de copas.' on a
        rival's turn; on the player's, what to do with the cards named in full."""
        whose = self._whose_turn()
        if not whose:
            return Reply([self._my_status()])
        if not self.narrator.last_move:
            return Reply([whose + "."])
        last = _("Última: {move}").format(move=self.narrator.last_move)
        return Reply([f"{whose}. {last}"])

    def _drawn_card(self) -> Card | None:
        """The card the player just drew or took (the status prompt shows it)."""
        view = self._view()
        if view.taken_discard is not None:
            return view.taken_discard
        if self._drawn in (view.hand or ()):
            return self._drawn
        return None

    # -- commands ----------------------------------------------------------------
    def commands(self) -> list[CommandSpec]:
        return COMMANDS

    def handle(self, command: Command) -> Reply:
        self._asked = None  # a question about which card is answered only right away
        if command.name != "cerrar":
            self._warned = None
        handler = getattr(self, f"_cmd_{command.name}")
        return handler(command.args)

    def _view(self) -> r.ChinchonView:
        return self.game.view(self.table.human)

    def sort_cards(self, cards: Sequence[Card]) -> list[Card]:
        """The player's chosen order: by suit (then rank) or by rank (then suit)."""
        if self.settings.chinchon.hand_order == "valor":
            return sorted(
                cards, key=lambda c: (run_position(c.rank, self.deck), c.suit_index, c.copy)
            )
        return sorted(cards, key=lambda c: c.sort_key)

    def _hand(self) -> list[Card]:
        return self.sort_cards(self._view().hand or ())

    def _spectator(self) -> Reply | None:
        if self.table.human is None:
            return Reply([_("Eres espectador: no tienes cartas.")])
        return None

    def _cmd_mano(self, args: str) -> Reply:
        if (reply := self._spectator()) is not None:
            return reply
        hand = self._hand()
        if not hand:
            return Reply([_("No tienes cartas.")])
        # The position goes after the card: "5 de espadas (p3)", not "3: 5 de espadas";
        # "p3" is how a position is typed (a bare number is a card: "d 5").
        brief = self.settings.verbosity == "breve"
        items = [
            f"{card_short(c) if brief else card_name(c, article=False)} (p{i})"
            for i, c in enumerate(hand, 1)
        ]
        return Reply(
            [
                _("Tu mano, {count}: {cards}.").format(
                    count=cards_count(len(hand)), cards=", ".join(items)
                )
            ]
        )

    def _cmd_mesa(self, args: str) -> Reply:
        view = self._view()
        top = card_name(view.discard_top) if view.discard_top else _("vacío")
        counts = ", ".join(
            f"{self.narrator.name(s)} {n}"
            for s, n in enumerate(view.hand_counts)
            if not view.eliminated[s]
        )
        lines = [
            _("Descarte: {card}. Mazo: {stock}. Cartas: {counts}.").format(
                card=top, stock=cards_count(view.stock_count), counts=counts
            )
        ]
        if view.phase == "layoff" and view.closer is not None:
            lines.append(
                _("Combinaciones de {name}: {melds}.").format(
                    name=self.narrator.name(view.closer),
                    melds=melds_text(view.closer_melds, self.deck, numbered=True),
                )
            )
        return Reply(lines)

    def _cmd_puntos(self, args: str) -> Reply:
        view = self._view()
        parts = []
        for seat, total in enumerate(view.scores):
            text = f"{self.narrator.name(seat)} {total}"
            if view.eliminated[seat]:
                text += " " + _("(eliminado)")
            parts.append(text)
        return Reply(
            [
                _("Puntos: {scores}. Límite {limit}. Bote: {pot}.").format(
                    scores=", ".join(parts), limit=view.options.limit, pot=chips(view.pot)
                )
            ]
        )

    def _cmd_turno(self, args: str) -> Reply:
        view = self._view()
        if view.phase == "over":
            return Reply([_("La partida ha terminado.")])
        seat = view.current_seat
        phase = {
            "draw": _("robar"),
            "discard": _("descartar o cerrar"),
            "layoff": _("colocar"),
            "reenganche": _("decidir el reenganche"),
        }.get(view.phase, "")
        if seat == self.table.human:
            return Reply([_("Tu turno: {what}. Ronda {n}.").format(what=phase, n=view.round_no)])
        return Reply(
            [
                _("Turno de {name}: {what}. Ronda {n}.").format(
                    name=self.table.names[seat], what=phase, n=view.round_no
                )
            ]
        )

    def _cmd_ultima(self, args: str) -> Reply:
        return Reply([self.narrator.last_move or _("Todavía no ha jugado nadie.")])

    def _cmd_combinaciones(self, args: str) -> Reply:
        if (reply := self._spectator()) is not None:
            return reply
        view = self._view()
        hand = list(view.hand or ())
        if len(hand) == 8:
            options = [(c, a) for c, a in can_close(hand, self.deck) if c != view.taken_discard]
            if options:
                card, arrangement = min(
                    options, key=lambda o: (o[1].loose_points, -card_points(o[0], self.deck))
                )
                return Reply(
                    [
                        _("Puedes cerrar tirando {card}: {points}.").format(
                            card=card_name(card), points=loose(arrangement.loose_points)
                        ),
                        _("Quedaría: {melds}.").format(
                            melds=melds_text(arrangement.melds, self.deck)
                        ),
                        *filter(None, [self._close_danger(card)]),
                    ]
                )
        arrangement = best_arrangement(hand, self.deck)
        lines = [
            _("Combinaciones: {melds}.").format(melds=melds_text(arrangement.melds, self.deck)),
            _("Sueltas, {points}: {cards}.").format(
                cards=card_list(arrangement.loose), points=points(arrangement.loose_points)
            )
            if arrangement.loose
            else _("No te queda ninguna suelta."),
        ]
        if len(hand) == 8:
            lines.append(_("Todavía no puedes cerrar."))
        elif (
            len(hand) == 7
            and view.phase in ("draw", "discard")
            and arrangement.loose_points <= MAX_CLOSE_POINTS
        ):
            lines.append(_("Si robas una carta que no estorbe, podrás cerrar."))
        return Reply(lines)

    def _cmd_descartes(self, args: str) -> Reply:
        """This round's discards in order, and who took which from the pile."""
        if not self.discards:
            return Reply([_("Todavía no hay descartes en esta ronda.")])
        items = []
        for seat, card in self.discards:
            if seat is None:
                items.append(_("{card} al empezar").format(card=card_name(card, article=False)))
            else:
                items.append(
                    _("{name}, {card}").format(
                        name=_("tú") if seat == self.table.human else self.table.names[seat],
                        card=card_name(card, article=False),
                    )
                )
        lines = [_("Descartes, del primero al último: {items}.").format(items="; ".join(items))]
        taken = [self._pickup_line(*pickup) for pickup in self.pickups]
        lines.append(" ".join(taken) if taken else _("Nadie ha cogido del descarte."))
        return Reply(lines)

    def _pickup_line(self, seat: int, card: Card, owner: int | None) -> str:
        """'Jorge cogió tu 5 de copas.' / 'Cogiste el 3 de oros de Elena.'"""
        human = self.table.human
        name = self.table.names[seat]
        mine = card_name(card, article=False)
        if seat == human:
            if owner is None:
                return _("Cogiste {card}, la carta de salida.").format(card=card_name(card))
            return _("Cogiste {card} de {owner}.").format(
                card=card_name(card), owner=self.table.names[owner]
            )
        if owner is None:
            return _("{name} cogió {card}, la carta de salida.").format(
                name=name, card=card_name(card)
            )
        if owner == human:
            return _("{name} cogió tu {card}.").format(name=name, card=mine)
        return _("{name} cogió {card} de {owner}.").format(
            name=name, card=card_name(card), owner=self.table.names[owner]
        )

    def _cmd_orden(self, args: str) -> Reply:
        word = fold(args)
        if word in ("palo", "palos", "suit"):
            order = "palo"
        elif word in ("valor", "numero", "rank", "value"):
            order = "valor"
        else:
            order = "valor" if self.settings.chinchon.hand_order == "palo" else "palo"
        self.settings.chinchon.hand_order = order
        text = _("Mano ordenada por palo.") if order == "palo" else _("Mano ordenada por valor.")
        return Reply([text, *self._cmd_mano("").lines])

    def _cmd_robar(self, args: str) -> Reply:
        return Reply(actions=[r.DrawStock()])

    def _cmd_coger(self, args: str) -> Reply:
        """`coger`, or `cojo el as` naming the discard (another card is refused)."""
        top = self._view().discard_top
        if args.strip() and top is not None:
            try:
                rank, suit = read_card(args)
            except CardWordError:
                rank, suit = None, None  # 'cojo del descarte', 'cojo la de arriba'
            if rank is not None and (rank != top.rank or suit not in (None, top.suit)):
                return Reply([_("El descarte es {card}.").format(card=card_name(top))])
        return Reply(actions=[r.TakeDiscard()])

    def _find_card(
        self,
        args: str,
        command: str = "descartar",
        rest: str = "",
        prefer: Callable[[Card], bool] | None = None,
    ) -> Card | str:
        """A card of my hand named as people say it ('4', '4 oros', 'so co', '10e') or
        by an explicit position ('p4'), or the message saying why not. A number alone
        is the card of that number; when two suits fit, the player is asked which
        (and `handle_unknown` takes the answer, to run `command` with `rest` again),
        unless only one of them can do it (`prefer`: the one that fits a meld)."""
        hand = self._hand()
        text = args.strip()
        if not text:
            return _("Di qué carta: por ejemplo descartar 4 oros, o p5 por posición.")
        position = re.fullmatch(r"(?:p|pos|posicion|position)\s*(" + DIGITS + ")", fold(text))
        if position:
            index = int(position.group(1))
            if 1 <= index <= len(hand):
                return hand[index - 1]
            message = _("No hay posición {index}: tienes {count}, de p1 a p{n}.")
            return message.format(index=index, count=cards_count(len(hand)), n=len(hand))
        try:
            rank, suit = read_card(text)
        except CardWordError as error:
            word = error.word[:20]
            if error.kind == "suit":
                return _('No conozco el palo "{word}".').format(word=word)
            if error.kind == "extra":
                return _('Sobra "{word}" después de la carta.').format(word=word)
            if is_number(word):
                return _("No hay carta {number}. Por posición: p1 a p{n}.").format(
                    number=word, n=len(hand)
                )
            return _('No conozco la carta "{word}". Ejemplos: 4 oros, so co, p5.').format(word=word)
        if self.deck == 40 and rank in (8, 9):
            return _("No hay {rank} en la baraja de 40: sota 10, caballo 11, rey 12.").format(
                rank=rank
            )
        matches = [c for c in hand if c.rank == rank and suit in (None, c.suit)]
        suits = [s for s in SUIT_ORDER if any(c.suit == s for c in matches)]
        if suit is None and len(suits) > 1 and prefer is not None:
            preferred = [c for c in matches if prefer(c)]
            if len({c.suit for c in preferred}) == 1:
                matches, suits = preferred, [preferred[0].suit]
        if suit is None and len(suits) > 1:
            self._asked = (command, rank, tuple(suits), rest)
            names = [_("de {suit}").format(suit=_(SUIT_NAMES[s])) for s in suits]
            return _("¿Cuál {rank}: {suits}?").format(
                rank=rank_short(rank), suits=_join(names, _("{first} o {last}"))
            )
        if matches:
            return matches[0]
        if suit is None:
            if rank == 10:
                return _("No tienes ninguna sota.")
            return _("No tienes ningún {rank}.").format(rank=rank_short(rank))
        return _("No tienes {card}.").format(card=card_name(Card(suit, rank)))

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
        if self._asked is None:
            return None
        command, rank, suits, rest = self._asked
        words = [w for w in fold(text).split() if w not in ("de", "el", "la", "of", "the")]
        if len(words) != 1:
            return None
        try:
            _rank, suit = read_card(f"{rank} {words[0]}")
        except CardWordError:
            return None
        if suit not in suits:
            return None
        return Command(command, f"{rank} {suit}{rest}")

    def _cmd_descartar(self, args: str) -> Reply:
        if (reply := self._spectator()) is not None:
            return reply
        if self._view().phase == "draw" and self._view().current_seat == self.table.human:
            return Reply([_("Primero roba del mazo o coge el descarte.")])
        card = self._find_card(args)
        if isinstance(card, str):
            return Reply([card])
        return Reply(actions=[r.Discard(card)])

    def _cmd_cerrar(self, args: str) -> Reply:
        if (reply := self._spectator()) is not None:
            return reply
        view = self._view()
        if view.current_seat != self.table.human or view.phase != "discard":
            if view.phase == "draw" and view.current_seat == self.table.human:
                return Reply([_("Primero roba del mazo o coge el descarte.")])
            return Reply([_("Ahora no puedes cerrar.")])
        if args.strip():
            closing = {c for c, _a in can_close(list(view.hand or ()), self.deck)}
            card = self._find_card(args, "cerrar", "", lambda c: c in closing)
            if isinstance(card, str):
                return Reply([card])
            return self._close_or_warn(card, args)
        hand = list(view.hand or ())
        options = [(c, a) for c, a in can_close(hand, self.deck) if c != view.taken_discard]
        if not options:
            best = min(
                best_arrangement([c for c in hand if c != x], self.deck).loose_points for x in hand
            )
            return Reply(
                [
                    _("No puedes cerrar: te quedarían {points} y el máximo es 5.").format(
                        points=loose(best)
                    )
                ]
            )
        card, _arrangement = min(
            options, key=lambda o: (o[1].loose_points, -card_points(o[0], self.deck))
        )
        return self._close_or_warn(card, "")

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
        view = self._view()
        if view.phase != "layoff" or view.current_seat != self.table.human:
            return Reply([_("Ahora no se coloca; eso es cuando otro cierra.")])
        text = args.strip()
        if not text:
            plan = best_layoff(
                list(view.hand or ()), view.closer_melds, self.deck, view.options.copies
            )
            if not plan.layoffs:
                legal = self.game.legal_actions(self.table.human)
                if any(isinstance(a, r.LayOff) for a in legal):
                    return Reply(
                        [
                            _(
                                "No ganas nada colocando: tus cartas valen más en tus combinaciones. Escribe listo."
                            )
                        ]
                    )
                return Reply([_("Ninguna de tus cartas encaja. Escribe listo.")])
            return Reply(actions=[r.LayOff(card, index) for card, index in plan.layoffs])
        words = text.split()
        target = ""
        if len(words) >= 3 and fold(words[-2]) in ("en", "on", "in", "a"):
            text, target = " ".join(words[:-2]), words[-1]
        legal = self.game.legal_actions(self.table.human)
        typed = number(target)
        index = typed - 1 if typed is not None else None

        def fits(card: Card) -> bool:
            return any(
                isinstance(a, r.LayOff) and a.card == card and index in (None, a.meld_index)
                for a in legal
            )

        card = self._find_card(text, "colocar", f" en {target}" if target else "", fits)
        if isinstance(card, str):
            return Reply([card])
        count = len(view.closer_melds)
        if target:
            if typed is None or not 1 <= typed <= count:
                message = _("Escribe el número de la combinación, del 1 al {n}.")
                return Reply([message.format(n=count)])
            index = typed - 1
            legal = self.game.legal_actions(self.table.human)
            if r.LayOff(card, index) not in legal:
                message = _("{card} no encaja en la combinación {n}, {meld}.").format(
                    card=card_name(card),
                    n=index + 1,
                    meld=meld_text(view.closer_melds[index], self.deck),
                )
                return Reply([capital(message)])
            return Reply(actions=[r.LayOff(card, index)])
        legal = self.game.legal_actions(self.table.human)
        fits = [i for i in range(count) if r.LayOff(card, i) in legal]
        if not fits:
            message = _("{card} no encaja en ninguna combinación.")
            return Reply([capital(message.format(card=card_name(card)))])
        return Reply(actions=[r.LayOff(card, fits[0])])

    def _cmd_listo(self, args: str) -> Reply:
        return Reply(actions=[r.FinishLayOff()])

    def _cmd_si(self, args: str) -> Reply:
        return Reply(actions=[r.Reenganche(True)])

    def _cmd_no(self, args: str) -> Reply:
        return Reply(actions=[r.Reenganche(False)])


def _join(names: Sequence[str], last: str | None = None) -> str:
    """'A, B y C' (or with `last`, e.g. '{first} o {last}': 'A, B o C')."""
    if len(names) == 1:
        return names[0]
    return (last or _("{first} y {last}")).format(first=", ".join(names[:-1]), last=names[-1])


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
    table = seat_table(players, seed, spectator=spectator, levels=[c.level] * players)
    return ChinchonAdapter(game, table, make_bots(table, seed, make_bot), settings)


def restore_adapter(settings: Settings, data: dict[str, Any]) -> ChinchonAdapter:
    game = r.ChinchonGame.from_dict(data["state"])
    table, bots = restore_seats(data, game, bot_from_dict)
    adapter = ChinchonAdapter(game, table, bots, settings)
    last_move = data.get("extra", {}).get("last_move", "")
    adapter.narrator.last_move = last_move if isinstance(last_move, str) else ""
    last_brief = data.get("extra", {}).get("last_brief", [])
    if isinstance(last_brief, list) and all(isinstance(b, str) for b in last_brief):
        adapter.narrator.last_brief = last_brief
    try:
        extra = data.get("extra", {})
        adapter.discards = [(s, Card.from_code(c)) for s, c in extra.get("discards", [])]
        adapter.pickups = [(s, Card.from_code(c), o) for s, c, o in extra.get("pickups", [])]
    except (TypeError, ValueError, KeyError):
        adapter.discards, adapter.pickups = [], []
    drawn = data.get("extra", {}).get("drawn")
    if isinstance(drawn, str):
        try:
            adapter._drawn = Card.from_code(drawn)
        except (TypeError, ValueError, KeyError):
            adapter._drawn = None
    adapter.narrator.closer = game.view(table.human).closer
    try:
        adapter.narrator.out_round = {int(s): int(n) for s, n in extra.get("out_round", [])}
    except (TypeError, ValueError):
        adapter.narrator.out_round = {}
    if data.get("extra", {}).get("hand_order") in ("palo", "valor"):
        settings.chinchon.hand_order = data["extra"]["hand_order"]
    return adapter
