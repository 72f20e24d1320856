"""¡Cabanga! through the real entry point, and the reaction-window driver with a clock."""

import re
import time

import pytest
from entrypoint import run

from sobremesa.games.cabanga import rules as r
from sobremesa.games.cabanga import ui
from sobremesa.settings import Settings
from sobremesa.ui.announcer import Announcer
from sobremesa.ui.console import TIMEOUT
from sobremesa.ui.session import Session

PLAY = ["jugar", "cabanga", "--semilla", "3", "--ritmo", "0"]


# Plays the first card of the hand on the left pile whatever happens, throws all
# that fits when asked; lines that do not fit the moment are refused harmlessly.
TURN = ["jugar 1 izquierda", "cabanga"]


def test_full_game_scripted_to_the_end(isolated_home):
    result = run(PLAY, TURN * 400, isolated_home)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Ronda 1. Empieza " in out
    assert "¡Cabanga! " in out and ": te entra" in out  # windows for the player
    assert "; no te entra." in out  # windows the player cannot join, in the move line
    assert "Puntos finales:" in out
    assert result.stderr == ""
    assert not (isolated_home / "data" / "partida.json").exists()


def test_scripted_game_is_reproducible(tmp_path):
    first = run(PLAY, TURN * 30, tmp_path / "a")
    second = run(PLAY, TURN * 30, tmp_path / "b")
    assert first.stdout == second.stdout


def test_end_of_input_then_continuar_resumes_identically(tmp_path):
    lines = TURN * 30
    whole = run(PLAY, lines, tmp_path / "whole")
    part1 = run(PLAY, lines[:9], tmp_path / "split")
    part2 = run(["continuar", "--ritmo", "0"], lines[9:], tmp_path / "split")
    skip = ("Partida guardada", "Partida recuperada", "¡Cabanga! contra", "Escribe ayuda")
    recalled = ("Puntos: ", "Rojo: ", "Azul: ", "Amarillo: ", "Morado: ", "Tu turno: ", "Turno de ")
    recalled += ("Tu mano, ", "Valen ", "Cabanga abierto")

    def game(text, drop_recall):
        out = [line for line in text.splitlines() if not line.startswith(skip)]
        if drop_recall:  # the lines a resumed game says first, before play goes on
            while out and out[0].startswith(recalled):
                out.pop(0)
        return out

    assert game(part1.stdout, False) + game(part2.stdout, True) == game(whole.stdout, False)


def test_reading_commands_and_bad_input(isolated_home):
    result = run(
        PLAY,
        [
            "filas",
            "mano",
            "mesa",
            "puntos",
            "turno",
            "jugadas",
            "jugar",
            "jugar rojo 99 izq",
            "jugar azul 7",
            "cabanga",
            "paso",
            "xyzzy",
        ],
        isolated_home,
    )
    out = result.stdout
    assert "Rojo: gris 3 y gris 14, hueco del 4 al 13." in out
    assert (
        "Tu mano, 8 cartas, 11 puntos: rojo 3 y 5; azul 2, 7, 8 y 13; amarillo 12; morado 2." in out
    )
    assert "Valen 2 puntos: rojo 3, azul 2 y morado 2." in out
    assert "Mazo de castigo:" in out
    assert "Di la carta y la pila: por ejemplo jugar rojo 7 izquierda." in out
    assert "No tienes el rojo 99." in out
    assert "Azul 7: a la izquierda deja" in out
    assert "Ahora no hay cabanga que responder." in out
    assert "No conozco la orden xyzzy." in out
    assert result.stderr == ""


def test_spectator_game_ends(isolated_home):
    result = run(
        ["jugar", "cabanga", "--espectador", "--semilla", "4", "--ritmo", "0"], [], isolated_home
    )
    assert result.returncode == 0, result.stderr
    assert "modo espectador" in result.stdout
    assert "Puntos finales:" in result.stdout


class ClockConsole:
    """A person at a terminal: lines arrive at given seconds after the window opens."""

    interactive = True

    def __init__(self):
        self.out = []
        self.script = []  # (seconds, line)
        self.start = None

    def say(self, line, *, answer=False):
        self.out.append(line)
        if line.startswith("¡Cabanga en") and self.start is None:
            self.start = time.monotonic()

    def set_prompt(self, text):
        pass

    def set_key_mode(self, keys):
        pass

    def close(self):
        pass

    def get_line(self, timeout=None):
        if self.start is None or not self.script:
            time.sleep(min(timeout or 0.05, 0.05))
            return TIMEOUT
        at, line = self.script[0]
        wait = self.start + at - time.monotonic()
        if timeout is not None and wait > timeout:
            time.sleep(timeout)
            return TIMEOUT
        time.sleep(max(0.0, wait))
        self.script.pop(0)
        return line


def window_session(seconds, bot_times, script):
    """A game at the moment a window opens in which the player (seat 0) may throw."""
    settings = Settings()
    for seed in range(200):
        adapter = ui.new_adapter(settings, seed=seed, spectator=False)
        game = adapter.game
        # Let bots and the player play until a window opens where seat 0 has a fitting card.
        for _ in range(40):
            if game.phase == "cabanga" and 0 in game.to_act() and game.fitting_cards(0):
                console = ClockConsole()
                console.script = list(script)
                session = Session(adapter, console, Announcer(console), 0, window_seconds=seconds)
                adapter.bot_reaction_time = lambda seat: bot_times.get(seat, 99.0)
                console.say("¡Cabanga en (marca de prueba)")
                return adapter, session, console
            seat = game.to_act()[0]
            if seat == 0:
                view = game.view(0)
                if game.phase == "cabanga":
                    game.apply(0, r.Pass())
                else:
                    card = view.hand[0]
                    game.apply(0, r.Play(card, "left"))
            else:
                game.apply(seat, adapter.bot_action(seat))
    pytest.fail("no window found")


def test_timed_window_player_throws_before_slow_bots():
    adapter, session, console = window_session(1.0, {}, [(0.1, "cabanga")])
    assert session.reactions.realtime
    fitting = adapter.game.fitting_cards(0)
    started = time.monotonic()
    assert session.reactions.run()
    assert time.monotonic() - started < 1.5
    assert any(line.startswith("Tiras ") for line in console.out)
    assert not any(card in adapter.game.hand(0) for card in fitting)


def test_timed_window_closes_at_the_deadline_when_nobody_answers():
    adapter, session, console = window_session(0.3, {}, [])
    hand = list(adapter.game.hand(0))
    started = time.monotonic()
    assert session.reactions.run()
    elapsed = time.monotonic() - started
    assert 0.25 <= elapsed < 1.5
    assert adapter.game.phase != "cabanga"
    assert adapter.game.hand(0) == hand  # the player threw nothing


def test_timed_window_fast_bot_answers_first():
    adapter, session, console = window_session(2.0, {1: 0.05, 2: 0.05, 3: 0.05}, [(0.4, "paso")])
    order = []
    original = session._play

    def record(seat, action):
        order.append(seat)
        original(seat, action)

    session._play = record  # every answer, the player's and the bots', goes through it
    assert session.reactions.run()
    assert order[-1] == 0 and set(order[:-1]) <= {1, 2, 3} and order[:-1]


@pytest.mark.parametrize("interactive", [True, False])
def test_turn_by_turn_order_comes_from_answer_time(interactive):
    adapter, session, console = window_session(None, {1: 0.05, 2: 0.05, 3: 0.05}, [(0.3, "paso")])
    console.interactive = interactive
    session.reactions.seconds = None
    order = []
    original = session._play

    def record(seat, action):
        order.append(seat)
        original(seat, action)

    session._play = record
    assert session.reactions.run()
    if interactive:  # the bots were faster than the player's 0.3 s
        assert order[-1] == 0
    else:  # scripted input counts as instant, so a script replays exactly
        assert order[0] == 0
    assert adapter.game.phase != "cabanga"


def test_window_line_comes_alone_then_the_play_that_opened_it(isolated_home):
    out = run(PLAY, TURN * 20, isolated_home).stdout.splitlines()
    windows = [i for i, line in enumerate(out) if re.match(r"¡Cabanga! \w+: te entra", line)]
    assert len(windows) >= 3
    for i in windows:
        j = i + 1
        while out[j] == "Esa jugada no es posible ahora.":  # the script's "jugar" line
            j += 1
        # The play that opened the window, held back until the player answered:
        assert " juega " in out[j], out[i : j + 2]
        assert any(line.startswith(("Tiras ", "Pasas.")) for line in out[j + 1 : j + 4])


def test_unknown_colour_or_two_sides_change_nothing(isolated_home, tmp_path):
    clean = run(PLAY, ["mano"], tmp_path / "a")
    noisy = run(
        PLAY,
        ["jugar verde 6 izq", "jugar rosa 1 izq", "jugar rojo 3 izquierda derecha", "mano"],
        tmp_path / "b",
    )
    assert "No conozco el color verde: rojo, azul, amarillo o morado." in noisy.stdout
    assert "No conozco el color rosa: rojo, azul, amarillo o morado." in noisy.stdout
    assert "Di un solo lado: izquierda o derecha." in noisy.stdout
    assert "Juegas" not in noisy.stdout
    kept = [line for line in noisy.stdout.splitlines() if line in clean.stdout.splitlines()]
    assert kept == clean.stdout.splitlines()


def test_passing_and_timing_out_are_told():
    adapter, session, console = window_session(0.3, {}, [])
    assert session.reactions.run()
    assert "Se acabó el tiempo: no tiras." in console.out
    adapter, session, console = window_session(None, {}, [(0.0, "paso")])
    session.reactions.seconds = None
    assert session.reactions.run()
    assert "Pasas." in console.out


def test_side_alone_plays_the_card_just_asked_about(isolated_home):
    out = run(PLAY, ["derecha", "jugar rojo 5", "derecha"], isolated_home).stdout
    lines = out.splitlines()
    assert (
        "Di la carta y la pila: por ejemplo jugar rojo 7 izquierda." in lines
    )  # nothing asked yet
    assert (
        "Rojo 5: a la izquierda deja hueco del 6 al 13; a la derecha deja hueco: el 4. Escribe izquierda o derecha."
        in lines
    )
    assert any(line.startswith("Juegas rojo 5 a la derecha") for line in lines)
    assert "Pasas." not in lines  # the game's own pass for the player is not announced


def test_rows_say_which_gap_cards_are_already_out(isolated_home):
    out = run(PLAY, ["filas"], isolated_home).stdout.splitlines()
    # Seed 3: Jorge threw the yellow 13 into Elena's gap before the player's first turn.
    assert "Amarillo: 14 y gris 12, hueco: el 13, ya ha salido." in out
