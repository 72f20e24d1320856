"""ABC ¡Castaña! through the real entry point, and its windows driven with a clock."""

import re

import pytest
from entrypoint import is_rival_line, run
from listening import FakeClock

from sobremesa.games.castana import rules as r
from sobremesa.games.castana import ui
from sobremesa.games.castana.bots import make_bot
from sobremesa.games.castana.texts import card_text
from sobremesa.settings import Settings
from sobremesa.ui.announcer import Announcer
from sobremesa.ui.console import TIMEOUT
from sobremesa.ui.session import Session

PLAY = ["jugar", "castana", "--semilla", "3", "--ritmo", "0"]


# Whatever the moment: try the first card (naming a colour for a vowel or Ñ), then
# any card, then draw; let windows pass, give the first card, put the hand (Intro).
# Lines that do not fit the moment are refused and change nothing.
TURN = ["jugar 1 verde", "jugar 2", "robar", "paso", "dar 1", "", "ana"]


@pytest.mark.slow
def test_full_game_scripted_to_the_end(isolated_home):
    result = run(PLAY, TURN * 900, isolated_home)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Ronda 1, " in out
    assert "Tus cartas: " in out
    assert "Puntos finales:" in out
    assert result.stderr == ""
    assert not (isolated_home / "data" / "partidas" / "castana.json").exists()


@pytest.mark.slow
def test_scripted_game_is_reproducible(tmp_path):
    first = run(PLAY, TURN * 40, tmp_path / "a")
    second = run(PLAY, TURN * 40, tmp_path / "b")
    assert first.stdout == second.stdout
    assert "¡Toma castaña!" in first.stdout or "forma" in first.stdout


@pytest.mark.slow
def test_end_of_input_then_continuar_resumes_identically(tmp_path):
    lines = TURN * 40
    whole = run(PLAY, lines, tmp_path / "whole")
    part1 = run(PLAY, lines[:23], tmp_path / "split")
    part2 = run(["continuar", "--ritmo", "0"], lines[23:], tmp_path / "split")
    assert (
        tmp_path / "split" / "data" / "partidas" / "castana.json"
    ).exists() or "Puntos finales" in part2.stdout
    skip = ("Partida guardada", "Partida recuperada", "ABC ¡Castaña! contra", "Escribe ayuda")
    recalled = ("Puntos: ", "Última jugada: ", "Ronda ", "La partida ha terminado")
    recalled_hand = (" cartas, ", "1 carta, ")

    def game(text, drop_recall):
        out = [
            line
            for line in text.splitlines()
            if not line.startswith(skip) and not is_rival_line(line)
        ]
        if drop_recall:  # what a resumed game says first: scores, turn, hand
            while out and (out[0].startswith(recalled) or any(k in out[0] for k in recalled_hand)):
                out.pop(0)
        return out

    assert game(part1.stdout, False) + game(part2.stdout, True) == game(whole.stdout, False)


def test_reading_commands_and_bad_input(isolated_home):
    # Seed 0: the game opens on a window (Pablo's EON may be doubted), F azul held.
    result = run(
        ["jugar", "castana", "--semilla", "0", "--ritmo", "0"],
        [
            "cartas",
            "cartas letra",
            "cartas color",
            "cartas rosa",
            "mesa",
            "puntos",
            "turno",
            "palabras",
            "ultima",
            "jugar",
            "jugar 99",
            "jugar f",
            "jugar qq",
            "castaña",
            "castaña x1",
            "dudo",
            "dar 1",
            "xyzzy",
            "j" * 300,
        ],
        isolated_home,
    )
    out = result.stdout
    assert result.stderr == ""
    assert "Tus cartas: " in out
    assert "Arriba: " in out
    assert "Mazo: " in out
    assert "Puntos: Tú 0" in out
    assert "No conozco el orden rosa: cartas letra o cartas color." in out
    assert "Di la carta o la palabra: jugar m roja, o jugar casa." in out
    assert "No hay carta 99: tienes " in out
    assert "Espera, no es tu turno." in out  # F held, but a window is open
    assert "Escribe castaña y la palabra, por ejemplo castaña casa." in out
    assert "La palabra debe tener 3 letras o más." in out  # jugar qq
    assert "solo puede tener letras; quita" in out
    assert "No hay palabra que dudar." in out or "Dudas de" in out
    assert "Ahora no tienes que dar ninguna carta." in out
    assert "No conozco la orden xyzzy." in out
    assert "La orden es demasiado larga" in out


def test_spectator_game_ends(isolated_home):
    result = run(
        ["jugar", "castana", "--espectador", "--semilla", "4", "--ritmo", "0"], [], isolated_home
    )
    assert result.returncode == 0, result.stderr
    assert "modo espectador" in result.stdout
    assert "Puntos finales:" in result.stdout


@pytest.mark.slow
def test_command_line_checks_castana_options(isolated_home):
    bad = run(["jugar", "castana", "--rivales", "6"], [], isolated_home)
    assert bad.returncode != 0 and "entre 1 y 5" in bad.stderr
    bad = run(["jugar", "castana", "--limite", "30"], [], isolated_home)
    assert bad.returncode != 0 and "40 puntos" in bad.stderr
    bad = run(["jugar", "chinchon", "--arbitro", "si"], [], isolated_home)
    assert bad.returncode != 0 and "--arbitro" in bad.stderr
    good = run([*PLAY, "--arbitro", "si", "--rivales", "1"], ["reglas", "mesa"], isolated_home)
    assert "Árbitro automático" in good.stdout
    assert "Cartas: Tú 6, " in good.stdout and good.stdout.count(", ") >= 1


# --- the adapter at a chosen moment ---------------------------------------------------


def advance(adapter, until, limit=400):
    """Let bots (and a bot for the player) play until `until(game)` holds."""
    game = adapter.game
    me = make_bot("medio", 0, 7)
    for _ in range(limit):
        if until(game):
            return True
        if game.is_over():
            return False
        seats = game.to_act()
        seat = seats[0]
        bot = me if seat == 0 else adapter.bots[seat]
        game.apply(seat, bot.choose(game.view(seat)))
    return False


def adapter_at(until, settings=None, seeds=range(300)):
    settings = settings or Settings()
    for seed in seeds:
        adapter = ui.new_adapter(settings, seed=seed, spectator=False)
        if advance(adapter, until):
            return adapter
    pytest.fail("no such moment")


def human_can_steal(game):
    if game.phase != "window" or 0 not in game.view(0).stealers:
        return False
    from sobremesa.lexicon import default_lexicon

    words = r.words_from(game.view(0).top_letter, game.hand(0), default_lexicon("castana").spell)
    return bool(words)


def a_word(adapter):
    from sobremesa.lexicon import default_lexicon

    view = adapter.game.view(0)
    return r.words_from(view.top_letter, view.hand, default_lexicon("castana").spell)[0]


class Clock(FakeClock):
    def sleep(self, seconds):
        """Scripted pacing (``Session.sleep``) moves the fake clock too."""
        self.t += seconds


class ClockConsole:
    """A person at a terminal, on a fake clock: each scripted line is typed the given
    seconds after ``start`` (by default time 0; for a window, the moment its line has
    been heard). Waiting for input moves the clock; nothing sleeps."""

    interactive = True

    def __init__(self, clock, script):
        self.clock = clock
        self.out = []
        self.said = []  # (time, line)
        self.typed = []  # (time, line)
        self.waits = []  # the timeout of every wait for input
        self.script = list(script)  # (seconds after start, line)
        self.start = 0.0
        self.prompt = ""

    @property
    def prompt_text(self):
        return self.prompt

    def say(self, line, *, answer=False):
        self.out.append(line)
        self.said.append((self.clock.t, line))

    def set_prompt(self, text):
        self.prompt = text

    def set_key_mode(self, keys):
        pass

    def close(self):
        pass

    def get_line(self, timeout=None):
        self.waits.append(timeout)
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


def clock_session(adapter, script, seconds, pace=0.0):
    clock = Clock()
    console = ClockConsole(clock, script)
    announcer = Announcer(console, clock=clock)
    session = Session(adapter, console, announcer, pace, window_seconds=seconds, clock=clock)
    session.sleep = clock.sleep
    return session, console


#: Said before a window is driven: its clock starts once this has been heard.
WINDOW_LINE = "Ventana abierta (marca de prueba)."


def session_for(adapter, script, seconds, bot_times=None):
    """A session at an open window whose line was printed at time 0; the script
    counts from when it has been heard (``console.start``)."""
    session, console = clock_session(adapter, script, seconds)
    if bot_times is not None:
        adapter.bot_reaction_time = lambda seat: bot_times.get(seat, 99.0)
    session.announcer.narrate(WINDOW_LINE)
    console.start = session.announcer.heard_at()
    assert console.start > session.clock() == 0.0  # the line takes time to be heard
    return session, console


def test_timed_steal_by_the_player_before_slow_bots():
    adapter = adapter_at(human_can_steal)
    word = a_word(adapter)
    session, console = session_for(adapter, [(0.1, f"castaña {word}")], 2.0, {})
    assert session.reactions.realtime
    assert session.reactions.run()
    start = console.start
    assert session.reactions.started == start  # the window began when its line was heard
    # The steal, 0.1 s after the line was heard, ended the window (not its 2 s deadline).
    assert console.typed == [(pytest.approx(start + 0.1), f"castaña {word}")]
    assert session.clock() == pytest.approx(start + 0.1)
    assert any(line.startswith(f"¡Toma castaña! Robas el turno con {word}") for line in console.out)


def test_timed_window_closes_at_the_deadline():
    adapter = adapter_at(human_can_steal)
    hand = adapter.game.hand(0)
    session, console = session_for(adapter, [], 0.3, {})
    assert session.reactions.run()
    # Exactly 0.3 s after the window's line was heard (not after it was printed).
    assert session.clock() == pytest.approx(console.start + 0.3)
    assert adapter.game.phase != "window" or adapter.game.window_key() != 0
    assert adapter.game.hand(0) == hand
    assert (pytest.approx(console.start + 0.3), "Se acabó el tiempo.") in console.said


def test_turn_by_turn_waits_and_scripted_answer_counts_as_instant():
    adapter = adapter_at(human_can_steal)
    word = a_word(adapter)
    fast = {s: 0.01 for s in range(1, adapter.game.num_seats)}
    session, console = session_for(adapter, [(0.2, f"castaña {word}")], None, fast)
    console.interactive = False  # a script: the player's answer counts as instant
    assert session.reactions.run()
    assert any(line.startswith(f"¡Toma castaña! Robas el turno con {word}") for line in console.out)


def test_race_order_comes_from_answer_time_turn_by_turn():
    def race(game):
        return game.phase == "race" and 0 in game.to_act()

    adapter = adapter_at(race)
    fast = {s: 0.05 for s in range(1, adapter.game.num_seats)}
    racers = [s for s in adapter.game.to_act() if s != 0]
    session, console = session_for(adapter, [(0.4, "")], None, fast)  # Intro puts the hand
    before = len(adapter.game.hand(0))
    assert session.reactions.run()
    assert console.typed == [(pytest.approx(console.start + 0.4), "")]
    # The bots answered in 0.05 s, the player in 0.4 s: the player was last.
    assert len(adapter.game.hand(0)) == before + len(racers) + 1
    assert any(line.startswith("Pones la mano en ") for line in console.out)


def test_timed_race_player_first_draws_one():
    def race(game):
        return game.phase == "race" and 0 in game.to_act()

    adapter = adapter_at(race)
    before = len(adapter.game.hand(0))
    session, console = session_for(adapter, [(0.05, "mano")], 3.0, {})
    assert session.reactions.run()
    assert console.typed == [(pytest.approx(console.start + 0.05), "mano")]
    # The race stayed open for the (slow) bots until its 3 s deadline.
    assert session.clock() == pytest.approx(console.start + 3.0)
    assert len(adapter.game.hand(0)) in (before + 1, before)  # 1 card, or none left to draw
    assert any(line.startswith("Pones la mano en primer lugar") for line in console.out)


def test_warned_steal_lets_the_protected_player_play_first():
    settings = Settings()
    settings.castana.warn_before_steal = True

    def warned(game):
        return game.phase == "window" and game.view(0).warned and game.view(0).next_seat == 0

    # Make bots always steal when they can, so a warning comes quickly.
    import sobremesa.games.castana.bots as b

    saved = dict(b.STEAL_SKILL)
    b.STEAL_SKILL.update(facil=1.0, medio=1.0, dificil=1.0)
    try:
        adapter = adapter_at(warned, settings)
    finally:
        b.STEAL_SKILL.update(saved)
    session, console = session_for(adapter, [(0.0, "robar")], None, {})
    console.interactive = False
    hand = len(adapter.game.hand(0))
    assert session.reactions.run()
    assert len(adapter.game.hand(0)) == hand + 1  # the player drew on their own turn
    assert adapter.game.phase != "window" or adapter.game.view(None).discarder != 0


def test_colour_asked_after_a_vowel_and_answered_alone():
    def vowel_turn(game):
        if game.phase != "turn" or game.current != 0 or game.attack:
            return False
        view = game.view(0)
        return any(r.letter(c) in r.VOWELS and view.matches(c) for c in view.hand)

    adapter = adapter_at(vowel_turn)
    view = adapter.game.view(0)
    card = next(c for c in view.hand if r.letter(c) in r.VOWELS and view.matches(c))
    colour = ui.COLOUR_CARD[r.colour(card)]
    reply = adapter.handle(ui.Command("jugar", f"{r.letter(card).lower()} {colour}"))
    if reply.actions:  # a vowel held in one colour: the word was the choice
        assert reply.actions[0].colour == r.colour(card)
        return
    assert reply.lines == ["¿Qué color sigue? Azul, rojo o verde."]
    assert adapter.prompt() == "Color> "
    answer = adapter.handle_unknown("verde")
    assert answer.actions == [r.PlayCard(card, colour="verde")]


def test_word_refusals_name_the_problem():
    adapter = adapter_at(lambda g: g.phase == "turn" and g.current == 0 and not g.attack)
    top = adapter.game.view(0).top_letter
    other = "B" if top != "B" else "C"
    reply = adapter.handle(ui.Command("castaña", f"{other}ZZZZ"))
    assert reply.lines == [f"{other}ZZZZ no empieza por la {top} de arriba."]
    reply = adapter.handle(ui.Command("castaña", f"{top}ZZ"))
    assert reply.lines and reply.lines[0].startswith(f"Para {top}ZZ te falta: ")
    reply = adapter.handle(ui.Command("castaña", f"{top}Z"))
    assert reply.lines == ["La palabra debe tener 3 letras o más."]


def test_palabras_aid_lists_words_and_can_be_disabled():
    adapter = adapter_at(human_can_steal)
    reply = adapter.handle(ui.Command("palabras", ""))
    assert reply.lines[0].startswith("Desde la ")
    adapter.settings.castana.aids = False
    reply = adapter.handle(ui.Command("palabras", ""))
    assert reply.lines == ["En esta mesa no hay ayuda de palabras."]


WINDOW_LINES = ("¿", "Castaña desde la ", "¡Ñ! ¡Pon la mano!", "¡Aviso! ")
ANSWERS = ("Pasas.", "Dudas de ", "¡Toma castaña! Robas", "Pones la mano", "Se acabó el tiempo.")
ANSWERS += ("Llegas tarde", "¡Toma castaña! Echas", "Juegas", "Formas", "Robas")
MOVES = (" forma ", " juega ", " echa ", "roba el turno", " elige", "pierde el turno", " roba")
MOVES += ("queda una carta", " pone la mano", " duda de ")


@pytest.mark.slow
def test_without_a_clock_the_play_comes_right_before_the_window_line(isolated_home):
    out = run(PLAY, TURN * 40, isolated_home).stdout.splitlines()
    windows = [
        i
        for i, line in enumerate(out)
        if line.startswith(WINDOW_LINES)
        and not line.startswith(("¿Qué", "¿Quién"))
        and not re.search(r"\? (dudo|castaña)", line)  # the status, said for an empty line
    ]
    assert len(windows) >= 5
    for i in windows:
        if out[i].startswith("¡Ñ!"):
            continue  # the race: its call first (tested on its own)
        # The play that opened the window, just before its line.
        assert any(m in out[i - 1] for m in MOVES), out[i - 1 : i + 1]
        j = i + 1
        while not (out[j].startswith(ANSWERS) or any(m in out[j] for m in MOVES)):
            j += 1  # replies to the script's lines that do not answer the window
        # Nothing of the game until the player answered.
        assert out[j].startswith(ANSWERS), out[i : j + 1]


def test_the_window_question_last_also_in_real_time():
    adapter = adapter_at(lambda g: g.phase == "turn" and g.current not in (None, 0))
    adapter.window_realtime = True
    game = adapter.game
    for _ in range(200):
        seat = game.to_act()[0]
        bot = adapter.bots.get(seat) or make_bot("medio", 0, 7)
        events = game.apply(seat, bot.choose(game.view(seat)))
        opened = [e for e in events if isinstance(e, r.WindowOpened)]
        if opened and seat != 0 and 0 in game.to_act() and adapter.auto_reaction(0) is None:
            lines = adapter.describe_events(events)
            assert lines[-1].startswith(("¿", "Castaña desde la ")), lines
            assert len(lines) >= 2 and any(m in lines[-2] for m in MOVES), lines
            assert not adapter.held  # nothing waits: the play was said before
            return
    pytest.fail("no window for the player")


def test_window_without_the_player_does_not_wait_for_the_clock():
    def others_only(game):
        return game.phase == "window" and 0 not in game.to_act()

    adapter = adapter_at(others_only)
    seats = adapter.game.to_act()
    session, console = session_for(adapter, [], 3.0, {s: 2.5 for s in seats})
    assert session.reactions.realtime
    before = session.clock()
    assert session.reactions.run()
    # Not the 2.5 s of the bots nor the 3 s window: no time passed, no input was read.
    assert session.clock() == before
    assert console.waits == []
    assert adapter.game.phase != "window" or adapter.game.window_key() != 0


def _vowel_steal(game):
    if not human_can_steal(game):
        return False
    from sobremesa.lexicon import default_lexicon

    words = r.words_from(game.view(0).top_letter, game.hand(0), default_lexicon("castana").spell)
    return any(w[-1] in r.VOWELS for w in words)


def test_a_steal_needs_no_question_the_game_chooses_the_colour():
    adapter = adapter_at(_vowel_steal)
    from sobremesa.lexicon import default_lexicon

    view = adapter.game.view(0)
    words = r.words_from(view.top_letter, view.hand, default_lexicon("castana").spell)
    word = next(w for w in words if w[-1] in r.VOWELS)
    reply = adapter.handle(ui.Command("castaña", word))
    assert not reply.lines, reply.lines  # the clock runs: no "¿Qué color sigue?"
    (action,) = reply.actions
    assert action.colour in r.COLOURS
    assert adapter.pending is None


def test_a_half_made_play_is_dropped_when_the_table_changes():
    adapter = adapter_at(lambda g: g.phase == "turn" and g.current == 0 and not g.attack)
    card = adapter.game.hand(0)[0]
    # As after "jugar a" with the colour still to say:
    adapter.pending = {"kind": "card", "card": card, "need": "colour", "moment": adapter._moment()}
    assert adapter.prompt() == "Color> "
    adapter.status_prompt = True
    assert adapter.prompt() == "Color: azul, rojo o verde> "
    events = adapter.game.apply(0, r.Draw())  # the table moves on (here: the player draws)
    lines = adapter.describe_events(events)
    assert "La mesa ha cambiado: tu jugada a medias no vale." in lines
    assert adapter.pending is None
    assert adapter.handle_unknown("verde") is None  # "verde" alone no longer plays anything


def test_comprobar_is_refused_while_the_player_may_challenge():
    def may_challenge(game):
        return game.phase == "window" and 0 in game.view(0).challengers and game.view(0).word

    adapter = adapter_at(may_challenge)
    assert adapter.check_refusal() == "Mientras puedes dudar no se consulta el diccionario."
    adapter.game.apply(0, r.Pass())
    if adapter.game.phase == "turn":
        assert adapter.check_refusal() is None
    adapter.settings.castana.aids = False
    assert adapter.check_refusal() == "En esta mesa no hay ayuda de palabras."


def test_an_answer_typed_before_the_window_is_not_spent_on_it():
    adapter = adapter_at(human_can_steal)
    session, console = clock_session(adapter, [], 4.0)  # the adapter times on its clock
    assert adapter.window_realtime
    clock = console.clock
    clock.t = 10.0
    adapter._asked = True
    adapter._opened_at = adapter.clock()
    assert adapter._opened_at == 10.0
    early = adapter.handle(ui.Command("paso", ""))
    assert early.lines == ["Eso llegó antes de esta ventana; escríbelo otra vez si es para ella."]
    assert not early.actions
    clock.t += 1.0
    assert adapter.handle(ui.Command("paso", "")).actions == [r.Pass()]


def test_continuar_keeps_the_games_reaction_mode(isolated_home, monkeypatch):
    import json

    from sobremesa.cli import App

    run([*PLAY, "--ventana", "0"], ["cartas"], isolated_home)
    saved = json.loads(
        (isolated_home / "data" / "partidas" / "castana.json").read_text(encoding="utf-8")
    )
    assert saved["window"] is None
    monkeypatch.setenv("SOBREMESA_HOME", str(isolated_home))
    settings = Settings()
    settings.castana.reaction_mode = "tiempo"  # remembered for new games, not for this one
    app = App(settings, force_plain=True)
    app._run = lambda adapter, resumed, game_id, saved=None: app.settings.castana.reaction_mode
    assert app.continue_game() == "turnos"
    app.close()


def test_the_choice_of_player_is_offered_with_o():
    adapter = adapter_at(lambda g: g.phase == "turn" and g.current == 0 and not g.attack)
    adapter.pending = {"kind": "card", "card": "Sa", "need": "seat", "moment": adapter._moment()}
    names = [n for s, n in enumerate(adapter.table.names) if s != 0]
    assert adapter.prompt() == "Jugador> "
    adapter.status_prompt = True  # the names on the braille line (when they fit)
    assert adapter.prompt() == f"¿Quién? {', '.join(names[:-1])} o {names[-1]}> "


def test_turn_by_turn_a_reading_line_is_answered_not_lost():
    adapter = adapter_at(human_can_steal)
    fast = {s: 0.01 for s in range(1, adapter.game.num_seats)}
    session, console = session_for(adapter, [(0.2, "mesa"), (0.3, "paso")], None, fast)
    console.interactive = True  # a person: the bots were faster than 0.2 s
    assert session.reactions.run()
    assert any(line.startswith("Arriba: ") for line in console.out)  # "mesa" was answered


def test_a_warned_player_is_not_raced_even_by_fast_bots():
    settings = Settings()
    settings.castana.warn_before_steal = True

    def warned(game):
        return game.phase == "window" and game.view(0).warned and game.view(0).next_seat == 0

    import sobremesa.games.castana.bots as b

    saved = dict(b.STEAL_SKILL)
    b.STEAL_SKILL.update(facil=1.0, medio=1.0, dificil=1.0)
    try:
        adapter = adapter_at(warned, settings)
        # The real reaction times (fast bots would steal at once), a slow person:
        session, console = session_for(adapter, [(0.4, "robar")], None)
        console.interactive = True
        hand = len(adapter.game.hand(0))
        assert session.reactions.run()
    finally:
        b.STEAL_SKILL.update(saved)
    assert len(adapter.game.hand(0)) == hand + 1
    assert not any("roba el turno" in line for line in console.out)


def test_enie_or_s_under_attack_say_what_the_attack_needs():
    def attacked(game):
        return game.phase == "turn" and game.current == 0 and game.attack

    adapter = adapter_at(attacked)
    letter = adapter.game.attack
    adapter.game.hands[0].append("Ñv")  # a Ñ in hand (the test does not play it)
    reply = adapter.handle(ui.Command("jugar", "ñ verde"))
    assert reply.lines == [f"Primero responde a la {letter}: pon otra {letter} o roba 2."]
    adapter.game.hands[0].remove("Ñv")


def test_r_alone_answering_an_r_with_one_in_hand_is_asked_not_drawn():
    adapter = adapter_at(lambda g: g.phase == "turn" and g.current == 0 and not g.attack)
    game = adapter.game
    game.attack = "R"  # as after the rival before played an R (answer_first reads only this)
    hand = game.hands[0]
    kept = [card for card in hand if r.letter(card) == "R"]
    for card in kept:  # first without an R: `r` is robar, as everywhere
        hand.remove(card)
    assert adapter.answer_first("r") is None
    holder = next(h for h in [game.deck, *game.hands[1:]] if any(c[0] == "R" for c in h))
    card = next(c for c in holder if c[0] == "R")
    holder.remove(card)  # moved, not made
    hand.append(card)
    reply = adapter.answer_first(" R ")
    assert reply.lines == ["¿Pones tu R o robas 2? Escribe jugar r, o robar."]
    assert reply.actions == []
    assert adapter.answer_first("robar") is None  # the whole word draws


def test_a_card_alone_gives_it_after_a_failed_doubt():
    def doubtable(game):
        """A real word a rival (not its player) may doubt, and the player holds 2+."""
        w = game.window
        if game.phase != "window" or w is None or not w.word or not game.is_word(w.word):
            return False
        return len(game.hands[0]) > 1 and any(s not in (0, w.discarder) for s in game.to_act())

    adapter = adapter_at(doubtable)
    w = adapter.game.window
    doubter = next(s for s in adapter.game.to_act() if s not in (0, w.discarder))
    adapter.game.apply(doubter, r.Challenge())  # a failed doubt: everyone else gives a card
    assert adapter.game.phase == "give" and 0 in adapter.game.to_act()
    challenger = adapter.table.names[adapter.game.view(0).challenger]
    assert adapter.prompt() == f"Carta para {challenger}> "
    card = adapter.game.hand(0)[0]
    typed = card_text(card).lower()  # as it is said: `y roja`
    assert adapter.handle_unknown_would_act(typed)
    reply = adapter.handle_unknown(typed)
    assert reply.actions == [r.Give(card)]
    assert reply.actions == adapter.handle(ui.Command("dar", typed)).actions
    adapter.game.phase = "turn"  # not giving: a card alone is not a command
    assert adapter.handle_unknown(typed) is None


@pytest.mark.slow
def test_continuar_goes_on_in_the_players_language_now(isolated_home):
    # Played in English for one run (--idioma), resumed in the settings' Spanish:
    # the game and the menus speak the language the player uses now.
    first = run([*PLAY, "--idioma", "en"], ["hand"], isolated_home)
    assert "Game saved. To go on: sobremesa continue castana." in first.stdout
    again = run(["continuar", "--ritmo", "0"], ["mano"], isolated_home)
    assert again.stdout.startswith("Partida recuperada.")
    assert "Game" not in again.stdout


def _only_enie_at_a_rivals_turn(adapter):
    """The player's hand becomes a single Ñ azul (cards moved, none created)."""
    game = adapter.game
    holder = next((h for h in [game.deck, game.pile[:-1], *game.hands[1:]] if "Ña" in h), None)
    assert holder is not None or "Ña" in game.hands[0]
    if "Ña" not in game.hands[0]:
        holder.remove("Ña")
        game.hands[0].append("Ña")
    for card in [c for c in game.hands[0] if c != "Ña"]:
        game.hands[0].remove(card)
        game.deck.insert(0, card)
    while game.hands[0].count("Ña") > 1:
        game.hands[0].remove("Ña")
        game.deck.insert(0, "Ña")
    assert game.hands[0] == ["Ña"]
    assert sorted(game.all_cards()) == sorted(r.full_deck())


def test_a_last_enie_thrown_during_a_rivals_pause_ends_the_round_without_a_crash():
    adapter = adapter_at(
        lambda g: g.phase == "turn" and g.current not in (None, 0) and not g.attack
    )
    _only_enie_at_a_rivals_turn(adapter)
    # Enter at the start pause (also after continuar), then the Ñ during the
    # rival's pause that follows.
    script = [(0.0, ""), (0.05, "jugar ñ verde")]
    session, console = clock_session(adapter, script, 2.0, pace=0.5)
    assert session.run(resumed=True) == "saved"  # input ends after the round: saved
    assert console.typed[1] == (0.05, "jugar ñ verde")
    assert "Fin de la ronda 1: te quedas sin cartas." in console.out
    assert any("Echas la Ñ azul fuera de turno; sigue el verde." in line for line in console.out)


def test_in_the_race_any_answer_puts_the_hand():
    adapter = adapter_at(lambda g: g.phase == "race" and 0 in g.to_act())
    assert adapter.handle(ui.Command("paso", "")).actions == [r.PutHand()]
    assert adapter.handle(ui.Command("mano", "")).actions == [r.PutHand()]
    assert adapter.enter_command() == "mano"


def test_a_player_down_to_one_card_is_announced():
    adapter = adapter_at(
        lambda g: g.phase == "turn" and g.current not in (None, 0) and not g.attack
    )
    seat = adapter.game.current
    game = adapter.game
    while len(game.hands[seat]) > 1:  # keep one card; the rest go back to the deck
        game.deck.insert(0, game.hands[seat].pop())
    plain = next(
        c for c in game.deck if r.colour(c) == game.colour and r.letter(c) in "BCDFGJKMNPTV"
    )
    game.deck.remove(plain)
    game.hands[seat].append(plain)  # two cards: playing this one leaves one
    events = game.apply(seat, r.PlayCard(plain))
    lines = adapter.describe_events(events)
    assert f"A {adapter.table.names[seat]} le queda una carta." in lines


VOCABULARY = [
    "jugar 1",
    "jugar 2 verde",
    "jugar ñ",
    "jugar ñ azul",
    "jugar a roja verde",
    "jugar s",
    "castaña casa",
    "castaña osa verde",
    "jugar mesa",
    "robar",
    "paso",
    "dudo",
    "dar 1",
    "mano",
    "cartas letra",
    "mesa",
    "turno",
    "palabras",
    "palabras más",
    "puntos",
    "ultima",
    "verde",
    "ana",
    "luis",
    "",
    "jugar",
    "castaña",
    "dar",
    "jugar 99",
    "xyz",
    "ñ",
    "¿?",
    "jugar ñ ñ ñ",
    "castaña " + "a" * 40,
    "historial 3",
    "comprobar casa",
    "reglas",
]


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.slow
def test_random_input_never_breaks_the_game(seed, tmp_path):
    import random

    rng = random.Random(seed)
    lines = [rng.choice(VOCABULARY) for _ in range(600)]
    args = ["jugar", "castana", "--semilla", str(100 + seed), "--ritmo", "0"]
    args += ["--rivales", str(1 + seed % 5)] + (["--arbitro", "si"] if seed % 2 else [])
    result = run(args, lines, tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert "Traceback" not in result.stdout


def test_a_broken_word_list_is_told_at_the_start_and_the_shipped_one_is_used(tmp_path):
    bad = tmp_path / "mis palabras.txt"
    bad.write_text("casa\nca5a\n", encoding="utf-8")
    result = run([*PLAY, "--diccionario", str(bad)], ["mesa"], tmp_path / "home")
    lines = result.stdout.splitlines()
    notice = next(
        i for i, line in enumerate(lines) if "Sigue en uso el diccionario de siempre." in line
    )
    assert notice < next(i for i, line in enumerate(lines) if line.startswith("Escribe ayuda"))
    settings = Settings()
    settings.dictionary = str(bad)
    adapter = ui.new_adapter(settings, seed=3, spectator=False)
    assert "whisky" in adapter.lexicon  # the shipped Castaña list, with its k/w words


def test_bots_and_the_aid_use_the_tables_word_list():
    adapter = adapter_at(lambda g: True, seeds=[3])
    for bot in adapter.bots.values():
        assert bot.spell == adapter.lexicon.spell


def test_enter_after_reading_asks_again_also_when_a_new_window_opened_meanwhile():
    """`ayuda` is read in one window; while its pages are turned a rival's steal opens
    another (its key changes). The Enter after the last page says the question of
    the window the player is in and does not pass it; the next Enter passes."""
    adapter = adapter_at(_word_window)
    session, console = clock_session(adapter, [], None)
    key = [adapter.window_key()]
    adapter.window_key = lambda: key[0]
    assert session.is_reaction("")  # Enter passes a window nobody read in
    session.handle_line("ayuda")
    assert not session.is_reaction("")  # an Enter turns the page
    key[0] = "a steal's window"  # a new window opens while the player reads
    session.handle_line("")
    while session._pages:
        session.handle_line("")
    assert not session.is_reaction("")
    before = len(console.out)
    session.handle_line("")  # says the question again: the window stays open
    assert console.out[before:] == [session._status_line()]
    assert adapter.player_in_window()
    assert session.is_reaction("")  # the next Enter passes


def _word_window(game):
    """A word's window the player can doubt (it is not theirs)."""
    view = game.view(0)
    return game.phase == "window" and bool(view.word) and 0 in game.to_act()
