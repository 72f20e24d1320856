#!/usr/bin/env python3
"""Can a pure-Python move generator on the lexicon's node API reach ≤ 20 ms per position?

A sketch, not the Palabras generator (a later issue): Appel–Jacobson anchor search
(left part from the rack, then extend right) on the forward DAWG, cross-check sets
from `Dawg.cross_mask`, counting distinct tile placements with the convention of
shared/data/palabras/oracle-positions.jsonl. It runs the positions without blanks,
checks each count against the oracle and prints the time per position.

python benchmarks/bench_lexicon_movegen.py [oracle.jsonl] [runs]
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from sobremesa.lexicon import load_lexicon  # noqa: E402
from sobremesa.lexicon.dawg import EDGE_BITS  # noqa: E402
from sobremesa.lexicon.spelling import CODE  # noqa: E402

SIZE = 15
ORACLE = ROOT.parent / "shared" / "data" / "palabras" / "oracle-positions.jsonl"


def count_moves(dawg, board: list[list[int]], rack: list[int]) -> int:
    """Distinct tile placements (no blanks) on a board of letter codes (0 = empty)."""
    slots = dawg.slots
    root = dawg.root
    empty_board = not any(any(row) for row in board)
    columns = [[board[r][c] for r in range(SIZE)] for c in range(SIZE)]
    total = 0
    for down in (False, True):
        if empty_board and down:
            break
        lines = columns if down else board
        others = board if down else columns  # the perpendicular lines
        for index in range(SIZE):
            line = lines[index]
            cross = [0] * SIZE
            has_cross = [False] * SIZE
            anchor = [False] * SIZE
            for col in range(SIZE):
                if line[col]:
                    continue
                perp = others[col]  # perpendicular line through this square
                top = index
                while top > 0 and perp[top - 1]:
                    top -= 1
                bottom = index
                while bottom < SIZE - 1 and perp[bottom + 1]:
                    bottom += 1
                if top < index or bottom > index:
                    has_cross[col] = True
                    cross[col] = dawg.cross_mask(perp[top:index], perp[index + 1 : bottom + 1])
                    anchor[col] = True
                else:
                    cross[col] = EDGE_BITS
                if (col > 0 and line[col - 1]) or (col < SIZE - 1 and line[col + 1]):
                    anchor[col] = True
            if empty_board:
                anchor = [index == 7 and col == 7 for col in range(SIZE)]
            total += _line_moves(slots, root, line, cross, has_cross, anchor, rack, down)
    return total


def _line_moves(slots, root, line, cross, has_cross, anchor, rack, down) -> int:
    count = 0
    counts = [0] * 28
    for code in rack:
        counts[code] += 1

    def extend(node: int, col: int, placed: int, start: int, anchor_col: int, last: int) -> None:
        nonlocal count
        if col < SIZE and line[col]:
            c = line[col]
            v = slots[node + c]
            if v & 31 == c:
                extend(v >> 5, col + 1, placed, start, anchor_col, last)
            return
        # A one-tile play is counted in the across pass when it makes an across word.
        if (
            col > anchor_col
            and placed
            and col - start >= 2
            and slots[node] & 1
            and not (down and placed == 1 and has_cross[last])
        ):
            count += 1
        if col == SIZE:
            return
        mask = slots[node] >> 4 & cross[col]
        while mask:
            low = mask & -mask
            mask ^= low
            c = low.bit_length() - 1
            if counts[c]:
                counts[c] -= 1
                extend(slots[node + c] >> 5, col + 1, placed + 1, start, anchor_col, col)
                counts[c] += 1

    def left(node: int, length: int, limit: int, anchor_col: int) -> None:
        extend(node, anchor_col, length, anchor_col - length, anchor_col, -1)
        if limit:
            mask = slots[node] >> 4 & EDGE_BITS
            while mask:
                low = mask & -mask
                mask ^= low
                c = low.bit_length() - 1
                if counts[c]:
                    counts[c] -= 1
                    left(slots[node + c] >> 5, length + 1, limit - 1, anchor_col)
                    counts[c] += 1

    for col in range(SIZE):
        if not anchor[col] or line[col]:
            continue
        if col > 0 and line[col - 1]:
            start = col
            while start > 0 and line[start - 1]:
                start -= 1
            node = root
            for c in line[start:col]:
                v = slots[node + c]
                node = v >> 5 if v & 31 == c else 0
                if not node:
                    break
            if node:
                extend(node, col, 0, start, col, -1)
        else:
            limit = 0
            while (
                col - limit - 1 >= 0
                and not line[col - limit - 1]
                and not anchor[col - limit - 1]
                and limit < len(rack) - 1
            ):
                limit += 1
            left(root, 0, limit, col)
    return count


def parse(position: dict) -> tuple[list[list[int]], list[int]]:
    board = [[CODE[ch.lower()] if ch != "." else 0 for ch in row] for row in position["board"]]
    rack = [CODE[ch.lower()] for ch in position["rack"]]
    return board, rack


def main() -> None:
    oracle = Path(sys.argv[1]) if len(sys.argv) > 1 else ORACLE
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    dawg = load_lexicon("palabras").dawg
    positions = [json.loads(line) for line in oracle.read_text(encoding="utf-8").splitlines()]
    medians = []
    for position in positions:
        if "?" in position["rack"]:
            continue
        board, rack = parse(position)
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            got = count_moves(dawg, board, rack)
            times.append(time.perf_counter() - start)
        medians.append(statistics.median(times))
        verdict = "ok" if got == position["move_count"] else f"EXPECTED {position['move_count']}"
        print(
            f"{position['id']}: rack {position['rack']}, {got} moves ({verdict}), "
            f"{medians[-1] * 1000:.1f} ms"
        )
    print(
        f"median over {len(medians)} positions without blanks: "
        f"{statistics.median(medians) * 1000:.1f} ms (counting only, no scoring)"
    )


if __name__ == "__main__":
    main()
