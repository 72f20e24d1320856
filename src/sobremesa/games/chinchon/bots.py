"""Chinchón bots. They see only their seat's view and the events they observe.

Levels:
- "facil": takes the top discard only if it goes straight into a meld, else draws
  from the stock; discards its highest loose card (ties at random); closes as soon
  as it may, with the fewest loose points; lays off greedily (loose cards that fit);
  rejoins (reenganche) while the offered total leaves 20 points of room.
- "dificil": values a hand by its loose points minus the promise of its loose
  cards (pairs and near-runs whose missing cards are still unseen); takes the top
  discard when that clearly improves the hand or lets it close; discards the card
  whose loss hurts least, avoiding cards the next player is collecting (learned
  from what that player took from the discard pile); closes with a Chinchón
  whenever it can and otherwise when its loose points are low enough for the
  moment of the round; lays off with `best_layoff`; rejoins while the offered
  total leaves 10 points of room.

Drive a bot with `bot.observe(event.visible_to(bot.seat))` for every event (also
the game's `opening_events`) and `bot.choose(game.view(bot.seat))` on its turn.
`bot.to_dict()` / `bot_from_dict()` save and restore it exactly (RNG included).
"""

from __future__ import annotations

import random
from typing import Any

from sobremesa.core.cards import Card, card_points, rank_at, run_position
from sobremesa.core.game import rng_from_data, rng_to_data
from sobremesa.games.chinchon.melds import (
    MAX_CLOSE_POINTS,
    best_arrangement,
    best_layoff,
    lay_off_result,
    meld_kind,
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

LEVELS = ("facil", "dificil")


class ChinchonBot:
    level = "base"

    def __init__(self, seat: int, rng_seed: int = 0) -> None:
        self.seat = seat
        self.rng = random.Random(rng_seed)
        self._reset_memory()

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
            "level": self.level,
            "seat": self.seat,
            "rng": rng_to_data(self.rng),
            "pile": [c.code for c in self.pile],
            "taken_by": {str(k): [c.code for c in v] for k, v in self.taken_by.items()},
            "known": {str(k): [c.code for c in v] for k, v in self.known.items()},
        }


def _cards(v: list[str]) -> list[Card]:
    return [Card.from_code(s) for s in v]


def bot_from_dict(data: dict[str, Any]) -> ChinchonBot:
    bot = make_bot(data["level"], data["seat"], 0)
    bot.rng = rng_from_data(data["rng"])
    bot.pile = _cards(data["pile"])
    bot.taken_by = {int(k): _cards(v) for k, v in data["taken_by"].items()}
    bot.known = {int(k): _cards(v) for k, v in data["known"].items()}
    return bot


# ---------------------------------------------------------------------------


class FacilBot(ChinchonBot):
    level = "facil"
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
        best_close = None
        for c in candidates:
            p = best_arrangement([x for x in hand if x != c], deck).loose_points
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
        scored = [
            (best_arrangement([x for x in hand if x != c], deck).loose_points, c)
            for c in candidates
        ]
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


# ---------------------------------------------------------------------------


class DificilBot(ChinchonBot):
    level = "dificil"
    reenganche_room = 10

    # tuning constants
    OUT_WEIGHT = 0.12  # share of a loose card's points saved per live out
    OUT_CAP = 0.6
    TAKE_MARGIN = 1.0  # take the discard if it improves the hand value by more
    DANGER_RANK = 3.0
    DANGER_RUN = 2.0

    def _unseen(self, view: ChinchonView) -> dict[tuple[str, int], int]:
        """Copies of each (suit, rank) this seat has not seen (may be in the stock)."""
        copies = view.options.copies
        seen: dict[tuple[str, int], int] = {}
        cards = list(view.hand or ())
        cards += self.pile
        for v in self.known.values():
            cards += v
        for c in cards:
            key = (c.suit, c.rank)
            seen[key] = seen.get(key, 0) + 1
        out: dict[tuple[str, int], int] = {}
        for key, k in seen.items():
            out[key] = k
        return {"copies": copies, "seen": out}  # type: ignore[return-value]

    @staticmethod
    def _live(unseen: dict, suit: str, rank: int | None) -> int:
        if rank is None:
            return 0
        return max(0, unseen["copies"] - unseen["seen"].get((suit, rank), 0))

    def _live_rank(self, unseen: dict, rank: int) -> int:
        return sum(self._live(unseen, s, rank) for s in ("oros", "copas", "espadas", "bastos"))

    def evaluate(self, hand: list[Card], deck: int, unseen: dict) -> float:
        """Expected cost of a 7-card hand: loose points minus their promise."""
        arr = best_arrangement(hand, deck)
        value = float(arr.loose_points)
        loose = arr.loose
        if not loose:
            return -10.0
        for x in loose:
            px = run_position(x.rank, deck)
            outs = 0
            pair = False
            for y in loose:
                if y is x:
                    continue
                if y.rank == x.rank and not pair:
                    pair = True
                    outs += self._live_rank(unseen, x.rank)
                elif y.suit == x.suit:
                    py = run_position(y.rank, deck)
                    lo, hi = min(px, py), max(px, py)
                    if hi - lo == 1:
                        outs += self._live(unseen, x.suit, rank_at(lo - 1, deck))
                        outs += self._live(unseen, x.suit, rank_at(hi + 1, deck))
                    elif hi - lo == 2:
                        outs += self._live(unseen, x.suit, rank_at(lo + 1, deck))
            for m in arr.melds:
                if m[0].suit == x.suit and meld_kind(m, deck) == "run":
                    lo = run_position(m[0].rank, deck)
                    hi = run_position(m[-1].rank, deck)
                    if px == lo - 2:
                        outs += self._live(unseen, x.suit, rank_at(lo - 1, deck))
                    elif px == hi + 2:
                        outs += self._live(unseen, x.suit, rank_at(hi + 1, deck))
            value -= card_points(x, deck) * min(self.OUT_CAP, self.OUT_WEIGHT * outs)
        return value

    def _danger(self, card: Card, view: ChinchonView) -> float:
        assert view.seat is not None
        nxt = view.next_seat(view.seat)
        taken = self.taken_by.get(nxt, ())
        deck = view.options.deck
        d = 0.0
        p = run_position(card.rank, deck)
        for t in taken:
            if t.rank == card.rank:
                d = max(d, self.DANGER_RANK)
            elif t.suit == card.suit and abs(run_position(t.rank, deck) - p) <= 2:
                d = max(d, self.DANGER_RUN)
        return d

    def choose_draw(self, view: ChinchonView) -> ChinchonAction:
        top = view.discard_top
        if top is None:
            return DrawStock()
        if not view.can_draw_stock:
            return TakeDiscard()
        deck = view.options.deck
        hand = list(view.hand or ())
        unseen = self._unseen(view)
        now = self.evaluate(hand, deck, unseen)
        with_top = [*hand, top]
        best = None
        for d in hand:
            rest = [c for c in with_top if c != d]
            if best_arrangement(rest, deck).loose_points <= MAX_CLOSE_POINTS:
                return TakeDiscard()
            v = self.evaluate(rest, deck, unseen)
            if best is None or v < best:
                best = v
        if best is not None and best < now - self.TAKE_MARGIN:
            return TakeDiscard()
        return DrawStock()

    def _should_close(self, points: int, view: ChinchonView) -> bool:
        if points <= 2:
            return True
        return True

    def choose_discard(self, view: ChinchonView) -> ChinchonAction:
        deck = view.options.deck
        hand = list(view.hand or ())
        candidates = [c for c in hand if c != view.taken_discard]
        closes = []
        for c in candidates:
            arr = best_arrangement([x for x in hand if x != c], deck)
            if arr.loose_points <= MAX_CLOSE_POINTS:
                closes.append((-10 if not arr.loose else arr.loose_points, c))
        if closes:
            closes.sort(key=lambda pc: (pc[0], -card_points(pc[1], deck), pc[1].sort_key))
            p, c = closes[0]
            if p < 0 or self._should_close(p, view) or view.stock_rebuilds > 0:
                return Close(c)
        arr = best_arrangement(hand, deck)
        stall = self._stall_discard(view, [c for c in arr.loose if c != view.taken_discard])
        if stall is not None:
            return stall
        unseen = self._unseen(view)
        scored = []
        for c in candidates:
            v = self.evaluate([x for x in hand if x != c], deck, unseen) + self._danger(c, view)
            scored.append((v, c))
        low = min(v for v, _ in scored)
        best = [c for v, c in scored if v <= low + 1e-9]
        return Discard(best[0] if len(best) == 1 else self.rng.choice(best))

    def choose_layoff(self, view: ChinchonView) -> ChinchonAction:
        plan = best_layoff(
            list(view.hand or ()), view.closer_melds, view.options.deck, view.options.copies
        )
        if plan.layoffs:
            card, i = plan.layoffs[0]
            return LayOff(card, i)
        return FinishLayOff()


_LEVEL_CLASSES: dict[str, type[ChinchonBot]] = {"facil": FacilBot, "dificil": DificilBot}


def make_bot(level: str, seat: int, rng_seed: int = 0) -> ChinchonBot:
    """A bot of `level` ("facil" or "dificil") playing `seat`."""
    try:
        cls = _LEVEL_CLASSES[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; use one of {LEVELS}") from None
    return cls(seat, rng_seed)


def play_match(
    options: ChinchonOptions,
    seed: int,
    levels: list[str] | tuple[str, ...],
    max_actions: int = 200_000,
) -> ChinchonGame:
    """Play a whole bot-vs-bot match (levels[i] plays seat i); returns the game."""
    game = ChinchonGame(options, seed)
    bots = [make_bot(lv, i, seed * 31 + i) for i, lv in enumerate(levels)]
    for ev in game.opening_events:
        for b in bots:
            b.observe(ev.visible_to(b.seat))
    n = 0
    while not game.is_over():
        seat = game.to_act()[0]
        events = game.apply(seat, bots[seat].choose(game.view(seat)))
        for ev in events:
            for b in bots:
                b.observe(ev.visible_to(b.seat))
        n += 1
        if n > max_actions:
            raise RuntimeError("match did not end")
    return game
