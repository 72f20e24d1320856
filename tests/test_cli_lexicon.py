"""`sobremesa palabra`, `--diccionario` and in-game `comprobar`, through the real entry point."""

import os
import subprocess
import sys

import pytest


def run(args, home, stdin=""):
    env = {**os.environ, "SOBREMESA_HOME": str(home), "TERM": "dumb"}
    return subprocess.run(
        [sys.executable, "-m", "sobremesa", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


def test_palabra_answers_one_line_per_word(isolated_home):
    result = run(["palabra", "CASA", "cassa", "Niña", "damelo", "qw3rty"], isolated_home)
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.splitlines() == [
        "casa: válida",
        "cassa: no está en el diccionario",
        "niña: válida",
        "damelo: no está en el diccionario",
        "qw3rty: solo puede tener letras; quita 3.",
    ]


def test_palabra_in_english(isolated_home):
    result = run(["--idioma", "en", "word", "casa", "cassa"], isolated_home)
    assert result.stdout.splitlines() == ["casa: valid", "cassa: not in the dictionary"]


def test_own_dictionary_replaces_the_default(isolated_home, tmp_path):
    words = tmp_path / "mis-palabras.txt"
    words.write_text("zapato\nzorro\ncasita\n", encoding="utf-8")
    result = run(["palabra", "zorro", "casa", "--diccionario", str(words)], isolated_home)
    assert result.stdout.splitlines() == ["zorro: válida", "casa: no está en el diccionario"]


def test_broken_own_dictionary_names_the_line_and_keeps_the_default(isolated_home, tmp_path):
    words = tmp_path / "rota.txt"
    words.write_bytes(b"casa\nperro\n\xff\xfegato\n")
    result = run(["palabra", "casa", "--diccionario", str(words)], isolated_home)
    lines = result.stdout.splitlines()
    assert "línea 3" in lines[0] and "UTF-8" in lines[0]
    assert "Sigue en uso el diccionario de siempre." in lines[0]
    assert lines[1] == "casa: válida"


def test_comprobar_in_game_changes_nothing(isolated_home, tmp_path):
    play = ["jugar", "chinchon", "--semilla", "2", "--ritmo", "0"]
    plain = run(play, tmp_path / "a", "mano\nrobar\n")
    checked = run(play, tmp_path / "b", "mano\ncomprobar casa cassa\nrobar\n")
    assert "casa: válida" in checked.stdout
    assert "cassa: no está en el diccionario" in checked.stdout
    kept = [
        line for line in checked.stdout.splitlines() if not line.startswith(("casa:", "cassa:"))
    ]
    assert kept == plain.stdout.splitlines()


# --- the curated default and the full list ("amplia"), issue #11 ---------------------------

JUNK = ["run", "pom", "guin", "adul", "nia"]  # accepted in play; no Spanish table would
REAL = ["casa", "niña", "comieramos", "sieteñal", "lacerto", "pinguino", "yoga", "ñu"]


def test_curated_default_refuses_the_junk_met_in_play(isolated_home):
    result = run(["palabra", *JUNK], isolated_home)
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.splitlines() == [f"{w}: no está en el diccionario" for w in JUNK]


def test_curated_default_keeps_real_words(isolated_home):
    result = run(["palabra", *REAL], isolated_home)
    assert result.stdout.splitlines() == [f"{w}: válida" for w in REAL]


def test_lista_amplia_accepts_the_junk_and_curada_refuses_it(isolated_home):
    amplia = run(["palabra", "--lista", "amplia", *JUNK], isolated_home)
    assert amplia.stdout.splitlines() == [f"{w}: válida" for w in JUNK]
    curada = run(["palabra", "--lista", "curada", "run", "casa"], isolated_home)
    assert curada.stdout.splitlines() == ["run: no está en el diccionario", "casa: válida"]


def test_lista_in_english(isolated_home):
    result = run(["--idioma", "en", "word", "--lista", "amplia", "run"], isolated_home)
    assert result.stdout.splitlines() == ["run: valid"]
    result = run(["--idioma", "en", "word", "run"], isolated_home)
    assert result.stdout.splitlines() == ["run: not in the dictionary"]


def test_diccionario_amplia_is_the_full_list(isolated_home):
    result = run(["palabra", "run", "--diccionario", "amplia"], isolated_home)
    assert result.stdout.splitlines() == ["run: válida"]
    # --lista names the list and wins over the setting
    result = run(["palabra", "run", "--diccionario", "amplia", "--lista", "curada"], isolated_home)
    assert result.stdout.splitlines() == ["run: no está en el diccionario"]


def test_lista_refuses_an_unknown_list(isolated_home):
    result = run(["palabra", "--lista", "enorme", "casa"], isolated_home)
    assert result.returncode == 2
    assert "--lista: opción no válida: 'enorme' (elige entre 'curada', 'amplia')" in result.stderr


@pytest.mark.slow
def test_setting_amplia_in_a_games_comprobar(isolated_home, tmp_path):
    script = "comprobar run kilo\nsalir\n"
    play = ["jugar", "castana", "--semilla", "2", "--ritmo", "0"]
    amplia = run([*play, "--diccionario", "amplia"], tmp_path / "a", script)
    assert "run: válida" in amplia.stdout.splitlines()
    assert "kilo: válida" in amplia.stdout.splitlines()  # the k/w supplement stays
    curada = run(play, tmp_path / "b", script)
    assert "run: no está en el diccionario" in curada.stdout.splitlines()
    assert "kilo: válida" in curada.stdout.splitlines()
    words = ["jugar", "palabras", "--semilla", "2", "--ritmo", "0"]
    palabras = run([*words, "--diccionario", "amplia"], tmp_path / "c", "comprobar pom\nsalir\n")
    assert "pom: válida" in palabras.stdout.splitlines()
    palabras = run(words, tmp_path / "d", "comprobar pom\nsalir\n")
    assert "pom: no está en el diccionario" in palabras.stdout.splitlines()
