"""The shipped word lists: contents, round trip with the source, node API, queries.

`full` is the full list ("amplia": the source as it is); `palabras` and `castana` are
the games' default, the curated list (its own tests: tests/test_lexicon_curated.py).
tests/data/lexicon_sample_words.txt: 1,000 words drawn at random (seeded) from the
source list an-array-of-spanish-words 2.0.0. tests/data/lexicon_non_words.txt: 1,000
strings that are not in it (500 one-letter changes of real words, 500 random strings),
checked against the full source list when the files were made.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from pathlib import Path

import pytest

from sobremesa.lexicon import load_lexicon
from sobremesa.lexicon.dawg import NONE
from sobremesa.lexicon.spelling import CODE, LETTER, LETTERS, to_codes

DATA = Path(__file__).parent / "data"
SOURCE_COUNT = 636_598
SOURCE_SHA256 = "a6e805ab9a56a32e27aa528c2abf022e6594d8dc6001322236560a7a58ee34b4"


@pytest.fixture(scope="module")
def full():
    return load_lexicon("palabras", "amplia")


@pytest.fixture(scope="module")
def palabras():
    return load_lexicon("palabras")


@pytest.fixture(scope="module")
def castana():
    return load_lexicon("castana")


@pytest.fixture(scope="module")
def all_words(palabras):
    return list(palabras.dawg.words())


def read_lines(name: str) -> list[str]:
    return (DATA / name).read_text(encoding="utf-8").split()


PRESENT = [
    "casa", "casas", "gata", "gatas", "niña", "niñas", "actrices", "comieramos",
    "hablariamos", "fueramos", "pinguino",
]  # fmt: skip
ABSENT = ["cassa", "damelo", "qwerty", "kilo", "whisky", "", "cs", "casaa", "ga"]


@pytest.mark.parametrize("word", PRESENT)
def test_known_words_are_present(palabras, castana, word):
    assert word in palabras
    assert word in castana


@pytest.mark.parametrize("word", ABSENT)
def test_non_words_are_absent(palabras, word):
    assert word not in palabras


def test_sample_of_source_words_present(full):
    sample = read_lines("lexicon_sample_words.txt")
    assert len(sample) == 1000
    missing = [w for w in sample if w not in full]
    assert missing == []


def test_sample_of_non_words_absent(full, palabras, castana):
    non_words = read_lines("lexicon_non_words.txt")
    assert len(non_words) == 1000
    assert [w for w in non_words if w in full] == []
    assert [w for w in non_words if w in palabras] == []
    assert [w for w in non_words if w in castana] == []


@pytest.mark.slow
def test_enumeration_gives_back_the_source_list(full):
    full_words = list(full.dawg.words())
    assert len(full_words) == SOURCE_COUNT == len(full)
    joined = ("\n".join(full_words) + "\n").encode("utf-8")
    assert hashlib.sha256(joined).hexdigest() == SOURCE_SHA256
    assert full.dawg.sha256 == SOURCE_SHA256


@pytest.mark.slow
def test_default_list_has_no_k_or_w(all_words, full):
    assert not any("k" in w or "w" in w for w in all_words)
    assert not any("k" in w or "w" in w for w in full.dawg.words())


def test_castana_supplement(palabras, castana):
    for word in ("kilo", "whisky", "kilos", "karaoke", "web"):
        assert word in castana
        assert word not in palabras
    (supplement,) = castana.extra
    extra = list(supplement.words())
    assert 100 < len(extra) < 2000
    assert all("k" in w or "w" in w for w in extra)
    assert all(set(w) <= set(LETTERS) for w in extra)
    assert len(castana) == len(palabras) + len(extra)
    assert palabras.extra == ()


@pytest.mark.parametrize("which", ["full", "palabras"])
def test_node_api_walks_words_letter_by_letter(request, which):
    lexicon = request.getfixturevalue(which)
    dawg = lexicon.dawg
    sample = [w for w in read_lines("lexicon_sample_words.txt")[:200] if w in lexicon]
    assert len(sample) > 190
    for word in sample:
        node = dawg.root
        for letter in word:
            node = dawg.child(node, CODE[letter])
            assert node != NONE
        assert dawg.is_terminal(node)
        assert dawg.walk(to_codes(word)) == node
    gat = dawg.walk(to_codes("gat"))
    assert gat != NONE and not dawg.is_terminal(gat)
    assert dawg.is_terminal(dawg.child(gat, CODE["a"]))
    assert dawg.child(dawg.walk(to_codes("qwert")) or dawg.root, CODE["k"]) == NONE
    assert dawg.walk(to_codes("qw")) == NONE


@pytest.mark.slow
def test_edges_match_children(palabras, all_words):
    dawg = palabras.dawg
    node = dawg.walk(to_codes("cas"))
    edges = list(dawg.edges(node))
    letters = [LETTER[c] for c, _child in edges]
    expected = sorted({w[3] for w in all_words if w.startswith("cas") and len(w) > 3})
    assert letters == expected
    mask = dawg.edge_mask(node)
    assert [c for c in range(1, 28) if mask >> c & 1] == [c for c, _ in edges]
    for code, child in edges:
        assert dawg.child(node, code) == child
    assert [LETTER[c] for c, _ in dawg.edges(dawg.root)] == sorted({w[0] for w in all_words})


def test_inlined_walk_as_documented(palabras):
    slots, node = palabras.dawg.slots, palabras.dawg.root
    for code in to_codes("gatas"):
        v = slots[node + code]
        assert v & 31 == code
        node = v >> 5
    assert slots[node] & 1


def brute_cross(words: set[str], before: str, after: str) -> set[str]:
    return {x for x in LETTERS if before + x + after in words}


@pytest.mark.parametrize(
    ("before", "after"),
    [("ca", "a"), ("", "asa"), ("gat", ""), ("", "o"), ("zzz", "a"), ("cas", "s"), ("a", "")],
)
def test_cross_mask_matches_brute_force(palabras, all_words, before, after):
    words = {w for w in all_words if len(w) == len(before) + len(after) + 1}
    mask = palabras.dawg.cross_mask(to_codes(before), to_codes(after))
    got = {LETTER[c] for c in range(1, 28) if mask >> c & 1}
    assert got == brute_cross(words, before, after)
    if (before, after) == ("ca", "a"):
        assert {"m", "s", "n", "ñ"} <= got and "k" not in got


def brute_spell(words: list[str], first: str, hand: str, min_length: int = 3) -> list[str]:
    have = Counter(hand)
    return [
        w
        for w in words
        if w.startswith(first) and len(w) >= min_length and not (Counter(w[len(first) :]) - have)
    ]


@pytest.mark.slow
def test_spell_matches_brute_force_on_small_hands(palabras, castana, all_words):
    rng = random.Random(7)
    pool = "aaaeeeiioouusnrltdcmpbgvjzñfhq"
    by_first: dict[str, list[str]] = {}
    for w in all_words:
        if len(w) <= 8:
            by_first.setdefault(w[0], []).append(w)
    hands = [("c", "asa"), ("g", "ata"), ("n", "ia"), ("z", "")]
    hands += [(rng.choice(LETTERS[:26].replace("k", "").replace("w", "")),
               "".join(rng.choice(pool) for _ in range(rng.randint(3, 7)))) for _ in range(25)]  # fmt: skip
    found_any = 0
    for first, hand in hands:
        expected = brute_spell(by_first.get(first, []), first, hand)
        got = palabras.spell(first, hand)
        assert got == expected, (first, hand)
        found_any += bool(got)
    assert found_any >= 10
    assert "casa" in palabras.spell("c", "asa")
    assert palabras.spell("g", "at") == []  # "gat" is not a word
    assert palabras.spell("c", "a") == []  # "ca" is a word, but shorter than 3
    assert palabras.spell("c", "a", min_length=2) == ["ca"]
    kilo = castana.spell("k", "oli")
    assert kilo == brute_spell(list(castana.extra[0].words()), "k", "oli") == ["kilo"]
    assert castana.spell("c", "asa") == palabras.spell("c", "asa")
    assert castana.spell("w", "ebs", min_length=2) == ["web", "webs"]


def test_every_node_can_be_probed_with_every_code(palabras, castana):
    """`slots[node + code]` is in range for every node and code 0..27 (no IndexError)."""
    for dawg in (palabras.dawg, *castana.extra):
        seen = {dawg.root}
        todo = [dawg.root]
        while todo:
            node = todo.pop()
            for _code, child in dawg.edges(node):
                if child not in seen:
                    seen.add(child)
                    todo.append(child)
        assert max(seen) + 27 < len(dawg.slots)
        assert all(dawg.child(NONE, code) == NONE for code in range(28))
        assert not dawg.is_terminal(NONE)
        if dawg is palabras.dawg:
            assert len(seen) == dawg.node_count
