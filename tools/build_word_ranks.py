#!/usr/bin/env python3
"""Rebuild the word-frequency rank table src/sobremesa/lexicon/data/es-ranks.txt.gz.

Source: the Spanish "large" list of wordfreq (PyPI package `wordfreq`, by Robyn Speer;
its data is CC BY-SA 4.0, so this table is too; see NOTICE and docs/diccionario.md).
wordfreq is needed only here, never when playing:

    pip install -e '.[build]'          # or: pip install wordfreq
    python tools/build_word_ranks.py            # writes the table
    python tools/build_word_ranks.py --check    # compares with the shipped table

What is kept: every wordfreq entry that folds (`sobremesa.lexicon.spelling.normalize`:
lowercase, á é í ó ú ü → a e i o u u, ñ kept) to a word of our lists (the full list
es.dawg, which holds the curated one, plus the k/w supplement of ABC ¡Castaña!).
Entries that fold to the same word add up (`más` and `mas`; `él` and `el`). Each word's
frequency is stored in centibels below 1 (`-round(100 * log10(frequency))`, wordfreq's
own resolution): `de` is 119, the rarest words wordfreq lists are 799.

File format (UTF-8 text, gzip-compressed; read by `sobremesa.lexicon.ranks`):

    line 1     `sobremesa-ranks 1`
    lines 2-   `# ...` comments (source, licence, word count)
    then       the words in sorted order (`sort_key`, ñ after z), one a line,
               front-coded: the number of leading letters shared with the previous
               word (omitted when 0) followed by the rest (`casa`, `3co` = `casco`)
    a blank line
    then       one centibel value a line, for the words in the same order

A word's rank is 1 + the number of words strictly more frequent (ties share a rank);
words not in the table are unknown (`ranks.UNKNOWN`). The output is the same for the
same wordfreq version; the gzip stream carries no time stamp.
"""

from __future__ import annotations

import argparse
import gzip
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from sobremesa.lexicon.compiler import sort_key  # noqa: E402
from sobremesa.lexicon.loader import MAIN_FILE, SUPPLEMENT_FILE, Lexicon, _shipped  # noqa: E402
from sobremesa.lexicon.ranks import FORMAT_LINE, RANKS_FILE, parse_table  # noqa: E402
from sobremesa.lexicon.spelling import WordError, normalize  # noqa: E402

WORDFREQ_LIST = "large"


def centibels(frequency: float) -> int:
    return -round(100 * math.log10(frequency))


def folded_frequencies(entries: dict[str, float], accepts) -> dict[str, float]:
    """Frequencies by folded word, for the words `accepts` (summed over spellings)."""
    folded: dict[str, float] = {}
    for entry, frequency in entries.items():
        try:
            word = normalize(entry)
        except WordError:
            continue
        if word in accepts:
            folded[word] = folded.get(word, 0.0) + frequency
    return folded


def front_code(words: list[str]) -> list[str]:
    lines = []
    previous = ""
    for word in words:
        shared = 0
        limit = min(len(word), len(previous))
        while shared < limit and word[shared] == previous[shared]:
            shared += 1
        lines.append(f"{shared}{word[shared:]}" if shared else word)
        previous = word
    return lines


def table_text(frequencies: dict[str, float], source: str) -> str:
    """The table (uncompressed) for folded word → frequency."""
    words = sorted(frequencies, key=sort_key)
    values = [centibels(frequencies[word]) for word in words]
    header = [
        FORMAT_LINE,
        f"# {len(words)} words; frequencies in centibels: -round(100 * log10(frequency))",
        f"# source: {source}",
        "# licence: CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/);",
        "# built by tools/build_word_ranks.py; sources and notices: NOTICE",
    ]
    return "\n".join([*header, *front_code(words), "", *map(str, values)]) + "\n"


def build() -> tuple[bytes, str]:
    try:
        import wordfreq
    except ImportError:
        raise SystemExit(
            "needs wordfreq: pip install -e '.[build]' (or pip install wordfreq)"
        ) from None
    from importlib.metadata import version

    source = f"wordfreq {version('wordfreq')}, Spanish list '{WORDFREQ_LIST}' (Robyn Speer)"
    entries = wordfreq.get_frequency_dict("es", WORDFREQ_LIST)
    accepts = Lexicon(_shipped(MAIN_FILE), (_shipped(SUPPLEMENT_FILE),), kind="castana")
    text = table_text(folded_frequencies(entries, accepts), source)
    return gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0), text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=RANKS_FILE, help="output file")
    parser.add_argument("--check", action="store_true", help="compare with the shipped table")
    args = parser.parse_args(argv)
    data, text = build()
    table = parse_table(text)  # the runtime reader must accept what was written
    print(f"{len(table)} words ranked; {len(data):,} bytes compressed")
    if args.check:
        target = args.out
        same = target.is_file() and gzip.decompress(target.read_bytes()).decode("utf-8") == text
        print(f"{target}: {'same' if same else 'DIFFERENT'}")
        return 0 if same else 1
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(data)
    print(f"{args.out}: written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
