"""Scripted sessions through the real entry point, stdin not a TTY."""

import json

import pytest
from entrypoint import is_rival_line, run

# A blunt strategy that works in every phase: draw, close if allowed, else discard
# the last card, finish laying off, decline reenganche. Lines that do not fit the
# moment are refused and change nothing.
TURN = ["robar", "cerrar", "descartar p8", "listo", "no"]


PLAY = ["jugar", "chinchon", "--semilla", "5", "--rivales", "2", "--ritmo", "0", "--limite", "70"]


@pytest.mark.slow
def test_full_match_to_the_end(isolated_home):
    result = run(PLAY, TURN * 600, isolated_home)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Ronda 1. " in out
    assert "Fin de la ronda 1. Puntos:" in out
    assert "Gana la partida" in out or "¡Ganas la partida" in out
    assert "Clasificación: 1 " in out
    assert result.stderr == ""
    # A finished match leaves no save behind.
    assert not (isolated_home / "data" / "partidas" / "chinchon.json").exists()


@pytest.mark.slow
def test_same_seed_and_input_give_the_same_transcript(isolated_home, tmp_path):
    first = run(PLAY, TURN * 40, tmp_path / "a")
    second = run(PLAY, TURN * 40, tmp_path / "b")
    assert first.stdout == second.stdout
    assert "Tus cartas:" in first.stdout


@pytest.mark.slow
def test_end_of_input_saves_and_continuar_resumes_identically(isolated_home, tmp_path):
    lines = TURN * 60
    whole = run(PLAY, lines, tmp_path / "whole")
    home = tmp_path / "split"
    part1 = run(PLAY, lines[:23], home)
    assert "Partida guardada. Para seguir: sobremesa continuar chinchon." in part1.stdout
    assert (home / "data" / "partidas" / "chinchon.json").exists()
    part2 = run(["continuar", "--ritmo", "0"], lines[23:], home)
    assert part2.stdout.startswith("Partida recuperada.")

    def game_lines(text):
        skip = ("Partida guardada", "Partida recuperada", "Chinchón contra", "Escribe ayuda")
        skip += ("Tu turno: ", "Turno de ", "Tu mano, ", "Puntos: ")  # what a resumed game recalls
        skip += ("Última: ", "Descarte: ", "Robaste ", "Cogiste ")
        lines = text.splitlines()
        return [line for line in lines if not line.startswith(skip) and not is_rival_line(line)]

    assert game_lines(part1.stdout) + game_lines(part2.stdout) == game_lines(whole.stdout)


def test_broken_save_is_reported_and_kept(isolated_home):
    path = isolated_home / "data" / "partidas" / "chinchon.json"
    path.parent.mkdir(parents=True)
    path.write_text("{roto", encoding="utf-8")
    result = run(["continuar"], [], isolated_home)
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert any("La partida guardada estaba dañada" in line for line in lines)
    kept = list(path.parent.glob("chinchon.json.roto-*"))
    assert len(kept) == 1 and kept[0].read_text("utf-8") == "{roto"


def test_save_with_valid_json_but_nonsense_state_is_set_aside(isolated_home):
    path = isolated_home / "data" / "partidas" / "chinchon.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"format": 1, "game": "chinchon", "state": {"x": 1}}), "utf-8")
    result = run(["continuar"], [], isolated_home)
    assert "La partida guardada estaba dañada" in result.stdout
    assert result.stderr == ""
    assert not path.exists()


def test_broken_settings_file_is_reported_once_and_kept(isolated_home):
    path = isolated_home / "config" / "ajustes.json"
    path.parent.mkdir(parents=True)
    path.write_text("[1, 2", encoding="utf-8")
    result = run([], ["7"], isolated_home)
    assert result.stdout.splitlines()[0].startswith("El archivo de opciones estaba dañado")
    assert list(path.parent.glob("ajustes.json.roto-*"))


@pytest.mark.slow
def test_bad_input_gets_a_clear_line_and_changes_nothing(isolated_home, tmp_path):
    bad = [
        "",
        "xyzzy",
        "descartar",
        "descartar 99",
        "descartar 0",
        "descartar sota de tréboles",
        "cerrar",
        "colocar",
        "listo",
        "si",
        "\x1b[A\x07robar\x00",
        "a" * 5000,
        "ñññ ááá",
        "historial abc",
        "ritmo -5",
    ]
    bad_discards = [
        "descartar 99",
        "descartar 0",
        "descartar rey de tréboles",
        "cerrar 3 de oros x",
    ]
    clean = run(PLAY, ["mano", "robar", "descartar p1"], tmp_path / "clean")
    noisy = run(PLAY, ["mano", *bad, "robar", *bad_discards, "descartar p1"], tmp_path / "noisy")
    assert noisy.returncode == 0 and noisy.stderr == ""
    # Every bad line got an answer, and the game went on exactly as without them.
    game = [line for line in clean.stdout.splitlines()]
    assert [line for line in noisy.stdout.splitlines() if line in game] == game
    assert "No conozco la orden xyzzy. Escribe ayuda." in noisy.stdout
    assert "Primero roba del mazo o coge el descarte." in noisy.stdout
    assert "No hay carta 99. Por posición: p1 a p8." in noisy.stdout
    assert 'No conozco el palo "tréboles".' in noisy.stdout
    assert "La orden es demasiado larga" in noisy.stdout


def test_spectator_mode_runs_a_whole_match_and_ends(isolated_home):
    result = run(
        ["jugar", "chinchon", "--espectador", "--semilla", "3", "--rivales", "3", "--ritmo", "0"],
        [],
        isolated_home,
    )
    assert result.returncode == 0, result.stderr
    assert "modo espectador" in result.stdout
    assert "Gana la partida" in result.stdout
    assert "Tus cartas" not in result.stdout


def test_english(isolated_home):
    result = run([*PLAY, "--idioma", "en"], ["hand"], isolated_home)
    assert "Your hand, 7 cards:" in result.stdout
    assert "Mano" not in result.stdout.split("\n")[0]


def test_help_lists_commands(isolated_home):
    result = run(["--help"], [], isolated_home)
    assert result.returncode == 0
    for word in ("jugar", "continuar", "opciones", "--idioma"):
        assert word in result.stdout
    sub = run(["jugar", "--help"], [], isolated_home)
    for word in ("--semilla", "--rivales", "--ritmo", "--espectador", "--nivel"):
        assert word in sub.stdout


def test_main_menu_lists_the_four_games_and_exits(isolated_home):
    result = run(["--ritmo", "0"], ["9", "3", "1", "2", "1", "cartas", "salir", "8"], isolated_home)
    out = result.stdout
    assert "1. Chinchón" in out
    assert "2. Palabras" in out and "4. ¡Cabanga!" in out
    assert "3. ABC ¡Castaña!\n" in out
    assert "ABC ¡Castaña! contra " in out  # one rival, level Medio, por turnos, from the menu
    assert "Modo de reacción.\n1. Por turnos: el juego te espera\n2. Tiempo real\n" in out
    assert "Escribe un número del 1 al 8 y pulsa Intro." in out
    assert out.rstrip().endswith("Hasta pronto.")


def test_menu_new_game_through_numbers(isolated_home):
    result = run(["--ritmo", "0"], ["1", "1", "1", "mano"], isolated_home)
    assert "¿Cuántos rivales?" in result.stdout
    assert "Tu mano, 7 cartas" in result.stdout
    assert (isolated_home / "data" / "partidas" / "chinchon.json").exists()


@pytest.mark.parametrize("rivals", ["3", "4"])
def test_bigger_tables_use_two_decks_from_five_players(isolated_home, rivals):
    result = run([*PLAY[:4], "--rivales", rivals, "--ritmo", "0"], ["mesa"], isolated_home)
    expected = "dos barajas" if rivals == "4" else "una baraja"
    assert expected in result.stdout
