"""How much a move opens the board to the rival: the difícil bot's defence.

`opening_features(board, squares, before)` describes the premium squares a move's
new tiles (`squares`) bring within the rival's reach that were not before:

- ``tp`` — empty triple-word squares within 4 squares (same row or column) of a new
  tile and of no tile already on the board;
- ``tp_adj`` — those of them right next to a new tile;
- ``dp_adj`` — empty double-word squares next to a new tile and to no old one;
- ``tl_adj`` — the same for triple-letter squares;
- ``tiles`` — the new tiles (each one a new place to play on).

`penalty(features)` is the points the rival is expected to gain from them: weights
learned from self-play by `tools/palabras_leaves.py --defensa` (the rival's best
score with its real rack after the move, less before it), shipped in
`defence.json`; without that file, hand-set weights for the triple-word squares.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from sobremesa.games.palabras.board import DP, SIZE, TL, TP, Board

DATA = Path(__file__).resolve().parent / "defence.json"
FEATURES = ("tp", "tp_adj", "dp_adj", "tl_adj", "tiles")
HAND = {"tp": 4.0, "tp_adj": 8.0}
REACH = 4


def tp_in_reach(board: Board, squares) -> set[tuple[int, int]]:
    """Empty TP squares within `REACH` squares (same row or column) of `squares`."""
    prem = board.layout.premiums
    cells = board.cells
    found = set()
    for r, c in squares:
        for k in range(-REACH, REACH + 1):
            for rr, cc in ((r + k, c), (r, c + k)):
                if 0 <= rr < SIZE and 0 <= cc < SIZE:
                    i = rr * SIZE + cc
                    if prem[i] == TP and not cells[i]:
                        found.add((rr, cc))
    return found


def _next_to(board: Board, squares, kind: int) -> set[tuple[int, int]]:
    prem = board.layout.premiums
    cells = board.cells
    found = set()
    for r, c in squares:
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < SIZE and 0 <= cc < SIZE:
                i = rr * SIZE + cc
                if prem[i] == kind and not cells[i]:
                    found.add((rr, cc))
    return found


class Before:
    """What the board already opens (computed once per decision)."""

    def __init__(self, board: Board) -> None:
        old = [divmod(i, SIZE) for i, v in enumerate(board.cells) if v]
        self.tp = tp_in_reach(board, old)
        self.dp = _next_to(board, old, DP)
        self.tl = _next_to(board, old, TL)


def opening_features(board: Board, squares, before: Before) -> dict[str, float]:
    """The features of a move putting tiles on `squares` (see the module docstring)."""
    squares = list(squares)
    new_set = set(squares)
    tp = tp_in_reach(board, squares) - before.tp - new_set
    adjacent = sum(1 for r, c in tp if any(abs(r - nr) + abs(c - nc) == 1 for nr, nc in squares))
    return {
        "tp": float(len(tp)),
        "tp_adj": float(adjacent),
        "dp_adj": float(len(_next_to(board, squares, DP) - before.dp - new_set)),
        "tl_adj": float(len(_next_to(board, squares, TL) - before.tl - new_set)),
        "tiles": float(len(squares)),
    }


@lru_cache(maxsize=1)
def weights() -> dict[str, float]:
    """The shipped weights, or the hand-set ones without the data file."""
    try:
        data = json.loads(DATA.read_text("utf-8"))
    except FileNotFoundError:
        return dict(HAND)
    return {name: float(value) for name, value in data["weights"].items()}


def penalty(features: dict[str, float], table: dict[str, float] | None = None) -> float:
    """Points the rival is expected to gain from what the move opens (never below 0
    for a feature: a move is not rewarded for opening)."""
    w = weights() if table is None else table
    return sum(max(0.0, w.get(name, 0.0)) * value for name, value in features.items())
