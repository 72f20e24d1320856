"""¡Cabanga! games per second.

Run: python benchmarks/bench_cabanga.py [seconds per case]

Prints one line per case: players, bot levels, games per second, average rounds
and actions per game; then the rules engine alone (a random player choosing any
legal action), actions per second.
"""

from __future__ import annotations

import random
import sys
import time

from sobremesa.games.cabanga.bots import LEVELS, play_game
from sobremesa.games.cabanga.rules import CabangaGame, CabangaOptions


def bench_bots(players: int, levels: str, budget: float) -> tuple[float, float, int]:
    opts = CabangaOptions(players=players)
    start = time.perf_counter()
    n = rounds = 0
    while time.perf_counter() - start < budget or n < 3:
        if levels == "mixed":
            lv = [LEVELS[(n + i) % 3] for i in range(players)]
        else:
            lv = [levels] * players
        game = play_game(opts, 20_000 + n, lv)
        rounds += game.round_no
        n += 1
    elapsed = time.perf_counter() - start
    return n / elapsed, rounds / n, n


def bench_engine(players: int, budget: float) -> tuple[float, float]:
    """A random player for every seat: the cost of the rules alone."""
    opts = CabangaOptions(players=players)
    rng = random.Random(1)
    start = time.perf_counter()
    games = actions = 0
    while time.perf_counter() - start < budget or games < 3:
        game = CabangaGame(opts, 30_000 + games)
        while not game.is_over():
            for seat in game.to_act():
                game.apply(seat, rng.choice(game.legal_actions(seat)))
                actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / elapsed


def main() -> None:
    budget = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    for players in (3, 4, 6):
        for levels in (*LEVELS, "mixed"):
            rate, rounds, n = bench_bots(players, levels, budget)
            print(
                f"{players} players, bots {levels}: {rate:.1f} games/s "
                f"({n} games, {rounds:.1f} rounds/game)"
            )
    for players in (3, 6):
        games, actions = bench_engine(players, budget)
        print(
            f"{players} players, rules only (random play): {games:.1f} games/s, "
            f"{actions:.0f} actions/s"
        )


if __name__ == "__main__":
    main()
