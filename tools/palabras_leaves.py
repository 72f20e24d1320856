#!/usr/bin/env python3
"""Learn the Palabras leave values and defence weights from self-play.

Run (tens of minutes on a shared machine; be kind to it):

    PYTHONPATH=src nice -n 19 python tools/palabras_leaves.py [--partidas 300] [--semilla 1]
        [--equidad] [--defensa [--sin-restos]]

Leave values (src/sobremesa/games/palabras/leaves.json). Difícil plays difícil (two
seats, seeded games). At every other turn while the bag still holds 7 tiles, the
rack of the player to move is taken as a position; a few random subsets of it (0 to
6 tiles, the *leaves*) are each completed to 7 tiles with draws from the tiles that
player cannot see (the bag and the rival's rack), and the best score of the
completed rack on that board is the leave's worth there (`--robos` draws a leave,
the same shuffled draws for every leave of a position so their differences are not
drowned by luck; with `--equidad`, the best score plus the shipped value of the
tiles that move would keep: a second pass that looks a turn further). A linear model
over the leave's features (`leaves.features`: tiles kept, repeated tiles, vowels and
consonants, Q without U) is fitted to those worths by least squares with a small
ridge, within each position (so the board's richness cancels out): a weight is the
points a feature adds to the next turn against keeping nothing.

Defence weights (`--defensa`, src/sobremesa/games/palabras/defence.json): for every
move of those games, the rival's best score with its real rack (the script sees it;
the bots never do) on the board after the move, less on the board before it, fitted
by least squares on what the move brings within reach (`defence.opening_features`).

The games are played by the difícil of the code at hand (with the values shipped at
that moment). The shipped files: leaves.json from `--partidas 400 --semilla 2
--equidad` (2,860 s) after a first pass `--partidas 300 --semilla 1` (2,671 s);
defence.json from `--partidas 300 --semilla 3 --defensa --sin-restos` (1,078 s),
all under nice -n 19 on a 2-processor machine shared with other work.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from sobremesa.games.palabras.board import SIZE  # noqa: E402
from sobremesa.games.palabras.bots import make_bot, new_squares  # noqa: E402
from sobremesa.games.palabras.defence import DATA as DEFENCE_DATA  # noqa: E402
from sobremesa.games.palabras.defence import FEATURES, Before, opening_features  # noqa: E402
from sobremesa.games.palabras.endgame import _new_cells  # noqa: E402
from sobremesa.games.palabras.leaves import (  # noqa: E402
    DATA,
    all_features,
    features,
    leave_value,
)
from sobremesa.games.palabras.leaves import weights as shipped_weights  # noqa: E402
from sobremesa.games.palabras.movegen import generate_raw  # noqa: E402
from sobremesa.games.palabras.rules import PalabrasGame, PalabrasOptions, Place  # noqa: E402
from sobremesa.games.palabras.tiles import RACK_SIZE, cell_of, tiles_used  # noqa: E402
from sobremesa.lexicon import load_lexicon  # noqa: E402


def top_score(dawg, board, rack: str) -> int:
    raws = generate_raw(dawg, board, rack)
    return max((r[0] for r in raws), default=0)


def top_equity(dawg, board, rack: str, weights: dict[str, float], width: int = 40) -> float:
    """The best score + value of the tiles kept, among the `width` best scores."""
    raws = generate_raw(dawg, board, rack)
    if not raws:
        return 0.0
    if len(raws) > width:
        cut = sorted((r[0] for r in raws), reverse=True)[width - 1]
        raws = [r for r in raws if r[0] >= cut]
    best = float("-inf")
    for raw in raws:
        used = tiles_used(c for _i, c in _new_cells(board.cells, raw))
        left = list(rack)
        for t in used:
            left.remove(t)
        best = max(best, raw[0] + leave_value("".join(left), weights))
    return best


def position_samples(dawg, view, rng: random.Random, leaves: int, draws: int, weights=None):
    """(leave, mean best score of leave + draw) for a few random leaves of the rack."""
    rack = view.rack
    unseen = list(view.unseen_tiles())
    shuffles = []
    for _ in range(draws):
        pool = unseen[:]
        rng.shuffle(pool)
        shuffles.append(pool)
    chosen: set[str] = set()
    out = []
    for _ in range(leaves * 3):
        if len(out) >= leaves:
            break
        size = rng.randrange(RACK_SIZE)
        leave = "".join(sorted(rng.sample(rack, size)))
        if leave in chosen:
            continue
        chosen.add(leave)
        need = RACK_SIZE - size
        if weights is None:
            worth = sum(top_score(dawg, view.board, leave + "".join(p[:need])) for p in shuffles)
        else:
            worth = sum(
                top_equity(dawg, view.board, leave + "".join(p[:need]), weights) for p in shuffles
            )
        out.append((leave, worth / draws))
    return out


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the matrix is small and regular)."""
    n = len(vector)
    a = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        p = a[col][col]
        for r in range(col + 1, n):
            f = a[r][col] / p
            if f:
                row, top = a[r], a[col]
                for k in range(col, n + 1):
                    row[k] -= f * top[k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (a[r][n] - sum(a[r][k] * x[k] for k in range(r + 1, n))) / a[r][r]
    return x


def fit(groups: list[list[tuple[str, float]]], ridge: float) -> dict[str, float]:
    names = all_features()
    index = {name: i for i, name in enumerate(names)}
    n = len(names)
    xtx = [[0.0] * n for _ in range(n)]
    xty = [0.0] * n
    for group in groups:
        if len(group) < 2:
            continue
        rows = []
        for leave, worth in group:
            x = [0.0] * n
            for name in features(leave):
                x[index[name]] += 1.0
            rows.append((x, worth))
        mean_x = [sum(x[i] for x, _w in rows) / len(rows) for i in range(n)]
        mean_y = sum(w for _x, w in rows) / len(rows)
        for x, w in rows:
            d = [(x[i] - mean_x[i], i) for i in range(n) if x[i] != mean_x[i]]
            y = w - mean_y
            for di, i in d:
                xty[i] += di * y
                row = xtx[i]
                for dj, j in d:
                    row[j] += di * dj
    for i in range(n):
        xtx[i][i] += ridge
    solution = solve(xtx, xty)
    return {name: round(value, 2) for name, value in zip(names, solution, strict=True)}


def opening_sample(dawg, game, seat: int, move):
    """(features of `move`, the rival's best score after it less before it), the
    rival's real rack in hand (the script sees it; the bots never do)."""
    board = game.board
    rival = game.rack(1 - seat)
    squares = new_squares(board, move)
    features = opening_features(board, squares, Before(board))
    before = top_score(dawg, board, rival)
    after = board.copy()
    for (r, c), ch in zip(squares, _placed_letters(board, move), strict=True):
        after.put(r, c, cell_of(ch))
    return features, top_score(dawg, after, rival) - before


def _placed_letters(board, move) -> list[str]:
    dr, dc = (1, 0) if move.down else (0, 1)
    return [
        ch
        for k, ch in enumerate(move.word)
        if not board.cells[(move.row + dr * k) * SIZE + move.col + dc * k]
    ]


def fit_defence(samples, ridge: float) -> dict[str, float]:
    """Least squares (small ridge, free intercept) of the rival's gain on the features."""
    names = list(FEATURES)
    n = len(names) + 1
    xtx = [[0.0] * n for _ in range(n)]
    xty = [0.0] * n
    for found, gain in samples:
        x = [found[name] for name in names] + [1.0]
        for i in range(n):
            xty[i] += x[i] * gain
            for j in range(n):
                xtx[i][j] += x[i] * x[j]
    for i in range(n - 1):
        xtx[i][i] += ridge
    solution = solve(xtx, xty)
    out = {name: round(value, 2) for name, value in zip(names, solution, strict=False)}
    out["intercept"] = round(solution[-1], 2)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--partidas", type=int, default=300, help="self-play games")
    parser.add_argument("--semilla", type=int, default=1)
    parser.add_argument("--restos", type=int, default=5, help="leaves valued per position")
    parser.add_argument("--robos", type=int, default=2, help="draws per leave")
    parser.add_argument("--cada", type=int, default=2, help="one position every N turns")
    parser.add_argument("--ridge", type=float, default=20.0)
    parser.add_argument("--salida", type=Path, default=DATA)
    parser.add_argument(
        "--equidad",
        action="store_true",
        help="worth = best score + shipped value of the tiles then kept (not the score alone)",
    )
    parser.add_argument(
        "--defensa",
        action="store_true",
        help="also learn what a move opens to the rival (defence.json)",
    )
    parser.add_argument("--sin-restos", action="store_true", help="no leave values")
    parser.add_argument("--salida-defensa", type=Path, default=DEFENCE_DATA)
    args = parser.parse_args()
    old = dict(shipped_weights()) if args.equidad else None
    openings: list[tuple[dict[str, float], int]] = []
    lexicon = load_lexicon("palabras")
    dawg = lexicon.dawg
    rng = random.Random(args.semilla)
    groups: list[list[tuple[str, float]]] = []
    started = time.perf_counter()
    for i in range(args.partidas):
        seed = args.semilla * 100_000 + i
        game = PalabrasGame(PalabrasOptions(players=2), seed=seed, lexicon=lexicon)
        bots = [make_bot("dificil", s, seed * 2 + s, lexicon) for s in range(2)]
        turn = 0
        while not game.is_over():
            (seat,) = game.to_act()
            view = game.view(seat)
            turn += 1
            if (
                not args.sin_restos
                and view.bag_count >= RACK_SIZE
                and turn % args.cada == 0
                and view.rack
            ):
                groups.append(position_samples(dawg, view, rng, args.restos, args.robos, old))
            action = bots[seat].choose(view)
            if args.defensa and isinstance(action, Place):
                openings.append(opening_sample(dawg, game, seat, action.move))
            game.apply(seat, action)
        if (i + 1) % 10 == 0:
            spent = time.perf_counter() - started
            print(
                f"{i + 1} partidas, {len(groups)} posiciones, {len(openings)} jugadas, "
                f"{spent:.0f} s",
                flush=True,
            )
    spent = time.perf_counter() - started
    if args.defensa:
        table = fit_defence(openings, args.ridge)
        data = {
            "about": (
                "Palabras defence: points the rival's best score gains from what a move "
                "opens (defence.opening_features), learned from self-play by "
                "tools/palabras_leaves.py --defensa"
            ),
            "games": args.partidas,
            "seed": args.semilla,
            "moves": len(openings),
            "mean_gain": round(sum(g for _f, g in openings) / max(1, len(openings)), 2),
            "ridge": args.ridge,
            "seconds": round(spent),
            "weights": table,
        }
        args.salida_defensa.write_text(
            json.dumps(data, indent=1, ensure_ascii=False) + "\n", "utf-8"
        )
        print(f"{args.salida_defensa}: {len(openings)} jugadas")
        for name, value in table.items():
            print(f"  {name}: {value:+.2f}")
    if args.sin_restos:
        return 0
    weights = fit(groups, args.ridge)
    data = {
        "about": (
            "Palabras leave values (points a kept tile set adds to the next turn against "
            "keeping nothing), learned from self-play by tools/palabras_leaves.py"
        ),
        "games": args.partidas,
        "seed": args.semilla,
        "positions": len(groups),
        "samples": sum(len(g) for g in groups),
        "leaves_per_position": args.restos,
        "draws_per_leave": args.robos,
        "ridge": args.ridge,
        "target": "best score + shipped leave value" if args.equidad else "best score",
        "seconds": round(spent),
        "weights": weights,
    }
    args.salida.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", "utf-8")
    print(f"{args.salida}: {len(groups)} posiciones, {data['samples']} restos, {spent:.0f} s")
    for name in sorted(weights, key=weights.get, reverse=True):
        print(f"  {name}: {weights[name]:+.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
