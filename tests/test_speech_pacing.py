"""Time is measured in speech (issue 10, DESIGN §2.7): the speech-time model and
every wait that uses it, on a fake clock (no sleeps, no wall clock)."""

import re

import pytest
from listening import LONG_LINE, Listener, WindowAdapter, make_session

from sobremesa.core.speech_time import SpeechTimeline, speaking_seconds, word_count

# -- the model --------------------------------------------------------------------


def test_words_are_runs_of_letters_or_digits():
    assert word_count("Luis roba del mazo y tira el 3 de copas.") == 10
    assert word_count("Juega: A D E E L O U>") == 8
    assert word_count("¡Cabanga! Amarillo 6: te entra el 6.") == 7
    assert word_count(" — > ") == 0


def test_speaking_time_follows_the_reading_speed():
    twelve = " ".join(["uno"] * 12)
    assert speaking_seconds(twelve, 180) == pytest.approx(4.0)
    assert speaking_seconds(twelve, 360) == pytest.approx(2.0)


def test_narration_queues_after_what_is_being_said():
    timeline = SpeechTimeline(180)
    assert timeline.say("uno dos tres", now=0.0) == pytest.approx(1.0)
    # Printed at 0.5 while the first is still spoken: it waits its turn.
    assert timeline.say("cuatro cinco seis", now=0.5) == pytest.approx(2.0)
    assert timeline.heard_at(0.7) == pytest.approx(2.0)
    assert timeline.remaining(1.5) == pytest.approx(0.5)
    # After silence a new line starts when printed.
    assert timeline.say("siete", now=10.0) == pytest.approx(10.0 + 1 / 3)


def test_an_answer_interrupts_and_a_key_cuts_everything():
    timeline = SpeechTimeline(180)
    timeline.say(" ".join(["x"] * 30), now=0.0)  # 10 s of narration
    assert timeline.say("tu mano", now=1.0, interrupt=True) == pytest.approx(1.0 + 2 / 3)
    timeline.say(" ".join(["x"] * 30), now=2.0)
    timeline.key(now=3.0)
    assert timeline.heard_at(3.0) == 3.0
    assert timeline.remaining(3.0) == 0.0


def test_the_voice_reporting_its_end_beats_the_estimate():
    timeline = SpeechTimeline(100)
    timeline.say(" ".join(["x"] * 50), now=0.0)  # 30 s estimated
    timeline.done(now=12.0)
    assert timeline.heard_at(12.0) == 12.0


# -- reaction windows ---------------------------------------------------------------


def _window_outcome(bot_time, answer_delay, *, window_seconds, wpm=180):
    adapter = WindowAdapter(bot_time=bot_time)
    listener = Listener([("coger", answer_delay)])
    session, console, clock = make_session(
        adapter, listener, wpm=wpm, window_seconds=window_seconds
    )
    assert session.run() == "over"
    return adapter.game.grabs, console, session


def test_realtime_window_starts_when_its_line_has_been_heard():
    # The window's line comes after 24 words (8 s at 180 wpm) and the prompt: a
    # listener who waits for silence answers 1.5 s later. The bot needs 2 s, the
    # window lasts 4 s: counted from the print, both would have been long gone.
    grabs, console, session = _window_outcome(2.0, 1.5, window_seconds=4.0)
    assert grabs == [0]
    assert "Coges." in console.text()
    heard = session.reactions.started
    assert heard >= speaking_seconds(LONG_LINE) + speaking_seconds("¡Ventana! coger o paso.")
    typed_at = console.typed[0][0]
    assert typed_at == pytest.approx(heard + 1.5)


def test_realtime_bot_faster_than_the_listener_wins_counted_from_hearing():
    grabs, console, session = _window_outcome(1.0, 1.5, window_seconds=4.0)
    assert grabs == [1]
    ana = next(p for p in console.printed if "Ana coge." in p.lines)
    # The bot's second counts from when the window was heard, not from its print.
    assert ana.at == pytest.approx(session.reactions.started + 1.0)


def test_realtime_deadline_counts_from_hearing():
    adapter = WindowAdapter(bot_time=99.0)
    session, console, clock = make_session(adapter, Listener([]), window_seconds=4.0)
    session.run()
    closed = next(p for p in console.printed if "Ventana cerrada." in p.lines)
    assert closed.at == pytest.approx(session.reactions.started + 4.0)
    assert session.reactions.started > 8.0  # after the long line was heard


def test_a_slower_reader_gets_a_later_window():
    _g, _c, fast = _window_outcome(2.0, 1.5, window_seconds=4.0, wpm=360)
    _g, _c, slow = _window_outcome(2.0, 1.5, window_seconds=4.0, wpm=120)
    assert slow.reactions.started > fast.reactions.started * 2.5


def test_turn_by_turn_answer_time_counts_from_hearing():
    # Por turnos: the bot at 2 s loses to a listener who answers 1.5 s after hearing,
    # however long the narration before the window was.
    grabs, console, _session = _window_outcome(2.0, 1.5, window_seconds=None)
    assert grabs == [0]
    grabs, console, _session = _window_outcome(1.0, 1.5, window_seconds=None)
    assert grabs == [1]
    assert any(line.startswith("Llegas tarde") for line in console.text())


# -- bots paced by speech -------------------------------------------------------------


def test_bots_wait_until_the_last_lines_were_heard_plus_the_pace():
    adapter = WindowAdapter(bot_time=0.5, rounds=3)
    listener = Listener([("paso", 0.0), ("paso", 0.0), ("paso", 0.0)], when="Coger")
    session, console, clock = make_session(adapter, listener, pace=1.0, window_seconds=None)
    session.run()
    openings = [p for p in console.printed if LONG_LINE in p.lines]
    assert len(openings) == 3
    for before, opening in zip(console.printed, console.printed[1:], strict=False):
        if opening in openings[1:]:
            heard = before.at + speaking_seconds("\n".join(before.lines))
            assert opening.at >= heard + 1.0 - 1e-9


def test_typing_cuts_speech_so_the_bot_goes_on():
    session, console, clock = make_session(WindowAdapter(bot_time=0.5), Listener([]), pace=2.0)
    session.announcer.narrate(LONG_LINE)  # 8 s to hear
    assert session.bot_ready_at(0.0, new_turn=False) == pytest.approx(8.0)
    assert session.bot_ready_at(0.0, new_turn=True) == pytest.approx(10.0)
    clock.t = 1.0
    session.announcer.key_pressed()
    assert session.bot_ready_at(0.0, new_turn=False) == pytest.approx(1.0)
    assert session.bot_ready_at(0.0, new_turn=True) == pytest.approx(3.0)


def test_the_own_voice_end_wins_over_the_estimate():
    class Voice:
        def __init__(self):
            self.busy = True

        def speaking(self):
            return self.busy

        def speak(self, text, interrupt=False):
            pass

        def braille(self, text):
            pass

    session, console, clock = make_session(WindowAdapter(bot_time=0.5), Listener([]))
    voice = Voice()
    session.announcer.outputs = [voice]
    session.announcer.narrate("dos palabras")  # estimated 0.67 s
    clock.t = 5.0
    assert session.announcer.heard_at() > 5.0  # the voice is slower than the estimate
    voice.busy = False
    clock.t = 5.5
    assert session.announcer.heard_at() == 5.5
    session.announcer.narrate(LONG_LINE)  # estimated 8 s, but the voice is done at once
    assert session.announcer.heard_at() == 5.5


# -- real games on the fake clock -------------------------------------------------------


def test_spectator_keeps_up_with_speech_and_stops_at_each_rounds_scores():
    from sobremesa.games.chinchon.ui import new_adapter
    from sobremesa.settings import Settings

    adapter = new_adapter(Settings(), seed=3, spectator=True)
    listener = Listener([], enter_at_gates=True)
    session, console, clock = make_session(adapter, listener, pace=1.0)
    adapter.start(session)
    assert session.run() == "over"
    narration = [p for p in console.printed if not p.answer]
    assert clock.t > 60  # a whole match, minutes of speech
    # Every move waits until the previous lines were heard: the voice is never behind
    # (the opening lines come together, before any move).
    moves = [p for p in narration if any(" tira " in line for line in p.lines)]
    assert len(moves) > 20
    assert max(p.backlog for p in moves) < 0.01
    # The listener pressed Enter after every round's scores, once they were heard.
    gates = [p for p in narration if any("Pulsa Intro para empezar la ronda" in x for x in p.lines)]
    assert len(gates) >= 2
    assert len([t for t in console.typed if t[1] == ""]) >= len(gates)


def test_a_gate_refuses_a_move_and_answers_reading_commands():
    from sobremesa.games.cabanga.ui import new_adapter
    from sobremesa.settings import Settings

    adapter = new_adapter(Settings(), seed=5, spectator=False)
    listener = Listener([("jugar 5", 0.5), ("mano", 0.5)], enter_at_gates=False)
    session, console, clock = make_session(adapter, listener, pace=0.0)
    adapter.start(session)
    before = adapter.game.to_dict()
    assert session.run() == "saved"  # the listener stops typing at the gate
    answers = [p.lines for p in console.printed if p.answer]
    assert answers[0] == ["Pulsa Intro para empezar."]  # the move is refused
    assert len(answers) >= 2 and answers[1] != answers[0]  # `mano` is read
    assert adapter.game.to_dict() == before  # nothing was played


def test_enter_on_an_empty_line_says_the_full_status():
    from sobremesa.games.chinchon.ui import new_adapter
    from sobremesa.settings import Settings

    adapter = new_adapter(Settings(), seed=1, spectator=False)
    listener = Listener([("", 0.0)], enter_at_gates=False, when="Roba")
    session, console, clock = make_session(adapter, listener)
    adapter.start(session)
    session.run()
    assert console.prompts[-1][1] == "Roba> "  # the short prompt, for speech
    answers = [p.lines for p in console.printed if p.answer]
    # The status, one key away, in full words (`7 co` is for the braille line).
    assert re.fullmatch(
        r"Roba del mazo o coge (el|la) .+ de (oros|copas|espadas|bastos)\.", answers[0][0]
    )
    assert adapter.status_prompt is False
