"""How common a Spanish word is: its rank in everyday use (1 = the most common).

    from sobremesa.lexicon.ranks import word_rank, UNKNOWN

    word_rank("casa")      # a few hundred: very common
    word_rank("zurito")    # over 100,000: rare
    word_rank("xyz")       # UNKNOWN: not in the table

The ranks come from wordfreq's Spanish list (CC BY-SA 4.0; NOTICE,
docs/diccionario.md), turned by tools/build_word_ranks.py into
data/es-ranks.txt.gz: the words of our lists that wordfreq has seen, folded as the
lists fold them (no accents, ñ kept), with their frequency. Words that fold alike add up
(`más` and `mas` are one word). Ties share a rank. A word wordfreq has not seen
(most of the 636,598 words of the lists) gets `UNKNOWN`, larger than every rank.

The table (about 130,000 words) is read on the first call and kept for the process;
importing this module reads nothing.
"""

from __future__ import annotations

import gzip
from functools import cache
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent / "data"
RANKS_FILE = DATA_DIR / "es-ranks.txt.gz"
FORMAT_LINE = "sobremesa-ranks 1"
#: the rank of a word the table does not hold (larger than any rank in it)
UNKNOWN = 1_000_000
_DIGITS = "0123456789"


class RankTableError(ValueError):
    """The rank table is not in the expected format."""


def parse_table(text: str) -> dict[str, int]:
    """Word → rank from the table's text (format: tools/build_word_ranks.py)."""
    lines = text.split("\n")
    if not lines or lines[0] != FORMAT_LINE:
        raise RankTableError(f"rank table: first line is not {FORMAT_LINE!r}")
    start = 1
    while start < len(lines) and lines[start].startswith("#"):
        start += 1
    try:
        blank = lines.index("", start)
    except ValueError:
        raise RankTableError("rank table: no blank line between words and values") from None
    coded = lines[start:blank]
    values = lines[blank + 1 :]
    if values and values[-1] == "":
        values.pop()
    if len(values) != len(coded):
        raise RankTableError(f"rank table: {len(coded)} words but {len(values)} values")
    words = []
    previous = ""
    for line in coded:
        rest = line.lstrip(_DIGITS)
        if len(rest) != len(line):
            rest = previous[: int(line[: len(line) - len(rest)])] + rest
        words.append(rest)
        previous = rest
    try:
        centibels = list(map(int, values))
    except ValueError as error:
        raise RankTableError(f"rank table: {error}") from None
    # rank = 1 + how many words are strictly more frequent (fewer centibels)
    counts: dict[int, int] = {}
    for value in centibels:
        counts[value] = counts.get(value, 0) + 1
    rank_of: dict[int, int] = {}
    above = 0
    for value in sorted(counts):
        rank_of[value] = above + 1
        above += counts[value]
    return dict(zip(words, map(rank_of.__getitem__, centibels), strict=True))


@cache
def _table() -> dict[str, int]:
    return parse_table(gzip.decompress(RANKS_FILE.read_bytes()).decode("utf-8"))


def word_rank(word: str) -> int:
    """The word's rank (1 = most common), or `UNKNOWN`.

    `word` may be a player's spelling (`Camión`); it is folded as the word lists fold
    it. Anything that is not a word is `UNKNOWN`.
    """
    table = _table()
    rank = table.get(word)
    if rank is not None:
        return rank
    from sobremesa.lexicon.spelling import WordError, normalize

    try:
        return table.get(normalize(word), UNKNOWN)
    except WordError:
        return UNKNOWN


def ranked_count() -> int:
    """How many words the table ranks."""
    return len(_table())


def common_words(limit: int) -> list[str]:
    """The words of rank `limit` or better, most common first (ties in word order)."""
    table = _table()
    return sorted((w for w, r in table.items() if r <= limit), key=lambda w: (table[w], w))
