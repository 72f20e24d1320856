"""Chinchón rules: turns, closing, lay-offs, scoring, elimination, reenganche, saves."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from sobremesa.core.cards import Card, make_deck
from sobremesa.core.game import IllegalAction
from sobremesa.games.chinchon.rules import (
    ChinchonGame,
    ChinchonOptions,
    Close,
    Discard,
    DrawStock,
    FinishLayOff,
    LayOff,
    Reenganche,
    TakeDiscard,
    action_from_dict,
    event_from_dict,
)


def C(code: str) -> Card:
    return Card.from_code(code)


def H(codes: str) -> list[Card]:
    return [C(x) for x in codes.split()]


def rig(
    hands: list[str],
    discard: str,
    *,
    stock: str | None = None,
    current: int = 0,
    mano: int = 0,
    phase: str | None = None,
    totals: list[int] | None = None,
    eliminated: list[bool] | None = None,
    taken: str | None = None,
    seed: int = 1,
    **options: Any,
) -> ChinchonGame:
    """A game in a chosen position (built through the public save format).

    Cards not placed in hands or the discard pile go to the stock (unless `stock`
    is given), so the deck stays complete."""
    opts = ChinchonOptions(players=len(hands), **options)
    game = ChinchonGame(opts, seed)
    data = game.to_dict()
    st = data["state"]
    hand_cards = [H(h) for h in hands]
    pile = H(discard)
    used = {c for h in hand_cards for c in h} | set(pile)
    if stock is None:
        rest = [c for c in make_deck(opts.deck, opts.copies) if c not in used]
    else:
        rest = H(stock)
    st["hands"] = [[c.code for c in h] for h in hand_cards]
    st["discard"] = [c.code for c in pile]
    st["stock"] = [c.code for c in rest]
    st["current"] = current
    st["mano"] = mano
    st["phase"] = phase or ("discard" if len(hand_cards[current]) == 8 else "draw")
    st["taken"] = taken
    if totals is not None:
        st["totals"] = totals
    if eliminated is not None:
        st["eliminated"] = eliminated
    return ChinchonGame.from_dict(json.loads(json.dumps(data)))


def deck_ok(game: ChinchonGame) -> bool:
    o = game.options
    return Counter(game.all_cards_in_play()) == Counter(make_deck(o.deck, o.copies))


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def refused(game: ChinchonGame, seat: int, action, reason: str) -> IllegalAction:
    before = json.dumps(game.to_dict(), sort_keys=True)
    with pytest.raises(IllegalAction) as info:
        game.apply(seat, action)
    assert info.value.reason == reason
    assert json.dumps(game.to_dict(), sort_keys=True) == before  # state unchanged
    return info.value


# ---------------------------------------------------------------------------
# Options and setup


def test_options_validation_and_decks() -> None:
    assert ChinchonOptions(players=4).copies == 1
    assert ChinchonOptions(players=5).copies == 2
    assert ChinchonOptions(players=8).copies == 2
    for bad in (
        {"players": 1},
        {"players": 9},
        {"deck": 44},
        {"limit": 50},
        {"stake": -1},
    ):
        with pytest.raises(ValueError):
            ChinchonOptions(**bad)
    o = ChinchonOptions(players=6, deck=48, limit=70, reenganche=True, seven_run_wins=True, stake=5)
    assert ChinchonOptions.from_dict(json.loads(json.dumps(o.to_dict()))) == o
    d = ChinchonOptions()
    assert (d.deck, d.limit, d.reenganche, d.seven_run_wins, d.stake) == (40, 100, False, False, 1)


@pytest.mark.parametrize(
    ("players", "deck", "stock"),
    [(2, 40, 25), (4, 40, 11), (4, 48, 19), (5, 40, 44), (8, 40, 23), (8, 48, 39)],
)
def test_deal(players: int, deck: int, stock: int) -> None:
    g = ChinchonGame(ChinchonOptions(players=players, deck=deck), seed=3)
    v = g.view(None)
    assert v.hand_counts == (7,) * players
    assert v.discard_count == 1 and v.stock_count == stock
    assert v.pot == players  # stake 1 each
    assert deck_ok(g)
    ev = g.opening_events
    assert kinds(ev)[:2] == ["match_started", "round_started"]
    assert kinds(ev).count("dealt") == players
    assert ev[-1].kind == "turn_started" and ev[-1].seat == g.current_seat == v.mano
    assert g.phase == "draw" and g.to_act() == [v.mano]


def test_first_mano_comes_from_the_seed() -> None:
    manos = [ChinchonGame(ChinchonOptions(players=4), seed=s).view(None).mano for s in range(40)]
    assert set(manos) == {0, 1, 2, 3}
    assert manos == [
        ChinchonGame(ChinchonOptions(players=4), seed=s).view(None).mano for s in range(40)
    ]


# ---------------------------------------------------------------------------
# Turns


def test_draw_then_discard_and_turn_passes_left() -> None:
    g = rig(["1o 2o 3o 7c 7e 7b 12b", "1c 2c 4e 5e 6b 10b 11b", "3c 4c 5c 6c 10e 11e 12e"], "12o")
    ev = g.apply(0, DrawStock())
    assert kinds(ev) == ["drew_stock"]
    drawn = ev[0].card
    assert drawn in g.hand(0) and len(g.hand(0)) == 8 and g.phase == "discard"
    assert ev[0].visible_to(1).card is None and ev[0].visible_to(0).card == drawn
    ev = g.apply(0, Discard(C("12b")))
    assert kinds(ev) == ["discarded", "turn_started"]
    assert g.current_seat == 1 and g.phase == "draw"
    assert g.view(None).discard_top == C("12b")
    ev = g.apply(1, TakeDiscard())
    assert ev[0].card == C("12b") and ev[0].new_top == C("12o")
    g.apply(1, Discard(C("1c")))
    assert g.current_seat == 2
    assert deck_ok(g)


def test_turn_skips_eliminated_seats() -> None:
    g = rig(
        ["1o 2o 3o 7c 7e 7b 12b", "1c 2c 4e 5e 6b 10b 11b", "3c 4c 5c 6c 10e 11e 12e"],
        "12o",
        eliminated=[False, True, False],
    )
    g.apply(0, DrawStock())
    g.apply(0, Discard(C("12b")))
    assert g.current_seat == 2


def test_illegal_actions_leave_state_unchanged() -> None:
    g = rig(["1o 2o 3o 7c 7e 7b 12b", "1c 2c 4e 5e 6b 10b 11b"], "12o")
    refused(g, 1, DrawStock(), "not_your_turn")
    refused(g, 0, Discard(C("12b")), "must_draw_first")
    refused(g, 0, Close(C("12b")), "must_draw_first")
    refused(g, 0, LayOff(C("12b"), 0), "not_layoff_phase")
    refused(g, 0, FinishLayOff(), "not_layoff_phase")
    refused(g, 0, Reenganche(True), "no_reenganche_offer")
    g.apply(0, DrawStock())
    refused(g, 0, DrawStock(), "already_drew")
    refused(g, 0, TakeDiscard(), "already_drew")
    refused(g, 0, Discard(C("1c")), "card_not_in_hand")
    refused(g, 0, Close(C("1c")), "card_not_in_hand")


def test_taken_discard_cannot_go_straight_back() -> None:
    g = rig(["1o 2o 3o 7c 7e 7b 12b", "1c 2c 4e 5e 6b 10b 11b"], "5o")
    g.apply(0, TakeDiscard())
    e = refused(g, 0, Discard(C("5o")), "same_card_back")
    assert e.details["card"] == "5o"
    refused(g, 0, Close(C("5o")), "same_card_back")
    legal = g.legal_actions(0)
    assert Discard(C("5o")) not in legal and Close(C("5o")) not in legal
    assert Discard(C("12b")) in legal and Close(C("12b")) in legal
    assert g.view(0).taken_discard == C("5o")
    g.apply(0, Close(C("12b")))  # the 5 stays loose: 5 points, allowed
    assert g.phase == "layoff"


def test_taken_discard_other_copy_may_go_with_two_decks() -> None:
    hands = [
        "1o 2o 3o 7c 7e 7b 5o#1",
        "1c 2c 4e 5e 6b 10b 11b",
        "1e 2e 3e 4o 6o 10o 11o",
        "1b 2b 3b 4b 5b 6c 10c",
        "3c 4c 5c 6e 12o 12c 12e",
    ]
    g = rig(hands, "5o")
    g.apply(0, TakeDiscard())
    refused(g, 0, Discard(C("5o")), "same_card_back")
    g.apply(0, Discard(C("5o#1")))
    assert g.view(None).discard_top == C("5o#1")


def test_stock_is_rebuilt_from_the_discards_keeping_the_top() -> None:
    hands = ["1o 2o 3o 7c 7e 7b 12b", "1c 2c 4e 5e 6b 10b 11b"]
    used = {c for h in hands for c in H(h)}
    pile = [c for c in make_deck(40) if c not in used]  # the other 26 cards, all discarded
    g = rig(hands, " ".join(c.code for c in pile), stock="")
    assert g.view(None).stock_count == 0 and deck_ok(g)
    top = pile[-1]
    ev = g.apply(0, DrawStock())
    assert kinds(ev) == ["stock_rebuilt", "drew_stock"]
    assert ev[0].cards_in_stock == 25 and ev[0].discard_top == top and ev[0].rebuilds == 1
    v = g.view(0)
    assert v.discard_top == top and v.discard_count == 1 and v.stock_count == 24
    assert v.stock_rebuilds == 1
    assert deck_ok(g)
    # the shuffle is seeded: the same position gives the same new stock
    g2 = rig(hands, " ".join(c.code for c in pile), stock="")
    assert g2.apply(0, DrawStock())[1].card == ev[1].card


def test_empty_stock_and_single_discard_only_allows_taking_it() -> None:
    g = rig(["1o 2o 3o 7c 7e 7b 12b", "1c 2c 4e 5e 6b 10b 11b"], "5o", stock="")
    assert g.legal_actions(0) == [TakeDiscard()]
    refused(g, 0, DrawStock(), "stock_empty")
    g.apply(0, TakeDiscard())
    assert g.phase == "discard"


# ---------------------------------------------------------------------------
# Closing


def test_close_with_five_points_is_allowed() -> None:
    g = rig(["1o 2o 3o 7c 7e 7b 5o 12b", "1c 2c 4e 5e 6b 10b 11b"], "12o")
    assert Close(C("12b")) in g.legal_actions(0)
    assert Close(C("5o")) not in g.legal_actions(0)
    ev = g.apply(0, Close(C("12b")))
    closed = ev[0]
    assert closed.kind == "closed" and closed.seat == 0
    assert closed.loose_points == 5 and closed.loose_cards == (C("5o"),)
    assert closed.melds == (tuple(H("1o 2o 3o")), tuple(H("7c 7e 7b")))
    assert not closed.chinchon and not closed.seven_run
    assert closed.facedown == C("12b") and closed.visible_to(1).facedown is None
    assert kinds(ev) == ["closed", "turn_started"]
    assert g.phase == "layoff" and g.current_seat == 1
    assert g.view(1).closer == 0 and g.view(1).closer_melds == closed.melds
    assert deck_ok(g)


def test_close_with_six_points_is_refused() -> None:
    g = rig(["1o 2o 3o 7c 7e 7b 6o 12b", "1c 2c 4e 5e 6b 10b 11b"], "12o")
    assert not any(isinstance(a, Close) for a in g.legal_actions(0))
    e = refused(g, 0, Close(C("12b")), "cannot_close_loose_points")
    assert e.details["loose"] == 6 and e.details["max"] == 5


def test_chinchon_scores_minus_ten_and_nobody_lays_off() -> None:
    # seat 1 holds 5o, which would fit the run 1-2-3-4 of oros: no lay-off after Chinchón
    g = rig(["1o 2o 3o 4o 7c 7e 7b 12b", "5o 2c 4e 5e 6b 6c 6e"], "12o")
    ev = g.apply(0, Close(C("12b")))
    assert ev[0].chinchon and ev[0].loose_points == 0
    assert "turn_started" not in kinds(ev)[:2]
    scored = next(e for e in ev if e.kind == "round_scored")
    res = {r.seat: r for r in scored.results}
    assert res[0].points == -10 and res[0].total == -10 and res[0].closer
    # seat 1 keeps its own set of 6s; 5o 2c 4e 5e loose = 16
    assert res[1].points == 16 and res[1].melds == (tuple(H("6c 6e 6b")),)
    assert res[1].laid_off == ()
    assert g.scores() == [-10, 16]
    assert "round_started" in kinds(ev) and g.round_no == 2
    assert g.phase == "draw"


@pytest.mark.parametrize("option", [False, True])
def test_seven_card_run(option: bool) -> None:
    g = rig(["1o 2o 3o 4o 5o 6o 7o 12b", "1c 2c 4e 5e 6b 10b 11b"], "12o", seven_run_wins=option)
    ev = g.apply(0, Close(C("12b")))
    assert ev[0].seven_run and ev[0].chinchon
    if option:
        assert kinds(ev) == ["closed", "match_over"]
        assert ev[-1].winner == 0 and ev[-1].reason == "seven_run" and ev[-1].pot == 2
        assert g.is_over() and g.to_act() == [] and g.scores() == [0, 0]
    else:
        assert not g.is_over()
        assert g.scores()[0] == -10


def test_seven_cards_in_two_melds_is_chinchon_but_not_seven_run() -> None:
    g = rig(["1o 2o 3o 4o 7c 7e 7b 12b", "1c 2c 4e 5e 6b 10b 11b"], "12o", seven_run_wins=True)
    ev = g.apply(0, Close(C("12b")))
    assert ev[0].chinchon and not ev[0].seven_run and not g.is_over()


# ---------------------------------------------------------------------------
# Lay-off


def three_player_close(**kw) -> ChinchonGame:
    # seat 0 closes: set of 7s (oros, espadas, bastos) = meld 0, run 4-5-6 de copas =
    # meld 1 (melds are listed by their first card: oros before copas), 1o loose
    g = rig(
        ["4c 5c 6c 7o 7e 7b 1o 12b", "7c 3c 12o 12e 2e 11e 11b", "10c 2c 2o 3e 3o 4o 10b"],
        "1b",
        **kw,
    )
    g.apply(0, Close(C("12b")))
    return g


def test_lay_off_both_run_ends_and_chained_by_the_next_player() -> None:
    g = three_player_close()
    assert g.phase == "layoff" and g.current_seat == 1
    legal = g.legal_actions(1)
    assert LayOff(C("7c"), 1) in legal and LayOff(C("7c"), 0) in legal
    assert LayOff(C("3c"), 1) in legal and FinishLayOff() in legal
    refused(g, 1, LayOff(C("12o"), 1), "cannot_lay_off")
    refused(g, 1, LayOff(C("7c"), 5), "no_such_meld")
    refused(g, 1, LayOff(C("10c"), 1), "card_not_in_hand")
    refused(g, 2, LayOff(C("10c"), 1), "not_your_turn")
    refused(g, 1, Discard(C("7c")), "must_lay_off")
    # the sota does not fit yet (after 6 comes 7)
    ev = g.apply(1, LayOff(C("7c"), 1))
    assert ev[0].meld_after == tuple(H("4c 5c 6c 7c"))
    ev = g.apply(1, LayOff(C("3c"), 1))
    assert ev[0].meld_after == tuple(H("3c 4c 5c 6c 7c"))
    ev = g.apply(1, FinishLayOff())
    fin = ev[0]
    assert fin.kind == "lay_off_finished" and fin.laid_off == tuple(H("7c 3c"))  # in order
    # 12o 12e 2e 11e 11b are loose: 10 + 10 + 2 + 9 + 9
    assert fin.points == 40 and fin.melds == ()
    assert g.current_seat == 2
    # seat 2: the sota follows the 7 just laid off (40 cards), the 2 goes below the 3
    assert LayOff(C("10c"), 1) in g.legal_actions(2)
    g.apply(2, LayOff(C("10c"), 1))
    g.apply(2, LayOff(C("2c"), 1))
    assert g.view(2).closer_melds[1] == tuple(H("2c 3c 4c 5c 6c 7c 10c"))
    assert deck_ok(g)
    ev = g.apply(2, FinishLayOff())
    # seat 2 keeps 2o 3o 4o as its own run; 3e 10b loose = 3 + 8
    assert ev[0].points == 11 and ev[0].melds == (tuple(H("2o 3o 4o")),)
    scored = next(e for e in ev if e.kind == "round_scored")
    assert [r.seat for r in scored.results] == [0, 1, 2]
    assert [(r.points, r.total) for r in scored.results] == [(1, 1), (40, 40), (11, 11)]
    assert scored.results[0].melds == (tuple(H("7o 7e 7b")), tuple(H("4c 5c 6c")))
    assert g.scores() == [1, 40, 11]
    assert g.round_no == 2


def test_lay_off_on_a_set() -> None:
    g = three_player_close()
    g.apply(1, LayOff(C("7c"), 0))
    assert g.view(1).closer_melds[0] == tuple(H("7o 7c 7e 7b"))
    # the run did not get the 7: the sota cannot follow it
    g.apply(1, FinishLayOff())
    refused(g, 2, LayOff(C("10c"), 1), "cannot_lay_off")


def test_lay_off_order_starts_at_the_closers_left() -> None:
    g = rig(
        ["7c 3c 12o 12e 2e 11e 11b", "4c 5c 6c 7o 7e 7b 1o 12b", "10c 2c 2o 3e 3o 4o 10b"],
        "1b",
        current=1,
    )
    g.apply(1, Close(C("12b")))
    assert g.current_seat == 2
    g.apply(2, FinishLayOff())
    assert g.current_seat == 0
    ev = g.apply(0, FinishLayOff())
    scored = next(e for e in ev if e.kind == "round_scored")
    assert [r.seat for r in scored.results] == [1, 2, 0]


def test_two_decks_runs_extend_only_upwards_without_repeats() -> None:
    hands = [
        "4c 5c 6c 7o 7e 7b 1o 12b",
        "3c 7c 7c#1 10c 2e 11e 11b",
        "1e 2e#1 3e 4o 6o 10o 11o",
        "1b 2b 3b 4b 5b 6b 10b",
        "1c 2c 3o 6e 12o 12c 12e",
    ]
    g = rig(hands, "1b#1")
    g.apply(0, Close(C("12b")))
    assert g.current_seat == 1
    legal = g.legal_actions(1)
    assert LayOff(C("3c"), 1) not in legal
    refused(g, 1, LayOff(C("3c"), 1), "cannot_lay_off")
    g.apply(1, LayOff(C("7c"), 1))
    refused(g, 1, LayOff(C("7c#1"), 1), "cannot_lay_off")  # no second 7
    g.apply(1, LayOff(C("10c"), 1))
    # the set of 7s takes the twin 7 de copas (two decks): a 5-card set
    g.apply(1, LayOff(C("7c#1"), 0))
    assert g.view(1).closer_melds == (tuple(H("7o 7c#1 7e 7b")), tuple(H("4c 5c 6c 7c 10c")))
    assert deck_ok(g)


# ---------------------------------------------------------------------------
# Scoring, elimination, reenganche, end


def finish_round(g: ChinchonGame) -> list:
    events = []
    while g.phase == "layoff":
        events += g.apply(g.current_seat, FinishLayOff())
    return events


def elimination_game(totals, **kw) -> ChinchonGame:
    # seat 2 closes with 2 points; seat 0 ends with 9 (11o), seat 1 with 5 (5e)
    g = rig(
        [
            "2c 2e 2b 3c 3e 3b 11o",
            "4o 4c 4e 6c 6e 6b 5e",
            "1o 1c 1e 10o 10c 10e 2o 12b",
        ],
        "12o",
        current=2,
        totals=totals,
        **kw,
    )
    g.apply(2, Close(C("12b")))
    return g


def test_elimination_at_exactly_the_limit() -> None:
    g = elimination_game([90, 95, 10])
    ev = finish_round(g)
    assert g.scores() == [99, 100, 12]
    elim = [e for e in ev if e.kind == "eliminated"]
    assert [(e.seat, e.total) for e in elim] == [(1, 100)]
    v = g.view(None)
    assert v.eliminated == (False, True, False)
    assert not g.is_over() and g.round_no == 2
    assert 1 not in next(e for e in ev if e.kind == "round_started").seats
    assert v.hand_counts[1] == 0


def test_limit_seventy() -> None:
    g = elimination_game([61, 65, 10], limit=70)
    ev = finish_round(g)
    assert [e.seat for e in ev if e.kind == "eliminated"] == [0, 1]
    over = ev[-1]
    assert over.kind == "match_over" and over.winner == 2 and over.reason == "last_standing"
    assert over.pot == 3 and over.totals == (70, 70, 12)


def test_last_player_standing_wins_the_pot() -> None:
    g = elimination_game([95, 96, 10], stake=5)
    ev = finish_round(g)
    assert g.is_over() and g.phase == "over" and g.to_act() == []
    assert ev[-1].winner == 2 and ev[-1].pot == 15
    assert g.view(None).winner == 2
    assert g.legal_actions(2) == []
    refused(g, 2, DrawStock(), "game_over")


def test_all_eliminated_at_once_lowest_total_wins() -> None:
    g = elimination_game([95, 96, 98])  # 104, 101, 100
    ev = finish_round(g)
    assert ev[-1].reason == "all_eliminated" and ev[-1].winner == 2
    g = elimination_game([95, 90, 99])  # 104, 95 (still in), 101
    ev = finish_round(g)
    assert ev[-1].reason == "last_standing" and ev[-1].winner == 1


def test_all_eliminated_tie_goes_to_the_closer() -> None:
    g = elimination_game([95, 96, 99])  # 104, 101, 101: seats 1 and 2 tie; 2 closed
    ev = finish_round(g)
    assert ev[-1].winner == 2


def test_reenganche_accept() -> None:
    g = elimination_game([90, 95, 10], reenganche=True, stake=2)
    ev = finish_round(g)
    assert kinds(ev)[-2:] == ["reenganche_offered", "turn_started"]
    offer = ev[-2]
    assert offer.seat == 1 and offer.new_total == 99 and offer.stake == 2
    assert g.phase == "reenganche" and g.to_act() == [1]
    assert g.view(1).reenganche_total == 99
    assert g.legal_actions(1) == [Reenganche(True), Reenganche(False)]
    refused(g, 1, DrawStock(), "must_answer_reenganche")
    ev = g.apply(1, Reenganche(True))
    r = ev[0]
    assert (r.kind, r.seat, r.old_total, r.new_total, r.pot) == ("reenganched", 1, 100, 99, 8)
    assert g.scores() == [99, 99, 12] and g.pot == 8
    assert g.view(None).eliminated == (False, False, False)
    assert "round_started" in kinds(ev) and g.round_no == 2
    # scores are the sum of round results plus the reenganche adjustment
    log = g.score_log
    assert log[-1] == {"type": "reenganche", "seat": 1, "delta": -1}


def test_reenganche_decline() -> None:
    g = elimination_game([90, 95, 10], reenganche=True)
    finish_round(g)
    ev = g.apply(1, Reenganche(False))
    assert ev[0].kind == "reenganche_declined"
    assert g.view(None).eliminated == (False, True, False) and g.pot == 3
    assert g.round_no == 2


def test_no_reenganche_when_one_player_remains() -> None:
    g = elimination_game([95, 96, 10], reenganche=True)
    ev = finish_round(g)
    assert "reenganche_offered" not in kinds(ev)
    assert g.is_over() and ev[-1].winner == 2


def test_reenganche_takes_the_highest_remaining_score() -> None:
    # four players; seat 1 out; the highest still in is seat 3 with 80
    g = rig(
        [
            "2c 2e 2b 3c 3e 3b 11o",
            "4o 4c 4e 6c 6e 6b 5e",
            "1o 1c 1e 10o 10c 10e 2o 12b",
            "5o 5c 5b 7o 7c 7e 11c",
        ],
        "12o",
        current=2,
        totals=[20, 95, 10, 71],
        reenganche=True,
    )
    g.apply(2, Close(C("12b")))
    ev = finish_round(g)
    assert g.scores() == [29, 100, 12, 80]
    assert ev[-2].new_total == 80
    g.apply(1, Reenganche(True))
    assert g.scores()[1] == 80 and g.pot == 5


def test_mano_passes_left_skipping_the_eliminated() -> None:
    g = elimination_game([90, 95, 10])
    g2 = ChinchonGame.from_dict(g.to_dict())
    d = g2.to_dict()
    assert d["state"]["mano"] == 0
    finish_round(g)
    # mano was seat 0; seat 1 is eliminated, so seat 2 is the new mano
    assert g.view(None).mano == 2 and g.current_seat == 2


def test_scores_equal_the_sum_of_round_results() -> None:
    g = three_player_close()
    finish_round(g)
    total = [0, 0, 0]
    for entry in g.score_log:
        if entry["type"] == "round":
            for seat, p in entry["points"].items():
                total[int(seat)] += p
    assert total == g.scores()


# ---------------------------------------------------------------------------
# View, events, saves


def test_view_hides_other_hands() -> None:
    g = rig(["1o 2o 3o 7c 7e 7b 12b", "1c 2c 4e 5e 6b 10b 11b"], "12o")
    v0, v1, vs = g.view(0), g.view(1), g.view(None)
    assert set(v0.hand) == set(H("1o 2o 3o 7c 7e 7b 12b"))
    assert set(v1.hand) == set(H("1c 2c 4e 5e 6b 10b 11b"))
    assert vs.hand is None
    assert v0.hand_counts == (7, 7) and v0.current_seat == 0 and v0.phase == "draw"
    assert v0.closer is None and v0.closer_melds == ()
    text = repr(v1)
    assert "1o" not in text and "12b" not in text  # nothing of seat 0's hand leaks


def test_events_and_actions_are_json_safe_and_round_trip() -> None:
    g = three_player_close()
    events = list(g.opening_events)
    events += g.apply(1, LayOff(C("7c"), 0))
    events += finish_round(g)
    assert {e.kind for e in events} >= {"laid_off", "lay_off_finished", "round_scored"}
    for e in events:
        d = json.loads(json.dumps(e.to_dict()))
        assert event_from_dict(d) == e
    for a in (DrawStock(), TakeDiscard(), Discard(C("5o")), Close(C("1e#1")), LayOff(C("7c"), 2)):
        assert action_from_dict(json.loads(json.dumps(a.to_dict()))) == a
    assert action_from_dict({"kind": "reenganche", "accept": True}) == Reenganche(True)


def test_dealt_is_private() -> None:
    g = ChinchonGame(ChinchonOptions(players=3), seed=9)
    dealt = [e for e in g.opening_events if e.kind == "dealt"]
    for e in dealt:
        assert e.visible_to(e.seat).cards == tuple(g.hand(e.seat))
        other = (e.seat + 1) % 3
        assert e.visible_to(other).cards is None
        assert e.visible_to(None).cards is None


def test_save_and_load_continue_identically() -> None:
    g = ChinchonGame(ChinchonOptions(players=3, reenganche=True), seed=11)
    for _ in range(7):
        seat = g.to_act()[0]
        g.apply(seat, g.legal_actions(seat)[0])
    data = json.loads(json.dumps(g.to_dict()))
    h = ChinchonGame.from_dict(data)
    assert h.to_dict() == g.to_dict()
    for _ in range(300):
        if g.is_over():
            break
        seat = g.to_act()[0]
        assert h.to_act() == [seat]
        acts = g.legal_actions(seat)
        assert h.legal_actions(seat) == acts
        a = acts[-1] if len(acts) > 1 and g.phase != "draw" else acts[0]
        assert g.apply(seat, a) == h.apply(seat, a)
    assert g.to_dict() == h.to_dict()


def test_from_dict_rejects_other_games() -> None:
    with pytest.raises(ValueError):
        ChinchonGame.from_dict({"game": "palabras"})


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.slow
def test_legal_actions_agree_with_apply(players: int) -> None:
    """Random actions from every kind: exactly the listed ones are accepted; the
    rest raise IllegalAction and change nothing."""
    import random

    rng = random.Random(players)
    opts = ChinchonOptions(players=players, reenganche=True, limit=70)

    def new_game(seed: int) -> ChinchonGame:
        data = ChinchonGame(opts, seed).to_dict()
        data["state"]["totals"] = [60] + [0] * (players - 1)  # seat 0 goes out soon
        return ChinchonGame.from_dict(data)

    game = new_game(players)
    deck = make_deck(opts.deck, opts.copies)
    pool = [DrawStock(), TakeDiscard(), FinishLayOff(), Reenganche(True), Reenganche(False)]
    accepted = refused_count = 0
    phases: set[str] = set()
    for _ in range(3000):
        if game.is_over():
            phases.add("over")
            game = new_game(rng.randrange(10_000))
        card = rng.choice(deck)
        candidates = [
            *pool,
            Discard(card),
            Close(card),
            LayOff(card, rng.randrange(-1, 4)),
        ]
        seat = game.current_seat if rng.random() < 0.8 else rng.randrange(players)
        legal = game.legal_actions(seat)
        phases.add(game.phase)
        closes = [a for a in legal if isinstance(a, Close)]
        if closes and rng.random() < 0.7:
            action = rng.choice(closes)
        elif legal and rng.random() < 0.5:
            action = rng.choice(legal)
        else:
            action = rng.choice(candidates)
        if action in legal:
            game.apply(seat, action)
            accepted += 1
        else:
            before = json.dumps(game.to_dict(), sort_keys=True)
            with pytest.raises(IllegalAction):
                game.apply(seat, action)
            assert json.dumps(game.to_dict(), sort_keys=True) == before
            refused_count += 1
    assert accepted > 300 and refused_count > 300
    assert phases >= {"draw", "discard", "layoff"} | ({"reenganche"} if players > 2 else set())
