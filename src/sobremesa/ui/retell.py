"""A seat's history told again from the table's log, in the reader's language.

Saves hold the match's log and what was played, not text (issue 12). On
`continuar` the match is replayed from its opening state by a second adapter
(the *shadow*: the same table, no bots) that narrates every batch for the seat
that reads, as the session did when it was played: the history, the last play
and the lines held in an open window come back in the language the player reads
now, whatever the game was played in.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sobremesa.core.game import Action, Event
from sobremesa.ui.session import GameAdapter, Pause


@dataclass
class Retold:
    lines: list[str] = field(default_factory=list)  # the narration, in order
    last_move: Any = ""
    last_brief: Any = ""
    held: list[str] = field(default_factory=list)  # held by an open window


def retell_save(game_id: str, settings: Any, data: Mapping[str, Any], adapter: Any) -> list[str]:
    """What `continuar` tells again from a save's table (`data["match"]`): sets the
    restored ``adapter``'s last play, its brief form and the lines an open window
    holds, and returns the history, in the language read now. Nothing is set and
    the history is empty if the save has no table or its log does not replay (a
    damaged save: the game itself is unharmed)."""
    from sobremesa.core.registry import entry

    table = data.get("match")
    if not isinstance(table, dict):
        return []
    try:
        shadow = (
            entry(game_id)
            .adapter_module()
            .restore_adapter(
                settings,
                {"state": table["opening"], "table": data["table"], "bots": [], "extra": {}},
            )
        )
        retold = retell(shadow, table, entry(game_id).rules().action_from_dict)
    except Exception:  # anything a damaged log makes the replay do
        return []
    adapter.last_move, adapter.last_brief = retold.last_move, retold.last_brief
    if hasattr(adapter, "held"):
        adapter.held = retold.held
    return retold.lines


def retell(
    shadow: GameAdapter,
    table: Mapping[str, Any],
    action_from_dict: Callable[[dict[str, Any]], Action],
) -> Retold:
    """Replay the match (`Match.table_to_dict()`) on ``shadow``, an adapter over its
    opening state. ValueError if the replay does not give the logged events (the
    save does not hold together: no history rather than a wrong one)."""
    game = shadow.game
    log = table["log"]
    played = table["played"]
    retold = Retold()
    first = played[0][0] if played else len(log)
    decode = type(game).event_from_dict
    _tell(shadow, [decode(entry["event"]) for entry in log[:first]], retold)
    for index, (at, seat, action) in enumerate(played):
        end = played[index + 1][0] if index + 1 < len(played) else len(log)
        if action is None:
            events = shadow.close_window()
        else:
            if seat == shadow.table.human and shadow.in_window():
                # As the window driver did: a pass the game makes for the player is
                # told as such (the adapter notes it when it offers it).
                shadow.auto_reaction(seat)
            events = game.apply(seat, action_from_dict(action))
        if [event.to_dict() for event in events] != [entry["event"] for entry in log[at:end]]:
            raise ValueError(f"the replay left the log at {at}")
        _tell(shadow, events, retold)
    retold.last_move = getattr(shadow, "last_move", "")
    retold.last_brief = getattr(shadow, "last_brief", "")
    retold.held = list(getattr(shadow, "held", []) or [])
    return retold


def _tell(shadow: GameAdapter, events: Sequence[Event], retold: Retold) -> None:
    """One batch as the session says it: its lines, and what a
    window held once it is over."""
    human = shadow.table.human
    items = shadow.describe_events([event.visible_to(human) for event in events])  # type: ignore[attr-defined]
    # A gate's line (`Pulsa Intro…`) is not narration: it stays out, as for scripted input.
    retold.lines += [item for item in items if not isinstance(item, Pause)]
    if not shadow.in_window():
        retold.lines += shadow.after_window()
    shadow.automatic = None  # played already: it is in the log
