#!/usr/bin/env python3
"""Palabras engine timings on the oracle positions, and bot decision times.

For every position of shared/data/palabras/oracle-positions.jsonl: all legal moves
with their scores (`generate_moves`, Move objects included), checked against the
oracle's move_count and best score; the median time of several runs per position,
then the median per group (0, 1 and 2 blanks on the rack). Targets: ≤ 20 ms, ≤ 200
ms, ≤ 1 s; a popular JavaScript solver takes 2.6 / 37 / 237 ms. Then a few seeded
bot games per level (each level against itself, two seats), every decision timed:
median and maximum, on the clock (perf_counter) and in processor time (process_time,
which a busy shared machine inflates less); issue 14's targets: median under 50 ms,
maximum under 1 s at every level. The endgame decisions of difícil (bag empty) are
also given apart.

python benchmarks/bench_palabras.py [--runs N] [--games N] [--profile ID] [--solo-bots]
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from sobremesa.games.palabras.board import Board  # noqa: E402
from sobremesa.games.palabras.bots import make_bot  # noqa: E402
from sobremesa.games.palabras.movegen import generate_moves, generate_raw  # noqa: E402
from sobremesa.games.palabras.rules import PalabrasGame, PalabrasOptions  # noqa: E402
from sobremesa.lexicon import load_lexicon  # noqa: E402

ORACLE = ROOT.parent / "shared" / "data" / "palabras" / "oracle-positions.jsonl"
TARGETS_MS = {0: 20, 1: 200, 2: 1000}
REFERENCE_MS = {0: 2.6, 1: 37, 2: 237}


def bench_positions(lexicon, positions, runs: int) -> bool:
    dawg = lexicon.dawg
    groups: dict[int, list[float]] = {0: [], 1: [], 2: []}
    ok = True
    for p in positions:
        board = Board.from_rows(p["board"])
        rack = p["rack"]
        times, raw_times = [], []
        moves = []
        for _ in range(runs):
            start = time.perf_counter()
            moves = generate_moves(dawg, board, rack)
            times.append(time.perf_counter() - start)
            start = time.perf_counter()
            generate_raw(dawg, board, rack)
            raw_times.append(time.perf_counter() - start)
        best = max(s for s, _m in moves)
        good = len(moves) == p["move_count"] and best == p["best_score"]
        ok &= good
        blanks = rack.count("?")
        groups[blanks].append(statistics.median(times))
        print(
            f"{p['id']}: rack {rack}, {len(moves)} moves, best {best} "
            f"({'ok' if good else 'EXPECTED ' + str(p['move_count'])}), "
            f"{statistics.median(times) * 1000:.1f} ms "
            f"(raw tuples {statistics.median(raw_times) * 1000:.1f} ms, "
            f"min {min(times) * 1000:.1f} ms)"
        )
    for blanks, values in groups.items():
        if values:
            median = statistics.median(values) * 1000
            print(
                f"{blanks} blank(s): median {median:.1f} ms over {len(values)} position(s) "
                f"(target {TARGETS_MS[blanks]} ms, JS reference {REFERENCE_MS[blanks]} ms)"
            )
    return ok


def bench_bots(lexicon, games: int) -> None:
    for level in ("facil", "medio", "dificil"):
        wall: list[float] = []
        cpu: list[float] = []
        end_wall: list[float] = []
        for seed in range(games):
            game = PalabrasGame(PalabrasOptions(players=2), seed=seed, lexicon=lexicon)
            bots = [make_bot(level, s, seed * 7 + s, lexicon) for s in range(2)]
            while not game.is_over():
                seat = game.current_seat
                view = game.view(seat)
                start, start_cpu = time.perf_counter(), time.process_time()
                action = bots[seat].choose(view)
                wall.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
                if view.bag_count == 0:
                    end_wall.append(wall[-1])
                game.apply(seat, action)
        line = (
            f"bot {level}: {len(wall)} decisions in {games} games, median "
            f"{statistics.median(wall) * 1000:.1f} ms, max {max(wall) * 1000:.0f} ms "
            f"(processor time: median {statistics.median(cpu) * 1000:.1f} ms, "
            f"max {max(cpu) * 1000:.0f} ms)"
        )
        if end_wall:
            line += (
                f"; bag empty: {len(end_wall)} decisions, median "
                f"{statistics.median(end_wall) * 1000:.1f} ms, max {max(end_wall) * 1000:.0f} ms"
            )
        print(line, flush=True)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--oracle", type=Path, default=ORACLE)
    parser.add_argument("--profile", help="profile generate_raw on this position id")
    parser.add_argument("--solo-bots", action="store_true", help="only the bots' decisions")
    args = parser.parse_args()
    lexicon = load_lexicon("palabras")
    if args.profile or not args.solo_bots:
        positions = [
            json.loads(line) for line in args.oracle.read_text("utf-8").splitlines() if line.strip()
        ]
    if args.profile:
        p = next(p for p in positions if p["id"] == args.profile)
        board = Board.from_rows(p["board"])
        profiler = cProfile.Profile()
        profiler.runcall(lambda: [generate_raw(lexicon.dawg, board, p["rack"]) for _ in range(5)])
        pstats.Stats(profiler).sort_stats("tottime").print_stats(10)
        return 0
    ok = True
    if not args.solo_bots:
        ok = bench_positions(lexicon, positions, args.runs)
    if args.games:
        bench_bots(lexicon, args.games)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
