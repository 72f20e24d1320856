"""One save per game, through the real entry point (stdin not a TTY): two games saved
side by side, `continuar JUEGO`, the question before a new game replaces a save, the
old single partida.json moved to its game's file, the spectator's game apart, and the
main menu's Continuar."""

import json

import pytest
from entrypoint import is_rival_line, run
from fake_console import FakeConsole

from sobremesa.ui.session import Session

CHINCHON = ["jugar", "chinchon", "--semilla", "5", "--rivales", "2", "--ritmo", "0"]
PALABRAS = ["jugar", "palabras", "--semilla", "3", "--ritmo", "0"]


def save_of(home, game):
    return home / "data" / "partidas" / f"{game}.json"


def two_saves(home):
    """A Chinchón and a Palabras game, each left at its first turn."""
    first = run(CHINCHON, ["mano"], home)
    second = run(PALABRAS, ["atril"], home)
    return first, second


@pytest.mark.slow
def test_two_games_are_saved_side_by_side_and_each_leave_line_says_how_to_resume(
    isolated_home,
):
    first, second = two_saves(isolated_home)
    assert first.stdout.rstrip().endswith(
        "Partida guardada. Para seguir: sobremesa continuar chinchon."
    )
    assert second.stdout.rstrip().endswith(
        "Partida guardada. Para seguir: sobremesa continuar palabras."
    )
    assert json.loads(save_of(isolated_home, "chinchon").read_text("utf-8"))["game"] == "chinchon"
    assert json.loads(save_of(isolated_home, "palabras").read_text("utf-8"))["game"] == "palabras"
    assert not (isolated_home / "data" / "partida.json").exists()


@pytest.mark.slow
def test_continuar_juego_resumes_that_game(isolated_home):
    two_saves(isolated_home)
    palabras = run(["continuar", "palabras", "--ritmo", "0"], ["atril"], isolated_home)
    lines = palabras.stdout.splitlines()
    assert lines[0] == "Partida recuperada."
    assert lines[1].startswith("Palabras contra ")
    assert any(line.startswith("Tu atril, 7 fichas") for line in lines)
    chinchon = run(["continue", "Chinchón", "--ritmo", "0"], ["mano"], isolated_home)
    assert chinchon.stdout.splitlines()[1].startswith("Chinchón contra ")
    assert "Tu mano, 7 cartas" in chinchon.stdout


@pytest.mark.slow
def test_continuar_without_a_game_says_which_exist_and_how_to_pick(isolated_home):
    two_saves(isolated_home)
    result = run(["continuar"], [], isolated_home)
    assert result.stdout.splitlines() == [
        "Hay 2 partidas guardadas:",
        "Chinchón contra Elena y Mario, ronda 1.",
        "Palabras contra Lucía, jugada 2.",
        "Elige: sobremesa continuar chinchon o palabras.",
    ]
    assert (
        save_of(isolated_home, "chinchon").exists() and save_of(isolated_home, "palabras").exists()
    )


@pytest.mark.slow
def test_continuar_without_a_game_resumes_the_only_one(isolated_home):
    run(PALABRAS, ["atril"], isolated_home)
    result = run(["continuar", "--ritmo", "0"], [], isolated_home)
    assert result.stdout.startswith("Partida recuperada.\nPalabras contra Lucía")


@pytest.mark.slow
def test_continuar_a_game_not_saved_names_the_saved_ones(isolated_home):
    run(PALABRAS, ["atril"], isolated_home)
    result = run(["continuar", "cabanga"], [], isolated_home)
    assert result.stdout.splitlines() == [
        "No hay partida de ¡Cabanga! guardada.",
        "Guardadas: sobremesa continuar palabras.",
    ]


@pytest.mark.slow
def test_a_new_game_asks_before_losing_the_saved_one_and_no_keeps_it(isolated_home):
    run(PALABRAS, ["atril"], isolated_home)
    before = save_of(isolated_home, "palabras").read_text("utf-8")
    for answers in (["no"], [""], ["volver"], ["callar"], []):  # no, empty, back, Escape, end
        result = run(
            ["jugar", "palabras", "--semilla", "9", "--ritmo", "0"], answers, isolated_home
        )
        assert result.stdout.splitlines()[:3] == [
            "Tienes guardada Palabras contra Lucía, jugada 2.",
            "¿Empezar otra y perderla? Sí o no.",
            "La guardo. Para seguir: sobremesa continuar palabras.",
        ], answers
        assert save_of(isolated_home, "palabras").read_text("utf-8") == before


@pytest.mark.slow
def test_yes_starts_the_new_game_and_replaces_only_that_games_save(isolated_home):
    two_saves(isolated_home)
    chinchon = save_of(isolated_home, "chinchon").read_text("utf-8")
    result = run(
        ["jugar", "palabras", "--semilla", "9", "--ritmo", "0"],
        ["quizá", "sí", "atril"],
        isolated_home,
    )
    lines = result.stdout.splitlines()
    assert lines[2] == "Responde sí o no."
    assert lines[3].startswith("Palabras contra ")
    saved = json.loads(save_of(isolated_home, "palabras").read_text("utf-8"))
    assert saved["state"]["seed"] == 9
    assert save_of(isolated_home, "chinchon").read_text("utf-8") == chinchon


def test_the_old_single_save_is_moved_to_its_games_file(isolated_home):
    run(PALABRAS, ["atril"], isolated_home)
    old = isolated_home / "data" / "partida.json"
    save_of(isolated_home, "palabras").replace(old)  # as an older version left it
    result = run(["continuar", "--ritmo", "0"], [], isolated_home)
    assert result.stdout.startswith("Partida recuperada.\nPalabras contra Lucía")
    assert not old.exists() and save_of(isolated_home, "palabras").exists()


def test_a_broken_old_save_is_set_aside_and_said(isolated_home):
    old = isolated_home / "data" / "partida.json"
    old.parent.mkdir(parents=True)
    old.write_text("{roto", encoding="utf-8")
    result = run(["continuar"], [], isolated_home)
    assert result.stdout.startswith("La partida guardada estaba dañada; la he apartado en ")
    kept = list(old.parent.glob("partida.json.roto-*"))
    assert len(kept) == 1 and kept[0].read_text("utf-8") == "{roto"
    assert "No hay ninguna partida guardada." in result.stdout


def test_a_spectator_game_does_not_clobber_the_players_save(isolated_home):
    run(CHINCHON, ["mano"], isolated_home)
    before = save_of(isolated_home, "chinchon").read_text("utf-8")
    spectator = ["jugar", "chinchon", "--espectador", "--semilla", "3", "--ritmo", "0"]
    result = run(spectator, [], isolated_home)
    assert "Gana la partida" in result.stdout  # watched to its end, no question asked
    assert "¿Empezar otra" not in result.stdout
    assert save_of(isolated_home, "chinchon").read_text("utf-8") == before


def test_a_spectator_who_leaves_is_not_told_the_game_was_saved(isolated_home):
    from sobremesa.games.chinchon import ui
    from sobremesa.settings import Settings
    from sobremesa.ui.announcer import Announcer

    class Console:
        out = []

        def say(self, line, *, answer=False):
            self.out.append(str(line))

    console = Console()
    adapter = ui.new_adapter(Settings(), seed=3, spectator=True)
    session = Session(adapter, console, Announcer(console), 0)
    session.save()
    assert session._leave() == "saved"
    assert console.out[-1] == "Sin guardar: eras espectador."
    assert not (isolated_home / "data" / "partidas").exists()


@pytest.mark.slow
def test_the_menus_continuar_lists_each_saved_game_and_volver_goes_back(isolated_home):
    two_saves(isolated_home)
    result = run(["--ritmo", "0"], ["5", "volver", "5", "2", "atril"], isolated_home)
    out = result.stdout
    assert "5. Continuar: 2 partidas guardadas\n" in out
    assert (
        "Partidas guardadas.\n0. Volver\n"
        "1. Chinchón contra Elena y Mario, ronda 1\n"
        "2. Palabras contra Lucía, jugada 2\n"
    ) in out
    assert out.count("Menú principal.") == 2  # volver: back to the menu
    assert "Partida recuperada.\nPalabras contra Lucía" in out
    assert "Tu atril, 7 fichas" in out


@pytest.mark.slow
def test_the_menus_continuar_names_the_only_saved_game(isolated_home):
    run(PALABRAS, ["atril"], isolated_home)
    result = run(["--ritmo", "0", "--idioma", "en"], ["7"], isolated_home)
    assert "5. Continue: Palabras against Lucía, move 2\n" in result.stdout


@pytest.mark.slow
def test_the_menu_asks_before_a_new_game_replaces_a_saved_one(isolated_home):
    run(PALABRAS, ["atril"], isolated_home)
    before = save_of(isolated_home, "palabras").read_text("utf-8")
    result = run(["--ritmo", "0"], ["2", "no", "7"], isolated_home)
    out = result.stdout
    assert "Tienes guardada Palabras contra Lucía, jugada 2.\n¿Empezar otra y perderla?" in out
    assert "¿Cuántos rivales?" not in out  # no: back to the menu before any question
    assert out.count("Menú principal.") == 2
    assert save_of(isolated_home, "palabras").read_text("utf-8") == before


def test_english_leave_and_question(isolated_home):
    first = run([*PALABRAS, "--idioma", "en"], ["rack"], isolated_home)
    assert first.stdout.rstrip().endswith("Game saved. To go on: sobremesa continue palabras.")
    again = run([*PALABRAS, "--idioma", "en"], ["maybe", "no"], isolated_home)
    assert again.stdout.splitlines() == [
        "Saved: Palabras against Lucía, move 2.",
        "Start another and lose it? Yes or no.",
        "Answer yes or no.",
        "Kept. To go on: sobremesa continue palabras.",
    ]


def test_continuar_at_a_terminal_with_several_saves_offers_a_numbered_choice(
    isolated_home, monkeypatch
):
    from sobremesa import cli

    two_saves(isolated_home)

    made = []
    monkeypatch.setattr(
        cli,
        "make_console",
        lambda *a, **k: made.append(FakeConsole(["9", "2"], interactive=True)) or made[-1],
    )
    runs = []
    monkeypatch.setattr(
        cli.App,
        "_run",
        lambda self, adapter, resumed=False, game_id="", saved=None: runs.append(game_id),
    )
    assert cli.main(["continuar"]) == 0
    out = made[-1].out
    assert out[:4] == [
        "Partidas guardadas.",
        "0. Volver",
        "1. Chinchón contra Elena y Mario, ronda 1",
        "2. Palabras contra Lucía, jugada 2",
    ]
    assert "Escribe un número del 0 al 2." in out
    assert made[-1].prompts == ["Continuar> ", "Continuar> "]
    assert runs == ["palabras"]


QUIT = {"es": "salir", "en": "quit"}


@pytest.mark.parametrize(("played", "read"), [("en", "es"), ("es", "en")])
def test_a_game_resumed_in_another_language_is_told_again_in_it(tmp_path, played, read):
    # Saves hold the table's log, not text: the history and the last play come
    # back in the language the player reads now, exactly as a game played in it.
    def save(language, folder):
        args = ["--idioma", language, "jugar", "cabanga", "--semilla", "3", "--ritmo", "0"]
        run(args, [QUIT[language]], folder)

    save(played, tmp_path / "other")
    save(read, tmp_path / "same")
    typed = {"es": ["ultima", "historial 40"], "en": ["last", "history 40"]}[read]
    resumed = {
        folder: run(
            ["--idioma", read, "continuar", "cabanga"], [*typed, QUIT[read]], tmp_path / folder
        )
        for folder in ("other", "same")
    }
    lines = resumed["other"].stdout.splitlines()
    assert lines == resumed["same"].stdout.splitlines()
    said = {"es": ("Partida recuperada.", " juega "), "en": ("Game resumed.", " plays ")}[read]
    assert said[0] in lines
    assert any(said[1] in line for line in lines)  # the rivals' plays, in the history
    assert not [line for line in lines if "historial, en" in line or "history, in" in line]


@pytest.mark.slow
def test_menus_take_the_name_of_an_option(tmp_path):
    result = run([], ["palabras", "dos", "medio", "salir", "salir"], tmp_path)
    out = result.stdout
    assert result.returncode == 0, result.stderr
    intro = [line for line in out.splitlines() if line.startswith("Palabras contra ")]
    assert len(intro) == 1 and intro[0].count(" y ") == 1  # two rivals
    rivals = [line for line in out.splitlines() if is_rival_line(line)]
    assert len(rivals) == 2 and all(": medio" in line for line in rivals)  # the level chosen
    assert "Escribe un número del 1 al" not in out
    # A word that begins no option, or more than one, is not taken.
    result = run([], ["pa", "salir"], tmp_path / "b")
    assert "Escribe un número del 1 al 8 y pulsa Intro." in result.stdout
