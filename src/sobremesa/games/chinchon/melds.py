"""Chinchón melds: sets (grupos), runs (escaleras), best arrangement, lay-offs.

- A set is 3 or more cards of the same rank, any suits. With two decks the same
  card may appear twice, so a set can hold up to 8 cards.
- A run is 3 or more cards of one suit whose ranks are consecutive in the deck's
  sequence (40 cards: 1-7, sota, caballo, rey, so 7-sota is consecutive; 48 cards:
  1-12). The ace is only low: no rey-as or rey-as-2. A run never holds the same
  rank twice.
- `best_arrangement` splits a hand into melds so that the loose cards add up to the
  fewest points. Ties: fewer loose cards, then fewer melds (longer melds), then a
  fixed order, so the result depends only on the set of cards.
- Lay-off (colocar) on a closer's meld: a set takes any card of its rank; a run
  takes the next card at either end with one deck, and only at the top end with
  two decks (seed: "estrictamente de izquierda a derecha", one card per value).
"""

from __future__ import annotations

import sys
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import update_wrapper
from itertools import combinations, product
from typing import Any, NamedTuple

from sobremesa.core.cards import RANKS_48, SUITS, Card, card_points, run_position

MAX_CLOSE_POINTS = 5

# ---------------------------------------------------------------------------
# Integer encoding used by the solver: id = (suit * 12 + rank - 1) * 2 + copy.
# Sorting ids sorts by suit, then rank, then copy (the canonical card order).

_CARD_BY_ID: list[Card] = [Card(s, r, c) for s in SUITS for r in RANKS_48 for c in (0, 1)]
_ID: dict[Card, int] = {c: i for i, c in enumerate(_CARD_BY_ID)}
_RANK = [c.rank for c in _CARD_BY_ID]
_SUIT = [c.suit_index for c in _CARD_BY_ID]
_POS: dict[int, list[int]] = {}
_PTS: dict[int, list[int]] = {}
for _d in (40, 48):
    _POS[_d] = [
        run_position(c.rank, _d) if (_d == 48 or c.rank not in (8, 9)) else -100
        for c in _CARD_BY_ID
    ]
    _PTS[_d] = [card_points(c, _d) for c in _CARD_BY_ID]
del _d


# ---------------------------------------------------------------------------
# Caches bounded by their size in memory (a long session plays many games in one
# process: a cache bounded only by its number of entries grew with every game).

#: Bytes an entry costs besides its key and value (the ordered dict's slot and link).
ENTRY_OVERHEAD = 160


def approx_bytes(obj: object) -> int:
    """Memory held by a cached key or value: its tuples, lists, dicts, objects and
    large ints, followed inside. Cards and small ints are shared, so free."""
    if obj is None or isinstance(obj, (bool, Card)):
        return 0
    if isinstance(obj, int):
        return 0 if -5 <= obj <= 256 else sys.getsizeof(obj)
    if isinstance(obj, (tuple, list, frozenset, set)):
        return sys.getsizeof(obj) + sum(approx_bytes(x) for x in obj)
    if isinstance(obj, dict):
        return sys.getsizeof(obj) + sum(approx_bytes(k) + approx_bytes(v) for k, v in obj.items())
    fields = getattr(obj, "__dict__", None)
    if fields is not None:
        return sys.getsizeof(obj) + approx_bytes(fields)
    return sys.getsizeof(obj)


class CacheInfo(NamedTuple):
    hits: int
    misses: int
    entries: int
    bytes: int
    max_bytes: int


class SizedCache:
    """Least-recently-used cache of a function, bounded by bytes: each entry's size
    (``approx_bytes`` of its arguments and result, plus ``ENTRY_OVERHEAD``) is
    counted when it is stored, and the oldest entries go while the total is over
    ``max_bytes``. Measuring is slower than a hit, so after the first
    ``MEASURE_FIRST`` entries one in ``MEASURE_EVERY`` is measured and the others
    count the mean size so far (the entries of one cache are much alike).
    Positional, hashable arguments only. Like ``functools.lru_cache`` it has
    ``cache_info()`` and ``cache_clear()``."""

    MEASURE_FIRST = 32
    MEASURE_EVERY = 32

    def __init__(self, fn: Callable[..., Any], max_bytes: int) -> None:
        self._fn = fn
        self.max_bytes = max_bytes
        self._data: OrderedDict[tuple, tuple[Any, int]] = OrderedDict()
        self.bytes = 0
        self.hits = self.misses = 0
        self._measured = self._measured_bytes = 0
        update_wrapper(self, fn)

    def _cost(self, args: tuple, value: Any) -> int:
        n = self._measured
        if n < self.MEASURE_FIRST or self.misses % self.MEASURE_EVERY == 0:
            cost = ENTRY_OVERHEAD + approx_bytes(args) + approx_bytes(value)
            self._measured = n + 1
            self._measured_bytes += cost
            return cost
        return self._measured_bytes // n

    def __call__(self, *args: Any) -> Any:
        data = self._data
        entry = data.get(args)
        if entry is not None:
            data.move_to_end(args)
            self.hits += 1
            return entry[0]
        self.misses += 1
        value = self._fn(*args)
        cost = self._cost(args, value)
        old = data.pop(args, None)  # stored meanwhile by a nested call
        if old is not None:
            self.bytes -= old[1]
        data[args] = (value, cost)
        self.bytes += cost
        while self.bytes > self.max_bytes and data:
            _, (_, freed) = data.popitem(last=False)
            self.bytes -= freed
        return value

    def __len__(self) -> int:
        return len(self._data)

    def cache_info(self) -> CacheInfo:
        return CacheInfo(self.hits, self.misses, len(self._data), self.bytes, self.max_bytes)

    def cache_clear(self) -> None:
        self._data.clear()
        self.bytes = 0
        self.hits = self.misses = 0
        self._measured = self._measured_bytes = 0

    def measured_bytes(self) -> int:
        """Every entry measured now (slow: for tests and benchmarks)."""
        return sum(
            ENTRY_OVERHEAD + approx_bytes(args) + approx_bytes(value)
            for args, (value, _) in self._data.items()
        )


#: Every cache made by ``sized_cache`` (this module's and the bots'), for tests
#: and benchmarks.
CACHES: list[SizedCache] = []


def sized_cache(max_bytes: int) -> Callable[[Callable[..., Any]], SizedCache]:
    """Decorator: ``@sized_cache(2 << 20)`` caches a function in about 2 MB at most."""

    def wrap(fn: Callable[..., Any]) -> SizedCache:
        cache = SizedCache(fn, max_bytes)
        CACHES.append(cache)
        return cache

    return wrap


# About 400 bytes an arrangement, 200 a list of points: a few thousand hands each,
# several games' worth (a game meets about 400 hands per seat).
SOLVE_CACHE_BYTES = 2 << 20
DROP_CACHE_BYTES = 1 << 20
KIND_CACHE_BYTES = 256 << 10
#: The bots' cache of a hand's structure (``bots._structure``), about 700 bytes a hand.
STRUCTURE_CACHE_BYTES = 2 << 20


def card_id(card: Card) -> int:
    """Small integer of a card (0..95), ordered by suit, rank, copy."""
    return _ID[card]


def card_of_id(i: int) -> Card:
    return _CARD_BY_ID[i]


def _check_deck(deck_size: int) -> None:
    if deck_size not in (40, 48):
        raise ValueError(f"deck size must be 40 or 48, not {deck_size!r}")


# ---------------------------------------------------------------------------
# Validity


def meld_kind(cards: Sequence[Card], deck_size: int) -> str | None:
    """ "set", "run" or None if the cards do not form a meld (at least 3 cards)."""
    _check_deck(deck_size)
    if len(cards) < 3 or len(set(cards)) != len(cards):
        return None
    if len({c.rank for c in cards}) == 1:
        return "set"
    if len({c.suit for c in cards}) != 1:
        return None
    pos = _POS[deck_size]
    ps = sorted(pos[_ID[c]] for c in cards)
    if ps[0] < 0:
        return None
    if all(b == a + 1 for a, b in zip(ps, ps[1:], strict=False)):
        return "run"
    return None


@sized_cache(KIND_CACHE_BYTES)
def _kind_cached(meld: tuple[Card, ...], deck_size: int) -> str | None:
    return meld_kind(meld, deck_size)


def is_meld(cards: Sequence[Card], deck_size: int) -> bool:
    return meld_kind(cards, deck_size) is not None


def sort_meld(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Canonical order of a meld: sets by suit, runs from the lowest card up."""
    return tuple(sorted(cards, key=_ID.__getitem__))


def lay_off_result(
    card: Card, meld: Sequence[Card], deck_size: int, copies: int = 1
) -> tuple[Card, ...] | None:
    """The meld after laying `card` on it, or None if the card does not fit.

    Sets take any card of their rank (a one-deck set is full at 4). Runs take the
    next card of their suit: at either end with one deck, only at the top end with
    two decks; never a rank already in the run, and never past the ace or the rey.
    """
    meld = tuple(meld)
    kind = _kind_cached(meld, deck_size)
    if kind is None or card in meld:
        return None
    pos = _POS[deck_size]
    if pos[_ID[card]] < 0:
        return None
    if kind == "set":
        if card.rank != meld[0].rank:
            return None
        return sort_meld((*meld, card))
    if card.suit != meld[0].suit:
        return None
    ps = [pos[_ID[c]] for c in meld]
    p = pos[_ID[card]]
    if p == max(ps) + 1 or (copies == 1 and p == min(ps) - 1):
        return sort_meld((*meld, card))
    return None


# ---------------------------------------------------------------------------
# Best arrangement


@dataclass(frozen=True)
class Arrangement:
    melds: tuple[tuple[Card, ...], ...]
    loose: tuple[Card, ...]
    loose_points: int

    @property
    def melded_count(self) -> int:
        return sum(len(m) for m in self.melds)

    @property
    def is_chinchon(self) -> bool:
        """All cards melded (a Chinchón when the hand has 7 cards)."""
        return not self.loose and bool(self.melds)

    def to_dict(self) -> dict:
        return {
            "melds": [[c.code for c in m] for m in self.melds],
            "loose": [c.code for c in self.loose],
            "loose_points": self.loose_points,
        }


def _candidate_melds(ids: tuple[int, ...], deck_size: int) -> list[int]:
    """Every meld among the cards, as bitmasks over positions in `ids`."""
    melds: list[int] = []
    pos = _POS[deck_size]
    by_rank: dict[int, list[int]] = {}
    suit_bits = [0, 0, 0, 0]
    for j, i in enumerate(ids):
        p = pos[i]
        if p < 0:
            continue
        r = _RANK[i]
        g = by_rank.get(r)
        if g is None:
            by_rank[r] = [j]
        else:
            g.append(j)
        suit_bits[_SUIT[i]] |= 1 << p
    for js in by_rank.values():
        k = len(js)
        if k < 3:
            continue
        if k == 3:
            melds.append((1 << js[0]) | (1 << js[1]) | (1 << js[2]))
            continue
        for size in range(3, k + 1):
            for combo in combinations(js, size):
                m = 0
                for j in combo:
                    m |= 1 << j
                melds.append(m)
    for suit in range(4):
        bits = suit_bits[suit]
        if not (bits & (bits >> 1) & (bits >> 2)):
            continue  # no three consecutive positions in this suit
        slots: dict[int, list[int]] = {}
        for j, i in enumerate(ids):
            if _SUIT[i] == suit and pos[i] >= 0:
                slots.setdefault(pos[i], []).append(j)
        ps = sorted(slots)
        seg_start = 0
        for k in range(1, len(ps) + 1):
            if k < len(ps) and ps[k] == ps[k - 1] + 1:
                continue
            seg = ps[seg_start:k]
            seg_start = k
            n = len(seg)
            for a in range(n - 2):
                for b in range(a + 3, n + 1):
                    choices = [slots[p] for p in seg[a:b]]
                    for pick in product(*choices):
                        m = 0
                        for j in pick:
                            m |= 1 << j
                        melds.append(m)
    return melds


def _dp(ids: tuple[int, ...], deck_size: int):
    """Points per card, the meldable mask and the memoized search f(mask) ->
    (loose points, loose cards, melds, chosen meld masks) over the meldable cards."""
    pts_table = _PTS[deck_size]
    pts = [pts_table[i] for i in ids]
    melds = _candidate_melds(ids, deck_size)
    meldable = 0
    by_low: dict[int, list[int]] = {}
    for m in melds:
        meldable |= m
        low = (m & -m).bit_length() - 1
        by_low.setdefault(low, []).append(m)
    memo: dict[int, tuple[int, int, int, tuple[int, ...]]] = {0: (0, 0, 0, ())}

    def f(mask: int) -> tuple[int, int, int, tuple[int, ...]]:
        r = memo.get(mask)
        if r is not None:
            return r
        lowbit = mask & -mask
        i = lowbit.bit_length() - 1
        sub = f(mask ^ lowbit)
        best = (sub[0] + pts[i], sub[1] + 1, sub[2], sub[3])
        for m in by_low.get(i, ()):
            if m & mask == m:
                sub = f(mask ^ m)
                if (sub[0], sub[1], sub[2] + 1) < best[:3]:
                    best = (sub[0], sub[1], sub[2] + 1, (m, *sub[3]))
        memo[mask] = best
        return best

    return pts, meldable, f


@sized_cache(SOLVE_CACHE_BYTES)
def _solve(ids: tuple[int, ...], deck_size: int) -> Arrangement:
    n = len(ids)
    pts, meldable, f = _dp(ids, deck_size)
    chosen = f(meldable)[3] if meldable else ()
    used = 0
    out_melds = []
    for m in chosen:
        used |= m
        out_melds.append(tuple(_CARD_BY_ID[ids[j]] for j in range(n) if m >> j & 1))
    loose_idx = [j for j in range(n) if not (used >> j & 1)]
    loose = tuple(_CARD_BY_ID[ids[j]] for j in loose_idx)
    out_melds.sort(key=lambda m: _ID[m[0]])
    return Arrangement(tuple(out_melds), loose, sum(pts[j] for j in loose_idx))


@sized_cache(DROP_CACHE_BYTES)
def _drop_points(ids: tuple[int, ...], deck_size: int) -> tuple[int, ...]:
    """Fewest loose points of the hand without ids[k], for every k (one shared search)."""
    n = len(ids)
    pts, meldable, f = _dp(ids, deck_size)
    total = sum(pts)
    out = []
    for k in range(n):
        bit = 1 << k
        mask = meldable & ~bit
        forced = total - pts[k] - sum(pts[j] for j in range(n) if meldable >> j & 1 and j != k)
        out.append(forced + (f(mask)[0] if mask else 0))
    return tuple(out)


def best_arrangement(cards: Iterable[Card], deck_size: int) -> Arrangement:
    """Melds and loose cards with the fewest loose points (see module docstring)."""
    _check_deck(deck_size)
    ids = tuple(sorted(_ID[c] for c in cards))
    if len(set(ids)) != len(ids):
        raise ValueError("the same card twice in a hand")
    return _solve(ids, deck_size)


def loose_points(cards: Iterable[Card], deck_size: int) -> int:
    return best_arrangement(cards, deck_size).loose_points


def can_close(
    hand: Sequence[Card], deck_size: int, max_points: int = MAX_CLOSE_POINTS
) -> list[tuple[Card, Arrangement]]:
    """For an 8-card hand: every (card to put face down, arrangement of the other 7)
    with at most `max_points` loose points, in canonical card order."""
    _check_deck(deck_size)
    ids = tuple(sorted(_ID[c] for c in hand))
    out = []
    for k, p in enumerate(_drop_points(ids, deck_size)):
        if p <= max_points:
            out.append((_CARD_BY_ID[ids[k]], _solve(ids[:k] + ids[k + 1 :], deck_size)))
    return out


def points_without_each(hand: Sequence[Card], deck_size: int) -> dict[Card, int]:
    """For each card: the fewest loose points of the hand without it (fast)."""
    _check_deck(deck_size)
    ids = tuple(sorted(_ID[c] for c in hand))
    return {_CARD_BY_ID[i]: p for i, p in zip(ids, _drop_points(ids, deck_size), strict=True)}


def is_seven_run(cards: Sequence[Card], deck_size: int) -> bool:
    """True for 7 cards forming one run of one suit (the seven_run_wins variant)."""
    return len(cards) == 7 and meld_kind(cards, deck_size) == "run"


def card_points_of(cards: Iterable[Card], deck_size: int) -> int:
    return sum(card_points(c, deck_size) for c in cards)


# ---------------------------------------------------------------------------
# Best lay-off


@dataclass(frozen=True)
class LayoffPlan:
    """Lay-offs (card, meld index) in the order to make them, the seat's own
    arrangement of what is left, and the resulting points."""

    layoffs: tuple[tuple[Card, int], ...]
    arrangement: Arrangement
    points: int
    melds_after: tuple[tuple[Card, ...], ...]


def best_layoff(
    hand: Sequence[Card],
    closer_melds: Sequence[Sequence[Card]],
    deck_size: int,
    copies: int = 1,
) -> LayoffPlan:
    """The lay-offs that leave this seat with the fewest points.

    Searches every order of lay-offs (a card laid off can let another follow it),
    keeping the rest of the hand in the seat's own best melds. Ties: fewer lay-offs
    (keeps the closer's melds short for the players after), then a fixed order.
    """
    _check_deck(deck_size)
    start_hand = tuple(sorted(hand, key=_ID.__getitem__))
    start_melds = tuple(sort_meld(m) for m in closer_melds)
    memo: dict[tuple, tuple[int, int, tuple[tuple[Card, int], ...]]] = {}

    def search(h: tuple[Card, ...], melds: tuple[tuple[Card, ...], ...]):
        key = (h, melds)
        r = memo.get(key)
        if r is not None:
            return r
        best = (best_arrangement(h, deck_size).loose_points, 0, ())
        for card in h:
            for mi, meld in enumerate(melds):
                new = lay_off_result(card, meld, deck_size, copies)
                if new is None:
                    continue
                rest = tuple(c for c in h if c != card)
                sub = search(rest, melds[:mi] + (new,) + melds[mi + 1 :])
                cand = (sub[0], sub[1] + 1, ((card, mi), *sub[2]))
                if cand[:2] < best[:2]:
                    best = cand
        memo[key] = best
        return best

    points, _, plan = search(start_hand, start_melds)
    melds = list(start_melds)
    left = list(start_hand)
    for card, mi in plan:
        melds[mi] = lay_off_result(card, melds[mi], deck_size, copies)  # type: ignore[assignment]
        left.remove(card)
    arr = best_arrangement(left, deck_size)
    assert arr.loose_points == points
    return LayoffPlan(tuple(plan), arr, points, tuple(melds))


# ---------------------------------------------------------------------------
# One draw ahead (used by the bots)


@sized_cache(DROP_CACHE_BYTES)
def _drop_one(ids: tuple[int, ...], deck_size: int) -> int:
    """Fewest loose points after throwing away one of `ids` (a large number if empty)."""
    if not ids:
        return 1 << 20
    return min(_drop_points(ids, deck_size))


def best_after_draw(hand: Sequence[Card], draws: Iterable[Card], deck_size: int) -> dict[Card, int]:
    """For each possible drawn card: the fewest loose points of the hand after drawing
    it and discarding the best card (exact; much faster than trying every discard)."""
    _check_deck(deck_size)
    h = tuple(sorted(_ID[c] for c in hand))
    base = _solve(h, deck_size).loose_points
    free = _drop_one(h, deck_size)
    pos = _POS[deck_size]
    pts = _PTS[deck_size]
    by_rank: dict[int, list[int]] = {}
    by_suit_pos: dict[tuple[int, int], list[int]] = {}
    for i in h:
        by_rank.setdefault(_RANK[i], []).append(i)
        if pos[i] >= 0:
            by_suit_pos.setdefault((_SUIT[i], pos[i]), []).append(i)
    out: dict[Card, int] = {}
    for card in draws:
        y = _ID[card]
        best = min(base, free + pts[y])
        py = pos[y]
        if py >= 0:
            partners: list[tuple[int, ...]] = []
            same = by_rank.get(_RANK[y], ())
            for size in range(2, len(same) + 1):
                partners.extend(combinations(same, size))
            s = _SUIT[y]
            lo = py
            while (s, lo - 1) in by_suit_pos:
                lo -= 1
            hi = py
            while (s, hi + 1) in by_suit_pos:
                hi += 1
            for a in range(lo, py + 1):
                for b in range(max(py, a + 2), hi + 1):
                    slots = [by_suit_pos[(s, q)] for q in range(a, b + 1) if q != py]
                    partners.extend(product(*slots))
            for part in partners:
                rest = tuple(i for i in h if i not in part)
                v = _drop_one(rest, deck_size)
                if v < best:
                    best = v
        out[card] = best
    return out
