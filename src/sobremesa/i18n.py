"""Player-facing text through gettext catalogs kept as .po files in `locales/`.

Message ids are the Spanish text; `locales/es` and `locales/en` hold complete
catalogs. The .po files are read directly (a tiny parser, no compile step), so the
same files serve a source checkout and an installed wheel, where the build copies
`locales/` into the package.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

LANGUAGES = ("es", "en")
DOMAIN = "sobremesa"

_catalog: dict[str, str | list[str]] = {}
_language = "es"
# The language of the seat being served in this context (a thread, an asyncio task
# or a `with using(...)` block); None: the process's language (`set_language`).
# Looked up on every call, so two seats in one process read one table each in
# their own language.
_seat_language: ContextVar[str | None] = ContextVar("sobremesa_language", default=None)


def _locale_dirs() -> list[Path]:
    here = Path(__file__).resolve().parent
    return [here / "locales", here.parent.parent / "locales"]


def catalog_path(language: str) -> Path | None:
    for base in _locale_dirs():
        path = base / language / "LC_MESSAGES" / f"{DOMAIN}.po"
        if path.is_file():
            return path
    return None


def parse_po(text: str) -> dict[str, str | list[str]]:
    """Return msgid -> msgstr (or list of plural forms), skipping fuzzy and empty entries."""
    entries: dict[str, str | list[str]] = {}
    msgid: str | None = None
    plural_forms: dict[int, str] = {}
    msgstr: str | None = None
    fuzzy = False
    current: str | None = None

    def flush() -> None:
        nonlocal msgid, msgstr, plural_forms, fuzzy
        if msgid and not fuzzy:
            if plural_forms:
                forms = [plural_forms[i] for i in sorted(plural_forms)]
                if all(forms):
                    entries[msgid] = forms
            elif msgstr:
                entries[msgid] = msgstr
        msgid, msgstr, plural_forms, fuzzy = None, None, {}, False

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            flush()
            current = None
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            continue
        if line.startswith('"'):
            value = ast.literal_eval(line)
        else:
            keyword, _, rest = line.partition(" ")
            value = ast.literal_eval(rest.strip())
            if keyword == "msgid":
                if msgid is not None:
                    flush()
                current = "msgid"
                msgid = value
                continue
            if keyword == "msgid_plural":
                current = "msgid_plural"
                continue
            if keyword == "msgstr":
                current = "msgstr"
                msgstr = value
                continue
            if keyword.startswith("msgstr["):
                index = int(keyword[7:-1])
                current = f"plural{index}"
                plural_forms[index] = value
                continue
            continue
        if current == "msgid":
            msgid = (msgid or "") + value
        elif current == "msgstr":
            msgstr = (msgstr or "") + value
        elif current and current.startswith("plural"):
            index = int(current[6:])
            plural_forms[index] += value
    flush()
    return entries


@cache
def load_catalog(language: str) -> dict[str, str | list[str]]:
    path = catalog_path(language)
    if path is None:
        return {}
    return parse_po(path.read_text(encoding="utf-8"))


def set_language(language: str) -> None:
    global _catalog, _language
    if language not in LANGUAGES:
        language = "es"
    _language = language
    _catalog = load_catalog(language)


def language() -> str:
    return _seat_language.get() or _language


@contextmanager
def using(language: str) -> Iterator[None]:
    """Text made inside this block (in this thread or task only) is in `language`."""
    token = _seat_language.set(language if language in LANGUAGES else "es")
    try:
        yield
    finally:
        _seat_language.reset(token)


def _current_catalog() -> dict[str, str | list[str]]:
    seat = _seat_language.get()
    return _catalog if seat is None else load_catalog(seat)


def _(message: str) -> str:
    found = _current_catalog().get(message)
    return found if isinstance(found, str) else message


def ngettext(singular: str, plural: str, n: int) -> str:
    # Spanish and English share the rule nplurals=2; plural=(n != 1).
    found = _current_catalog().get(singular)
    index = 0 if n == 1 else 1
    if isinstance(found, list) and len(found) > index:
        return found[index]
    return singular if n == 1 else plural


def N_(message: str) -> str:
    """Mark a string for extraction without translating it now."""
    return message


set_language("es")
