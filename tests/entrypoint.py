"""The real entry point as a script drives it: `python -m sobremesa` with stdin not a
TTY (TERM=dumb), its own SOBREMESA_HOME, one typed line per list item."""

import os
import re
import subprocess
import sys


def is_rival_line(line):
    """A line of the intro's one per rival (`Lucía: medio, estilo prudente.`): said
    again when a saved game is resumed."""
    return re.match(r"^\w+: (fácil|medio|difícil|easy|medium|hard)\b", line) is not None


def environment(home):
    env = {**os.environ, "SOBREMESA_HOME": str(home), "TERM": "dumb"}
    env.pop("COLUMNS", None)
    return env


def start(args, home, *, stderr=subprocess.PIPE):
    """The entry point left running, stdin an open pipe (it waits for input)."""
    return subprocess.Popen(
        [sys.executable, "-m", "sobremesa", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=stderr,
        text=True,
        env=environment(home),
    )


def run(args, lines, home, timeout=120):
    env = environment(home)
    return subprocess.run(
        [sys.executable, "-m", "sobremesa", *args],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
    )
