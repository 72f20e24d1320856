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

The table (about 130,000 words) is read on the first call and kept for the process
(about 30 ms; each initial letter's words are decoded when first looked up); importing
this module reads nothing.
"""

from __future__ import annotations

import gzip
from collections import Counter
from functools import cache
from itertools import accumulate
from pathlib import Path

from sobremesa.lexicon.spelling import LETTERS, WordError, normalize

DATA_DIR = Path(__file__).resolve().parent / "data"
RANKS_FILE = DATA_DIR / "es-ranks.txt.gz"
FORMAT_LINE = "sobremesa-ranks 1"
#: the rank of a word the table does not hold (larger than any rank in it)
UNKNOWN = 1_000_000
_DIGITS = "0123456789"


class RankTableError(ValueError):
    """The rank table is not in the expected format."""


class RankTable:
    """The table read from its text: checked and ranked at once, each initial letter's
    words decoded on the first look-up of a word with that letter (decoding all
    130,000 words takes about 0.2 s; one letter, a few milliseconds)."""

    def __init__(self, text: str) -> None:
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
        self.coded = lines[start:blank]
        self.values = lines[blank + 1 :]
        if self.values and self.values[-1] == "":
            self.values.pop()
        if len(self.values) != len(self.coded):
            raise RankTableError(
                f"rank table: {len(self.coded)} words but {len(self.values)} values"
            )
        # rank = 1 + how many words are strictly more frequent (fewer centibels)
        counts = Counter(self.values)
        try:
            order = sorted(counts, key=int)
        except ValueError as error:
            raise RankTableError(f"rank table: {error}") from None
        self.rank_of: dict[str, int] = {}
        above = 0
        for value in order:
            self.rank_of[value] = above + 1
            above += counts[value]
        # Where each initial letter's words begin: the words are sorted, so a line with
        # no shared prefix (it starts with a letter) starts a new initial.
        block = "\n" + "\n".join(self.coded)
        # line i begins after the newline at cum[i] + i (cum: the lengths before it)
        cum = [0, *accumulate(map(len, self.coded))]
        starts = []
        after = 0
        for initial in LETTERS:  # the order of the sorted words: a … z, ñ
            at = block.find("\n" + initial, after)
            if at >= 0:
                after = at
                low, high = 0, len(self.coded)
                while low < high:
                    middle = (low + high) // 2
                    if cum[middle] + middle < at:
                        low = middle + 1
                    else:
                        high = middle
                starts.append((low, initial))
        starts.sort()
        if self.coded and (not starts or starts[0][0] != 0):
            raise RankTableError("rank table: the first word is front-coded")
        ends = [begin for begin, _ in starts[1:]] + [len(self.coded)]
        self.sections = {
            initial: (begin, end) for (begin, initial), end in zip(starts, ends, strict=True)
        }
        self.ranks: dict[str, int] = {}
        self.decoded: set[str] = set()
        self.size = len(self.coded)

    def _decode(self, initial: str) -> None:
        self.decoded.add(initial)
        section = self.sections.get(initial)
        if section is None:
            return
        begin, end = section
        ranks, rank_of, values = self.ranks, self.rank_of, self.values
        previous = ""
        for index in range(begin, end):
            line = self.coded[index]
            word = line.lstrip(_DIGITS)
            if len(word) != len(line):
                word = previous[: int(line[: len(line) - len(word)])] + word
            ranks[word] = rank_of[values[index]]
            previous = word

    def get(self, word: str) -> int | None:
        """The rank of a normalized word, or None."""
        if not word:
            return None
        initial = word[0]
        if initial not in self.decoded:
            self._decode(initial)
        return self.ranks.get(word)

    def as_dict(self) -> dict[str, int]:
        """Every word with its rank (decodes the whole table)."""
        for initial in self.sections:
            if initial not in self.decoded:
                self._decode(initial)
        return self.ranks


def parse_table(text: str) -> dict[str, int]:
    """Word → rank from the table's text (format: tools/build_word_ranks.py)."""
    return RankTable(text).as_dict()


@cache
def _table() -> RankTable:
    return RankTable(gzip.decompress(RANKS_FILE.read_bytes()).decode("utf-8"))


def word_rank(word: str) -> int:
    """The word's rank (1 = most common), or `UNKNOWN`.

    `word` may be a player's spelling (`Camión`); it is folded as the word lists fold
    it. Anything that is not a word is `UNKNOWN`.
    """
    table = _table()
    rank = table.get(word)
    if rank is not None:
        return rank
    try:
        rank = table.get(normalize(word))
    except WordError:
        return UNKNOWN
    return UNKNOWN if rank is None else rank


def ranked_count() -> int:
    """How many words the table ranks."""
    return _table().size


def common_words(limit: int) -> list[str]:
    """The words of rank `limit` or better, most common first (ties in word order)."""
    table = _table().as_dict()
    return sorted((w for w, r in table.items() if r <= limit), key=lambda w: (table[w], w))
