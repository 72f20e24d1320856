"""Menus, the command line and English suggestions through the real entry point
(stdin not a TTY): `salir`/`volver`/Escape at each menu level, `--ritmo 0,5`,
English level words, and commands suggested as the player would type them."""

import json

import pytest
from entrypoint import run

MENU = "Menú principal."


@pytest.mark.parametrize("word", ["salir", "volver", "callar", "0"])
@pytest.mark.slow
def test_the_main_menu_leaves_with_salir_volver_or_escape(isolated_home, word):
    result = run(["--ritmo", "0"], [word, "1"], isolated_home)
    lines = result.stdout.splitlines()
    assert lines[-1] == "Hasta pronto."
    assert lines.count(MENU) == 1
    assert "¿Cuántos rivales?" not in result.stdout  # the "1" after it was never read


def test_salir_at_each_new_game_question_goes_back_one_level(isolated_home):
    # ABC ¡Castaña!: rivals, level, reaction mode; `salir` steps back through them
    script = ["3", "2", "2", "salir", "salir", "volver", "callar", "1"]
    result = run(["--ritmo", "0"], script, isolated_home)
    out = result.stdout
    order = [
        line
        for line in out.splitlines()
        if line in (MENU, "¿Cuántos rivales?", "Nivel de los rivales.", "Modo de reacción.")
    ]
    assert order == [
        MENU,
        "¿Cuántos rivales?",
        "Nivel de los rivales.",
        "Modo de reacción.",
        "Nivel de los rivales.",
        "¿Cuántos rivales?",
        MENU,
    ]
    assert out.rstrip().endswith("Hasta pronto.")  # `callar` (Escape) left the main menu
    assert "contra" not in out  # no game was started


def test_salir_in_options_and_its_groups_goes_back_to_the_menu(isolated_home):
    result = run(["--ritmo", "0"], ["6", "3", "salir", "salir", "salir", "1"], isolated_home)
    prompts_seen = [
        line
        for line in result.stdout.splitlines()
        if line in (MENU, "Opciones. Intro repite la lista.", "Chinchón.")
    ]
    assert prompts_seen == [MENU, "Opciones. Intro repite la lista.", "Chinchón.", MENU]
    assert result.stdout.rstrip().endswith("Hasta pronto.")
    assert "¿Cuántos rivales?" not in result.stdout  # salir left the main menu too


@pytest.mark.slow
def test_ritmo_takes_a_decimal_comma_on_the_command_line(isolated_home):
    result = run(["jugar", "palabras", "--semilla", "3", "--ritmo", "0,5"], [], isolated_home)
    assert result.returncode == 0, result.stderr
    saved = isolated_home / "data" / "partidas" / "palabras.json"
    assert json.loads(saved.read_text("utf-8"))["pace"] == 0.5
    bad = run(["jugar", "palabras", "--ritmo", "medio"], [], isolated_home)
    assert bad.returncode == 2
    assert "--ritmo: medio no es un número; por ejemplo 0,5" in bad.stderr


@pytest.mark.slow
def test_ventana_takes_a_decimal_comma_too(isolated_home):
    play = ["jugar", "cabanga", "--semilla", "3", "--ritmo", "0", "--ventana", "4,5"]
    run(play, ["mano"], isolated_home)
    saved = isolated_home / "data" / "partidas" / "cabanga.json"
    assert json.loads(saved.read_text("utf-8"))["window"] == 4.5


@pytest.mark.slow
def test_english_level_words_on_the_command_line(isolated_home):
    play = ["jugar", "chinchon", "--semilla", "3", "--ritmo", "0", "--idioma", "en"]
    result = run([*play, "--nivel", "easy"], [], isolated_home)
    assert result.returncode == 0, result.stderr
    assert "easy level" in result.stdout.splitlines()[0]
    spanish = run(
        ["jugar", "palabras", "--semilla", "3", "--ritmo", "0", "--nivel", "hard"],
        [],
        isolated_home,
    )
    assert spanish.stdout.splitlines()[1].startswith("Lucía: difícil")


def test_english_menus_name_levels_in_english(isolated_home):
    result = run(["--ritmo", "0", "--idioma", "en"], ["2", "1", "0", "0", "8"], isolated_home)
    lines = result.stdout.splitlines()
    level = lines.index("Opponents' level.")
    # each level with what it does (its description as the catalog has it)
    assert [line.split(":")[0] for line in lines[level + 1 : level + 4]] == [
        "1. Easy",
        "2. Medium",
        "3. Hard",
    ]
    assert "Fácil" not in result.stdout and "Difícil" not in result.stdout


@pytest.mark.slow
def test_english_suggestions_and_help_name_english_words(isolated_home):
    play = ["jugar", "chinchon", "--semilla", "3", "--ritmo", "0", "--idioma", "en"]
    result = run(play, ["score", "histroy", "help"], isolated_home)
    out = result.stdout
    assert "Unknown command score. Did you mean scores? Type help." in out
    assert "Unknown command histroy. Did you mean history? Type help." in out
    assert "hand: your cards (F2)\n" in out  # not (F2, m): m is Spanish mano
    assert "scores: points and pot (F4)\n" in out
    assert "puntos" not in out


@pytest.mark.slow
def test_spanish_suggestions_keep_the_spanish_names(isolated_home):
    play = ["jugar", "chinchon", "--semilla", "3", "--ritmo", "0"]
    result = run(play, ["puntso", "score", "ayuda"], isolated_home)
    out = result.stdout
    assert "No conozco la orden puntso. ¿Querías decir puntos? Escribe ayuda." in out
    assert "No conozco la orden score. ¿Querías decir puntos? Escribe ayuda." in out
    assert "mano: tus cartas (F2, m)\n" in out
