"""Memory over many games in one process: does it stay flat?

Run: python benchmarks/bench_memory.py [--games N] [--only chinchon,cabanga,...]

Plays N seeded bot-vs-bot games of each game one after another in this process
(as a long session at the menu would) and prints, after every 10 games, the
memory Python holds (tracemalloc: current and peak, in MB) and, for Chinchón, the
size of its meld caches. Flat means the current figure stops growing after the
first games (caches full, word lists loaded once); a figure that keeps growing by
the same amount every 10 games is a leak.

Before the caches were bounded by bytes, Chinchón grew about 450 KB a match (three
players, several rounds) without end; now it stays near 6 MB. Palabras' cross-check
cache (movegen) is bounded by entries (200,000, then cleared) and gains only about a
hundred a game; a tracemalloc snapshot compared over games 3 to 9 showed no growth
(the figure printed moves with the last game's moves, still held when measured).
"""

from __future__ import annotations

import argparse
import sys
import time
import tracemalloc
from collections.abc import Callable

GAMES = ("chinchon", "cabanga", "castana", "palabras")


def chinchon_player() -> Callable[[int], object]:
    from sobremesa.games.chinchon.bots import play_match
    from sobremesa.games.chinchon.rules import ChinchonOptions

    def play(seed: int) -> object:
        return play_match(ChinchonOptions(players=3), seed, ("dificil", "dificil", "facil"))

    return play


def cabanga_player() -> Callable[[int], object]:
    from sobremesa.games.cabanga.bots import play_game
    from sobremesa.games.cabanga.rules import CabangaOptions

    def play(seed: int) -> object:
        return play_game(CabangaOptions(players=3), seed, ("dificil", "medio", "facil"))

    return play


def castana_player() -> Callable[[int], object]:
    from sobremesa.games.castana.bots import make_bot
    from sobremesa.games.castana.rules import CastanaGame, CastanaOptions

    def play(seed: int) -> object:
        game = CastanaGame(CastanaOptions(players=3), seed)
        levels = ("dificil", "medio", "facil")
        bots = [make_bot(levels[s], s, seed * 10 + s) for s in range(3)]
        for _ in range(200_000):
            if game.is_over():
                break
            seats = game.to_act()
            if game.phase in ("window", "race"):
                seat = min(seats, key=lambda s: (bots[s].reaction_time(game.view(s)), s))
            else:
                seat = seats[0]
            game.apply(seat, bots[seat].choose(game.view(seat)))
        return game

    return play


def palabras_player() -> Callable[[int], object]:
    from sobremesa.games.palabras.bots import make_bot
    from sobremesa.games.palabras.rules import PalabrasGame, PalabrasOptions
    from sobremesa.lexicon import load_lexicon

    lexicon = load_lexicon("palabras")

    def play(seed: int) -> object:
        game = PalabrasGame(PalabrasOptions(players=2), seed=seed, lexicon=lexicon)
        bots = [make_bot(level, s, seed * 7 + s, lexicon) for s, level in enumerate(("medio",) * 2)]
        while not game.is_over():
            seat = game.current_seat
            game.apply(seat, bots[seat].choose(game.view(seat)))
        return game

    return play


def chinchon_caches() -> str:
    from sobremesa.games.chinchon.melds import CACHES

    held = sum(cache.bytes for cache in CACHES) / 1e6
    entries = sum(len(cache) for cache in CACHES)
    return f", meld caches {entries} entries, {held:.1f} MB"


def palabras_caches() -> str:
    from sobremesa.games.palabras.movegen import _CROSS_CACHE_LIMIT, _CROSS_CACHES

    entries = sum(len(cache) for _, cache in _CROSS_CACHES.values())
    return f", cross-check cache {entries} entries (cleared past {_CROSS_CACHE_LIMIT})"


EXTRA = {"chinchon": chinchon_caches, "palabras": palabras_caches}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="games of each game (50)")
    parser.add_argument("--only", default=",".join(GAMES), help="comma-separated games")
    args = parser.parse_args()
    chosen = [name.strip() for name in args.only.split(",") if name.strip()]
    unknown = [name for name in chosen if name not in GAMES]
    if unknown:
        parser.error(f"unknown game: {', '.join(unknown)}")
    tracemalloc.start()
    for name in chosen:
        play = globals()[f"{name}_player"]()
        start = time.perf_counter()
        base, _ = tracemalloc.get_traced_memory()
        print(f"{name}: {base / 1e6:.1f} MB before the first game", flush=True)
        for n in range(1, args.games + 1):
            play(50_000 + n)
            if n % 10 == 0 or n == args.games:
                current, peak = tracemalloc.get_traced_memory()
                extra = EXTRA[name]() if name in EXTRA else ""
                print(
                    f"  {n} games: current {current / 1e6:.1f} MB, peak {peak / 1e6:.1f} MB"
                    f"{extra} ({time.perf_counter() - start:.0f} s)",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
