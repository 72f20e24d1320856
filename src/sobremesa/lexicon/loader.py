"""Which words a game accepts: the shipped lists, a player's own list, and `check_words`.

Two lists are shipped: the curated list (the default) and the full list ("amplia",
chosen with the dictionary setting `amplia`). Nothing here reads a word list at import
time; `load_lexicon` does, on first use, and keeps the shipped lists for the rest of
the process.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from sobremesa.i18n import _
from sobremesa.lexicon.spelling import WordError, normalize, to_codes

if TYPE_CHECKING:
    from sobremesa.lexicon.dawg import Dawg

DATA_DIR = Path(__file__).resolve().parent / "data"
#: the full list ("amplia"): an-array-of-spanish-words 2.0.0 as it is
MAIN_FILE = DATA_DIR / "es.dawg"
#: the default list: the full list with its short words confirmed by RLA-ES
CURATED_FILE = DATA_DIR / "es-curada.dawg"
SUPPLEMENT_FILE = DATA_DIR / "castana-kw.dawg"
KINDS = ("palabras", "castana")
#: the shipped lists by name; the dictionary setting "" means "curada"
LISTS = ("curada", "amplia")
#: a player's list larger than this is refused (the default list is 8 MB as text)
MAX_CUSTOM_BYTES = 64 * 1024 * 1024
CACHE_SUBDIR = "diccionarios"
#: compiling more words than this takes long enough to say so (about 1 s per 100,000)
NOTIFY_ABOVE = 20_000

Notify = Callable[[str], object]


class Lexicon:
    """The words one game accepts.

    `dawg` is the main list with the node API of `sobremesa.lexicon.dawg` (what the
    Palabras move generator walks). `extra` holds further lists checked after it (the
    k/w supplement of ABC ¡Castaña!). `source` is "default" (the curated list),
    "amplia" (the full list) or the player's file.
    """

    __slots__ = ("dawg", "extra", "kind", "source")

    def __init__(
        self,
        dawg: Dawg,
        extra: Iterable[Dawg] = (),
        kind: str = "palabras",
        source: str = "default",
    ) -> None:
        self.dawg = dawg
        self.extra = tuple(extra)
        self.kind = kind
        self.source = source

    def __contains__(self, word: object) -> bool:
        """`word` must already be normalized (see `is_word` for a player's text)."""
        if word in self.dawg:
            return True
        return any(word in part for part in self.extra)

    def is_word(self, text: str) -> bool:
        """Normalize `text` (raising `WordError` with the message) and look it up."""
        return normalize(text) in self

    def __len__(self) -> int:
        return self.dawg.word_count + sum(part.word_count for part in self.extra)

    def words(self) -> list[str]:
        """Every word, sorted (slow: a second or so for the default list)."""
        from sobremesa.lexicon.compiler import sort_key

        found = list(self.dawg.words())
        for part in self.extra:
            found.extend(part.words())
        return sorted(set(found), key=sort_key) if self.extra else found

    def spell(self, first: str, letters: str | Iterable[str], min_length: int = 3) -> list[str]:
        """Words that start with `first`, the rest from the multiset `letters`.

        For the Castaña bots: `first` is the visible letter, `letters` the hand's
        letters (each usable as often as it is held), words of `min_length` or more.
        Arguments are normalized letters. Sorted, without repeats.
        """
        letters = list(letters)
        found = self.dawg.spell(first, letters, min_length)
        if not self.extra:
            return found
        from sobremesa.lexicon.compiler import sort_key

        merged = set(found)
        for part in self.extra:
            merged.update(part.spell(first, letters, min_length))
        return sorted(merged, key=sort_key)


@cache
def _shipped(path: Path) -> Dawg:
    from sobremesa.lexicon.dawg import Dawg

    return Dawg.load(path)


def default_lexicon(kind: str = "palabras", lista: str = "curada") -> Lexicon:
    """A shipped list: `lista` "curada" (the default) or "amplia" (the full list).

    For "castana" the k/w supplement is added to either.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown lexicon kind {kind!r}; expected one of {KINDS}")
    if lista not in LISTS:
        raise ValueError(f"unknown word list {lista!r}; expected one of {LISTS}")
    main = _shipped(CURATED_FILE if lista == "curada" else MAIN_FILE)
    extra = (_shipped(SUPPLEMENT_FILE),) if kind == "castana" else ()
    return Lexicon(main, extra, kind=kind, source="default" if lista == "curada" else lista)


def shipped_list(setting: Path | str | None) -> str | None:
    """The shipped list a dictionary setting names ("curada", "amplia"), or None for a file.

    "" and None are the curated list; `amplia` and `curada` (any case, surrounding
    spaces ignored) name the shipped lists; anything else is a path (a file called
    amplia is reached as ./amplia).
    """
    if setting is None:
        return "curada"
    if isinstance(setting, str):
        name = setting.strip().lower()
        if not name:
            return "curada"
        if name in LISTS:
            return name
    return None


def load_lexicon(
    kind: str = "palabras", custom_path: Path | str | None = None, notify: Notify | None = None
) -> Lexicon:
    """The lexicon of a game: "palabras" or "castana" (the latter with the k/w supplement).

    `custom_path` is the dictionary setting: None or "" for the curated list, "amplia"
    for the full list (see `shipped_list`), or else the path of the player's own list.
    The player's own list (UTF-8, one word per line) replaces the
    default list for that game (no supplement is added to it). It is compiled once and
    cached by content in the user cache folder. If it cannot be used, `notify` gets a
    message naming the problem (and the line) and the default list is returned.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown lexicon kind {kind!r}; expected one of {KINDS}")
    lista = shipped_list(custom_path)
    if lista is not None:
        return default_lexicon(kind, lista)
    if custom_path is not None:
        path = Path(custom_path)
        try:
            dawg = load_custom(path, notify)
        except WordError as error:
            if notify is not None:
                notify(_("{problem} Sigue en uso el diccionario de siempre.").format(problem=error))
        else:
            return Lexicon(dawg, (), kind=kind, source=str(path))
    return default_lexicon(kind)


# --- a player's own list ---------------------------------------------------------------


def read_custom(path: Path) -> bytes:
    """The bytes of a player's list, or `WordError` saying why it cannot be read."""
    name = path.name
    try:
        if path.stat().st_size > MAX_CUSTOM_BYTES:
            raise WordError(
                _("{file}: es demasiado grande; el máximo es {megabytes} MB.").format(
                    file=name, megabytes=MAX_CUSTOM_BYTES // (1024 * 1024)
                )
            )
        return path.read_bytes()
    except FileNotFoundError:
        raise WordError(_("{file}: no existe.").format(file=name)) from None
    except OSError:
        raise WordError(_("{file}: no se puede leer.").format(file=name)) from None


def parse_custom_words(raw: bytes, name: str) -> list[str]:
    """The normalized, sorted, distinct words of a list, or `WordError` naming the line."""
    from sobremesa.lexicon.compiler import sort_key

    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        raise WordError(
            _("{file}, línea {line}: no es texto UTF-8; guárdalo como UTF-8.").format(
                file=name, line=line
            )
        ) from None
    text = text.removeprefix("\ufeff")
    words = set()
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            words.add(normalize(line))
        except WordError as error:
            raise WordError(
                _("{file}, línea {line}: {problem}").format(file=name, line=number, problem=error)
            ) from None
    if not words:
        raise WordError(_("{file}: no tiene ninguna palabra.").format(file=name))
    return sorted(words, key=sort_key)


def custom_cache_path(raw: bytes) -> Path:
    """Where the compiled form of a list with these bytes is kept."""
    from sobremesa import paths
    from sobremesa.lexicon.compiler import MAGIC

    digest = hashlib.sha256(raw).hexdigest()
    version = MAGIC.decode("ascii").lower()
    return paths.cache_dir() / CACHE_SUBDIR / f"{digest}.{version}"


def load_custom(path: Path, notify: Notify | None = None) -> Dawg:
    """A player's list, compiled once and then read from the cache (`WordError` if unusable)."""
    from sobremesa.lexicon.compiler import compile_words
    from sobremesa.lexicon.dawg import Dawg, DawgFileError

    raw = read_custom(path)
    cached = custom_cache_path(raw)
    try:
        return Dawg(cached.read_bytes())
    except (OSError, DawgFileError):
        pass
    words = parse_custom_words(raw, path.name)
    if notify is not None and len(words) > NOTIFY_ABOVE:
        notify(_("Preparando tu diccionario; solo tarda la primera vez."))
    data = compile_words(words)
    dawg = Dawg(data)
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_name(f"{cached.name}.{os.getpid()}.tmp")
        tmp.write_bytes(data)
        os.replace(tmp, cached)
    except OSError:
        pass  # an unwritable cache only costs compiling again next time
    return dawg


# --- referee ------------------------------------------------------------------------


def check_words(words: Iterable[str], lexicon: Lexicon) -> list[str]:
    """One line per word: "casa: válida", "cassa: no está en el diccionario".

    Each argument may hold several words separated by spaces. A word that cannot be
    spelled with letters gets the normalization message instead.
    """
    lines = []
    for argument in words:
        for word in argument.split():
            try:
                normal = normalize(word)
            except WordError as error:
                lines.append(str(error))
                continue
            shown = word.lower()
            if normal in lexicon:
                lines.append(_("{word}: válida").format(word=shown))
            else:
                lines.append(_("{word}: no está en el diccionario").format(word=shown))
    if not lines:
        lines.append(_("Escribe una palabra."))
    return lines


def codes_of(word: str) -> bytes:
    """Letter codes of a player's word (normalized first; `WordError` if impossible)."""
    return to_codes(normalize(word))
