"""`sobremesa palabra`, `--diccionario` and in-game `comprobar`, through the real entry point."""

import os
import subprocess
import sys


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
