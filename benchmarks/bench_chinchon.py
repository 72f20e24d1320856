"""Chinchón bot-vs-bot matches per second.

Run: python benchmarks/bench_chinchon.py [seconds per case]

Prints one line per case: players, deck, bot levels, matches per second,
average rounds per match and the meld solver's speed on random 8-card hands.
"""

from __future__ import annotations

import random
import sys
import time

from sobremesa.core.cards import make_deck
from sobremesa.games.chinchon.bots import play_match
from sobremesa.games.chinchon.melds import _solve, best_arrangement
from sobremesa.games.chinchon.rules import ChinchonOptions


def bench_matches(players: int, levels: str, budget: float) -> tuple[float, float, int]:
    opts = ChinchonOptions(players=players)
    start = time.perf_counter()
    n = rounds = 0
    while time.perf_counter() - start < budget or n < 3:
        lv = [levels if levels != "mixed" else ("facil", "dificil")[i % 2] for i in range(players)]
        game = play_match(opts, 10_000 + n, lv)
        rounds += game.round_no
        n += 1
    elapsed = time.perf_counter() - start
    return n / elapsed, rounds / n, n


def bench_solver(deck_size: int, copies: int, hands: int = 20_000) -> float:
    rng = random.Random(1)
    deck = make_deck(deck_size, copies)
    sample = [rng.sample(deck, 8) for _ in range(hands)]
    _solve.cache_clear()
    start = time.perf_counter()
    for h in sample:
        best_arrangement(h, deck_size)
    return (time.perf_counter() - start) / hands * 1e6


def main() -> None:
    budget = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    for players, note in ((2, "one deck"), (3, "one deck"), (4, "one deck"), (6, "two decks")):
        for levels in ("facil", "dificil", "mixed"):
            rate, rounds, n = bench_matches(players, levels, budget)
            print(
                f"{players} players ({note}), bots {levels}: {rate:.1f} matches/s "
                f"({n} matches, {rounds:.1f} rounds/match)"
            )
    for deck_size, copies in ((40, 1), (48, 1), (40, 2)):
        us = bench_solver(deck_size, copies)
        print(f"best_arrangement, random 8-card hands, {deck_size}x{copies}: {us:.1f} us/hand")


if __name__ == "__main__":
    main()
