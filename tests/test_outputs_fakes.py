"""Outputs layer with fake backends: queue and interrupt semantics, failures reported
once, stray prints, never blocking; plus the pure helpers (rates, voice choice).

The real engines are exercised in test_outputs_real.py.
"""

from __future__ import annotations

import math
import subprocess
import sys
import threading
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from waiting import wait_until

from sobremesa.ui.outputs import ThreadedOutput, create_outputs, worker
from sobremesa.ui.outputs.base import (
    BackendUnavailable,
    choose_voice,
    rate_to_sapi_wpm,
    rate_to_speechd,
    rate_to_wpm,
)
from sobremesa.ui.outputs.screen_reader import find_screen_reader, screen_reader_factory
from sobremesa.ui.outputs.voice import Pyttsx3Backend, voice_factory
from sobremesa.ui.outputs.voice_linux import EspeakProcessBackend

LECTOR_MISSING_ALONE = "Sin lector de pantalla; solo texto."
LECTOR_MISSING = "Sin lector de pantalla; sigo sin él."
LECTOR_FAILED = "El lector no responde; sigo sin él."
VOZ_MISSING_ALONE = "No hay voz disponible; solo texto."
VOZ_MISSING = "No hay voz disponible; sigo sin voz."
VOZ_FAILED = "La voz dejó de funcionar; sigo sin voz."
VOZ_LANGUAGE = "No hay voz para este idioma; uso otra."


WAIT = 10.0  # generous: only reached when something is broken


def wait_for(predicate, timeout=3.0):
    return wait_until(predicate, timeout) is not None


class Notices(list):
    def __call__(self, message: str) -> None:
        self.append(message)


# -- fakes ---------------------------------------------------------------------


class FakeAo2Output:
    """Stands for an accessible_output2 output (NVDA, JAWS...)."""

    def __init__(self, name="NVDA", active=True, system=False, fail_on=None):
        self.name = name
        self.active = active
        self.system = system
        self.fail_on = fail_on
        self.calls: list[tuple] = []

    def is_active(self):
        return self.active

    def is_system_output(self):
        return self.system

    def speak(self, text, interrupt=False):
        if self.fail_on == "speak":
            raise OSError("screen reader went away")
        self.calls.append(("speak", text, interrupt))

    def braille(self, text, **options):
        self.calls.append(("braille", text))

    def silence(self):
        self.calls.append(("silence",))


def fake_auto(*outputs):
    return lambda: SimpleNamespace(outputs=list(outputs))


class FakeBackend:
    """A voice that 'speaks' each utterance for `duration` seconds."""

    name = "fake"
    language_missing = False

    def __init__(self, duration=0.0, gate=None, fail_on_start=None, stoppable=True):
        self.duration = duration
        self.gate = gate  # a threading.Event: start() waits for it (a slow synthesizer)
        self.fail_on_start = fail_on_start
        self.stoppable = stoppable
        self.events: list[tuple] = []
        self._until = 0.0
        self.started = 0

    def start(self, text):
        self.started += 1
        if self.fail_on_start and self.started >= self.fail_on_start:
            raise RuntimeError("synthesizer crashed")
        if self.gate is not None:
            self.gate.wait(WAIT)
        self.events.append(("start", text))
        self._until = time.monotonic() + self.duration

    def busy(self):
        return time.monotonic() < self._until

    def stop(self):
        self.events.append(("stop",))
        if self.stoppable:
            self._until = 0.0

    def pump(self):
        pass

    def braille(self, text):
        self.events.append(("braille", text))

    def close(self):
        self.events.append(("close",))

    def said(self):
        return [e[1] for e in self.events if e[0] == "start"]


class FakeVoice:
    def __init__(self, id, languages):
        self.id = id
        self.languages = languages
        self.name = id


class FakeEngine:
    """Mimics pyttsx3.Engine in external-loop mode: say() is asynchronous, the
    utterance lasts `duration` seconds, iterate() must be called, stop() cuts it."""

    def __init__(self, voices, duration=1.0, driver_name="sapi5"):
        self.driver_name = driver_name
        self.voices = voices
        self.duration = duration
        self.calls: list[tuple] = []
        self.properties: dict = {}
        self._loop = False
        self._until = 0.0
        self.iterations = 0
        self.thread_ids: set[int] = set()

    def _track(self):
        self.thread_ids.add(threading.get_ident())

    def startLoop(self, useDriverLoop=True):  # noqa: N802 - pyttsx3 API
        self._track()
        assert useDriverLoop is False, "the worker must drive the loop itself"
        self._loop = True

    def iterate(self):
        self._track()
        assert self._loop, "iterate() outside startLoop(False)"
        self.iterations += 1

    def endLoop(self):  # noqa: N802
        self._track()
        self.calls.append(("endLoop",))
        self._loop = False

    def say(self, text, name=None):
        self._track()
        self.calls.append(("say", text))
        self._until = time.monotonic() + self.duration

    def isBusy(self):  # noqa: N802
        return time.monotonic() < self._until

    def stop(self):
        self._track()
        self.calls.append(("stop",))
        self._until = 0.0

    def getProperty(self, name):  # noqa: N802
        if name == "voices":
            return self.voices
        return self.properties.get(name)

    def setProperty(self, name, value):  # noqa: N802
        self._track()
        self.properties[name] = value


SAPI_VOICES = [
    FakeVoice("HKLM\\...\\TTS_MS_EN-US_ZIRA_11.0", ["en-US"]),
    FakeVoice("HKLM\\...\\TTS_MS_ES-ES_HELENA_11.0", ["es-ES"]),
    FakeVoice("HKLM\\...\\TTS_MS_ES-MX_SABINA_11.0", ["es-MX"]),
]


# -- screen reader with a fake accessible_output2 ------------------------------------


def test_screen_reader_speaks_and_brailles_separately_same_text():
    sapi = FakeAo2Output("sapi5", system=True)
    nvda = FakeAo2Output("NVDA")
    notices = Notices()
    outputs = create_outputs(
        {"lector"},
        notify=notices,
        backends={"lector": screen_reader_factory(auto_factory=fake_auto(sapi, nvda))},
    )
    assert [o.name for o in outputs] == ["lector"]
    (lector,) = outputs
    assert lector.backend_name == "NVDA"
    line = "Ana juega el 7 de oros y cierra con 3 puntos sueltos."
    lector.speak(line)
    lector.braille(line)
    assert wait_for(lambda: len(nvda.calls) >= 2)
    lector.speak("Tu turno.", interrupt=True)
    lector.braille("Tu turno.")
    assert wait_for(lambda: len(nvda.calls) >= 5)
    lector.close()
    assert nvda.calls == [
        ("speak", line, False),
        ("braille", line),
        ("silence",),
        ("speak", "Tu turno.", False),
        ("braille", "Tu turno."),
    ]
    assert sapi.calls == [], "a voice (SAPI5) must not stand in for the screen reader"
    assert notices == []


def test_screen_reader_silence_reaches_the_reader():
    nvda = FakeAo2Output("NVDA")
    (lector,) = create_outputs(
        {"lector"},
        notify=Notices(),
        backends={"lector": screen_reader_factory(auto_factory=fake_auto(nvda))},
    )
    lector.silence()
    assert wait_for(lambda: ("silence",) in nvda.calls)
    lector.close()


@pytest.mark.parametrize(
    "outputs",
    [
        [],  # accessible_output2 found nothing
        [FakeAo2Output("NVDA", active=False)],  # NVDA installed but not running
        [FakeAo2Output("sapi5", system=True)],  # only a voice
    ],
)
def test_no_active_screen_reader_is_one_notice(outputs):
    notices = Notices()
    result = create_outputs(
        {"lector"},
        notify=notices,
        backends={"lector": screen_reader_factory(auto_factory=fake_auto(*outputs))},
    )
    assert result == []
    assert notices == [LECTOR_MISSING_ALONE]


def test_screen_reader_failing_later_is_one_notice_and_never_raises():
    nvda = FakeAo2Output("NVDA", fail_on="speak")
    notices = Notices()
    (lector,) = create_outputs(
        {"lector"},
        notify=notices,
        backends={"lector": screen_reader_factory(auto_factory=fake_auto(nvda))},
    )
    lector.speak("Primera línea.")  # fails in the worker
    assert wait_for(lambda: lector.failed)
    assert notices == []  # told on the game thread, at the next call
    lector.speak("Segunda línea.")
    lector.braille("Segunda línea.")
    lector.silence()
    lector.speak("Tercera.", interrupt=True)
    lector.close()
    assert notices == [LECTOR_FAILED]


def test_real_accessible_output2_stray_prints_do_not_reach_stdout(capsys, monkeypatch):
    if not sys.platform.startswith("linux"):
        pytest.skip("the stray prints checked here are the Linux ones")
    # No daemon and no autospawn: Speech Dispatcher cannot answer.
    monkeypatch.setenv("SPEECHD_ADDRESS", "unix_socket:/nonexistent/speechd.sock")
    monkeypatch.setenv("SPEECHD_CMD", "/nonexistent/speech-dispatcher")
    # Unfiltered, accessible_output2 does print (so this test can fail):
    assert find_screen_reader() is None
    raw = capsys.readouterr()
    assert "Cannot find" in raw.out + raw.err or "Can't open socket" in raw.out + raw.err

    def notify(message):
        print(message)  # the game's own prints on the main thread still show

    assert create_outputs({"lector"}, notify=notify) == []
    captured = capsys.readouterr()
    assert captured.out == LECTOR_MISSING_ALONE + "\n"
    assert captured.err == ""


def test_prints_of_a_backend_factory_are_dropped_but_not_the_games(capsys):
    def noisy():
        print("Cannot find Speech Dispatcher. Please install python-speechd")
        print("warning", file=sys.stderr)
        return FakeBackend()

    def chatty_notify(message):
        print("AVISO:", message)

    outputs = create_outputs(
        {"voz", "lector"},
        notify=chatty_notify,
        backends={"voz": noisy, "lector": screen_reader_factory(auto_factory=fake_auto())},
    )
    for output in outputs:
        output.close()
    captured = capsys.readouterr()
    assert captured.out == "AVISO: " + LECTOR_MISSING + "\n"
    assert captured.err == ""
    assert type(sys.stdout).__name__ != "_ThreadFilteredStream", "filter left installed"


# -- missing backends: exactly one notice each ------------------------------------------


def _unavailable():
    raise BackendUnavailable("nothing here")


def test_missing_voice_is_exactly_one_notice():
    notices = Notices()
    assert create_outputs({"voz", "texto"}, notify=notices, backends={"voz": _unavailable}) == []
    assert notices == [VOZ_MISSING_ALONE]


def test_both_missing_two_notices_and_wording_when_one_remains():
    notices = Notices()
    create_outputs(
        {"voz", "lector"},
        notify=notices,
        backends={"voz": _unavailable, "lector": _unavailable},
    )
    assert notices == [LECTOR_MISSING_ALONE, VOZ_MISSING_ALONE]

    notices = Notices()
    outputs = create_outputs(
        {"voz", "lector"},
        notify=notices,
        backends={"voz": FakeBackend, "lector": _unavailable},
    )
    assert [o.name for o in outputs] == ["voz"]
    assert notices == [LECTOR_MISSING]
    outputs[0].close()

    notices = Notices()
    outputs = create_outputs(
        {"voz", "lector"},
        notify=notices,
        backends={"voz": _unavailable, "lector": FakeBackend},
    )
    assert [o.name for o in outputs] == ["lector"]
    assert notices == [VOZ_MISSING]
    outputs[0].close()


def test_voice_chain_falls_back_in_order_and_reports_the_reasons():
    tried = []

    def first(**kwargs):
        tried.append(("first", kwargs))
        raise BackendUnavailable("daemon does not answer")

    def second(**kwargs):
        tried.append(("second", kwargs))
        return FakeBackend()

    backend = voice_factory(language="es", variant="es-419", rate=3, candidates=[first, second])()
    assert isinstance(backend, FakeBackend)
    assert [name for name, _ in tried] == ["first", "second"]
    assert tried[0][1] == {"language": "es", "variant": "es-419", "rate": 3}
    with pytest.raises(BackendUnavailable, match="daemon does not answer"):
        voice_factory(candidates=[first])()


def test_notify_that_raises_does_not_reach_the_game():
    def broken_notify(message):
        raise ValueError("console closed")

    assert create_outputs({"voz"}, notify=broken_notify, backends={"voz": _unavailable}) == []


def test_voice_language_missing_is_one_notice():
    backend = FakeBackend()
    backend.language_missing = True
    notices = Notices()
    (voz,) = create_outputs({"voz"}, notify=notices, backends={"voz": lambda: backend})
    voz.close()
    assert notices == [VOZ_LANGUAGE]


def test_voice_failing_later_is_one_notice_and_speech_stops():
    backend = FakeBackend(fail_on_start=2)
    notices = Notices()
    (voz,) = create_outputs({"voz"}, notify=notices, backends={"voz": lambda: backend})
    voz.speak("uno")
    voz.speak("dos")  # crashes the synthesizer
    assert wait_for(lambda: voz.failed)
    for _ in range(3):
        voz.speak("tres", interrupt=True)
        voz.silence()
    voz.close()
    assert notices == [VOZ_FAILED]
    assert backend.said() == ["uno"]
    assert ("close",) in backend.events


def test_stuck_backend_is_stopped_then_dropped(monkeypatch):
    monkeypatch.setattr(worker, "utterance_deadline", lambda text: 0.1)
    monkeypatch.setattr(ThreadedOutput, "stop_grace", 0.2)
    backend = FakeBackend(duration=60, stoppable=False)
    notices = Notices()
    out = ThreadedOutput("voz", lambda: backend, notify=notices, failure_message=VOZ_FAILED)
    assert out.start()
    out.speak("una frase que nunca termina")
    assert wait_for(lambda: out.failed, timeout=3)
    out.speak("otra")
    assert notices == [VOZ_FAILED]
    assert ("stop",) in backend.events


# -- queue and interrupt semantics ---------------------------------------------------


def make_voice(backend, notices=None):
    out = ThreadedOutput("voz", lambda: backend, notify=notices or Notices(), failure_message="x")
    assert out.start()
    return out


def test_narration_queues_in_order_one_at_a_time():
    backend = FakeBackend(duration=0.05)
    out = make_voice(backend)
    lines = ["Ana roba.", "Ana descarta el 3 de copas.", "Luis roba.", "Tu turno."]
    for line in lines:
        out.speak(line)
    assert out.wait_idle(5)
    out.close()
    assert backend.said() == lines
    last_start = max(i for i, e in enumerate(backend.events) if e[0] == "start")
    assert ("stop",) not in backend.events[:last_start]


def test_interrupt_drops_the_queue_and_stops_the_current_utterance():
    backend = FakeBackend(duration=0.5)
    out = make_voice(backend)
    out.speak("Narración larga que está sonando.")
    out.speak("Narración en cola uno.")
    out.speak("Narración en cola dos.")
    assert wait_for(lambda: backend.said() == ["Narración larga que está sonando."])
    out.speak("Tienes 7 cartas.", interrupt=True)
    assert out.wait_idle(5)
    out.close()
    events = [e for e in backend.events if e[0] in ("start", "stop")]
    assert events[:3] == [
        ("start", "Narración larga que está sonando."),
        ("stop",),
        ("start", "Tienes 7 cartas."),
    ]
    assert "Narración en cola uno." not in backend.said()


def test_silence_stops_everything():
    backend = FakeBackend(duration=0.5)
    out = make_voice(backend)
    out.speak("uno")
    out.speak("dos")
    assert wait_for(lambda: backend.said() == ["uno"])
    out.silence()
    assert out.wait_idle(2)
    out.close()  # joins the worker: whatever it would still say is in the events
    assert backend.said() == ["uno"]
    assert backend.events[1] == ("stop",)


def test_empty_lines_are_not_spoken_but_an_empty_interrupt_still_cuts():
    backend = FakeBackend(duration=0.5)
    out = make_voice(backend)
    out.speak("uno")
    assert wait_for(lambda: backend.said() == ["uno"])
    out.speak("   ", interrupt=True)
    assert out.wait_idle(2)
    out.close()
    assert backend.said() == ["uno"]
    assert ("stop",) in backend.events


def test_speak_never_blocks_even_with_a_stuck_backend():
    # The synthesizer is stuck in start() until the end of the test: every call of the
    # game thread must still return (how fast: benchmarks/bench_test_timings.py).
    gate = threading.Event()
    backend = FakeBackend(duration=1.0, gate=gate)
    out = make_voice(backend)
    out.speak("Narración 0.")
    assert wait_for(lambda: backend.started == 1, timeout=WAIT)
    returned = threading.Event()

    def game_thread():
        for index in range(1, 5):
            out.speak(f"Narración {index}.")
        out.speak("Tu turno.", interrupt=True)
        out.silence()
        out.braille("Tu turno.")
        returned.set()

    threading.Thread(target=game_thread, daemon=True).start()
    assert returned.wait(WAIT)
    assert backend.started == 1 and backend.said() == []  # still stuck in its first start()
    gate.set()
    out.close()
    assert backend.said() == ["Narración 0."]  # the rest was silenced before it started


def test_creation_does_not_wait_past_the_ready_timeout_for_a_backend():
    gate = threading.Event()

    def slow_factory():
        gate.wait(WAIT)
        return FakeBackend()

    outputs = create_outputs(
        {"voz"}, notify=Notices(), backends={"voz": slow_factory}, ready_timeout=0.1
    )
    assert not gate.is_set() and outputs[0].backend is None  # returned before it was ready
    assert [o.name for o in outputs] == ["voz"]
    outputs[0].speak("Hola.")  # queued until the backend is ready
    gate.set()
    assert wait_for(lambda: outputs[0].backend is not None, timeout=WAIT)
    assert outputs[0].wait_idle(WAIT)
    assert outputs[0].backend.said() == ["Hola."]
    outputs[0].close()


# -- pyttsx3 backend (Windows / macOS path) with a fake engine ---------------------------


def test_pyttsx3_interrupt_calls_stop_and_says_the_answer_next():
    engine = FakeEngine(SAPI_VOICES, duration=0.3)
    out = ThreadedOutput(
        "voz",
        lambda: Pyttsx3Backend(engine_factory=lambda: engine, platform="win32", rate=0),
        notify=Notices(),
        failure_message=VOZ_FAILED,
    )
    assert out.start()
    out.speak("Ana juega el 7 de oros.")
    out.speak("Luis roba una carta.")
    assert wait_for(lambda: ("say", "Ana juega el 7 de oros.") in engine.calls)
    out.speak("Tu turno.", interrupt=True)
    assert out.wait_idle(5)
    out.close()
    said = [c for c in engine.calls if c[0] in ("say", "stop")]
    assert said[:3] == [("say", "Ana juega el 7 de oros."), ("stop",), ("say", "Tu turno.")]
    assert ("say", "Luis roba una carta.") not in engine.calls
    assert engine.iterations > 3, "the worker must keep the pyttsx3 loop turning"
    assert len(engine.thread_ids) == 1 and threading.get_ident() not in engine.thread_ids


def test_pyttsx3_picks_the_spanish_voice_and_rate():
    engine = FakeEngine(SAPI_VOICES)
    backend = Pyttsx3Backend(engine_factory=lambda: engine, platform="win32", rate=0)
    assert engine.properties["voice"].endswith("ES-ES_HELENA_11.0")
    assert not backend.language_missing
    # pyttsx3's SAPI5 driver turns wpm into SAPI's own rate with int(log(wpm/156.63, 1.11)).
    assert int(math.log(engine.properties["rate"] / 156.63, 1.11)) == 0

    engine = FakeEngine(SAPI_VOICES, driver_name="nsss")
    Pyttsx3Backend(engine_factory=lambda: engine, platform="darwin", variant="es-MX", rate=-10)
    assert engine.properties["voice"].endswith("ES-MX_SABINA_11.0")
    assert engine.properties["rate"] == 80

    engine = FakeEngine([FakeVoice("en", ["en-US"])])
    backend = Pyttsx3Backend(engine_factory=lambda: engine, platform="win32")
    assert backend.language_missing and "voice" not in engine.properties


def test_pyttsx3_that_cannot_start_is_unavailable():
    def broken():
        raise OSError("no SAPI5 here")

    with pytest.raises(BackendUnavailable):
        Pyttsx3Backend(engine_factory=broken, platform="win32")


def test_real_pyttsx3_dummy_driver_runs_in_the_worker_loop():
    """The real pyttsx3 Engine/DriverProxy with its 'dummy' driver: checks that the
    external-loop calls we make (startLoop(False), iterate, say, isBusy, stop,
    endLoop) are accepted by pyttsx3 itself."""
    pyttsx3 = pytest.importorskip("pyttsx3")
    engine = pyttsx3.init("dummy")
    finished = []
    engine.connect("finished-utterance", lambda name, completed: finished.append(completed))
    out = ThreadedOutput(
        "voz",
        lambda: Pyttsx3Backend(engine_factory=lambda: engine, platform="test"),
        notify=Notices(),
        failure_message=VOZ_FAILED,
    )
    assert out.start(), out.init_error
    assert out.language_missing  # the dummy voices are English
    out.speak("uno")
    out.speak("dos")
    out.speak("tres", interrupt=True)
    assert out.wait_idle(3)
    out.close()
    assert not out.failed
    assert finished and all(finished)


# -- espeak-ng process backend with an injected runner ---------------------------------


class FakeProcess:
    def __init__(self, argv, duration):
        self.argv = argv
        self.stdin = self
        self.text = b""
        self.until = time.monotonic() + duration
        self.terminated = False
        self.returncode = None

    def write(self, data):
        self.text += data

    def close(self):
        pass

    def poll(self):
        if self.returncode is None and time.monotonic() >= self.until:
            self.returncode = 0
        return self.returncode

    def terminate(self):
        self.terminated = True
        self.returncode = -15

    def kill(self):
        self.returncode = -9

    def wait(self, timeout=None):
        return self.poll()


def test_espeak_process_argv_rate_voice_and_interrupt_with_fake_runner():
    processes = []

    def popen(argv, **kwargs):
        assert kwargs["stdin"] == subprocess.PIPE
        assert kwargs["stdout"] == subprocess.DEVNULL and kwargs["stderr"] == subprocess.DEVNULL
        processes.append(FakeProcess(argv, duration=0.5))
        return processes[-1]

    backend = EspeakProcessBackend(
        executable="espeak-ng", variant="es-419", rate=10, popen=popen, check_voice=False
    )
    out = make_voice(backend)
    out.speak("-5 puntos para Ana.")  # leading dash: text goes on stdin, not argv
    out.speak("Luis roba.")
    assert wait_for(lambda: len(processes) == 1)
    out.speak("Tu turno.", interrupt=True)
    assert out.wait_idle(3)
    out.close()
    assert [p.text.decode() for p in processes] == ["-5 puntos para Ana.", "Tu turno."]
    assert processes[0].terminated and not processes[1].terminated
    assert processes[0].argv == ["espeak-ng", "-v", "es-419", "-s", "450", "-b", "1", "--stdin"]


@pytest.mark.skipif(sys.platform == "win32", reason="uses a shell script")
def test_espeak_process_that_errors_is_reported_once(tmp_path):
    script = tmp_path / "broken-espeak"
    script.write_text("#!/bin/sh\ncat >/dev/null\nexit 3\n")
    script.chmod(0o755)
    notices = Notices()
    backend = EspeakProcessBackend(executable=str(script), check_voice=False)
    out = ThreadedOutput("voz", lambda: backend, notify=notices, failure_message=VOZ_FAILED)
    assert out.start()
    out.speak("Hola.")
    assert wait_for(lambda: out.failed)
    out.speak("Otra.")
    out.speak("Y otra.")
    assert notices == [VOZ_FAILED]
    assert backend.history[0].returncode == 3


def test_espeak_missing_is_unavailable():
    with pytest.raises(BackendUnavailable):
        EspeakProcessBackend(executable=str(Path("/nonexistent/espeak-ng")))


# -- pure helpers -------------------------------------------------------------------


def test_rate_mappings():
    wpm = [rate_to_wpm(r) for r in range(-10, 11)]
    assert wpm[0] == 80 and wpm[10] == 175 and wpm[20] == 450
    assert wpm == sorted(wpm) and len(set(wpm)) == 21
    assert rate_to_wpm(99) == 450 and rate_to_wpm(-99) == 80
    for r in range(-10, 11):
        assert int(math.log(rate_to_sapi_wpm(r) / 156.63, 1.11)) == r
        assert rate_to_speechd(r) == r * 10


def test_choose_voice():
    espeak = [
        FakeVoice("gmw/en", ["en"]),
        FakeVoice("roa/es", ["es"]),
        FakeVoice("roa/es-419", ["es-419"]),
    ]
    assert choose_voice(espeak, "es").id == "roa/es"
    assert choose_voice(espeak, "es", "es-419").id == "roa/es-419"
    assert choose_voice(espeak, "es", "es-ar").id == "roa/es"
    assert choose_voice(espeak, "fr") is None
    nsss = [
        FakeVoice("com.apple.voice.Monica", ["es_ES"]),
        FakeVoice("com.apple.voice.Paulina", ["es_MX"]),
    ]
    assert choose_voice(nsss, "es").id.endswith("Monica")
    assert choose_voice(nsss, "es", "es-MX").id.endswith("Paulina")
    assert choose_voice(nsss, "es", "es").id.endswith("Monica")
    assert choose_voice([FakeVoice("x", [b"\x05es"])], "es").id == "x"
    assert choose_voice(SAPI_VOICES, "en").id.endswith("ZIRA_11.0")


@pytest.mark.parametrize("language", ["es", "en"])
def test_every_output_notice_fits_one_braille_line(language):
    """The notices come before any menu, whatever the machine has: ≤ 40 cells."""
    from sobremesa import i18n

    i18n.set_language(language)
    try:
        notices = [
            LECTOR_MISSING_ALONE,
            LECTOR_MISSING,
            LECTOR_FAILED,
            VOZ_MISSING_ALONE,
            VOZ_MISSING,
            VOZ_FAILED,
            VOZ_LANGUAGE,
        ]
        texts = [i18n._(notice) for notice in notices]
        assert [text for text in texts if len(text) > 40] == []
        if language == "en":
            assert texts[0] == "No screen reader; text only."
    finally:
        i18n.set_language("es")
