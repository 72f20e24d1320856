"""What one seat hears of an event: who is who at the table, and the lines told.

Shared by every game's pure narrator (`games/<game>/narration.py`): the event as
the seat may see it, that seat's view and these names in; a `Told` out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sobremesa.i18n import _


@dataclass(frozen=True)
class Names:
    """Who is who at the table: "Tú" for the seat that listens, else the name."""

    names: Sequence[str]
    you_seat: int | None

    def you(self, seat: int | None) -> bool:
        return seat is not None and seat == self.you_seat

    def name(self, seat: int) -> str:
        return _("Tú") if self.you(seat) else self.names[seat]


@dataclass
class Told:
    """The lines of one event, and what `ultima` and the status prompt keep of it
    (None: what they had stays)."""

    lines: list[str]
    last_move: str | None = None
    last_brief: list[str] | None = None
