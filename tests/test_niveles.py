"""Rivals of different levels at one table and their styles (issue 14): `--niveles`
through the real entry point, the new-game menu's level question (each level with
what it does, "Distinto para cada rival"), the styles a table gives its bots from
the game's STYLES (here a fake one), said in the intro and by `rivales`, and kept
by a save. The game helpers' real STYLES are not needed: a game without them seats
plain bots."""

from __future__ import annotations

import asyncio
import json

import pytest
from entrypoint import run

from sobremesa import cli, saves
from sobremesa.core.registry import BOT_NAMES, GAMES, entry
from sobremesa.settings import Settings, load_settings, rival_levels
from sobremesa.ui.rivals import choose_styles, intro_rivals, rival_line, rivals_lines
from sobremesa.ui.session import Table, seat_table

FAKE_STYLES = {"medio": ("prudente", "atrevido"), "dificil": ("prudente", "atrevido", "tenaz")}
IDS = list(GAMES)


@pytest.fixture
def styled(monkeypatch):
    """Every game's bots module with FAKE_STYLES (whatever it has on this branch)."""
    for game in GAMES.values():
        monkeypatch.setattr(game.bots(), "STYLES", FAKE_STYLES, raising=False)
    return FAKE_STYLES


# -- choosing styles ----------------------------------------------------------------------
def test_styles_differ_while_they_last_and_follow_the_seed():
    levels = [None, "dificil", "dificil", "dificil", "dificil", "facil", "medio"]
    chosen = choose_styles(FAKE_STYLES, levels, seed=7)
    assert chosen[0] == "" and chosen[5] == ""  # the player; fácil has no styles
    hard = chosen[1:5]
    assert set(hard[:3]) == {"prudente", "atrevido", "tenaz"}  # all three before a repeat
    assert all(style in FAKE_STYLES["dificil"] for style in hard)
    assert chosen[6] in FAKE_STYLES["medio"]
    assert choose_styles(FAKE_STYLES, levels, seed=7) == chosen
    seen = {tuple(choose_styles(FAKE_STYLES, levels, seed)) for seed in range(20)}
    assert len(seen) > 1  # the seed picks among the ways to vary them


def test_a_medio_and_a_dificil_rival_get_different_styles_when_they_can():
    for seed in range(30):
        medio, dificil = choose_styles(FAKE_STYLES, ["medio", "dificil"], seed)
        assert medio != dificil


def test_no_styles_no_style():
    assert choose_styles({}, [None, "medio", "dificil"], 3) == ["", "", ""]


def test_rivales_says_what_each_style_does_once(monkeypatch):
    """A style is only a word until said: `rivales` tells what it does, after the
    first rival that has it."""
    texts = entry("cabanga").texts()
    monkeypatch.setattr(
        texts, "STYLE_DESCRIPTIONS", {"prudente": "prudente: guarda cartas"}, raising=False
    )
    table = Table(["Tú", "Ana", "Luis", "Eva"], 0, [None, "medio", "dificil", "facil"])
    table.styles = ["", "prudente", "prudente", ""]
    assert rivals_lines("cabanga", table) == [
        "Ana: medio, estilo prudente.",
        "Prudente: guarda cartas.",
        "Luis: difícil, estilo prudente.",
        "Eva: fácil.",
    ]


@pytest.mark.parametrize("game_id", IDS)
def test_a_game_without_styles_seats_plain_bots(game_id, monkeypatch):
    monkeypatch.delattr(entry(game_id).bots(), "STYLES", raising=False)
    assert entry(game_id).styles() == {}
    settings = Settings()
    adapter = entry(game_id).adapter_module().new_adapter(settings, seed=3, spectator=False)
    assert all(bot.style == "" for bot in adapter.bots.values())
    assert "styles" not in adapter.table.to_dict()


# -- a table with levels and styles --------------------------------------------------------
@pytest.mark.parametrize("game_id", IDS)
def test_each_rival_has_its_level_and_style_and_the_intro_says_them(game_id, styled):
    game = entry(game_id)
    settings = Settings()
    section = getattr(settings, game_id)
    section.rivals = 2
    section.levels = ["dificil", "medio"]
    adapter = game.adapter_module().new_adapter(settings, seed=5, spectator=False)
    table = adapter.table
    assert table.levels[1:] == ["dificil", "medio"]
    for seat, bot in adapter.bots.items():
        assert bot.level == table.levels[seat]
        assert bot.style == table.styles[seat]
        assert bot.style in FAKE_STYLES[bot.level]
    assert table.styles[1] != table.styles[2]
    intro = adapter.intro()
    for seat in (1, 2):
        level = {"dificil": "difícil", "medio": "medio"}[table.levels[seat]]
        line = f"{table.names[seat]}: {level}, estilo {table.styles[seat]}."
        assert line in intro
        assert line in rivals_lines(game_id, table)


def test_rivals_alike_are_said_in_the_first_line():
    table = Table(["Tú", "Ana", "Luis"], 0, [None, "facil", "facil"])
    assert intro_rivals("chinchon", table) == ("fácil", [])
    assert rivals_lines("chinchon", table) == ["Ana: fácil.", "Luis: fácil."]
    watched = Table(["Ana", "Luis"], None, ["facil", "facil"])
    assert intro_rivals("chinchon", watched) == (None, ["Todos en nivel fácil."])
    mixed = Table(["Tú", "Ana", "Luis"], 0, [None, "facil", "dificil"])
    assert intro_rivals("chinchon", mixed) == (None, ["Ana: fácil.", "Luis: difícil."])
    online = Table(["Tú", "Eva", "Luis"], 0, [None, None, "medio"])
    assert intro_rivals("chinchon", online) == (None, ["Luis: medio."])
    assert rivals_lines("chinchon", online) == ["Eva: en línea.", "Luis: medio."]


def test_a_style_is_named_by_the_games_texts(monkeypatch):
    texts = entry("cabanga").texts()
    monkeypatch.setattr(texts, "STYLE_NAMES", {"tenaz": "muy tenaz"}, raising=False)
    monkeypatch.setattr(
        texts, "STYLE_DESCRIPTIONS", {"prudente": "prudente: guarda cartas"}, raising=False
    )
    assert rival_line("cabanga", "Ana", "dificil", "tenaz") == "Ana: difícil, estilo muy tenaz."
    assert rival_line("cabanga", "Ana", "medio", "prudente") == "Ana: medio, estilo prudente."
    assert rival_line("cabanga", "Ana", "medio", "atrevido") == "Ana: medio, estilo atrevido."


@pytest.mark.parametrize("game_id", IDS)
def test_every_level_of_every_game_has_its_one_line_description(game_id):
    game = entry(game_id)
    for level in game.levels:
        text = game.level_description(level)
        assert text and "\n" not in text and len(text) <= 70, (level, text)


def test_rival_levels_fill_with_the_level():
    section = Settings().cabanga
    section.level, section.levels = "medio", ["facil", "dificil"]
    assert rival_levels(section, 2) == ["facil", "dificil"]
    assert rival_levels(section, 3) == ["facil", "dificil", "medio"]
    assert rival_levels(section, 1) == ["facil"]
    section.levels = []
    assert rival_levels(section, 2) == ["medio", "medio"]


def test_settings_refuse_levels_that_are_not_a_list_of_levels():
    for bad in (["facil", "imposible"], "facil", ["medio"] * 8):
        settings = Settings()
        settings.chinchon.levels = bad
        with pytest.raises(ValueError, match="chinchon.levels"):
            settings.validate()


# -- save and load ---------------------------------------------------------------------------
def test_a_saved_game_keeps_levels_and_styles(fake, styled):
    """Played and saved through the program (`salir`), then `continuar`: the same
    rivals, levels and styles, said by `rivales`."""
    settings = Settings()
    settings.pace = 0
    settings.chinchon.rivals = 3
    settings.chinchon.levels = ["facil", "dificil", "medio"]
    fake(["salir"])
    app = cli.App(settings)
    app.play("chinchon", seed=9, spectator=False)
    data = saves.read_save("chinchon")
    table = data["table"]
    assert table["levels"] == [None, "facil", "dificil", "medio"]
    bots = {seat: bot for seat, bot in data["bots"]}
    assert [bots[s].get("style", "") for s in (1, 2, 3)] == table["styles"][1:]
    assert table["styles"][1] == "" and table["styles"][2] and table["styles"][3]
    said = [rival_line("chinchon", table["names"][s], table["levels"][s], table["styles"][s])
            for s in (1, 2, 3)]  # fmt: skip

    consoles = fake(["rivales", "salir"])
    resumed = cli.App(Settings())
    resumed.continue_game("chinchon")
    out = consoles[-1].out
    assert "Partida recuperada." in out
    start = out.index(said[0])
    assert out[start : start + 3] == said
    again = saves.read_save("chinchon")
    assert again["table"]["styles"] == table["styles"]
    assert [bot.get("style", "") for _s, bot in again["bots"]] == table["styles"][1:]


def test_an_older_save_without_table_styles_takes_them_from_its_bots(styled):
    settings = Settings()
    settings.palabras.rivals = 2
    settings.palabras.levels = ["medio", "dificil"]
    module = entry("palabras").adapter_module()
    adapter = module.new_adapter(settings, seed=4, spectator=False)
    table = adapter.table.to_dict()
    styles = table.pop("styles")
    data = {"table": table, "state": adapter.game.to_dict(), "bots": adapter.bots_to_data()}
    restored = module.restore_adapter(Settings(), data)
    assert restored.table.styles == styles
    assert {s: b.style for s, b in restored.bots.items()} == {1: styles[1], 2: styles[2]}


# -- the new-game menu -------------------------------------------------------------------------
def test_the_level_question_says_what_each_level_does(fake, monkeypatch):
    consoles = fake(["3", "2", "1"])  # three rivals, medio, por turnos
    app = cli.App(Settings())
    monkeypatch.setattr(app, "play", lambda game, **kw: "over")
    assert app.new_game_menu("cabanga") == "over"
    out = consoles[-1].out
    i = out.index("Nivel de los rivales.")
    game = entry("cabanga")
    assert out[i + 1 : i + 5] == [
        f"1. Fácil: {game.level_description('facil')}",
        f"2. Medio: {game.level_description('medio')}",
        f"3. Difícil: {game.level_description('dificil')}",
        "4. Distinto para cada rival",
    ]
    stored, _broken = load_settings()
    assert (stored.cabanga.rivals, stored.cabanga.level, stored.cabanga.levels) == (3, "medio", [])


def test_distinto_para_cada_rival_asks_each_rival_and_goes_back_one(fake, monkeypatch):
    played = []
    # 3 rivals; distinto; rival 1 fácil, rival 2 difícil, back (at rival 3) to
    # rival 2: medio, rival 3 by name; then the reaction mode (por turnos).
    consoles = fake(["3", "4", "1", "3", "volver", "2", "dificil", "1"])
    app = cli.App(Settings())
    monkeypatch.setattr(app, "play", lambda game, **kw: played.append((game, kw["seed"])) or "over")
    assert app.new_game_menu("castana") == "over"
    console = consoles[-1]
    [(game, seed)] = played
    # each rival is asked for by the name the table dealt with that seed gives them
    names = seat_table(4, seed, spectator=False, levels=["facil"] * 3).names[1:]
    first, second, third = (f"{name}> " for name in names)
    assert console.prompts[:7] == ["Rivales> ", "Nivel> ", first, second, third, second, third]
    question = f"Nivel de cada rival: {names[0]}, {names[1]} y {names[2]}."
    i = console.out.index(question)
    assert console.out[i + 1 : i + 4] == ["1. Fácil", "2. Medio", "3. Difícil"]
    assert console.out.count(question) == 1
    stored, _broken = load_settings()
    assert stored.castana.levels == ["facil", "medio", "dificil"]
    assert game == "castana"
    levels = rival_levels(app.settings.castana, 3)
    assert levels == ["facil", "medio", "dificil"]


def test_back_from_the_first_rival_asks_the_level_again_and_one_level_clears_the_list(
    fake, monkeypatch
):
    settings = Settings()
    settings.chinchon.levels = ["facil", "dificil"]
    consoles = fake(["2", "4", "volver", "1"])
    app = cli.App(settings)
    monkeypatch.setattr(app, "play", lambda game, **kw: "over")
    assert app.new_game_menu("chinchon") == "over"
    prompts = consoles[-1].prompts
    assert prompts[:2] == ["Rivales> ", "Nivel> "] and prompts[3] == "Nivel> "
    assert prompts[2].endswith("> ") and prompts[2][:-2] in BOT_NAMES
    stored, _broken = load_settings()
    assert (stored.chinchon.level, stored.chinchon.levels) == ("facil", [])


def test_one_rival_is_not_offered_a_level_each(fake, monkeypatch):
    consoles = fake(["1", "4", "3"])
    app = cli.App(Settings())
    monkeypatch.setattr(app, "play", lambda game, **kw: "over")
    assert app.new_game_menu("palabras") == "over"
    out = consoles[-1].out
    assert "Distinto para cada rival" not in " ".join(out)
    assert "Escribe un número del 1 al 3; 0 vuelve." in out


# -- the command line -------------------------------------------------------------------------
@pytest.mark.slow
def test_niveles_on_the_command_line_seats_one_level_per_rival(isolated_home):
    play = ["jugar", "cabanga", "--semilla", "3", "--ritmo", "0"]
    result = run([*play, "--niveles", "facil,hard,Medio"], ["rivales"], isolated_home)
    assert result.returncode == 0, result.stderr
    saved = json.loads((isolated_home / "data" / "partidas" / "cabanga.json").read_text("utf-8"))
    table = saved["table"]
    assert table["levels"] == [None, "facil", "dificil", "medio"]
    names = table["names"]
    lines = result.stdout.splitlines()
    assert lines[0] == f"¡Cabanga! contra {names[1]}, {names[2]} y {names[3]}."
    styles = table.get("styles") or ["", "", "", ""]  # medio and difícil have the game's styles
    said = [rival_line("cabanga", names[s], table["levels"][s], styles[s]) for s in (1, 2, 3)]
    assert said[0] == f"{names[1]}: fácil."
    assert lines[1:4] == said
    assert lines.count(said[0]) == 2  # the intro, then `rivales`
    # --nivel: every rival at one level again (the list was for that run only)
    again = run([*play, "--nivel", "facil"], ["si"], isolated_home)  # replace the save
    intro = [line for line in again.stdout.splitlines() if line.startswith("¡Cabanga! contra")]
    assert intro[0].endswith(", nivel fácil.")


@pytest.mark.parametrize(
    "args, error",
    [
        (["--niveles", "facil,dificil", "--rivales", "3"], "--niveles da 2 niveles y --rivales pide 3: uno por rival"),
        (["--niveles", "facil,imposible"], "--niveles: nivel desconocido: imposible; los niveles son fácil, medio y difícil"),
        (["--niveles", "facil"], "--niveles da 1 nivel; en ¡Cabanga! hay de 2 a 5 rivales"),
        (["--niveles", "facil,medio", "--nivel", "medio"], "Usa --nivel o --niveles, no los dos"),
        (["--niveles", "facil,,medio"], '--niveles: nivel desconocido: ""; los niveles son fácil, medio y difícil'),
    ],
)  # fmt: skip
def test_a_wrong_niveles_is_one_spanish_error_line(isolated_home, args, error):
    result = run(["jugar", "cabanga", "--ritmo", "0", *args], [], isolated_home)
    assert result.returncode == 2
    # the error first and where the help is, not argparse's usage block before it
    assert result.stderr.splitlines() == [
        f"sobremesa jugar: error: {error}",
        "Escribe sobremesa jugar --help para ver las opciones.",
    ]
    assert result.stdout == ""


def test_jugar_help_says_what_every_level_of_every_game_does(isolated_home):
    result = run(["jugar", "--help"], [], isolated_home)
    assert result.returncode == 0
    out = result.stdout
    assert "--niveles NIVELES" in out
    for game in GAMES.values():
        assert f"\n{cli._(game.name)}\n" in out
        for level, name in (("facil", "Fácil"), ("medio", "Medio"), ("dificil", "Difícil")):
            assert f"  {name}: {game.level_description(level)}\n" in out


# -- online: crear with one level per rival -----------------------------------------------------
def test_crear_takes_one_level_per_rival_and_quien_says_them(styled):
    from sobremesa.net.server import Connection, Server

    async def lobby() -> tuple[list[str], list[tuple[str, str | None, str]]]:
        server = Server(None)
        conn = Connection(server, lambda frame: None, "test")
        conn.handle({"t": "hola", "nombre": "Eva", "idioma": "es", "wpm": 180, "ficha": None,
                     "mesa": None, "programa": True, "visto": None})  # fmt: skip
        for text in (
            "crear chinchon 2 facil,dificil,medio",
            "crear chinchon facil,imposible",
            "crear cabanga facil,medio,dificil",
            "quien",
        ):
            conn.line(text)
        table = conn.table
        table.build_match()  # what `empezar` does, without its threads
        conn.line("quien")
        said = []
        while not conn.queue.empty():
            said += json.loads(conn.queue.get_nowait()).get("lineas", [])
        return said, [(s.kind, s.level, s.style) for s in table.seats]

    said, seats = asyncio.run(lobby())
    assert "Has dado 3 niveles para 2 rivales: uno por rival." in said
    assert "Nivel desconocido: imposible. Los niveles son facil, medio y dificil." in said
    assert "Sitio 2: libre, bot fácil si nadie se sienta." in said
    assert "Sitio 4: libre, bot difícil si nadie se sienta." in said
    assert [(kind, level) for kind, level, _style in seats] == [
        ("human", None),
        ("bot", "facil"),
        ("bot", "medio"),
        ("bot", "dificil"),
    ]
    medio, dificil = seats[2][2], seats[3][2]
    assert seats[1][2] == "" and medio in FAKE_STYLES["medio"] and dificil != medio
    assert any(line.endswith(f", bot difícil, estilo {dificil}.") for line in said)
    assert any(line.endswith(", bot fácil.") for line in said)
