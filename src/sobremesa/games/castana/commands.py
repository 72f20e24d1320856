"""ABC ¡Castaña! commands: what can be typed (and the rules told by `reglas`),
and typed words into cards, seats and choices.

Pure: from the typed words, the hand and the view; no game, no clock, no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sobremesa.core.game import IllegalAction
from sobremesa.games.castana import rules as r
from sobremesa.games.castana.texts import COLOUR_CARD, card_text, sort_hand, top_text
from sobremesa.i18n import N_, _
from sobremesa.ui.commands import CommandSpec, fold
from sobremesa.ui.numbers import is_number
from sobremesa.ui.told import Names
from sobremesa.ui.wording import cards_text, join, join_or

COLOUR_WORDS = {
    "azul": ("azul", "azules", "blue"),
    "rojo": ("rojo", "roja", "rojas", "rojos", "red"),
    "verde": ("verde", "verdes", "green"),
}
COLOUR_BY_WORD = {w: c for c, words in COLOUR_WORDS.items() for w in words}
# The Ñ by its name, and for a keyboard without ñ (enye: its English name).
LETTER_WORDS = {"eñe": "Ñ", "enie": "Ñ", "ny": "Ñ", "enye": "Ñ"}


def enie_hint() -> str:
    """How to type the Ñ (said when an N was typed for a held Ñ)."""
    return _("La Ñ se escribe ñ, eñe o ny.")


COMMANDS = [
    CommandSpec(
        "mano",
        ("m", "hand"),
        N_("mano: tus cartas; en la carrera de la Ñ, pones la mano (también Intro)"),
        "F2",
    ),
    CommandSpec("cartas", ("cards", "c"), N_("cartas letra o cartas color: ordena tus cartas")),
    CommandSpec(
        "mesa",
        ("table", "e"),
        N_("mesa: la carta de arriba, el mazo y las cartas de cada uno"),
        "F3",
    ),
    CommandSpec("puntos", ("scores", "p"), N_("puntos: puntuaciones"), "F4"),
    CommandSpec("turno", ("turn", "t"), N_("turno: a quién le toca y qué debe hacer"), "F5"),
    CommandSpec("ultima", ("last", "u"), N_("ultima: la última jugada"), "F6"),
    CommandSpec(
        "palabras",
        ("words", "pa", "combinaciones"),
        N_("palabras: las que puedes formar ahora"),
        "F7",
    ),
    CommandSpec(
        "jugar",
        ("play", "j", "juego"),
        N_(
            "jugar CARTA o PALABRA: jugar m roja, jugar a roja verde, jugar casa; jugar ñ, cuando quieras"
        ),
    ),
    CommandSpec(
        "castaña",
        ("castana", "toma", "steal", "ca"),
        N_("castaña PALABRA: formas la palabra; fuera de tu turno, le robas el turno"),
    ),
    CommandSpec("robar", ("draw", "r"), N_("robar: robas una carta, o las del ataque")),
    CommandSpec("dudo", ("challenge", "d", "dudar"), N_("dudo: pides comprobar la palabra jugada")),
    CommandSpec(
        "paso", ("pass", "pasar", "no"), N_("paso: dejas pasar la ventana (también Intro)")
    ),
    CommandSpec("dar", ("give",), N_("dar CARTA: la carta que das a quien dudó")),
]

RULES = [
    N_(
        "ABC ¡Castaña! 96 cartas de letras en tres colores; 6 cartas para cada uno. Gana quien se queda sin cartas."
    ),
    N_(
        "En tu turno pones una carta del mismo color o la misma letra que la de arriba, o robas una carta."
    ),
    N_(
        "O formas una palabra de 3 letras o más que empiece por la letra de arriba, con tus cartas en orden y de cualquier color; su última letra queda arriba."
    ),
    N_("Vocales: van sobre la misma vocal o el mismo color, y eliges el color que sigue."),
    N_(
        "L y R («¡caña!»): el siguiente pone otra igual o roba 2 y pierde el turno; si pone otra, el que le sigue roba 4 y pierde el turno."
    ),
    N_("H: el siguiente pierde el turno. S: eliges quién juega ahora."),
    N_(
        "Ñ: en tu turno o cuando quieras con jugar ñ, salvo con un ataque sin resolver; eliges el color y los demás ponen la mano: el primero roba 1, el segundo 2, y así."
    ),
    N_(
        "¡Toma castaña!: tras cada descarte, otro jugador puede robar el turno con una palabra desde la letra de arriba; sigue el de su izquierda."
    ),
    N_(
        "Dudo: si la palabra era buena, quien dudó recibe una carta de cada uno; si no, su jugador la recoge, roba tantas cartas como letras puso, pierde el turno y sigue quien dudó."
    ),
    N_(
        "Puntos de castigo de lo que te queda: Ñ 5; vocales y H 3; L, Q, R y S 2; las demás 1. Al llegar alguien a 40 acaba la partida: gana quien tenga menos."
    ),
]

REFUSALS = {
    "not_your_turn": N_("Espera, no es tu turno."),
    "not_now": N_("La Ñ fuera de turno se echa justo después de un descarte de otro."),
    "card_not_in_hand": N_("No tienes esa carta."),
    "no_match": N_("Esa carta no es ni del color ni de la letra de arriba."),
    "game_over": N_("La partida ha terminado."),
    "word_too_short": N_("La palabra debe tener 3 letras o más."),
    "letters_not_in_hand": N_("No tienes las letras de esa palabra."),
    "not_a_word": N_("{word} no está en el diccionario: el árbitro no la acepta."),
    "cannot_steal": N_("Ahora no puedes robar el turno."),
    "nothing_to_challenge": N_("No hay palabra que dudar."),
    "your_turn": N_("Es tu turno: juega o roba."),
    "window_open": N_("Ahora: castaña PALABRA, dudo o paso."),
    "race_put_hand": N_("¡Pon la mano! Pulsa Intro."),
    "must_give": N_("Da una carta a quien dudó: dar CARTA."),
    "choose_colour": N_("Di el color que sigue: azul, rojo o verde."),
    "choose_seat": N_("Di quién juega ahora."),
}


class Refused(Exception):
    """A typed card that names nothing playable; the message says why."""


def parse_seat(words: list[str], names: Sequence[str], human: int | None) -> int | None:
    """The rival whose name starts with the typed words (None: nobody)."""
    text = " ".join(words)
    if not text:
        return None
    for seat, name in enumerate(names):
        if seat != human and fold(name).startswith(text):
            return seat
    return None


def parse_card(
    words: list[str], hand: Sequence[str], order: str, view: r.CastanaView, own_turn: bool
) -> tuple[str, list[str]]:
    """The card the first words name (a letter, a letter and colour, or a
    position in the hand shown in `order`) and the words left; `Refused` with the
    reason if none. `own_turn`: the player's turn (or a warned window)."""
    hand = sort_hand(hand, order)
    first, rest = words[0], words[1:]
    if is_number(first):
        index = int(first)
        if not 1 <= index <= len(hand):
            raise Refused(
                _("No hay carta {index}: tienes {count}.").format(
                    index=index, count=cards_text(len(hand))
                )
            )
        return hand[index - 1], rest
    ch = LETTER_WORDS.get(first, first).upper()
    if ch not in r.LETTERS:
        raise Refused(
            _("No conozco la carta {word}: di su letra, por ejemplo m roja.").format(
                word=first[:20]
            )
        )
    mine = [c for c in hand if r.letter(c) == ch]
    if not mine:
        line = _("No tienes ninguna {letter}.").format(letter=ch)
        if ch == "N" and any(r.letter(c) == "Ñ" for c in hand):
            line += " " + enie_hint()
        raise Refused(line)
    if rest and rest[0] not in COLOUR_BY_WORD and r.needs_choice(mine[0]) != "seat":
        raise Refused(
            _("No conozco el color {word}: azul, rojo o verde.").format(word=rest[0][:20])
        )
    choosing = r.needs_choice(mine[0]) == "colour"
    if rest and rest[0] in COLOUR_BY_WORD:
        wanted = COLOUR_BY_WORD[rest[0]]
        same = [c for c in mine if r.colour(c) == wanted]
        if not same and choosing:
            return mine[0], rest  # a colour you hold no such card in: the one that follows
        if not same:
            raise Refused(
                _("No tienes la {letter} {colour}.").format(
                    letter=ch, colour=_(COLOUR_CARD[wanted])
                )
            )
        if len(set(mine)) == 1 and choosing and len(rest) == 1:
            return mine[0], rest  # "jugar a roja" with one A: roja also follows
        return same[0], rest[1:]
    if len(set(mine)) == 1:
        return mine[0], rest
    playable = [c for c in dict.fromkeys(mine) if view.matches(c)]
    if len(playable) == 1 and not view.attack:
        return playable[0], rest
    if view.attack or ch == "Ñ":
        return mine[0], rest
    if own_turn and not playable:
        raise Refused(
            _("Ninguna de tus {letter} va: arriba {top}.").format(letter=ch, top=top_text(view))
        )
    colours = join([_(COLOUR_CARD[r.colour(c)]) for c in dict.fromkeys(mine)])
    raise Refused(
        _("Tienes la {letter} {colours}: di cuál, por ejemplo jugar {example}.").format(
            letter=ch,
            colours=colours,
            example=f"{ch.lower()} {_(COLOUR_CARD[r.colour(mine[0])])}",
        )
    )


def words_of(args: str) -> list[str]:
    """The typed words folded (case, accents), the ñ kept: 'Ñ Azul' → ['ñ', 'azul']."""
    return fold(args.replace("ñ", "\0").replace("Ñ", "\0")).replace("\0", "ñ").split()


def with_enie(word: str, hand: Sequence[str]) -> str | None:
    """The word with an N typed for the held Ñ, if the hand forms it: CANA → CAÑA."""
    if "N" not in word[1:] or not any(r.letter(c) == "Ñ" for c in hand):
        return None
    for i in range(1, len(word)):
        if word[i] == "N":
            guess = word[:i] + "Ñ" + word[i + 1 :]
            if r.cards_for_word(hand, guess[1:]):
                return guess
    return None


def auto_choice(
    cards: list[str], hand: Sequence[str], hand_sizes: Sequence[int], human: int | None
) -> tuple[str | None, int | None]:
    """The game's choice for a play out of turn or a last card: the colour the
    rest of the hand has most of, or the rival with most cards."""
    rest = list(hand)
    for c in cards:
        if c in rest:
            rest.remove(c)
    last = cards[-1]
    if r.needs_choice(last) == "colour":
        counts = {c: 0 for c in r.COLOURS}
        for c in rest:
            counts[r.colour(c)] += 1
        best = max(r.COLOURS, key=lambda c: (counts[c], c == r.colour(last)))
        return best, None
    sizes = hand_sizes
    others = [s for s in range(len(sizes)) if s != human]
    return None, max(others, key=lambda s: (sizes[s], -s))


def refusal_text(error: IllegalAction, view: r.CastanaView) -> str:
    """Why the rules refused a play (the Ñ out of turn is told by the windows)."""
    if error.reason == "must_answer":
        return _("Primero responde a la {letter}: pon otra {letter} o roba 2.").format(
            letter=error.details.get("letter", "")
        )
    if error.reason == "no_match" and error.details.get("card"):
        return _("{card} no va: arriba {top}.").format(
            card=card_text(error.details["card"]), top=top_text(view)
        )
    message = REFUSALS.get(error.reason)
    if message is None:
        return _("Esa jugada no es posible ahora.")
    return _(message).format(word=error.details.get("word", ""))


def own_turn(view: r.CastanaView) -> bool:
    """The turn of the view's seat, or a warned window in which they play first."""
    if view.phase == "window":
        return view.warned and view.next_seat == view.seat
    return view.phase == "turn" and view.current == view.seat


@dataclass(frozen=True)
class Completed:
    """A half-made play finished, or asked about: the lines to say, the action to
    play, what is still needed ("colour" or "seat": the play waits), and whether
    the game chose for the player."""

    lines: list[str]
    action: r.PlayCard | r.PlayWord | None = None
    need: str | None = None
    auto_chose: bool = False


def complete_play(
    draft: dict[str, Any], words: list[str], view: r.CastanaView, names: Names
) -> Completed:
    """The draft (a card or a word's cards) with the colour or player the typed
    `words` name; the question when one is missing. Out of turn, or with the last
    card, the game chooses (the clock runs, and nobody follows an empty hand)."""
    human = names.you_seat
    hand = list(view.hand or ())
    cards = [draft["card"]] if draft["kind"] == "card" else list(draft["cards"])
    last = cards[-1]
    need = r.needs_choice(last)
    colour = target = None
    auto = False
    if need and not words and (not own_turn(view) or len(cards) >= len(hand)):
        colour, target = auto_choice(cards, hand, view.hand_sizes, human)
        auto = True
        need = None
    attacked = view.phase == "turn" and view.attack
    others = [names.names[s] for s in range(len(names.names)) if s != human]
    if need == "colour" and not attacked:
        if words and words[0] in COLOUR_BY_WORD:
            colour = COLOUR_BY_WORD[words[0]]
        elif words:
            line = _("No conozco el color {word}: azul, rojo o verde.")
            return Completed([line.format(word=words[0][:20])], need="colour", auto_chose=auto)
        else:
            line = _("¿Qué color sigue? Azul, rojo o verde.")
            return Completed([line], need="colour", auto_chose=auto)
    elif need == "seat" and not attacked:
        target = parse_seat(words, names.names, human)
        if target is None:
            if words:
                line = _("No hay nadie llamado {word}. ¿Quién juega ahora? {names}.").format(
                    word=words[0][:20], names=join_or(others)
                )
            else:
                line = _("¿Quién juega ahora? {names}.").format(names=join_or(others))
            return Completed([line], need="seat", auto_chose=auto)
    elif words:
        line = _("Sobra: {words}. Escribe solo la carta.")
        return Completed([line.format(words=" ".join(words)[:30])], auto_chose=auto)
    if draft["kind"] == "card":
        return Completed([], r.PlayCard(draft["card"], colour=colour, target=target), None, auto)
    return Completed([], r.PlayWord(draft["cards"], colour=colour, target=target), None, auto)


def card_refusal(card: str, view: r.CastanaView) -> str | None:
    """Why the card typed on the player's own turn does not go (None: it goes, or
    it is not their turn and the rules will say)."""
    mine = own_turn(view)
    if mine and view.attack and r.letter(card) != view.attack:
        return refusal_text(IllegalAction("must_answer", letter=view.attack), view)
    if mine and not view.attack and r.letter(card) != "Ñ" and not view.matches(card):
        line = refusal_text(IllegalAction("no_match", card=card), view)
        if r.letter(card) == "N" and any(r.letter(c) == "Ñ" for c in view.hand or ()):
            line += " " + enie_hint()
        return line
    return None


def word_cards(word: str, view: r.CastanaView) -> tuple[str, ...]:
    """The cards of the hand that lay `word` (upper case) from the top letter, an
    NY read as a held Ñ; `Refused` with what is wrong or missing."""
    if word[0] != view.top_letter:
        line = _("{word} no empieza por la {letter} de arriba.")
        raise Refused(line.format(word=word, letter=view.top_letter))
    hand = list(view.hand or ())
    cards = r.cards_for_word(hand, word[1:])
    enie = word.replace("NY", "Ñ")  # "ny" for a keyboard without ñ (a held Ñ)
    if cards is None and enie != word and r.cards_for_word(hand, enie[1:]):
        word, cards = enie, r.cards_for_word(hand, enie[1:])
    if cards is None:
        missing = list(word[1:])
        for c in hand:
            if r.letter(c) in missing:
                missing.remove(r.letter(c))
        line = _("Para {word} te falta: {letters}.").format(word=word, letters=join(missing))
        guess = with_enie(word, hand)
        if guess:
            line += " " + _("¿{word}? La ñ se escribe ñ o ny.").format(word=guess)
        raise Refused(line)
    return tuple(cards)


#: Commands about the player's own seat (hand, moves): a spectator's `ayuda`
#: leaves them out.
SEAT_COMMANDS = frozenset(("mano", "cartas", "jugar", "castaña", "robar", "dudo", "paso", "dar"))
