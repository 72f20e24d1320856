"""Playtest findings on the session (issue 11): gates between rounds keep the next
round untold until Enter, the reply to what the player typed comes first, and
`repetir` repeats the last announcement whole. On a fake clock."""

from listening import Listener, WindowAdapter, make_session

from sobremesa.settings import Settings

GATE = "Pulsa Intro para empezar la ronda 2."


def chinchon_spectator(answers):
    from sobremesa.games.chinchon.ui import new_adapter

    adapter = new_adapter(Settings(), seed=3, spectator=True)
    listener = Listener(answers, enter_at_gates=False, when="Intro")
    session, console, clock = make_session(adapter, listener, pace=0.0)
    adapter.start(session)
    return adapter, session, console


def test_a_round_gate_reads_the_round_played_but_not_the_next_one():
    adapter, session, console = chinchon_spectator([("mesa", 0.5), ("puntos", 0.5)])
    assert session.run() == "saved"  # input ends at the gate
    narration = [line for p in console.printed if not p.answer for line in p.lines]
    assert GATE in narration
    answers = [p.lines for p in console.printed if p.answer]
    assert answers[0] == [GATE]  # the new round's table is not told before Enter
    assert answers[1][0].startswith("Puntos: ")


def test_leaving_at_a_round_gate_says_nothing_of_the_next_round():
    adapter, session, console = chinchon_spectator([("salir", 0.5)])
    assert session.run() == "quit"
    narration = [line for p in console.printed if not p.answer for line in p.lines]
    after_gate = narration[narration.index(GATE) + 1 :]
    # Only the leaving line: the next round's deal is told on `continuar`.
    assert after_gate == ["Sin guardar: eras espectador."]  # a spectator's game is not saved


def test_enter_at_a_round_gate_tells_the_next_round():
    adapter, session, console = chinchon_spectator([("", 0.5)])
    session.run()
    narration = [line for p in console.printed if not p.answer for line in p.lines]
    after_gate = narration[narration.index(GATE) + 1 :]
    assert any("2" in line and "onda" in line for line in after_gate)


def test_too_late_is_said_before_what_the_faster_rival_did():
    adapter = WindowAdapter(bot_time=1.0)
    listener = Listener([("coger", 1.5)])
    session, console, clock = make_session(adapter, listener, window_seconds=None)
    assert session.run() == "over"
    lines = console.text()
    late = next(i for i, line in enumerate(lines) if line.startswith("Llegas tarde"))
    assert lines.index("Ana coge.") > late
    assert lines[late] == "Llegas tarde: Ana se adelantó a tu coger."


def test_repeat_says_the_last_announcement_whole():
    adapter = WindowAdapter(bot_time=9.0)
    listener = Listener([("repetir", 0.5), ("paso", 0.5)])
    session, console, clock = make_session(adapter, listener, window_seconds=None)
    session.run()
    answers = [p.lines for p in console.printed if p.answer]
    assert answers[0][-1] == "¡Ventana! coger o paso."
    assert len(answers[0]) == 2  # the move before the window too, as it was said


def test_history_refuses_digits_that_are_not_ascii():
    adapter = WindowAdapter(bot_time=9.0)
    listener = Listener([("historial ²", 0.5), ("historial ①", 0.5), ("paso", 0.5)])
    session, console, clock = make_session(adapter, listener, window_seconds=None)
    session.run()
    answers = [p.lines for p in console.printed if p.answer]
    assert answers[:2] == [["Escribe historial y un número entre 1 y 1000."]] * 2


def test_repeat_says_everything_since_the_player_last_typed():
    from sobremesa.ui.announcer import Announcer

    class Sink:
        def say(self, line, *, answer=False):
            pass

    announcer = Announcer(Sink())
    announcer.narrate("Marta roba y tira el 3 de copas.")
    announcer.key_pressed()  # the player typed (e.g. `mano`)
    announcer.narrate("Pablo roba y tira la sota de espadas.")
    announcer.narrate_lines(["Marta coge la sota.", "Tu turno."])
    assert announcer.last_batch == [
        "Pablo roba y tira la sota de espadas.",
        "Marta coge la sota.",
        "Tu turno.",
    ]


def test_a_shouted_command_is_the_command():
    from sobremesa.ui.commands import CommandSpec, CommandTable

    table = CommandTable([CommandSpec("cabanga", ("cab",), "cabanga")])
    assert table.parse("¡cabanga!").name == "cabanga"
    assert table.parse("¡Cabanga! 12 14").args == "12 14"
    assert table.parse("¿¡!?") is None


def test_control_characters_typed_never_reach_the_terminal():
    from sobremesa.ui.announcer import Announcer

    said = []

    class Sink:
        def say(self, line, *, answer=False):
            said.append(line)

    announcer = Announcer(Sink())
    announcer.answer("No conozco la orden \x1b[2J\x07hola.")
    assert said == ["No conozco la orden  [2J hola."]
    assert all(line.isprintable() for line in announcer.review.lines())


def test_too_late_after_the_clock_or_a_stand_in_names_nobody():
    """When the clock closed the window, or a bot answered for this very seat while
    its player was away, nobody "se adelantó" (an Orca run heard `Llegas tarde: Tú
    se adelantó a tu cabanga.`)."""
    adapter = WindowAdapter(bot_time=9.0)
    session, console, clock = make_session(adapter, Listener([]), window_seconds=None)
    human = adapter.table.human
    for actor in (None, human):
        console.printed.clear()
        session.last_actor = lambda actor=actor: actor  # type: ignore[method-assign]
        session.say_late("coger")
        assert console.text()[-1] == "Llegas tarde: coger ya no vale."
