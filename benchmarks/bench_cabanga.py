"""¡Cabanga! bot decision times, and games per second.

Run: python benchmarks/bench_cabanga.py [seconds per case] [--decisiones N]

First every bot decision of N games (default 100; 6 players, the three levels and
their styles around the table, seeds 1..N) timed per level: median and maximum, on
the clock (perf_counter) and in processor time (process_time, which a busy shared
machine inflates less). Issue 14's targets: median under 50 ms, maximum under 1 s.
Then one line per case: players, bot levels, games per second, average rounds and
actions per game; then the rules engine alone (a random player choosing any legal
action), actions per second.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from sobremesa.core.match import play_out
from sobremesa.games.cabanga.bots import LEVELS, STYLES, make_bot, play_game
from sobremesa.games.cabanga.rules import CabangaGame, CabangaOptions


def bench_decisions(games: int) -> None:
    """Every decision of `games` six-player games, timed per level: the plays, then
    the answers to Cabanga windows."""
    seats = [(level, style) for level in LEVELS for style in ("", *STYLES[level])][:6]
    wall: dict[tuple[str, str], list[float]] = {}
    cpu: dict[tuple[str, str], list[float]] = {}

    def timed(bot):
        choose = bot.choose

        def run(view):
            start, start_cpu = time.perf_counter(), time.process_time()
            action = choose(view)
            key = (bot.level, view.phase)
            wall.setdefault(key, []).append(time.perf_counter() - start)
            cpu.setdefault(key, []).append(time.process_time() - start_cpu)
            return action

        bot.choose = run
        return bot

    for seed in range(1, games + 1):
        turn = [seats[(seed + i) % len(seats)] for i in range(6)]
        bots = [timed(make_bot(lv, s, seed * 16 + s, style=st)) for s, (lv, st) in enumerate(turn)]
        clock = random.Random(seed)
        game = CabangaGame(CabangaOptions(players=6), seed)
        play_out(game, bots, reaction_time=lambda _g, _s, bot, c=clock: bot.reaction_time(c))
    for level in LEVELS:
        parts = []
        for phase, name in (("play", "plays"), ("cabanga", "windows")):
            w, c = wall.get((level, phase), [0.0]), cpu.get((level, phase), [0.0])
            parts.append(
                f"{name} {len(w)}: median {statistics.median(w) * 1000:.2f} ms, "
                f"max {max(w) * 1000:.1f} ms (processor time {statistics.median(c) * 1000:.2f}"
                f" / {max(c) * 1000:.1f} ms)"
            )
        print(f"bot {level}, {games} games: " + "; ".join(parts), flush=True)


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
    args = sys.argv[1:]
    games = 100
    if "--decisiones" in args:
        i = args.index("--decisiones")
        games = int(args[i + 1])
        del args[i : i + 2]
    budget = float(args[0]) if args else 2.0
    bench_decisions(games)
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
