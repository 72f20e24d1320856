"""The console: where lines go out and typed commands come in.

Two implementations share one interface (:class:`Console`); :func:`make_console`
picks one.

Terminal mode (prompt_toolkit)
==============================

Used when stdin and stdout are both terminals, ``TERM`` is not ``dumb`` and plain
mode was not forced. The input line is always there, also while the bots play:
what you type is kept while the game goes on.

- Output is appended above the input line, one line per announcement; nothing is
  redrawn except the input line itself. No colours, no menus, no pop-ups, no mouse,
  no cursor-position requests.
- **Narration waits for you.** A game announcement that arrives while you have a
  half-typed command (or while you are reviewing the history, see below) is held
  back and printed as soon as you press Enter or your input line becomes empty
  again (for example when you delete what you typed). The answer to your own
  command is printed at once, above your half-typed text, which stays as it was.
- After Enter the input line comes back as soon as the game asks for the next
  command, and after half a second at the latest; keys typed in between are kept.
- Ctrl+C interrupts (the game asks what to do); Ctrl+D on an empty line ends the
  input, like closing the terminal. Up and Down recall the commands you typed
  before; the usual line-editing keys work (Left, Right, Home, End, Backspace,
  Delete, Ctrl+U, Ctrl+W...). Tab does nothing (there is no completion).

Command keys
------------

Each key sends its command as if you had typed it and pressed Enter, but it does
not touch your half-typed text: the answer is printed above and your text stays
in the input line. The keys are the same in every game.

=========  ================  ===============================================
Key        Command           What it is for
=========  ================  ===============================================
F1         ``ayuda``         help: the commands and keys
F2         ``mano``          your hand or rack
F3         ``mesa``          the table: top card, rows, board
F4         ``puntos``        the scores
F5         ``turno``         whose turn it is
F6         ``ultima``        the last move
F7         ``combinaciones`` your melds (Chinchón) or what you can play
F8         ``historial``     the latest announcements
F9         ``repetir``       repeat the last announcement
Escape     ``callar``        silence the voice (see history review)
=========  ================  ===============================================

Some terminals keep F1, F10 or F11 for themselves; the typed command always
works. An Alt+letter combination reaches the program as Escape followed by the
letter, so it also sends ``callar``. The game may add keys or change these.

History review in the input line
--------------------------------

A braille display shows only the line with the cursor, so every announcement can
be read again *in the input line*, without printing anything:

- **PageUp** shows the previous announcement in the input line (the first press
  shows the newest one); **PageDown** the next one. PageDown past the newest
  announcement ends the review.
- **Ctrl+Home** jumps to the oldest announcement, **Ctrl+End** to the newest.
- While reviewing, the prompt is hidden and the cursor sits at the start of the
  line, so a braille display shows the beginning of the announcement. At the
  oldest announcement PageUp stays there.
- Your half-typed text (the draft) is kept aside and never lost. **Escape**,
  **Enter** and **Ctrl+D** end the review and bring the draft back; they do
  nothing else (Enter does not send the announcement, Escape does not silence the
  voice). **Any other key** ends the review, brings the draft back and then does
  its usual job on the draft: a typed letter is added to it, Backspace deletes from
  it, F2 sends ``mano``, Ctrl+C interrupts.
- Game narration that arrives while you review is held back until the review ends
  (and the draft is empty), like while you type. The review already includes it.
- Speech: Orca (measured with Orca 43) speaks the announcement of the first
  PageUp and of Ctrl+Home, but not always the following PageUp/PageDown steps; the
  braille display shows every step. The program's own voice can read each step.

Modo de exploración (key mode)
------------------------------

A game can turn some keys into command keys for a while, for example to walk over
a board with the arrow keys (in Palabras, the command ``explorar``). The game
chooses the keys and their commands, and how the mode is left (usually a command
sent by Escape). While the mode is on:

- **A key of the mode** sends its command exactly like F1 to F9 do: as if typed
  and Enter pressed, without touching your half-typed text. It replaces the key's
  usual job: Up and Down no longer recall typed commands; Left, Right, Home and
  End no longer move the cursor; PageUp, PageDown, Ctrl+Home and Ctrl+End no
  longer review the history; Escape sends the game's command instead of
  ``callar``. This holds only for the keys the mode uses.
- **Every other key keeps its job.** Letters, digits, space and Backspace edit
  the input line and Enter sends it, so any command can still be typed (for
  example ``ir H8`` and Enter), unless the mode itself uses Enter or letters. F1 to
  F9 keep sending their commands unless the mode uses them.
- During a history review (possible when the mode leaves PageUp free), Escape,
  Enter and Ctrl+D still only end the review; any other key of the mode ends the
  review, brings the draft back and sends its command.
- Narration waits for a half-typed command as always; with an empty input line
  the answers and the narration are printed as they come.
- When the mode ends, every key does its usual job again.

Plain mode has no keys: there the same commands are typed.

Plain mode
==========

Used when stdin or stdout is not a terminal, when ``TERM=dumb``, or when forced
(``force_plain``). Lines are read with ``readline`` and written with ``print``-like
writes, flushed at once. It is the same game, line by line, so a whole game can be
scripted: ``sobremesa < comandos.txt > partida.txt``.

- **Scripted (stdin is not a terminal):** ``interactive`` is False; every
  ``get_line`` reads exactly the next line, whatever timeout is given (timeouts
  are ignored, so a script is reproducible line by line). End of input returns
  ``None``.
- **Prompts:** printed only when stdout is a terminal, without a newline (the
  cursor stays after it). When stdout is a pipe or a file, prompts are not printed
  at all, so transcripts hold only the game's lines. When stdout is a terminal but
  stdin is not, the line read is echoed after the prompt (``Tu turno> mano``), so
  the screen reads like a typed session.
- **Plain terminal (``TERM=dumb`` or forced, both streams terminals):**
  ``interactive`` is True and timeouts are honoured (a helper thread reads the
  terminal); an announcement that arrives while the prompt is shown starts a new
  line, and the prompt is printed again before the next read. Typed text cannot be
  protected from narration in this mode, and there are no command keys: type the
  commands. Ctrl+C raises ``KeyboardInterrupt`` as usual.

Input lines (both modes)
========================

``get_line`` returns cleaned text (see :func:`clean_input`): Unicode normalized to
NFC; tabs, newlines and other whitespace become spaces; other control and
formatting characters (the ESC of terminal sequences, NUL, bidi overrides...)
are removed;
leading and trailing spaces are stripped; the result is cut to
:data:`MAX_LINE_CHARS` (500) characters. Bytes that are not valid in the input
encoding become U+FFFD (replacement character) instead of an error. A line longer
than :data:`MAX_LINE_CHARS` is never a valid command, so the game simply refuses
the cut text. Output never fails on a character the terminal encoding lacks: it
is replaced (``?``).
"""

from __future__ import annotations

import contextlib
import enum
import os
import queue
import signal
import sys
import threading
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import IO, Protocol, runtime_checkable

__all__ = [
    "DEFAULT_KEYS",
    "MAX_LINE_CHARS",
    "TIMEOUT",
    "Console",
    "PlainConsole",
    "Timeout",
    "clean_input",
    "end_on_signals",
    "make_console",
    "use_plain_mode",
]

#: Longest input line returned by ``get_line``, in characters (after cleaning).
MAX_LINE_CHARS = 500

#: Key (prompt_toolkit key name) -> command sent when it is pressed.
DEFAULT_KEYS: Mapping[str, str] = {
    "f1": "ayuda",
    "f2": "mano",
    "f3": "mesa",
    "f4": "puntos",
    "f5": "turno",
    "f6": "ultima",
    "f7": "combinaciones",
    "f8": "historial",
    "f9": "repetir",
    "escape": "callar",
}

# Raw characters read per readline() call; the rest of a longer line is skipped.
_READ_CHUNK = 4096


class Timeout(enum.Enum):
    """Type of :data:`TIMEOUT`. Compare with ``is TIMEOUT``."""

    TIMEOUT = "timeout"

    def __repr__(self) -> str:
        return "TIMEOUT"


#: Returned by ``get_line(timeout=...)`` when nothing arrived in time.
TIMEOUT = Timeout.TIMEOUT


@runtime_checkable
class Console(Protocol):
    """What the game loop uses to talk to the player.

    Notes for the game loop (terminal mode):

    - ``say`` only hands the line over; it is printed by the console thread, in
      the order said. ``close`` prints everything still pending (also narration
      held back for a draft) before it returns. Print only through ``say``: a bare
      ``print`` would draw over the input line.
    - Each batch of output is followed by the input line drawn again, and a
      screen reader speaks the prompt again with it. Keep prompts short; during
      the bots' turns a very short prompt (or none) is kinder.
    - Lines said in quick succession (same burst) are printed together and so
      spoken as one utterance.
    - ``history()`` is called from the console thread during the review.
    """

    #: True when a person types at a terminal (stdin and stdout are TTYs): the game
    #: loop may then poll ``get_line(timeout=...)`` while bots play.
    interactive: bool

    def get_line(self, timeout: float | None = None) -> str | None | Timeout:
        """Next submitted input: a cleaned typed line or a key's command.

        ``None`` means end of input (EOF, closed terminal). Raises
        ``KeyboardInterrupt`` on Ctrl+C. With ``timeout`` (seconds), returns
        :data:`TIMEOUT` if nothing arrived in time (interactive consoles only;
        scripted plain consoles ignore the timeout and read the next line).
        """
        ...

    def say(self, line: str, *, answer: bool = False) -> None:
        """Print one line. Thread-safe.

        Narration (``answer=False``) waits while the player has a half-typed
        command; ``answer=True`` (the reply to the player's own command) prints at
        once.
        """
        ...

    def set_prompt(self, text: str) -> None:
        """Set the short status prompt shown on the input line."""
        ...

    def set_key_mode(self, keys: Mapping[str, str] | None) -> None:
        """Turn the key mode on with ``keys`` (key name -> command), or off with None.

        Key names are prompt_toolkit's (``"up"``, ``"c-home"``, ``"escape"``,
        ``"a"``...). In terminal mode each key sends its command from the next key
        press on, over its usual job (see "Modo de exploración" in the module doc);
        an unknown name raises ``ValueError``. A new map replaces the old one. Plain
        mode only stores the map (it has no keys). Thread-safe.
        """
        ...

    def close(self) -> None:
        """Print what is still held back and give the terminal back. Idempotent."""
        ...


#: Signals that end the program like Ctrl+C: kill's default, the terminal closed
#: (POSIX only), Ctrl+Break (Windows only).
END_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP", "SIGBREAK") if hasattr(signal, name)
)

#: Seconds a signal may wait for the game to ask for input before it interrupts
#: whatever the game is doing (a bot thinking, a spectator's pause).
SIGNAL_GRACE = 1.0


class _SignalEnd:
    """The program ends by a signal (SIGTERM, SIGHUP, SIGBREAK) exactly as by Ctrl+C.

    The signal raises ``KeyboardInterrupt`` where the game waits for input (in
    ``get_line``, as Ctrl+C does at a terminal), so a move is never cut in half:
    arriving while the game computes, it waits for the next ``get_line``, and after
    ``SIGNAL_GRACE`` seconds it interrupts anyway. From then on ``get_line`` says
    end of input, so every menu and gate the program passes on its way out lets
    it go. Main thread only, like every signal handler; one instance per process.
    """

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.waiting = 0  # get_line calls blocked for input (main thread)
        self.pending: int | None = None  # a signal that has not interrupted yet
        self.ended = False  # KeyboardInterrupt raised: input is over
        self.closing = False  # a console is closing: the program is on its way out
        self._timer: threading.Timer | None = None

    def handle(self, signum: int, frame: object = None) -> None:
        """The signal handler (main thread)."""
        if self.ended or self.closing:
            return  # already on the way out: the save and the terminal come first
        forced = self.pending is not None
        if self.waiting or forced:
            self._raise()
        self.pending = signum
        self._timer = threading.Timer(SIGNAL_GRACE, self._force, args=(signum,))
        self._timer.daemon = True
        self._timer.start()

    def _force(self, signum: int) -> None:
        """Timer thread: the game did not ask for input in time; signal again."""
        if self.pending is None or self.ended:
            return
        main = threading.main_thread().ident
        if hasattr(signal, "pthread_kill") and main is not None:
            with contextlib.suppress(OSError, ValueError):
                signal.pthread_kill(main, signum)  # also wakes a sleep
                return
        import _thread

        _thread.interrupt_main(signum)

    def _raise(self) -> None:
        self.ended = True
        self.pending = None
        if self._timer is not None:
            self._timer.cancel()
        raise KeyboardInterrupt

    @contextlib.contextmanager
    def waiting_for_input(self):  # noqa: ANN201 - a context manager
        """Around the blocking part of ``get_line``: a signal raises there."""
        if self.pending is not None:
            self._raise()
        self.waiting += 1
        try:
            if self.pending is not None:  # arrived between the check and the count
                self._raise()
            yield
        finally:
            self.waiting -= 1


_SIGNAL_END = _SignalEnd()


def end_on_signals() -> Callable[[], None]:
    """Make SIGTERM, SIGHUP (POSIX) and SIGBREAK (Windows) end the program as
    Ctrl+C does (see :class:`_SignalEnd`): the game saved, the same line, the same
    exit code, the terminal given back by the normal way out. Returns a function
    that puts the previous handlers back. Main thread only; elsewhere (or where a
    signal cannot be handled) nothing changes."""
    _SIGNAL_END.reset()
    previous = {}
    if threading.current_thread() is not threading.main_thread():
        return lambda: None
    for signum in END_SIGNALS:
        with contextlib.suppress(OSError, ValueError, RuntimeError):
            previous[signum] = signal.signal(signum, _SIGNAL_END.handle)

    def restore() -> None:
        for signum, handler in previous.items():
            with contextlib.suppress(OSError, ValueError, RuntimeError, TypeError):
                signal.signal(signum, handler)

    return restore


def waiting_for_input() -> contextlib.AbstractContextManager[None]:
    """Around the blocking part of a console's ``get_line`` (see :class:`_SignalEnd`)."""
    return _SIGNAL_END.waiting_for_input()


def signals_closing() -> None:
    """A console is closing: a signal from now on is ignored (the program is on its
    way out; interrupting it could leave the terminal in raw mode)."""
    _SIGNAL_END.closing = True
    if _SIGNAL_END._timer is not None:
        _SIGNAL_END._timer.cancel()


def ended_by_signal() -> bool:
    """True once a signal has ended the input (get_line then says end of input)."""
    return _SIGNAL_END.ended


def clean_input(text: str, limit: int = MAX_LINE_CHARS) -> str:
    """Return ``text`` as a safe one-line command.

    NFC-normalized; whitespace of any kind (tab, newline, no-break space...)
    becomes a space; other non-printable characters (controls, escape sequences'
    ESC, formatting characters, surrogates) are removed; surrounding spaces are
    stripped; the result is cut to ``limit`` characters.
    """
    text = unicodedata.normalize("NFC", text)
    out = []
    for ch in text:
        if ch.isspace():
            out.append(" ")
        elif ch.isprintable():
            out.append(ch)
    return "".join(out).strip()[:limit]


def _clean_output(text: str) -> str:
    """Output text without control characters other than newline (tabs -> space)."""
    if text.isprintable():
        return text
    out = []
    for ch in text:
        if ch == "\n" or ch.isprintable():
            out.append(ch)
        elif ch.isspace():
            out.append(" ")
    return "".join(out)


def _isatty(stream: object) -> bool:
    try:
        return bool(stream is not None and stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, ValueError, OSError):
        return False


def use_plain_mode(stdin: object, stdout: object, *, force_plain: bool = False) -> bool:
    """True when :func:`make_console` would choose plain mode for these streams."""
    if force_plain or os.environ.get("TERM", "") == "dumb":
        return True
    return not (_isatty(stdin) and _isatty(stdout))


def make_console(
    history: Callable[[], Sequence[str]],
    *,
    force_plain: bool = False,
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
    key_commands: Mapping[str, str] | None = None,
    on_review: Callable[[str], None] | None = None,
) -> Console:
    """Create the console for these streams (default: ``sys.stdin``/``sys.stdout``).

    ``history()`` returns every announcement so far, oldest first; the terminal
    console calls it from its own thread when the player reviews the history, so
    it must be safe to call from another thread (returning a list copy is enough).
    ``key_commands`` adds to or overrides :data:`DEFAULT_KEYS`; keys are
    prompt_toolkit key names (``"f10"``, ``"c-l"``, ``"escape"``...), and an empty
    command removes a key. In terminal mode an invalid key name raises
    ``ValueError``; plain mode has no keys and ignores the map.

    ``on_review(text)``, if given, is called (from the console thread) with each
    announcement shown by the history review, so the program's own voice can
    speak it: a screen reader reliably speaks only the first review step, while
    braille shows every one.
    """
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    if use_plain_mode(stdin, stdout, force_plain=force_plain):
        return PlainConsole(stdin, stdout)
    try:
        from sobremesa.ui.terminal import TerminalConsole
    except ImportError:  # prompt_toolkit missing: the game still works line by line
        return PlainConsole(stdin, stdout)
    try:  # a bad key name raises ValueError
        return TerminalConsole(
            history, stdin=stdin, stdout=stdout, key_commands=key_commands, on_review=on_review
        )
    except (OSError, RuntimeError):  # the terminal refused raw mode or similar
        return PlainConsole(stdin, stdout)


def _merge_keys(key_commands: Mapping[str, str] | None) -> dict[str, str]:
    keys = dict(DEFAULT_KEYS)
    for key, command in (key_commands or {}).items():
        name = key.strip().lower()
        if command:
            keys[name] = command
        else:
            keys.pop(name, None)
    return keys


class PlainConsole:
    """Line-by-line console on plain streams (see "Plain mode" in the module doc)."""

    def __init__(self, stdin: IO[str] | None, stdout: IO[str] | None) -> None:
        self._in = stdin
        self._out = stdout
        self._in_tty = _isatty(stdin)
        self._out_tty = _isatty(stdout)
        self.interactive = self._in_tty and self._out_tty
        self._lock = threading.RLock()
        self._prompt = ""
        self._prompt_shown = False  # prompt printed, cursor after it
        self._key_mode: dict[str, str] | None = None  # stored only (see set_key_mode)
        self._eof = stdin is None
        self._out_dead = stdout is None
        self._reader: threading.Thread | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()
        _set_errors_replace(stdin)
        _set_errors_replace(stdout)

    # -- input ---------------------------------------------------------------

    def get_line(self, timeout: float | None = None) -> str | None | Timeout:
        if self._eof or _SIGNAL_END.ended:
            return None
        self._show_prompt()
        with _SIGNAL_END.waiting_for_input():
            if self.interactive:
                line = self._get_threaded(timeout)
                if line is TIMEOUT:
                    return TIMEOUT
            else:
                line = self._read_line()
        with self._lock:
            if line is None:
                self._eof = True
                if self._prompt_shown and self._out_tty:
                    self._write("\n")
            elif self._prompt_shown and not self._in_tty and self._out_tty:
                # Nobody typed it: echo so the terminal reads like a session.
                self._write(line + "\n")
            self._prompt_shown = False
        return line

    def _get_threaded(self, timeout: float | None) -> str | None | Timeout:
        if self._reader is None:
            self._reader = threading.Thread(
                target=self._read_forever, name="sobremesa-plain-input", daemon=True
            )
            self._reader.start()
        try:
            if timeout is None:
                return self._lines.get()
            return self._lines.get(timeout=max(0.0, timeout))
        except queue.Empty:
            return TIMEOUT

    def _read_forever(self) -> None:
        while True:
            line = self._read_line()
            self._lines.put(line)
            if line is None:
                return

    def _read_line(self) -> str | None:
        stream = self._in
        if stream is None:
            return None
        try:
            raw = stream.readline(_READ_CHUNK)
            if not raw:
                return None
            if len(raw) >= _READ_CHUNK and not raw.endswith("\n"):
                # Too long to be a command: skip the rest of this line.
                while True:
                    more = stream.readline(_READ_CHUNK)
                    if not more or more.endswith("\n"):
                        break
        except UnicodeDecodeError:
            return "\ufffd"
        except (OSError, ValueError):  # closed or broken stream
            return None
        return clean_input(raw)

    # -- output --------------------------------------------------------------

    def _show_prompt(self) -> None:
        with self._lock:
            if self._out_tty and self._prompt and not self._prompt_shown:
                self._write(self._prompt)
                self._prompt_shown = True

    def say(self, line: str, *, answer: bool = False) -> None:
        with self._lock:
            if self._prompt_shown:
                self._write("\n")
                self._prompt_shown = False
            self._write(_clean_output(str(line)) + "\n")

    def set_prompt(self, text: str) -> None:
        with self._lock:
            self._prompt = clean_input(text, limit=200) + (" " if text.endswith(" ") else "")

    def set_key_mode(self, keys: Mapping[str, str] | None) -> None:
        # No keys in plain mode: the player types the commands. Only stored.
        with self._lock:
            self._key_mode = None if keys is None else dict(keys)

    @property
    def key_mode(self) -> Mapping[str, str] | None:
        """The key mode as last set, or None."""
        with self._lock:
            return None if self._key_mode is None else dict(self._key_mode)

    def close(self) -> None:
        signals_closing()
        with self._lock:
            if self._prompt_shown:
                self._write("\n")
                self._prompt_shown = False
            self._eof = True

    def _write(self, text: str) -> None:
        out = self._out
        if self._out_dead or out is None:
            return
        try:
            try:
                out.write(text)
            except UnicodeEncodeError:
                enc = getattr(out, "encoding", None) or "ascii"
                out.write(text.encode(enc, "replace").decode(enc, "replace"))
            out.flush()
        except (OSError, ValueError):  # broken pipe, closed stream: stop writing
            self._out_dead = True


def _set_errors_replace(stream: object) -> None:
    """Make a text stream replace what it cannot decode or encode, if possible."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is None or getattr(stream, "errors", None) == "replace":
        return
    with contextlib.suppress(ValueError, OSError, TypeError, AttributeError):
        reconfigure(errors="replace")
