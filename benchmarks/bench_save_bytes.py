"""Bytes written to the disk per move by the autosave, before and after the move log.

Run: python benchmarks/bench_save_bytes.py [seed] [rivals]

Plays one seeded ¡Cabanga! game with a bot in every seat (seat 0 too), saving
after every action what Session.save saves (state, bots, extra, the last 300
history lines). For each save it counts, side by side in the same run:

- before: the whole save rewritten (the JSON text of the payload, written to a
  file and renamed, as every move did until the log);
- after: what `saves.write_save` writes: one compact log line per move, and the
  whole save now and then (every saves.COMPACT_MOVES moves or COMPACT_BYTES of log).

Then it checks that the save read back equals the last payload.
"""

from __future__ import annotations

import json
import os
import random
import sys
import tempfile
import time
from collections import deque
from pathlib import Path


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    rivals = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    home = tempfile.mkdtemp(prefix="bench-save-")
    os.environ["SOBREMESA_HOME"] = home
    from sobremesa import i18n, saves
    from sobremesa.core.game import SAVE_FORMAT_VERSION
    from sobremesa.games.cabanga.bots import make_bot
    from sobremesa.games.cabanga.ui import new_adapter
    from sobremesa.settings import Settings
    from sobremesa.ui.session import Pause

    i18n.set_language("es")
    settings = Settings()
    settings.cabanga.rivals = rivals
    settings.cabanga.limit = 100  # a long game
    adapter = new_adapter(settings, seed=seed, spectator=False)
    adapter.bots[0] = make_bot("dificil", 0, seed * 16)
    game = adapter.game
    history: deque[str] = deque(maxlen=300)
    clock = random.Random(seed)

    def step(events) -> None:
        adapter.observe(events)
        for item in adapter.describe_events(events):
            if not isinstance(item, Pause):
                history.append(str(item))

    def payload() -> dict:
        return {
            "game": "cabanga",
            "table": adapter.table.to_dict(),
            "state": game.to_dict(),
            "bots": adapter.bots_to_data(),
            "extra": adapter.extra_to_data(),
            "pace": 0.0,
            "window": None,
            "language": "es",
            "history": list(history),
        }

    step(game.opening_events)
    moves = before = 0
    start = time.perf_counter()
    before_time = after_time = 0.0
    old_path = Path(home) / "whole.json"
    while not game.is_over():
        seats = game.to_act()
        if game.phase == "cabanga":
            seats = sorted(seats, key=lambda s: adapter.bots[s].reaction_time(clock))
        for seat in seats:
            if game.is_over() or seat not in game.to_act():
                continue
            step(game.apply(seat, adapter.bot_action(seat)))
            data = payload()
            t0 = time.perf_counter()
            whole = json.dumps({"format": SAVE_FORMAT_VERSION, **data}, ensure_ascii=False)
            old_path.with_suffix(".tmp").write_text(whole, encoding="utf-8")  # as before
            os.replace(old_path.with_suffix(".tmp"), old_path)
            before += len(whole.encode("utf-8"))
            t1 = time.perf_counter()
            saves.write_save(data)
            t2 = time.perf_counter()
            before_time += t1 - t0
            after_time += t2 - t1
            moves += 1
    elapsed = time.perf_counter() - start
    after = saves.stats.bytes
    loaded = saves.read_save("cabanga")
    expected = json.loads(json.dumps({"format": SAVE_FORMAT_VERSION, **payload()}))
    print(f"¡Cabanga! seed {seed}, {rivals + 1} players, {game.round_no} rounds, {moves} moves")
    print(f"before (whole save per move): {before:>12,} bytes, {before / moves:>9,.0f} per move")
    print(
        f"after (log + compaction):     {after:>12,} bytes, {after / moves:>9,.0f} per move "
        f"({saves.stats.lines} log lines, {saves.stats.full} whole saves)"
    )
    print(f"ratio: {before / after:.1f}x fewer bytes; play+save {elapsed:.1f} s")
    print(
        f"time per save: before {1000 * before_time / moves:.2f} ms, "
        f"after {1000 * after_time / moves:.2f} ms (diff and fsync included)"
    )
    print("read back equals the last save:", loaded == expected)


if __name__ == "__main__":
    main()
