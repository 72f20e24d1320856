"""Terminal console on prompt_toolkit (see the module doc of ``sobremesa.ui.console``).

Threads: the prompt runs in its own thread with its own asyncio loop, so input is
available all the time. Everything that touches prompt_toolkit runs in that loop:
``say``/``set_prompt``/``get_line`` only hand work over with
``loop.call_soon_threadsafe`` and read a thread-safe queue of submitted lines.

Output path: say()/say_batch() -> ``_emit`` (loop) -> narration is held in
``_held`` while the input line is busy -> ``_outq`` -> one writer task prints each
batch above the prompt or directly when no prompt is shown.

The prompt is drawn only together with the lines it follows, in the same write
as them (DESIGN §6: a prompt redrawn in place just before lines makes Orca speak
only the lines' tails, and the changed prompt alone). ``set_prompt`` only stores
the text; it is drawn alone only when nothing was printed for
``PROMPT_ALONE_DELAY`` seconds, and then written anew, so it is read whole.

Key mode (``set_key_mode``): the mapped keys live in their own ``KeyBindings``,
built (and checked) in the caller's thread and swapped in through the loop; the
session reads it through a ``DynamicKeyBindings`` placed after the console's own
keys (so a mapped key wins over F-keys, history review and prompt_toolkit's
defaults) and before the keys that only end a review (so Escape, Enter and Ctrl+D
still just end a review).
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import queue
import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import IO, Any

from prompt_toolkit import PromptSession
from prompt_toolkit.application import Application
from prompt_toolkit.document import Document
from prompt_toolkit.filters import Condition
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import Input, create_input
from prompt_toolkit.key_binding import (
    DynamicKeyBindings,
    KeyBindings,
    KeyPressEvent,
    merge_key_bindings,
)
from prompt_toolkit.lexers import SimpleLexer
from prompt_toolkit.output import ColorDepth, Output, create_output
from prompt_toolkit.styles import Style

from sobremesa.i18n import _
from sobremesa.ui.announcer import brief_form
from sobremesa.ui.console import (
    TIMEOUT,
    Timeout,
    _clean_output,
    _merge_keys,
    clean_input,
    ended_by_signal,
    signals_closing,
    waiting_for_input,
)
from sobremesa.ui.trace import trace

__all__ = ["TerminalConsole", "check_key_names"]

_INTERRUPT = object()  # queued by Ctrl+C: get_line raises KeyboardInterrupt
_EXIT = object()  # result of the prompt when close() ends it

#: After Enter, the prompt comes back when the game asks for input, or after this.
RESTART_DELAY = 0.5
#: Wait for the rest of an escape sequence this long (a lone Escape is the key).
ESCAPE_TIMEOUT = 0.1
#: A changed prompt with no lines to go with it is drawn alone after this long
#: (a prompt that lasts less, like a bot's turn that ends at once, is never drawn).
PROMPT_ALONE_DELAY = 0.15
#: close() waits this long for the console thread before giving the terminal back
#: by hand.
CLOSE_TIMEOUT = 5.0


def check_key_names(keys: Mapping[str, str]) -> None:
    """Raise ValueError if a key name is not a prompt_toolkit key."""
    kb = KeyBindings()
    for name in keys:
        try:
            kb.add(name)(lambda event: None)
        except (ValueError, KeyError) as exc:
            raise ValueError(f"unknown key name: {name!r}") from exc


def _key_mode_map(keys: Mapping[str, str] | None) -> dict[str, str] | None:
    """Normalized key mode: names stripped, lower-cased unless a single character
    (``"A"`` is Shift+A); keys with an empty command dropped. None stays None."""
    if keys is None:
        return None
    mode: dict[str, str] = {}
    for key, command in keys.items():
        name = key if len(key) == 1 else key.strip()
        if len(name) > 1:
            name = name.lower()
        if not name:
            raise ValueError(f"unknown key name: {key!r}")
        if command and command.strip():
            mode[name] = command
    return mode


class _Failed:
    def __init__(self, exc: BaseException) -> None:
        self.exc = exc


#: Written when the terminal is given back by force: cursor visible, bracketed
#: paste off, attributes reset.
SHOW_CURSOR = "\x1b[?25h\x1b[?2004l\x1b[0m"


def terminal_keeper(stream: object) -> Callable[[], bool]:
    """Remember a terminal's modes now; the returned function puts them back
    (True if it did). For a console thread that did not end in time (its raw
    mode would stay on after the program): the shell gets its terminal as it
    was, echo and line editing on. Does nothing where there is no terminal or
    no ``termios`` (Windows restores its console modes itself)."""
    try:
        import termios

        fd = stream.fileno()  # type: ignore[attr-defined]
        saved = termios.tcgetattr(fd)
    except (ImportError, AttributeError, ValueError, OSError):
        return lambda: False

    def restore() -> bool:
        try:
            termios.tcsetattr(fd, termios.TCSANOW, saved)
        except (OSError, ValueError, termios.error):
            return False
        return True

    return restore


class TerminalConsole:
    """prompt_toolkit console: the input line runs all the time in its own thread."""

    interactive = True

    def __init__(
        self,
        history: Callable[[], Sequence[str]],
        *,
        stdin: IO[str] | None = None,
        stdout: IO[str] | None = None,
        key_commands: Mapping[str, str] | None = None,
        input: Input | None = None,
        output: Output | None = None,
        restart_delay: float = RESTART_DELAY,
        on_review: Callable[[str], None] | None = None,
    ) -> None:
        self._history = history
        self._on_review = on_review
        self._keys = _merge_keys(key_commands)
        check_key_names(self._keys)
        self._restart_delay = restart_delay
        own_input = input is None
        if input is None:
            input = create_input(stdin if stdin is not None else sys.stdin)
        if output is None:
            output = create_output(stdout if stdout is not None else sys.stdout)
        if hasattr(output, "enable_cpr"):
            output.enable_cpr = False  # no cursor position requests
        self._input = input
        self._output = output
        # The terminal as the shell left it, for close() if the thread hangs (only
        # the terminal this console opened itself).
        self._give_back: Callable[[], bool] = (
            terminal_keeper(stdin if stdin is not None else sys.stdin)
            if own_input
            else lambda: False
        )

        self._lines: queue.Queue[Any] = queue.Queue()
        self._prompt_text = ""  # the prompt the game wants
        self._shown_prompt = ""  # the prompt drawn (loop thread only)
        self._printed_at = 0.0  # loop time of the last batch printed
        self._prompt_timer: asyncio.TimerHandle | None = None
        self._eof = False  # input is closed for good
        self._closed = False
        self._closing = False  # set in the loop thread
        self._failed: BaseException | None = None

        # Review state (loop thread only).
        self._review: int | None = None  # index into history() while reviewing
        self._draft: Document | None = None  # the half-typed text put aside
        self._key_review: int | None = None  # review index when this key started
        self._key_keeps_review = False

        # Key mode: the map as last set (game thread) and its bindings (loop thread).
        self._key_mode: dict[str, str] | None = None
        self._mode_kb: KeyBindings | None = None

        # Output state (loop thread only, created in the loop).
        self._held: list[str] = []  # narration waiting for an empty input line
        self._outq: asyncio.Queue[str] | None = None
        self._want_prompt: asyncio.Event | None = None
        self._restart_timer: asyncio.TimerHandle | None = None
        self._writer: asyncio.Task[None] | None = None

        self._session = self._create_session()
        self._app: Application[Any] = self._session.app
        self._app.ttimeoutlen = ESCAPE_TIMEOUT
        self._app.key_processor.before_key_press += self._before_key
        self._app.key_processor.after_key_press += self._after_key

        self._loop: asyncio.AbstractEventLoop | None = None
        self._started = threading.Event()
        self._thread = threading.Thread(target=self._run, name="sobremesa-console", daemon=True)
        self._thread.start()
        self._started.wait(timeout=10)
        if self._failed is not None or not self._thread.is_alive():
            raise RuntimeError("the terminal console could not start") from self._failed
        atexit.register(self.close)  # give the terminal back even if nobody closes

    # ------------------------------------------------------------------ API

    def get_line(self, timeout: float | None = None) -> str | None | Timeout:
        if self._failed is not None:
            raise RuntimeError("the console stopped working") from self._failed
        if self._eof or self._closed or ended_by_signal():
            return None
        self._call_soon(self._ask_prompt)
        try:
            with waiting_for_input():  # SIGTERM, SIGHUP: KeyboardInterrupt here
                if timeout is None:
                    item = self._lines.get()
                else:
                    item = self._lines.get(timeout=max(0.0, timeout))
        except queue.Empty:
            return TIMEOUT
        if item is _INTERRUPT:
            raise KeyboardInterrupt
        if isinstance(item, _Failed):
            raise RuntimeError("the console stopped working") from item.exc
        if item is None and self._eof:
            self._lines.put(None)  # stays at end of input
        return item

    def say(self, line: str, *, answer: bool = False) -> None:
        self.say_batch([line], answer=answer)

    def say_batch(self, lines: Sequence[str], *, answer: bool = False) -> None:
        """Print lines together: one write, one utterance with the prompt after it."""
        text = "\n".join(_clean_output(str(line)) for line in lines)
        if not self._call_soon(self._emit, text, answer):
            self._write(text + "\n")  # console gone: print directly

    @property
    def prompt_text(self) -> str:
        return self._prompt_text

    def set_prompt(self, text: str) -> None:
        """Store the prompt; it is drawn with the next lines printed (or alone, if
        none come within ``PROMPT_ALONE_DELAY``)."""
        new = clean_input(text, limit=200) + (" " if text.endswith(" ") else "")
        if new == self._prompt_text:
            return
        self._prompt_text = new
        self._call_soon(self._prompt_changed)

    def set_key_mode(self, keys: Mapping[str, str] | None) -> None:
        """Send ``keys``' commands on those keys, over their usual job; None ends it.

        Thread-safe; takes effect for the next key processed by the console thread.
        Raises ValueError for a name that is not a prompt_toolkit key.
        """
        mode = _key_mode_map(keys)
        kb = None
        if mode is not None:
            kb = KeyBindings()
            for name, command in mode.items():
                try:
                    kb.add(name, eager=True)(self._command_handler(command))
                except (ValueError, KeyError) as exc:
                    raise ValueError(f"unknown key name: {name!r}") from exc
        self._key_mode = mode
        if not self._call_soon(self._apply_key_mode, kb):
            self._mode_kb = kb  # no console thread (closed): nothing reads it

    @property
    def key_mode(self) -> Mapping[str, str] | None:
        """The key mode as last set (normalized), or None."""
        return None if self._key_mode is None else dict(self._key_mode)

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        signals_closing()
        atexit.unregister(self.close)
        loop = self._loop
        if loop is not None and self._thread.is_alive():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._shutdown)
            self._thread.join(timeout=CLOSE_TIMEOUT)
        if self._thread.is_alive() and self._give_back():
            # The console thread is stuck (a dead terminal, a hung write): its raw
            # mode would outlive the program. Give the terminal back by hand.
            with contextlib.suppress(OSError, ValueError, AttributeError):
                self._output.write_raw(SHOW_CURSOR)
                self._output.flush()

    # ------------------------------------------------------- thread & loop

    def _call_soon(self, fn: Callable[..., Any], *args: Any) -> bool:
        loop = self._loop
        if loop is None or self._closing or not self._thread.is_alive():
            return False
        try:
            loop.call_soon_threadsafe(fn, *args)
        except RuntimeError:  # loop closed meanwhile
            return False
        return True

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as exc:  # noqa: BLE001 - reported to the game thread
            self._failed = exc
            self._lines.put(_Failed(exc))
        finally:
            self._loop = None
            self._started.set()

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._outq = asyncio.Queue()
        self._want_prompt = asyncio.Event()
        self._writer = asyncio.create_task(self._write_loop())
        # Raw mode between prompts too: keys typed while no prompt is shown are
        # kept for the next prompt instead of being echoed by the terminal.
        with self._input.raw_mode():
            self._restart_soon()
            self._started.set()
            while not self._closing:
                await self._want_prompt.wait()
                if self._closing:
                    break
                self._want_prompt.clear()
                await self._outq.join()  # what was said before comes before the prompt
                if self._closing:
                    break
                await self._prompt_once()
                self._want_prompt.clear()  # asked while the prompt ran: not again yet
                self._restart_soon()
            await self._drain()
        self._writer.cancel()

    async def _prompt_once(self) -> None:
        self._shown_prompt = self._prompt_text
        trace("prompt", self._shown_prompt)
        try:
            text = await self._session.prompt_async(set_exception_handler=False)
        except KeyboardInterrupt:
            self._end_line()
            self._lines.put(_INTERRUPT)
        except EOFError:
            self._end_line()
            if self._input.closed:
                self._eof = True
                self._closing = True
            self._lines.put(None)
        else:
            self._end_line()
            if text is not _EXIT:
                self._lines.put(clean_input(text))

    def _end_line(self) -> None:
        """The prompt is gone (Enter, Ctrl+C, Ctrl+D): print held narration."""
        self._review = None
        self._draft = None
        self._release_held()

    def _ask_prompt(self) -> None:
        if self._want_prompt is not None:
            self._want_prompt.set()

    def _restart_soon(self) -> None:
        if self._restart_timer is not None:
            self._restart_timer.cancel()
        loop = asyncio.get_running_loop()
        self._restart_timer = loop.call_later(self._restart_delay, self._ask_prompt)

    def _shutdown(self) -> None:
        self._closing = True
        self._release_held(force=True)
        if self._want_prompt is not None:
            self._want_prompt.set()
        if self._app.is_running and not self._app.is_done:
            self._app.erase_when_done = True  # leave no prompt behind
            self._app.exit(result=_EXIT)

    def _apply_key_mode(self, kb: KeyBindings | None) -> None:
        self._mode_kb = kb

    async def _drain(self) -> None:
        self._release_held(force=True)
        if self._outq is not None:
            await self._outq.join()

    # ---------------------------------------------------------------- output

    def _prompt_changed(self) -> None:
        if self._prompt_timer is not None:
            self._prompt_timer.cancel()
        loop = asyncio.get_running_loop()
        self._prompt_timer = loop.call_later(PROMPT_ALONE_DELAY, self._prompt_alone)

    def _prompt_alone(self) -> None:
        """No lines came with the new prompt: draw it anew by itself, unless lines
        are on their way (they will bring it) or came lately."""
        self._prompt_timer = None
        if self._shown_prompt == self._prompt_text:
            return
        loop = asyncio.get_running_loop()
        waited = loop.time() - self._printed_at
        if (self._outq is not None and not self._outq.empty()) or waited < PROMPT_ALONE_DELAY:
            self._prompt_timer = loop.call_later(PROMPT_ALONE_DELAY, self._prompt_alone)
            return
        if self._line_busy():
            # The player is typing or reviewing: not under their fingers; later.
            self._prompt_timer = loop.call_later(PROMPT_ALONE_DELAY, self._prompt_alone)
            return
        self._shown_prompt = self._prompt_text
        if self._app.is_running and not self._app.is_done:
            trace("prompt", self._shown_prompt)
            self._redraw_line()

    def _line_busy(self) -> bool:
        """True while the player has text in the input line (a draft or a review)."""
        if not self._app.is_running or self._app.is_done:
            return False
        return self._review is not None or bool(self._session.default_buffer.text)

    def _emit(self, text: str, answer: bool) -> None:
        if not answer and (self._held or self._line_busy()):
            self._held.append(text)
        else:
            self._put_out(text)

    def _release_held(self, force: bool = False) -> None:
        if self._held and (force or not self._line_busy()):
            held, self._held = self._held, []
            for text in held:
                self._put_out(text)

    def _put_out(self, text: str) -> None:
        if self._outq is not None:
            self._outq.put_nowait(text + "\n")
        else:
            self._write(text + "\n")

    async def _write_loop(self) -> None:
        assert self._outq is not None
        q = self._outq
        while True:
            parts = [await q.get()]
            await asyncio.sleep(0.005)  # let lines said together arrive together
            while not q.empty():
                parts.append(q.get_nowait())
            text = "".join(parts)
            try:
                self._print_above(text)
            except Exception:  # noqa: BLE001 - never lose a line
                self._write(text)
            finally:
                for _ in parts:
                    q.task_done()

    def _print_above(self, text: str) -> None:
        """Print above the input line, which is then drawn again below.

        Like prompt_toolkit's ``run_in_terminal`` but without its switch to cooked
        mode: keys typed while we print must reach the prompt, not be echoed and
        line-edited by the terminal.
        """
        app = self._app
        self._printed_at = asyncio.get_running_loop().time()
        if not (app.is_running and not app.is_done):
            self._write(text)
            return
        # One write: erase the input line, the lines, the prompt drawn again after
        # them (Orca speaks them as one utterance, and never a prompt alone).
        output = self._output
        flush = output.flush
        own = "flush" in vars(output)
        try:
            output.flush = lambda: None  # type: ignore[method-assign]
        except AttributeError:  # an output that cannot be patched: two writes
            app.renderer.erase()
            self._write(text)
            self._shown_prompt = self._prompt_text
            app.invalidate()
            return
        try:
            app.renderer.erase()
            output.write(text)
            self._shown_prompt = self._prompt_text
            trace("prompt", self._shown_prompt)
            app._redraw()  # noqa: SLF001 - draw now, into the same write
        finally:
            if own:
                output.flush = flush  # type: ignore[method-assign]
            else:
                del output.flush  # the class's own flush again
        flush()

    def _write(self, text: str) -> None:
        try:
            self._output.write(text)
            self._output.flush()
        except (OSError, ValueError):
            pass

    # ------------------------------------------------------- session, keys

    def _create_session(self) -> PromptSession[Any]:
        reviewing_at_key = Condition(lambda: self._key_review is not None)
        kb = KeyBindings()

        @kb.add("pageup")
        def _older(event: KeyPressEvent) -> None:
            self._review_step(-1)

        @kb.add("pagedown")
        def _newer(event: KeyPressEvent) -> None:
            self._review_step(+1)

        @kb.add("c-home")
        def _oldest(event: KeyPressEvent) -> None:
            self._review_jump(oldest=True)

        @kb.add("c-end")
        def _newest(event: KeyPressEvent) -> None:
            self._review_jump(oldest=False)

        for name, command in self._keys.items():
            kb.add(name, eager=True)(self._command_handler(command))

        # In review, these only end the review (done in _after_key). Merged last,
        # so they win over the command keys (Escape is "callar" outside) and the
        # key mode.
        end_review = KeyBindings()
        for name in ("enter", "c-j", "c-d", "escape"):

            @end_review.add(name, filter=reviewing_at_key, eager=True)
            def _end_review(event: KeyPressEvent) -> None:
                pass

        # The key mode comes after the console's keys: a mapped key wins over them.
        key_mode = DynamicKeyBindings(lambda: self._mode_kb)

        return PromptSession(
            message=self._message,
            input=self._input,
            output=self._output,
            key_bindings=merge_key_bindings([kb, key_mode, end_review]),
            history=InMemoryHistory(),
            multiline=False,
            complete_while_typing=False,
            enable_history_search=False,
            auto_suggest=None,
            completer=None,
            mouse_support=False,
            reserve_space_for_menu=0,
            bottom_toolbar=None,
            rprompt=None,
            enable_system_prompt=False,
            enable_suspend=False,
            enable_open_in_editor=False,
            color_depth=ColorDepth.MONOCHROME,
            # Orca reads a space and the next letter written together as program
            # output ("> m" spoken again after "m"). prompt_toolkit holds trailing
            # plain spaces back; a (colourless) style class on the prompt and the typed
            # text makes it write them at once. Measured with listen.sh and Orca 43.
            lexer=SimpleLexer("class:line"),
            style=Style.from_dict({"line": "fg:ansidefault"}),
            include_default_pygments_style=False,
            refresh_interval=0,
            erase_when_done=False,
        )

    def _command_handler(self, command: str) -> Callable[[KeyPressEvent], None]:
        def handler(event: KeyPressEvent) -> None:
            self._lines.put(command)

        return handler

    def _message(self) -> list[tuple[str, str]]:
        return [("class:line", "" if self._review is not None else self._shown_prompt)]

    # --------------------------------------------------------------- review

    def _set_doc(self, document: Document) -> None:
        self._session.default_buffer.set_document(document, bypass_readonly=True)

    def _before_key(self, _sender: object) -> None:
        self._key_review = self._review
        self._key_keeps_review = False
        if self._review is not None and self._draft is not None:
            self._set_doc(self._draft)  # the key acts on the draft unless it reviews

    def _after_key(self, _sender: object) -> None:
        if self._review is not None and not self._key_keeps_review:
            self._review = None
            self._draft = None
            self._redraw_line()
        self._key_review = None
        self._release_held()

    def _items(self) -> list[str]:
        """The history as given (its lines may carry a brief form: `Said`)."""
        try:
            return list(self._history())
        except Exception:  # noqa: BLE001 - a broken history must not kill the input
            return []

    def _review_step(self, step: int) -> None:
        """Step through the history; one step past either end shows ``Principio.``
        or ``Final.`` (index -1 and len), and PageDown after ``Final.`` ends the
        review."""
        items = self._items()
        current = self._key_review
        if not items:
            return
        if current is None:
            if step > 0:
                return  # PageDown outside review: nothing newer
            index = len(items) - 1
        else:
            current = min(current, len(items))
            if current == len(items) and step > 0:
                return  # past "Final.": the review ends, the draft is back
            index = max(-1, min(len(items), current + step))
        self._show(items, index)  # also at "Principio." again: the line is shown anew

    def _review_jump(self, *, oldest: bool) -> None:
        items = self._items()
        if not items:
            return
        self._show(items, 0 if oldest else len(items) - 1)

    def _show(self, items: list[str], index: int) -> None:
        if self._key_review is None:
            self._draft = self._session.default_buffer.document
        self._review = index
        self._key_keeps_review = True
        if index < 0:
            full = _("Principio.")
            shown = full
        elif index >= len(items):
            full = _("Final.")
            shown = full
        else:
            full = str(items[index])
            # The braille line gets the brief form: its end fits 40 cells.
            shown = brief_form(items[index])
        text = clean_input(shown, limit=10_000)
        # Orca speaks new text only when the cursor moved: alternate between the
        # first and second column so every step is spoken, and the braille display
        # still shows the start of the item (measured with listen.sh, Orca 43).
        self._review_column = 1 - getattr(self, "_review_column", 1) if len(text) > 1 else 0
        self._set_doc(Document(text, cursor_position=self._review_column))
        self._redraw_line()
        if self._on_review is not None:
            with contextlib.suppress(Exception):  # a broken listener must not kill input
                self._on_review(clean_input(full, limit=10_000))

    def _redraw_line(self) -> None:
        """Rewrite the whole input line, not just the changed characters.

        A screen reader speaks only what changed in an in-place update; a line
        written anew is read whole, so each review step is heard in full.
        """
        if self._app.is_running and not self._app.is_done:
            self._app.renderer.erase()
            self._app.invalidate()
