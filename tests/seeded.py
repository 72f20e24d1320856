"""Seeded bot-vs-bot games run in two worker processes, each failure named by its
game and configuration (shared by the invariant tests of every game)."""

from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import Any


def _chunk(
    play: Callable[[dict[str, Any]], Any],
    config: Callable[[int], dict[str, Any]],
    label: str,
    indices: list[int],
) -> list[Any]:
    out = []
    for i in indices:
        try:
            out.append(play(config(i)))
        except Exception as e:  # report which game failed
            details = getattr(e, "details", "")
            raise AssertionError(
                f"{label} {i} ({config(i)}): {type(e).__name__}: {e} {details}".rstrip()
            ) from e
    return out


def run_seeded(
    play: Callable[[dict[str, Any]], Any],
    config: Callable[[int], dict[str, Any]],
    indices: list[int],
    label: str = "game",
    workers: int = 2,
) -> list[Any]:
    """`play(config(i))` for every index; `play` and `config` must be module-level
    functions (they travel to the worker processes)."""
    chunks = [indices[k::workers] for k in range(workers)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        parts = pool.map(partial(_chunk, play, config, label), chunks)
        return [result for part in parts for result in part]
