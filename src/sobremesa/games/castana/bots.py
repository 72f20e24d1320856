"""ABC ¡Castaña! bots. They see only their seat's view (and the public word list).

Levels differ in reaction speed, in how often they spot a steal, in how many
long words they know, in how often they lay a doubtful word, and in play:
- "facil": reacts in 2.5–4.5 s (often after a 4 s window has closed), spots a
  steal 35 % of the time, knows 55 % of the words longer than 4 letters, lays a
  made-up word 12 % of the times it has no word, plays a random legal card or a
  short word.
- "medio": 1.4–2.8 s, 65 %, 80 %, 5 %; sheds the most penalty points it can.
- "dificil": 0.7–1.6 s, 90 %, 97 %, never bluffs; sheds points, values the
  magic letters' powers, keeps the Ñ for when a rival is about to go out, plays
  it out of turn then, and gives away its costliest card after a failed challenge
  (never the Ñ, nor medio's).

A bot challenges a word it does not know (with a chance by level), so a
made-up word is a risk and a wrong challenge a real cost.

Every decision is a function of the view and the bot's seed (no running random
state), so the reaction time the driver asks for and the action it then asks
for agree, and a saved game replays the same.
"""

from __future__ import annotations

import random
import zlib
from collections import Counter
from collections.abc import Callable
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
    letter,
    needs_choice,
    points,
    words_from,
)

LEVELS = ("facil", "medio", "dificil")
REACTION_TIMES = {"facil": (2.5, 4.5), "medio": (1.4, 2.8), "dificil": (0.7, 1.6)}
STEAL_SKILL = {"facil": 0.35, "medio": 0.65, "dificil": 0.9}
VOCABULARY = {"facil": 0.55, "medio": 0.8, "dificil": 0.97}
BLUFF = {"facil": 0.12, "medio": 0.05, "dificil": 0.0}
CHALLENGE = {"facil": 0.3, "medio": 0.6, "dificil": 0.9}
POWER = {"L": 2.0, "R": 2.0, "H": 1.5, "S": 1.0}  # what dificil adds for a letter's power


class CastanaBot:
    def __init__(
        self, level: str, seat: int, rng_seed: int = 0, lexicon: Any = None, style: str = ""
    ) -> None:
        """`lexicon`: the table's word list (the shipped Castaña list if None);
        `style`: the personality at its level (`core.game.LevelBot`)."""
        if level not in LEVELS:
            raise ValueError(level)
        self.level = level
        self.style = style
        self.seat = seat
        self.seed = rng_seed
        if lexicon is None:
            from sobremesa.lexicon import default_lexicon

            lexicon = default_lexicon("castana")
        self.spell: Callable[..., list[str]] = lexicon.spell
        self.is_word: Callable[[str], bool] = lambda w: w.lower() in lexicon

    # -- saving (a bot has no running state) --------------------------------------
    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"level": self.level, "seat": self.seat, "seed": self.seed}
        if self.style:
            data["style"] = self.style
        return data

    def observe(self, event: Any) -> None:
        """Decisions come from the view alone."""

    # -- randomness tied to the moment ------------------------------------------------
    def _rng(self, view: CastanaView, salt: str) -> random.Random:
        key = (
            f"{self.seed}|{salt}|{view.round_no}|{view.deck_size}|{view.pile_size}|"
            f"{view.hand_sizes}|{view.phase}|{view.to_act}|{view.top}"
        )
        return random.Random(key)

    def knows(self, word: str) -> bool:
        """Does this bot take `word` for a word? Real short words always; longer ones
        by level; a made-up word never."""
        if not self.is_word(word):
            return False
        if len(word) <= 4:
            return True
        share = zlib.crc32(f"{self.level}:{word}".encode()) % 1000 / 1000
        return share < VOCABULARY[self.level]

    def reaction_time(self, view: CastanaView) -> float:
        """Seconds before answering a window: 0 for a pass (nothing to say), else
        a time drawn by level."""
        if isinstance(self.choose(view), Pass):
            return 0.0
        low, high = REACTION_TIMES[self.level]
        return self._rng(view, "time").uniform(low, high)

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
        doubtful = view.word is not None and not self.knows(view.word.lower())
        if self.seat in view.challengers and doubtful and rng.random() < CHALLENGE[self.level]:
            return Challenge()
        if self.seat in view.stealers:
            words = self._words(view)
            if words and rng.random() < STEAL_SKILL[self.level]:
                return self._best_word(view, words, rng)
            enies = [c for c in hand if letter(c) == "Ñ"]
            if enies and self._wants_enie(view, rng):
                return PlayCard(enies[0], colour=self._colour_after(hand, enies[0]))
        return Pass()

    def _wants_enie(self, view: CastanaView, rng: random.Random) -> bool:
        rivals_close = any(size <= 2 for s, size in enumerate(view.hand_sizes) if s != self.seat)
        if self.level == "dificil":
            return rivals_close or len(view.hand or ()) <= 2
        if self.level == "medio":
            return rivals_close and rng.random() < 0.6
        return rng.random() < 0.1

    def _words(self, view: CastanaView) -> list[str]:
        words = words_from(view.top_letter, view.hand or (), self.spell)
        return [w for w in words if self.knows(w.lower())]

    def _turn(self, view: CastanaView) -> CastanaAction:
        hand = list(view.hand or ())
        rng = self._rng(view, "turn")
        if view.attack:
            same = [c for c in hand if letter(c) == view.attack]
            return PlayCard(same[0]) if same else Draw()
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
        bluffing = BLUFF[self.level] and not view.referee
        if not words and bluffing and rng.random() < BLUFF[self.level]:
            bluff = self._bluff(view, hand, rng)
            if bluff is not None:
                options.append((99.0, bluff))
        if not options:
            return Draw()
        if self.level == "facil":
            return rng.choice(options)[1]
        options.sort(key=lambda item: -item[0])
        return options[0][1]

    def _value(self, cards: list[str]) -> float:
        shed = sum(points(c) for c in cards)
        if self.level == "dificil":
            shed += POWER.get(letter(cards[-1]), 0.0)
        return float(shed)

    def _best_word(self, view: CastanaView, words: list[str], rng: random.Random) -> CastanaAction:
        hand = list(view.hand or ())
        if self.level == "facil":
            word = rng.choice([w for w in words if len(w) <= 5] or words)
            cards = cards_for_word(hand, word[1:])
            assert cards
            return self._word_action(view, cards, hand)
        best = max(
            (cards_for_word(hand, w[1:]) or [] for w in words[:60]),
            key=lambda cards: self._value(cards),
        )
        return self._word_action(view, best, hand)

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
    return CastanaBot(
        str(data["level"]),
        int(data["seat"]),
        int(data["seed"]),
        lexicon,
        str(data.get("style", "")),
    )
