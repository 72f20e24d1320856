"""Program clients run as their own process, so they can live in another network
namespace than the test (tests/test_net_faults.py runs this inside the client end
of a degraded link):

    python tests/net_driver.py URL GAME [--drop] [--seed N] [--timeout S]

Ana creates a 3-seat table, Beto joins, the third seat is the server's bot
(``seat_two`` of test_net_games.py), and both play the whole game. ``--drop``: on
one of his turns Beto's connection is closed without answering; he comes back with
his token and plays on. Prints one JSON line: what each client did and saw.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from netplay import BotPlayer  # noqa: E402
from test_net_games import play_both, seat_two  # noqa: E402


def percentile(values: list[float], pct: float) -> float | None:
    """The nearest-rank percentile (None without values)."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(pct / 100 * len(ordered)) - 1))]


def summary(player: BotPlayer) -> dict[str, Any]:
    return {
        "actions": player.actions,
        "fin": player.over,
        "frames": len(player.frames),
        "p50": percentile(player.latencies, 50),
        "p99": percentile(player.latencies, 99),
        "samples": len(player.latencies),
        "last_lines": player.lines[-4:],
        "traceback": any("Traceback" in line for line in player.lines),
    }


def hold_turns(player: BotPlayer) -> None:
    """From now on ``player`` passes gates but never answers its own turn."""
    answer = player.answer
    player.answer = lambda frame: answer(frame) if frame.get("puerta") else None  # type: ignore[method-assign]


def play(url: str, game: str, timeout: float, seed: int) -> dict[str, Any]:
    ana, beto, code = seat_two(url, game, semilla=seed)
    ana.line("empezar")
    play_both(ana, beto, timeout)
    return {"code": code, "ana": summary(ana), "beto": summary(beto)}


def play_with_a_drop(url: str, game: str, timeout: float, seed: int) -> dict[str, Any]:
    ana, beto, code = seat_two(url, game, semilla=seed)
    ana.line("empezar")
    errors: list[BaseException] = []

    def run_ana() -> None:
        try:
            ana.play_out(timeout)
        except BaseException as error:  # reported in the summary
            errors.append(error)

    playing = threading.Thread(target=run_ana)
    playing.start()
    # Mid-game (some moves made), then Beto's turn comes and he never answers it.
    beto.until(lambda f: f["t"] == "entrega" and beto.actions >= 3, timeout)
    hold_turns(beto)
    beto.until(lambda f: f["t"] == "pide" and not f.get("puerta"), timeout)
    actions_before = beto.actions
    beto.close()
    time.sleep(1.0)
    back = BotPlayer(url, game, "Beto", seed=2)
    back.seat = beto.seat
    back.open(token=beto.token, code=code)
    try:
        back.play_out(timeout)
    except BaseException as error:
        errors.append(error)
    playing.join()
    heard = back.lines + [line for f in back.frames for line in f.get("lineas", [])]
    return {
        "code": code,
        "ana": summary(ana),
        "beto": {**summary(back), "actions_before_drop": actions_before},
        "welcomed_back": any("Vuelves a la mesa" in line for line in heard),
        "errors": [repr(error)[:500] for error in errors],
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("game")
    parser.add_argument("--drop", action="store_true")
    parser.add_argument("--timeout", type=float, default=150.0)
    parser.add_argument("--seed", type=int, default=11, help="the deal's seed")
    args = parser.parse_args()
    started = time.monotonic()
    how = play_with_a_drop if args.drop else play
    result = how(args.url, args.game, args.timeout, args.seed)
    result["seconds"] = round(time.monotonic() - started, 1)
    print(json.dumps(result, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main()
