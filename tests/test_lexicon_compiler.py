"""The compiler and the file format, on small lists against plain Python sets."""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sobremesa.lexicon.compiler import HEADER, compile_words, sort_key
from sobremesa.lexicon.dawg import NONE, Dawg, DawgFileError
from sobremesa.lexicon.spelling import LETTERS, to_codes

words_strategy = st.sets(st.text(alphabet="abcñnwz", min_size=1, max_size=7), max_size=60)
probe_strategy = st.lists(st.text(alphabet="abcñnwzk", min_size=0, max_size=8), max_size=40)


@settings(max_examples=150, deadline=None)
@given(words=words_strategy, probes=probe_strategy)
@pytest.mark.slow
def test_compiled_list_equals_the_set(words, probes):
    ordered = sorted(words, key=sort_key)
    dawg = Dawg(compile_words(ordered))
    assert list(dawg.words()) == ordered
    assert len(dawg) == len(ordered)
    for probe in probes + ordered:
        assert (probe in dawg) == (probe in words)
        assert dawg.contains_codes(to_codes(probe)) == (probe in words)
    digest = hashlib.sha256("".join(w + "\n" for w in ordered).encode()).hexdigest()
    assert dawg.sha256 == digest


@settings(max_examples=60, deadline=None)
@given(words=words_strategy, before=st.text("abcn", max_size=3), after=st.text("abcn", max_size=3))
def test_cross_mask_equals_the_set(words, before, after):
    dawg = Dawg(compile_words(sorted(words, key=sort_key)))
    mask = dawg.cross_mask(to_codes(before), to_codes(after))
    expected = {x for x in LETTERS if before + x + after in words}
    assert {LETTERS[c - 1] for c in range(1, 28) if mask >> c & 1} == expected


def test_full_alphabet_and_prefix_words():
    words = sorted(["a", *LETTERS, "ab", "abc", "ñu", "ñuz", "zzzzzz"], key=sort_key)
    words = sorted(set(words), key=sort_key)
    dawg = Dawg(compile_words(words))
    assert list(dawg.words()) == words
    assert [c for c, _child in dawg.edges(dawg.root)] == list(range(1, 28))
    assert dawg.child(dawg.walk(to_codes("ñ")), to_codes("u")[0]) != NONE


def test_empty_list_compiles_to_nothing():
    dawg = Dawg(compile_words([]))
    assert list(dawg.words()) == [] and "a" not in dawg and len(dawg) == 0


def test_unsorted_or_repeated_input_is_refused():
    with pytest.raises(ValueError):
        compile_words(["b", "a"])
    with pytest.raises(ValueError):
        compile_words(["a", "a"])
    with pytest.raises(ValueError):
        compile_words(["ñ", "z"])  # ñ sorts after z


def test_bad_files_are_refused():
    good = compile_words(["casa"])
    for data in (b"", b"x" * 100, good[:-4], b"SMDAWG02" + good[8:]):
        with pytest.raises(DawgFileError):
            Dawg(data)
    assert len(good) == HEADER.size + 4 * HEADER.unpack_from(good)[2]


def test_non_letters_are_never_words():
    dawg = Dawg(compile_words(["casa"]))
    for probe in ("cása", "CASA", "ca sa", "casa\n", "漢字", 42, None):
        assert probe not in dawg


def test_build_script_refuses_another_list(tmp_path):
    import importlib.util
    import io
    import json
    import tarfile
    from pathlib import Path

    script = Path(__file__).resolve().parent.parent / "tools" / "build_lexicon.py"
    spec = importlib.util.spec_from_file_location("build_lexicon", script)
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)

    tarball = tmp_path / "an-array-of-spanish-words-2.0.0.tgz"
    payload = json.dumps(["casa", "mesa"]).encode()
    with tarfile.open(tarball, "w:gz") as tar:
        info = tarfile.TarInfo("package/index.json")
        info.size = len(payload)
        tar.addfile(info, io.BytesIO(payload))
    assert build.read_member(tarball, "index.json") == payload
    with pytest.raises(SystemExit, match="2 words.*expected 636598 words"):
        build.main_words(tarball)
    with pytest.raises(SystemExit, match="expected 636598"):
        build.main([str(tarball), "--check"])
