"""The bots' ladder (issue 14): games between levels on the shared match runner.

Run: python benchmarks/bench_bots.py GAME [--partidas N] [--semilla S] [--mesa N]
     python benchmarks/bench_bots.py GAME --pareja FUERTE,DEBIL [--partidas N] [--semilla S]

GAME: chinchon, palabras, castana or cabanga. For every pair of the game's levels,
N heads-up games (default 500; 200 for Palabras), seeds S, S+1, …; the two levels
swap seats every game (¡Cabanga!, three seats at least: they alternate around the
table). One line per pair, stronger level first::

    medio vs facil: 312/500 = 62.4 % (IC 95 %: 58.1–66.5 %)

Ties count as half a win (the game's own winners: Chinchón's last standing, the
lowest total in ¡Cabanga! and ABC ¡Castaña!, the highest score in Palabras).
Then the full table (``--mesa`` games, default N / 5): as many seats as the game
allows, the levels in turn around the table, rotated every game; each level's share
of the wins, against its fair share. Windows are answered by the bots' reaction
times, as at a table in turn-by-turn mode (`core.match.play_out`). Strength is a
benchmark, never a test; decision times are in the per-game benchmarks.

``--pareja FUERTE,DEBIL``: only that heads-up pair, no full table. Each side is a
level, or a level and a style (``dificil/defensivo``), or a yardstick the game's
bots module makes but no table offers (Palabras: ``voraz``, the pure top-score
player): ``--pareja dificil,voraz``.
"""

from __future__ import annotations

import argparse
import itertools
import math
import time
from typing import Any

from sobremesa.core.match import play_out
from sobremesa.core.registry import GAMES, GameEntry


def winners(game: Any) -> list[int]:
    """The seats that won a finished game (several: a tie)."""
    many = getattr(game, "winners", None)
    if many is not None and not callable(many) and len(many):
        return list(many)
    one = getattr(game, "winner", None)
    if isinstance(one, int):
        return [one]
    scores = game.scores()
    best = max(scores)
    return [seat for seat, score in enumerate(scores) if score == best]


def make(entry: GameEntry, spec: str, seat: int, seed: int, lexicon: Any) -> Any:
    """The bot of ``level`` or ``level/style``."""
    level, _, style = spec.partition("/")
    bot = entry.make_bot(level, seat, seed, lexicon=lexicon)
    if style:
        bot.style = style
    return bot


def play(entry: GameEntry, levels: list[str], seed: int, lexicon: Any) -> list[int]:
    """One bot-only game, ``levels[i]`` at seat i: the winners."""
    game = entry.new_game(len(levels), seed, lexicon=lexicon)
    bots = [make(entry, level, seat, seed, lexicon) for seat, level in enumerate(levels)]
    play_out(game, bots, reaction_time=entry.bot_reaction_time)
    return winners(game)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def heads_up(entry: GameEntry, strong: str, weak: str, n: int, seed: int, lexicon: Any) -> str:
    """Two levels alone at the smallest table (¡Cabanga! needs three seats: the two
    levels alternate around it, and every other game the other one starts)."""
    score = 0.0
    players = max(2, entry.seats[0])
    for i in range(n):
        pair = (strong, weak) if i % 2 == 0 else (weak, strong)
        seats = [pair[seat % 2] for seat in range(players)]
        won = play(entry, seats, seed + i, lexicon)
        mine = [seat for seat in won if seats[seat] == strong]
        score += len(mine) / len(won)
    low, high = wilson(score, n)
    shown = f"{score:g}"
    return (
        f"{strong} vs {weak}: {shown}/{n} = {100 * score / n:.1f} % "
        f"(IC 95 %: {100 * low:.1f}–{100 * high:.1f} %)"
    )


def full_table(entry: GameEntry, n: int, seed: int, lexicon: Any) -> list[str]:
    players = entry.seats[1]
    levels = list(entry.levels)
    share = dict.fromkeys(levels, 0.0)
    seats_of = dict.fromkeys(levels, 0)
    for i in range(n):
        table = [levels[(i + seat) % len(levels)] for seat in range(players)]
        for level in table:
            seats_of[level] += 1
        won = play(entry, table, seed + 10_000 + i, lexicon)
        for seat in won:
            share[table[seat]] += 1 / len(won)
    lines = [f"mesa completa: {players} jugadores, {n} partidas"]
    for level in levels:
        fair = n * seats_of[level] / (n * players)
        lines.append(
            f"  {level}: {share[level]:g} victorias = {100 * share[level] / n:.1f} % "
            f"(a partes iguales por asientos: {100 * fair / n:.1f} %)"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--partidas", type=int, default=None)
    parser.add_argument("--semilla", type=int, default=1)
    parser.add_argument("--mesa", type=int, default=None)
    parser.add_argument("--pareja", help="FUERTE,DEBIL: only this pair (level or level/style)")
    args = parser.parse_args()
    entry = GAMES[args.game]
    n = args.partidas or (200 if entry.id == "palabras" else 500)
    lexicon = entry.load_lexicon()
    print(f"{entry.id}: niveles {', '.join(entry.levels)}; {n} partidas por pareja")
    started = time.perf_counter()
    if args.pareja:
        strong, weak = args.pareja.split(",")
        print(heads_up(entry, strong, weak, n, args.semilla, lexicon), flush=True)
        print(f"({time.perf_counter() - started:.0f} s)")
        return
    for weak, strong in itertools.combinations(entry.levels, 2):
        print(heads_up(entry, strong, weak, n, args.semilla, lexicon), flush=True)
    for line in full_table(entry, args.mesa or max(1, n // 5), args.semilla, lexicon):
        print(line, flush=True)
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
