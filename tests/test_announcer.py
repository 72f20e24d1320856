from sobremesa.ui.announcer import Announcer


class Recorder:
    def __init__(self):
        self.calls = []

    def say(self, line, *, answer=False):
        self.calls.append(("say", line, answer))

    def speak(self, text, interrupt=False):
        self.calls.append(("speak", text, interrupt))

    def braille(self, text):
        self.calls.append(("braille", text))

    def silence(self):
        self.calls.append(("silence",))

    def close(self):
        pass


def test_narration_is_history_queued_and_brailled():
    console, output = Recorder(), Recorder()
    announcer = Announcer(console, [output])
    announcer.narrate("Ana tira el 7 de oros.")
    assert list(announcer.history.lines()) == ["Ana tira el 7 de oros."]
    assert console.calls == [("say", "Ana tira el 7 de oros.", False)]
    assert output.calls == [
        ("speak", "Ana tira el 7 de oros.", False),
        ("braille", "Ana tira el 7 de oros."),
    ]


def test_a_multi_line_answer_interrupts_once_and_stays_out_of_history():
    console, output = Recorder(), Recorder()
    announcer = Announcer(console, [output])
    announcer.answer_lines(["Combinaciones: ninguna.", "Sueltas, 30 puntos: ..."])
    assert len(announcer.history) == 0
    assert [c[2] for c in console.calls] == [True, True]  # both printed at once
    speaks = [c for c in output.calls if c[0] == "speak"]
    assert [c[2] for c in speaks] == [True, False]  # the first cuts speech, the rest queue


def test_answers_are_in_the_review_but_not_in_the_history():
    """A braille display shows only the input line: the answer to `mano` must be
    reachable with the review keys; `historial` and saves keep the game's lines."""
    from sobremesa.ui.announcer import Announcer

    class Sink:
        def say(self, line, *, answer=False):
            pass

    announcer = Announcer(Sink())
    announcer.narrate("Ana roba.")
    announcer.answer_lines(["Tu mano, 7 cartas: as de oros y 6 más.", "Puedes cerrar."])
    announcer.narrate("Tu turno.")
    assert list(announcer.history.lines()) == ["Ana roba.", "Tu turno."]
    assert list(announcer.review.lines()) == [
        "Ana roba.",
        "Tu mano, 7 cartas: as de oros y 6 más.",
        "Puedes cerrar.",
        "Tu turno.",
    ]
