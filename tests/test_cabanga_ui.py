"""¡Cabanga! through the real entry point, and the reaction-window driver with a clock."""

import json
import re

import pytest
from entrypoint import is_rival_line, run
from listening import FakeClock

from sobremesa.core.speech_time import speaking_seconds
from sobremesa.games.cabanga import rules as r
from sobremesa.games.cabanga import ui
from sobremesa.settings import Settings
from sobremesa.ui.announcer import Announcer
from sobremesa.ui.console import TIMEOUT
from sobremesa.ui.session import Session

PLAY = ["jugar", "cabanga", "--semilla", "3", "--ritmo", "0"]


# Plays the first card of the hand on the left pile whatever happens, throws all
# that fits when asked; lines that do not fit the moment are refused harmlessly.
TURN = ["jugar pos 1 izquierda", "cabanga"]


@pytest.mark.slow
def test_full_game_scripted_to_the_end(isolated_home):
    result = run(PLAY, TURN * 400, isolated_home)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Ronda 1. Empieza " in out
    assert "¡Cabanga! " in out and ": te entra" in out  # windows for the player
    assert "; no te entra." in out  # windows the player cannot join, in the move line
    assert "Puntos finales:" in out
    assert result.stderr == ""
    assert not (isolated_home / "data" / "partidas" / "cabanga.json").exists()


@pytest.mark.slow
def test_scripted_game_is_reproducible(tmp_path):
    first = run(PLAY, TURN * 30, tmp_path / "a")
    second = run(PLAY, TURN * 30, tmp_path / "b")
    assert first.stdout == second.stdout


@pytest.mark.slow
def test_end_of_input_then_continuar_resumes_identically(tmp_path):
    lines = TURN * 30
    whole = run(PLAY, lines, tmp_path / "whole")
    part1 = run(PLAY, lines[:9], tmp_path / "split")
    part2 = run(["continuar", "--ritmo", "0"], lines[9:], tmp_path / "split")
    skip = ("Partida guardada", "Partida recuperada", "¡Cabanga! contra", "Escribe ayuda")
    recalled = ("Puntos: ", "Rojo: ", "Azul: ", "Amarillo: ", "Morado: ", "Tu turno: ", "Turno de ")
    recalled += ("Tu mano, ", "Valen ", "Cabanga abierto", "Última jugada: ", "Cartas: ")

    def game(text, drop_recall):
        out = [
            line
            for line in text.splitlines()
            if not line.startswith(skip) and not is_rival_line(line)
        ]
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
    assert "Rojo: izquierda gris 3, derecha gris 14, hueco del 4 al 13." in out
    assert (
        "Tu mano, 8 cartas, 11 puntos: rojo 3 y 5; azul 2, 7, 8 y 13; amarillo 12; morado 2." in out
    )
    assert "Valen 2 puntos: rojo 3, azul 2 y morado 2." in out
    assert "Mazo de castigo:" in out
    assert "Di la carta y la pila: por ejemplo jugar rojo 7 izquierda." in out
    assert "No hay cartas del 99: van del 1 al 18." in out
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


class Clock(FakeClock):
    def sleep(self, seconds):
        """Scripted pacing (``Session.sleep``) moves the fake clock too."""
        self.t += seconds


class ClockConsole:
    """A person at a terminal, on a fake clock: each scripted line is typed the given
    seconds after ``start`` (the moment the window's line has been heard). Waiting
    for input moves the clock; nothing sleeps."""

    interactive = True

    def __init__(self, clock):
        self.clock = clock
        self.out = []
        self.said = []  # (time, line)
        self.typed = []  # (time, line)
        self.script = []  # (seconds after start, line)
        self.start = 0.0
        self._prompt = ""

    @property
    def prompt_text(self):
        return self._prompt

    def say(self, line, *, answer=False):
        self.out.append(line)
        self.said.append((self.clock.t, line))

    def set_prompt(self, text):
        self._prompt = text

    def set_key_mode(self, keys):
        pass

    def close(self):
        pass

    def get_line(self, timeout=None):
        at = self.start + self.script[0][0] if self.script else None
        if at is None or (timeout is not None and self.clock.t + timeout < at):
            if timeout is None:
                return None  # nothing more to type: end of input
            self.clock.t += timeout
            return TIMEOUT
        self.clock.t = max(self.clock.t, at)
        line = self.script.pop(0)[1]
        self.typed.append((self.clock.t, line))
        return line


WINDOW_LINE = "¡Cabanga en (marca de prueba)"


def window_session(seconds, bot_times, script, *, fits=True):
    """A game at the moment a window opens in which the player (seat 0) may throw.
    The window's line is printed at time 0; the script counts from when it has been
    heard (``console.start``)."""
    settings = Settings()
    for seed in range(200):
        adapter = ui.new_adapter(settings, seed=seed, spectator=False)
        game = adapter.game
        # Let bots and the player play until a window opens where seat 0 has a fitting card.
        for _ in range(40):
            if (
                game.phase == "cabanga"
                and 0 in game.to_act()
                and bool(game.fitting_cards(0)) == fits
            ):
                clock = Clock()
                console = ClockConsole(clock)
                console.script = list(script)
                announcer = Announcer(console, clock=clock)
                session = Session(
                    adapter, console, announcer, 0, window_seconds=seconds, clock=clock
                )
                session.sleep = clock.sleep
                adapter.bot_reaction_time = lambda seat: bot_times.get(seat, 99.0)
                announcer.narrate(WINDOW_LINE)
                console.start = announcer.heard_at()
                assert console.start > clock.t == 0.0  # the line takes time to be heard
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


def record_plays(session):
    """Every answer, the player's and the bots', is a batch the table delivers to
    the player's seat: keep (seat, time) for each."""
    plays = []

    def record(delivery):
        seat = session.match.log[-1].seat  # who acted (None: the clock)
        if seat is not None:
            plays.append((seat, session.clock()))

    session.match.listeners.append(record)
    return plays


def test_timed_window_player_throws_before_slow_bots():
    adapter, session, console = window_session(1.0, {}, [(0.1, "cabanga")])
    assert session.reactions.realtime
    fitting = adapter.game.fitting_cards(0)
    plays = record_plays(session)
    assert session.reactions.run()
    start = console.start
    assert session.reactions.started == start  # the window began when its line was heard
    assert plays == [(0, pytest.approx(start + 0.1))]  # the player, 0.1 s after hearing it
    # The window stayed open for the bots until its deadline; none threw in time.
    assert session.clock() == pytest.approx(start + 1.0)
    assert any(line.startswith("Tiras ") for line in console.out)
    assert not any(card in adapter.game.hand(0) for card in fitting)


def test_a_window_the_player_cannot_join_does_not_wait_for_its_deadline():
    # Nothing fits: the game passes for the player, and in real time the window is
    # the bots' alone: their outcome at once, no silent wait for the deadline.
    adapter, session, console = window_session(4.0, {1: 0.5, 2: 3.0, 3: 9.0}, [], fits=False)
    assert session.reactions.realtime
    assert session.reactions.run()
    assert session.clock() < console.start + 0.01  # nothing waited for
    assert adapter.game.phase != "cabanga" or adapter.game.window_key() != session.reactions._key


def test_timed_window_closes_at_the_deadline_when_nobody_answers():
    adapter, session, console = window_session(0.3, {}, [])
    hand = list(adapter.game.hand(0))
    assert session.reactions.run()
    # Exactly 0.3 s after the window's line was heard (not after it was printed).
    assert session.clock() == pytest.approx(console.start + 0.3)
    assert (console.start + 0.3, "Se acabó el tiempo: no tiras.") in [
        (pytest.approx(t), line) for t, line in console.said
    ]
    assert adapter.game.phase != "cabanga"
    assert adapter.game.hand(0) == hand  # the player threw nothing


def test_timed_window_fast_bot_answers_first():
    adapter, session, console = window_session(2.0, {1: 0.05, 2: 0.05, 3: 0.05}, [(0.4, "paso")])
    plays = record_plays(session)
    assert session.reactions.run()
    start = console.start
    bots = [(seat, t) for seat, t in plays if seat != 0]
    assert plays[-1] == (0, pytest.approx(start + 0.4))  # the player, last
    # Every bot that answered did so at its 0.05 s, counted from when the line was heard.
    assert bots and {seat for seat, _ in bots} <= {1, 2, 3}
    assert all(t == pytest.approx(start + 0.05) for _, t in bots), (start, plays)


@pytest.mark.parametrize("interactive", [True, False])
def test_turn_by_turn_order_comes_from_answer_time(interactive):
    adapter, session, console = window_session(None, {1: 0.05, 2: 0.05, 3: 0.05}, [(0.3, "paso")])
    console.interactive = interactive
    session.reactions.seconds = None
    plays = record_plays(session)
    assert session.reactions.run()
    order = [seat for seat, _ in plays]
    # The game waited for the player's answer, however long it took.
    assert console.typed == [(pytest.approx(console.start + 0.3), "paso")]
    if interactive:  # the bots were faster than the player's 0.3 s
        assert order[-1] == 0 and order[:-1]
    else:  # scripted input counts as instant, so a script replays exactly
        assert order[0] == 0
    assert adapter.game.phase != "cabanga"


def test_ultima_in_the_players_window_does_not_tell_a_held_throw():
    """The rivals' throws are held back while the window is the player's; `ultima`
    told one anyway (a blind playtest heard "Ana tira amarillo 6." before deciding,
    then again after)."""
    adapter, session, console = window_session(None, {1: 0.05, 2: 0.05, 3: 0.05}, [])
    console.interactive = True
    # The faster bots throw once `mano` has been answered; then `ultima`.
    console.script = [(0.3, "mano"), (0.35, "ultima"), (0.4, "paso")]
    session.reactions.seconds = None
    plays = record_plays(session)
    assert session.reactions.run()
    assert [seat for seat, _ in plays][:-1], "the faster bots threw while the player read"
    out = list(console.out)
    answer = out.index("Todavía no ha jugado nadie.")  # `ultima`: no move heard yet
    assert not any(" tira " in line for line in out[:answer]), out
    assert any(" tira " in line for line in out[answer:]), out  # told after the answer


def test_filas_in_the_players_window_shows_the_rows_as_heard():
    """`filas` (and `mesa`) during the player's own window told a held throw: the
    thrown card gone from its row's `quedan` (a blind playtest, three times)."""
    from sobremesa.games.cabanga import reading

    adapter, session, console = window_session(None, {1: 0.05, 2: 0.05, 3: 0.05}, [])
    adapter.window_view = heard = adapter._view()  # (as the window's line leaves it)
    console.interactive = True
    console.script = [(0.3, "mano"), (0.35, "filas"), (0.4, "paso")]
    session.reactions.seconds = None
    plays = record_plays(session)
    assert session.reactions.run()
    assert [seat for seat, _ in plays][:-1], "the faster bots threw while the player read"
    out = list(console.out)
    rows = reading.row_lines(heard)
    start = out.index(str(rows[0]))
    assert out[start : start + len(rows)] == [str(row) for row in rows]
    assert not any(" tira " in line for line in out[:start]), out


@pytest.mark.slow
def test_the_play_that_opened_a_window_comes_right_before_its_line(isolated_home):
    # The window's clock starts once everything before it has been heard, so the
    # natural order costs nothing: the play, then the window line, then nothing
    # until the player answers (blind playtest: the window first was confusing).
    out = run(PLAY, TURN * 20, isolated_home).stdout.splitlines()
    windows = [i for i, line in enumerate(out) if re.match(r"¡Cabanga! \w+ \d+: te entra", line)]
    assert len(windows) >= 3
    for i in windows:
        play = i - 1
        if " por repetir color" in out[play]:  # the colour penalty, drawn at once
            play -= 1
        assert " juega " in out[play], out[play : i + 1]
        card = re.match(r"¡Cabanga! (\w+ \d+):", out[i]).group(1)
        assert card.lower() in out[play], out[play : i + 1]  # the same card
        j = i + 1
        while out[j] == "Esa jugada no es posible ahora.":  # the script's "jugar" line
            j += 1
        assert out[j].startswith(("Tiras ", "Pasas.")), out[i : j + 1]


@pytest.mark.slow
def test_unknown_colour_or_two_sides_change_nothing(isolated_home, tmp_path):
    clean = run(PLAY, ["mano"], tmp_path / "a")
    noisy = run(
        PLAY,
        ["jugar verde 6 izq", "jugar rosa 1 izq", "jugar rojo 3 izquierda derecha", "mano"],
        tmp_path / "b",
    )
    assert 'No conozco el color "verde": rojo, azul, amarillo o morado.' in noisy.stdout
    assert 'No conozco el color "rosa": rojo, azul, amarillo o morado.' in noisy.stdout
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


@pytest.mark.slow
def test_short_side_words_iz_and_dcha(isolated_home):
    """`iz` was refused ("No conozco el lado "iz"") in a blind playtest."""
    out = run(PLAY, ["jugar rojo 5 iz"], isolated_home).stdout.splitlines()
    assert any(line.startswith("Juegas rojo 5 a la izquierda") for line in out), out[-5:]


def test_side_alone_plays_the_card_just_asked_about(isolated_home):
    out = run(PLAY, ["derecha", "jugar rojo 5", "derecha"], isolated_home).stdout
    lines = out.splitlines()
    assert (
        "Di la carta y la pila: por ejemplo jugar rojo 7 izquierda." in lines
    )  # nothing asked yet
    assert (
        "Rojo 5: a la izquierda deja hueco del 6 al 13; a la derecha deja hueco del 6 al 17. "
        "Escribe izquierda o derecha." in lines
    )
    assert any(line.startswith("Juegas rojo 5 a la derecha") for line in lines)
    assert "Pasas." not in lines  # the game's own pass for the player is not announced


def test_rows_say_which_gap_cards_are_already_out(isolated_home):
    # Seed 3 with fácil rivals (no styles: their plays stay put): the player threw
    # the red 5 and Elena the 10 into Lucía's gap.
    out = run([*PLAY, "--nivel", "facil"], ["5", "12", "filas"], isolated_home).stdout
    row = "Rojo: izquierda gris 3, derecha 11, hueco del 4 al 10, quedan: 4, 6, 7, 8 y 9."
    assert row in out.splitlines()


def test_a_window_saved_half_way_goes_on_with_the_time_it_had_left(isolated_home):
    # Saved 1.5 s into a 4 s window the player could answer; resumed on another
    # clock: the recap, Enter, `Te quedan 2,5 segundos…`, and the window closes 2.5 s
    # after that line has been heard (not a fresh 4 s, not what the old clock says).
    adapter, session, console = window_session(4.0, {}, [])
    session.match.resume(session.now())
    session._report_heard()
    session.clock.t = console.start + 1.5
    saved = json.loads(json.dumps(session.match.table_to_dict()))
    data = {
        "state": adapter.game.to_dict(),
        "table": adapter.table.to_dict(),
        "bots": adapter.bots_to_data(),
        "extra": {},
    }
    again = ui.restore_adapter(Settings(), json.loads(json.dumps(data)))
    clock = Clock()
    clock.t = 1000.0  # another process, another clock
    console2 = ClockConsole(clock)
    console2.start = clock.t
    console2.script = [(0.0, "")]  # Enter at the gate after the recap
    session2 = Session(
        again, console2, Announcer(console2, clock=clock), 0, window_seconds=4.0, clock=clock
    )
    session2.sleep = clock.sleep
    again.bot_reaction_time = lambda seat: 99.0
    assert session2.resume_table(saved, console.start + 1.5)
    session2.run(resumed=True)
    told = [t for t, line in console2.said if line == "Te quedan 2,5 segundos para contestar."]
    closed = [t for t, line in console2.said if line == "Se acabó el tiempo: no tiras."]
    assert told and closed
    heard = told[0] + speaking_seconds("Te quedan 2,5 segundos para contestar.")
    assert closed[0] == pytest.approx(heard + 2.5, abs=0.5)


def test_help_in_a_window_says_how_to_answer_it_first():
    """`ayuda` asked in a cabanga says `cabanga` and `paso` first (a playtest's
    player heard the reading commands first); on a turn, `mano` comes first."""
    adapter, session, console = window_session(None, {}, [])
    session._handle_line("ayuda")
    said = list(console.out)
    first = said.index("Órdenes. Escribe la orden y pulsa Intro.")
    assert said[first + 1].startswith("cabanga o cabanga 7 9:"), said[first : first + 3]
    assert said[first + 2].startswith("paso:"), said[first : first + 3]
    assert sum(line.startswith("paso:") for line in said) == 1
    adapter.game.apply(0, r.Pass())
    while adapter.game.phase == "cabanga":
        seat = adapter.game.to_act()[0]
        adapter.game.apply(seat, r.Pass())
    console.out.clear()
    session._handle_line("ayuda")
    said = list(console.out)
    assert said[1].startswith("mano:"), said[:3]
