"""The program's own voice on Linux.

pyttsx3's espeak driver can neither queue nor be interrupted reliably (of several
`say` calls it speaks only the last), so on Linux the voice takes one of two
interruptible paths (DESIGN §2.8):

1. speech-dispatcher, when its daemon answers (autospawned like `spd-say` does).
   Messages go with priority "message", which the daemon queues in order ("text",
   its default, makes every new line cancel the previous one). Interrupting is
   CANCEL followed by the new line.
2. otherwise one `espeak-ng` process per utterance, text on stdin, killed on
   interrupt. Only subprocess terminate()/kill() are used, so the class also runs
   on Windows.
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .base import BackendUnavailable, rate_to_speechd, rate_to_wpm
from .speechd_loader import import_speechd

log = logging.getLogger(__name__)


# -- speech-dispatcher -----------------------------------------------------------


class SpeechdBackend:
    """Speech through the speech-dispatcher daemon (SSIP)."""

    name = "speech-dispatcher"

    def __init__(
        self,
        *,
        language: str = "es",
        variant: str = "",
        rate: int = 0,
        address: str | None = None,
        autospawn: bool | None = None,
        client_name: str = "sobremesa",
        speechd: Any = None,
    ) -> None:
        self.language_missing = False
        module = speechd or import_speechd()
        if module is None:
            raise BackendUnavailable("the speechd module (python3-speechd) is not installed")
        self._speechd = module
        try:
            self.client = module.SSIPClient(
                client_name, component="voz", address=address, autospawn=autospawn
            )
        except Exception as error:
            raise BackendUnavailable(f"speech-dispatcher does not answer: {error}") from error
        try:
            if not self.client.list_output_modules():
                raise BackendUnavailable("speech-dispatcher has no output module")
            self.client.set_priority(module.Priority.MESSAGE)
            self.client.set_language(variant or language)
            self.client.set_rate(rate_to_speechd(rate))
        except BaseException:
            self.close()
            raise

    def start(self, text: str) -> None:
        self.client.speak(text)

    def busy(self) -> bool:
        return False  # the daemon queues

    def stop(self) -> None:
        self.client.cancel()

    def pump(self) -> None:
        pass

    def braille(self, text: str) -> None:
        pass

    def close(self) -> None:
        try:
            self.client.cancel()
            self.client.close()
        except Exception:
            log.debug("speechd close failed", exc_info=True)


# -- espeak-ng process -----------------------------------------------------------

_CREATE_NO_WINDOW = 0x08000000  # Windows: no console window per utterance


@dataclass
class Utterance:
    """One espeak-ng run, kept for tests and diagnostics."""

    text: str
    argv: list[str]
    started: float
    process: Any = None
    ended: float | None = None
    returncode: int | None = None
    stopped: bool = False
    wav: Path | None = None


def find_espeak() -> str | None:
    return shutil.which("espeak-ng") or shutil.which("espeak")


def espeak_languages(executable: str, timeout: float = 5.0) -> set[str]:
    """Language codes and voice names espeak-ng knows (from `--voices`)."""
    try:
        result = subprocess.run(
            [executable, "--voices"],
            capture_output=True,
            text=True,
            encoding="utf-8",
            errors="replace",
            timeout=timeout,
            creationflags=_CREATE_NO_WINDOW if os.name == "nt" else 0,
        )
    except (OSError, subprocess.SubprocessError):
        return set()
    known: set[str] = set()
    for line in result.stdout.splitlines()[1:]:
        parts = line.split()
        if len(parts) >= 5:
            known.add(parts[1].lower())  # Language column: es, es-419 ...
            known.add(parts[4].lower().rsplit("/", 1)[-1])  # File column: roa/es-419
    return known


class EspeakProcessBackend:
    """One `espeak-ng -v VOICE -s WPM -b 1 --stdin` process per utterance.

    Test hooks: `wav_dir` makes every utterance write NNN.wav there (`-w`) instead
    of playing it; `popen` replaces subprocess.Popen; `history` keeps the last
    utterances with their timing and return codes.
    """

    reports_end = True  # busy() is true until the utterance has been spoken

    name = "espeak-ng"

    def __init__(
        self,
        *,
        language: str = "es",
        variant: str = "",
        rate: int = 0,
        executable: str | None = None,
        wav_dir: str | os.PathLike[str] | None = None,
        popen: Callable[..., Any] = subprocess.Popen,
        check_voice: bool = True,
    ) -> None:
        exe = executable or find_espeak()
        if not exe:
            raise BackendUnavailable("espeak-ng is not installed")
        self.executable = exe
        self.wpm = rate_to_wpm(rate)
        self.voice = ""
        self.language_missing = False
        if check_voice:
            known = espeak_languages(exe)
            if not known:
                raise BackendUnavailable(f"{exe} --voices failed")
            for wanted in (variant, language):
                if wanted and wanted.lower().replace("_", "-") in known:
                    self.voice = wanted.lower().replace("_", "-")
                    break
            else:
                self.language_missing = True
        else:
            self.voice = variant or language
        self.wav_dir = Path(wav_dir) if wav_dir else None
        self._popen = popen
        self._current: Utterance | None = None
        self._count = 0
        self.history: deque[Utterance] = deque(maxlen=50)

    def argv(self, wav: Path | None = None) -> list[str]:
        argv = [self.executable]
        if self.voice:
            argv += ["-v", self.voice]
        argv += ["-s", str(self.wpm), "-b", "1"]
        if wav is not None:
            argv += ["-w", str(wav)]
        argv.append("--stdin")
        return argv

    def start(self, text: str) -> None:
        self._count += 1
        wav = self.wav_dir / f"{self._count:03d}.wav" if self.wav_dir else None
        argv = self.argv(wav)
        utterance = Utterance(text=text, argv=argv, started=time.monotonic(), wav=wav)
        utterance.process = self._popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            creationflags=_CREATE_NO_WINDOW if os.name == "nt" else 0,
        )
        self._current = utterance
        self.history.append(utterance)
        try:
            utterance.process.stdin.write(text.encode("utf-8"))
            utterance.process.stdin.close()
        except (BrokenPipeError, OSError):
            log.debug("espeak-ng closed its input early", exc_info=True)

    def busy(self) -> bool:
        utterance = self._current
        if utterance is None:
            return False
        code = utterance.process.poll()
        if code is None:
            return True
        self._finish(utterance, code)
        if code != 0 and not utterance.stopped:
            raise RuntimeError(f"espeak-ng exited with code {code}")
        return False

    def stop(self) -> None:
        utterance = self._current
        if utterance is None:
            return
        process = utterance.process
        if process.poll() is None:
            utterance.stopped = True
            process.terminate()
            try:
                process.wait(0.5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(2)
        self._finish(utterance, process.poll())

    def _finish(self, utterance: Utterance, code: int | None) -> None:
        if utterance.ended is None:
            utterance.ended = time.monotonic()
            utterance.returncode = code
        if self._current is utterance:
            self._current = None

    def pump(self) -> None:
        pass

    def braille(self, text: str) -> None:
        pass

    def close(self) -> None:
        self.stop()
