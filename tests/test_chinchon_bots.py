"""Chinchón bots: legal choices, no hidden information, saving, and strength."""

from __future__ import annotations

import json

import pytest
from test_chinchon_rules import C, elimination_game, finish_round, rig

from sobremesa.games.chinchon.bots import (
    DificilBot,
    FacilBot,
    MedioBot,
    bot_from_dict,
    make_bot,
)
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
    TookDiscard,
)


def test_make_bot_levels() -> None:
    assert isinstance(make_bot("facil", 0), FacilBot)
    assert isinstance(make_bot("medio", 0), MedioBot)
    assert isinstance(make_bot("dificil", 1), DificilBot)
    with pytest.raises(ValueError):
        make_bot("imposible", 0)


@pytest.mark.parametrize("level", ["medio", "dificil"])
def test_bots_close_when_they_can(level: str) -> None:
    g = rig(["1o 2o 3o 7c 7e 7b 5o 12b", "1c 2c 4e 5e 6b 10b 11b"], "12o")
    assert make_bot(level, 0).choose(g.view(0)) == Close(C("12b"))


def test_facil_closes_late() -> None:
    # It could close with 5 loose points: a beginner waits, throwing its highest card.
    g = rig(["1o 2o 3o 7c 7e 7b 5o 12b", "1c 2c 4e 5e 6b 10b 11b"], "12o")
    assert make_bot("facil", 0).choose(g.view(0)) == Discard(C("12b"))
    # With 1 loose point (the as) it closes.
    g = rig(["1o 2o 3o 7c 7e 7b 1b 12b", "1c 2c 4e 5e 6b 10b 11b"], "12o")
    assert make_bot("facil", 0).choose(g.view(0)) == Close(C("12b"))


@pytest.mark.parametrize("level", ["facil", "medio", "dificil"])
def test_bots_prefer_chinchon(level: str) -> None:
    # 1o would close with 0 loose after dropping 12b (Chinchón) or with 10 (no)
    g = rig(["1o 2o 3o 4o 7c 7e 7b 12b", "1c 2c 4e 5e 6b 10b 11b"], "12o")
    assert make_bot(level, 0).choose(g.view(0)) == Close(C("12b"))


@pytest.mark.parametrize("level", ["facil", "medio", "dificil"])
def test_bots_take_a_discard_that_completes_a_meld(level: str) -> None:
    g = rig(["1o 2o 7c 7e 11b 12b 10e", "1c 2c 4e 5e 6b 10b 11c"], "7b")
    assert make_bot(level, 0).choose(g.view(0)) == TakeDiscard()


def test_facil_draws_from_the_stock_otherwise_and_discards_its_highest_loose_card() -> None:
    g = rig(["1o 2o 3o 7c 7e 4b 12b", "1c 2c 4e 5e 6b 10b 11c"], "11e")
    bot = make_bot("facil", 0)
    assert bot.choose(g.view(0)) == DrawStock()
    g = rig(["1o 2o 3o 7c 7e 4b 12b 2e", "1c 2c 4e 5e 6b 10b 11c"], "11e")
    assert bot.choose(g.view(0)) == Discard(C("12b"))


def test_bots_never_throw_back_the_card_they_took() -> None:
    # 12b is the highest loose card, but it was just taken from the pile
    g = rig(["1o 2o 3o 7c 7e 4b 12b 2e", "1c 2c 4e 5e 6b 10b 11c"], "11e", taken="12b")
    for level in ("facil", "dificil"):
        a = make_bot(level, 0).choose(g.view(0))
        assert a in g.legal_actions(0) and a != Discard(C("12b"))


def test_dificil_keeps_a_pair_with_live_cards_over_a_lone_card() -> None:
    # loose: 7c 7e (a pair; 7o and 7b unseen), 6b alone, 1e 1b (a pair)
    g = rig(["4o 5o 6o 7c 7e 6b 1e 1b", "1c 2c 4e 5e 4b 10b 11c"], "11e")
    # facil throws its highest loose card, a 7; dificil keeps the pair and throws the 6
    assert make_bot("facil", 0).choose(g.view(0)) in (Discard(C("7c")), Discard(C("7e")))
    assert make_bot("dificil", 0).choose(g.view(0)) == Discard(C("6b"))


def test_dificil_avoids_feeding_the_next_player() -> None:
    # loose 12e (10 points) and 11o (9): normally the rey goes
    g = rig(["4o 5o 6o 1e 1b 2c 11o 12e", "1c 2o 4e 5e 4b 10b 11c"], "3b")
    assert make_bot("dificil", 0).choose(g.view(0)) == Discard(C("12e"))
    # but seat 1, who plays next, picked up the rey de copas: it collects reyes
    bot = make_bot("dificil", 0)
    bot.observe(TookDiscard(seat=1, card=C("12c"), new_top=C("3b")))
    assert bot.choose(g.view(0)) == Discard(C("11o"))
    # what the seat after next took does not matter in a 3-player game
    g3 = rig(["4o 5o 6o 1e 1b 2c 11o 12e", "1c 2o 4e 5e 4b 10b 11c", "3c 4c 5c 3e 7e 7b 6c"], "3b")
    bot = make_bot("dificil", 0)
    bot.observe(TookDiscard(seat=2, card=C("12c"), new_top=C("3b")))
    assert bot.choose(g3.view(0)) == Discard(C("12e"))


def test_dificil_lays_off_optimally_with_chains() -> None:
    g = rig(
        ["7o 7e 7b 4c 5c 6c 1o 12b", "7c 10c 12o 2e 12e 11e 11b", "2c 3e 2o 3o 4o 10b 4e"],
        "1b",
    )
    g.apply(0, Close(C("12b")))
    bot = make_bot("dificil", 1)
    actions = []
    while g.phase == "layoff" and g.current_seat == 1:
        a = bot.choose(g.view(1))
        assert a in g.legal_actions(1)
        actions.append(a)
        g.apply(1, a)
    # 7c onto the run (not the set of 7s), then the sota follows it
    assert actions == [LayOff(C("7c"), 1), LayOff(C("10c"), 1), FinishLayOff()]


def test_medio_lays_off_its_loose_cards() -> None:
    g = rig(
        ["7o 7e 7b 4c 5c 6c 1o 12b", "3c 10c 12o 2e 12e 11e 11b", "2c 7c 2o 3o 4o 10b 4e"],
        "1b",
    )
    g.apply(0, Close(C("12b")))
    bot = make_bot("medio", 1)
    a = bot.choose(g.view(1))
    assert a == LayOff(C("3c"), 1)
    g.apply(1, a)
    assert bot.choose(g.view(1)) == FinishLayOff()


def test_facil_misses_a_lay_off_onto_a_run_but_not_onto_a_set() -> None:
    # The 3 de copas would extend the closer's run 4-5-6 de copas: a beginner misses it.
    g = rig(
        ["7o 7e 7b 4c 5c 6c 1o 12b", "3c 10c 12o 2e 12e 11e 11b", "2c 7c 2o 3o 4o 10b 4e"],
        "1b",
    )
    g.apply(0, Close(C("12b")))
    assert LayOff(C("3c"), 1) in g.legal_actions(1)
    assert make_bot("facil", 1).choose(g.view(1)) == FinishLayOff()
    # A siete onto the set of sietes is plain to see: that one it lays off.
    g = rig(
        ["7o 7e 7b 4c 5c 6c 1o 12b", "7c 10c 12o 2e 12e 11e 11b", "2c 3c 2o 3o 4o 10b 4e"],
        "1b",
    )
    g.apply(0, Close(C("12b")))
    assert make_bot("facil", 1).choose(g.view(1)) == LayOff(C("7c"), 0)


@pytest.mark.parametrize("level", ["facil", "medio", "dificil"])
def test_reenganche_decision(level: str) -> None:
    g = elimination_game([20, 95, 10], reenganche=True)  # offered 29: lots of room
    finish_round(g)
    assert g.phase == "reenganche"
    assert make_bot(level, 1).choose(g.view(1)) == Reenganche(True)
    g = elimination_game([90, 95, 10], reenganche=True)  # offered 99: no room
    finish_round(g)
    assert make_bot(level, 1).choose(g.view(1)) == Reenganche(False)


def test_bots_see_only_their_view() -> None:
    """Two positions that differ only in hidden cards (other hands, stock order)
    give the seat the same view, and a bot the same decisions."""
    a = rig(
        ["1o 2o 7c 7e 11b 12b 10e", "1c 2c 4e 5e 6b 10b 11c"],
        "5o",
        stock="3o 4o 5c 6c 7o 10o 11o 12o 3c 4c 11e 12e 1e 2e 3e 6e 1b 2b 3b 4b 5b 7b 10c 12c",
    )
    b = rig(
        ["1o 2o 7c 7e 11b 12b 10e", "3o 4o 5c 6c 7o 10o 11o"],
        "5o",
        stock="1c 2c 4e 5e 6b 10b 11c 12o 3c 4c 11e 12e 1e 2e 3e 6e 1b 2b 3b 4b 5b 7b 10c 12c",
    )
    assert a.view(0) == b.view(0)
    for level in ("facil", "dificil"):
        for seed in range(5):
            assert make_bot(level, 0, seed).choose(a.view(0)) == make_bot(level, 0, seed).choose(
                b.view(0)
            )
    a.apply(0, TakeDiscard())
    b.apply(0, TakeDiscard())
    assert a.view(0) == b.view(0)
    for level in ("facil", "dificil"):
        assert make_bot(level, 0).choose(a.view(0)) == make_bot(level, 0).choose(b.view(0))


def test_bot_save_and_restore() -> None:
    game = ChinchonGame(ChinchonOptions(players=3), seed=4)
    bots = [make_bot(("dificil", "facil", "dificil")[s], s, s) for s in range(3)]
    for ev in game.opening_events:
        for b in bots:
            b.observe(ev.visible_to(b.seat))
    for _ in range(25):
        (seat,) = game.to_act()
        evs = game.apply(seat, bots[seat].choose(game.view(seat)))
        for ev in evs:
            for b in bots:
                b.observe(ev.visible_to(b.seat))
    copies = [bot_from_dict(json.loads(json.dumps(b.to_dict()))) for b in bots]
    assert [c.to_dict() for c in copies] == [b.to_dict() for b in bots]
    g2 = ChinchonGame.from_dict(json.loads(json.dumps(game.to_dict())))
    for _ in range(200):
        if game.is_over():
            break
        (seat,) = game.to_act()
        a1 = bots[seat].choose(game.view(seat))
        a2 = copies[seat].choose(g2.view(seat))
        assert a1 == a2
        e1, e2 = game.apply(seat, a1), g2.apply(seat, a2)
        assert e1 == e2
        for ev in e1:
            for b, c in zip(bots, copies, strict=True):
                b.observe(ev.visible_to(b.seat))
                c.observe(ev.visible_to(c.seat))


def test_bot_recovers_if_it_missed_events() -> None:
    game = ChinchonGame(ChinchonOptions(players=2), seed=8)
    bots = [make_bot("dificil", 0), make_bot("facil", 1)]  # they observe nothing at all
    steps = 0
    while not game.is_over() and steps < 5000:
        (seat,) = game.to_act()
        a = bots[seat].choose(game.view(seat))
        assert a in game.legal_actions(seat)
        game.apply(seat, a)
        steps += 1
    assert game.is_over()


# Strength is a benchmark, not a test (issue 14): benchmarks/bench_bots.py chinchon
# plays the ladder (every pair of levels heads-up, and full tables).
