"""What can be typed in Chinchón, and typed text into actions: the commands and
their help, the rules, the refusals, and the cards named as people say them.

Pure: the seat's view, the hand order and the typed text in; actions, a line
saying why not, or a question out (no game, no clock, no I/O).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from sobremesa.core.cards import Card
from sobremesa.core.game import IllegalAction
from sobremesa.games.chinchon import advice
from sobremesa.games.chinchon import rules as r
from sobremesa.games.chinchon.melds import best_arrangement, can_close
from sobremesa.games.chinchon.narration import sort_cards
from sobremesa.games.chinchon.texts import (
    SUIT_ORDER,
    capital,
    cards_count,
    join_names,
    loose,
    meld_text,
    rank_short,
)
from sobremesa.i18n import N_, _
from sobremesa.ui.commands import Command, CommandSpec, fold
from sobremesa.ui.numbers import DIGITS, is_number, number
from sobremesa.ui.spanish_cards import SUIT_NAMES, CardWordError, card_name, read_card

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
        "El as va antes del 2 (as, 2, 3) y nunca después del rey. Con 40 cartas, después del 7 va la sota, luego el caballo y el rey."
    ),
    N_("Puntos de las cartas: su número; con 40 cartas la sota vale 8, el caballo 9 y el rey 10."),
    N_(
        "Puedes cerrar si tus cartas sueltas suman 5 puntos o menos: pones una carta boca abajo y enseñas el resto."
    ),
    N_("Chinchón: las siete cartas ligadas al cerrar. Restas 10 puntos y nadie coloca."),
    N_(
        "Cuando alguien cierra, los demás colocan sus sueltas en las combinaciones del que cerró y suman lo que les queda."
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


def refusal(error: IllegalAction) -> str:
    """Why the rules refused a move, in the player's words."""
    if error.reason == "cannot_close_loose_points":
        return _("No puedes cerrar: te quedarían {points} y el máximo es 5.").format(
            points=loose(error.details.get("loose", 0))
        )
    message = REFUSALS.get(error.reason)
    return _(message) if message else _("Esa jugada no es posible ahora.")


@dataclass(frozen=True)
class Asked:
    """The question '¿Cuál 4: de oros o de copas?': the command to run again with
    the suit that answers it, and the rest of that command."""

    command: str
    rank: int
    suits: tuple[str, ...]
    rest: str

    def question(self) -> str:
        names = [_("de {suit}").format(suit=_(SUIT_NAMES[s])) for s in self.suits]
        return _("¿Cuál {rank}: {suits}?").format(
            rank=rank_short(self.rank), suits=join_names(names, _("{first} o {last}"))
        )

    def answer(self, text: str) -> Command | None:
        """The command the answer `text` (a suit) completes, or None."""
        words = [w for w in fold(text).split() if w not in ("de", "el", "la", "of", "the")]
        if len(words) != 1:
            return None
        try:
            _rank, suit = read_card(f"{self.rank} {words[0]}")
        except CardWordError:
            return None
        if suit not in self.suits:
            return None
        return Command(self.command, f"{self.rank} {suit}{self.rest}")


#: what a command parses into: actions, a line that says why not, or a question
Parsed = list[r.ChinchonAction] | str | Asked

FIRST_DRAW = N_("Primero roba del mazo o coge el descarte.")


def find_card(
    view: r.ChinchonView,
    order: str,
    args: str,
    command: str = "descartar",
    rest: str = "",
    prefer: Callable[[Card], bool] | None = None,
) -> Card | str | Asked:
    """A card of my hand named as people say it ('4', '4 oros', 'so co', '10e') or
    by an explicit position ('p4', in the order the hand is read), or the message
    saying why not. A number alone is the card of that number; when two suits fit,
    the player is asked which (to run `command` with `rest` again), unless only one
    of them can do it (`prefer`: the one that fits a meld)."""
    deck = view.options.deck
    hand = sort_cards(view.hand or (), order, deck)
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
    if deck == 40 and rank in (8, 9):
        return _("No hay {rank} en la baraja de 40: sota 10, caballo 11, rey 12.").format(rank=rank)
    matches = [c for c in hand if c.rank == rank and suit in (None, c.suit)]
    suits = [s for s in SUIT_ORDER if any(c.suit == s for c in matches)]
    if suit is None and len(suits) > 1 and prefer is not None:
        preferred = [c for c in matches if prefer(c)]
        if len({c.suit for c in preferred}) == 1:
            matches, suits = preferred, [preferred[0].suit]
    if suit is None and len(suits) > 1:
        return Asked(command, rank, tuple(suits), rest)
    if matches:
        return matches[0]
    if suit is None:
        if rank == 10:
            return _("No tienes ninguna sota.")
        return _("No tienes ningún {rank}.").format(rank=rank_short(rank))
    return _("No tienes {card}.").format(card=card_name(Card(suit, rank)))


def _mine(view: r.ChinchonView) -> bool:
    return view.seat is not None and view.current_seat == view.seat


def hand_order(args: str, current: str) -> str:
    """`orden palo`, `orden valor`, or `orden` alone: the other order."""
    word = fold(args)
    if word in ("palo", "palos", "suit"):
        return "palo"
    if word in ("valor", "numero", "rank", "value"):
        return "valor"
    return "valor" if current == "palo" else "palo"


def take(view: r.ChinchonView, args: str) -> Parsed:
    """`coger`, or `cojo el as` naming the discard (another card is refused)."""
    top = view.discard_top
    if args.strip() and top is not None:
        try:
            rank, suit = read_card(args)
        except CardWordError:
            rank, suit = None, None  # 'cojo del descarte', 'cojo la de arriba'
        if rank is not None and (rank != top.rank or suit not in (None, top.suit)):
            return _("El descarte es {card}.").format(card=card_name(top))
    return [r.TakeDiscard()]


def discard(view: r.ChinchonView, order: str, args: str) -> Parsed:
    if view.phase == "draw" and _mine(view):
        return _(FIRST_DRAW)
    card = find_card(view, order, args)
    return card if isinstance(card, str | Asked) else [r.Discard(card)]


def close(view: r.ChinchonView, order: str, args: str) -> Card | str | Asked:
    """The card to close with: the one named, or the best."""
    if not _mine(view) or view.phase != "discard":
        if view.phase == "draw" and _mine(view):
            return _(FIRST_DRAW)
        return _("Ahora no puedes cerrar.")
    deck = view.options.deck
    hand = list(view.hand or ())
    if args.strip():
        closing = {c for c, _a in can_close(hand, deck)}
        return find_card(view, order, args, "cerrar", "", lambda c: c in closing)
    best = advice.best_close(view)
    if best is None:
        least = min(best_arrangement([c for c in hand if c != x], deck).loose_points for x in hand)
        return _("No puedes cerrar: te quedarían {points} y el máximo es 5.").format(
            points=loose(least)
        )
    return best[0]


def lay_off(view: r.ChinchonView, order: str, args: str) -> Parsed:
    """`colocar` (every lay-off that pays), `colocar CARTA` (the first meld it fits)
    or `colocar CARTA en N`."""
    if view.phase != "layoff" or not _mine(view):
        return _("Ahora no se coloca; eso es cuando otro cierra.")
    legal = advice.lay_offs(view)
    text = args.strip()
    if not text:
        plan = advice.best_lay_offs(view)
        if plan:
            return [r.LayOff(card, index) for card, index in plan]
        if legal:
            return _(
                "No ganas nada colocando: tus cartas valen más en tus combinaciones. Escribe listo."
            )
        return _("Ninguna de tus cartas encaja. Escribe listo.")
    words = text.split()
    target = ""
    if len(words) >= 3 and fold(words[-2]) in ("en", "on", "in", "a"):
        text, target = " ".join(words[:-2]), words[-1]
    typed = number(target)
    wanted = typed - 1 if typed is not None else None

    def fits(card: Card) -> bool:
        return any(a.card == card and wanted in (None, a.meld_index) for a in legal)

    card = find_card(view, order, text, "colocar", f" en {target}" if target else "", fits)
    if isinstance(card, str | Asked):
        return card
    count = len(view.closer_melds)
    if target:
        if typed is None or not 1 <= typed <= count:
            return _("Escribe el número de la combinación, del 1 al {n}.").format(n=count)
        index = typed - 1
        if r.LayOff(card, index) not in legal:
            message = _("{card} no encaja en la combinación {n}, {meld}.").format(
                card=card_name(card),
                n=index + 1,
                meld=meld_text(view.closer_melds[index], view.options.deck),
            )
            return capital(message)
        return [r.LayOff(card, index)]
    melds = [i for i in range(count) if r.LayOff(card, i) in legal]
    if not melds:
        message = _("{card} no encaja en ninguna combinación.")
        return capital(message.format(card=card_name(card)))
    return [r.LayOff(card, melds[0])]


#: Commands about the player's own seat (hand, moves): a spectator's `ayuda`
#: leaves them out.
SEAT_COMMANDS = frozenset(
    (
        "mano",
        "combinaciones",
        "orden",
        "robar",
        "coger",
        "descartar",
        "cerrar",
        "colocar",
        "listo",
        "si",
    )
)
