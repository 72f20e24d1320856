"""ABC ¡Castaña! windows as the player lives them: the steal and challenge
windows after a discard, the warned window, the Ñ race and the Ñ thrown out of
turn. Who is asked, what the game answers for a player with nothing to answer
with, what bots wait for, and answers typed too early or too late.

A mixin of the adapter (it reads the adapter's game, table, word list and clock).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sobremesa.core.game import Action, Event
from sobremesa.core.registry import entry
from sobremesa.games.castana import rules as r
from sobremesa.i18n import _
from sobremesa.ui.session import Table

EARLY = (
    0.5  # seconds: an answer sooner than this after a window opened was meant for the one before
)


class WindowAnswers:
    """The adapter's part in windows; its state is the player's window."""

    game: r.CastanaGame
    table: Table
    bots: dict[int, Any]
    lexicon: Any
    # The player's window (set up and explained in the adapter's __init__).
    _asked: bool
    _opened_at: float
    _window_asked: int | None
    clock: Callable[[], float]  # the session's
    _you: Callable[[int | None], bool]  # the adapter's: is this seat the player's?

    def in_window(self) -> bool:
        return self.game.in_window()

    def window_key(self) -> object:
        return self.game.window_key()

    def close_window(self) -> list[Event]:
        self._asked = self.table.human in self.game.to_act()  # "Se acabó el tiempo."
        return self.game.close_window()

    def bot_reaction_time(self, seat: int) -> float:
        view = self.game.view(seat)
        human = self.table.human
        if view.warned and view.next_seat == human and human in view.to_act:
            return float("inf")  # warned: the protected player answers first
        return entry("castana").bot_reaction_time(self.game, seat, self.bots[seat]) or 0.0

    def out_of_turn(self, seat: int, actions: Sequence[Action]) -> bool:
        return (
            len(actions) == 1
            and isinstance(actions[0], r.PlayCard)
            and r.letter(actions[0].card) == "Ñ"
            and self.game.may_play_enie(seat)
        )

    def _can_steal(self, seat: int) -> bool:
        view = self.game.view(seat)
        if seat not in view.stealers:
            return False
        return bool(self._words(view))

    def _can_challenge(self, seat: int) -> bool:
        view = self.game.view(seat)
        return seat in view.challengers and view.word is not None

    def auto_reaction(self, seat: int) -> Action | None:
        if self.game.phase != "window" or seat not in self.game.to_act():
            return None
        view = self.game.view(seat)
        if view.warned and view.next_seat == seat:
            return None
        if self._can_steal(seat) or self._can_challenge(seat):
            return None
        return r.Pass()

    def player_in_window(self) -> bool:
        """The player has a window or the Ñ race to answer (a window they have
        nothing to answer with is passed for them at once: not theirs)."""
        human = self.table.human
        if human is None or not self.in_window() or human not in self.game.to_act():
            return False
        return self.game.phase == "race" or self.auto_reaction(human) is None

    def _announces_window(self, event: Event) -> bool:
        human = self.table.human
        if isinstance(event, r.RaceStarted):
            return human in event.racers
        if isinstance(event, r.StealWarned):
            return event.target == human
        return isinstance(event, r.WindowOpened)

    def _answered(self, event: Event) -> bool:
        """Did the player answer (or act) with this event?"""
        answers = (r.Passed, r.Challenged, r.WordPlayed, r.CardPlayed, r.Drew, r.HandPut)
        return isinstance(event, answers) and self._you(getattr(event, "seat", None))

    def _late_steal(self, word: str) -> str | None:
        """A `castaña` typed for a window that closed before it arrived, now that
        it is the player's turn: said so, not played as the turn."""
        asked, self._window_asked = self._window_asked, None
        game = self.game
        if asked is None or (game.phase == "window" and game.window_key() == asked):
            self._window_asked = asked
            return None
        if game.phase == "turn" and self._you(game.current):
            return _("Llegas tarde a esa ventana. Tu turno: jugar {word}.").format(
                word=word.lower()
            )
        return None

    def _words(self, view: r.CastanaView) -> list[str]:
        return r.words_from(view.top_letter, view.hand or (), self.lexicon.spell)

    def _may_steal(self) -> bool:
        human = self.table.human
        return human is not None and human in self.game.to_act() and self._can_steal(human)

    def _window_before(self, event: Event) -> None:
        """A new window asks again only if the player has something to do in it."""
        if isinstance(event, r.WindowOpened):
            self._asked = False

    def _window_told(self, event: Event, lines: list[str]) -> None:
        """The player's part in a window, from what was told of it: asked (the
        clock of an early answer starts), answered or timed out."""
        if isinstance(event, r.WindowOpened) and lines:
            self._asked = True
            self._opened_at = self.clock()
            if getattr(self, "window_realtime", False):
                self._window_asked = self.game.window_key()
        elif isinstance(event, r.StealWarned) and self._you(event.target):
            self._asked = True
            self._opened_at = self.clock()
        elif isinstance(event, r.WindowClosed | r.Passed) and lines:
            self._asked = False

    def _too_early(self) -> str | None:
        """In real time, an answer typed before the window was heard belongs to the
        one before (type-ahead): refuse it instead of spending it here."""
        if not (getattr(self, "window_realtime", False) and self._asked):
            return None
        if self.clock() - self._opened_at >= EARLY:
            return None
        return _("Eso llegó antes de esta ventana; escríbelo otra vez si es para ella.")

    def _enie_refusal(self) -> str:
        """Why the player may not throw the Ñ out of turn just now."""
        game = self.game
        human = self.table.human
        w = game.window
        if game.phase == "race":
            return _("Ahora es la carrera de la Ñ: pon la mano.")
        if game.phase == "give":
            return _("Espera a que se den las cartas.")
        attack = game.attack or (w.attack if w else None)
        if attack:
            return _("Primero se resuelve el ataque de la {letter}.").format(letter=attack)
        if w is not None and w.discarder == human:
            return _("Acabas de jugar: espera a la jugada de otro.")
        if w is not None and w.next_seat == human:
            return _("Juegas tú ahora: échala en tu turno.")
        return _("Ahora no puedes echar la Ñ; prueba en el turno de otro.")
