"""How one seat talks to a table: submit an action, wait for what the table does,
ask for a snapshot — whether the table is in this process or on a server.

A seat session (the console, `ui/session.py`) never touches the game: it sends
actions with :meth:`SeatLink.submit`, lets time pass with :meth:`SeatLink.wait`,
and hears about every batch through the ``on_delivery`` callback it gave the
link — each one already filtered for its seat (:class:`~sobremesa.core.match.Delivery`).
It tells the table when its player will have heard everything
(:meth:`SeatLink.heard`), since bots and reaction windows wait for that
(time is measured in speech, DESIGN §2.7).

:class:`LocalLink` is the in-process link: the table is a
:class:`~sobremesa.core.match.Match` in the same process, and the session's own
clock is the table's. A network link (issue 13) offers the same methods.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from sobremesa.core.game import Action
from sobremesa.core.match import Delivery, Match, Outcome

OnDelivery = Callable[[Delivery], None]


class SeatLink(Protocol):
    """One seat's (None: a spectator's) connection to a table."""

    seat: int | None

    def start(self, now: float) -> None:
        """A new table deals: its opening events are delivered."""

    def submit(self, action: Action, now: float) -> Outcome:
        """This seat's action; what it (and faster bots before it) did is delivered."""

    def answering(self, now: float) -> None:
        """This seat is still answering the open window at ``now`` (faster bots go)."""

    def wait(self, now: float) -> bool:
        """Let the table act up to ``now``: one thing at most (a bot's move, a window
        closing), delivered. False if nothing was due."""

    def next_wakeup(self) -> float | None:
        """When the table will next act by itself (None: it waits for a person)."""

    def heard(self, at: float) -> None:
        """This seat's player will have heard everything delivered by ``at``."""

    def snapshot(self) -> Delivery:
        """The seat's view now, with the last sequence number and any deadline."""


class LocalLink:
    """A seat of a :class:`Match` in this process; deliveries reach ``on_delivery``
    as the table makes them, in order, before the call that caused them returns."""

    def __init__(self, match: Match, seat: int | None, on_delivery: OnDelivery) -> None:
        self.match = match
        self.seat = seat
        self._on_delivery = on_delivery
        match.listeners.append(self._deliver)

    def _deliver(self, delivery: Delivery) -> None:
        if delivery.seat == self.seat:
            self._on_delivery(delivery)

    def close(self) -> None:
        """Stop listening to the table."""
        if self._deliver in self.match.listeners:
            self.match.listeners.remove(self._deliver)

    def start(self, now: float) -> None:
        self.match.start(now)

    def submit(self, action: Action, now: float) -> Outcome:
        if self.seat is None:
            raise ValueError("a spectator does not play")
        # The clock acts later, once this seat has heard what the action said.
        return self.match.submit(self.seat, action, now, then=False)

    def answering(self, now: float) -> None:
        if self.seat is not None:
            self.match.answering(self.seat, now)

    def wait(self, now: float) -> bool:
        return self.match.step(now) is not None

    def next_wakeup(self) -> float | None:
        return self.match.next_wakeup()

    def heard(self, at: float) -> None:
        self.match.heard_until(self.seat, at)

    def snapshot(self) -> Delivery:
        match = self.match
        return Delivery(
            len(match.log), self.seat, (), match.game.view(self.seat), match.deadline(self.seat)
        )
