"""The curated default list and the full list ("amplia"), issue #11.

The curated list is built by tools/build_lexicon.py from the full list and RLA-ES
(rule, measurements and sources: docs/diccionario.md; tools/measure_lexicon.py).
The sources are not in the repository, so the build itself is checked with
`python tools/build_lexicon.py SOURCES --hunspell DICTIONARY --check`; these tests
check what the shipped files must satisfy and the rule on small inputs.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sobremesa.lexicon import default_lexicon, load_lexicon
from sobremesa.lexicon.loader import shipped_list

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build_lexicon as build  # noqa: E402

JUNK = ["run", "pom", "guin", "adul", "nia"]
REAL = [
    "casa", "niña", "comieramos", "hablariamos", "sieteñal", "lacerto", "guion",
    "pinguino", "dia", "rio", "yoga", "judo", "ñu", "ñus", "zumbidos", "ahuevonado",
]  # fmt: skip
FULL_COUNT = 636_598
CURATED_COUNT = 627_914


@pytest.fixture(scope="module")
def curated():
    return load_lexicon("palabras")


@pytest.fixture(scope="module")
def full():
    return load_lexicon("palabras", "amplia")


@pytest.fixture(scope="module")
def full_words(full):
    return list(full.dawg.words())


def test_counts(curated, full):
    assert len(full) == FULL_COUNT
    assert len(curated) == CURATED_COUNT
    assert curated.source == "default" and full.source == "amplia"


@pytest.mark.parametrize("word", JUNK)
def test_junk_met_in_play_is_refused_by_the_curated_list_only(curated, full, word):
    assert word not in curated
    assert word in full
    assert word not in load_lexicon("castana")
    assert word in load_lexicon("castana", "amplia")


@pytest.mark.parametrize("word", REAL)
def test_real_words_are_kept(curated, word):
    assert word in curated


def test_curated_keeps_at_least_97_percent_of_a_random_sample():
    """tests/data/lexicon_sample_words.txt: 1,000 words drawn at random (seeded) from the full list."""
    sample = (Path(__file__).parent / "data" / "lexicon_sample_words.txt").read_text().split()
    lexicon = load_lexicon("palabras")
    kept = sum(1 for w in sample if w in lexicon)
    assert kept >= 970
    assert kept == 987  # measured when the list was built


@pytest.mark.slow
def test_curated_is_the_full_list_less_short_words(curated, full_words):
    """Only words of up to SHORT letters, and the `-` adjustments, are left out."""
    removed, added = build.read_adjustments()
    left_out = [w for w in full_words if w not in curated]
    assert len(left_out) == FULL_COUNT - CURATED_COUNT
    assert all(len(w) <= build.SHORT or w in removed for w in left_out)
    assert all(w in curated for w in added)
    assert removed and all(w not in curated for w in removed)
    assert list(curated.dawg.words()) == [w for w in full_words if w in curated]


def test_the_rule_on_a_small_list():
    words = ["abc", "bolso", "corto", "largas", "larguisimo", "run", "yoga"]
    confirmed = {"abc", "bolso", "largas", "nunca"}
    adjustments = ({"abc"}, {"yoga"})
    assert build.curated_words(words, confirmed, adjustments) == [
        "bolso", "largas", "larguisimo", "yoga",
    ]  # fmt: skip
    assert build.SHORT == 6


def test_adjustments_file_is_well_formed():
    removed, added = build.read_adjustments()
    assert removed == {"nia"}
    assert {"yoga", "ñu", "judo"} <= added
    assert not removed & added
    assert all(len(w) <= build.SHORT for w in added)


def test_castana_adds_the_supplement_to_either_list():
    for setting in (None, "amplia"):
        castana = load_lexicon("castana", setting)
        assert "kilo" in castana and "whisky" in castana
        assert len(castana.extra) == 1
    assert "kilo" not in load_lexicon("palabras") and "kilo" not in load_lexicon(
        "palabras", "amplia"
    )


def test_curated_bots_cannot_spell_the_junk():
    castana = load_lexicon("castana")
    assert "run" not in castana.spell("r", "un")
    assert "run" in load_lexicon("castana", "amplia").spell("r", "un")


@pytest.mark.parametrize(
    ("setting", "lista"),
    [
        (None, "curada"),
        ("", "curada"),
        ("  ", "curada"),
        ("curada", "curada"),
        ("amplia", "amplia"),
        (" Amplia ", "amplia"),
        ("AMPLIA", "amplia"),
        ("mi-lista.txt", None),
        ("./amplia", None),
        (Path("amplia"), None),
    ],
)
def test_dictionary_setting_names_a_shipped_list_or_a_file(setting, lista):
    assert shipped_list(setting) == lista


def test_a_file_called_amplia_is_reached_by_its_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "amplia").write_text("zapato\n", encoding="utf-8")
    monkeypatch.setenv("SOBREMESA_HOME", str(tmp_path / "home"))
    mine = load_lexicon("palabras", "./amplia")
    assert "zapato" in mine and "casa" not in mine
    assert len(load_lexicon("palabras", "amplia")) == FULL_COUNT


def test_unknown_shipped_list():
    with pytest.raises(ValueError):
        default_lexicon("palabras", "enorme")


SOURCES = os.environ.get("SOBREMESA_LEXICON_SOURCES", "")


@pytest.mark.slow
@pytest.mark.skipif(
    not SOURCES or importlib.util.find_spec("spylls") is None,
    reason="set SOBREMESA_LEXICON_SOURCES to a folder with the two npm tarballs; needs spylls",
)
def test_build_check_rebuilds_the_shipped_files_byte_for_byte():
    """About 20 s of CPU: `npm pack an-array-of-spanish-words@2.0.0 dictionary-es@4.0.0`."""
    folder = Path(SOURCES)
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "tools" / "build_lexicon.py"),
            str(folder / "an-array-of-spanish-words-2.0.0.tgz"),
            "--hunspell",
            str(folder / "dictionary-es-4.0.0.tgz"),
            "--check",
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count(": same") == 3
