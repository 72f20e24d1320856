"""What the games whose live state is one dataclass share: saving it (the common
header, then the state by its fields) and reading it back, the active seat, and
for the round-based card games the phase, the round and the running totals.

A subclass sets `options_type` and `state_type`, keeps its state in `self._s` and
its generator in `self._rng`, and names in `state_json()` how the fields that are
not plain JSON (cards, a board) read back.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Self

from sobremesa.core.game import Game, read_header, record_from_dict, save_header, to_json


class StateGame(Game):
    options_type: ClassVar[Any]  # a record with from_dict
    state_type: ClassVar[type]  # the dataclass of the live state
    _s: Any
    _rng: random.Random

    def _set_up(self, options: Any, seed: int) -> None:
        """A new game's options (`options_type`'s defaults when None), its seed and
        its generator."""
        self.options = options or self.options_type()
        self.seed = seed
        self._rng = random.Random(seed)

    @property
    def current_seat(self) -> int | None:
        return self._s.current

    # -- persistence ---------------------------------------------------------------
    def state_json(self) -> Mapping[str, Callable[[Any], Any]]:
        """Converters of the state's fields that JSON does not hold as they are."""
        return {}

    def state_to_dict(self) -> dict[str, Any]:
        return to_json(self._s)

    def save_extra(self) -> dict[str, Any]:
        """Fields saved between the header and the state."""
        return {}

    def to_dict(self) -> dict[str, Any]:
        return {
            **save_header(self, self._rng),
            **self.save_extra(),
            "state": self.state_to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        header = read_header(data, cls.game_id)
        game = cls.__new__(cls)
        game.options = cls.options_type.from_dict(header.options)
        game.seed = header.seed
        game._rng = header.rng
        game.opening_events = []
        game._s = record_from_dict(cls.state_type, data["state"], game.state_json())
        return game


class RoundGame(StateGame):
    """A card game played in rounds: its state has `phase` ("over" at the end),
    `round_no` and the running `totals`."""

    @property
    def phase(self) -> str:
        return self._s.phase

    @property
    def round_no(self) -> int:
        return self._s.round_no

    def is_over(self) -> bool:
        return self._s.phase == "over"

    def scores(self) -> list[int]:
        return list(self._s.totals)
