"""A player's own word list (--diccionario), its cache, broken lists, and lazy loading."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from sobremesa import paths
from sobremesa.lexicon import load_lexicon
from sobremesa.lexicon import loader as lexicon_loader


def cache_files():
    folder = paths.cache_dir() / lexicon_loader.CACHE_SUBDIR
    return sorted(folder.iterdir()) if folder.is_dir() else []


def test_custom_list_round_trip_and_cache(tmp_path, monkeypatch):
    custom = tmp_path / "mis-palabras.txt"
    custom.write_text("\ufeffCamión\nzzz\n\n  Pingüino \nNIÑO\nzzz\nkiwi\r\n", encoding="utf-8")
    notes = []
    lexicon = load_lexicon("palabras", custom, notify=notes.append)
    assert notes == []  # a small list compiles silently
    assert lexicon.source == str(custom)
    assert list(lexicon.dawg.words()) == ["camion", "kiwi", "niño", "pinguino", "zzz"]
    assert "zzz" in lexicon and "kiwi" in lexicon
    assert "casa" not in lexicon  # the custom list replaces the default one
    (cached,) = cache_files()

    # Second load: read from the cache, not compiled again.
    def no_compiling(words):
        raise AssertionError("compiled again")

    monkeypatch.setattr("sobremesa.lexicon.compiler.compile_words", no_compiling)
    again = load_lexicon("castana", custom, notify=notes.append)
    assert list(again.dawg.words()) == list(lexicon.dawg.words())
    assert again.extra == ()  # no supplement added to a player's list
    assert cache_files() == [cached]
    assert notes == []


def test_cache_is_keyed_by_content(tmp_path):
    custom = tmp_path / "lista.txt"
    custom.write_text("uno\ndos\n", encoding="utf-8")
    assert "tres" not in load_lexicon(custom_path=custom)
    custom.write_text("uno\ndos\ntres\n", encoding="utf-8")
    assert "tres" in load_lexicon(custom_path=custom)
    assert len(cache_files()) == 2


def test_corrupt_cache_is_rebuilt(tmp_path):
    custom = tmp_path / "lista.txt"
    custom.write_text("uno\n", encoding="utf-8")
    load_lexicon(custom_path=custom)
    (cached,) = cache_files()
    cached.write_bytes(b"basura")
    assert "uno" in load_lexicon(custom_path=custom)
    assert cached.read_bytes() != b"basura"


def test_big_custom_list_says_it_is_preparing(tmp_path, monkeypatch):
    monkeypatch.setattr(lexicon_loader, "NOTIFY_ABOVE", 3)
    custom = tmp_path / "grande.txt"
    custom.write_text("uno\ndos\ntres\n", encoding="utf-8")
    notes = []
    assert len(load_lexicon("palabras", custom, notify=notes.append)) == 3
    assert notes == []
    custom.write_text("uno\ndos\ntres\ncuatro\n", encoding="utf-8")
    assert len(load_lexicon("palabras", custom, notify=notes.append)) == 4
    assert notes == ["Preparando tu diccionario; solo tarda la primera vez."]
    load_lexicon("palabras", custom, notify=notes.append)  # cached: nothing to say
    assert len(notes) == 1


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"casa\nmesa\nca\xf1a\n", "lista.txt, l\u00ednea 3: no es texto UTF-8"),
        (b"", "lista.txt: no tiene ninguna palabra."),
        (b"\n  \n\n", "lista.txt: no tiene ninguna palabra."),
        (b"casa\n" + b"a" * 1_000_000 + b"\nmesa\n", "lista.txt, l\u00ednea 2: aaaaaaaaaaaa"),
        (
            b"casa\nmesa\nhola mundo\n",
            "lista.txt, l\u00ednea 3: hola mundo: solo puede tener letras",
        ),
        (b"uno\ndos\n3\n", "lista.txt, l\u00ednea 3: 3: solo puede tener letras; quita 3."),
    ],
)
def test_broken_custom_list_keeps_the_default(tmp_path, content, expected):
    custom = tmp_path / "lista.txt"
    custom.write_bytes(content)
    notes = []
    lexicon = load_lexicon("palabras", custom, notify=notes.append)
    assert len(notes) == 1
    assert notes[0].startswith(expected)
    assert notes[0].endswith("Sigue en uso el diccionario de siempre.")
    assert lexicon.source == "default"
    assert "casa" in lexicon and "run" not in lexicon  # the curated default
    assert cache_files() == []
    if b"a" * 100 in content:
        assert "demasiado larga" in notes[0] and len(notes[0]) < 200


def test_missing_custom_list(tmp_path):
    notes = []
    lexicon = load_lexicon("castana", tmp_path / "no-hay.txt", notify=notes.append)
    assert notes == ["no-hay.txt: no existe. Sigue en uso el diccionario de siempre."]
    assert "kilo" in lexicon


def test_too_big_custom_list(tmp_path, monkeypatch):
    monkeypatch.setattr(lexicon_loader, "MAX_CUSTOM_BYTES", 10)
    custom = tmp_path / "lista.txt"
    custom.write_text("casa\nmesa\nsilla\n", encoding="utf-8")
    notes = []
    assert load_lexicon(custom_path=custom, notify=notes.append).source == "default"
    assert notes[0].startswith("lista.txt: es demasiado grande")


def test_importing_the_program_loads_no_word_list():
    """`import sobremesa.cli` (and the lexicon package's names) read no list."""
    code = textwrap.dedent(
        """
        import sys
        opened = []
        sys.addaudithook(lambda event, args: opened.append(str(args[0]))
                         if event == "open" and str(args[0]).endswith(".dawg") else None)
        import sobremesa.cli
        from sobremesa.lexicon import check_words, load_lexicon, normalize
        assert normalize("Árbol") == "arbol"
        loaded = [m for m in ("sobremesa.lexicon.dawg", "sobremesa.lexicon.compiler")
                  if m in sys.modules]
        assert not loaded and not opened, (loaded, opened)
        lexicon = load_lexicon()
        assert "sobremesa.lexicon.dawg" in sys.modules
        assert [p for p in opened if p.endswith("es-curada.dawg")], opened
        print("ok")
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
