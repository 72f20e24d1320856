"""Opciones in groups with Volver first, going back with Escape/volver, the reading
speed (first-run setup and Opciones), the reaction mode asked when a windowed game
starts, and the --lectura, --indicador and --ventana flags."""

import json

import pytest
from entrypoint import run

from sobremesa import cli, i18n, saves
from sobremesa.settings import Settings, load_settings, settings_path
from sobremesa.ui import session as session_module


def app_with(fake, lines, settings=None, interactive=False):
    consoles = fake(lines, interactive)
    app = cli.App(settings or Settings())
    return app, consoles[-1]


def saved():
    return json.loads(settings_path().read_text(encoding="utf-8"))


# -- the options menu -------------------------------------------------------------------
def test_options_come_in_groups_with_volver_first(fake):
    app, console = app_with(fake, ["volver"])
    assert app.options_menu() == "back"
    assert console.out == [
        "Opciones. Intro repite la lista.",
        "0. Volver",
        "1. Voz y lectura",
        "2. Partida",
        "3. Chinchón",
        "4. Palabras",
        "5. ABC ¡Castaña!",
        "6. ¡Cabanga!",
    ]
    assert console.prompts == ["Opciones> "]


@pytest.mark.parametrize("word", ["0", "callar", "volver", "Atrás", "salir", "back"])
def test_escape_and_back_words_go_back_one_level(fake, word):
    app, console = app_with(fake, ["1", word, word])
    assert app.options_menu() == "back"
    assert console.prompts == ["Opciones> ", "Voz y lectura> ", "Opciones> "]
    assert console.out[8:10] == ["Voz y lectura.", "0. Volver"]


def test_each_group_lists_volver_first_and_its_own_options(fake):
    app, console = app_with(fake, ["3", "0", "6", "0", "0"])
    app.options_menu()
    start = console.out.index("Chinchón.")
    assert console.out[start : start + 7] == [
        "Chinchón.",
        "0. Volver",
        "1. Baraja: 40 cartas",
        "2. Límite: 100 puntos",
        "3. Reenganche: no",
        "4. Escalera de siete gana la partida: no",
        "5. Orden de la mano: por palo",
    ]
    start = console.out.index("¡Cabanga!")
    assert console.out[start : start + 5] == [
        "¡Cabanga!",
        "0. Volver",
        "1. Reacción: por turnos",
        "2. Límite: 18 puntos",
        "3. Avisarme de mis cartas: sí",
    ]


def test_a_change_is_read_back_alone_and_saved(fake):
    app, console = app_with(fake, ["3", "3", "0", "0"])
    app.options_menu()
    assert console.out[-1] == "Reenganche: sí"
    assert saved()["chinchon"]["reenganche"] is True
    assert console.prompts[-2:] == ["Chinchón> ", "Opciones> "]


def test_change_the_reading_speed_in_opciones(fake):
    app, console = app_with(fake, ["1", "4", "3", "0", "0"])
    app.options_menu()
    assert "¿A qué velocidad lee tu lector?" in console.out
    assert "2. Normal, 180" in console.out
    assert "Lectura: 250 palabras por minuto" in console.out
    assert app.settings.reading_wpm == 250 and saved()["reading_wpm"] == 250


def test_another_reading_speed_is_asked_as_a_figure_in_range(fake):
    app, console = app_with(fake, ["1", "4", "5", "40", "220.5", "220", "0", "0"])
    app.options_menu()
    assert console.out.count("Escribe un número entero de 60 a 500.") == 2
    assert saved()["reading_wpm"] == 220


def test_escape_in_the_reading_speed_changes_nothing(fake):
    app, console = app_with(fake, ["1", "4", "5", "callar", "callar", "0", "0"])
    app.options_menu()
    assert app.settings.reading_wpm == 180
    assert not settings_path().exists()
    assert console.prompts == [
        "Opciones> ",
        "Voz y lectura> ",
        "Lectura> ",
        "Palabras por minuto> ",
        "Lectura> ",
        "Voz y lectura> ",
        "Opciones> ",
    ]


def test_prompt_style_is_a_voice_and_reading_option(fake):
    app, console = app_with(fake, ["1", "5", "5", "0", "0"])
    app.options_menu()
    i = console.out.index("Indicador: con estado, para braille")
    assert console.out[i + 1] == "Indicador: corto, para voz"
    app, console = app_with(fake, ["1", "5", "0", "0"])
    app.options_menu()
    assert saved()["prompt_style"] == "estado"


def test_reaction_mode_per_game_in_opciones(fake):
    app, console = app_with(fake, ["6", "1", "2", "volver", "2", "7", "0", "0"])
    app.options_menu()
    assert "Modo de reacción." in console.out
    assert "1. Por turnos: el juego te espera" in console.out
    assert console.out[-1] == "Reacción: tiempo real, 7 segundos"
    data = saved()
    assert data["cabanga"]["reaction_mode"] == "tiempo" and data["cabanga"]["reaction_seconds"] == 7
    assert data["castana"]["reaction_mode"] == "turnos"
    app, console = app_with(fake, ["5", "1", "1", "0", "0"], settings=load_settings()[0])
    app.options_menu()
    assert console.out[-1] == "Reacción: por turnos"


def test_a_wrong_number_says_the_range_with_volver(fake):
    app, console = app_with(fake, ["9", "0"])
    app.options_menu()
    assert "Escribe un número del 0 al 6." in console.out


def lines_of_every_option_screen(fake, language):
    """Every line and prompt of Opciones and its groups, with options both ways."""
    i18n.set_language(language)
    out, prompts = [], []
    for flip in (False, True):
        settings = Settings(language=language)
        if flip:
            settings.outputs = ["texto", "lector", "voz"]
            settings.voice_variant = "es-419"
            settings.dictionary = "/home/ana/listas/mis_palabras.txt"
            settings.prompt_style = "estado"
            settings.verbosity = "breve"
            settings.pace = 10.0
            settings.reading_wpm = 500
            settings.chinchon.seven_run_wins = True
            settings.chinchon.hand_order = "valor"
            settings.castana.warn_before_steal = True
            settings.castana.hand_order = "letra"
            settings.set_window("castana", 10)
            settings.set_window("cabanga", 4.5)
        script = []
        for group in range(1, 7):
            script += [str(group), "", "0"]
        script += ["1", "4", "5", "x", "volver", "0", "0"]  # a figure refused
        script += ["6", "1", "2", "x", "volver", "0", "0", "0"]  # seconds refused
        app, console = app_with(fake, script, settings=settings)
        app.options_menu()
        out += console.out
        prompts += console.prompts
    app, console = app_with(fake, ["x", "0"], settings=Settings(language=language))
    app.new_game_menu("cabanga")
    return out + console.out, prompts + console.prompts


@pytest.mark.parametrize("language", ["es", "en"])
def test_every_line_fits_a_braille_line_and_every_prompt_30_cells(fake, language):
    out, prompts = lines_of_every_option_screen(fake, language)
    assert len(out) > 60
    assert any(line.startswith(("Escribe un número de 2", "Type a number from 2")) for line in out)
    assert [line for line in out if len(line) > 40] == []
    assert [p for p in prompts if len(p) > 30] == []


# -- the new-game setup ---------------------------------------------------------------
def test_a_windowed_game_asks_the_reaction_mode_and_remembers_it(fake, monkeypatch):
    played = []
    app, console = app_with(fake, ["3", "2", "2", "x", "6"])
    monkeypatch.setattr(app, "play", lambda game, **kw: played.append(game) or "over")
    assert app.new_game_menu("cabanga") == "over"
    assert played == ["cabanga"]
    i = console.out.index("Modo de reacción.")
    assert console.out[i : i + 3] == [
        "Modo de reacción.",
        "1. Por turnos: el juego te espera",
        "2. Tiempo real",
    ]
    assert console.prompts[-3:] == ["Reacción> ", "Segundos, de 2 a 10> ", "Segundos, de 2 a 10> "]
    assert "Escribe un número de 2 a 10, como 4,5." in console.out
    data = saved()["cabanga"]
    assert (data["rivals"], data["level"], data["reaction_mode"]) == (3, "medio", "tiempo")
    assert data["reaction_seconds"] == 6
    assert saved()["castana"]["reaction_mode"] == "turnos"


def test_castana_por_turnos_from_the_new_game_setup(fake, monkeypatch):
    settings = Settings()
    settings.set_window("castana", 5)
    app, console = app_with(fake, ["1", "1", "1"], settings=settings)
    monkeypatch.setattr(app, "play", lambda game, **kw: "over")
    app.new_game_menu("castana")
    assert saved()["castana"]["reaction_mode"] == "turnos"


@pytest.mark.parametrize("game, answers", [("chinchon", ["1", "1"]), ("palabras", ["1", "2"])])
def test_games_without_windows_do_not_ask_it(fake, monkeypatch, game, answers):
    app, console = app_with(fake, answers)
    monkeypatch.setattr(app, "play", lambda game, **kw: "over")
    assert app.new_game_menu(game) == "over"
    assert "Modo de reacción." not in console.out
    assert "Reacción> " not in console.prompts


def test_back_goes_one_question_back_and_from_the_first_to_the_menu(fake, monkeypatch):
    app, console = app_with(fake, ["2", "callar", "3", "1", "volver", "0", "callar", "callar"])
    monkeypatch.setattr(app, "play", lambda game, **kw: pytest.fail("no game"))
    assert app.new_game_menu("castana") == "back"
    assert console.prompts == [
        "Rivales> ",
        "Nivel> ",
        "Rivales> ",
        "Nivel> ",
        "Reacción> ",
        "Nivel> ",
        "Rivales> ",
    ]
    assert saved()["castana"]["rivals"] == 3


@pytest.mark.slow
def test_the_reaction_mode_reaches_the_game_through_the_menu(isolated_home):
    """Real entry point: ¡Cabanga! from the menu in tiempo real; the game is saved
    with its window, and a later `jugar cabanga` keeps the remembered mode."""
    result = run(["--ritmo", "0"], ["4", "2", "1", "2", "5", "mano"], isolated_home)
    assert "Modo de reacción." in result.stdout
    partida = isolated_home / "data" / "partidas" / "cabanga.json"
    assert json.loads(partida.read_text(encoding="utf-8"))["window"] == 5
    data = json.loads((isolated_home / "config" / "ajustes.json").read_text(encoding="utf-8"))
    assert data["cabanga"]["reaction_mode"] == "tiempo"
    partida.unlink()
    run(["jugar", "cabanga", "--semilla", "3", "--ritmo", "0"], ["mano"], isolated_home)
    assert json.loads(partida.read_text(encoding="utf-8"))["window"] == 5


@pytest.mark.slow
def test_ventana_sets_the_mode_for_one_run(isolated_home):
    run(["--ritmo", "0"], ["3", "1", "1", "2", "8", "mano"], isolated_home)
    partida = isolated_home / "data" / "partidas" / "castana.json"
    partida.unlink()
    play = ["jugar", "castana", "--semilla", "3", "--ritmo", "0"]
    run([*play, "--ventana", "0"], ["mano"], isolated_home)
    assert json.loads(partida.read_text(encoding="utf-8"))["window"] is None
    data = json.loads((isolated_home / "config" / "ajustes.json").read_text(encoding="utf-8"))
    assert data["castana"]["reaction_mode"] == "tiempo"  # the saved choice is untouched
    assert data["castana"]["reaction_seconds"] == 8
    partida.unlink()
    run([*play, "--ventana", "3"], ["mano"], isolated_home)
    assert json.loads(partida.read_text(encoding="utf-8"))["window"] == 3


# -- first run and flags ----------------------------------------------------------------
def test_first_run_at_a_terminal_asks_the_reading_speed_once(fake):
    consoles = fake(["4", "8"], interactive=True)
    assert cli.main([]) == 0
    out = consoles[-1].out
    assert out[:3] == [
        "Primera vez en Sobremesa.",
        "¿A qué velocidad lee tu lector?",
        "1. Despacio, 140 palabras por minuto",
    ]
    assert "0. Volver" not in out
    i = out.index("Lectura: 350 palabras por minuto.")
    assert out[i + 1 : i + 3] == ["Se cambia en Opciones.", "Sobremesa. Juegos de mesa accesibles."]
    assert saved()["reading_wpm"] == 350
    consoles = fake(["8"], interactive=True)
    cli.main([])
    assert "¿A qué velocidad lee tu lector?" not in consoles[-1].out


def test_first_run_with_lectura_does_not_ask_the_reading_speed(fake):
    consoles = fake(["8"], interactive=True)
    assert cli.main(["--lectura", "180"]) == 0
    out = consoles[-1].out
    assert "¿A qué velocidad lee tu lector?" not in out
    assert out[0] == "Sobremesa. Juegos de mesa accesibles."


def test_first_run_escape_keeps_the_default_and_is_not_asked_again(fake):
    fake(["callar", "8"], interactive=True)
    cli.main([])
    assert saved()["reading_wpm"] == 180


def test_scripted_runs_never_get_the_first_run_setup(isolated_home):
    result = run([], ["8"], isolated_home)
    assert result.returncode == 0
    assert "velocidad" not in result.stdout
    assert result.stdout.startswith("Sobremesa. Juegos de mesa accesibles.\nMenú principal.")


def test_lectura_and_indicador_reach_the_session_for_one_run(fake, monkeypatch):
    seen = {}

    def fake_run(self, *, resumed=False, end_gate=None):
        seen.update(wpm=self.reading_wpm, status=self.adapter.status_prompt)
        saves.delete_save(self.adapter.game_id)  # as a game that ends
        return "over"

    monkeypatch.setattr(session_module.Session, "run", fake_run)
    fake([])
    cli.main(["jugar", "chinchon", "--semilla", "1", "--lectura", "250", "--indicador", "estado"])
    assert seen == {"wpm": 250, "status": True}
    assert not settings_path().exists()  # one run only
    fake([])
    cli.main(["--lectura", "90", "jugar", "chinchon", "--semilla", "1"])
    assert seen == {"wpm": 90, "status": False}


def test_the_saved_reading_speed_and_prompt_style_reach_the_session(fake, monkeypatch):
    seen = {}

    def fake_run(self, *, resumed=False, end_gate=None):
        seen.update(wpm=self.reading_wpm, status=self.adapter.status_prompt)
        saves.delete_save(self.adapter.game_id)  # as a game that ends
        return "over"

    monkeypatch.setattr(session_module.Session, "run", fake_run)
    app, console = app_with(fake, ["1", "4", "1", "5", "0", "0"])
    app.options_menu()
    fake([])
    cli.main(["jugar", "palabras", "--semilla", "1"])
    assert seen == {"wpm": 140, "status": True}


@pytest.mark.parametrize("value", ["40", "501", "180.5", "rapido"])
@pytest.mark.slow
def test_bad_lectura_is_refused(isolated_home, value):
    result = run(["--lectura", value], [], isolated_home)
    assert result.returncode == 2
    assert "--lectura" in result.stderr


def test_indicador_accepts_only_its_two_words(isolated_home):
    result = run(["--indicador", "braille"], [], isolated_home)
    assert result.returncode == 2 and "corto" in result.stderr


def test_palabras_group_offers_confirm_before_playing(fake):
    app, console = app_with(fake, ["4", "2", "0", "0"])
    app.options_menu()
    start = console.out.index("Palabras.")
    assert console.out[start : start + 4] == [
        "Palabras.",
        "0. Volver",
        "1. Pistas: sí",
        "2. Confirmar antes de jugar: no",
    ]
    assert console.out[-1] == "Confirmar antes de jugar: sí"
    assert saved()["palabras"]["confirm_moves"] is True


def test_the_dictionary_offers_the_curated_list_amplia_or_your_own(fake, tmp_path):
    own = tmp_path / "mias.txt"
    own.write_text("casa\nperro\n", encoding="utf-8")
    script = ["2", "3", "2", "3", "salir", "3", "3", "", "volver", "3", "3", str(own), "3", "1"]
    app, console = app_with(fake, [*script, "0", "0"])
    app.options_menu()
    start = console.out.index("Partida.")
    assert console.out[start + 4] == "3. Diccionario: curada"
    start = console.out.index("Diccionario.")
    assert console.out[start : start + 5] == [
        "Diccionario.",
        "0. Volver",
        "1. Curada: la de siempre",
        "2. Amplia: la lista completa",
        "3. Tu propia lista",
    ]
    changes = [line for line in console.out if line.startswith("Diccionario: ")]
    assert changes == ["Diccionario: amplia", "Diccionario: mias.txt", "Diccionario: curada"]
    assert saved()["dictionary"] == ""
    # salir in the list and an empty or `volver` path went back without a change
    assert console.prompts.count("Ruta de tu lista> ") == 2


def test_the_dictionary_amplia_is_kept_and_said_in_english(fake):
    app, console = app_with(fake, ["2", "3", "2", "0", "0"], settings=Settings(language="en"))
    i18n.set_language("en")
    app.options_menu()
    assert console.out[-1] == "Dictionary: full (amplia)"
    assert saved()["dictionary"] == "amplia"
