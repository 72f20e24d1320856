#!/usr/bin/env python3
"""Measure the curated word list's rule against the full list (issue #11).

    python tools/measure_lexicon.py /tmp/fuentes/an-array-of-spanish-words-2.0.0.tgz \\
        /tmp/fuentes/dictionary-es-4.0.0.tgz [--seed 11] [--sample 2000]

Prints how much of the full list RLA-ES confirms, by length; what each length
threshold would leave out; the share of a seeded random sample of the full list the
curated list keeps ("kept" = the sampled word is in the curated list); the words met
in play as junk; and 50 seeded random words the curated list leaves out. Needs spylls,
like tools/build_lexicon.py --hunspell; writes nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import build_lexicon as build  # noqa: E402

#: words accepted in play that no Spanish table would accept (issue #11)
JUNK = ("run", "pom", "guin", "adul", "nia")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("words", type=Path)
    parser.add_argument("hunspell", type=Path)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--sample", type=int, default=2000)
    args = parser.parse_args(argv)

    words = build.main_words(args.words)
    confirmed = build.confirmed_words(build.load_hunspell(args.hunspell))
    curated = build.curated_words(words, confirmed)
    kept = set(curated)
    total = len(words)
    in_full = sum(1 for w in words if w in confirmed)
    print(f"full list: {total:,} words; RLA-ES confirms {in_full:,} ({in_full / total:.1%})")
    print(f"curated list: {len(curated):,} words ({len(curated) / total:.2%} of the full list)")

    print("\nletters  words  unconfirmed  left out if up to this length needs RLA-ES")
    by_length = Counter(len(w) for w in words)
    unconfirmed = Counter(len(w) for w in words if w not in confirmed)
    cumulative = 0
    for length in sorted(by_length):
        cumulative += unconfirmed[length]
        print(
            f"{length:7}  {by_length[length]:6}  {unconfirmed[length]:6} "
            f"({unconfirmed[length] / by_length[length]:4.0%})  "
            f"{cumulative:7} ({cumulative / total:.2%})"
        )

    rng = random.Random(args.seed)
    sample = rng.sample(words, args.sample)
    share = sum(1 for w in sample if w in kept) / len(sample)
    print(f"\nsample of {args.sample} (seed {args.seed}): the curated list keeps {share:.2%}")
    print(f"whole full list: the curated list keeps {len(curated) / total:.2%}")

    print("\njunk met in play:")
    for word in JUNK:
        print(
            f"  {word}: full {word in set(words)}, RLA-ES {word in confirmed}, curated {word in kept}"
        )

    dropped = [w for w in words if w not in kept]
    print(f"\n50 words the curated list leaves out (seed {args.seed}):")
    print(" ".join(sorted(rng.sample(dropped, 50), key=build.sort_key)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
