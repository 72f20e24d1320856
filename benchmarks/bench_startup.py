#!/usr/bin/env python3
"""Time from starting `sobremesa` to its first menu line on stdout (piped), median of N runs.

python benchmarks/bench_startup.py [runs]
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def one_run(home: str) -> float:
    env = {**os.environ, "SOBREMESA_HOME": home}
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "sobremesa"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    assert proc.stdout is not None
    proc.stdout.readline()
    elapsed = time.perf_counter() - start
    proc.stdin.close()  # end of input: the menu says goodbye and exits
    proc.wait(timeout=10)
    return elapsed


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    with tempfile.TemporaryDirectory() as home:
        Path(home).mkdir(exist_ok=True)
        one_run(home)  # warm the file cache
        times = [one_run(home) for _ in range(runs)]
    print(
        f"start to first menu line: median {statistics.median(times) * 1000:.0f} ms, "
        f"min {min(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms over {runs} runs"
    )


if __name__ == "__main__":
    main()
