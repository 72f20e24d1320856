"""¡Cabanga! commands: what can be typed (the specs the console completes and
`ayuda` lists), the rules text, and the parsers that turn typed text, the view
and the draft (a question asked and not yet answered) into an action or the
lines that ask or say why it is not one."""

from __future__ import annotations

import re
from dataclasses import dataclass

from sobremesa.games.cabanga import rules as r
from sobremesa.games.cabanga import texts as t
from sobremesa.games.cabanga.reading import spectator_line
from sobremesa.i18n import N_, _
from sobremesa.ui.commands import CommandSpec, fold
from sobremesa.ui.numbers import DIGITS, is_number
from sobremesa.ui.wording import cards_text, join_or

COLOUR_WORDS = {
    "rojo": ("rojo", "roja", "r", "red"),
    "azul": ("azul", "a", "blue"),
    "amarillo": ("amarillo", "amarilla", "am", "yellow", "y"),
    "morado": ("morado", "morada", "m", "purple", "p", "violeta"),
}
_COLOUR_BY_WORD = {w: c for c, words in COLOUR_WORDS.items() for w in words}
SIDE_WORDS = {
    "left": ("izquierda", "izq", "iz", "izda", "i", "left", "l"),
    "right": ("derecha", "der", "dcha", "d", "right", "r"),
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
        ("izq", "i", "iz", "izda", "left"),
        N_("izquierda o derecha: la pila para la carta que escribiste sin lado, como rojo 4"),
    ),
    CommandSpec("derecha", ("der", "dcha", "d", "right"), ""),
]

READING_COMMANDS = frozenset(
    ("mano", "mesa", "filas", "puntos", "turno", "ultima", "combinaciones")
)

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

REFUSALS = {
    "not_your_turn": N_("Espera, no es tu turno."),
    "card_not_in_hand": N_("No tienes esa carta."),
    "not_fitting": N_("Esa carta no entra en el hueco."),
    "game_over": N_("La partida ha terminado."),
}

#: What a parser gives: the action to play, or the lines to say instead.
Parsed = r.CabangaAction | list[str]


#: Words that drop a pending question (`¿izq o der?`): the player changed their mind.
CANCEL_WORDS = ("cancelar", "anular", "cancel", "nada")


@dataclass
class Draft:
    """A question the player was asked and has not answered yet (saved with the game)."""

    asked: r.CabangaCard | None = None  # 'jugar CARTA' without a side: which side?
    which: int | None = None  # '¿Qué 7: azul o morado?' asked
    which_side: str | None = None  # the side typed with that bare number

    def clear(self) -> None:
        self.asked = self.which = None


def refusal_text(reason: str) -> str:
    message = REFUSALS.get(reason)
    return _(message) if message else _("Esa jugada no es posible ahora.")


def in_window(view: r.CabangaView) -> bool:
    return view.phase == "cabanga"


def player_in_window(view: r.CabangaView) -> bool:
    """The listener has a window to answer: open, their answer pending, and a card
    of theirs fits (else the game passes for them at once)."""
    return view.seat is not None and in_window(view) and view.can_react and bool(view.fitting)


def words_of(args: str) -> list[str]:
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


def answer_first(text: str, view: r.CabangaView, draft: Draft) -> Parsed | None:
    """A move said as the game says it, before the commands read 'a' (help)
    or 'you': 'a la izquierda' for the card asked about, 'a 7 izq' (azul 7),
    'You play purple 2 on the left'. None: any other line."""
    raw = fold(text).split()
    asking = draft.asked is not None or draft.which is not None
    if asking and len(raw) == 1 and raw[0].strip(".,;:¡!¿?") in CANCEL_WORDS:
        # The question (which side, which colour) dropped: any other play goes.
        draft.clear()
        return [_("Anulado: elige otra jugada.")]
    if view.seat is None or not raw or raw[0].strip(".,;:¡!¿?") not in ("a", "you"):
        return None
    if raw[0] == "you":
        rest = raw[1:]
        if not rest or rest[0] not in PLAY_VERBS:
            return None
        return play(" ".join(rest[1:]), view, draft)
    words = words_of(text)
    if words and all(w in _SIDE_BY_WORD for w in words) and draft.asked is not None:
        return play_asked(_SIDE_BY_WORD[words[-1]], view, draft) if len(words) == 1 else None
    if any(is_number(w) for w in words):
        return unknown(text, view, draft)
    return None


def _position(words: list[str], hand: list[r.CabangaCard]) -> r.CabangaCard | str | None:
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
    ordered = sorted(hand, key=lambda c: c.sort_key)
    index = int(rest[0])
    if 1 <= index <= len(ordered):
        return ordered[index - 1]
    return _("No hay posición {index}: tienes {count}.").format(
        index=index, count=cards_text(len(ordered))
    )


def parse_card(words: list[str], hand: list[r.CabangaCard], draft: Draft) -> r.CabangaCard | str:
    """A card as people say it: 'rojo 7', '7 rojo', or a bare '7' (the card of
    that value you hold; asked when two fit: the draft keeps the question).
    Positions: 'pos 3'."""
    position = _position(words, hand)
    if position is not None:
        return position
    unknown_words = [w for w in words if not is_number(w) and w not in _COLOUR_BY_WORD]
    if unknown_words:
        # Never guess: an unknown word must not turn into another card.
        return _('No conozco el color "{word}": rojo, azul, amarillo o morado.').format(
            word=unknown_words[0][:20]
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
            draft.which = value
            return _("¿Qué {value}: {colours}?").format(
                value=value, colours=join_or([t.colour_name(c.colour) for c in held])
            )
        return held[0]
    card = r.CabangaCard(colour, value)
    if card not in hand:
        return _("No tienes el {colour} {value}.").format(colour=t.colour_name(colour), value=value)
    return card


def play(args: str, view: r.CabangaView, draft: Draft) -> Parsed:
    """`jugar CARTA LADO`; without a side, the question of which (what each side
    would leave), kept in the draft so 'izquierda' alone then plays it."""
    if view.seat is None:
        return [spectator_line()]
    draft.which = None
    words = words_of(args)
    side = None
    # Short side words ("d", "r") could also be colours: the side is the last word.
    if len([w for w in words[1:] if w in _SIDE_BY_WORD and w not in _COLOUR_BY_WORD]) > 1:
        return [_("Di un solo lado: izquierda o derecha.")]
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
        return [_('No conozco el lado "{word}": izquierda o derecha.').format(word=words[-1][:20])]
    hand = list(view.hand or ())
    card = parse_card(words, hand, draft)
    if isinstance(card, str):
        draft.asked = None
        if draft.which is not None:
            draft.which_side = side
        return [card]
    if side is None:
        draft.asked = card  # "izquierda" or "derecha" alone then plays it
        row = view.row(card.colour)
        seen = view.seen_cards()
        options = []
        for where, name in (("left", _("a la izquierda")), ("right", _("a la derecha"))):
            gap = row.gap_if(card, where)
            if gap:
                text = _("{side} deja {gap}").format(
                    side=name, gap=t.gap_text(gap[0] - 1, gap[-1] + 1)
                ) + t.gap_left(card.colour, gap, seen, set(hand))
            else:
                text = _("{side} no deja hueco").format(side=name)
            options.append(text)
        if not row.gap_if(card, "left") and not row.gap_if(card, "right"):
            return [  # (the two sides, said one by one, sounded like a difference)
                _("{card}: ningún lado deja hueco. Escribe izquierda o derecha.").format(
                    card=t.card_text(card).capitalize()
                )
            ]
        return [
            _("{card}: {options}. Escribe izquierda o derecha.").format(
                card=t.card_text(card).capitalize(), options="; ".join(options)
            )
        ]
    draft.asked = None
    return r.Play(card, side)


def play_asked(side: str, view: r.CabangaView, draft: Draft) -> Parsed:
    """'izquierda' or 'derecha' alone: the card just asked about, on that side."""
    card = draft.asked
    if card is None or card not in (view.hand or ()):
        return [_("Di la carta y la pila: por ejemplo jugar rojo 7 izquierda.")]
    draft.asked = None
    return r.Play(card, side)


def side_command(side: str, args: str, view: r.CabangaView, draft: Draft) -> Parsed:
    """`izquierda rojo 7` (the side first), or the side alone for the card asked."""
    if args.strip():
        return play(args + (" izquierda" if side == "left" else " derecha"), view, draft)
    return play_asked(side, view, draft)


def bare(text: str, view: r.CabangaView, draft: Draft) -> str | None:
    """The 'jugar …' (or, in your window, 'cabanga …') a line without a command
    stands for: 'rojo 7 izquierda', '7 izq', or 'azul' answering '¿Qué 7:
    azul o morado?'. None: not a card."""
    if view.seat is None:
        return None
    words = words_of(text)
    if not words:
        return None
    if (
        draft.which is not None
        and words[0] in _COLOUR_BY_WORD
        and (len(words) == 1 or (len(words) == 2 and words[1] in _SIDE_BY_WORD))
    ):
        side = words[1] if len(words) == 2 else (draft.which_side or "")
        return f"jugar {words[0]} {draft.which} {side}".strip()
    while words[0] in PLAY_VERBS and len(words) > 1:  # "yo juego rojo 5 izq"
        words = words[1:]
    first = words[0]
    if not (is_number(first) or first in _COLOUR_BY_WORD):
        return None
    if player_in_window(view) and not any(w in _SIDE_BY_WORD for w in words[1:]):
        return "cabanga " + " ".join(w for w in words if is_number(w))
    return "jugar " + " ".join(words)


def unknown(text: str, view: r.CabangaView, draft: Draft) -> Parsed | None:
    """A line that is no command: a card (played, or thrown in your window)."""
    line = bare(text, view, draft)
    if line is None:
        return None
    name, _sep, args = line.partition(" ")
    return throw(args, view) if name == "cabanga" else play(args, view, draft)


def throw(args: str, view: r.CabangaView) -> Parsed:
    """`cabanga` (every card that fits) or `cabanga 7 9` (those)."""
    if view.phase != "cabanga" or not view.can_react:
        return [_("Ahora no hay cabanga que responder.")]
    values = [int(w) for w in args.split() if is_number(w)]
    fitting = list(view.fitting)
    if not values:
        if not fitting:
            return [_("No te entra ninguna carta; escribe paso.")]
        return r.Throw(tuple(fitting))
    chosen = [c for c in fitting if c.value in values]
    if len(chosen) != len(set(values)):
        return [
            _("Solo te entran: {cards}.").format(cards=t.cards_by_colour(fitting))
            if fitting
            else _("No te entra ninguna carta; escribe paso.")
        ]
    return r.Throw(tuple(chosen))


def pass_(view: r.CabangaView) -> Parsed:
    if view.phase != "cabanga" or not view.can_react:
        return [_("Ahora no hay cabanga que responder.")]
    return r.Pass()


#: Commands about the player's own seat (hand, moves): a spectator's `ayuda`
#: leaves them out.
SEAT_COMMANDS = frozenset(("mano", "combinaciones", "jugar", "cabanga", "paso", "izquierda"))
