"""Chinchón bots. They see only their seat's view and the events they observe.

Levels:
- "facil": a beginner. Plays as "medio" but closes late (only with a Chinchón or
  at most 1 loose point, until the stock has been rebuilt) and misses the lay-offs
  that take a second look (it lays off only on sets, never to extend a run).
- "medio": takes the top discard only if it goes straight into a meld, else draws
  from the stock; discards its highest loose card (ties at random); closes as soon
  as it may, with the fewest loose points; lays off greedily (its loose cards
  that fit); rejoins (reenganche) while the offered total leaves 20 points of room.
- "dificil": values a 7-card hand by its loose points minus the promise of its
  loose cards (pairs, near-runs and gaps next to a run, weighted by how many of
  the missing cards it has not seen: not in its hand, not in the discard pile,
  not known to be held by another player); discards the card whose loss hurts
  least, plus a penalty for cards the next player seems to collect (same rank as,
  or same suit within two of, a card that player took from the discard pile);
  takes the top discard only when it lets it close, or goes into a meld and lowers
  its loose points; closes as soon as it may (a Chinchón first, then the fewest
  loose points, then the face-down card that leaves the fewest unseen cards to lay
  off on its melds); lays off with `melds.best_layoff`; rejoins while the offered
  total leaves 10 points of room.
  Measured: closing at once beat waiting for a Chinchón or for fewer points, and
  taking discards only for melds beat taking them for pairs or low value.

Every level, when the stock has been rebuilt twice in a round without a close
(the hands are locked: each keeps what another needs), throw a random loose card
half of the time, so every round ends.

Drive a bot with `bot.observe(event.visible_to(bot.seat))` for every event (also
the game's `opening_events`) and `bot.choose(game.view(bot.seat))` on its turn.
`bot.to_dict()` / `bot_from_dict()` save and restore it exactly (RNG included);
a bot that missed events still plays legally (it resynchronises with the view).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sobremesa.core.cards import SUITS, Card, card_points, ranks_for
from sobremesa.core.game import BotMaker, LevelBot, seeded_bots
from sobremesa.games.chinchon.melds import (
    MAX_CLOSE_POINTS,
    STRUCTURE_CACHE_BYTES,
    best_arrangement,
    best_layoff,
    can_close,
    card_id,
    card_of_id,
    lay_off_result,
    points_without_each,
    sized_cache,
)
from sobremesa.games.chinchon.rules import (
    ChinchonAction,
    ChinchonEvent,
    ChinchonGame,
    ChinchonOptions,
    ChinchonView,
    Close,
    Discard,
    DrawStock,
    FinishLayOff,
    LayOff,
    Reenganche,
    TakeDiscard,
)

LEVELS = ("facil", "medio", "dificil")


class ChinchonBot(LevelBot):
    # -- memory of the round (public information only) ------------------------

    def _reset_memory(self) -> None:
        self.pile: list[Card] = []  # face-up discard pile as seen, top last
        self.taken_by: dict[int, list[Card]] = {}  # cards each seat took from the pile
        self.known: dict[int, list[Card]] = {}  # taken and not thrown again

    def observe(self, event: ChinchonEvent) -> None:
        k = event.kind
        if k == "round_started":
            self._reset_memory()
            self.pile = [event.starting_card]  # type: ignore[attr-defined]
        elif k == "took_discard":
            seat, card = event.seat, event.card  # type: ignore[attr-defined]
            if self.pile and self.pile[-1] == card:
                self.pile.pop()
            if seat != self.seat:
                self.taken_by.setdefault(seat, []).append(card)
                self.known.setdefault(seat, []).append(card)
        elif k == "discarded":
            seat, card = event.seat, event.card  # type: ignore[attr-defined]
            self.pile.append(card)
            mine = self.known.get(seat)
            if mine and card in mine:
                mine.remove(card)
        elif k == "stock_rebuilt":
            self.pile = [event.discard_top]  # type: ignore[attr-defined]

    def _sync(self, view: ChinchonView) -> None:
        """Repair memory if events were missed (the top discard is always visible)."""
        if view.discard_top is None:
            if self.pile:
                self.pile = []
        elif not self.pile or self.pile[-1] != view.discard_top:
            self.pile = [view.discard_top]

    # -- decisions ------------------------------------------------------------

    def choose(self, view: ChinchonView) -> ChinchonAction:
        assert view.seat == self.seat and view.hand is not None
        self._sync(view)
        if view.phase == "draw":
            return self.choose_draw(view)
        if view.phase == "discard":
            return self.choose_discard(view)
        if view.phase == "layoff":
            return self.choose_layoff(view)
        if view.phase == "reenganche":
            assert view.reenganche_total is not None
            return Reenganche(view.options.limit - view.reenganche_total >= self.reenganche_room)
        raise ValueError(f"nothing to choose in phase {view.phase!r}")

    reenganche_room = 20

    def choose_draw(self, view: ChinchonView) -> ChinchonAction:  # pragma: no cover
        raise NotImplementedError

    def choose_discard(self, view: ChinchonView) -> ChinchonAction:  # pragma: no cover
        raise NotImplementedError

    def choose_layoff(self, view: ChinchonView) -> ChinchonAction:  # pragma: no cover
        raise NotImplementedError

    STALL_REBUILDS = 2

    def _stall_discard(self, view: ChinchonView, loose: list[Card]) -> ChinchonAction | None:
        """When the stock has been rebuilt repeatedly without a close, the hands are
        locked (each player keeps what the other needs): break up at random."""
        if view.stock_rebuilds < self.STALL_REBUILDS or self.rng.random() < 0.5:
            return None
        pool = loose or [c for c in (view.hand or ()) if c != view.taken_discard]
        return Discard(self.rng.choice(pool))

    @staticmethod
    def _draw_fallback(view: ChinchonView) -> ChinchonAction:
        return DrawStock() if view.can_draw_stock else TakeDiscard()

    # -- persistence ------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            **super().to_dict(),
            "pile": [c.code for c in self.pile],
            "taken_by": {str(k): [c.code for c in v] for k, v in self.taken_by.items()},
            "known": {str(k): [c.code for c in v] for k, v in self.known.items()},
        }


def _cards(v: list[str]) -> list[Card]:
    return [Card.from_code(s) for s in v]


def bot_from_dict(data: dict[str, Any]) -> ChinchonBot:
    bot = make_bot.restore(data)
    bot.pile = _cards(data["pile"])
    bot.taken_by = {int(k): _cards(v) for k, v in data["taken_by"].items()}
    bot.known = {int(k): _cards(v) for k, v in data["known"].items()}
    return bot


# ---------------------------------------------------------------------------


class MedioBot(ChinchonBot):
    level = "medio"
    reenganche_room = 20

    def choose_draw(self, view: ChinchonView) -> ChinchonAction:
        top = view.discard_top
        hand = list(view.hand or ())
        if top is not None:
            arr = best_arrangement([*hand, top], view.options.deck)
            if any(top in m for m in arr.melds) or not view.can_draw_stock:
                return TakeDiscard()
        return self._draw_fallback(view)

    def choose_discard(self, view: ChinchonView) -> ChinchonAction:
        deck = view.options.deck
        hand = list(view.hand or ())
        candidates = [c for c in hand if c != view.taken_discard]
        without = points_without_each(hand, deck)
        best_close = None
        for c in candidates:
            p = without[c]
            if p <= MAX_CLOSE_POINTS and (best_close is None or p < best_close[0]):
                best_close = (p, c)
        if best_close is not None:
            return Close(best_close[1])
        arr = best_arrangement(hand, deck)
        loose = [c for c in arr.loose if c != view.taken_discard]
        stall = self._stall_discard(view, loose)
        if stall is not None:
            return stall
        if loose:
            top = max(card_points(c, deck) for c in loose)
            return Discard(self.rng.choice([c for c in loose if card_points(c, deck) == top]))
        scored = [(without[c], c) for c in candidates]
        low = min(p for p, _ in scored)
        return Discard(next(c for p, c in scored if p == low))

    def choose_layoff(self, view: ChinchonView) -> ChinchonAction:
        deck, copies = view.options.deck, view.options.copies
        hand = list(view.hand or ())
        arr = best_arrangement(hand, deck)
        for card in sorted(arr.loose, key=lambda c: -card_points(c, deck)):
            for i, meld in enumerate(view.closer_melds):
                if lay_off_result(card, meld, deck, copies) is not None:
                    return LayOff(card, i)
        return FinishLayOff()


class FacilBot(MedioBot):
    """A beginner: plays as "medio" but misses what takes a second look — a card
    that would extend a run on the table (it lays off only on sets: same rank), and
    closing early: it closes only with a Chinchón or 1 loose point at most, or once
    the stock has been rebuilt (it has waited long enough)."""

    level = "facil"
    CLOSE_AT = 1

    def choose_discard(self, view: ChinchonView) -> ChinchonAction:
        choice = super().choose_discard(view)
        if not isinstance(choice, Close) or view.stock_rebuilds:
            return choice
        deck = view.options.deck
        hand = list(view.hand or ())
        closing = best_arrangement([c for c in hand if c is not choice.card], deck)
        if closing.is_chinchon or closing.loose_points <= self.CLOSE_AT:
            return choice
        # Not yet: it throws its highest loose card, as on any turn.
        loose = [c for c in best_arrangement(hand, deck).loose if c != view.taken_discard]
        return Discard(max(loose or [choice.card], key=lambda c: (card_points(c, deck), c.suit)))

    def choose_layoff(self, view: ChinchonView) -> ChinchonAction:
        deck, copies = view.options.deck, view.options.copies
        arr = best_arrangement(list(view.hand or ()), deck)
        for card in sorted(arr.loose, key=lambda c: -card_points(c, deck)):
            for i, meld in enumerate(view.closer_melds):
                same_rank = meld[0].rank == meld[1].rank
                if same_rank and lay_off_result(card, meld, deck, copies) is not None:
                    return LayOff(card, i)
        return FinishLayOff()


# ---------------------------------------------------------------------------


class DificilBot(ChinchonBot):
    level = "dificil"
    reenganche_room = 10

    # Tuning (measured against "medio", the old "facil", in heads-up matches: benchmarks/bench_bots.py)
    OUT_WEIGHT = 0.12  # share of a loose card's points saved per live out
    OUT_CAP = 0.6  # ...at most
    DANGER_RANK = 3.0  # cost of discarding a rank the next player has picked up
    DANGER_RUN = 2.0  # ...or a card near (same suit, within 2) one they picked up
    PRUNE = 4  # only weigh discards within this many points of the best plain discard

    def _live(self, view: ChinchonView) -> list[int]:
        """Unseen copies per card kind, index suit * 13 + rank (stock or hidden hands)."""
        live = [view.options.copies] * 52
        for group in (view.hand or (), self.pile, *self.known.values()):
            for c in group:
                live[_SUIT_NO[c.suit] * 13 + c.rank] -= 1
        return live

    def evaluate(self, hand: list[Card], deck: int, live: list[int]) -> float:
        """Value of a 7-card hand (lower is better): its loose points, minus part of
        the points of loose cards that one more card would meld (pairs, near-runs,
        a gap next to a run), in proportion to how many such cards are unseen."""
        loose_points, terms = _structure(tuple(sorted(card_id(c) for c in hand)), deck)
        if terms is None:
            return -10.0  # all melded
        value = float(loose_points)
        cap, w = self.OUT_CAP, self.OUT_WEIGHT
        for points, outs in terms:
            n = 0
            for k in outs:
                n += live[k]
            if n:
                value -= points * min(cap, w * n)
        return value

    def _danger(self, card: Card, view: ChinchonView) -> float:
        """How much the next player seems to want `card` (from what they took)."""
        assert view.seat is not None
        taken = self.taken_by.get(view.next_seat(view.seat), ())
        if not taken:
            return 0.0
        pos = _POS_OF[view.options.deck]
        d = 0.0
        for t in taken:
            if t.rank == card.rank:
                d = max(d, self.DANGER_RANK)
            elif t.suit == card.suit and abs(pos[t.rank] - pos[card.rank]) <= 2:
                d = max(d, self.DANGER_RUN)
        return d

    def _best_keep(
        self, hand: list[Card], view: ChinchonView, live: list[int], exclude: Card | None
    ) -> tuple[float, Card]:
        """The discard from an 8-card hand that leaves the best 7 (value, card)."""
        deck = view.options.deck
        without = points_without_each(hand, deck)
        cands = [c for c in hand if c != exclude]
        floor = min(without[c] for c in cands) + self.PRUNE
        scored = []
        for c in cands:
            if without[c] > floor:
                continue
            rest = [x for x in hand if x is not c]
            scored.append((self.evaluate(rest, deck, live) + self._danger(c, view), c))
        low = min(v for v, _ in scored)
        best = [c for v, c in scored if v <= low + 1e-9]
        return low, best[0] if len(best) == 1 else self.rng.choice(best)

    def choose_draw(self, view: ChinchonView) -> ChinchonAction:
        """Take the top discard if it lets us close, or if it goes into a meld and
        lowers our loose points; otherwise draw from the stock (an unknown card can
        complete any of our pairs and near-runs; in play against "facil" this beat
        taking cards for pairs or for their low value)."""
        top = view.discard_top
        if top is None:
            return DrawStock()
        if not view.can_draw_stock:
            return TakeDiscard()
        deck = view.options.deck
        hand = list(view.hand or ())
        with_top = [*hand, top]
        without = points_without_each(with_top, deck)
        best = min(without[c] for c in hand)
        if best <= MAX_CLOSE_POINTS:
            return TakeDiscard()  # it lets us close at once
        if best < best_arrangement(hand, deck).loose_points and any(
            top in m for m in best_arrangement(with_top, deck).melds
        ):
            return TakeDiscard()
        return DrawStock()

    def choose_discard(self, view: ChinchonView) -> ChinchonAction:
        deck = view.options.deck
        hand = list(view.hand or ())
        closes = [
            (0 if arr.is_chinchon else 1, arr.loose_points, card)
            for card, arr in can_close(hand, deck)
            if card != view.taken_discard
        ]
        if closes:
            # a Chinchón first, then the fewest loose points, then the face-down
            # card that leaves the others fewest unseen cards to lay off
            live = self._live(view)
            ranked = sorted(
                closes, key=lambda t: (t[0], t[1], self._exposure(hand, t[2], view, live))
            )
            return Close(ranked[0][2])
        if view.stock_rebuilds >= self.STALL_REBUILDS:
            arr = best_arrangement(hand, deck)
            stall = self._stall_discard(view, [c for c in arr.loose if c != view.taken_discard])
            if stall is not None:
                return stall
        _, card = self._best_keep(hand, view, self._live(view), exclude=view.taken_discard)
        return Discard(card)

    @staticmethod
    def _exposure(hand: list[Card], facedown: Card, view: ChinchonView, live: list[int]) -> int:
        """Unseen cards the others could lay off on our melds if we close this way."""
        deck, copies = view.options.deck, view.options.copies
        ranks = ranks_for(deck)
        pos = _POS_OF[deck]
        melds = best_arrangement([c for c in hand if c is not facedown], deck).melds
        n = 0
        for m in melds:
            if m[0].rank == m[1].rank:  # a set takes the rest of its rank
                n += sum(live[s * 13 + m[0].rank] for s in range(4))
                continue
            sx = _SUIT_NO[m[0].suit]
            ends = [pos[m[-1].rank] + 1]
            if copies == 1:
                ends.append(pos[m[0].rank] - 1)
            n += sum(live[sx * 13 + ranks[p]] for p in ends if 0 <= p < len(ranks))
        return n

    def choose_layoff(self, view: ChinchonView) -> ChinchonAction:
        plan = best_layoff(
            list(view.hand or ()), view.closer_melds, view.options.deck, view.options.copies
        )
        if plan.layoffs:
            card, i = plan.layoffs[0]
            return LayOff(card, i)
        return FinishLayOff()


_SUIT_NO = {s: i for i, s in enumerate(SUITS)}
_POS_OF = {d: {r: i for i, r in enumerate(ranks_for(d))} for d in (40, 48)}


@sized_cache(STRUCTURE_CACHE_BYTES)
def _structure(ids: tuple[int, ...], deck: int):
    """The part of DificilBot.evaluate that does not depend on what is unseen:
    (loose points, terms) with one (points, out kinds) term per loose card whose
    meld one more card could complete; out kinds index the `live` table
    (suit * 13 + rank) and may repeat. terms is None when every card is melded."""
    arr = best_arrangement([card_of_id(i) for i in ids], deck)
    if not arr.loose:
        return arr.loose_points, None
    ranks = ranks_for(deck)
    npos = len(ranks)
    pos = _POS_OF[deck]
    runs = [m for m in arr.melds if m[0].rank != m[1].rank]
    terms = []
    for x in arr.loose:
        sx = _SUIT_NO[x.suit]
        px = pos[x.rank]
        outs: list[int] = []

        def at(p: int, sx: int = sx, outs: list[int] = outs) -> None:
            if 0 <= p < npos:
                outs.append(sx * 13 + ranks[p])

        pair = False
        for y in arr.loose:
            if y is x:
                continue
            if y.rank == x.rank:
                if not pair:
                    pair = True
                    outs.extend(s * 13 + x.rank for s in range(4))
            elif y.suit == x.suit:
                py = pos[y.rank]
                lo, hi = (px, py) if px < py else (py, px)
                if hi - lo == 1:
                    at(lo - 1)
                    at(hi + 1)
                elif hi - lo == 2:
                    at(lo + 1)
        for m in runs:
            if m[0].suit == x.suit:
                lo, hi = pos[m[0].rank], pos[m[-1].rank]
                if px == lo - 2:
                    at(lo - 1)
                elif px == hi + 2:
                    at(hi + 1)
        if outs:
            terms.append((card_points(x, deck), tuple(outs)))
    return arr.loose_points, tuple(terms)


_LEVEL_CLASSES: dict[str, type[ChinchonBot]] = {
    "facil": FacilBot,
    "medio": MedioBot,
    "dificil": DificilBot,
}


make_bot = BotMaker(_LEVEL_CLASSES)  # (level, seat, rng_seed=0): one of LEVELS


def play_match(
    options: ChinchonOptions, seed: int, levels: Sequence[str], **run: Any
) -> ChinchonGame:
    """Play a whole bot-vs-bot match (levels[i] plays seat i); returns the game.
    `run`: play_out's max_actions."""
    from sobremesa.core.match import play_out

    game = ChinchonGame(options, seed)
    play_out(game, seeded_bots(make_bot, levels, seed), **run)
    return game
