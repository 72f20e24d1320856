"""Chinchón's meld caches are bounded by their size in memory, not by a count of
games: many positions in one process leave each cache under its byte budget."""

from __future__ import annotations

import random

import pytest

from sobremesa.core.cards import make_deck
from sobremesa.games.chinchon import bots, melds
from sobremesa.games.chinchon.melds import (
    CACHES,
    ENTRY_OVERHEAD,
    SizedCache,
    approx_bytes,
    best_after_draw,
    best_arrangement,
    best_layoff,
    can_close,
    card_id,
    points_without_each,
)


@pytest.fixture
def fresh_caches():
    for cache in CACHES:
        cache.cache_clear()
    yield
    for cache in CACHES:
        cache.cache_clear()


def test_every_solver_cache_is_sized():
    cached = {
        "_solve": melds._solve,
        "_drop_points": melds._drop_points,
        "_drop_one": melds._drop_one,
        "_kind_cached": melds._kind_cached,
        "_structure": bots._structure,
    }
    for name, fn in cached.items():
        assert isinstance(fn, SizedCache), name
        assert fn in CACHES, name
    # Together a few megabytes at most, whatever the number of games.
    assert sum(cache.max_bytes for cache in CACHES) <= 8 << 20


@pytest.mark.slow
def test_many_positions_stay_under_each_cache_budget(fresh_caches):
    """More distinct hands than any cache can hold: each evicts and stays under
    its budget, counted and measured."""
    rng = random.Random(15)
    for deck_size, copies in ((40, 1), (48, 1), (40, 2)):
        deck = make_deck(deck_size, copies)
        for _ in range(2_500):
            hand = rng.sample(deck, 8)
            best_arrangement(hand[:7], deck_size)
            points_without_each(hand, deck_size)
            can_close(hand, deck_size)
            best_after_draw(hand[:7], hand[7:], deck_size)
            bots._structure(tuple(sorted(card_id(c) for c in hand[:7])), deck_size)
        closer = best_arrangement(rng.sample(deck, 7), deck_size).melds
        best_layoff(rng.sample(deck, 7), closer, deck_size, copies)
    for cache in CACHES:
        info = cache.cache_info()
        assert info.bytes <= info.max_bytes, cache.__name__
        assert len(cache) * ENTRY_OVERHEAD <= info.max_bytes, cache.__name__
        # The sampled count is close to the real size of what is held.
        assert cache.measured_bytes() <= info.max_bytes * 1.1, cache.__name__
    for cache in (melds._solve, melds._drop_points, bots._structure):
        info = cache.cache_info()
        assert info.misses > len(cache) > 1000, cache.__name__  # it evicted, and holds many
        assert info.bytes > info.max_bytes * 0.9, cache.__name__  # full, not emptied


def test_a_sized_cache_evicts_the_least_recently_used():
    calls = []

    def square(x):
        calls.append(x)
        return (x * 1000, x * 1001)  # large ints: each entry has a size of its own

    entry = ENTRY_OVERHEAD + approx_bytes((1,)) + approx_bytes((1000, 1001))
    cache = SizedCache(square, max_bytes=3 * entry)
    assert [cache(x) for x in (1, 2, 3)] == [(1000, 1001), (2000, 2002), (3000, 3003)]
    assert cache(1) == (1000, 1001)  # a hit: 1 is now the newest
    cache(4)  # over budget: 2, the least recently used, goes
    assert len(cache) == 3 and cache.bytes <= cache.max_bytes
    calls.clear()
    cache(1), cache(3), cache(4)
    assert calls == []
    cache(2)
    assert calls == [2]
    info = cache.cache_info()
    assert (info.hits, info.misses) == (4, 5)
    cache.cache_clear()
    assert len(cache) == 0 and cache.bytes == 0


def test_approx_bytes_counts_containers_not_shared_cards():
    deck = make_deck(40, 1)
    arrangement = best_arrangement(deck[:7], 40)
    assert approx_bytes(deck[0]) == 0  # every card object is shared
    assert approx_bytes((1, 2, 3)) == approx_bytes((4, 5, 6)) > 0
    assert approx_bytes(arrangement) > approx_bytes(arrangement.melds) > 0
