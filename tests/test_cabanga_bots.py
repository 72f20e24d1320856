"""¡Cabanga! bots: legal choices from their own view, each level's and style's
documented traits on constructed positions, reaction times, memory and saves.
Strength is a benchmark, not a test (benchmarks/bench_bots.py cabanga)."""

from __future__ import annotations

import json
import random

import pytest
from test_cabanga_rules import C, rig

from sobremesa.games.cabanga import texts
from sobremesa.games.cabanga.bots import (
    LEVELS,
    REACTION_TIMES,
    STYLES,
    bot_from_dict,
    make_bot,
)
from sobremesa.games.cabanga.rules import (
    CabangaGame,
    CabangaOpened,
    CabangaOptions,
    CardPlayed,
    Pass,
    Passed,
    PenaltyDrawn,
    Play,
    Throw,
)

#: every level with each of its styles ("" plays the level plainly)
EVERY = [(lv, st) for lv in LEVELS for st in ("", *STYLES[lv])]
#: two rivals with six cards each (the cards of the gaps stay unseen, in the deck
#: or in their hands, at a realistic share)
SIX = ["m1 m2 m3 m4 m5 m6", "m8 m9 m10 m11 m13 m14"]


def choices(level: str, view, seeds=range(8), style: str = "", **weights) -> set:
    """Every play a bot of this level and style makes here, over several seeds."""
    out = set()
    for seed in seeds:
        bot = make_bot(level, 0, seed, style=style)
        for name, value in weights.items():
            setattr(bot, name, value)
        out.add(bot.choose(view))
    return out


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


def test_styles_and_their_descriptions() -> None:
    assert STYLES == {
        "facil": (),
        "medio": ("prudente", "atrevido"),
        "dificil": ("prudente", "atrevido", "cazador"),
    }
    for level, style in EVERY:
        bot = make_bot(level, 1, 0, style=style)
        assert bot.style == style
        if style:
            assert texts.STYLE_DESCRIPTIONS[style].startswith(f"{style}: ")
    with pytest.raises(ValueError):
        make_bot("facil", 0, style="prudente")  # fácil has no styles
    with pytest.raises(ValueError):
        make_bot("medio", 0, style="cazador")


# -- fácil: a beginner ----------------------------------------------------------------


def test_facil_opens_gaps() -> None:
    # r9 on the right beside the 10 leaves no gap; every other play leaves a wide one
    g = rig(["r9 z15", *SIX], rows={"rojo": ("g1 r10", "g18"), "azul": ("g3", "g7")})
    plays = choices("facil", g.view(0), seeds=range(20))
    opened = [p for p in plays if g.view(0).row(p.card.colour).gap_if(p.card, p.side)]
    assert opened  # it does not look at the gap it leaves
    for level in ("medio", "dificil"):
        assert choices(level, g.view(0)) == {Play(C("r9"), "right")}


# -- medio: looks at the size of the gap, does not count cards ------------------------


def test_medio_judges_a_gap_by_its_size_and_dificil_counts_the_cards() -> None:
    # z12 on the right leaves the gap 8-11, but azul 8, 9, 10 and 11 are all on the
    # rows: nobody can throw. r17 on the left leaves 13-16, all unseen.
    rows = {"rojo": ("g3", "g12"), "azul": ("g1 z8 z9 z10 z11 z7", "g16")}
    g = rig(["r17 z12", *SIX], rows=rows, prev="morado")
    assert choices("medio", g.view(0)) == {Play(C("r17"), "left")}  # most symbols
    assert choices("dificil", g.view(0)) == {Play(C("z12"), "right")}


def test_medio_does_not_compare_the_gaps_of_its_cards() -> None:
    # every play leaves a gap: medio plays its card of most symbols (the 18) on its
    # better pile, although the azul 9 would leave a one-card gap
    rows = {"rojo": ("g1", "g14"), "azul": ("g3 z7", "g16 z11")}
    g = rig(["r18 z9", *SIX], rows=rows, prev="morado")
    assert choices("medio", g.view(0)) == {Play(C("r18"), "left")}


def test_medio_styles() -> None:
    # prudente: the previous colour was rojo; r5 repeats it without a gap, z9
    # leaves a gap either way
    rows = {"rojo": ("g1 r4", "g18"), "azul": ("g3", "g16")}
    g = rig(["r5 z9", *SIX], rows=rows, prev="rojo")
    assert {p.card for p in choices("medio", g.view(0))} == {C("z9")}
    assert choices("medio", g.view(0), style="prudente") == {Play(C("r5"), "right")}
    assert {p.card for p in choices("medio", g.view(0), style="atrevido")} == {C("z9")}
    # atrevido: z9 beside the 8 leaves no gap, the 18 leaves one either way
    rows = {"rojo": ("g1", "g14"), "azul": ("g3 z8", "g16")}
    g = rig(["r18 z9", *SIX], rows=rows, prev="morado")
    assert choices("medio", g.view(0)) == {Play(C("z9"), "right")}
    assert choices("medio", g.view(0), style="prudente") == {Play(C("z9"), "right")}
    assert choices("medio", g.view(0), style="atrevido") == {Play(C("r18"), "left")}


# -- difícil: counts the cards, manages the colour penalty ---------------------------


def test_dificil_keeps_its_last_cards_of_two_colours() -> None:
    # every play leaves no gap; z13 would leave r6 and r13, all red: if the previous
    # player then plays red, a penalty card
    rows = {"rojo": ("g3 r5", "g14"), "azul": ("g1 z12", "g16")}
    g = rig(["r6 r13 z13", *SIX], rows=rows, prev="morado")
    assert C("z13") not in {p.card for p in choices("dificil", g.view(0))}
    assert C("z13") in {p.card for p in choices("dificil", g.view(0), MONO=0.0)}
    assert C("z13") in {p.card for p in choices("medio", g.view(0))}


def test_dificil_makes_a_player_with_one_card_repeat_its_colour() -> None:
    # Seat 1 (next) has one card. Nearly every azul is on the rows, many amarillos
    # are unseen: that card is likelier amarillo. y11 and z11 both leave no gap.
    rows = {
        "azul": ("g3 z1 z2 z4 z5 z6 z7 z8 z12 z13 z14 z15 z17 z18 z9", "g16 z10"),
        "amarillo": ("g5 y9", "g14 y10"),
        "rojo": ("g1", "g18"),
    }
    g = rig(["y11 z11 r10", "y4", "m2 m3 m6 m8 m9 m10 m11 m13"], rows=rows, prev="morado")
    assert {p.card for p in choices("dificil", g.view(0))} == {C("y11")}
    assert C("z11") in {p.card for p in choices("dificil", g.view(0), BLOCK=0.0)}


def test_dificil_fears_a_gap_more_when_a_player_may_throw_its_last_card() -> None:
    # y18 on the right leaves 11-17, of which 11, 16 and 17 are unseen; z14 leaves
    # no gap. The rivals hold twelve cards either way; when the previous player
    # holds only one, a throw would end the round with our cards in hand.
    rows = {"amarillo": ("g5 y12 y13 y14 y15 y10", "g7"), "azul": ("g1 z13", "g16"),
            "rojo": ("g3", "g14")}  # fmt: skip
    hand = "y18 z14 r9 m16 m17"
    g = rig([hand, *SIX], rows=rows, prev="morado")
    assert choices("dificil", g.view(0)) == {Play(C("y18"), "right")}
    g = rig([hand, "m1 m2 m3 m4 m5 m6 m8 m9 m10 m11 m13", "m14"], rows=rows, prev="morado")
    assert choices("dificil", g.view(0)) == {Play(C("z14"), "right")}
    assert choices("dificil", g.view(0), OUT=0.0) == {Play(C("y18"), "right")}


def test_dificil_styles() -> None:
    # r1 on the right leaves 2-6: with r2 and r3 on the rows, 4, 5 and 6 unseen
    # (in the second position 2-6 all unseen); y12 leaves no gap
    hands = ["r1 y12 z9", *SIX]
    others = {"amarillo": ("g5 y11", "g14"), "azul": ("g1", "g18")}
    g = rig(hands, rows={"rojo": ("g7 r2 r3 r7", "g12"), **others}, prev="morado")
    assert choices("dificil", g.view(0)) == {Play(C("r1"), "right")}
    assert choices("dificil", g.view(0), style="prudente") == {Play(C("y12"), "right")}
    g = rig(hands, rows={"rojo": ("g7 r7", "g12"), **others}, prev="morado")
    assert choices("dificil", g.view(0)) == {Play(C("y12"), "right")}
    assert choices("dificil", g.view(0), style="atrevido") == {Play(C("r1"), "right")}
    # cazador: r4 on the right leaves 2-3 but keeps the row open (1 and 4) around
    # its 12, where the next plays on red will leave gaps; plainly, r12 beside the 12
    g = rig(["r4 r12 z13", *SIX], rows={"rojo": ("g1", "g12"), "azul": ("g5 z12", "g14")},
            prev="morado")  # fmt: skip
    assert choices("dificil", g.view(0)) == {Play(C("r12"), "left")}
    assert choices("dificil", g.view(0), style="cazador") == {Play(C("r4"), "right")}


def test_bots_see_only_their_view() -> None:
    """Two positions that differ only in hidden cards (the others' hands, the deck)
    give the seat the same view, and every bot the same decisions."""
    rows = {"rojo": ("g1 r10", "g18"), "azul": ("g3 z5", "g16")}
    a = rig(["r9 z15 y6 m12", "r2 r3 z1 y2", "m2 m3 y3 y4"], rows=rows, prev="azul",
            deck="r4 r5 r6 r7 r8 r11 r12 r13 r14 r15 r16 r17 z2 z4 z6")  # fmt: skip
    b = rig(["r9 z15 y6 m12", "r4 r5 z2 y3", "m2 m3 y2 r2"], rows=rows, prev="azul",
            deck="z6 z4 r17 r16 r15 r14 r13 r12 r11 r8 r7 r6 r3 z1 y4")  # fmt: skip
    assert a.view(0) == b.view(0)
    for level, style in EVERY:
        for seed in range(4):
            bot_a = make_bot(level, 0, seed, style=style)
            bot_b = make_bot(level, 0, seed, style=style)
            assert bot_a.choose(a.view(0)) == bot_b.choose(b.view(0))


def test_every_level_and_style_plays_legally() -> None:
    for i, (level, style) in enumerate(EVERY):
        game = CabangaGame(CabangaOptions(players=4), seed=40 + i)
        bots = [make_bot(level, s, s, style=style) for s in range(4)]
        for ev in game.opening_events:
            for b in bots:
                b.observe(ev.visible_to(b.seat))
        for _ in range(300):
            if game.is_over():
                break
            for seat in game.to_act():
                action = bots[seat].choose(game.view(seat))
                assert action in game.legal_actions(seat)
                for ev in game.apply(seat, action):
                    for b in bots:
                        b.observe(ev.visible_to(b.seat))


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
    # a penalty draw makes it possible again, by the share of the deck drawn (1 of
    # 11 cards); a timed-out pass tells nothing
    bot.observe(PenaltyDrawn(seat=1, cards=None, count=1, missed=0, reason="colour",
                             deck_count=10, hand_count=3))  # fmt: skip
    assert 1 not in bot.absent and C("z11") in bot.absent[2]
    assert bot.weights[1][C("z11")] == pytest.approx(1 / 11)
    bot2 = make_bot("dificil", 0, 0)
    bot2.observe(CabangaOpened(seat=0, colour="azul", side="left", low=10, high=12, values=(11,),
                               eligible=(1, 2)))  # fmt: skip
    bot2.observe(Passed(seat=1, timed_out=True))
    assert bot2.absent == {}


def test_dificil_reads_a_repeated_colour() -> None:
    # seat 1 repeated the previous colour: it probably holds no other colour
    g = rig(["r12 z12", "y10 y11 y12", "m2 m3"], prev="morado")
    bot = make_bot("dificil", 0, 0)
    before = bot.holders(g.view(0))
    bot.observe(CardPlayed(seat=1, card=C("y9"), side="left", covered=C("g5"),
                           other_top=C("g14"), gap=(), colour_penalty=True,
                           hand_count=2))  # fmt: skip
    after = bot.holders(g.view(0))
    assert after[C("r5")][1] < before[C("r5")][1] * 0.6
    assert after[C("y8")][1] == before[C("y8")][1]
    assert after[C("r5")][2] > before[C("r5")][2]  # the others' share grows


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
    seats = (("facil", ""), ("medio", "atrevido"), ("dificil", "cazador"), ("dificil", ""))
    bots = [make_bot(lv, s, s, style=st) for s, (lv, st) in enumerate(seats)]

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


def test_a_save_from_before_the_weights_restores() -> None:
    bot = make_bot("dificil", 0, 3)
    bot.observe(CabangaOpened(seat=0, colour="azul", side="left", low=10, high=12, values=(11,),
                              eligible=(1, 2)))  # fmt: skip
    bot.observe(Passed(seat=1, timed_out=False))
    data = bot.to_dict()
    assert data["weights"] == {"1": {"azul-11": 0.0}} and "style" not in data
    old = {k: v for k, v in data.items() if k != "weights"} | {"absent": {"1": ["azul-11"]}}
    assert bot_from_dict(old).to_dict() == data
