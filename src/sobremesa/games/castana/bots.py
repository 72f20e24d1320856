"""ABC ¡Castaña! bots. They see only their seat's view, what happened at the table
(the events their seat may see) and the public word list with its frequency ranks.

Levels (docs/castana.md, "Rivales"):
- "facil": slow (reacts in 2.5–4.5 s: often after a 4 s window has closed), rarely
  steals (sees 20 % of its chances), knows only everyday words (rank 10,000 or
  better in `sobremesa.lexicon.ranks`), plays a random legal card or a short word,
  lays a made-up word 12 % of the times it has none, doubts 30 % of the words it
  does not know, and gives away any card (the Ñ too).
- "medio": 1.4–2.8 s, sees 65 % of its steals, knows the words up to rank 40,000,
  bluffs 5 %, doubts 60 % of the unknown words; sheds the most penalty points it
  can; plays the Ñ when a rival is close to going out.
- "dificil": 0.7–1.6 s, 90 %, knows every ranked word (about 131,000; never the
  words wordfreq has not seen), never bluffs. Weighs each play: points shed, the
  power of its last letter, the colour left on top. Keeps the Ñ as its last card
  (it can always be played) or for a rival about to go out, and the L and R for
  the moment the attacked player cannot answer (it counts the copies on the pile
  and in its hand, and remembers who had to draw for lack of one) or is about to
  go out. Doubts a word it does not know when the word is unlikely: short (it
  knows almost every real short word), not Spanish-looking, or ending the round,
  against what a wrong doubt costs at this table.

Styles (`STYLES`; "" plays the level plainly): "prudente" reacts a little slower,
never bluffs, and doubts only when fairly sure; "atrevido" reacts faster, bluffs
now and then, doubts readily and attacks earlier.

Every decision is a function of the view, the bot's seed and its memory of the
public table (the discard pile; who showed they lacked an L or R), so the reaction
time the driver asks for and the action it then asks for agree; the memory is
saved with the bot, and a saved game replays the same.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sobremesa.games.castana.rules import (
    COLOURS,
    MIN_WORD,
    VOWELS,
    CastanaAction,
    CastanaView,
    Challenge,
    Draw,
    Give,
    Pass,
    PlayCard,
    PlayWord,
    PutHand,
    cards_for_word,
    colour,
    full_deck,
    letter,
    needs_choice,
    points,
    words_from,
)
from sobremesa.lexicon.ranks import UNKNOWN, ranked_count, word_rank

LEVELS = ("facil", "medio", "dificil")
#: personalities at each level (ids said to the player; descriptions in texts.py)
STYLES: dict[str, tuple[str, ...]] = {
    "facil": (),
    "medio": ("prudente", "atrevido"),
    "dificil": ("prudente", "atrevido"),
}
REACTION_TIMES = {"facil": (2.5, 4.5), "medio": (1.4, 2.8), "dificil": (0.7, 1.6)}
STEAL_SKILL = {"facil": 0.2, "medio": 0.65, "dificil": 0.9}
#: the rarest word each level knows, by frequency rank (1 = the most common word)
VOCABULARY = {"facil": 10_000, "medio": 40_000, "dificil": UNKNOWN - 1}
BLUFF = {"facil": 0.12, "medio": 0.05, "dificil": 0.0}
#: share of the words it does not know that a level doubts (difícil weighs each)
CHALLENGE = {"facil": 0.3, "medio": 0.6}
POWER = {"L": 2.0, "R": 2.0, "H": 1.5, "S": 1.0}  # letters with a power, kept when giving
COPIES = Counter(letter(c) for c in full_deck())  # 3 of a consonant, 6 of a vowel
#: points a drawn card is worth to difícil (the average card's points, 1.94, and its
#: weight on the way to going out)
CARD = 2.5


@dataclass(frozen=True)
class Style:
    """How a style shifts its level."""

    speed: float = 1.0  # reaction times are multiplied by this
    bluff: float | None = None  # the bluff rate (None: the level's)
    challenge: float = 1.0  # medio's share of doubts × this; difícil's doubt threshold ÷ this
    attack: float = 0.0  # what difícil adds to an L/R attack (eagerness)


STYLE_TRAITS = {
    "": Style(),
    "prudente": Style(speed=1.15, bluff=0.0, challenge=0.6, attack=-1.0),
    "atrevido": Style(speed=0.8, bluff=0.1, challenge=1.5, attack=1.5),
}


class CastanaBot:
    def __init__(
        self, level: str, seat: int, rng_seed: int = 0, lexicon: Any = None, style: str = ""
    ) -> None:
        """`lexicon`: the table's word list (the shipped Castaña list if None);
        `style`: the personality at its level (one of `STYLES[level]`, "" plainly)."""
        if level not in LEVELS:
            raise ValueError(level)
        if style and style not in STYLES[level]:
            raise ValueError(style)
        self.level = level
        self.style = style
        self.traits = STYLE_TRAITS[style]
        self.seat = seat
        self.seed = rng_seed
        if lexicon is None:
            from sobremesa.lexicon import default_lexicon

            lexicon = default_lexicon("castana")
        self.spell: Callable[..., list[str]] = lexicon.spell
        self.is_word: Callable[[str], bool] = lambda w: w.lower() in lexicon
        ranked_count()  # the rank table is read now (once), not in the first decision
        # Memory of the public table (see `observe`).
        self.pile: list[str] = []  # the discard pile, bottom first
        self.attacked: dict[int, str] = {}  # seat -> the letter it must answer
        # seat -> {letter: cards it has taken since it showed it had none of that letter}
        self.lacking: dict[int, dict[str, int]] = {}

    # -- saving -------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"level": self.level, "seat": self.seat, "seed": self.seed}
        if self.style:
            data["style"] = self.style
        if self.pile:
            data["pile"] = list(self.pile)
        if self.lacking:
            data["lacking"] = {str(s): dict(v) for s, v in self.lacking.items()}
        if self.attacked:
            data["attacked"] = {str(s): v for s, v in self.attacked.items()}
        return data

    # -- memory of the table ------------------------------------------------------------
    def observe(self, event: Any) -> None:
        """Keep the public pile and who showed they lacked an L or R (only what the
        bot's seat sees: the table filters the events)."""
        kind = getattr(event, "kind", "")
        if kind == "round_started":
            self.pile = [event.start_card]
            self.lacking = {}
            self.attacked = {}
        elif kind == "card_played":
            self.pile.append(event.card)
            self._played(event.seat, (event.card,))
        elif kind == "word_played":
            self.pile.extend(event.cards)
            self._played(event.seat, event.cards)
        elif kind == "word_taken_back":
            for card in event.cards:
                if card in self.pile:
                    self.pile.reverse()
                    self.pile.remove(card)
                    self.pile.reverse()
        elif kind == "deck_reshuffled":
            self.pile = self.pile[-1:]
        elif kind == "attacked":
            self.attacked[event.seat] = event.letter
        elif kind == "turn_lost" and event.reason == "attack":
            missing = self.attacked.pop(event.seat, None)
            if missing is not None:  # it drew 2 instead of answering: it had none
                self.lacking.setdefault(event.seat, {})[missing] = 2
        elif kind in ("drew", "hand_put") and event.seat in self.lacking:
            self._took(event.seat, event.count if kind == "drew" else event.position)
        elif kind == "card_given" and event.to in self.lacking:
            self._took(event.to, 1)

    def _played(self, seat: int, cards: Any) -> None:
        self.attacked.pop(seat, None)

    def _took(self, seat: int, count: int) -> None:
        for ch in self.lacking[seat]:
            self.lacking[seat][ch] += count

    def seen(self, view: CastanaView) -> list[str]:
        """The discard pile as remembered, or just the visible card when the memory
        does not match the table (a bot that sat down mid-round)."""
        if len(self.pile) == view.pile_size and self.pile and self.pile[-1] == view.top:
            return self.pile
        return [view.top]

    def holds_chance(self, view: CastanaView, seat: int, ch: str) -> float:
        """The chance that `seat` holds a card of letter `ch`, from the copies not
        seen (on the pile or in this bot's hand) and the cards it holds that could
        be one (fewer if it showed it had none and has taken few since)."""
        hand = list(view.hand or ())
        seen = self.seen(view)
        unseen_copies = COPIES[ch] - sum(letter(c) == ch for c in (*hand, *seen))
        if unseen_copies <= 0:
            return 0.0
        unseen = 96 - len(hand) - len(seen)
        size = view.hand_sizes[seat]
        since = self.lacking.get(seat, {}).get(ch)
        if since is not None:
            size = min(size, since)
        if size <= 0 or unseen <= 0:
            return 0.0
        none = 1.0
        for i in range(min(size, unseen)):
            none *= max(0.0, (unseen - unseen_copies - i) / (unseen - i))
        return 1.0 - none

    # -- randomness tied to the moment ------------------------------------------------
    def _rng(self, view: CastanaView, salt: str) -> random.Random:
        key = (
            f"{self.seed}|{salt}|{view.round_no}|{view.deck_size}|{view.pile_size}|"
            f"{view.hand_sizes}|{view.phase}|{view.to_act}|{view.top}"
        )
        return random.Random(key)

    def knows(self, word: str) -> bool:
        """Does this bot take `word` for a word? A word of the list whose frequency
        rank is within its level's vocabulary; a made-up word never."""
        word = word.lower()
        return word_rank(word) <= VOCABULARY[self.level] and self.is_word(word)

    def reaction_time(self, view: CastanaView) -> float:
        """Seconds before answering a window: 0 for a pass (nothing to say), else
        a time drawn by level (and style)."""
        if isinstance(self.choose(view), Pass):
            return 0.0
        low, high = REACTION_TIMES[self.level]
        speed = self.traits.speed
        return self._rng(view, "time").uniform(low * speed, high * speed)

    def bluff_rate(self) -> float:
        own = self.traits.bluff
        return BLUFF[self.level] if own is None else own

    # -- decisions -------------------------------------------------------------------
    def choose(self, view: CastanaView) -> CastanaAction:
        assert view.hand is not None and view.seat == self.seat
        if view.phase == "race":
            return PutHand()
        if view.phase == "give":
            return Give(self._card_to_give(view))
        if view.phase == "window":
            return self._window(view)
        return self._turn(view)

    def _card_to_give(self, view: CastanaView) -> str:
        """After a lost challenge: fácil gives any card (the Ñ too); medio sheds
        the most points but keeps the Ñ (5 points, and the strongest card in the
        challenger's hand); difícil keeps the Ñ and, among equal points, a letter
        with a power (an L or R would arm the challenger)."""
        hand = list(view.hand or ())
        if self.level == "facil":
            return self._rng(view, "give").choice(hand)
        hand = [c for c in hand if letter(c) != "Ñ"] or hand
        if self.level == "medio":
            return max(hand, key=lambda c: (points(c), c))
        return max(hand, key=lambda c: (points(c), letter(c) not in POWER, c))

    def _window(self, view: CastanaView) -> CastanaAction:
        hand = list(view.hand or ())
        rng = self._rng(view, "window")
        if view.warned and view.next_seat == self.seat:
            return self._turn(view)  # warned before a steal: play at once
        if self.seat in view.challengers and view.word is not None and self._doubts(view, rng):
            return Challenge()
        if self.seat in view.stealers:
            words = self._words(view)
            if words and rng.random() < STEAL_SKILL[self.level]:
                return self._best_word(view, words, rng)
            enies = [c for c in hand if letter(c) == "Ñ"]
            if enies and self._wants_enie(view, rng):
                return PlayCard(enies[0], colour=self._colour_after(hand, enies[0]))
        return Pass()

    # -- doubting a word -----------------------------------------------------------------
    def _doubts(self, view: CastanaView, rng: random.Random) -> bool:
        word = view.word
        assert word is not None
        if self.knows(word):
            return False
        if self.level != "dificil":
            return rng.random() < min(1.0, CHALLENGE[self.level] * self.traits.challenge)
        return self.bluff_odds(view, word) >= self.doubt_threshold(view, word)

    def bluff_odds(self, view: CastanaView, word: str) -> float:
        """How likely difícil thinks a word it does not know is made up: a real word
        of that length is one it knows most of the time (short words almost always),
        and a word that does not look Spanish is almost surely made up."""
        if not plausible(word.upper()):
            return 0.95
        prior = 0.12  # how often players make words up when they have none
        missed = UNHEARD.get(len(word), UNHEARD[max(UNHEARD)])
        return prior / (prior + (1 - prior) * missed)

    def doubt_threshold(self, view: CastanaView, word: str) -> float:
        """The odds of a made-up word above which doubting pays: a wrong doubt costs a
        card from each other player (who has two or more); a right one gives the
        word's player its letters back and as many cards again, and ends a round it
        would have won."""
        player = view.discarder
        laid = len(word) - 1
        givers = sum(
            1
            for s, size in enumerate(view.hand_sizes)
            if s not in (self.seat, player) and size >= 2
        )
        if player is not None and view.hand_sizes[player] == 0:
            return 0.0  # the word ends the round if it stands: doubt it
        if player is not None and view.hand_sizes[player] >= 2:
            givers += 1  # the word's player gives a card too
        gain = 2 * laid
        cost = max(givers, 1)
        return cost / (cost + gain) / self.traits.challenge

    # -- the Ñ ---------------------------------------------------------------------------
    def _wants_enie(self, view: CastanaView, rng: random.Random) -> bool:
        rivals_close = self._rival_close(view)
        if self.level == "dificil":
            return rivals_close
        if self.level == "medio":
            return rivals_close and rng.random() < 0.6
        return rng.random() < 0.1

    def _rival_close(self, view: CastanaView, cards: int = 2) -> bool:
        return any(size <= cards for s, size in enumerate(view.hand_sizes) if s != self.seat)

    def _words(self, view: CastanaView) -> list[str]:
        words = words_from(view.top_letter, view.hand or (), self.spell)
        return [w for w in words if self.knows(w)]

    # -- the turn ------------------------------------------------------------------------
    def _turn(self, view: CastanaView) -> CastanaAction:
        hand = list(view.hand or ())
        rng = self._rng(view, "turn")
        if view.attack:
            same = [c for c in hand if letter(c) == view.attack]
            return PlayCard(same[0]) if same else Draw()
        if self.level == "dificil":
            return self._best_turn(view, hand, rng)
        options: list[tuple[float, CastanaAction]] = []
        for card in dict.fromkeys(hand):
            if letter(card) == "Ñ":
                if self._wants_enie(view, rng) or len(hand) == 1:
                    options.append((points(card) + 1, self._card_action(view, card, hand)))
                continue
            if view.matches(card):
                options.append((self._value([card]), self._card_action(view, card, hand)))
        words = self._words(view)
        if self.level == "facil":
            words = [w for w in words if len(w) <= 4]
        for word in words[:60]:
            cards = cards_for_word(hand, word[1:])
            if cards:
                options.append((self._value(cards) + 0.5, self._word_action(view, cards, hand)))
        bluff = self._maybe_bluff(view, hand, words, rng)
        if bluff is not None:
            options.append((99.0, bluff))
        if not options:
            return Draw()
        if self.level == "facil":
            return rng.choice(options)[1]
        options.sort(key=lambda item: -item[0])
        return options[0][1]

    def _maybe_bluff(
        self, view: CastanaView, hand: list[str], words: list[str], rng: random.Random
    ) -> CastanaAction | None:
        rate = self.bluff_rate()
        if words or not rate or view.referee or rng.random() >= rate:
            return None
        return self._bluff(view, hand, rng)

    def _value(self, cards: list[str]) -> float:
        """What fácil and medio see in a play: the penalty points it sheds (and, by
        style, an attack with an L or R)."""
        attack = self.traits.attack if letter(cards[-1]) in "LR" else 0.0
        return float(sum(points(c) for c in cards)) + attack

    def _best_word(self, view: CastanaView, words: list[str], rng: random.Random) -> CastanaAction:
        hand = list(view.hand or ())
        if self.level == "facil":
            word = rng.choice([w for w in words if len(w) <= 5] or words)
            cards = cards_for_word(hand, word[1:])
            assert cards
            return self._word_action(view, cards, hand)
        plays = [cards for w in words[:60] if (cards := cards_for_word(hand, w[1:]))]
        if self.level == "dificil":
            best = max(plays, key=lambda cards: self._play_value(view, hand, cards))
        else:
            best = max(plays, key=lambda cards: self._value(cards))
        return self._word_action(view, best, hand)

    # -- difícil: every play weighed -------------------------------------------------------
    def _best_turn(self, view: CastanaView, hand: list[str], rng: random.Random) -> CastanaAction:
        plays: list[list[str]] = []
        for card in dict.fromkeys(hand):
            if view.matches(card) or letter(card) == "Ñ":
                plays.append([card])
        for word in self._words(view)[:60]:
            cards = cards_for_word(hand, word[1:])
            if cards:
                plays.append(cards)
        best: tuple[float, CastanaAction] = (-CARD, Draw())
        for cards in plays:
            value = self._play_value(view, hand, cards)
            if value > best[0]:
                action = (
                    self._card_action(view, cards[0], hand)
                    if len(cards) == 1
                    else self._word_action(view, cards, hand)
                )
                best = (value, action)
        if isinstance(best[1], Draw):
            bluff = self._maybe_bluff(view, hand, [], rng)
            if bluff is not None:
                return bluff
        return best[1]

    def _play_value(self, view: CastanaView, hand: list[str], cards: list[str]) -> float:
        """What a play is worth to difícil, in points: the points it sheds and a little
        for each card, the power of its last letter, the colour it leaves, and what it
        keeps (the Ñ, an L or R that answers an attack)."""
        rest = list(hand)
        for c in cards:
            rest.remove(c)
        if not rest:
            return 1000.0  # out: the round is won
        last = cards[-1]
        ch = letter(last)
        value = sum(points(c) for c in cards) + 0.5 * len(cards)
        n = len(view.hand_sizes)
        nxt = (self.seat + 1) % n
        if ch == "Ñ":
            # The race: every other player draws (1, 2, …). Now when a rival is about
            # to go out; else it is kept (the race is as good later, and the Ñ is the
            # last card that always fits), unless there is nothing better to do.
            if self._rival_close(view):
                value += CARD * sum(range(1, n))
            else:
                value -= 8.0
        elif ch in "LR":
            value += self._attack_value(view, nxt, ch, rest)
        elif ch == "H":
            value += CARD if n == 2 else 1.0  # heads-up: it plays again
            if view.hand_sizes[nxt] <= 2:
                value += 2.0
        elif ch == "S" and n > 2:
            value += 1.0
        # The colour it leaves: cards it could play next time.
        follows = self._best_colour(rest) if needs_choice(last) == "colour" else colour(last)
        playable = sum(1 for c in rest if colour(c) == follows or letter(c) == ch)
        value += 0.4 * min(playable, 3)
        # Keep the Ñ for the end; keep one L/R to answer an attack with.
        if any(letter(c) == "Ñ" for c in rest) and len(rest) == 1:
            value += 4.0  # next turn the Ñ goes out, whatever is on top
        # A power spent inside a word is lost.
        value -= sum(
            1.0 if letter(c) in "LR" else 2.0 if letter(c) == "Ñ" else 0.0 for c in cards[:-1]
        )
        return value

    def _attack_value(self, view: CastanaView, victim: int, ch: str, rest: list[str]) -> float:
        """An L or R on the next player: it draws 2 and loses its turn, unless it has
        the same letter (then this bot draws 4). Worth more when it is about to go out."""
        answer = self.holds_chance(view, victim, ch)
        n = len(view.hand_sizes)
        won = 2 * CARD + (CARD if n == 2 else 0.0)  # heads-up, this bot plays again
        if view.hand_sizes[victim] <= 2:
            won += 3.0
        lost = 4 * CARD + (CARD if n == 2 else 0.0)
        value = (1 - answer) * won - answer * lost + self.traits.attack
        # An L or R kept in hand answers the same letter: spend the last one reluctantly.
        if not any(letter(c) == ch for c in rest):
            value -= 1.0
        return value

    def _bluff(
        self, view: CastanaView, hand: list[str], rng: random.Random
    ) -> CastanaAction | None:
        """A made-up word from the visible letter with two or three of the hand's
        letters, that looks Spanish enough to be worth doubting (not "OXQ")."""
        for _ in range(40):
            size = rng.choice((2, 3))
            if len(hand) < size:
                return None
            cards = rng.sample(hand, size)
            word = view.top_letter + "".join(letter(c) for c in cards)
            if len(word) >= MIN_WORD and plausible(word) and not self.is_word(word):
                return self._word_action(view, cards, hand)
        return None

    def _card_action(self, view: CastanaView, card: str, hand: list[str]) -> PlayCard:
        need = needs_choice(card)
        if need == "colour":
            return PlayCard(card, colour=self._colour_after(hand, card))
        if need == "seat":
            return PlayCard(card, target=self._target(view))
        return PlayCard(card)

    def _word_action(self, view: CastanaView, cards: list[str], hand: list[str]) -> PlayWord:
        rest = list(hand)
        for c in cards:
            rest.remove(c)
        need = needs_choice(cards[-1])
        if need == "colour":
            return PlayWord(tuple(cards), colour=self._best_colour(rest))
        if need == "seat":
            return PlayWord(tuple(cards), target=self._target(view))
        return PlayWord(tuple(cards))

    def _colour_after(self, hand: list[str], card: str) -> str:
        rest = list(hand)
        rest.remove(card)
        return self._best_colour(rest)

    @staticmethod
    def _best_colour(rest: list[str]) -> str:
        counts = Counter(colour(c) for c in rest)
        return max(COLOURS, key=lambda c: (counts[c], -COLOURS.index(c)))

    def _target(self, view: CastanaView) -> int:
        """Who plays after an S: the rival with the most cards (the least danger)."""
        others = [s for s in range(len(view.hand_sizes)) if s != self.seat]
        if self.level == "facil":
            return self._rng(view, "target").choice(others)
        return max(others, key=lambda s: (view.hand_sizes[s], -s))


#: share of the real words of each length that difícil does not know (words of the
#: Castaña list that wordfreq has not seen, measured on the words random hands can
#: spell from the visible letter: benchmarks/bench_castana.py)
UNHEARD = {3: 0.01, 4: 0.08, 5: 0.3, 6: 0.46, 7: 0.68}


# Consonant pairs that Spanish words have (inside a word or at its start).
_PAIRS = set(
    [
        "BL",
        "BR",
        "CL",
        "CR",
        "DR",
        "FL",
        "FR",
        "GL",
        "GR",
        "PL",
        "PR",
        "TR",
        "CH",
        "LL",
        "RR",
        "NT",
        "ND",
        "NC",
        "NG",
        "ST",
        "SC",
        "SP",
        "RT",
        "RD",
        "RM",
        "RN",
        "RC",
        "LT",
        "LD",
        "LM",
        "MP",
        "MB",
        "NS",
        "RS",
    ]
)


def plausible(word: str) -> bool:
    """Does a made-up word look Spanish: vowels between consonants, QU, a usual end?"""
    if not any(ch in VOWELS for ch in word) or word[-1] not in VOWELS + "NSRLDZ":
        return False
    for i, ch in enumerate(word):
        if ch == "Q" and word[i + 1 : i + 2] != "U":
            return False
        if ch in "KWXÑ" and i:
            return False  # rare inside a word: a giveaway
    run = 0
    for i, ch in enumerate(word):
        run = 0 if ch in VOWELS else run + 1
        if run > 2 or (run == 2 and word[i - 1 : i + 1] not in _PAIRS):
            return False
    return True


def make_bot(
    level: str, seat: int, rng_seed: int = 0, lexicon: Any = None, style: str = ""
) -> CastanaBot:
    return CastanaBot(level, seat, rng_seed, lexicon, style)


def bot_from_dict(data: dict[str, Any], lexicon: Any = None) -> CastanaBot:
    bot = CastanaBot(
        str(data["level"]),
        int(data["seat"]),
        int(data["seed"]),
        lexicon,
        str(data.get("style", "")),
    )
    bot.pile = [str(c) for c in data.get("pile", ())]
    bot.lacking = {
        int(s): {str(ch): int(n) for ch, n in v.items()} for s, v in data.get("lacking", {}).items()
    }
    bot.attacked = {int(s): str(ch) for s, ch in data.get("attacked", {}).items()}
    return bot
