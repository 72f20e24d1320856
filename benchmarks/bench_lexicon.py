#!/usr/bin/env python3
"""Lexicon numbers against the targets: load ≤ 20 ms, membership ≤ 2 µs,
resident memory added ≤ 15 MB, installed data ≤ 3 MB; plus the game queries.

python benchmarks/bench_lexicon.py [runs]
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

# Run in a fresh interpreter: the time and memory that loading the default list adds.
CHILD = """
import json, resource, sys, time
def rss_kb():
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak // 1024 if sys.platform == "darwin" else peak
import sobremesa.cli  # the program as started, before any word game
from sobremesa.lexicon import load_lexicon
before = rss_kb()
start = time.perf_counter()
lexicon = load_lexicon("castana" if sys.argv[1] == "castana" else "palabras")
loaded = time.perf_counter() - start
ok = "casa" in lexicon and "cassa" not in lexicon
after = rss_kb()
print(json.dumps({"load": loaded, "rss_kb": after - before, "ok": ok}))
"""


def child(kind: str) -> dict:
    out = subprocess.run(
        [sys.executable, "-c", CHILD, kind], capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout)


def per_call(function, items, repeat: int = 5) -> float:
    """Median over `repeat` passes of the mean time per item, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for item in items:
            function(item)
        times.append((time.perf_counter() - start) / len(items))
    return statistics.median(times)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    from sobremesa.lexicon import loader
    from sobremesa.lexicon.dawg import Dawg
    from sobremesa.lexicon.spelling import to_codes

    data_files = sorted(loader.DATA_DIR.glob("*.dawg"))
    size = sum(f.stat().st_size for f in data_files)
    print(
        f"installed data: {size / 1e6:.2f} MB ("
        + ", ".join(f"{f.name} {f.stat().st_size:,} B" for f in data_files)
        + ")  [target ≤ 3 MB]"
    )

    child("palabras")  # warm the file cache
    results = [child("palabras") for _ in range(runs)]
    loads = [r["load"] * 1000 for r in results]
    assert all(r["ok"] for r in results)
    print(
        f"load default lexicon (fresh process, after import sobremesa.cli): median "
        f"{statistics.median(loads):.2f} ms, max {max(loads):.2f} ms over {runs} runs  "
        "[target ≤ 20 ms]"
    )
    castana = [child("castana")["load"] * 1000 for _ in range(5)]
    print(f"load Castaña lexicon (with supplement): median {statistics.median(castana):.2f} ms")
    rss = statistics.median(r["rss_kb"] for r in results)
    print(f"resident memory added by loading: {rss / 1024:.2f} MB  [target ≤ 15 MB]")

    start = time.perf_counter()
    raw = loader.MAIN_FILE.read_bytes()
    for _ in range(20):
        Dawg(raw)
    print(f"Dawg(bytes) alone: {(time.perf_counter() - start) / 20 * 1000:.2f} ms")

    lexicon = loader.load_lexicon("palabras")
    dawg = lexicon.dawg
    start = time.perf_counter()
    words = list(dawg.words())
    print(f"enumerate all {len(words):,} words: {time.perf_counter() - start:.2f} s")

    rng = random.Random(1)
    sample = rng.sample(words, 50_000)
    letters = "aeiosnrlutdcmpbgvyqhfzjxñ"
    non_words = []
    while len(non_words) < 50_000:
        w = rng.choice(words)
        i = rng.randrange(len(w))
        w = w[:i] + rng.choice(letters) + w[i + 1 :]
        if w not in dawg:
            non_words.append(w)
    mean_len = statistics.mean(map(len, sample))
    present = per_call(dawg.__contains__, sample)
    absent = per_call(dawg.__contains__, non_words)
    via_lexicon = per_call(lexicon.__contains__, sample)
    codes = [to_codes(w) for w in sample]
    by_codes = per_call(dawg.contains_codes, codes)
    print(
        f"membership `word in dawg` (str, mean length {mean_len:.1f}): present "
        f"{present * 1e6:.2f} µs, absent (one letter changed) {absent * 1e6:.2f} µs  "
        "[target ≤ 2 µs]"
    )
    print(
        f"membership `word in lexicon`: {via_lexicon * 1e6:.2f} µs; "
        f"dawg.contains_codes(bytes): {by_codes * 1e6:.2f} µs"
    )

    castana_lexicon = loader.load_lexicon("castana")
    castana_in = per_call(castana_lexicon.__contains__, non_words[:20_000])
    print(
        f"membership in the Castaña lexicon (absent words check both lists): "
        f"{castana_in * 1e6:.2f} µs"
    )

    pool = "aaaaeeeeiiioooouussnnrrlltdcmpbgvjzñfhqxy"
    hands = [(rng.choice("abcdefghijlmnopqrstuvz"), "".join(rng.sample(pool, 6)))
             for _ in range(300)]  # fmt: skip
    spell = per_call(lambda hand: castana_lexicon.spell(*hand), hands, repeat=3)
    big = [(first, hand + "".join(rng.sample(pool, 6))) for first, hand in hands[:100]]
    spell_big = per_call(lambda hand: castana_lexicon.spell(*hand), big, repeat=3)
    print(
        f"Castaña query spell(first letter, 6-letter hand): {spell * 1e6:.0f} µs; "
        f"12-letter hand: {spell_big * 1e6:.0f} µs"
    )

    squares = []
    for w in rng.sample([w for w in words if 3 <= len(w) <= 8], 2000):
        i = rng.randrange(len(w))
        squares.append((to_codes(w[:i]), to_codes(w[i + 1 :])))
    cross = per_call(lambda sq: dawg.cross_mask(*sq), squares)
    print(f"cross-check set cross_mask(above, below) for a square: {cross * 1e6:.1f} µs")

    node_walk = per_call(
        lambda code_list: [dawg.child(dawg.root, c) for c in code_list], [list(range(1, 28))] * 2000
    )
    print(f"dawg.child() method call: {node_walk / 27 * 1e9:.0f} ns per call")


if __name__ == "__main__":
    main()
