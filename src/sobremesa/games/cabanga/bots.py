"""¡Cabanga! bots. They see only their seat's view and the events they observe.

Levels (issue 14's ladder: each beats the one below in at least 60 % of heads-up
games, benchmarks/bench_bots.py cabanga; figures in docs/cabanga.md):
- "facil": a beginner. Plays a random card of its hand on a random pile of its
  colour, avoiding the previous player's colour when it has another; it does not
  look at the gap it leaves, so it opens gaps for the others to throw into. In a
  Cabanga window throws every card that fits. Reacts in 2–4 s.
- "medio": avoids the previous player's colour when it can; plays a card that
  leaves no gap if it has one (the card of most symbols first); otherwise plays
  its card of most symbols on the pile that leaves the smaller gap. It judges a
  gap by its size: it does not count which cards of the gap have been seen, and
  it does not compare the gaps of its different cards. Throws every card that
  fits. Reacts in 1–2.5 s.
- "dificil": counts the cards: for every unseen card (not on the rows, not thrown,
  not its own) it estimates who may hold it, from the hand sizes and what the
  others showed (a player who passed, or threw, in a window on that card does
  not hold it; once that player draws, only by the share of the deck it drew; a
  player who repeated the previous colour probably holds no other colour). It
  scores every (card, pile): the penalty cards it expects (the colour penalty,
  plus the expected throws into the gap, so a gap whose cards are all seen, its
  own or known absent costs nothing), the chance that a player with one to three
  cards throws its last ones into that gap and ends the round, the symbols it
  sheds (cards a Cabanga can hardly take, 1 and 18, 2 and 17, go first), the
  chance the next plays on that row open a gap around its own cards (to throw
  them), and the colour penalty to come: it keeps its last cards of two colours
  (a hand of one colour pays when the previous player plays it) and, when the
  next player has a single card, plays the colour that card most likely has, so
  that player must repeat it and draw instead of going out. In a window it
  throws every card that fits, except that it keeps one card rather than end the
  round when (by its estimate) that round would end the game with someone else
  ahead. Reacts in 0.6–1.5 s.

Styles (`STYLES`, `bot.style`; "" plays the level plainly; descriptions for
players in texts.STYLE_DESCRIPTIONS):
- medio "prudente": fears a Cabanga more than the colour penalty: when every
  play of another colour leaves a gap, it repeats the colour if that leaves none;
  "atrevido": gets rid of its cards of most symbols first, even when another card
  would leave no gap.
- dificil "prudente": weighs the cards the others may throw into a gap half as
  much again (it rather takes the colour penalty, or keeps a big card, than leave
  a gap); "atrevido": sheds its cards of most symbols sooner; "cazador": weighs
  twice the chance that the others' next plays open gaps around its own cards, to
  throw them.

`bot.reaction_time(rng)` is the bot's delay in seconds before answering a Cabanga
window (the driver owns the clock; the ranges are in REACTION_TIMES), so a
screen-reader player can beat "facil" bots to the throw.

Drive a bot with `bot.observe(event.visible_to(bot.seat))` for every event (also
the game's `opening_events`) and `bot.choose(game.view(bot.seat))` when the seat
is in `game.to_act()`. `bot.to_dict()` / `bot_from_dict()` save and restore it
exactly (RNG included); a bot that missed events still plays legally.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from sobremesa.core.game import BotMaker, LevelBot, seeded_bots
from sobremesa.games.cabanga.rules import (
    COLOURS,
    NUMBER_CARDS,
    SIDES,
    CabangaAction,
    CabangaCard,
    CabangaEvent,
    CabangaGame,
    CabangaOptions,
    CabangaView,
    Pass,
    Play,
    Throw,
    gap_values,
    other_side,
)

LEVELS = ("facil", "medio", "dificil")
#: Personalities per level (issue 14): `bot.style`; "" plays the level plainly.
#: Their one-line descriptions for players: texts.STYLE_DESCRIPTIONS.
STYLES: dict[str, tuple[str, ...]] = {
    "facil": (),
    "medio": ("prudente", "atrevido"),
    "dificil": ("prudente", "atrevido", "cazador"),
}

#: Seconds a bot takes to answer a Cabanga window: uniform in (low, high).
REACTION_TIMES: dict[str, tuple[float, float]] = {
    "facil": (2.0, 4.0),
    "medio": (1.0, 2.5),
    "dificil": (0.6, 1.5),
}


def _throwability(v: int) -> float:
    """Share of the (low, high) value pairs of 1..18 that hold v strictly inside."""
    return (v - 1) * (18 - v) / 72.0


class CabangaBot(LevelBot):
    def __init__(self, seat: int, rng_seed: int = 0, style: str = "") -> None:
        if style and style not in STYLES.get(self.level, ()):
            raise ValueError(f"no style {style!r} at level {self.level!r}")
        super().__init__(seat, rng_seed, style)

    # -- memory of the round (public information only) ------------------------

    #: A player who repeated the previous colour probably holds no other colour:
    #: the weight left on its cards of the other colours.
    REPEAT_HINT = 0.5

    def _reset_memory(self) -> None:
        #: how plausible it is that another seat holds a card, where the table
        #: showed something (1 elsewhere): 0 after it passed, or threw, in a
        #: window on that card; back up by the share of the deck it draws.
        self.weights: dict[int, dict[CabangaCard, float]] = {}
        #: the unseen gap cards of the open window
        self.window_cards: tuple[CabangaCard, ...] = ()

    @property
    def absent(self) -> dict[int, set[CabangaCard]]:
        """The cards each other seat is taken not to hold at all."""
        out = {}
        for seat, w in self.weights.items():
            cards = {c for c, x in w.items() if x == 0.0}
            if cards:
                out[seat] = cards
        return out

    def observe(self, event: CabangaEvent) -> None:
        k = event.kind
        if k == "round_started":
            self._reset_memory()
        elif k == "cabanga_opened":
            colour = event.colour  # type: ignore[attr-defined]
            self.window_cards = tuple(CabangaCard(colour, v) for v in event.values)  # type: ignore[attr-defined]
        elif k in ("passed", "thrown"):
            seat = event.seat  # type: ignore[attr-defined]
            if seat != self.seat and not getattr(event, "timed_out", False):
                w = self.weights.setdefault(seat, {})
                for c in self.window_cards:
                    w[c] = 0.0
        elif k == "card_played":
            seat = event.seat  # type: ignore[attr-defined]
            if seat != self.seat and event.colour_penalty:  # type: ignore[attr-defined]
                colour = event.card.colour  # type: ignore[attr-defined]
                w = self.weights.setdefault(seat, {})
                for c in NUMBER_CARDS:
                    if c.colour != colour:
                        w[c] = w.get(c, 1.0) * self.REPEAT_HINT
        elif k == "penalty_drawn":
            seat = event.seat  # type: ignore[attr-defined]
            count = event.count  # type: ignore[attr-defined]
            w = self.weights.get(seat)
            if w and count and seat != self.seat:
                share = min(1.0, count / (event.deck_count + count))  # type: ignore[attr-defined]
                for c, x in list(w.items()):
                    x += (1.0 - x) * share
                    if x >= 1.0 - 1e-9:
                        del w[c]
                    else:
                        w[c] = x
        elif k == "cabanga_closed":
            self.window_cards = ()

    # -- timing ------------------------------------------------------------------

    def reaction_time(self, rng: random.Random) -> float:
        """Seconds before this bot answers a Cabanga window (drawn from `rng`,
        the driver's generator, so the bot's own choices are not disturbed)."""
        lo, hi = REACTION_TIMES[self.level]
        return rng.uniform(lo, hi)

    # -- decisions ------------------------------------------------------------

    def choose(self, view: CabangaView) -> CabangaAction:
        assert view.seat == self.seat and view.hand is not None
        if view.phase == "play" and view.current_seat == self.seat:
            return self.choose_play(view)
        if view.phase == "cabanga" and view.can_react:
            return self.choose_reaction(view)
        raise ValueError(f"nothing to choose in phase {view.phase!r}")

    def choose_play(self, view: CabangaView) -> CabangaAction:  # pragma: no cover
        raise NotImplementedError

    def choose_reaction(self, view: CabangaView) -> CabangaAction:
        return Throw(view.fitting) if view.fitting else Pass()

    def _pick(self, plays: list[tuple[CabangaCard, str]]) -> Play:
        card, side = plays[0] if len(plays) == 1 else self.rng.choice(plays)
        return Play(card, side)

    # -- persistence ------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            **super().to_dict(),
            "weights": {
                str(k): {c.code: x for c, x in sorted(w.items(), key=lambda i: i[0].sort_key)}
                for k, w in self.weights.items()
                if w
            },
            "window_cards": [c.code for c in self.window_cards],
        }


def bot_from_dict(data: dict[str, Any]) -> CabangaBot:
    bot = make_bot.restore(data)
    if "weights" in data:
        bot.weights = {
            int(k): {CabangaCard.from_code(c): float(x) for c, x in w.items()}
            for k, w in data["weights"].items()
        }
    else:  # saved before the weights: only the cards known absent
        bot.weights = {
            int(k): {CabangaCard.from_code(c): 0.0 for c in v} for k, v in data["absent"].items()
        }
    bot.window_cards = tuple(CabangaCard.from_code(c) for c in data["window_cards"])
    return bot


# ---------------------------------------------------------------------------


class FacilBot(CabangaBot):
    """A beginner: a random card (not of the previous colour if it can) on a random
    pile; it never looks at the gap it leaves."""

    level = "facil"

    def choose_play(self, view: CabangaView) -> CabangaAction:
        hand = list(view.hand or ())
        safe = [c for c in hand if c.colour != view.previous_colour]
        card = self.rng.choice(safe or hand)
        return Play(card, self.rng.choice(SIDES))


# ---------------------------------------------------------------------------


class MedioBot(CabangaBot):
    """Avoids the colour; a play without gap if it has one (most symbols first);
    else one of its cards of most symbols on its pile with the smaller gap. A gap is
    judged by its size (the numbers strictly inside), not by which of its cards are
    still out, and the gaps of different cards are not compared.

    Styles (`STYLES["medio"]`): "prudente" fears a Cabanga more than the colour
    penalty: with no play free of both, it repeats the colour if that leaves no
    gap; "atrevido" gets rid of its cards of most symbols first, even when another
    card would leave no gap."""

    level = "medio"

    def choose_play(self, view: CabangaView) -> CabangaAction:
        hand = list(view.hand or ())
        cards = [c for c in hand if c.colour != view.previous_colour] or hand
        points = view.options.points

        def gap(card: CabangaCard, side: str) -> int:
            return len(view.row(card.colour).gap_if(card, side))

        if self.style != "atrevido":
            tries = [cards, hand] if self.style == "prudente" else [cards]
            for some in tries:
                clean = [(c, side) for c in some for side in SIDES if not gap(c, side)]
                if clean:
                    most = max(points(c) for c, _ in clean)
                    return self._pick([p for p in clean if points(p[0]) == most])
        most = max(points(c) for c in cards)
        card = self.rng.choice([c for c in cards if points(c) == most])
        low = min(gap(card, side) for side in SIDES)
        return self._pick([(card, side) for side in SIDES if gap(card, side) == low])


# ---------------------------------------------------------------------------


class DificilBot(CabangaBot):
    """Counts the cards and scores every (card, pile): see the module's doc.

    Styles (`STYLES["dificil"]`) change the weights (STYLE_WEIGHTS): "prudente"
    weighs the cards expected in a gap half as much again (GAP); "atrevido" sheds
    its cards of most symbols sooner (SHED); "cazador" values twice the gaps the
    next plays may open around its own cards (FUTURE)."""

    level = "dificil"

    DRAW = 1.0  # cost of a penalty card beyond its symbols (the card to play later)
    GAP = 1.0  # weight of the cards the others are expected to throw into a gap
    SHED = 0.5  # value of one penalty symbol taken out of the hand by playing
    HARD = 0.8  # bonus for playing a card a Cabanga can hardly take (1, 18, 2, 17)
    FUTURE = 1.0  # value of one own card that a later play on the row may let us throw
    OUT = 1.0  # a rival throwing its last cards: times the points we would keep
    MONO = 1.0  # a hand left of one colour: the colour penalty it risks
    BLOCK = 1.0  # next player with one card: the chance we stop it going out
    STYLE_WEIGHTS: dict[str, dict[str, float]] = {
        "": {},
        "prudente": {"GAP": 1.5},
        "atrevido": {"SHED": 0.8},
        "cazador": {"FUTURE": 2.0},
    }

    def __init__(self, seat: int, rng_seed: int = 0, style: str = "") -> None:
        super().__init__(seat, rng_seed, style)
        # A style this version does not know (a save from another) plays plainly.
        for name, value in self.STYLE_WEIGHTS.get(style, {}).items():
            setattr(self, name, value)

    # Measured (benchmarks/bench_bots.py): against the old "medio", which scored
    # plays as this level does without the colour terms, every weighting tried was
    # within 3-7 points of 50 %; so is a 16-rollout search. The game is mostly
    # about leaving small gaps; a player that saw every hand would win 66 %.

    def holders(self, view: CabangaView) -> dict[CabangaCard, dict[int, float]]:
        """For every card this seat has not seen (not on the rows, not thrown, not
        its own), the chance that each other seat holds it; the rest is the deck's
        share. A seat holds a card by its hand size times the card's weight."""
        unseen = set(NUMBER_CARDS) - view.seen_cards() - set(view.hand or ())
        others = [(s, n) for s, n in enumerate(view.hand_counts) if s != self.seat and n]
        out = {}
        for card in unseen:
            held = {s: n * self.weights.get(s, {}).get(card, 1.0) for s, n in others}
            total = sum(held.values()) + view.deck_count
            out[card] = {s: x / total for s, x in held.items() if x} if total else {}
        return out

    @staticmethod
    def _opportunity(mine: list[int], tops: tuple[int, int]) -> float:
        """Expected number of `mine` values inside the gap of the next play on a
        row with these tops (a random value 1..18 on a random pile)."""
        total = 0
        for v in mine:
            for u in range(1, 19):
                for t in tops:
                    lo, hi = (u, t) if u < t else (t, u)
                    if lo < v < hi:
                        total += 1
        return total / 36.0

    def choose_play(self, view: CabangaView) -> CabangaAction:
        scores = self.score_plays(view)
        low = min(scores.values())
        return self._pick([p for p, s in scores.items() if s <= low + 1e-9])

    def score_plays(self, view: CabangaView) -> dict[tuple[CabangaCard, str], float]:
        """Every (card, side) of the hand and its expected cost (lower is better)."""
        hold = self.holders(view)
        points = view.options.points
        hand = list(view.hand or ())
        counts = view.hand_counts
        avg = sum(points(c) for c in hold) / len(hold) if hold else 1.0
        draw = self.DRAW + avg
        mine = sum(points(c) for c in hand)
        by_colour = dict.fromkeys(COLOURS, 0)
        for card in hold:
            by_colour[card.colour] += 1
        # the next player's single card: the chance it is of each colour
        nxt = view.next_seat(self.seat)
        likely: dict[str, float] = {}
        if counts[nxt] == 1:
            for card, held in hold.items():
                likely[card.colour] = likely.get(card.colour, 0.0) + held.get(nxt, 0.0)
        scores: dict[tuple[CabangaCard, str], float] = {}
        for card in hand:
            row = view.row(card.colour)
            rest = [c for c in hand if c is not card]
            same = [c.value for c in rest if c.colour == card.colour]
            pen = 1.0 if card.colour == view.previous_colour else 0.0
            base = -self.SHED * points(card) - self.HARD * (1.0 - _throwability(card.value))
            colours = {c.colour for c in rest}
            if len(colours) == 1:  # the previous player may play that colour
                (only,) = colours
                base += self.MONO * draw * by_colour[only] / max(1, len(hold))
            for side in SIDES:
                other = row.top(other_side(side)).value
                expected = 0.0
                per_seat: dict[int, float] = {}
                for v in gap_values(card.value, other):
                    for s, p in hold.get(CabangaCard(card.colour, v), {}).items():
                        expected += p
                        per_seat[s] = per_seat.get(s, 0.0) + p
                after = mine - points(card) + avg * (pen + expected)
                out = sum(
                    (x / counts[s]) ** counts[s] for s, x in per_seat.items() if counts[s] <= 3
                )
                score = base + draw * (pen + self.GAP * expected)
                score += self.OUT * out * (after + 1.0)
                if same:  # later plays on this row may open gaps around our cards
                    future = self._opportunity(same, (card.value, other))
                    future -= self._opportunity(same, (row.top(side).value, other))
                    score -= self.FUTURE * future
                if likely:
                    score -= self.BLOCK * likely.get(card.colour, 0.0) * 0.5 * (after + 1.0)
                scores[(card, side)] = score
        return scores

    def choose_reaction(self, view: CabangaView) -> CabangaAction:
        fit = list(view.fitting)
        if not fit:
            return Pass()
        hand = view.hand or ()
        if len(fit) == len(hand) and self._ending_loses(view, len(fit)):
            if len(fit) == 1:
                return Pass()
            keep = min(fit, key=lambda c: (view.options.points(c), c.sort_key))
            return Throw(tuple(c for c in fit if c is not keep))
        return Throw(tuple(fit))

    def _ending_loses(self, view: CabangaView, throwing: int) -> bool:
        """Would ending the round now (our hand empty) end the game with someone
        else ahead of us? Others' points estimated at 4/3 symbols per card."""
        assert view.window is not None
        per_card = 4.0 / 3.0
        est = []
        for s, n in enumerate(view.hand_counts):
            if s == self.seat:
                est.append(float(view.scores[s]))
                continue
            if s == view.window.seat:
                n += view.window.cards_thrown + throwing
            est.append(view.scores[s] + per_card * n)
        if max(est) < view.options.limit:
            return False
        return est[self.seat] > min(e for s, e in enumerate(est) if s != self.seat)


# ---------------------------------------------------------------------------

_LEVEL_CLASSES: dict[str, type[CabangaBot]] = {
    "facil": FacilBot,
    "medio": MedioBot,
    "dificil": DificilBot,
}


make_bot = BotMaker(_LEVEL_CLASSES)  # (level, seat, rng_seed=0): "facil", "medio" or "dificil"


def play_game(options: CabangaOptions, seed: int, levels: Sequence[str], **run: Any) -> CabangaGame:
    """Play a whole bot-vs-bot game (levels[i] plays seat i); returns the game.
    `run`: play_out's max_actions.

    Cabanga windows are answered in the order of the bots' reaction times (drawn
    from a generator of its own), as a timed driver would."""
    from sobremesa.core.match import play_out

    game = CabangaGame(options, seed)
    clock = random.Random(seed * 7 + 3)
    bots = seeded_bots(make_bot, levels, seed)
    play_out(game, bots, reaction_time=lambda _g, _s, bot: bot.reaction_time(clock), **run)
    return game
