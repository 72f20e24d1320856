"""What the tiles a player keeps are worth: the difícil bot's leave values.

A *leave* is what stays on the rack after a move ("?" = blank). Its value is the
points it is expected to add to the next turn compared with keeping nothing (a fresh
rack of 7). The values are learned from self-play by `tools/palabras_leaves.py`
(how, and how the shipped file was made: its docstring) and shipped in `leaves.json`
next to this module: a linear model over a few features of the leave (`features`):

- ``n:X`` — one for each tile X kept (X a letter or "?");
- ``dup:X`` — one for each copy of X beyond the first (two E, three A…);
- ``vc:V,C`` — the leave has V vowels and C consonants (blanks are neither);
- ``qu`` — a Q without a U.

`leave_value(leave)` sums the weights of its features (0 for the empty leave).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from sobremesa.games.palabras.tiles import BLANK, COUNTS

DATA = Path(__file__).resolve().parent / "leaves.json"
VOWELS = frozenset("AEIOU")
#: tiles with more than one copy in the bag (only those can repeat on a rack)
REPEATABLE = tuple(t for t, n in COUNTS.items() if n > 1)


def features(leave: str) -> list[str]:
    """The names of the features a leave has, one per occurrence (see the module
    docstring); the empty leave has none."""
    if not leave:
        return []
    out = [f"n:{t}" for t in leave]
    seen: dict[str, int] = {}
    for t in leave:
        seen[t] = seen.get(t, 0) + 1
    for t, n in seen.items():
        out.extend([f"dup:{t}"] * (n - 1))
    vowels = sum(1 for t in leave if t in VOWELS)
    consonants = sum(1 for t in leave if t not in VOWELS and t != BLANK)
    out.append(f"vc:{vowels},{consonants}")
    if "Q" in seen and "U" not in seen:
        out.append("qu")
    return out


def all_features() -> list[str]:
    """Every feature name a leave of up to 6 tiles can have, in a fixed order."""
    names = [f"n:{t}" for t in COUNTS]
    names += [f"dup:{t}" for t in REPEATABLE]
    names += [f"vc:{v},{c}" for v in range(7) for c in range(7 - v)]
    names.append("qu")
    return names


@lru_cache(maxsize=1)
def weights() -> dict[str, float]:
    """The shipped weights (empty if the data file is missing: every leave is 0)."""
    try:
        data = json.loads(DATA.read_text("utf-8"))
    except FileNotFoundError:
        return {}
    return {name: float(value) for name, value in data["weights"].items()}


@lru_cache(maxsize=65536)
def _value(key: str) -> float:
    w = weights()
    return sum(w.get(name, 0.0) for name in features(key))


def leave_value(leave: str, table: dict[str, float] | None = None) -> float:
    """Points the leave is worth on the next turn, against keeping nothing;
    `table`: other weights (the learning script's), else the shipped ones."""
    if table is not None:
        return sum(table.get(name, 0.0) for name in features(leave))
    return _value("".join(sorted(leave)))
