"""The real entry point as a script drives it: `python -m sobremesa` with stdin not a
TTY (TERM=dumb), its own SOBREMESA_HOME, one typed line per list item."""

import os
import subprocess
import sys


def run(args, lines, home, timeout=120):
    env = {**os.environ, "SOBREMESA_HOME": str(home), "TERM": "dumb"}
    env.pop("COLUMNS", None)
    return subprocess.run(
        [sys.executable, "-m", "sobremesa", *args],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
    )
