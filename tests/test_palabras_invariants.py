"""Palabras invariants over seeded bot-vs-bot games (as the other three games have).

Every game, at every step: no tile is created or lost (bag + racks + board is the
full set of 97, blanks included); the bot's action is accepted; the bag and rack
counts of the views and events agree with the state. Scores add up: each seat's
total is the sum of its placements' scores (every `TilesPlaced.total` is the
running sum) plus the end adjustments of `GameOver`, which are exactly the rack
transfer of rule 8. Every game ends within a bound. In a third of the games the
game and the bots go through JSON at a random step and must replay the same
events to the same end.

The big run is marked slow and runs in two worker processes; a small one is fast.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from functools import cache
from typing import Any

import pytest
from seeded import run_seeded

from sobremesa.games.palabras.bots import bot_from_dict, make_bot
from sobremesa.games.palabras.rules import PalabrasGame, PalabrasOptions
from sobremesa.games.palabras.tiles import RACK_SIZE, TOTAL_TILES, full_bag, rack_points
from sobremesa.lexicon import load_lexicon

GAMES = 60  # about 30 s of CPU: 15 s on two cores
MAX_TURNS = 400
FULL = Counter(full_bag())


@cache
def lexicon() -> Any:
    return load_lexicon("palabras")


def config(i: int) -> dict[str, Any]:
    rng = random.Random(f"palabras-{i}")
    players = 2 + i % 3
    # facil weighs every placement (several seconds a game): one seat in four
    levels = [rng.choice(("facil", "medio", "medio", "dificil")) for _ in range(players)]
    return {
        "seed": i,
        "players": players,
        "subtract_own_rack": i % 4 == 3,
        "levels": levels,
        "save_at": rng.randrange(1, 20) if i % 3 == 0 else None,
    }


def check_tiles(game: PalabrasGame) -> None:
    s = game._s
    tiles = [*s.bag, *(t for r in s.racks for t in r), *game.board.letters_on_board()]
    assert len(tiles) == TOTAL_TILES and Counter(tiles) == FULL, "tiles created or lost"
    view = game.view(None)
    assert view.bag_count == len(s.bag)
    assert view.rack_counts == tuple(len(r) for r in s.racks)
    assert all(len(r) <= RACK_SIZE for r in s.racks)


def step(game: PalabrasGame, bots: list[Any]) -> list[Any]:
    (seat,) = game.to_act()
    events = game.apply(seat, bots[seat].choose(game.view(seat)))
    for event in events:
        for bot in bots:
            bot.observe(event.visible_to(bot.seat))
    return events


def run_game(cfg: dict[str, Any]) -> dict[str, Any]:
    n = cfg["players"]
    opts = PalabrasOptions(players=n, subtract_own_rack=cfg["subtract_own_rack"])
    game = PalabrasGame(opts, cfg["seed"], lexicon=lexicon())
    bots = [make_bot(lv, s, cfg["seed"] * 10 + s, lexicon()) for s, lv in enumerate(cfg["levels"])]
    placed = [0] * n  # sum of each seat's placement scores
    seen: Counter = Counter()
    snapshot: str | None = None
    after_save: list[dict[str, Any]] = []
    over = None
    check_tiles(game)
    for event in game.opening_events:
        seen[event.kind] += 1
    turns = 0
    while not game.is_over():
        if turns == cfg["save_at"]:
            snapshot = json.dumps(
                {"game": game.to_dict(), "bots": [b.to_dict() for b in bots]}, sort_keys=True
            )
        events = step(game, bots)
        turns += 1
        check_tiles(game)
        for e in events:
            seen[e.kind] += 1
            if snapshot is not None:
                after_save.append(e.to_dict())
            if e.kind == "tiles_placed":
                placed[e.seat] += e.score
                assert e.total == placed[e.seat], "a running total that does not add up"
                assert e.score == sum(w[2] for w in e.words) + e.bonus
                assert e.bonus in (0, 40) and (e.bonus == 40) == (len(e.tiles) == RACK_SIZE)
            elif e.kind == "tiles_drawn":
                assert 0 <= e.count <= RACK_SIZE and e.bag_count >= 0
            elif e.kind == "game_over":
                over = e
        if not game.is_over():
            assert game.scores() == placed
        assert turns < MAX_TURNS, "game too long"
    assert over is not None and game.to_act() == []
    # the end adjustments: rule 8, from the racks left
    points = [rack_points(r) for r in over.racks]
    assert list(over.rack_points) == points
    expected = [0] * n
    if over.last_placer is not None:
        expected[over.last_placer] += sum(p for s, p in enumerate(points) if s != over.last_placer)
    if opts.subtract_own_rack:
        expected = [a - p for a, p in zip(expected, points, strict=True)]
    assert list(over.adjustments) == expected
    final = [p + a for p, a in zip(placed, over.adjustments, strict=True)]
    assert list(over.scores) == final == game.scores()
    best = max(final)
    assert over.winners == tuple(s for s in range(n) if final[s] == best)
    if over.reason == "rack_emptied":
        assert game.bag_count == 0 and "" in over.racks
    else:
        assert over.reason == "all_passed"
    if snapshot is not None:
        data = json.loads(snapshot)
        g2 = PalabrasGame.from_dict(data["game"], lexicon=lexicon())
        b2 = [bot_from_dict(d, lexicon()) for d in data["bots"]]
        replay: list[dict[str, Any]] = []
        while not g2.is_over():
            replay += [e.to_dict() for e in step(g2, b2)]
        assert replay == after_save, "replay after load differs"
        assert g2.to_dict() == game.to_dict()
    return {
        "seen": seen,
        "turns": turns,
        "players": n,
        "reason": over.reason,
        "saved": snapshot is not None,
    }


def test_a_few_games_keep_the_invariants() -> None:
    for i in (0, 1):
        cfg = {**config(i), "levels": ["medio", "dificil", "medio"][: config(i)["players"]]}
        result = run_game(cfg)
        assert result["seen"]["tiles_placed"] > 10


@pytest.mark.slow
def test_invariants_over_many_games() -> None:
    results = run_seeded(run_game, config, list(range(GAMES)))
    assert len(results) == GAMES
    seen: Counter = sum((r["seen"] for r in results), Counter())
    print(f"\n{GAMES} games, {sum(r['turns'] for r in results)} turns:", dict(sorted(seen.items())))
    for kind in ("tiles_placed", "exchanged", "passed", "game_over"):
        assert seen[kind] > 0, f"never happened: {kind}"
    assert {r["reason"] for r in results} == {"rack_emptied", "all_passed"}
    assert {r["players"] for r in results} == {2, 3, 4}
    assert sum(r["saved"] for r in results) >= GAMES // 4
