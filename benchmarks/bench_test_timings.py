#!/usr/bin/env python3
"""The speed checks the tests no longer make: one run each, side by side with an anchor.

Tests assert behaviour only (a busy machine must not fail them); how fast it happens
is measured here. Each line gives the time, its target, and the ratio to an anchor
measured in the same run (a fixed piece of pure Python), so two machines, or one
machine busy and idle, can be compared by the ratio:

- Palabras: each level's decision on a crowded board with two blanks on the rack
  (was test_decisions_with_two_blanks_stay_quick, ≤ 2 s), and the slowest decision
  of seeded bot games (was in test_bot_games_end_with_tiles_conserved, ≤ 2 s);
- outputs: the game thread's speak / silence / braille calls while the synthesizer
  is stuck starting (≤ 50 ms each), and create_outputs with a backend slower than
  its ready_timeout (returns by the timeout, ≤ 0.5 s);
- the terminal console: get_line(timeout=0.05) with nothing typed (≤ 5 s).

python benchmarks/bench_test_timings.py [--games N]
Exit status 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import random
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from sobremesa.games.palabras.board import Board  # noqa: E402
from sobremesa.games.palabras.bots import LEVELS, make_bot  # noqa: E402
from sobremesa.games.palabras.rules import PalabrasGame, PalabrasOptions, PalabrasView  # noqa: E402
from sobremesa.lexicon import load_lexicon  # noqa: E402
from sobremesa.ui.console import TIMEOUT  # noqa: E402
from sobremesa.ui.outputs import ThreadedOutput, create_outputs  # noqa: E402

TWO_BLANKS_BOARD = [
    "...Y..JIGAS....",
    ".AHECHE..DEDIL.",
    "..AGUE.........",
    "...U...........",
    "...aSOBINAN....",
    "...T...........",
    "..ÑO...........",
    ".RASUREN.......",
    "..T..OX........",
    ".ME............",
    ".EA.FLECTAN....",
    "PERDI..........",
    "..I............",
    ".RaCOS.........",
    "DONA...........",
]


def anchor() -> float:
    """A fixed piece of pure Python (sorting and summing), timed once."""
    rng = random.Random(12)
    values = [rng.random() for _ in range(300_000)]
    start = time.perf_counter()
    total = sum(sorted(values)) + sum(i * i for i in range(300_000))
    elapsed = time.perf_counter() - start
    assert total > 0
    return elapsed


class Report:
    def __init__(self, anchor_seconds: float) -> None:
        self.anchor = anchor_seconds
        self.missed: list[str] = []
        print(f"anchor: {anchor_seconds * 1000:.0f} ms")

    def line(self, name: str, seconds: float, target: float) -> None:
        ok = seconds <= target
        if not ok:
            self.missed.append(name)
        print(
            f"{name}: {seconds * 1000:.1f} ms (target {target * 1000:.0f} ms, "
            f"{seconds / self.anchor:.2f} × anchor){'' if ok else '  MISSED'}"
        )


def timed(fn: Callable[[], object]) -> tuple[float, object]:
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def palabras(report: Report, games: int) -> None:
    lexicon = load_lexicon("palabras")
    board = Board.from_rows(TWO_BLANKS_BOARD)
    view = PalabrasView(
        seat=0,
        board=board,
        rack="AER?S?T",
        rack_counts=(7, 7),
        bag_count=20,
        scores=(0, 0),
        current_seat=0,
        turn=1,
        scoreless_turns=0,
        is_over=False,
        options=PalabrasOptions(),
    )
    for level in LEVELS:
        bot = make_bot(level, 0, 1, lexicon)
        seconds, _action = timed(lambda bot=bot: bot.choose(view))
        report.line(f"palabras {level}, two blanks", seconds, 2.0)
    slowest = 0.0
    for seed in range(1, games + 1):
        game = PalabrasGame(PalabrasOptions(players=2), seed=seed, lexicon=lexicon)
        bots = [make_bot(level, s, seed * 10 + s, lexicon) for s, level in enumerate(LEVELS[-2:])]
        while not game.is_over():
            (seat,) = game.to_act()
            start = time.perf_counter()
            action = bots[seat].choose(game.view(seat))
            seconds = time.perf_counter() - start
            slowest = max(slowest, seconds)
            game.apply(seat, action)
    report.line(f"palabras slowest decision in {games} seeded games", slowest, 2.0)


class StuckBackend:
    """A synthesizer whose start() waits for `gate` (a slow or stuck engine)."""

    name = "fake"
    language_missing = False

    def __init__(self, gate: threading.Event) -> None:
        self.gate = gate

    def start(self, text: str) -> None:
        self.gate.wait(10)

    def busy(self) -> bool:
        return False

    def stop(self) -> None:
        pass

    def pump(self) -> None:
        pass

    def braille(self, text: str) -> None:
        pass

    def close(self) -> None:
        pass


def outputs(report: Report) -> None:
    gate = threading.Event()
    out = ThreadedOutput("voz", lambda: StuckBackend(gate), notify=print, failure_message="x")
    out.start()
    calls = [lambda i=i: out.speak(f"Narración {i}.") for i in range(5)]
    calls += [lambda: out.speak("Tu turno.", interrupt=True), out.silence]
    calls += [lambda: out.braille("Tu turno.")]
    slowest = max(timed(call)[0] for call in calls)
    gate.set()
    out.close()
    report.line("outputs: slowest game-thread call, backend stuck", slowest, 0.05)

    slow = threading.Event()

    def slow_factory() -> StuckBackend:
        slow.wait(0.5)
        return StuckBackend(threading.Event())

    seconds, made = timed(
        lambda: create_outputs(
            {"voz"}, notify=print, backends={"voz": slow_factory}, ready_timeout=0.1
        )
    )
    slow.set()
    for output in made:  # type: ignore[attr-defined]
        output.close()
    report.line("outputs: create_outputs, backend 0.5 s, ready_timeout 0.1 s", seconds, 0.5)


def console(report: Report) -> None:
    import io

    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output.vt100 import Vt100_Output

    from sobremesa.ui.terminal import TerminalConsole

    with create_pipe_input() as pipe:
        output = Vt100_Output(
            io.StringIO(), lambda: Size(rows=24, columns=200), term="xterm", enable_cpr=False
        )
        term = TerminalConsole(lambda: [], input=pipe, output=output)
        seconds, line = timed(lambda: term.get_line(timeout=0.05))
        term.close()
    assert line is TIMEOUT
    report.line("console: get_line(timeout=0.05), nothing typed", seconds, 5.0)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2, help="seeded Palabras bot games")
    args = parser.parse_args()
    report = Report(anchor())
    palabras(report, args.games)
    outputs(report)
    console(report)
    if report.missed:
        print("missed:", ", ".join(report.missed))
    return 1 if report.missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
