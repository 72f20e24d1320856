#!/usr/bin/env python3
"""listen_report.py - what a screen reader made of what the game printed.

Reads one run of ../shared/tools/listen/listen.sh (OUTPUT.txt, OUTPUT.speechd.txt,
OUTPUT.braille.txt, OUTPUT.screen.txt) and the game's own trace of what it printed
(``SOBREMESA_TRACE=OUTPUT.trace.txt``: ``SECONDS<TAB>KIND<TAB>TEXT``, KIND one of
``line``, ``answer``, ``prompt``, ``window-open``, ``window-close``), and prints one
row per run:

    printed      lines the game printed (trace ``line`` + ``answer`` events)
    never        printed lines never spoken (neither whole nor in part)
    partly       lines that lost their head: only a tail (>= 3 chars) was spoken
    twice        lines spoken in two utterances (or whole and again in part), and
                 history review steps (PageUp, Ctrl+Home...) spoken twice
    fragments    utterances that are only (part of) a prompt, with no printed line,
                 not the answer to a key (a prompt said again after Escape is fine)
    digits       utterances (or lines of one) made of digits only
    heard        (LISTEN_WPM runs) printed lines heard whole / cut / never heard
    windows      the player's reaction windows answerable by a listener who waits
                 for silence (then needs --react s to answer) / all of them
    lag          spectator lag (runs with --espectador, or --lag): for lines printed
                 after --lag-from s, when the line has been heard (speech simulated
                 at the run's rate, without the cuts of later key presses) minus
                 when it was printed; max and at 60 s; and how far behind the voice
                 is at 60 s (what it says then was printed how long before)
    prompt%      words of prompts spoken / all words spoken (heard words at WPM)
    braille      longest braille line (cells) and prompts longer than 30 cells

Times: listen.sh counts from the command's launch, the trace from the program's
start (a few tenths of a second later). The offset is estimated as the smallest
delay between a traced line and the utterance that speaks it (it is at least the
16-30 ms Orca takes) and is reported; the difference is small against the
quantities measured here.

Without a trace (older code), printed lines are inferred from the final screen and
from what was spoken; lines that scrolled away unspoken cannot be seen then, and
windows and lag are not measured (the row says ``source: inferred``).

Matching: Orca joins lines printed together into one utterance ("\\n" inside) and
appends the prompt. Text is compared with whitespace collapsed and case folded. A
printed line is spoken whole if a run of consecutive utterance lines equals it;
partly if only a proper suffix of it (>= 3 chars) was; an utterance is attributed to
a printed line only between its print time and the next print of the same text.
Utterances that answer a history review key (PageUp/PageDown, Ctrl+Home/End) count
only for lines printed after that key.

Usage:
    listen_report.py OUTPUT.txt [--trace FILE] [--name NAME] [--json] [--details]
    listen_report.py --table OUTPUT.txt... > TABLE.md   (markdown table, one row each)
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path

#: A prompt longer than this does not leave room on a 40-cell display.
PROMPT_CELLS = 30
#: Keys of the history review: what is spoken after them is the review, not new output.
REVIEW_KEYS = {"prior", "next", "ctrl+home", "ctrl+end", "page_up", "page_down"}
#: An utterance this soon after a key or typed line answers it.
KEY_ANSWER_S = 1.0
#: Utterances may be logged slightly before the traced time (clock offset).
SLACK_S = 0.3
MIN_SUFFIX = 3

_DIGITS = re.compile(r"^[\d\s.,:;+\-/()]+$")
_HAS_DIGIT = re.compile(r"\d")


# ---------------------------------------------------------------- reading the files
@dataclass
class Utterance:
    t: float
    text: str  # "\n" between the lines of one utterance
    status: str = ""  # heard | cut@NN% | dropped | "" (no LISTEN_WPM)
    key: bool = False  # Orca's echo of a typed key
    review: float | None = None  # time of the review key it answers, if any
    after_input: bool = False  # within KEY_ANSWER_S of a harness input

    @property
    def segments(self) -> list[str]:
        return [s for s in self.text.split("\n")]

    def heard_fraction(self) -> float:
        if self.status in ("", "heard"):
            return 1.0
        if self.status == "dropped":
            return 0.0
        m = re.match(r"cut@(\d+)%", self.status)
        return int(m.group(1)) / 100 if m else 1.0


@dataclass
class HarnessEvent:
    t: float
    text: str  # "typed: mano⏎", "key: Prior", "@wait timed out: ...", ...


@dataclass
class TraceEvent:
    t: float
    kind: str
    text: str


@dataclass
class Run:
    utterances: list[Utterance] = field(default_factory=list)
    harness: list[HarnessEvent] = field(default_factory=list)
    wpm: float = 0.0
    command: str = ""
    braille: list[tuple[float, str]] = field(default_factory=list)
    screen: list[str] = field(default_factory=list)


def _sec(field_: str) -> float:
    return float(field_.lstrip("+"))


def read_run(path: Path) -> Run:
    run = Run()
    with open(path, encoding="utf-8", errors="replace") as fh:
        for raw in fh:
            raw = raw.rstrip("\n")
            if raw.startswith("#"):
                if raw.startswith("# Orca speech while running: "):
                    run.command = raw[len("# Orca speech while running: ") :]
                m = re.search(r"simulated ([\d.]+) wpm", raw)
                if m:
                    run.wpm = float(m.group(1))
                continue
            parts = raw.split("\t")
            if len(parts) < 2:
                continue
            try:
                t = _sec(parts[0])
            except ValueError:
                continue
            text = parts[1]
            status = parts[2] if len(parts) > 2 else ""
            if text.startswith("# "):
                run.harness.append(HarnessEvent(t, text[2:]))
                continue
            key = text.startswith("[key] ")
            if key:
                text = text[len("[key] ") :]
            elif re.match(r"^\[\w+\] ", text):  # another voice tag
                text = text.split(" ", 1)[1]
            text = text.replace("\\n", "\n")
            run.utterances.append(Utterance(t, text, status, key))
    base = str(path)[:-4] if str(path).endswith(".txt") else str(path)
    braille = Path(base + ".braille.txt")
    if braille.exists():
        for raw in braille.read_text(encoding="utf-8", errors="replace").splitlines():
            if raw.startswith("#"):
                continue
            parts = raw.split("\t")
            try:
                run.braille.append((_sec(parts[0]), parts[1] if len(parts) > 1 else ""))
            except ValueError:
                continue
    screen = Path(base + ".screen.txt")
    if screen.exists():
        run.screen = screen.read_text(encoding="utf-8", errors="replace").splitlines()
    _mark_context(run)
    return run


def _input_key(event: HarnessEvent) -> str | None:
    """The key name of a harness key event, lower case; "" for a typed line."""
    if event.text.startswith("key: "):
        return event.text[len("key: ") :].strip().lower()
    if event.text.startswith("typed: "):
        return ""
    return None


def _mark_context(run: Run) -> None:
    inputs = [(e.t, _input_key(e)) for e in run.harness if _input_key(e) is not None]
    for u in run.utterances:
        before = [(t, k) for t, k in inputs if t <= u.t]
        if not before:
            continue
        t, k = before[-1]
        if k in REVIEW_KEYS:
            u.review = t
        # a typed line ends with Enter, pressed about len(text)*delay later: the
        # echo of that Enter ("intro"/"Return") is the closer key
        keys = [x.t for x in run.utterances if x.key and x.t <= u.t]
        last = max([t, *keys])
        u.after_input = u.t - last <= KEY_ANSWER_S


def read_trace(path: Path) -> list[TraceEvent]:
    events = []
    for raw in path.read_text(encoding="utf-8", errors="replace").splitlines():
        parts = raw.split("\t", 2)
        if len(parts) < 2:
            continue
        try:
            t = float(parts[0])
        except ValueError:
            continue
        events.append(TraceEvent(t, parts[1].strip(), parts[2] if len(parts) > 2 else ""))
    return events


# ---------------------------------------------------------------- text helpers
def norm(text: str) -> str:
    return " ".join(text.split()).casefold()


def words(text: str) -> int:
    return len(text.split())


def prompt_core(text: str) -> str:
    """A prompt as it is compared: normalized, without what was typed after '>'."""
    n = norm(text)
    if ">" in n:
        n = n[: n.index(">") + 1]
    return n


def is_digits(text: str) -> bool:
    n = norm(text)
    return bool(n) and bool(_DIGITS.match(n)) and bool(_HAS_DIGIT.search(n))


# ---------------------------------------------------------------- the analysis
@dataclass
class Printed:
    t: float  # aligned to listen.sh's clock
    kind: str  # line | answer | screen | spoken (inferred)
    text: str
    whole: int = 0
    partial: int = 0
    spoken_as: list[str] = field(default_factory=list)
    heard: str = ""  # heard | cut | never (WPM runs)
    heard_end: float | None = None  # simulated: when the line has been heard


@dataclass
class Window:
    t_open: float
    seconds: float | None  # None: por turnos
    t_close: float | None
    line: str = ""
    line_heard: float | None = None  # when its announcement has been heard
    silence: float | None = None  # when speech then fell silent
    deadline: float | None = None
    answerable: bool = False
    why: str = ""


@dataclass
class Report:
    name: str
    source: str  # trace | inferred
    wpm: float
    offset: float
    printed: int = 0
    never: int = 0
    partly: int = 0
    twice: int = 0
    fragments: int = 0
    digits: int = 0
    heard: int | None = None
    cut: int | None = None
    unheard: int | None = None
    windows: int = 0
    windows_answerable: int | None = None
    lag_max: float | None = None
    lag_60: float | None = None
    behind_60: float | None = None  # at 60 s the voice says what was printed this long ago
    prompt_words: float = 0.0
    spoken_words: float = 0.0
    prompt_share: float | None = None
    braille_longest: int = 0
    long_prompts: list[str] = field(default_factory=list)
    review_silent: int = 0
    waits_timed_out: int = 0
    timed_out: bool = False
    duration: float = 0.0
    detail: dict[str, list[str]] = field(default_factory=dict)
    window_detail: list[dict[str, object]] = field(default_factory=list)


def _seg_runs(segs: list[str]) -> list[tuple[int, int, str]]:
    """Every run of consecutive segments, joined: (first, last, text)."""
    out = []
    for i in range(len(segs)):
        joined = ""
        for j in range(i, len(segs)):
            joined = f"{joined} {segs[j]}".strip() if joined else segs[j]
            out.append((i, j, joined))
            if len(joined) > 2000:
                break
    return out


def _match(line: str, segs: list[str]) -> tuple[str, int, int] | None:
    """("whole"|"partial", first, last) for the best match of a line in segments."""
    n = norm(line)
    if not n:
        return None
    best = None
    for i, j, joined in _seg_runs(segs):
        if joined == n:
            return ("whole", i, j)
        if (
            best is None
            and len(joined) >= MIN_SUFFIX
            and n.endswith(joined)
            and len(joined) < len(n)
        ):
            # a tail only; it must not be (the tail of) a whole other line start
            best = ("partial", i, j)
    return best


def _estimate_offset(printed: list[TraceEvent], utts: list[Utterance]) -> float:
    delays = []
    speech = [u for u in utts if not u.key]
    for ev in printed:
        n = norm(ev.text)
        if len(n) < 8:
            continue
        for u in speech:
            if u.t < ev.t - 0.05:
                continue
            if u.t > ev.t + 3.0:
                break
            if any(joined == n for _, _, joined in _seg_runs([norm(s) for s in u.segments])):
                delays.append(u.t - ev.t)
                break
    if not delays:
        return 0.0
    return max(0.0, min(2.0, min(delays) - 0.02))


def simulate_speech(utts: list[Utterance], wpm: float) -> dict[int, tuple[float, float]]:
    """(start, end) of every non-key utterance as a synthesizer at `wpm` words per
    minute would speak it: utterances queue; a key echo cuts what is queued before
    it (Orca stops speech on a key). The end of an utterance is computed when it is
    queued, so later key presses do not shorten it: the time a listener who does
    not touch the keyboard would have heard it."""
    per_word = 60.0 / wpm if wpm > 0 else 0.0
    out: dict[int, tuple[float, float]] = {}
    busy_until = 0.0
    for index, u in enumerate(utts):
        dur = max(1, words(u.text)) * per_word
        if u.key:
            busy_until = u.t + dur
            continue
        start = max(u.t, busy_until)
        out[index] = (start, start + dur)
        busy_until = start + dur
    return out


def analyze(
    run: Run,
    trace: list[TraceEvent] | None,
    *,
    name: str = "",
    wpm: float | None = None,
    react: float = 1.0,
    lag_from: float = 60.0,
    lag: bool | None = None,
) -> Report:
    """lag: measure the spectator lag (default: when the run is a spectator's)."""
    wpm = run.wpm if wpm is None else wpm
    model_wpm = wpm or 0.0
    utts = run.utterances
    speech_idx = [i for i, u in enumerate(utts) if not u.key]
    report = Report(
        name=name, source="trace" if trace is not None else "inferred", wpm=wpm, offset=0.0
    )
    report.waits_timed_out = sum(1 for e in run.harness if e.text.startswith("@wait timed out"))
    report.timed_out = any(e.text.startswith("TIMEOUT") for e in run.harness)
    report.duration = max([0.0, *[e.t for e in run.harness], *[u.t for u in utts]])

    # -- printed lines and prompts
    prompts: list[str] = []
    raw_windows: list[tuple[float, str, str]] = []
    if trace is not None:
        printed_ev = [e for e in trace if e.kind in ("line", "answer") and norm(e.text)]
        offset = _estimate_offset(printed_ev, utts)
        printed = [Printed(e.t + offset, e.kind, e.text) for e in printed_ev]
        prompts = [e.text for e in trace if e.kind == "prompt" and norm(e.text)]
        raw_windows = [
            (e.t + offset, e.kind, e.text)
            for e in trace
            if e.kind in ("window-open", "window-close")
        ]
    else:
        offset = 0.0
        prompts = list(dict.fromkeys(_braille_prompt(t) for _, t in run.braille if ">" in t))
        printed = _infer_printed(run, prompts)
    report.offset = round(offset, 3)
    prompt_set = {prompt_core(p) for p in prompts if prompt_core(p)}
    report.printed = len(printed)

    # -- match printed lines to utterances
    nsegs = {i: [norm(s) for s in utts[i].segments] for i in speech_idx}
    used: dict[int, set[int]] = {i: set() for i in speech_idx}  # segment indexes explained
    line_in: dict[int, list[tuple[int, int, int]]] = {}  # printed index -> (utt, first, last)
    timed = trace is not None
    cands: list[tuple[int, int, str, int, int]] = []  # (printed, utterance, kind, first, last)
    for p_index, p in enumerate(printed):
        later_same = [
            q.t for q in printed[p_index + 1 :] if norm(q.text) == norm(p.text) and q.t > p.t
        ]
        upper = (later_same[0] - SLACK_S) if (timed and later_same) else float("inf")
        lower = p.t - SLACK_S if timed else float("-inf")
        for i in speech_idx:
            u = utts[i]
            if not (lower <= u.t < upper):
                continue
            if timed and u.review is not None and p.t < u.review - SLACK_S:
                continue
            m = _match(p.text, nsegs[i])
            if m is None:
                continue
            kind, first, last = m
            if not timed:
                if kind == "whole" and any(k in used[i] for k in range(first, last + 1)):
                    continue
                used[i].update(range(first, last + 1))
            cands.append((p_index, i, kind, first, last))
            if not timed:
                break
    # A tail can match several lines that end alike ("...roba del mazo y tira el 7 de
    # copas."): it belongs to a line it is not part of a whole match with, and among
    # those to the latest printed before it.
    wholes = [(i, first, last) for _, i, kind, first, last in cands if kind == "whole"]
    best_tail: dict[tuple[int, int, int], tuple[int, int, str, int, int]] = {}
    for c in cands:
        p_index, i, kind, first, last = c
        if kind == "whole":
            continue
        if any(j == i and lo <= last and first <= hi for j, lo, hi in wholes):
            continue
        key = (i, first, last)
        old = best_tail.get(key)
        when = printed[p_index].t
        if old is None or (printed[old[0]].t < when <= utts[i].t + SLACK_S):
            best_tail[key] = c
    chosen = [c for c in cands if c[2] == "whole"] + list(best_tail.values())
    chosen.sort(key=lambda c: (c[0], utts[c[1]].t))
    for p_index, i, kind, first, last in chosen:
        p = printed[p_index]
        if kind == "whole":
            p.whole += 1
        else:
            p.partial += 1
        p.spoken_as.append(" / ".join(utts[i].segments[first : last + 1]))
        used[i].update(range(first, last + 1))
        line_in.setdefault(p_index, []).append((i, first, last))

    # history review: each step is spoken once
    review_twice, review_silent = [], []
    inputs = [e for e in run.harness if _input_key(e) is not None]
    for n, e in enumerate(inputs):
        if _input_key(e) not in REVIEW_KEYS:
            continue
        until = inputs[n + 1].t if n + 1 < len(inputs) else float("inf")
        said = [u for u in utts if not u.key and e.t < u.t < until]
        if not said:
            review_silent.append(f"+{e.t:.3f} {e.text}")
        elif len(said) > 1:
            review_twice.append(f"+{e.t:.3f} {e.text}: " + " | ".join(u.text for u in said))
    report.review_silent = len(review_silent)

    never = [p for p in printed if p.whole == 0 and p.partial == 0]
    partly = [p for p in printed if p.whole == 0 and p.partial > 0]
    twice = [p for p in printed if p.whole + p.partial >= 2]
    report.never, report.partly = len(never), len(partly)
    report.twice = len(twice) + len(review_twice)

    # -- prompts in utterances, fragments, digits, words
    def is_prompt_seg(seg: str) -> bool:
        core = prompt_core(seg)
        if not core:
            return False
        return any(core == p or core in p for p in prompt_set)

    fragments: list[str] = []
    digits: list[str] = []
    for i in speech_idx:
        u = utts[i]
        segs = nsegs[i]
        unexplained = [k for k, s in enumerate(segs) if s and k not in used[i]]
        prompt_segs = [k for k in unexplained if is_prompt_seg(segs[k])]
        for k, s in enumerate(segs):
            if s and is_digits(s):
                digits.append(f"+{u.t:.3f} {u.segments[k].strip()}")
        if not used[i] and unexplained and prompt_segs == unexplained:
            whole = any(prompt_core(segs[k]) in prompt_set for k in prompt_segs)
            if not (whole and (u.after_input or u.review is not None)):
                fragments.append(f"+{u.t:.3f} {u.text.strip()}")
        # words, weighted by what was heard
        total = sum(words(s) for s in segs)
        heard_words = total * u.heard_fraction()
        report.spoken_words += heard_words
        # prompt words come last in an utterance: a cut takes them first
        pw = sum(words(segs[k]) for k in prompt_segs)
        report.prompt_words += max(0.0, min(pw, heard_words - (total - pw)))
    report.fragments, report.digits = len(fragments), len(digits)
    if report.spoken_words:
        report.prompt_share = round(100 * report.prompt_words / report.spoken_words, 1)

    # -- heard (WPM) and the speech model
    sim = simulate_speech(utts, model_wpm) if model_wpm else {}
    per_word = 60.0 / model_wpm if model_wpm else 0.0
    for p_index, p in enumerate(printed):
        spots = line_in.get(p_index, [])
        best = ""
        for i, first, last in spots:
            u = utts[i]
            segs = nsegs[i]
            upto = sum(words(s) for s in segs[: last + 1])
            total = max(1, sum(words(s) for s in segs))
            frac = u.heard_fraction()
            if frac >= 1.0 or frac * total >= upto:
                state = "heard"
            elif frac * total > sum(words(s) for s in segs[:first]):
                state = "cut"
            else:
                state = "never"
            if i in sim and p.heard_end is None:
                p.heard_end = sim[i][0] + upto * per_word
            rank = {"heard": 3, "cut": 2, "never": 1, "": 0}
            if rank[state] > rank[best]:
                best = state
        p.heard = best or "never"
    if wpm:
        report.heard = sum(1 for p in printed if p.heard == "heard")
        report.cut = sum(1 for p in printed if p.heard == "cut")
        report.unheard = sum(1 for p in printed if p.heard == "never")

    # -- spectator lag (needs times of printing: trace)
    if lag is None:
        lag = "--espectador" in run.command.split() or "--spectator" in run.command.split()
    if wpm and timed and lag:
        lags = [
            (p.t, p.heard_end - p.t) for p in printed if p.t >= lag_from and p.heard_end is not None
        ]
        if lags:
            report.lag_max = round(max(lag for _, lag in lags), 1)
            report.lag_60 = round(lags[0][1], 1)
        # and how far behind the voice is at lag_from: what it says then was printed when
        speaking = [i for i, (start, end) in sim.items() if start <= lag_from < end]
        if speaking:
            said = [
                printed[k].t for k, spots in line_in.items() for i, _, _ in spots if i in speaking
            ]
            if said:
                report.behind_60 = round(lag_from - min(said), 1)
        elif sim:
            report.behind_60 = 0.0

    # -- windows
    windows = _windows(raw_windows, printed, run)
    report.windows = len(windows)
    if windows and timed:
        for w in windows:
            _judge_window(w, printed, utts, sim, per_word, react, wpm)
        if wpm:
            report.windows_answerable = sum(1 for w in windows if w.answerable)
        report.window_detail = [asdict(w) for w in windows]

    # -- braille
    report.braille_longest = max([0, *[len(t.rstrip()) for _, t in run.braille]])
    seen = []
    for p in prompts:
        text = " ".join(p.split())
        if len(text) > PROMPT_CELLS and text not in seen:
            seen.append(text)
    report.long_prompts = seen

    report.detail = {
        "never spoken": [f"+{p.t:.3f} {p.text}" for p in never],
        "partly spoken": [f"+{p.t:.3f} {p.text}  <- {' | '.join(p.spoken_as)}" for p in partly],
        "spoken twice": [f"+{p.t:.3f} {p.text}  <- {' | '.join(p.spoken_as)}" for p in twice]
        + [f"review step {x}" for x in review_twice],
        "silent review steps": review_silent,
        "prompt fragments": fragments,
        "digit-only": digits,
    }
    if wpm:
        report.detail["never heard"] = [
            f"+{p.t:.3f} {p.text}" for p in printed if p.heard == "never"
        ]
        report.detail["cut"] = [f"+{p.t:.3f} {p.text}" for p in printed if p.heard == "cut"]
    return report


def _windows(raw: list[tuple[float, str, str]], printed: list[Printed], run: Run) -> list[Window]:
    out: list[Window] = []
    for t, kind, text in raw:
        if kind == "window-open":
            try:
                seconds: float | None = float(text.strip().split()[0])
            except (ValueError, IndexError):
                seconds = None  # "turnos"
            out.append(Window(t, seconds, None))
        elif kind == "window-close":
            for w in reversed(out):
                if w.t_close is None:
                    w.t_close = t
                    break
    return out


def _judge_window(
    w: Window,
    printed: list[Printed],
    utts: list[Utterance],
    sim: dict[int, tuple[float, float]],
    per_word: float,
    react: float,
    wpm: float,
) -> None:
    # the announcement: the last line printed at (or just after) the opening
    before = [p for p in printed if p.t <= w.t_open + 0.25]
    if not before:
        w.why = "no line before the window"
        return
    line = before[-1]
    w.line = line.text
    if w.seconds is None:
        w.answerable = line.whole > 0 and (not wpm or line.heard == "heard")
        w.why = "por turnos: " + (
            "announcement heard" if w.answerable else "announcement not heard"
        )
        return
    # A window ends at its window-close (without one: window-open + seconds). The game
    # may start its clock after window-open (when its line has been heard), so a
    # window closed by the player's own answer (an Enter just before the close) that
    # was typed in silence counts as answerable: listen.sh types only after
    # LISTEN_IDLE s of silence, as a listener who waits for silence would.
    w.deadline = w.t_close if w.t_close is not None else w.t_open + w.seconds
    enter = None
    if w.t_close is not None:
        keys = [u.t for u in utts if u.key and w.t_close - KEY_ANSWER_S <= u.t <= w.t_close + 0.05]
        enter = keys[-1] if keys else None
    if line.whole == 0:
        w.why = "announcement never spoken whole"
        return
    if not wpm:
        w.answerable = True
        w.why = "no speech timing (plain run)"
        return
    if line.heard_end is None:
        w.why = "announcement not heard"
        return
    w.line_heard = round(line.heard_end, 3)
    # silence: the queue of utterances (no cuts) runs dry
    silence = line.heard_end
    for i in sorted(sim):
        start, end = sim[i]
        if end <= silence:
            continue
        if start <= silence + 0.05:
            silence = end
    w.silence = round(silence, 3)
    if enter is not None:
        # the first key of the answer: typing starts a few keys before the Enter
        typed = [u.t for u in utts if u.key and enter - KEY_ANSWER_S * 3 <= u.t <= enter]
        first = typed[0] if typed else enter
        speaking = any(start < first < end for start, end in sim.values())
        if not speaking and first >= line.heard_end:
            w.answerable = True
            w.why = f"the player's answer, typed in silence at +{first:.1f}, closed it"
            return
    w.answerable = silence + react <= w.deadline
    w.why = f"silent at +{silence:.1f}, {react:g} s to answer, closes at +{w.deadline:.1f}"


def _braille_prompt(text: str) -> str:
    """The prompt part of a braille line (what was typed after it dropped)."""
    return text[: text.index(">") + 1] if ">" in text else text


def _infer_printed(run: Run, prompts: list[str]) -> list[Printed]:
    """No trace: the spoken lines, plus the final screen's rows that were not
    spoken at all (a row can be part of a long line the terminal wrapped). Order
    and times unknown."""
    prompt_set = {prompt_core(p) for p in prompts if prompt_core(p)}
    spoken = [norm(seg) for u in run.utterances if not u.key for seg in u.segments]
    lines: list[str] = []
    for row in run.screen:
        n = norm(row)
        if not n or (">" in n and prompt_core(n) in prompt_set):
            continue
        if any(n in s for s in spoken):
            continue
        lines.append(row.strip())
    seen = {norm(x) for x in lines}
    for u in run.utterances:
        if u.key or u.review is not None:
            continue
        for seg in u.segments:
            n = norm(seg)
            if not n or n in seen or any(prompt_core(n) in p for p in prompt_set):
                continue
            if any(n != s and s.endswith(n) for s in seen):
                continue
            seen.add(n)
            lines.append(seg.strip())
    return [Printed(0.0, "inferred", x) for x in lines]


# ---------------------------------------------------------------- output
COLUMNS = [
    ("run", "run"),
    ("printed", "printed"),
    ("never", "never spoken"),
    ("partly", "partly spoken"),
    ("twice", "spoken twice"),
    ("fragments", "prompt fragments"),
    ("digits", "digit-only"),
    ("heard", "heard/cut/never heard"),
    ("windows", "windows answerable"),
    ("lag", "spectator lag max (at 60 s)"),
    ("prompt", "prompt share"),
    ("braille", "braille longest / prompts >30"),
]


def cells(r: Report) -> dict[str, str]:
    dash = "–"
    heard = f"{r.heard}/{r.cut}/{r.unheard}" if r.heard is not None else dash
    if not r.windows:
        windows = dash
    elif r.windows_answerable is None:
        windows = f"?/{r.windows}"
    else:
        windows = f"{r.windows_answerable}/{r.windows}"
    lag = f"{r.lag_max:.1f} s ({r.lag_60:.1f} s)" if r.lag_max is not None else dash
    if r.behind_60 is not None:
        lag += f"; voice {r.behind_60:.0f} s behind at 60 s"
    prompt = f"{r.prompt_share:.0f} %" if r.prompt_share is not None else dash
    name = r.name + (f" @{r.wpm:g}wpm" if r.wpm else "")
    if r.source != "trace":
        name += " (inferred)"
    if r.timed_out:
        name += " TIMEOUT"
    elif r.waits_timed_out:
        name += f" ({r.waits_timed_out} @wait timed out)"
    return {
        "run": name,
        "printed": str(r.printed),
        "never": str(r.never),
        "partly": str(r.partly),
        "twice": str(r.twice),
        "fragments": str(r.fragments),
        "digits": str(r.digits),
        "heard": heard,
        "windows": windows,
        "lag": lag,
        "prompt": prompt,
        "braille": f"{r.braille_longest} / {len(r.long_prompts)}",
    }


def markdown_table(reports: list[Report]) -> str:
    head = "| " + " | ".join(title for _, title in COLUMNS) + " |"
    rule = "|" + "|".join("---" for _ in COLUMNS) + "|"
    rows = ["| " + " | ".join(cells(r)[key] for key, _ in COLUMNS) + " |" for r in reports]
    return "\n".join([head, rule, *rows]) + "\n"


def text_row(r: Report) -> str:
    c = cells(r)
    return "  ".join(f"{title}: {c[key]}" for key, title in COLUMNS)


def details(r: Report) -> str:
    out = [text_row(r), f"source: {r.source}; trace offset {r.offset:+.3f} s"]
    for title, items in r.detail.items():
        if items:
            out.append(f"{title} ({len(items)}):")
            out.extend(f"  {x}" for x in items)
    if r.long_prompts:
        out.append(f"prompts longer than {PROMPT_CELLS} cells:")
        out.extend(f"  {p} ({len(p)})" for p in r.long_prompts)
    for w in r.window_detail:
        mark = "yes" if w["answerable"] else "NO"
        secs = "turnos" if w["seconds"] is None else f"{w['seconds']:g} s"
        out.append(
            f"window +{w['t_open']:.1f} ({secs}) answerable: {mark} — {w['why']}"
            f" — last line before it: {w['line']}"
        )
    return "\n".join(out)


def report_for(output: Path, *, trace: Path | None = None, name: str | None = None, **kw) -> Report:
    run = read_run(output)
    if trace is None:
        candidate = Path(str(output)[:-4] + ".trace.txt") if str(output).endswith(".txt") else None
        if candidate is not None and candidate.exists() and candidate.stat().st_size > 0:
            trace = candidate
    events = read_trace(trace) if trace is not None else None
    if name is None:
        name = output.name[:-4] if output.name.endswith(".txt") else output.name
    return analyze(run, events, name=name, **kw)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("outputs", nargs="+", type=Path, help="OUTPUT.txt of listen.sh")
    ap.add_argument("--trace", type=Path, help="the game's trace (default OUTPUT.trace.txt)")
    ap.add_argument("--name", help="scenario name (default from the file name)")
    ap.add_argument("--wpm", type=float, help="speech rate (default: the run's LISTEN_WPM)")
    ap.add_argument("--react", type=float, default=1.0, help="seconds to answer after silence")
    ap.add_argument("--lag-from", type=float, default=60.0, help="spectator lag from this second")
    ap.add_argument(
        "--lag", action="store_true", help="measure the lag also when not a spectator's run"
    )
    ap.add_argument("--json", action="store_true", help="machine-readable")
    ap.add_argument("--table", action="store_true", help="markdown table of all OUTPUTs")
    ap.add_argument("--details", action="store_true", help="list the lines behind each count")
    args = ap.parse_args(argv)
    if len(args.outputs) > 1 and (args.trace or args.name):
        ap.error("--trace and --name need a single OUTPUT")
    reports = []
    for output in args.outputs:
        if not output.exists():
            print(f"listen_report: {output}: no such file", file=sys.stderr)
            return 2
        reports.append(
            report_for(
                output,
                trace=args.trace,
                name=args.name,
                wpm=args.wpm,
                react=args.react,
                lag_from=args.lag_from,
                lag=True if args.lag else None,
            )
        )
    if args.json:
        print(json.dumps([asdict(r) for r in reports], ensure_ascii=False, indent=1))
    elif args.table:
        print(markdown_table(reports), end="")
    else:
        for r in reports:
            print(details(r) if args.details else text_row(r))
    return 0


if __name__ == "__main__":
    sys.exit(main())
