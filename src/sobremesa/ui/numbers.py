"""Numbers as a player types them: plain digits 0-9 only.

`str.isdigit()` is true for `²`, `①`, `٣` or a fullwidth `３`, and `int()` then fails
on some of them (or reads others as numbers the player did not see); a line of
thousands of digits is past what `int()` converts. Every place that turns typed text
into a number asks here, so any other character is simply "not a number" and the
usual refusal line follows.
"""

from __future__ import annotations

import re

MAX_DIGITS = 9  # more digits than any count in the games: not a number
_WHOLE = re.compile(r"[0-9]{1,9}")
_SIGNED = re.compile(r"[-+]?[0-9]{1,9}")
_DECIMAL = re.compile(r"[-+]?(?:[0-9]{1,9}(?:[.,][0-9]{0,9})?|[.,][0-9]{1,9})")
DIGITS = "[0-9]{1,9}"  # for a regular expression; `\d` would match `٣` too


def is_number(text: str) -> bool:
    """True for plain digits 0-9 (one to MAX_DIGITS of them), nothing else."""
    return _WHOLE.fullmatch(text) is not None


def number(text: str) -> int | None:
    """The whole number of plain digits, or None (`²`, `٣`, `３`, `1_0`, `' 3'`)."""
    return int(text) if _WHOLE.fullmatch(text) else None


def signed_number(text: str) -> int | None:
    """A whole number with an optional sign (`-3`), surrounding spaces allowed."""
    text = text.strip()
    return int(text) if _SIGNED.fullmatch(text) else None


def decimal_number(text: str) -> float | None:
    """A number with a decimal comma or point (`0,5`, `2`, `-1.5`), spaces around allowed."""
    text = text.strip()
    return float(text.replace(",", ".")) if _DECIMAL.fullmatch(text) else None
