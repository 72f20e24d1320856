"""The word-frequency rank table (sobremesa.lexicon.ranks, tools/build_word_ranks.py).

The table is built from wordfreq, which is not installed to play; the build's output
format is checked here on a small input through the script's own functions, and the
whole build with `python tools/build_word_ranks.py --check` when wordfreq is present.
"""

from __future__ import annotations

import gzip
import importlib.util
import sys
from pathlib import Path

import pytest

from sobremesa.lexicon import default_lexicon
from sobremesa.lexicon.ranks import (
    FORMAT_LINE,
    RANKS_FILE,
    UNKNOWN,
    RankTable,
    RankTableError,
    common_words,
    parse_table,
    ranked_count,
    word_rank,
)

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build_word_ranks as build  # noqa: E402


def test_the_shipped_table_loads_and_is_small():
    assert RANKS_FILE.stat().st_size < 400_000
    assert ranked_count() > 100_000
    assert word_rank("de") == 1


def test_common_words_rank_above_rare_ones():
    assert word_rank("casa") < 1_000
    assert word_rank("casa") < word_rank("castaña") < word_rank("zurito") < UNKNOWN
    assert word_rank("perro") < word_rank("alguazas")


def test_words_are_folded_like_the_lists():
    assert word_rank("Camión") == word_rank("camion") < UNKNOWN
    assert word_rank("MÁS") == word_rank("mas")
    assert word_rank("niña") < UNKNOWN and word_rank("nina") == UNKNOWN  # ñ is its own letter


def test_unknown_words_and_non_words():
    assert word_rank("sieteñal") == UNKNOWN  # in the list, never seen by wordfreq
    assert word_rank("xyzzy") == UNKNOWN
    assert word_rank("casa5") == UNKNOWN
    assert word_rank("") == UNKNOWN


def test_every_ranked_word_is_a_word_of_our_lists():
    accepts = default_lexicon("castana", "amplia")
    table = gzip.decompress(RANKS_FILE.read_bytes()).decode("utf-8")
    words = parse_table(table)
    assert all(word in accepts for word in words)


def test_common_words_come_most_common_first():
    top = common_words(20)
    assert top[0] == "de" and len(top) >= 20
    assert [word_rank(w) for w in top] == sorted(word_rank(w) for w in top)


def test_the_build_writes_what_the_reader_reads():
    frequencies = build.folded_frequencies(
        {"Casa": 1e-3, "más": 2e-3, "mas": 1e-3, "casco": 1e-5, "cascos": 1e-5, "qwzx": 1.0},
        {"casa", "mas", "casco", "cascos"},
    )
    assert frequencies["mas"] == pytest.approx(3e-3)  # spellings that fold alike add up
    text = build.table_text(frequencies, "test")
    lines = text.split("\n")
    assert lines[0] == FORMAT_LINE
    body = [line for line in lines[1:] if not line.startswith("#")]
    assert body[:4] == ["casa", "3co", "5s", "mas"]  # sorted, front-coded
    assert body[5:9] == ["300", "500", "500", "252"]  # centibels
    ranks = parse_table(text)
    assert ranks == {"mas": 1, "casa": 2, "casco": 3, "cascos": 3}  # ties share a rank


def test_the_shipped_table_has_the_build_format():
    text = gzip.decompress(RANKS_FILE.read_bytes()).decode("utf-8")
    lines = text.split("\n")
    assert lines[0] == FORMAT_LINE
    assert any("wordfreq" in line and line.startswith("#") for line in lines[1:6])
    assert any("CC BY-SA 4.0" in line for line in lines[1:6])
    words = parse_table(text)
    # written by the build's own writer from the same words and values, it is the same text
    order = [line for line in lines[1:] if not line.startswith("#")]
    blank = order.index("")
    assert build.front_code(sorted(words, key=build.sort_key)) == order[:blank]


def test_a_damaged_table_is_refused():
    with pytest.raises(RankTableError):
        parse_table("not a table\n")
    with pytest.raises(RankTableError):
        parse_table(f"{FORMAT_LINE}\ncasa\n3co\n\n300\n")


@pytest.mark.skipif(importlib.util.find_spec("wordfreq") is None, reason="wordfreq not installed")
@pytest.mark.slow
def test_rebuilding_gives_the_shipped_table():
    assert build.main(["--check"]) == 0


def test_lookups_decode_one_initial_at_a_time_and_agree_with_the_whole_table():
    text = gzip.decompress(RANKS_FILE.read_bytes()).decode("utf-8")
    lazy = RankTable(text)
    assert lazy.get("perro") == word_rank("perro")
    assert lazy.decoded == {"p"}
    whole = parse_table(text)
    sample = list(whole)[::997]
    assert all(lazy.get(word) == whole[word] for word in sample)
    assert lazy.get("zzzz") is None and lazy.get("") is None
    assert lazy.as_dict() == whole
