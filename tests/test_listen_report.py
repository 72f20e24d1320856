"""tools/listen_report.py on small made-up listen runs (no Orca needed)."""

import importlib.util
import json
import sys
from pathlib import Path

import pytest

_PATH = Path(__file__).resolve().parent.parent / "tools" / "listen_report.py"
_spec = importlib.util.spec_from_file_location("listen_report", _PATH)
lr = importlib.util.module_from_spec(_spec)
sys.modules["listen_report"] = lr  # dataclasses look their module up
_spec.loader.exec_module(lr)

HEADER = (
    "# Orca speech while running: sobremesa jugar chinchon\n"
    "# +seconds<TAB>utterance   ([key] = key echo, \\n = newline, '# ...' = harness)\n"
)
HEADER_WPM = (
    "# Orca speech while running: sobremesa jugar chinchon\n"
    "# +seconds<TAB>utterance<TAB>heard|cut@N%|dropped (simulated 180 wpm)   ([key] = key echo)\n"
)


def write_run(tmp_path, spoken, trace=None, *, wpm=False, braille=(), name="run"):
    """spoken: (seconds, text[, status]) rows; text may start with "# " or "[key] "."""
    out = tmp_path / f"{name}.txt"
    rows = [HEADER_WPM if wpm else HEADER]
    for row in spoken:
        rows.append(f"+{row[0]:.3f}\t" + "\t".join(row[1:]) + "\n")
    out.write_text("".join(rows), encoding="utf-8")
    (tmp_path / f"{name}.braille.txt").write_text(
        "# braille\n" + "".join(f"+{t:.3f}\t{text}\t⠀\n" for t, text in braille), encoding="utf-8"
    )
    if trace is not None:
        (tmp_path / f"{name}.trace.txt").write_text(
            "".join(f"{t:.3f}\t{kind}\t{text}\n" for t, kind, text in trace), encoding="utf-8"
        )
    return out


def report(tmp_path, spoken, trace=None, **kw):
    opts = {k: kw.pop(k) for k in ("wpm", "braille") if k in kw}
    return lr.report_for(write_run(tmp_path, spoken, trace, **opts), **kw)


def test_lines_spoken_with_the_prompt_are_whole_and_once(tmp_path):
    trace = [
        (0.5, "line", "Luis roba del mazo y tira el 3 de copas."),
        (0.5, "line", "Tu turno."),
        (0.5, "prompt", "Roba o coge 3 de copas> "),
    ]
    spoken = [
        (0.0, "# launched with Return"),
        (0.55, "Luis roba del mazo y tira el 3 de copas.\\nTu turno.\\nRoba o coge 3 de copas> "),
    ]
    r = report(tmp_path, spoken, trace)
    assert r.source == "trace"
    assert (r.printed, r.never, r.partly, r.twice, r.fragments) == (2, 0, 0, 0, 0)
    # prompt: 6 of 18 words
    assert r.prompt_share == pytest.approx(33.3)


def test_a_line_that_lost_its_head_and_a_stray_prompt_fragment(tmp_path):
    trace = [
        (1.0, "prompt", "Turno de Marta> "),
        (1.0, "line", "Luis roba del mazo y tira el 3 de copas."),
        (2.0, "line", "I8: vacía."),
        (2.0, "prompt", "Explorar I8> "),
    ]
    spoken = [
        (1.02, "Marta"),
        (1.05, "azo y tira el 3 de copas."),
        (2.03, "xplorar I8>"),
    ]
    r = report(tmp_path, spoken, trace)
    assert r.partly == 1 and r.never == 1  # I8: vacía. was not spoken at all
    assert r.detail["never spoken"][0].endswith("I8: vacía.")
    assert "azo y tira" in r.detail["partly spoken"][0]
    assert r.fragments == 2  # "Marta" and "xplorar I8>"


def test_a_whole_prompt_said_again_after_a_key_is_no_fragment(tmp_path):
    trace = [(0.5, "line", "Tu turno."), (0.5, "prompt", "Descarta> ")]
    spoken = [
        (0.55, "Tu turno.\\nDescarta> "),
        (3.0, "# key: Escape"),
        (3.01, "[key] escape "),
        (3.1, "Descarta> "),
        (6.0, "Descarta> "),  # no key before it: a stray redraw
    ]
    r = report(tmp_path, spoken, trace)
    assert r.fragments == 1
    assert r.detail["prompt fragments"][0].startswith("+6.000")


def test_spoken_twice_and_the_same_line_printed_again_later(tmp_path):
    trace = [
        (0.5, "line", "Pablo roba del mazo y tira el rey de bastos."),
        (5.0, "line", "Tu turno."),
        (9.0, "answer", "Tu turno."),  # printed again: its own utterance
    ]
    spoken = [
        (0.52, "Pablo roba del mazo y tira el rey de bastos."),
        (0.70, "Pablo roba del mazo y tira el rey de bastos.\\nRoba> "),
        (5.02, "Tu turno."),
        (9.02, "Tu turno."),
    ]
    r = report(tmp_path, spoken, trace)
    assert r.printed == 3 and r.twice == 1 and r.never == 0
    assert "Pablo" in r.detail["spoken twice"][0]


def test_review_utterances_do_not_count_as_repeats(tmp_path):
    trace = [(0.5, "line", "Tu turno."), (0.5, "prompt", "Roba> ")]
    spoken = [
        (0.52, "Tu turno.\\nRoba> "),
        (4.0, "# key: Prior"),
        (4.01, "[key] retroceso de página "),
        (4.05, "Tu turno."),
    ]
    r = report(tmp_path, spoken, trace)
    assert r.twice == 0 and r.fragments == 0


def test_digit_only_utterances(tmp_path):
    trace = [(0.5, "line", "Puntos:"), (0.5, "line", "12")]
    spoken = [(0.52, "Puntos:\\n12"), (3.0, "[key] 1 ")]  # a key echo is not counted
    r = report(tmp_path, spoken, trace)
    assert r.digits == 1


def test_heard_cut_and_dropped_at_180_wpm(tmp_path):
    trace = [
        (0.0, "line", "Uno dos tres cuatro cinco seis."),
        (0.0, "line", "Siete ocho nueve diez."),
        (1.0, "line", "Once doce."),
        (2.0, "line", "Trece."),
    ]
    spoken = [
        (0.02, "Uno dos tres cuatro cinco seis.\\nSiete ocho nueve diez.", "cut@70%"),
        (1.02, "Once doce.", "dropped"),
        (2.02, "Trece.", "heard"),
    ]
    r = report(tmp_path, spoken, trace, wpm=True)
    assert r.wpm == 180
    # 70 % of 10 words: the first line (6) was heard, the second cut
    assert (r.heard, r.cut, r.unheard) == (2, 1, 1)
    assert r.detail["never heard"][0].endswith("Once doce.")


def test_speech_model_queues_and_key_echoes_cut():
    U = lr.Utterance
    utts = [
        U(0.0, "uno dos tres"),  # 1 s at 180 wpm
        U(0.5, "cuatro cinco seis"),  # queued: 1.0 to 2.0
        U(3.0, "m", key=True),  # cuts; its echo takes 1/3 s
        U(3.1, "siete"),  # after the echo: 3.333 to 3.667
    ]
    sim = lr.simulate_speech(utts, 180)
    assert sim[0] == pytest.approx((0.0, 1.0))
    assert sim[1] == pytest.approx((1.0, 2.0))
    assert 2 not in sim
    assert sim[3] == pytest.approx((3.0 + 1 / 3, 3.0 + 2 / 3))


def spectator_run(tmp_path, every):
    """A bot move of 12 words every `every` s from 0 to 90 s, each its own utterance."""
    move = "Luis roba del mazo y tira el 3 de copas ahora mismo."
    trace, spoken = [], [(0.0, "# launched")]
    t = 0.0
    while t <= 90:
        trace.append((t, "line", move))
        spoken.append((t + 0.02, move, "heard"))
        t += every
    return report(tmp_path, spoken, trace, wpm=True, lag=True)


def test_spectator_lag_grows_when_moves_outrun_the_voice(tmp_path):
    r = spectator_run(tmp_path, every=2.0)  # 4 s of speech every 2 s
    # the line printed at 60 s is the 31st: heard at 31 * 4 s + 0.02
    assert r.lag_60 == pytest.approx(31 * 4 + 0.02 - 60, abs=0.1)
    assert r.lag_max > r.lag_60
    # at 60 s the voice says the 16th line (15 * 4 s + 0.02 = 60.02 > 60): printed at 28 s
    assert r.behind_60 == pytest.approx(32.0)


def test_spectator_lag_stays_small_when_paced_by_speech(tmp_path):
    r = spectator_run(tmp_path, every=5.0)
    assert r.lag_max == pytest.approx(4.0, abs=0.1)


def test_lag_is_a_spectator_measure(tmp_path):
    trace = [(70.0, "line", "Partida guardada.")]
    spoken = [(70.02, "Partida guardada.", "heard")]
    assert report(tmp_path, spoken, trace, wpm=True).lag_max is None
    head = HEADER_WPM.replace("jugar chinchon", "jugar chinchon --espectador")
    out = write_run(tmp_path, spoken, trace, wpm=True)
    out.write_text(out.read_text(encoding="utf-8").replace(HEADER_WPM, head), encoding="utf-8")
    assert lr.report_for(out).lag_max == pytest.approx(0.7, abs=0.05)


def test_windows_answerable_by_a_listener_who_waits_for_silence(tmp_path):
    announce = "¡Cabanga en amarillo, el 6! 4 segundos. Te entran: amarillo 6."  # 10 words
    short = "¡Cabanga! Amarillo 6: te entra el 6."  # 6 words: 2 s
    trace = [
        (1.0, "line", announce),
        (1.0, "window-open", "4"),
        (5.0, "window-close", ""),
        (10.0, "line", short),
        (10.0, "window-open", "6"),
        (16.0, "window-close", ""),
        (20.0, "line", "Tu turno."),
        (20.0, "window-open", "turnos"),
        (25.0, "window-close", ""),
    ]
    spoken = [
        (1.02, announce, "heard"),  # heard at 4.35 s: + 1 s to answer > 5 s
        (10.02, short, "heard"),  # heard at 12.0: answerable
        (20.02, "Tu turno.", "heard"),
    ]
    r = report(tmp_path, spoken, trace, wpm=True)
    assert r.windows == 3
    assert [w["answerable"] for w in r.window_detail] == [False, True, True]
    assert r.windows_answerable == 2


def test_a_window_closed_early_counts_from_its_close(tmp_path):
    trace = [
        (1.0, "line", "Te entra el 6."),
        (1.0, "window-open", "10"),
        (2.0, "window-close", ""),  # a bot was faster
    ]
    r = report(tmp_path, [(1.02, "Te entra el 6.", "heard")], trace, wpm=True)
    assert r.windows_answerable == 0


def test_trace_offset_is_estimated_from_the_first_lines(tmp_path):
    trace = [(0.1, "line", "Chinchón contra Marta y Pablo."), (0.1, "prompt", "Roba> ")]
    spoken = [(0.45, "Chinchón contra Marta y Pablo.\\nRoba> ")]
    r = report(tmp_path, spoken, trace)
    assert r.offset == pytest.approx(0.33, abs=0.01)


def test_braille_longest_line_and_long_prompts(tmp_path):
    trace = [
        (0.1, "prompt", "Cabanga amarillo del 12 al 17, cabanga o paso> "),
        (0.2, "prompt", "Juega> "),
    ]
    r = report(
        tmp_path,
        [(0.2, "Juega> ")],
        trace,
        braille=[(0.1, "Cabanga amarillo del 12 al 17, cabanga o"), (0.2, "Juega>")],
    )
    assert r.braille_longest == 40
    assert r.long_prompts == ["Cabanga amarillo del 12 al 17, cabanga o paso>"]


def test_without_a_trace_lines_come_from_the_screen_and_speech(tmp_path):
    out = write_run(
        tmp_path,
        [(0.5, "Tiras el 4 de oros.\\nTurno de Marta> "), (1.5, "xplorar I8>")],
        braille=[(0.5, "Turno de Marta>"), (1.5, "Explorar I8>")],
    )
    (tmp_path / "run.screen.txt").write_text(
        "Tiras el 4 de oros.\nI8: vacía.\nExplorar I8> \n", encoding="utf-8"
    )
    r = lr.report_for(out)
    assert r.source == "inferred"
    assert r.never == 1 and r.detail["never spoken"][0].endswith("I8: vacía.")
    assert r.fragments == 1


def test_command_line_row_json_and_table(tmp_path, capsys):
    out = write_run(
        tmp_path,
        [(0.52, "Tu turno.\\nRoba> ")],
        [(0.5, "line", "Tu turno."), (0.5, "prompt", "Roba> ")],
    )
    assert lr.main([str(out), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data[0]["printed"] == 1 and data[0]["name"] == "run"
    assert lr.main([str(out), str(out), "--table"]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0].startswith("| run | printed | never spoken")
    assert len(table) == 4
    assert lr.main([str(out), "--details"]) == 0
    assert "printed: 1" in capsys.readouterr().out


def test_a_window_the_player_answered_in_silence_is_answerable(tmp_path):
    trace = [
        (1.0, "line", "Te entra el 6."),  # 4 words: heard at 2.35 s
        (1.0, "window-open", "4"),
        (6.6, "window-close", ""),  # the game's clock started when the line was heard
    ]
    spoken = [
        (1.02, "Te entra el 6.", "heard"),
        (5.9, "[key] p "),
        (6.5, "[key] intro "),
        (6.55, "Pasas.", "heard"),
    ]
    r = report(tmp_path, spoken, trace, wpm=True)
    assert r.windows_answerable == 1
    assert "typed in silence" in r.window_detail[0]["why"]


def test_an_answer_typed_over_speech_does_not_make_a_window_answerable(tmp_path):
    long = " ".join(["palabra"] * 30) + "."  # 10 s of speech
    trace = [
        (1.0, "line", long),
        (1.0, "window-open", "4"),
        (4.6, "window-close", ""),
    ]
    spoken = [(1.02, long, "cut@30%"), (4.0, "[key] p "), (4.5, "[key] intro ")]
    r = report(tmp_path, spoken, trace, wpm=True)
    assert r.windows_answerable == 0


def test_a_tail_belongs_to_the_latest_line_that_ends_so(tmp_path):
    trace = [
        (1.0, "line", "Pablo roba del mazo y tira el 7 de copas."),
        (5.0, "line", "Lucía roba del mazo y tira el 7 de copas."),
    ]
    spoken = [
        (1.02, "Pablo roba del mazo y tira el 7 de copas."),
        (5.02, "azo y tira el 7 de copas."),
    ]
    r = report(tmp_path, spoken, trace)
    assert (r.partly, r.twice, r.never) == (1, 0, 0)
    assert r.detail["partly spoken"][0].startswith("+5.000 Lucía")


def test_a_review_jump_spoken_twice_counts(tmp_path):
    trace = [(0.5, "line", "Chinchón contra Marta y Pablo."), (0.5, "line", "Tu turno.")]
    spoken = [
        (0.52, "Chinchón contra Marta y Pablo.\\nTu turno."),
        (4.0, "# key: ctrl+Home"),
        (4.15, "Chinchón contra Marta y Pablo"),
        (4.16, "Chinchón contra Marta y Pablo."),
        (6.0, "# key: Prior"),
        (8.0, "# key: Escape"),
    ]
    r = report(tmp_path, spoken, trace)
    assert r.twice == 1 and r.review_silent == 1
    assert r.detail["spoken twice"][0].startswith("review step +4.000 key: ctrl+Home")
