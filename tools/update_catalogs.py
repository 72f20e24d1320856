#!/usr/bin/env python3
"""Extract every player-facing message from src/ and merge it into locales/*.po.

Messages are the Spanish text passed to _(), N_() or ngettext() as string literals.
The Spanish catalog copies each msgid as its translation; the English catalog keeps
existing translations and gets empty entries for new messages (fill them in; the
test suite fails while any is empty). Obsolete entries are dropped.

    python tools/update_catalogs.py          # rewrite the catalogs
    python tools/update_catalogs.py --check  # exit 1 if they are out of date
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from sobremesa.i18n import parse_po  # noqa: E402

HEADER = """# Sobremesa messages ({language}).
# Generated and merged by tools/update_catalogs.py; edit translations only.
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Language: {language}\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"
"""


def extract(src: Path) -> dict[str, str | None]:
    """msgid -> msgid_plural (None for singular messages), in first-seen order."""
    found: dict[str, str | None] = {}
    for path in sorted(src.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            args = node.args
            literal = [isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args]
            if node.func.id in ("_", "N_") and args and literal[0]:
                found.setdefault(args[0].value, None)
            elif node.func.id == "ngettext" and len(args) >= 2 and literal[0] and literal[1]:
                found[args[0].value] = args[1].value
    return found


def quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def render(language: str, messages: dict[str, str | None], old: dict) -> str:
    parts = [HEADER.format(language=language)]
    for msgid, plural in sorted(messages.items(), key=lambda item: item[0].casefold()):
        previous = old.get(msgid)
        if plural is None:
            if language == "es":
                value = msgid
            else:
                value = previous if isinstance(previous, str) else ""
            parts.append(f"msgid {quote(msgid)}\nmsgstr {quote(value)}\n")
        else:
            if language == "es":
                forms = [msgid, plural]
            else:
                forms = previous if isinstance(previous, list) else ["", ""]
            parts.append(
                f"msgid {quote(msgid)}\nmsgid_plural {quote(plural)}\n"
                f"msgstr[0] {quote(forms[0])}\nmsgstr[1] {quote(forms[1])}\n"
            )
    return "\n".join(parts)


def main() -> int:
    check = "--check" in sys.argv
    messages = extract(ROOT / "src" / "sobremesa")
    stale = False
    for language in ("es", "en"):
        path = ROOT / "locales" / language / "LC_MESSAGES" / "sobremesa.po"
        old_text = path.read_text(encoding="utf-8") if path.exists() else ""
        # Keep empty translations visible too: parse_po drops them, so read raw pairs.
        new_text = render(language, messages, parse_po(old_text))
        if new_text != old_text:
            stale = True
            if not check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(new_text, encoding="utf-8")
    missing = [m for m in messages if not _translated(m)]
    print(f"{len(messages)} messages; {len(missing)} without English translation.")
    if check and stale:
        print("Catalogs are out of date: run python tools/update_catalogs.py")
        return 1
    return 0


def _translated(msgid: str) -> bool:
    path = ROOT / "locales" / "en" / "LC_MESSAGES" / "sobremesa.po"
    return path.exists() and bool(parse_po(path.read_text(encoding="utf-8")).get(msgid))


if __name__ == "__main__":
    raise SystemExit(main())
