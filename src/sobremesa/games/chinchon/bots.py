"""Chinchón bots. They see only their seat's view and the events they observe.

Levels:
- "facil": a beginner. Plays as "medio" but closes late (only with a Chinchón or
  at most 1 loose point, until the stock has been rebuilt) and misses the lay-offs
  that take a second look (it lays off only on sets, never to extend a run).
- "medio": takes the top discard only if it goes straight into a meld, else draws
  from the stock; discards its highest loose card (ties at random); closes as soon
  as it may, with the fewest loose points; lays off greedily (its loose cards
  that fit); rejoins (reenganche) while the offered total leaves 20 points of room.
- "dificil": tracks every discard and pick-up of the round (the pile, the cards
  each player took and still holds, the cards each let go: thrown, or left on the
  pile by drawing from the stock). Values a 7-card hand by its loose points minus
  the promise of its loose cards (pairs, near-runs and gaps next to a run, weighted
  by how many of the missing cards it has not seen: not in its hand, not in the
  discard pile, not known to be held by another player); discards the card whose
  loss hurts least, plus the estimated chance that it makes a meld for the next
  player. It never throws a card the next player has shown it wants (while another
  card will do): of the rank of a card that player took and still holds, or one
  making a meld of three with two such cards, unless the player has let that rank
  or card go since. Takes the top discard only when it lets it close, or goes into
  a meld and lowers its loose points. Closes with a Chinchón at once; otherwise
  weighs closing now (the fewest loose points, then the face-down card that leaves
  the fewest unseen cards to lay off on its melds) against throwing a card face up
  to wait one turn for a Chinchón or fewer points (`_wait_gain`: live outs, and what
  the others are expected to hold and the chance they close first, from the turn).
  The match: it never waits when a rival may be put out by its close (heads-up, or
  without reenganche) or when it is close to the limit itself (15 points of room or
  fewer: then it also counts less on its pairs and sheds points sooner); it does not
  close when that would take it to the limit, unless every rival is likely to end
  higher. Lays off with `melds.best_layoff` (the lay-offs, in any order, that leave
  it fewest points); rejoins while the offered total leaves 10 points of room.
  Measured: taking discards only for melds beat taking them for pairs or low value;
  the weight of the promise (OUT_WEIGHT 0.22 per live out, at most 0.9 of a card)
  beat 0.09, 0.12, 0.15 and 0.18 against "medio".

Styles (`STYLES`, `bot.style`; "" plays the level plainly; descriptions for players
in texts.STYLE_DESCRIPTIONS): see `MedioBot` and `DificilBot`.

Every level, when the stock has been rebuilt twice in a round without a close
(the hands are locked: each keeps what another needs), throw a random loose card
half of the time, so every round ends.

Drive a bot with `bot.observe(event.visible_to(bot.seat))` for every event (also
the game's `opening_events`) and `bot.choose(game.view(bot.seat))` on its turn.
`bot.to_dict()` / `bot_from_dict()` save and restore it exactly (RNG included);
a bot that missed events still plays legally (it resynchronises with the view).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sobremesa.core.cards import SUITS, Card, card_points, ranks_for
from sobremesa.core.game import BotMaker, LevelBot, seeded_bots
from sobremesa.games.chinchon.melds import (
    MAX_CLOSE_POINTS,
    STRUCTURE_CACHE_BYTES,
    best_after_draw,
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
    CHINCHON_POINTS,
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
#: Personalities per level (issue 14): `bot.style`; "" plays the level plainly.
#: Their one-line descriptions for players: texts.STYLE_DESCRIPTIONS.
STYLES: dict[str, tuple[str, ...]] = {
    "facil": (),
    "medio": ("prudente", "atrevido"),
    "dificil": ("prudente", "atrevido", "paciente"),
}


class ChinchonBot(LevelBot):
    @property
    def plays(self) -> str:
        """The style it plays: its own, or "" (the level plainly) if its level has no
        such style (a save from another version)."""
        return self.style if self.style in STYLES.get(self.level, ()) else ""

    # -- memory of the round (public information only) ------------------------

    def _reset_memory(self) -> None:
        self.pile: list[Card] = []  # face-up discard pile as seen, top last
        self.taken_by: dict[int, list[Card]] = {}  # cards each seat took from the pile
        self.known: dict[int, list[Card]] = {}  # taken and not thrown again
        # cards each seat let go (threw face up, or left on the pile by drawing from
        # the stock) since it last took a card of their rank from the pile
        self.declined: dict[int, list[Card]] = {}

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
                let_go = self.declined.get(seat)
                if let_go:  # it wants that rank again
                    let_go[:] = [c for c in let_go if c.rank != card.rank]
        elif k == "drew_stock":
            seat = event.seat  # type: ignore[attr-defined]
            if seat != self.seat and self.pile:
                self.declined.setdefault(seat, []).append(self.pile[-1])
        elif k == "discarded":
            seat, card = event.seat, event.card  # type: ignore[attr-defined]
            self.pile.append(card)
            mine = self.known.get(seat)
            if mine and card in mine:
                mine.remove(card)
            if seat != self.seat:
                self.declined.setdefault(seat, []).append(card)
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

    COLLECT_TURNS = 6

    def _collecting(self, view: ChinchonView) -> bool:
        """Whether a style that picks up discards for pairs still does: only in
        the first `COLLECT_TURNS` turns of each player (a table of collectors would
        never empty the stock, and the round would never end)."""
        return view.turns_in_round < self.COLLECT_TURNS * len(view.seats_in)

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
            "declined": {str(k): [c.code for c in v] for k, v in self.declined.items()},
        }


def _cards(v: list[str]) -> list[Card]:
    return [Card.from_code(s) for s in v]


def bot_from_dict(data: dict[str, Any]) -> ChinchonBot:
    bot = make_bot.restore(data)
    bot.pile = _cards(data["pile"])
    bot.taken_by = {int(k): _cards(v) for k, v in data["taken_by"].items()}
    bot.known = {int(k): _cards(v) for k, v in data["known"].items()}
    bot.declined = {int(k): _cards(v) for k, v in data.get("declined", {}).items()}
    return bot


# ---------------------------------------------------------------------------


class MedioBot(ChinchonBot):
    """Styles (`STYLES["medio"]`): "prudente" never throws a card of the rank of one
    the next player took from the pile and still holds (when another loose card
    will do) and rejoins only with 30 points of room; "atrevido" collects: it also
    takes the top discard when it pairs with one of its loose cards or sits next to
    one in a suit (if it is worth 7 points at most), and throws first the loose cards
    that pair with nothing, keeping its pairs and near-runs even when they are
    figures."""

    level = "medio"
    ROOM = {"": 20, "prudente": 30, "atrevido": 20}
    COLLECT_AT_MOST = 7  # "atrevido": the highest card it picks up for a pair

    @property
    def reenganche_room(self) -> int:  # type: ignore[override]
        return self.ROOM.get(self.plays, 20)

    def choose_draw(self, view: ChinchonView) -> ChinchonAction:
        top = view.discard_top
        hand = list(view.hand or ())
        if top is not None:
            deck = view.options.deck
            arr = best_arrangement([*hand, top], deck)
            if any(top in m for m in arr.melds) or not view.can_draw_stock:
                return TakeDiscard()
            if (
                self.plays == "atrevido"
                and self._collecting(view)
                and card_points(top, deck) <= self.COLLECT_AT_MOST
                and _partners(top, best_arrangement(hand, deck).loose, deck)
            ):
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
        if loose and self.plays == "prudente":
            assert view.seat is not None
            wanted = {c.rank for c in self.known.get(view.next_seat(view.seat), ())}
            loose = [c for c in loose if c.rank not in wanted] or loose
        elif loose and self.plays == "atrevido":
            loose = [c for c in loose if not _partners(c, arr.loose, deck)] or loose
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


@dataclass(frozen=True)
class Tuning:
    """What a style of "dificil" changes (the plain level is `Tuning()`)."""

    promise: float = 1.0  # scale of the value it gives its loose cards' promise
    wait_margin: float | None = 0.5  # waits for a Chinchón when that gains more (None: never)
    take_for: float | None = None  # takes the top discard when its hand's value drops this much
    reenganche_room: int = 10


class DificilBot(ChinchonBot):
    """Styles (`STYLES["dificil"]`): "prudente" counts a little less on its pairs
    and near-runs (it sheds figures sooner), never waits for a Chinchón, and rejoins
    with 20 points of room; "atrevido" counts more on them, also takes the top discard
    when that improves its hand's value by 3 points or more (in its first
    `COLLECT_TURNS` turns of a round), waits for a Chinchón a little sooner and
    rejoins with 5 points of room; "paciente" waits for a Chinchón (or fewer points)
    whenever that is not expected to cost more than a point."""

    level = "dificil"
    TUNING = {
        "": Tuning(),
        "prudente": Tuning(promise=0.85, wait_margin=None, reenganche_room=20),
        "atrevido": Tuning(promise=1.15, wait_margin=0.0, take_for=3.0, reenganche_room=5),
        "paciente": Tuning(wait_margin=-1.0),
    }

    # Tuning (measured against "medio" in heads-up matches: benchmarks/bench_bots.py)
    OUT_WEIGHT = 0.22  # share of a loose card's points saved per live out
    OUT_CAP = 0.9  # ...at most
    DANGER_SHOWN = 3.0  # cost of a card the next player has shown it wants (when all are)
    FEED = 11.0  # cost of feeding the next player a meld, times its estimated chance
    LET_GO = 0.3  # ...a chance that counts this much when that player let such a card go
    PRUNE = 4  # only weigh discards within this many points of the best plain discard
    NEAR_LIMIT = 15  # "close to the limit": at most this many points of room
    SAFE_PROMISE = 0.6  # ...then it counts only this share of the promise
    RIVAL_SHARE = 0.6  # a rival may go out if its total + this share of its expected loose
    LAYOFF_KEEP = 0.85  # share of their loose points the others keep after laying off
    CLOSER_POINTS = 2.0  # what a rival who closes scores, on average

    @property
    def tuning(self) -> Tuning:
        return self.TUNING[self.plays]

    @property
    def reenganche_room(self) -> int:  # type: ignore[override]
        return self.tuning.reenganche_room

    # -- what is seen ---------------------------------------------------------

    def _live(self, view: ChinchonView) -> list[int]:
        """Unseen copies per card kind, index suit * 13 + rank (stock or hidden hands;
        0 for the ranks the deck lacks)."""
        live = [view.options.copies * n for n in _ONE_OF_EACH[view.options.deck]]
        for group in (view.hand or (), self.pile, *self.known.values()):
            for c in group:
                live[_SUIT_NO[c.suit] * 13 + c.rank] -= 1
        return live

    def _shown(self, card: Card, view: ChinchonView) -> bool:
        """Whether the next player has shown it wants `card`, from the cards it took
        from the pile and still holds: one of them has the rank of `card`, or two of
        them make a meld of three with it (4 and 6 de oros taken: the 5 de oros),
        and the player has not let that rank, or that very card, go since (thrown,
        or left on the pile when it drew from the stock)."""
        assert view.seat is not None
        nxt = view.next_seat(view.seat)
        held = self.known.get(nxt)
        if not held or nxt == view.seat:
            return False
        let_go = self.declined.get(nxt, ())
        if any(t.rank == card.rank for t in held):
            return not any(c.rank == card.rank for c in let_go)
        if any(c.suit == card.suit and c.rank == card.rank for c in let_go):
            return False
        pos = _POS_OF[view.options.deck]
        x = pos[card.rank]
        steps = {pos[t.rank] - x for t in held if t.suit == card.suit}
        return {-2, -1} <= steps or {-1, 1} <= steps or {1, 2} <= steps

    def _feed_chance(self, card: Card, view: ChinchonView, live: list[int]) -> float:
        """An estimate of the chance that `card` makes a meld for the next player:
        that it holds two more of its rank, or two cards of its suit that make a run
        with it. Cards it took and holds count as held; each unseen card is in its
        hand with the chance hand / unseen; a rank, or a pair next to a card, it let
        go since counts much less (it would have taken a card that melded)."""
        assert view.seat is not None
        nxt = view.next_seat(view.seat)
        if nxt == view.seat:
            return 0.0
        held = self.known.get(nxt, ())
        unseen = sum(live)
        hidden = view.hand_counts[nxt] - len(held)
        if unseen <= 0 or hidden <= 0:
            return 0.0
        p = min(1.0, hidden / unseen)
        let_go = self.declined.get(nxt, ())
        rank, sx = card.rank, _SUIT_NO[card.suit]
        live_rank = sum(live[s * 13 + rank] for s in range(4))
        have = sum(1 for t in held if t.rank == rank)
        if have >= 2:
            group = 1.0
        elif have == 1:
            group = 1 - (1 - p) ** live_rank
        else:
            group = 1 - (1 - p) ** live_rank - live_rank * p * (1 - p) ** max(0, live_rank - 1)
            if any(c.rank == rank for c in let_go):
                group *= self.LET_GO
        deck = view.options.deck
        ranks = ranks_for(deck)
        pos = _POS_OF[deck]
        x = pos[rank]
        suited_let_go = [pos[c.rank] for c in let_go if c.suit == card.suit]

        def slot(j: int) -> float:
            if not 0 <= j < len(ranks):
                return 0.0
            if any(t.suit == card.suit and t.rank == ranks[j] for t in held):
                return 1.0
            n = live[sx * 13 + ranks[j]]
            return 1 - (1 - p) ** n if n else 0.0

        miss = 1.0
        for lo, hi in ((x - 2, x - 1), (x - 1, x + 1), (x + 1, x + 2)):
            both = slot(lo) * slot(hi)
            if both and hi == lo + 1 and (lo - 1 in suited_let_go or hi + 1 in suited_let_go):
                both *= self.LET_GO
            miss *= 1 - both
        return 1 - (1 - group) * miss

    def _danger(self, card: Card, shown: bool, view: ChinchonView, live: list[int]) -> float:
        """What throwing `card` face up may cost: much when the next player has shown
        it wants it (only when every card is such), else its chance of melding for
        that player."""
        if shown:
            return self.DANGER_SHOWN
        return self.FEED * self._feed_chance(card, view, live)

    def _never_feeds(self, cards: list[Card], view: ChinchonView) -> tuple[list[Card], dict]:
        """The cards it may throw without feeding the next player what it has shown
        it wants (all of them if every one is such), and which cards are."""
        shown = {c: self._shown(c, view) for c in cards}
        return [c for c in cards if not shown[c]] or cards, shown

    # -- the match ------------------------------------------------------------

    def _outlook(self, view: ChinchonView) -> tuple[float, float, float, int]:
        """What it expects of the others, from public counts: an opponent's loose
        points now and after one more turn each, the chance that an opponent closes
        on its turn, and how many opponents there are. Measured in dificil-vs-dificil
        matches: about 32 loose points at the deal, 8 + 24·e^(−u/3) after u turns
        each; the chance of a close grows from 4 % to about 25 % a turn."""
        n = max(2, len(view.seats_in))
        u = view.turns_in_round / n
        return (
            8 + 24 * math.exp(-u / 3),
            8 + 24 * math.exp(-(u + 1) / 3),
            min(0.25, 0.04 + 0.022 * u),
            n - 1,
        )

    def _near_limit(self, view: ChinchonView) -> bool:
        return view.options.limit - view.scores[self.seat] <= self.NEAR_LIMIT

    def _rival_may_go_out(self, view: ChinchonView) -> bool:
        """A rival's total is so close to the limit that a close now would likely put
        it out of the match for good (heads-up, or without reenganche: with it, and
        three or more still in, an eliminated rival may rejoin)."""
        seats = view.seats_in
        if len(seats) > 2 and view.options.reenganche:
            return False
        expected = self.RIVAL_SHARE * self._outlook(view)[0]
        return any(
            s != self.seat and view.scores[s] + expected >= view.options.limit for s in seats
        )

    def _all_go_out(self, view: ChinchonView, mine: int) -> bool:
        """Closing takes it to `mine` (the limit or more): it wins anyway only if every
        rival is likely to end higher (the lowest total wins when all go out)."""
        expected = self.RIVAL_SHARE * self._outlook(view)[0]
        return all(
            view.scores[s] + expected >= view.options.limit and view.scores[s] + expected > mine
            for s in view.seats_in
            if s != self.seat
        )

    # -- valuing a hand -------------------------------------------------------

    def evaluate(self, hand: list[Card], deck: int, live: list[int], promise: float = 1.0) -> float:
        """Value of a 7-card hand (lower is better): its loose points, minus part of
        the points of loose cards that one more card would meld (pairs, near-runs,
        a gap next to a run), in proportion to how many such cards are unseen."""
        loose_points, terms = _structure(tuple(sorted(card_id(c) for c in hand)), deck)
        if terms is None:
            return -10.0  # all melded
        value = float(loose_points)
        cap, w = self.OUT_CAP * promise, self.OUT_WEIGHT * promise
        for points, outs in terms:
            n = 0
            for k in outs:
                n += live[k]
            if n:
                value -= points * min(cap, w * n)
        return value

    def _promise(self, view: ChinchonView) -> float:
        """How much its loose cards' promise counts: less close to the limit, where
        the points it holds may put it out."""
        return self.tuning.promise * (self.SAFE_PROMISE if self._near_limit(view) else 1.0)

    def _best_keep(
        self, hand: list[Card], view: ChinchonView, live: list[int], exclude: Card | None
    ) -> tuple[float, Card]:
        """The discard from an 8-card hand that leaves the best 7 (value, card), never
        one the next player has shown it wants while another will do."""
        deck = view.options.deck
        without = points_without_each(hand, deck)
        cands, shown = self._never_feeds([c for c in hand if c != exclude], view)
        floor = min(without[c] for c in cands) + self.PRUNE
        promise = self._promise(view)
        scored = []
        for c in cands:
            if without[c] > floor:
                continue
            rest = [x for x in hand if x is not c]
            danger = self._danger(c, shown[c], view, live)
            scored.append((self.evaluate(rest, deck, live, promise) + danger, c))
        low = min(v for v, _ in scored)
        best = [c for v, c in scored if v <= low + 1e-9]
        return low, best[0] if len(best) == 1 else self.rng.choice(best)

    # -- decisions ------------------------------------------------------------

    def choose_draw(self, view: ChinchonView) -> ChinchonAction:
        """Take the top discard if it lets us close, or if it goes into a meld and
        lowers our loose points ("atrevido": or whenever it improves the hand's
        value enough); otherwise draw from the stock (an unknown card can complete
        any of our pairs and near-runs; in play against "facil" this beat taking
        cards for pairs or for their low value)."""
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
        take_for = self.tuning.take_for
        if take_for is not None and self._collecting(view):
            live = self._live(view)
            now = self.evaluate(hand, deck, live, self._promise(view))
            after, _ = self._best_keep(with_top, view, live, exclude=top)
            if after <= now - take_for:
                return TakeDiscard()
        return DrawStock()

    def choose_discard(self, view: ChinchonView) -> ChinchonAction:
        deck = view.options.deck
        hand = list(view.hand or ())
        live = self._live(view)
        closes = [
            (0 if arr.is_chinchon else 1, arr.loose_points, card)
            for card, arr in can_close(hand, deck)
            if card != view.taken_discard
        ]
        if closes:
            # a Chinchón first, then the fewest loose points, then the face-down
            # card that leaves the others fewest unseen cards to lay off
            ranked = sorted(
                closes, key=lambda t: (t[0], t[1], self._exposure(hand, t[2], view, live))
            )
            order, points, card = ranked[0]
            mine = view.scores[self.seat] + points
            if order == 0:
                return Close(card)  # a Chinchón
            if mine >= view.options.limit and not self._all_go_out(view, mine):
                pass  # this close would put it out: it plays on for fewer points
            else:
                wait = self._waiting_discard(view, hand, ranked, live)
                return Close(card) if wait is None else Discard(wait)
        if view.stock_rebuilds >= self.STALL_REBUILDS:
            arr = best_arrangement(hand, deck)
            loose = [c for c in arr.loose if c != view.taken_discard]
            stall = self._stall_discard(view, self._never_feeds(loose, view)[0] if loose else [])
            if stall is not None:
                return stall
        _, card = self._best_keep(hand, view, live, exclude=view.taken_discard)
        return Discard(card)

    def _waiting_discard(
        self, view: ChinchonView, hand: list[Card], ranked: list, live: list[int]
    ) -> Card | None:
        """Instead of closing now, the card to throw face up to wait one turn for a
        Chinchón (keeping a hand it can still close with), or None to close. It never
        waits when a rival may go out with this close or when it is close to the
        limit itself (then every point counts: it closes as soon as it may)."""
        margin = self.tuning.wait_margin
        if margin is None or self._rival_may_go_out(view) or self._near_limit(view):
            return None
        points_now = ranked[0][1]
        best: tuple[float, Card] | None = None
        for _, _points, card in ranked:
            shown = self._shown(card, view)
            if shown:
                continue
            rest = [c for c in hand if c is not card]
            gain = self._wait_gain(view, rest, points_now, live)
            gain -= self._danger(card, shown, view, live)
            if best is None or gain > best[0]:
                best = (gain, card)
        if best is None or best[0] <= margin:
            return None
        return best[1]

    def _wait_gain(
        self, view: ChinchonView, hand7: list[Card], points_now: int, live: list[int]
    ) -> float:
        """Points (its score minus an average opponent's) it expects to gain by
        waiting one turn with `hand7` rather than closing now with `points_now`.
        Closing now: the others keep most of their loose points. Waiting: an
        opponent may close first; otherwise it draws, and closes next turn with what
        the card gives — a Chinchón (−10, nobody lays off) or fewer points."""
        deck = view.options.deck
        now, later, chance, others = self._outlook(view)
        close_now = points_now - self.LAYOFF_KEEP * now
        closed_on = 1 - (1 - chance) ** others
        opponent = (self.CLOSER_POINTS + (others - 1) * self.LAYOFF_KEEP * later) / others
        held = set(hand7)
        draws: list[tuple[Card, int]] = []
        for k, n in enumerate(live):
            if n > 0:
                card = Card(SUITS[k // 13], k % 13)
                if card in held:
                    card = Card(card.suit, card.rank, 1)
                draws.append((card, n))
        unseen = sum(n for _, n in draws)
        if not unseen:
            return -1e9
        after = best_after_draw(hand7, [c for c, _ in draws], deck)
        drawn = 0.0
        for card, n in draws:
            p = after[card]
            drawn += n * (CHINCHON_POINTS - later if p == 0 else p - self.LAYOFF_KEEP * later)
        own = best_arrangement(hand7, deck).loose_points
        wait = closed_on * (own - opponent) + (1 - closed_on) * drawn / unseen
        return close_now - wait

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
#: One copy of every card kind of a deck, index suit * 13 + rank (0: no such card).
_ONE_OF_EACH = {d: tuple(int(k % 13 in _POS_OF[d]) for k in range(52)) for d in (40, 48)}


def _partners(card: Card, others: Sequence[Card], deck: int) -> bool:
    """Whether `card` pairs with one of `others` (same rank) or sits within two
    steps of one in its suit (a near-run)."""
    pos = _POS_OF[deck]
    for y in others:
        if y is card:
            continue
        if y.rank == card.rank:
            return True
        if y.suit == card.suit and abs(pos[y.rank] - pos[card.rank]) <= 2:
            return True
    return False


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
