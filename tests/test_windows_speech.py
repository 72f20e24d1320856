"""¡Cabanga! and ABC ¡Castaña! heard at the speed of speech, read on a braille line:
one short line per window for the player and nothing else while it is open, windows
the player cannot join folded into the move line, prompts that fit 30 cells in both
styles and languages, brief forms that fit 40 cells. Seeded games, no clock."""

import re

import pytest
from entrypoint import run

from sobremesa import i18n
from sobremesa.games.cabanga import rules as cr
from sobremesa.games.cabanga import ui as cabanga_ui
from sobremesa.games.cabanga.bots import make_bot as cabanga_bot
from sobremesa.games.castana import rules as kr
from sobremesa.games.castana import ui as castana_ui
from sobremesa.games.castana.bots import make_bot as castana_bot
from sobremesa.settings import Settings
from sobremesa.ui.announcer import Said
from sobremesa.ui.session import Pause
from sobremesa.ui.wording import WINDOW_WORDS


@pytest.fixture(params=["es", "en"])
def language(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("es")


def words(line):
    return len(line.split())


def prompts(adapter):
    """The prompt in both styles."""
    found = []
    for style in (False, True):
        adapter.status_prompt = style
        found.append(adapter.prompt())
    adapter.status_prompt = False
    return found


def drive(adapter, make_player, check, steps=1500):
    """Play a seeded game with a bot in the player's seat; `check(events, lines)`
    after every move, with the lines the adapter says for it."""
    game = adapter.game
    me = make_player()
    lines = adapter.describe_events(game.opening_events)
    check([], lines)
    for _ in range(steps):
        if game.is_over():
            return
        seat = game.to_act()[0]
        bot = me if seat == 0 else adapter.bots[seat]
        events = game.apply(seat, bot.choose(game.view(seat)))
        check(events, adapter.describe_events(events))


def briefs_fit(adapter, events, lines, moves):
    """Every line with a brief form fits 40 cells; a move's line has one, who and
    what first (it starts with the name, or Tú's verb)."""
    for line in lines:
        if isinstance(line, Said):
            assert len(line.brief) <= 40, line.brief
    for event in events:
        if isinstance(event, moves):
            (line, *_rest) = adapter.describe(event)
            assert isinstance(line, Said), line
            assert len(line.brief) <= 40, line.brief
            seat = event.seat
            if seat != adapter.table.human:
                assert line.brief.startswith(adapter.table.names[seat]), line.brief


def said(lines):
    return [line for line in lines if not isinstance(line, Pause)]


# --- ¡Cabanga! ----------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 3, 8])
def test_cabanga_windows_prompts_and_briefs(seed, language):
    settings = Settings()
    adapter = cabanga_ui.new_adapter(settings, seed=seed, spectator=False)
    game = adapter.game
    seen = {"window": 0, "folded": 0, "nobody": 0}
    could = {}

    def check(events, lines):
        lines = said(lines)
        for prompt in prompts(adapter):
            assert len(prompt) <= 30, prompt
        briefs_fit(adapter, events, lines, (cr.CardPlayed, cr.Thrown, cr.PenaltyDrawn))
        for event in events:
            if isinstance(event, cr.CabangaOpened):
                could["now"] = any(game.fitting_cards(s) for s in event.eligible)
        opened = any(isinstance(e, cr.CabangaOpened) for e in events)
        if adapter.player_in_window():
            if opened:  # the move that opened it, then the window's one line, last
                seen["window"] += 1
                window_line = adapter.window_line()
                assert lines[-1] == window_line, lines
                assert words(window_line) <= WINDOW_WORDS, window_line
                assert all(window_line not in line for line in lines[:-1]), lines
            else:  # a rival answered meanwhile: nothing is said until the player answers
                assert lines == []
        elif opened and 0 in game.to_act():
            seen["folded"] += 1  # the player cannot join: told in the move line
            assert any(line.endswith(i18n._("; no te entra.")) for line in lines), lines
        if i18n._("Nadie tira.") in lines:
            seen["nobody"] += 1
            assert could["now"]  # said only when someone could have thrown

    drive(adapter, lambda: cabanga_bot("medio", 0, rng_seed=7), check)
    assert seen["window"] and seen["folded"]


@pytest.mark.parametrize("spectator", [False, True])
def test_cabanga_prompt_is_fixed_during_rivals_turns(spectator):
    adapter = cabanga_ui.new_adapter(Settings(), seed=3, spectator=spectator)
    texts = set()

    def check(events, lines):
        if adapter.game.is_over():
            return
        seats = adapter.game.to_act()
        if adapter.table.human not in seats:
            texts.add(adapter.prompt())
            adapter.status_prompt = True
            assert adapter.prompt() == adapter.last_brief + "> " or not adapter.last_brief
            adapter.status_prompt = False

    drive(adapter, lambda: cabanga_bot("medio", 0, rng_seed=7), check, steps=300)
    assert texts == ({"Mirando> "} if spectator else {"Espera> "})


def test_cabanga_prompts_of_the_player():
    adapter = cabanga_ui.new_adapter(Settings(), seed=3, spectator=False)
    found = {}

    def check(events, lines):
        if adapter.player_in_window():
            found["window"] = prompts(adapter)
        elif adapter.game.to_act() == [0] and adapter.game.view(0).previous_colour:
            found["turn"] = prompts(adapter)

    drive(adapter, lambda: cabanga_bot("medio", 0, rng_seed=7), check, steps=300)
    assert found["window"][0] == "Cabanga o paso> "
    assert re.fullmatch(
        r"Cabanga (rojo|azul|amarillo|morado) [0-9-]+, o paso> ", found["window"][1]
    )
    assert found["turn"][0] == "Juega> "
    assert re.fullmatch(r"Juega, evita (rojo|azul|amarillo|morado)> ", found["turn"][1])


def test_cabanga_nadie_tira_only_when_someone_could(isolated_home):
    out = run(["jugar", "cabanga", "--semilla", "3", "--ritmo", "0"], ["paso"] * 400, isolated_home)
    lines = out.stdout.splitlines()
    # Seed 3: windows where no one held a gap card are not followed by "Nadie tira."
    folded = [i for i, line in enumerate(lines) if line.endswith("; no te entra.")]
    assert folded
    assert "¡Cabanga en " not in out.stdout  # no separate line for a window without you
    for i, line in enumerate(lines):
        if line == "Nadie tira.":
            window = next(j for j in range(i, 0, -1) if "hueco" in lines[j])
            assert "Pasas." in lines[window : i + 1] or " juega " in lines[window]


# --- ABC ¡Castaña! ----------------------------------------------------------------------


def castana_player():
    from sobremesa.lexicon import default_lexicon

    return castana_bot("medio", 0, 7, lexicon=default_lexicon("castana"))


def castana_states(adapter):
    """Also the questions the game may ask the player (a colour, a player)."""
    for need in ("colour", "seat"):
        adapter.pending = {"kind": "card", "card": "Sa", "need": need, "moment": None}
        yield
    adapter.pending = None
    yield


@pytest.mark.parametrize("seed, rivals", [(3, 3), (5, 5), (11, 1)])
@pytest.mark.slow
def test_castana_windows_prompts_and_briefs(seed, rivals, language):
    settings = Settings()
    settings.castana.rivals = rivals
    adapter = castana_ui.new_adapter(settings, seed=seed, spectator=False)
    seen = {"window": 0, "race": 0}

    def check(events, lines):
        lines = said(lines)
        for _ in castana_states(adapter):
            for prompt in prompts(adapter):
                assert len(prompt) <= 30, prompt
        moves = (kr.CardPlayed, kr.WordPlayed, kr.Drew, kr.Challenged, kr.HandPut)
        briefs_fit(adapter, events, lines, moves)
        announced = [e for e in events if adapter._announces_window(e)]
        if adapter.player_in_window():
            if announced:  # after what led to it, the window's one line, last
                seen["window"] += 1
                window_lines = [line for e in announced for line in adapter.describe(e)]
                assert lines[-1] == window_lines[-1], lines
                assert words(lines[-1]) <= WINDOW_WORDS, lines[-1]
            else:
                assert lines == []
        if any(isinstance(e, kr.RaceStarted) and 0 in e.racers for e in events):
            seen["race"] += 1
            # The race prompt before the line about who threw the Ñ.
            assert lines[-1] == i18n._("¡Ñ! ¡Pon la mano!")
            assert any("Ñ" in line for line in adapter.held)

    drive(adapter, castana_player, check)
    assert seen["window"]


@pytest.mark.slow
def test_castana_race_prompt_comes_before_the_thrower_line(isolated_home):
    turn = ["jugar 1 verde", "jugar 2", "robar", "paso", "dar 1", "", "ana"]
    lines = run(
        ["jugar", "castana", "--semilla", "3", "--ritmo", "0"], turn * 40, isolated_home
    ).stdout.splitlines()
    races = [i for i, line in enumerate(lines) if line == "¡Ñ! ¡Pon la mano!"]
    assert races
    for i in races:
        assert " la Ñ " not in lines[i - 1]
        assert any(" la Ñ " in line for line in lines[i + 1 : i + 4])


@pytest.mark.parametrize("spectator", [False, True])
def test_castana_prompt_is_fixed_during_rivals_turns(spectator):
    adapter = castana_ui.new_adapter(Settings(), seed=3, spectator=spectator)
    texts = set()

    def check(events, lines):
        game = adapter.game
        if game.is_over() or game.phase != "turn":
            return
        if adapter.table.human not in game.to_act():
            texts.add(adapter.prompt())
            adapter.status_prompt = True
            if adapter.last_brief:
                assert adapter.prompt() == adapter.last_brief + "> "
            adapter.status_prompt = False

    drive(adapter, castana_player, check, steps=300)
    assert texts == ({"Mirando> "} if spectator else {"Espera> "})
