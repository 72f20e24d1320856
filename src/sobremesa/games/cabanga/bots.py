"""¡Cabanga! bots. They see only their seat's view and the events they observe.

Levels:
- "facil": plays a random card of its hand on a random pile of its colour,
  avoiding the previous player's colour when it has another; in a Cabanga window
  throws every card that fits. Reacts in 2–4 s.
- "medio": scores every (card, pile) and plays the cheapest: expected penalty
  cards (the colour penalty, plus one per unseen card of the gap it opens times
  the share of unseen cards held by the other players), minus the symbols the
  card takes out of its hand (high-penalty cards go first). Throws every card
  that fits. Reacts in 1–2.5 s.
- "dificil": as "medio", but weighs each unseen gap card by who may hold it
  (a player who passed, or threw, in a window on that card is taken not to hold
  it until they draw again), sheds first the cards that a Cabanga can hardly
  take away (1 and 18 never fit in a gap, 2 and 17 seldom), and keeps the rows
  open where its own cards of that colour could be thrown later. In a window it
  throws every card that fits, except that it keeps one card rather than end the
  round when (by its estimate) that round would end the game with someone else
  ahead. Reacts in 0.6–1.5 s.

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
    # -- memory of the round (public information only) ------------------------

    def _reset_memory(self) -> None:
        #: cards each other seat is taken not to hold (passed or threw on them)
        self.absent: dict[int, set[CabangaCard]] = {}
        #: the unseen gap cards of the open window
        self.window_cards: tuple[CabangaCard, ...] = ()

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
                self.absent.setdefault(seat, set()).update(self.window_cards)
        elif k == "penalty_drawn":
            self.absent.pop(event.seat, None)  # type: ignore[attr-defined]
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

    # -- persistence ------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            **super().to_dict(),
            "absent": {str(k): sorted(c.code for c in v) for k, v in self.absent.items()},
            "window_cards": [c.code for c in self.window_cards],
        }


def bot_from_dict(data: dict[str, Any]) -> CabangaBot:
    bot = make_bot.restore(data)
    bot.absent = {int(k): {CabangaCard.from_code(c) for c in v} for k, v in data["absent"].items()}
    bot.window_cards = tuple(CabangaCard.from_code(c) for c in data["window_cards"])
    return bot


# ---------------------------------------------------------------------------


class FacilBot(CabangaBot):
    level = "facil"

    def choose_play(self, view: CabangaView) -> CabangaAction:
        hand = list(view.hand or ())
        safe = [c for c in hand if c.colour != view.previous_colour]
        card = self.rng.choice(safe or hand)
        return Play(card, self.rng.choice(SIDES))


# ---------------------------------------------------------------------------


class MedioBot(CabangaBot):
    level = "medio"

    SHED = 0.5  # value of one penalty symbol taken out of the hand by playing
    EXTRA_CARD = 1.0  # cost of one more card in hand, beyond its symbols

    def _unseen(self, view: CabangaView) -> set[CabangaCard]:
        return set(NUMBER_CARDS) - view.seen_cards() - set(view.hand or ())

    def _draw_cost(self, view: CabangaView, unseen: set[CabangaCard]) -> float:
        if not unseen:
            return self.EXTRA_CARD + 1.0
        o = view.options
        return self.EXTRA_CARD + sum(o.points(c) for c in unseen) / len(unseen)

    def _held_share(self, view: CabangaView, card: CabangaCard) -> float:
        """Probability that an unseen card is in another player's hand."""
        others = sum(n for s, n in enumerate(view.hand_counts) if s != self.seat)
        total = others + view.deck_count
        return others / total if total else 0.0

    def _extra(self, view: CabangaView, card: CabangaCard, side: str) -> float:
        return 0.0

    def score_play(
        self, view: CabangaView, card: CabangaCard, side: str, unseen: set[CabangaCard], cost: float
    ) -> float:
        """Expected cost of playing `card` on `side` (lower is better)."""
        row = view.row(card.colour)
        expected = 0.0
        for v in gap_values(card.value, row.top(other_side(side)).value):
            c = CabangaCard(card.colour, v)
            if c in unseen:
                expected += self._held_share(view, c)
        penalty = 1.0 if card.colour == view.previous_colour else 0.0
        return (
            cost * (penalty + expected)
            - self.SHED * view.options.points(card)
            + self._extra(view, card, side)
        )

    def choose_play(self, view: CabangaView) -> CabangaAction:
        unseen = self._unseen(view)
        cost = self._draw_cost(view, unseen)
        best: list[tuple[CabangaCard, str]] = []
        low = None
        for card in view.hand or ():
            for side in SIDES:
                s = self.score_play(view, card, side, unseen, cost)
                if low is None or s < low - 1e-9:
                    low, best = s, [(card, side)]
                elif s <= low + 1e-9:
                    best.append((card, side))
        card, side = best[0] if len(best) == 1 else self.rng.choice(best)
        return Play(card, side)


# ---------------------------------------------------------------------------


class DificilBot(MedioBot):
    level = "dificil"

    SHED = 0.5
    HARD = 0.8  # bonus for playing a card a Cabanga can hardly take (1, 18, 2, 17)
    FUTURE = 0.6  # value of one own card that a later play on the row may let us throw

    def _held_share(self, view: CabangaView, card: CabangaCard) -> float:
        holders = 0
        for s, n in enumerate(view.hand_counts):
            if s != self.seat and card not in self.absent.get(s, ()):
                holders += n
        total = holders + view.deck_count
        return holders / total if total else 0.0

    # Measured against "medio" (4 players, 2 of each, 1500-2000 games): these
    # weights give about 0.1-0.15 fewer points per round and a win rate about 3
    # percentage points higher; weighting thrown cards more, or symbols more when
    # an opponent is about to go out, did not help.

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

    def _extra(self, view: CabangaView, card: CabangaCard, side: str) -> float:
        bonus = self.HARD * (1.0 - _throwability(card.value))
        # our other cards of this colour: chance that the next play on this row
        # opens a gap around them (after our play, compared with before it)
        mine = [c.value for c in view.hand or () if c.colour == card.colour and c is not card]
        future = 0.0
        if mine:
            row = view.row(card.colour)
            other = row.top(other_side(side)).value
            future = self._opportunity(mine, (card.value, other))
            future -= self._opportunity(mine, (row.top(side).value, other))
        return -bonus - self.FUTURE * future

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
