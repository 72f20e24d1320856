"""Chinchón bot-vs-bot matches per second, and the bots' decision times.

Run: python benchmarks/bench_chinchon.py [seconds per case] [--decisiones N] [--estilos N]

Prints one line per case: players, deck, bot levels, matches per second,
average rounds per match and the meld solver's speed on random 8-card hands.
With ``--decisiones N`` it prints only the decision times (issue 14: median under
50 ms, max under 1 s): for every level and style, N matches at 2, 4 and 6 players
(every seat that level and style), each `bot.choose(view)` timed, median and max.
With ``--estilos N`` it prints only how each style does heads-up against the plain
level below (N games, seeds 1..N, seats swapped every game, as bench_bots.py):
``dificil:atrevido vs medio: 290/500 = 58.0 % (IC 95 %: …)``.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from sobremesa.core.cards import make_deck
from sobremesa.core.match import play_out
from sobremesa.games.chinchon.bots import LEVELS, STYLES, make_bot, play_match
from sobremesa.games.chinchon.melds import _solve, best_arrangement
from sobremesa.games.chinchon.rules import ChinchonGame, ChinchonOptions


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


class Timed:
    """A bot whose `choose` calls are timed into `times`."""

    def __init__(self, bot, times: list[float]) -> None:
        self.bot, self.times = bot, times

    def __getattr__(self, name: str):
        return getattr(self.bot, name)

    def choose(self, view):
        t0 = time.perf_counter()
        action = self.bot.choose(view)
        self.times.append(time.perf_counter() - t0)
        return action


def bench_decisions(matches: int) -> None:
    for level in LEVELS:
        for style in ("", *STYLES[level]):
            times: list[float] = []
            for players in (2, 4, 6):
                for n in range(matches):
                    seed = 70_000 + players * 1000 + n
                    game = ChinchonGame(ChinchonOptions(players=players), seed)
                    bots = [
                        Timed(make_bot(level, seat, seed * 31 + seat, style=style), times)
                        for seat in range(players)
                    ]
                    play_out(game, bots)
            name = f"{level}:{style}" if style else level
            print(
                f"bot {name} decision: median {statistics.median(times) * 1e3:.2f} ms, "
                f"max {max(times) * 1e3:.1f} ms ({len(times)} decisions, "
                f"{matches} matches each at 2, 4 and 6 players)",
                flush=True,
            )


def bench_styles(games: int) -> None:
    from bench_bots import wilson

    below = dict(zip(LEVELS[1:], LEVELS, strict=False))
    for level in LEVELS[1:]:
        for style in STYLES[level]:
            score = 0
            for i in range(games):
                seed = 1 + i
                specs = [(level, style), (below[level], "")]
                if i % 2:
                    specs.reverse()
                game = ChinchonGame(ChinchonOptions(players=2), seed)
                bots = [
                    make_bot(lv, seat, seed * 31 + seat, style=st)
                    for seat, (lv, st) in enumerate(specs)
                ]
                play_out(game, bots)
                score += specs[game.winner] == (level, style)
            low, high = wilson(score, games)
            print(
                f"{level}:{style} vs {below[level]}: {score}/{games} = "
                f"{100 * score / games:.1f} % (IC 95 %: {100 * low:.1f}–{100 * high:.1f} %)",
                flush=True,
            )


def main() -> None:
    if "--estilos" in sys.argv:
        bench_styles(int(sys.argv[sys.argv.index("--estilos") + 1]))
        return
    if "--decisiones" in sys.argv:
        bench_decisions(int(sys.argv[sys.argv.index("--decisiones") + 1]))
        return
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
