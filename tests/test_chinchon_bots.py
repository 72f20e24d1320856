"""Chinchón bots: legal choices, no hidden information, saving, each level's and
each style's documented traits on constructed positions."""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_chinchon_rules import C, elimination_game, finish_round, rig

from sobremesa.games.chinchon import texts
from sobremesa.games.chinchon.bots import (
    LEVELS,
    STYLES,
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
    Discarded,
    DrawStock,
    DrewStock,
    FinishLayOff,
    LayOff,
    Reenganche,
    TakeDiscard,
    TookDiscard,
)

#: Every level with each of its styles ("" plays the level plainly).
SPECS = [(level, style) for level in LEVELS for style in ("", *STYLES[level])]


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
    for level, style in SPECS:
        for seed in range(5):
            assert make_bot(level, 0, seed, style=style).choose(a.view(0)) == make_bot(
                level, 0, seed, style=style
            ).choose(b.view(0))
    a.apply(0, TakeDiscard())
    b.apply(0, TakeDiscard())
    assert a.view(0) == b.view(0)
    for level, style in SPECS:
        assert make_bot(level, 0, style=style).choose(a.view(0)) == make_bot(
            level, 0, style=style
        ).choose(b.view(0))


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


# ---------------------------------------------------------------------------
# Difícil: what it reads from the pick-ups and discards (issue 14)


def took(bot, seat: int, *cards: str):
    """`bot` saw `seat` take these cards from the pile."""
    for code in cards:
        bot.observe(TookDiscard(seat=seat, card=C(code), new_top=None))
    return bot


def test_dificil_never_feeds_the_rank_the_next_player_took() -> None:
    # loose 12e 1c 2b 3e 1b: the rey is by far the card to throw...
    g = rig(["4o 5o 6o 12e 1c 2b 3e 1b", "1o 2o 4e 5e 4b 12c 11c"], "3b")
    assert make_bot("dificil", 0).choose(g.view(0)) == Discard(C("12e"))
    # ...but the next player picked up the rey de copas: never another rey
    a = took(make_bot("dificil", 0), 1, "12c").choose(g.view(0))
    assert a in g.legal_actions(0) and a != Discard(C("12e"))


def test_dificil_never_throws_the_card_the_next_player_took_with_two_decks() -> None:
    hands = [
        "4o 5o 6o 12c#1 1c 2b 3e 1b",
        "1o 2o 4e 5e 4b 12c 11c",
        "3o 3c 7e 7b 6c 10o 10c",
        "2c 2e 5b 6b 7o 11o 11e",
        "1e 4c 5c 6e 7c 10e 11b",
    ]
    g = rig(hands, "3b")
    assert make_bot("dificil", 0).choose(g.view(0)) == Discard(C("12c#1"))
    a = took(make_bot("dificil", 0), 1, "12c").choose(g.view(0))
    assert a in g.legal_actions(0) and a != Discard(C("12c#1"))


def test_dificil_never_feeds_a_card_that_makes_a_meld_with_cards_taken() -> None:
    # the lone 6 de copas is the card to throw, unless the next player took the 5
    # and the 7 de copas: then it would give it a run (not the same card, nor rank)
    g = rig(["4o 5o 6o 6c 1e 2e 1b 2b", "5c 7c 4e 5e 4b 10b 11c"], "3b")
    assert make_bot("dificil", 0).choose(g.view(0)) == Discard(C("6c"))
    a = took(make_bot("dificil", 0), 1, "5c", "7c").choose(g.view(0))
    assert a in g.legal_actions(0) and a != Discard(C("6c"))
    # the player after next does not matter: it cannot take the discard
    g3 = rig(
        ["4o 5o 6o 6c 1e 2e 1b 2b", "3c 4e 5e 4b 10b 11c 12o", "5c 7c 3o 3e 10o 10e 11b"], "3b"
    )
    assert took(make_bot("dificil", 0), 2, "5c", "7c").choose(g3.view(0)) == Discard(C("6c"))


def test_dificil_forgets_a_want_the_next_player_let_go() -> None:
    g = rig(["4o 5o 6o 12e 1c 2b 3e 1b", "1o 2o 4e 5e 4b 12c 11c"], "3b")
    bot = took(make_bot("dificil", 0), 1, "12c")
    assert bot.choose(g.view(0)) != Discard(C("12e"))
    # then it left the rey de oros on the pile and drew from the stock: it does
    # not collect reyes after all
    bot.observe(Discarded(seat=0, card=C("12o")))
    bot.observe(DrewStock(seat=1, card=None, stock_count=20))
    bot.observe(Discarded(seat=1, card=C("3b")))
    assert bot.declined == {1: [C("12o"), C("3b")]}
    assert bot.choose(g.view(0)) == Discard(C("12e"))
    # taking a rey again shows it wants them again
    took(bot, 1, "12o")
    assert bot.declined == {1: [C("3b")]}
    assert bot.choose(g.view(0)) != Discard(C("12e"))


def test_dificil_memory_is_saved_and_restored() -> None:
    bot = took(make_bot("dificil", 0, 3, style="paciente"), 1, "12c")
    bot.observe(DrewStock(seat=1, card=None, stock_count=20))
    copy = bot_from_dict(json.loads(json.dumps(bot.to_dict())))
    assert copy.style == "paciente" and copy.declined == bot.declined
    assert copy.to_dict() == bot.to_dict()
    old = bot.to_dict()
    del old["declined"]  # a save from before this memory: it starts empty
    assert bot_from_dict(old).declined == {}


# Closing now or waiting for a Chinchón. Melds 2-3-4 de oros and 5-6-7 de copas,
# the 5 de espadas loose: closing now (the rey de bastos face down) scores 5; the
# as or the 5 de oros, the 4 or the sota de copas would make a Chinchón.
WAITING = ["2o 3o 4o 5c 6c 7c 5e 12b", "1c 2c 4e 6e 6b 3b 11e"]
PILE = "12c 12e 11b 10b 12o"  # gone: the rey de bastos feeds nobody


def waiting(turns: int, *, pile: str = PILE, hands=WAITING, **kw: Any) -> ChinchonGame:
    g = rig(hands, pile, **kw)
    data = g.to_dict()
    data["state"]["turns"] = turns  # how far into the round
    return ChinchonGame.from_dict(json.loads(json.dumps(data)))


def seeing(bot, pile: str = PILE):
    """`bot` saw these cards thrown (by seat 1) onto the pile."""
    for code in pile.split():
        bot.observe(Discarded(seat=1, card=C(code)))
    return bot


def wait_or_close(turns: int, style: str = "", **kw: Any):
    g = waiting(turns, **kw)
    action = seeing(make_bot("dificil", 0, style=style), kw.get("pile", PILE)).choose(g.view(0))
    assert action in g.legal_actions(0)
    return action


def test_dificil_weighs_closing_against_waiting_for_a_chinchon() -> None:
    # At the deal the others hold many points: closing with 5 is worth it.
    assert wait_or_close(0) == Close(C("12b"))
    # Late in the round they hold little; a Chinchón is one of 4 unseen cards away:
    # it throws the rey face up and waits.
    assert wait_or_close(16) == Discard(C("12b"))
    # With those cards seen (in the pile) there is nothing to wait for.
    assert wait_or_close(16, pile=f"{PILE} 1o 5o 4c 10c") == Close(C("12b"))
    # medio never waits
    assert make_bot("medio", 0).choose(waiting(16).view(0)) == Close(C("12b"))


def test_dificil_closes_when_a_rival_may_go_out() -> None:
    # heads-up, the rival at 95 of 100: a close now most likely puts it out
    assert wait_or_close(16, totals=[0, 95]) == Close(C("12b"))
    assert wait_or_close(16, totals=[0, 80]) == Discard(C("12b"))


def test_dificil_reads_the_reenganche_when_a_rival_may_go_out() -> None:
    # Three players, the rival at 95: with reenganche it would rejoin, so a close
    # puts nobody out for good, and "paciente" waits as usual; without, it closes.
    hands = [*WAITING, "3c 3e 7o 10o 10e 11c 1b"]
    assert wait_or_close(24, "paciente", hands=hands, totals=[0, 95, 0]) == Close(C("12b"))
    with_rejoin = wait_or_close(24, "paciente", hands=hands, totals=[0, 95, 0], reenganche=True)
    assert with_rejoin == Discard(C("12b"))


def test_dificil_closes_at_once_close_to_the_limit() -> None:
    assert wait_or_close(16, totals=[86, 0]) == Close(C("12b"))


def test_dificil_does_not_close_into_the_limit() -> None:
    # At 96, closing with 5 loose points would put it out at 101: it plays on.
    assert isinstance(wait_or_close(16, totals=[96, 0]), Discard)
    # Unless the rival, at 97, is sure to end higher (the lowest total wins).
    assert wait_or_close(16, totals=[96, 97]) == Close(C("12b"))
    # A Chinchón always closes (−10).
    g = rig(["2o 3o 4o 5o 5c 6c 7c 12b", WAITING[1]], PILE, totals=[96, 0])
    assert make_bot("dificil", 0).choose(g.view(0)) == Close(C("12b"))


def test_dificil_sheds_points_close_to_the_limit() -> None:
    # It keeps its pair of reyes (two more reyes unseen) and throws the 7 de bastos...
    hands = ["12b 1o 1c 7b 2b 11b 1b 12e", "4e 2o 10o 10c 5b 6c 4o"]
    assert make_bot("dificil", 0).choose(rig(hands, "6b").view(0)) == Discard(C("7b"))
    # ...but 10 points from the limit every point counts: a rey goes
    g = rig(hands, "6b", totals=[90, 0])
    assert make_bot("dificil", 0).choose(g.view(0)) in (Discard(C("12b")), Discard(C("12e")))


# ---------------------------------------------------------------------------
# Styles (personalities at medio and difícil)


def test_styles_are_declared_described_and_saved() -> None:
    assert set(STYLES) == set(LEVELS) and STYLES["facil"] == ()
    assert len(STYLES["medio"]) >= 2 and len(STYLES["dificil"]) >= 2
    for level, style in SPECS:
        if style:
            assert texts.STYLE_DESCRIPTIONS[style].startswith(f"{style}: ")
            bot = make_bot(level, 1, 5, style=style)
            assert bot.style == style
            copy = bot_from_dict(json.loads(json.dumps(bot.to_dict())))
            assert copy.style == style and copy.to_dict() == bot.to_dict()
    # A style the level does not have (a save from another version) plays plainly:
    # fácil "prudente" throws the rey the next player collects, as fácil does.
    g = rig(["4o 5o 6o 12e 1c 2b 3e 1b", "1o 2o 4e 5e 4b 12c 11c"], "3b")
    assert took(make_bot("facil", 0, style="prudente"), 1, "12c").choose(g.view(0)) == Discard(
        C("12e")
    )
    for level, style in (("medio", "paciente"), ("dificil", "otro")):
        bot = took(make_bot(level, 0, style=style), 1, "12c")
        assert bot.choose(g.view(0)) == took(make_bot(level, 0), 1, "12c").choose(g.view(0))


@pytest.mark.parametrize(("level", "style"), SPECS)
def test_every_style_plays_legal_whole_matches(level: str, style: str) -> None:
    """A table where every seat plays this level and style ends (collectors stop
    collecting, so the stock runs out and locked hands break up)."""
    for players, seed in ((2, 11), (4, 12)):
        game = ChinchonGame(ChinchonOptions(players=players, limit=70), seed)
        bots = [make_bot(level, s, seed + s, style=style) for s in range(players)]
        for ev in game.opening_events:
            for b in bots:
                b.observe(ev.visible_to(b.seat))
        for _ in range(20_000):
            if game.is_over():
                break
            (seat,) = game.to_act()
            action = bots[seat].choose(game.view(seat))
            assert action in game.legal_actions(seat)
            for ev in game.apply(seat, action):
                for b in bots:
                    b.observe(ev.visible_to(b.seat))
        assert game.is_over()


def test_medio_prudente_does_not_feed_the_rank_the_next_player_took() -> None:
    g = rig(["4o 5o 6o 12e 1c 2b 3e 1b", "1o 2o 4e 5e 4b 12c 11c"], "3b")
    assert took(make_bot("medio", 0), 1, "12c").choose(g.view(0)) == Discard(C("12e"))
    a = took(make_bot("medio", 0, style="prudente"), 1, "12c").choose(g.view(0))
    assert a in g.legal_actions(0) and a != Discard(C("12e"))


@pytest.mark.parametrize("level", ["medio", "dificil"])
def test_atrevido_picks_up_discards_for_pairs(level: str) -> None:
    # the 2 de oros melds with nothing yet; it sits next to the as de oros
    g = rig(["7b 4o 1o 1b 10o 1c 3b", "12c 6c 2e 10b 7c 10c 4c"], "2o")
    assert make_bot(level, 0).choose(g.view(0)) == DrawStock()
    assert make_bot(level, 0, style="atrevido").choose(g.view(0)) == TakeDiscard()


def test_medio_atrevido_keeps_its_pairs_even_of_figures() -> None:
    # loose 4c, 3o 3b (a pair), 10o 12o (a near-run of oros); caballos melded
    g = rig(["4c 3o 3b 11e 10o 11c 12o 11o", "12e 6e 11b 12c 2o 1o 2c"], "7b")
    assert make_bot("medio", 0).choose(g.view(0)) == Discard(C("12o"))
    assert make_bot("medio", 0, style="atrevido").choose(g.view(0)) == Discard(C("4c"))


def test_dificil_styles_wait_differently_for_a_chinchon() -> None:
    # Halfway through the round: plain difícil closes, "paciente" waits.
    assert wait_or_close(8) == Close(C("12b"))
    assert wait_or_close(8, "paciente") == Discard(C("12b"))
    # "prudente" never waits.
    assert wait_or_close(16, "prudente") == Close(C("12b"))


def test_dificil_prudente_sheds_figures_sooner() -> None:
    # Caballo and rey de oros (a near-run), sota and caballo de bastos, a pair of
    # sietes: plain difícil keeps the figures and throws a 7; "prudente" counts less
    # on them and throws the rey.
    g = rig(["7b 10b 11o 12o 11b 3c 6o 7c", "3b 12e 6c 5e 12b 1e 5b"], "3o")
    assert make_bot("dificil", 0).choose(g.view(0)) == Discard(C("7c"))
    assert make_bot("dificil", 0, style="prudente").choose(g.view(0)) == Discard(C("12o"))


# Strength is a benchmark, not a test (issue 14): benchmarks/bench_bots.py chinchon
# plays the ladder (every pair of levels heads-up, and full tables).
