"""The game registry: every entry builds its game at the fewest and the most seats,
seats a bot of every level that plays a legal move, round-trips game and bot
through a save, and the menus and settings list and bound exactly its games."""

import random

import pytest
from entrypoint import run

from sobremesa import cli
from sobremesa.core.game import IllegalAction
from sobremesa.core.registry import GAMES, WINDOWED_GAMES, entry
from sobremesa.i18n import _
from sobremesa.settings import Settings

SEED = 11
ENTRIES = list(GAMES.values())
IDS = [e.id for e in ENTRIES]


def test_the_games_in_menu_order():
    assert IDS == ["chinchon", "palabras", "castana", "cabanga"]
    assert WINDOWED_GAMES == ("castana", "cabanga")
    assert all(entry(game_id) is GAMES[game_id] for game_id in IDS)


def test_an_unknown_game_is_a_key_error_naming_the_known_ones():
    with pytest.raises(KeyError, match="mus.*chinchon, palabras, castana, cabanga"):
        entry("mus")


@pytest.mark.parametrize("game", ENTRIES, ids=IDS)
def test_new_game_at_the_fewest_and_the_most_seats_round_trips(game):
    for players in game.seats:
        built = game.new_game(players, SEED)
        assert type(built) is game.game_class
        assert built.num_seats == players
        assert built.game_id == game.id
        state = built.to_dict()
        restored = game.restore_game(state)
        assert type(restored) is game.game_class
        assert restored.to_dict() == state
        assert restored.legal_actions(built.to_act()[0]) == built.legal_actions(built.to_act()[0])
    with pytest.raises(ValueError):
        game.new_game(game.seats[1] + 1, SEED)


@pytest.mark.parametrize("game", ENTRIES, ids=IDS)
def test_new_game_is_the_table_a_new_game_from_the_menu_gets(game):
    settings = Settings()
    adapter = game.adapter_module().new_adapter(settings, seed=SEED, spectator=False)
    players = getattr(settings, game.id).rivals + 1
    assert game.new_game(players, SEED).to_dict() == adapter.game.to_dict()
    assert adapter.game.seed == SEED


@pytest.mark.parametrize("game", ENTRIES, ids=IDS)
def test_every_settings_field_is_declared_and_checked(game):
    # A field Opciones does not show is listed here; any other needs a Setting, so
    # the settings file is checked and Opciones can change it.
    hidden = {"palabras": {"layout", "subtract_own_rack"}, "cabanga": {"symbols"}}
    section = getattr(Settings(), game.id)
    declared = {option.field for option in game.options} | {"rivals", "level", "levels"}
    if game.reactions:
        declared |= {"reaction", "reaction_mode", "reaction_seconds"}
    fields = set(vars(section))
    assert declared - {"reaction"} <= fields
    assert fields - declared == hidden.get(game.id, set())


@pytest.mark.parametrize("game", ENTRIES, ids=IDS)
def test_every_level_plays_a_legal_move_and_survives_a_save(game):
    built = game.new_game(game.seats[1], SEED)
    lexicon = game.load_lexicon()
    for level in game.levels:
        for seat in built.to_act():
            bot = game.make_bot(level, seat, SEED, lexicon=lexicon)
            assert bot.level == level
            saved = bot.to_dict()  # before it draws from its generator
            action = bot.choose(built.view(seat))
            copy = game.restore_game(built.to_dict(), lexicon=lexicon)
            try:
                copy.apply(seat, action)
            except IllegalAction as error:  # pragma: no cover - the failure itself
                pytest.fail(f"{game.id} {level} bot played {action}: {error}")
            again = game.bot_from_dict(saved, lexicon=lexicon)
            assert again.choose(built.view(seat)) == action
            assert again.to_dict() == bot.to_dict()


def test_make_bot_seeds_each_bot_as_the_adapters_do():
    # ui.session.make_bots: the bot at `seat` gets the generator seeded seed*16+seat
    from sobremesa.games.chinchon.bots import make_bot

    bot = GAMES["chinchon"].make_bot("dificil", 2, SEED)
    assert bot.to_dict() == make_bot("dificil", 2, rng_seed=SEED * 16 + 2).to_dict()


def _first_window(game):
    """Play bots from a fresh table until several seats may answer at once."""
    table = game.new_game(game.seats[1], SEED)
    bots = {s: game.make_bot(game.levels[-1], s, SEED) for s in range(table.num_seats)}
    for _move in range(400):
        acting = table.to_act()
        if len(acting) > 1:
            return table, bots, acting
        events = table.apply(acting[0], bots[acting[0]].choose(table.view(acting[0])))
        for seat, bot in bots.items():
            for event in events:
                bot.observe(event.visible_to(seat))
    raise AssertionError(f"{game.id}: no window in 400 moves")


@pytest.mark.parametrize("game_id", WINDOWED_GAMES)
def test_a_bots_reaction_time_is_drawn_from_the_game_and_replays_after_a_save(game_id):
    game = entry(game_id)
    table, bots, acting = _first_window(game)
    low, high = game.bots().REACTION_TIMES[game.levels[-1]]
    for seat in acting:
        seconds = game.bot_reaction_time(table, seat, bots[seat])
        assert seconds == 0.0 or low <= seconds <= high
        restored = game.restore_game(table.to_dict())
        bot = game.bot_from_dict(bots[seat].to_dict())
        assert game.bot_reaction_time(restored, seat, bot) == seconds


def test_reaction_times_are_the_ones_the_adapters_drew_before_the_registry():
    # Saves made mid-window replay the same race only while these stay as they were.
    cabanga, castana = entry("cabanga"), entry("castana")
    table, bots, acting = _first_window(cabanga)
    view = table.view(None)
    for seat in acting:
        key = f"{table.seed}-{view.round_no}-{view.turns_in_round}-{seat}"
        expected = bots[seat].reaction_time(random.Random(key))
        assert cabanga.bot_reaction_time(table, seat, bots[seat]) == expected
    table, bots, acting = _first_window(castana)
    for seat in acting:
        expected = bots[seat].reaction_time(table.view(seat))
        assert castana.bot_reaction_time(table, seat, bots[seat]) == expected


@pytest.mark.parametrize("game", ENTRIES, ids=IDS)
def test_play_arguments_take_exactly_the_registered_rivals(game):
    low, high = game.rivals
    for rivals, valid in ((low - 1, False), (low, True), (high, True), (high + 1, False)):
        args = cli.build_parser().parse_args(["jugar", game.id, "--rivales", str(rivals)])
        problem = cli._check_play_arguments(game.id, args)
        if valid:
            assert problem is None
        else:
            assert problem == f"--rivales debe estar entre {low} y {high} en {_(game.name)}"


@pytest.mark.parametrize("game_id", ["chinchon", "palabras"])
def test_games_without_windows_have_no_reaction_time(game_id):
    game = entry(game_id)
    table = game.new_game(game.seats[0], SEED)
    assert game.bot_reaction_time(table, 1, game.make_bot(game.levels[0], 1, SEED)) is None


@pytest.mark.parametrize("game", ENTRIES, ids=IDS)
def test_settings_take_exactly_the_registered_rivals_and_levels(game):
    low, high = game.rivals
    for rivals, valid in ((low - 1, False), (low, True), (high, True), (high + 1, False)):
        settings = Settings()
        getattr(settings, game.id).rivals = rivals
        if valid:
            settings.validate()
        else:
            with pytest.raises(ValueError, match=f"{game.id}.rivals"):
                settings.validate()
    for level in ("facil", "medio", "dificil"):
        settings = Settings()
        getattr(settings, game.id).level = level
        if level in game.levels:
            settings.validate()
        else:
            with pytest.raises(ValueError, match=f"{game.id}.level"):
                settings.validate()


def test_the_main_menu_and_opciones_list_the_registered_games_in_order(isolated_home):
    options = str(len(GAMES) + 2)  # the games, Continuar, Opciones, Salir
    result = run(["--ritmo", "0"], [options, "salir", "salir"], isolated_home)
    lines = result.stdout.splitlines()
    names = [_(game.name) for game in ENTRIES]
    menu = lines.index("Menú principal.")
    assert lines[menu + 1 : menu + 1 + len(GAMES)] == [
        f"{n}. {name}" for n, name in enumerate(names, 1)
    ]
    assert lines[menu + 1 + len(GAMES)].startswith(f"{len(GAMES) + 1}. Continuar")
    groups = lines.index("Opciones. Intro repite la lista.")
    assert lines[groups + 4 : groups + 4 + len(GAMES)] == [
        f"{n}. {name}" for n, name in enumerate(names, 3)
    ]


@pytest.mark.parametrize("game", ENTRIES, ids=IDS)
def test_a_new_game_from_the_menu_offers_the_registered_rivals_and_levels(game, isolated_home):
    number = str(IDS.index(game.id) + 1)
    low, high = game.rivals
    result = run(["--ritmo", "0"], [number, str(low), "salir", "salir", "salir"], isolated_home)
    lines = result.stdout.splitlines()
    rivals = next(i for i, line in enumerate(lines) if line.startswith("¿Cuántos rivales?"))
    offered = []
    for line in lines[rivals + 1 :]:
        head = line.split(".", 1)[0]
        if not head.isdigit():
            break
        offered.append(int(head))
    assert offered == list(range(low, high + 1))
    level = lines.index("Nivel de los rivales.")
    names = {"facil": "Fácil", "medio": "Medio", "dificil": "Difícil"}
    each = ["Distinto para cada rival"] if low > 1 else []  # (with one rival, no)
    expected = [
        f"{n}. {text}"
        for n, text in enumerate(
            [f"{names[lv]}: {game.level_description(lv)}" for lv in game.levels] + each, 1
        )
    ]
    assert lines[level + 1 : level + 1 + len(expected)] == expected
    assert not lines[level + 1 + len(expected)][:1].isdigit()  # nothing more offered


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_has_a_pure_narrator_and_its_commands(game_id: str) -> None:
    """The registry gives each game's narrator and commands: the opening events of a
    fresh table, as seat 0 sees them, are told from its view and the names alone."""
    from sobremesa.ui.told import Names, Told

    entry = GAMES[game_id]
    game = entry.new_game(entry.seats[0], 11)
    names = Names(["Ana", "Luis", "Marta", "Pablo", "Lucía", "Jorge", "Elena", "Mario"], 0)
    narrate = entry.narrator()
    lines = []
    for event in game.opening_events:
        told = narrate(event.visible_to(0), game.view(0), names)
        assert isinstance(told, Told)
        lines += told.lines
    assert lines and all(isinstance(line, str) and line for line in lines)
    assert entry.commands().COMMANDS, "the game's command specs"
