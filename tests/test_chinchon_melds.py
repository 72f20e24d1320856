"""Chinchón melds: validity, best arrangement (vs exhaustive search), lay-offs."""

from __future__ import annotations

import itertools
import random

import pytest

from sobremesa.core.cards import Card, card_points, make_deck
from sobremesa.games.chinchon.melds import (
    best_after_draw,
    best_arrangement,
    best_layoff,
    can_close,
    is_seven_run,
    lay_off_result,
    meld_kind,
)


def C(code: str) -> Card:
    return Card.from_code(code)


def H(codes: str) -> list[Card]:
    return [C(x) for x in codes.split()]


# ---------------------------------------------------------------------------
# Cards (core/cards.py)


def test_card_codes_round_trip_and_decks() -> None:
    from sobremesa.core.cards import in_deck, run_position

    assert C("7o") == Card("oros", 7) and C("12c").rank == 12 and C("1e#1").copy == 1
    assert [c.code for c in H("7o 12c 1e#1 10b")] == ["7o", "12c", "1e#1", "10b"]
    for size, copies in ((40, 1), (48, 1), (40, 2), (48, 2)):
        deck = make_deck(size, copies)
        assert len(deck) == size * copies and len(set(deck)) == len(deck)
        assert all(Card.from_code(c.code) is c for c in deck)
        assert all(in_deck(c, size, copies) for c in deck)
    assert {c.rank for c in make_deck(40)} == {1, 2, 3, 4, 5, 6, 7, 10, 11, 12}
    assert not in_deck(C("8o"), 40) and in_deck(C("8o"), 48) and not in_deck(C("8o#1"), 48)
    assert run_position(7, 40) + 1 == run_position(10, 40)
    assert run_position(7, 48) + 3 == run_position(10, 48)
    with pytest.raises(ValueError):
        run_position(8, 40)
    for bad in ("13o", "7x", "0c", "7o#2", ""):
        with pytest.raises(ValueError):
            Card.from_code(bad)
    with pytest.raises(ValueError):
        Card("oros", 13)
    with pytest.raises(ValueError):
        make_deck(44)


def test_cards_are_interned_and_immutable() -> None:
    import copy
    import dataclasses
    import pickle

    a = Card("copas", 5)
    assert a is Card("copas", 5) is C("5c")
    assert copy.deepcopy(a) is a and pickle.loads(pickle.dumps(a)) is a
    assert dataclasses.replace(a, rank=6) is C("6c")
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.rank = 6  # type: ignore[misc]
    assert {a: 1}[Card("copas", 5)] == 1


# ---------------------------------------------------------------------------
# Validity


@pytest.mark.parametrize(
    ("codes", "deck", "kind"),
    [
        ("6o 7o 10o", 40, "run"),  # 7 and sota are consecutive in the 40-card deck
        ("7o 10o 11o 12o", 40, "run"),
        ("7o 10o 11o", 48, None),  # ...but not in the 48-card deck
        ("7o 8o 9o", 48, "run"),
        ("8o 9o 10o", 48, "run"),
        ("7o 8o 9o", 40, None),  # no 8 and 9 in the 40-card deck
        ("6o 7o 8o", 40, None),
        ("1c 2c 3c", 40, "run"),  # ace low
        ("11c 12c 1c", 40, None),  # no caballo-rey-as
        ("12c 1c 2c", 40, None),  # no rey-as-dos
        ("11c 12c 1c", 48, None),
        ("12c 1c 2c", 48, None),
        ("1o 2o 4o", 40, None),  # gap
        ("1o 2c 3o", 40, None),  # mixed suits
        ("5o 5c 5e", 40, "set"),
        ("5o 5c 5e 5b", 40, "set"),
        ("10o 10c 10e 10b", 40, "set"),
        ("5o 5c", 40, None),  # too short
        ("5o 6o", 40, None),
        ("5o 5c 5e 5b 5o#1", 40, "set"),  # two decks: more than 4
        ("5o 5c 5e 5b 5o#1 5c#1 5e#1 5b#1", 48, "set"),
        ("5o 5o#1 5c", 40, "set"),  # the same card from both decks
        ("4o 5o 5o#1 6o", 40, None),  # a run cannot repeat a value
        ("4o 5o#1 6o", 40, "run"),
        ("1e 2e 3e 4e 5e 6e 7e 10e 11e 12e", 40, "run"),
    ],
)
def test_meld_kind(codes: str, deck: int, kind: str | None) -> None:
    assert meld_kind(H(codes), deck) == kind


def test_meld_kind_rejects_the_same_card_twice() -> None:
    assert meld_kind([C("5o"), C("5o"), C("5c")], 40) is None


def test_points_by_deck() -> None:
    assert [card_points(C(x), 40) for x in ("1o", "7o", "10o", "11o", "12o")] == [1, 7, 8, 9, 10]
    assert [card_points(C(x), 48) for x in ("1o", "8o", "9o", "10o", "12o")] == [1, 8, 9, 10, 12]


def test_seven_run() -> None:
    assert is_seven_run(H("1o 2o 3o 4o 5o 6o 7o"), 40)
    assert is_seven_run(H("4c 5c 6c 7c 10c 11c 12c"), 40)
    assert not is_seven_run(H("4c 5c 6c 7c 10c 11c 12c"), 48)
    assert not is_seven_run(H("1o 2o 3o 4o 5o 6o 6c"), 40)
    assert not is_seven_run(H("1o 2o 3o 4o 5o 6o"), 40)


# ---------------------------------------------------------------------------
# Best arrangement: examples


def test_prefers_the_arrangement_with_fewest_loose_points() -> None:
    # set of 4s leaves 5o 6o (11); run 4-5-6 of oros leaves 4c 4e (8)
    arr = best_arrangement(H("4o 4c 4e 5o 6o"), 40)
    assert arr.loose_points == 8
    assert arr.melds == (tuple(H("4o 5o 6o")),)
    assert set(arr.loose) == set(H("4c 4e"))


def test_a_card_shared_by_a_set_and_a_run() -> None:
    # 7o in the run 5-6-7 (loose 7c 7e = 14) or in the set of 7s (loose 5o 6o = 11)
    arr = best_arrangement(H("5o 6o 7o 7c 7e"), 40)
    assert arr.loose_points == 11
    # with a fourth 7 both melds fit: 5-6-7 oros + 7c 7e 7b
    arr = best_arrangement(H("5o 6o 7o 7c 7e 7b"), 40)
    assert arr.loose_points == 0 and len(arr.melds) == 2


def test_sota_points_and_runs_depend_on_the_deck() -> None:
    arr40 = best_arrangement(H("6o 7o 10o 1c"), 40)
    assert arr40.loose_points == 1 and arr40.melds == (tuple(H("6o 7o 10o")),)
    arr48 = best_arrangement(H("6o 7o 10o 1c"), 48)
    assert arr48.loose_points == 6 + 7 + 10 + 1 and arr48.melds == ()


def test_two_deck_hand_with_duplicates() -> None:
    # 5o 5o#1 5c is a set; 4o 5o 6o a run; both need a 5 of oros: two copies make both
    arr = best_arrangement(H("4o 5o 6o 5o#1 5c 5e"), 40)
    assert arr.loose_points == 0
    assert sorted(len(m) for m in arr.melds) == [3, 3]


def test_chinchon_arrangement() -> None:
    arr = best_arrangement(H("1o 2o 3o 4o 7c 7e 7b"), 40)
    assert arr.is_chinchon and arr.loose == () and arr.loose_points == 0


def test_result_does_not_depend_on_card_order() -> None:
    rng = random.Random(5)
    deck = make_deck(40, 2)
    for _ in range(200):
        hand = rng.sample(deck, 8)
        a = best_arrangement(hand, 40)
        rng.shuffle(hand)
        assert best_arrangement(hand, 40) == a


# ---------------------------------------------------------------------------
# Best arrangement vs exhaustive search


def _exhaustive(cards: list[Card], deck: int) -> int:
    """Fewest loose points by trying every partition into melds (slow, obvious)."""
    cards = list(cards)
    if not cards:
        return 0
    first, rest = cards[0], cards[1:]
    best = card_points(first, deck) + _exhaustive(rest, deck)
    for size in range(2, len(rest) + 1):
        for others in itertools.combinations(rest, size):
            meld = [first, *others]
            if meld_kind(meld, deck) is not None:
                left = [c for c in rest if c not in others]
                best = min(best, _exhaustive(left, deck))
    return best


def _check(arr, cards: list[Card], deck: int) -> None:
    used = [c for m in arr.melds for c in m] + list(arr.loose)
    assert sorted(used, key=lambda c: c.sort_key) == sorted(cards, key=lambda c: c.sort_key)
    for m in arr.melds:
        assert meld_kind(m, deck) is not None
    assert arr.loose_points == sum(card_points(c, deck) for c in arr.loose)


def _meldy_sample(rng: random.Random, deck: list[Card], k: int) -> list[Card]:
    """Hands rich in melds: draw from a few ranks and one or two suits."""
    ranks = sorted({c.rank for c in deck})
    lo = rng.randrange(len(ranks) - 4)
    window = set(ranks[lo : lo + rng.choice((3, 4, 5))])
    suits = set(rng.sample(["oros", "copas", "espadas", "bastos"], rng.choice((1, 2, 4))))
    pool = [c for c in deck if c.rank in window or c.suit in suits]
    return rng.sample(pool, k)


@pytest.mark.parametrize(("deck", "copies"), [(40, 1), (48, 1), (40, 2), (48, 2)])
def test_best_arrangement_matches_exhaustive_search(deck: int, copies: int) -> None:
    rng = random.Random(1000 * deck + copies)
    cards = make_deck(deck, copies)
    for i in range(300):
        k = 7 + i % 2
        hand = rng.sample(cards, k) if i % 3 == 0 else _meldy_sample(rng, cards, k)
        arr = best_arrangement(hand, deck)
        _check(arr, hand, deck)
        assert arr.loose_points == _exhaustive(hand, deck), hand


def test_two_deck_hands_really_contain_duplicates() -> None:
    """Guard for the test above: the sampler does produce same-card pairs."""
    rng = random.Random(2001)
    cards = make_deck(40, 2)
    dup = 0
    for _ in range(300):
        hand = _meldy_sample(rng, cards, 8)
        dup += len({(c.suit, c.rank) for c in hand}) < len(hand)
    assert dup > 50


# ---------------------------------------------------------------------------
# Closing


def test_can_close_thresholds() -> None:
    # 8 cards: two melds + 5o + 12b: discard 12b -> 5 loose points: allowed
    hand = H("1o 2o 3o 7c 7e 7b 5o 12b")
    opts = dict(can_close(hand, 40))
    assert C("12b") in opts and opts[C("12b")].loose_points == 5
    assert C("5o") not in opts  # 10 loose points
    # with a 6 instead of the 5: 6 loose points, no close at all
    assert can_close(H("1o 2o 3o 7c 7e 7b 6o 12b"), 40) == []


def test_can_close_finds_chinchon() -> None:
    opts = can_close(H("1o 2o 3o 4o 7c 7e 7b 12b"), 40)
    chinchon = [c for c, a in opts if a.is_chinchon]
    # face down 12b (all 7 melded) or 1o / 4o (the run stays 3 long, 12b loose = 10: no)
    assert chinchon == [C("12b")]


# ---------------------------------------------------------------------------
# Lay-offs


def test_lay_off_on_sets() -> None:
    assert lay_off_result(C("5b"), H("5o 5c 5e"), 40) == tuple(H("5o 5c 5e 5b"))
    assert lay_off_result(C("6b"), H("5o 5c 5e"), 40) is None
    # two decks: any card of the rank, also the twin of one already there
    assert lay_off_result(C("5o#1"), H("5o 5c 5e 5b"), 40, copies=2) is not None


def test_lay_off_on_runs_one_deck_both_ends() -> None:
    run = H("4c 5c 6c")
    assert lay_off_result(C("3c"), run, 40) == tuple(H("3c 4c 5c 6c"))
    assert lay_off_result(C("7c"), run, 40) == tuple(H("4c 5c 6c 7c"))
    assert lay_off_result(C("2c"), run, 40) is None  # not adjacent
    assert lay_off_result(C("7o"), run, 40) is None  # other suit
    assert lay_off_result(C("10c"), H("5c 6c 7c"), 40) is not None  # sota follows 7 (40)
    assert lay_off_result(C("10c"), H("5c 6c 7c"), 48) is None
    assert lay_off_result(C("8c"), H("5c 6c 7c"), 48) is not None
    # no wrap-around
    assert lay_off_result(C("1c"), H("10c 11c 12c"), 40) is None
    assert lay_off_result(C("12c"), H("1c 2c 3c"), 40) is None


def test_lay_off_on_runs_two_decks_upward_only_and_no_repeats() -> None:
    run = H("4c 5c 6c")
    assert lay_off_result(C("7c"), run, 40, copies=2) == tuple(H("4c 5c 6c 7c"))
    assert lay_off_result(C("3c"), run, 40, copies=2) is None  # not leftwards
    assert lay_off_result(C("3c#1"), run, 40, copies=2) is None
    assert lay_off_result(C("5c#1"), run, 40, copies=2) is None  # no repeated value
    assert lay_off_result(C("6c#1"), run, 40, copies=2) is None


def test_best_layoff_chains_cards() -> None:
    # 4-5-6 of copas on the table; the hand holds 7c and sota de copas: both go.
    plan = best_layoff(H("7c 10c 12o 2e"), [H("4c 5c 6c")], 40)
    assert [c for c, _ in plan.layoffs] == H("7c 10c")
    assert plan.points == 10 + 2
    assert plan.melds_after == (tuple(H("4c 5c 6c 7c 10c")),)


def test_best_layoff_keeps_own_melds_when_better() -> None:
    # 7c could go on 4-5-6 of copas, but 7c 7e 7b is an own set: keep it and lay off nothing
    plan = best_layoff(H("7c 7e 7b 1o"), [H("4c 5c 6c")], 40)
    assert plan.layoffs == () and plan.points == 1
    # Here laying off 3c breaks nothing and saves 3 points
    plan = best_layoff(H("7c 7e 7b 3c"), [H("4c 5c 6c")], 40)
    assert plan.layoffs == ((C("3c"), 0),) and plan.points == 0


def test_best_layoff_two_decks_only_upward() -> None:
    plan = best_layoff(H("3c 7c"), [H("4c 5c 6c")], 40, copies=2)
    assert plan.layoffs == ((C("7c"), 0),) and plan.points == 3


def _brute_layoff(hand, melds, deck, copies) -> int:
    best = best_arrangement(hand, deck).loose_points
    for i, card in enumerate(hand):
        for mi, m in enumerate(melds):
            new = lay_off_result(card, m, deck, copies)
            if new is not None:
                rest = hand[:i] + hand[i + 1 :]
                best = min(
                    best,
                    _brute_layoff(rest, melds[:mi] + [list(new)] + melds[mi + 1 :], deck, copies),
                )
    return best


@pytest.mark.parametrize(("deck", "copies"), [(40, 1), (48, 1), (40, 2)])
def test_best_layoff_matches_brute_force(deck: int, copies: int) -> None:
    rng = random.Random(deck * 7 + copies)
    cards = make_deck(deck, copies)
    checked = 0
    for _ in range(300):
        closer = _meldy_sample(rng, cards, 8)
        arr = best_arrangement(closer, deck)
        if not arr.melds:
            continue
        pool = [c for c in cards if c not in closer]
        hand = _meldy_sample(rng, pool, 7) if len(pool) > 20 else rng.sample(pool, 7)
        melds = [list(m) for m in arr.melds]
        plan = best_layoff(hand, melds, deck, copies)
        assert plan.points == _brute_layoff(hand, melds, deck, copies)
        # replaying the plan is legal and gives the promised melds
        cur = [tuple(m) for m in melds]
        left = list(hand)
        for card, mi in plan.layoffs:
            new = lay_off_result(card, cur[mi], deck, copies)
            assert new is not None
            cur[mi] = new
            left.remove(card)
        assert tuple(cur) == plan.melds_after
        assert best_arrangement(left, deck).loose_points == plan.points
        checked += 1
    assert checked > 100


# ---------------------------------------------------------------------------
# One draw ahead (bots)


@pytest.mark.parametrize(("deck", "copies"), [(40, 1), (48, 1), (40, 2), (48, 2)])
@pytest.mark.slow
def test_best_after_draw_matches_trying_every_discard(deck: int, copies: int) -> None:
    rng = random.Random(deck + copies)
    cards = make_deck(deck, copies)
    for _ in range(60):
        hand = _meldy_sample(rng, cards, 7)
        draws = [c for c in cards if c not in hand]
        got = best_after_draw(hand, draws, deck)
        for y in draws:
            h8 = [*hand, y]
            want = min(best_arrangement([x for x in h8 if x != d], deck).loose_points for d in h8)
            assert got[y] == want, (hand, y)
