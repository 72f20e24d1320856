"""ABC ¡Castaña! bots: legal choices everywhere, reaction times, determinism,
challenges of made-up words, answers to an attack, saves, and strength."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence

import pytest
from test_castana_rules import protected_position, rig

from sobremesa.core.game import IllegalAction
from sobremesa.games.castana.bots import (
    LEVELS,
    REACTION_TIMES,
    CastanaBot,
    bot_from_dict,
    make_bot,
)
from sobremesa.games.castana.rules import (
    COLOURS,
    CastanaGame,
    CastanaOptions,
    Challenge,
    Draw,
    Give,
    Pass,
    PlayCard,
    PlayWord,
    PutHand,
    letter,
    points,
)


def clone(game: CastanaGame) -> CastanaGame:
    return CastanaGame.from_dict(json.loads(json.dumps(game.to_dict())))


def bot_game(seed: int, players: int, referee: bool = False) -> CastanaGame:
    protected = tuple(s % 3 == 1 for s in range(players))
    return CastanaGame(CastanaOptions(players, referee, protected), seed)


def next_seat(game: CastanaGame, bots: list[CastanaBot]) -> int:
    if game.phase in ("window", "race"):
        seats = game.to_act()
        return min(seats, key=lambda s: (bots[s].reaction_time(game.view(s)), s))
    return game.to_act()[0]


# ---------------------------------------------------------------------------
# Legal choices


QUICK_GAMES = (2, 5)  # 4 and 2 players; between them every phase and kind of action


@pytest.mark.parametrize(
    "games",
    [
        pytest.param(QUICK_GAMES, id="quick"),
        pytest.param(
            [g for g in range(24) if g not in QUICK_GAMES], id="rest", marks=pytest.mark.slow
        ),
    ],
)
@pytest.mark.parametrize("referee", [False, True])
def test_bots_only_choose_legal_actions(referee: bool, games: Sequence[int]) -> None:
    """Every seat that may act, at every level, in positions from real games:
    its choice applies without IllegalAction. Two games in the fast loop,
    the rest (24 in all) under `slow`."""
    tried: Counter = Counter()
    for g_no in games:
        players = 2 + g_no % 5
        rng = random.Random(g_no)
        levels = [rng.choice(LEVELS) for _ in range(players)]
        game = bot_game(1000 + g_no, players, referee)
        bots = [make_bot(lv, s, g_no * 7 + s) for s, lv in enumerate(levels)]
        others = {lv: [make_bot(lv, s, 99 + s) for s in range(players)] for lv in LEVELS}
        steps = 0
        while not game.is_over() and steps < 600:
            if steps % 3 == 0:
                for seat in game.to_act():
                    for lv in LEVELS:
                        action = others[lv][seat].choose(game.view(seat))
                        try:
                            clone(game).apply(seat, action)
                        except IllegalAction as e:
                            raise AssertionError(
                                f"{lv} bot at seat {seat} chose {action} in phase "
                                f"{game.phase} (referee={referee}): {e.reason} {e.details}"
                            ) from e
                        tried[(game.phase, action.kind)] += 1
            seat = next_seat(game, bots)
            game.apply(seat, bots[seat].choose(game.view(seat)))
            steps += 1
    kinds = {k for _, k in tried}
    assert {"card", "word", "draw", "pass", "hand"} <= kinds, tried
    assert {p for p, _ in tried} >= {"turn", "window", "race"}


def test_bots_never_bluff_past_the_referee() -> None:
    """With the automatic referee a made-up word is refused at once: a bot must
    not lay one (its turn would fail with IllegalAction("not_a_word"))."""
    failures = []
    for seed in range(300):
        for level in ("facil", "medio"):
            game = rig(["Zv Za Oa Yv", "Bv Cv", "Dv Fv"], "Ña", referee=True)
            # No Spanish word starts Ñ+{Z, O, Y}... with these letters but a bluff can.
            bot = make_bot(level, 0, seed)
            action = bot.choose(game.view(0))
            if isinstance(action, PlayWord):
                try:
                    clone(game).apply(0, action)
                except IllegalAction as e:
                    failures.append((level, seed, action, e.reason))
    assert not failures, f"{len(failures)} bluffs refused, e.g. {failures[:3]}"


def test_bot_colour_and_target_choices_are_valid() -> None:
    game = rig(["Sa Av Ñr Bv", "Cr Dr", "Fr Gr", "Jr Kr"], "Ma")
    for level in LEVELS:
        for seed in range(20):
            action = make_bot(level, 0, seed).choose(game.view(0))
            if isinstance(action, PlayCard) and letter(action.card) == "S":
                assert action.target in (1, 2, 3)
            if isinstance(action, PlayCard) and letter(action.card) in "AÑ":
                assert action.colour in COLOURS
            clone(game).apply(0, action)


# ---------------------------------------------------------------------------
# Reaction times and determinism


def window_positions(count: int = 300) -> list[tuple[CastanaGame, int]]:
    """(game, seat) pairs in windows and races of real games."""
    found: list[tuple[CastanaGame, int]] = []
    seed = 0
    while len(found) < count:
        players = 3 + seed % 4
        game = bot_game(seed, players)
        bots = [make_bot(LEVELS[s % 3], s, seed + s) for s in range(players)]
        for _ in range(400):
            if game.is_over():
                break
            if game.phase in ("window", "race", "give") and seed % 2 == 0:
                found += [(clone(game), s) for s in game.to_act()]
            seat = next_seat(game, bots)
            game.apply(seat, bots[seat].choose(game.view(seat)))
        seed += 1
    return found


@pytest.mark.slow
def test_reaction_time_is_zero_for_a_pass_and_within_the_level_range() -> None:
    acted: Counter = Counter()
    for game, seat in window_positions():
        view = game.view(seat)
        for level in LEVELS:
            bot = make_bot(level, seat, 11)
            action = bot.choose(view)
            t = bot.reaction_time(view)
            if isinstance(action, Pass):
                assert t == 0.0
            else:
                low, high = REACTION_TIMES[level]
                assert low <= t <= high, (level, action, t)
                acted[level] += 1
    assert all(acted[lv] > 20 for lv in LEVELS), acted
    assert REACTION_TIMES["facil"][0] > REACTION_TIMES["dificil"][1] / 2


def test_decisions_are_deterministic_for_a_view() -> None:
    for game, seat in window_positions(120):
        view = game.view(seat)
        for level in LEVELS:
            bot = make_bot(level, seat, 5)
            twin = make_bot(level, seat, 5)
            first = bot.choose(view)
            assert bot.choose(view) == first == twin.choose(view)
            assert bot.reaction_time(view) == bot.reaction_time(view) == twin.reaction_time(view)
    game = rig(["Ba Ca Ea Ar Nr", "Dr Fr", "Gr Jr"], "Mv")
    for level in LEVELS:
        bot = make_bot(level, 0, 3)
        assert len({bot.choose(game.view(0)) for _ in range(5)}) == 1


def test_a_window_choice_does_not_change_when_others_pass() -> None:
    """The driver asks a bot's reaction time when the window opens and its action
    later, after faster seats have passed: both must come from the same decision
    (a bot that passed at time 0 once stole when asked again)."""
    game = rig(["Ma Cv Dv", "Fv Gv", "Ar Er Sr", "Ar Lr Er"], "Mv")
    game.apply(0, PlayCard("Ma"))
    assert {2, 3} <= set(game.to_act())
    for level in LEVELS:
        for seed in range(60):
            bot = make_bot(level, 3, seed)
            before = bot.choose(game.view(3))
            time = bot.reaction_time(game.view(3))
            after_pass = clone(game)
            after_pass.apply(2, Pass())
            assert 3 in after_pass.to_act()
            assert bot.choose(after_pass.view(3)) == before
            assert bot.reaction_time(after_pass.view(3)) == time


# ---------------------------------------------------------------------------
# Challenges, attacks, gifts, warnings


def made_up_word_window() -> CastanaGame:
    game = rig(["Xr Zr Ka", "Bv Cv Dv", "Fv Gv Jv", "Pv Tv Vv"], "Mv")
    game.apply(0, PlayWord(("Xr", "Zr")))  # MXZ: not Spanish
    assert game.view(1).word == "MXZ"
    return game


@pytest.mark.parametrize(("level", "least"), [("dificil", 0.8), ("medio", 0.4), ("facil", 0.1)])
def test_bots_challenge_made_up_words(level: str, least: float) -> None:
    game = made_up_word_window()
    challenges = 0
    tries = 0
    for seed in range(60):
        for seat in (1, 2, 3):
            tries += 1
            if isinstance(make_bot(level, seat, seed).choose(game.view(seat)), Challenge):
                challenges += 1
    assert challenges / tries >= least, (level, challenges, tries)


def test_bots_do_not_challenge_a_short_real_word() -> None:
    game = rig(["Ar La Ka", "Bv Cv Dv", "Fv Gv Jv", "Pv Tv Vv"], "Mv")
    game.apply(0, PlayWord(("Ar", "La")))  # MAL
    for level in LEVELS:
        for seed in range(40):
            for seat in (1, 2, 3):
                action = make_bot(level, seat, seed).choose(game.view(seat))
                assert not isinstance(action, Challenge)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("magic", ["L", "R"])
def test_bot_under_attack_answers_with_the_same_letter(level: str, magic: str) -> None:
    other = "R" if magic == "L" else "L"
    for seed in range(10):
        game = rig([magic + "a Bv", f"Cr {other}r Ar Nr {magic}v Ña", "Fr Gr"], "Ma")
        game.apply(0, PlayCard(magic + "a"))
        assert game.attack == magic
        assert make_bot(level, 1, seed).choose(game.view(1)) == PlayCard(magic + "v")
        game = rig([magic + "a Bv", f"Cr {other}r Ar Nr Ña", "Fr Gr"], "Ma")
        game.apply(0, PlayCard(magic + "a"))
        assert make_bot(level, 1, seed).choose(game.view(1)) == Draw()


def test_bots_put_a_hand_in_the_race() -> None:
    game = rig(["Ñv Cr", "Dr Fr", "Gr Jr"], "Ba")
    game.apply(0, PlayCard("Ñv", colour="azul"))
    for level in LEVELS:
        assert make_bot(level, 1, 0).choose(game.view(1)) == PutHand()


def test_bots_give_a_card_they_hold_medio_and_dificil_the_costliest_but_the_enie() -> None:
    game = rig(["Ar Na Ka", "Bv Ev Ña", "Dv Hv Qv", "Fv Gv Jv"], "Mv")
    game.apply(0, PlayWord(("Ar", "Na")))
    game.apply(3, Challenge())
    assert game.phase == "give"
    for level in LEVELS:
        for seat in (1, 2):
            action = make_bot(level, seat, 4).choose(game.view(seat))
            assert isinstance(action, Give) and action.card in game.hands[seat]
    # The Ñ (5 points) is the costliest card, but the strongest to hand over.
    assert make_bot("medio", 1, 0).choose(game.view(1)) == Give("Ev")
    assert make_bot("dificil", 1, 0).choose(game.view(1)) == Give("Ev")
    for level in ("medio", "dificil"):
        pick = make_bot(level, 2, 0).choose(game.view(2))
        assert points(pick.card) == max(points(c) for c in game.hands[2])
    # fácil gives any card, the Ñ too (some seed does).
    picks = {make_bot("facil", 1, seed).choose(game.view(1)).card for seed in range(40)}
    assert "Ña" in picks


def test_bots_give_the_enie_only_when_it_is_all_they_could_give() -> None:
    game = rig(["Ar Na Ka", "Ñv Ña", "Dv Hv Qv", "Fv Gv Jv"], "Mv")
    game.apply(0, PlayWord(("Ar", "Na")))
    game.apply(3, Challenge())
    for level in ("medio", "dificil"):
        assert letter(make_bot(level, 1, 0).choose(game.view(1)).card) == "Ñ"


def test_dificil_keeps_a_letter_with_a_power_among_equal_points() -> None:
    game = rig(["Ar Na Ka", "Rv Qv Bv", "Dv Cv Fv", "Fa Ga Ja"], "Mv")
    game.apply(0, PlayWord(("Ar", "Na")))
    game.apply(3, Challenge())
    assert make_bot("dificil", 1, 0).choose(game.view(1)) == Give("Qv")
    assert make_bot("medio", 1, 0).choose(game.view(1)) == Give("Rv")


def test_warned_protected_bot_plays_at_once() -> None:
    game = protected_position()
    game.apply(3, PlayWord(("Ar", "Nv")))
    for level in LEVELS:
        action = make_bot(level, 1, 0).choose(game.view(1))
        assert action in game.legal_actions(1) and not isinstance(action, Pass)
        clone(game).apply(1, action)


def test_bot_steals_with_a_word_it_knows() -> None:
    game = rig(["Ma Cv Dv", "Fv Gv", "Jv Kv", "Ar Lr Er"], "Mv")
    game.apply(0, PlayCard("Ma"))
    stolen = 0
    for seed in range(30):
        action = make_bot("dificil", 3, seed).choose(game.view(3))
        if isinstance(action, PlayWord):
            stolen += 1
            clone(game).apply(3, action)
    assert stolen > 15


# ---------------------------------------------------------------------------
# Saves and levels


def test_bot_round_trip() -> None:
    for level in LEVELS:
        bot = make_bot(level, 2, 77)
        data = json.loads(json.dumps(bot.to_dict()))
        back = bot_from_dict(data)
        assert (back.level, back.seat, back.seed) == (level, 2, 77)
        assert back.to_dict() == bot.to_dict()
        compared = 0
        for game, seat in window_positions(30):
            if seat == 2:
                assert back.choose(game.view(2)) == bot.choose(game.view(2))
                compared += 1
        assert compared > 3


def test_unknown_level() -> None:
    with pytest.raises(ValueError):
        make_bot("experto", 0)


# Strength is a benchmark, not a test (issue 14): benchmarks/bench_bots.py castana
# plays the ladder (every pair of levels heads-up, and full tables).
