"""¡Cabanga! bots: legal and sensible choices, reaction times, memory, saves, strength."""

from __future__ import annotations

import json
import random

import pytest
from test_cabanga_rules import C, rig

from sobremesa.games.cabanga.bots import (
    LEVELS,
    REACTION_TIMES,
    bot_from_dict,
    make_bot,
)
from sobremesa.games.cabanga.rules import (
    CabangaGame,
    CabangaOpened,
    CabangaOptions,
    Pass,
    Passed,
    PenaltyDrawn,
    Play,
    Throw,
)


def test_levels_and_unknown_level() -> None:
    assert LEVELS == ("facil", "medio", "dificil")
    for lv in LEVELS:
        assert make_bot(lv, 2, 0).level == lv
    with pytest.raises(ValueError):
        make_bot("experto", 0)


def test_reaction_times_by_level() -> None:
    assert REACTION_TIMES == {"facil": (2.0, 4.0), "medio": (1.0, 2.5), "dificil": (0.6, 1.5)}
    for lv, (lo, hi) in REACTION_TIMES.items():
        bot = make_bot(lv, 1, 5)
        before = bot.rng.getstate()
        clock = random.Random(3)
        times = [bot.reaction_time(clock) for _ in range(500)]
        assert all(lo <= t <= hi for t in times) and max(times) - min(times) > (hi - lo) / 2
        assert bot.rng.getstate() == before  # the driver's generator, not the bot's
    clock = random.Random(1)
    mean = {
        lv: sum(make_bot(lv, 0).reaction_time(clock) for _ in range(200)) / 200 for lv in LEVELS
    }
    assert mean["facil"] > mean["medio"] > mean["dificil"]


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_avoids_the_colour_penalty(level: str) -> None:
    rows = {"rojo": ("g1 r6", "g18 r4"), "azul": ("g3 z6", "g16 z4")}
    for seed in range(10):
        g = rig(["r5 z5", "y10 y11", "m2 m3"], rows=rows, prev="rojo")
        action = make_bot(level, 0, seed).choose(g.view(0))
        assert isinstance(action, Play) and action.card is C("z5")


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_a_repeated_colour_when_it_must(level: str) -> None:
    g = rig(["r5 r9", "y10 y11", "m2 m3"], prev="rojo")
    action = make_bot(level, 0, 1).choose(g.view(0))
    assert action in g.legal_actions(0)


@pytest.mark.parametrize("level", ("medio", "dificil"))
def test_smart_levels_keep_the_gap_small(level: str) -> None:
    # r9 next to the 10 opens nothing; every other play opens a wide gap
    g = rig(["r9 z15", "y10 y11", "m2 m3"], rows={"rojo": ("g1 r10", "g18"), "azul": ("g3", "g7")})
    for seed in range(5):
        assert make_bot(level, 0, seed).choose(g.view(0)) == Play(C("r9"), "right")


@pytest.mark.parametrize("level", ("medio", "dificil"))
def test_smart_levels_shed_high_penalty_cards_first(level: str) -> None:
    # r18 beside the 17 and z9 beside the 10: no gap either way; the 18 carries 3 symbols
    g = rig(["r18 z9", "y10 y11", "m2 m3"],
            rows={"rojo": ("g1 r17", "g18"), "azul": ("g3 z10", "g16")})  # fmt: skip
    action = make_bot(level, 0, 0).choose(g.view(0))
    assert action == Play(C("r18"), "right")


def test_facil_throws_everything_that_fits() -> None:
    g = rig(["r12 z9", "r8 r9 r1 z11", "m2 m3"], rows={"rojo": ("g1 r5", "g18")})
    g.apply(0, Play(C("r12"), "right"))
    for lv in LEVELS:
        assert make_bot(lv, 1).choose(g.view(1)) == Throw((C("r8"), C("r9")))
        assert make_bot(lv, 2).choose(g.view(2)) == Pass()
    with pytest.raises(ValueError):
        make_bot("facil", 0).choose(g.view(0))  # the active player has nothing to answer


def test_dificil_uses_passes_to_place_unseen_cards() -> None:
    # r12 and z12 open the same one-card gap (11); everybody passed on the azul 11
    rows = {"rojo": ("g1 r10", "g18"), "azul": ("g3 z10", "g16")}
    g = rig(["r12 z12", "y10 y11", "m2 m3"], rows=rows, prev="morado")
    bot = make_bot("dificil", 0, 0)
    bot.observe(CabangaOpened(seat=0, colour="azul", side="left", low=10, high=12, values=(11,),
                              eligible=(1, 2)))  # fmt: skip
    bot.observe(Passed(seat=1, timed_out=False))
    bot.observe(Passed(seat=2, timed_out=False))
    for seed in range(6):
        bot.rng = random.Random(seed)
        assert bot.choose(g.view(0)) == Play(C("z12"), "right")
    # a timed-out pass tells nothing; a penalty draw makes a player unknown again
    bot.observe(PenaltyDrawn(seat=1, cards=None, count=1, missed=0, reason="colour",
                             deck_count=10, hand_count=3))  # fmt: skip
    assert 1 not in bot.absent and C("z11") in bot.absent[2]
    bot2 = make_bot("dificil", 0, 0)
    bot2.observe(CabangaOpened(seat=0, colour="azul", side="left", low=10, high=12, values=(11,),
                               eligible=(1, 2)))  # fmt: skip
    bot2.observe(Passed(seat=1, timed_out=True))
    assert bot2.absent == {}


def test_dificil_keeps_a_card_rather_than_end_a_lost_game() -> None:
    hands = ["r12 z9", "r8 r9", "m2 m3"]
    rows = {"rojo": ("g1 r5", "g18")}
    g = rig(hands, rows=rows, totals=[16, 10, 0])
    g.apply(0, Play(C("r12"), "right"))
    assert make_bot("dificil", 1).choose(g.view(1)) == Throw((C("r9"),))
    assert make_bot("medio", 1).choose(g.view(1)) == Throw((C("r8"), C("r9")))
    g = rig(hands, rows=rows, totals=[16, 0, 10])  # going out wins: throw everything
    g.apply(0, Play(C("r12"), "right"))
    assert make_bot("dificil", 1).choose(g.view(1)) == Throw((C("r8"), C("r9")))
    g = rig(["r12 z9", "r8", "m2 m3"], rows=rows, totals=[16, 10, 0])
    g.apply(0, Play(C("r12"), "right"))
    assert make_bot("dificil", 1).choose(g.view(1)) == Pass()


def test_bots_save_and_restore_exactly() -> None:
    game = CabangaGame(CabangaOptions(players=4), seed=8)
    bots = [make_bot(lv, s, s) for s, lv in enumerate(("facil", "medio", "dificil", "dificil"))]

    def feed(evs, bots) -> None:
        for ev in evs:
            for b in bots:
                b.observe(ev.visible_to(b.seat))

    feed(game.opening_events, bots)
    for _ in range(25):
        for seat in game.to_act():
            feed(game.apply(seat, bots[seat].choose(game.view(seat))), bots)
    saved = json.loads(json.dumps([b.to_dict() for b in bots]))
    copies = [bot_from_dict(d) for d in saved]
    assert [b.to_dict() for b in copies] == saved
    g2 = CabangaGame.from_dict(game.to_dict())
    for _ in range(40):
        if game.is_over():
            break
        for seat in game.to_act():
            a, b = bots[seat].choose(game.view(seat)), copies[seat].choose(g2.view(seat))
            assert a == b
            feed(game.apply(seat, a), bots)
            feed(g2.apply(seat, b), copies)


# Strength is a benchmark, not a test (issue 14): benchmarks/bench_bots.py cabanga
# plays the ladder (every pair of levels, and full tables).
