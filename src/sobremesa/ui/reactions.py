"""Out-of-turn reaction windows (¡Cabanga!, and later ¡Toma castaña! and the Ñ race).

The rules model a window as a phase in which several seats may act (DESIGN §3);
this driver owns the clock (DESIGN §2.7):

- **Real time** (a person at a terminal, table option): the window lasts
  `seconds`; each bot answers after its own reaction time (a difficulty setting);
  the player types the reaction command meanwhile. Reading commands still work.
  Narration that arrives while the player types waits, as everywhere.
- **Turn by turn** (table option, and always when input is scripted): no clock.
  The game waits for the player's answer; the order between the player and the
  bots comes from the player's answer time against the bots' reaction times. With
  scripted input the answer time counts as zero, so a script replays exactly.

Bot reaction times come from `adapter.bot_reaction_time(seat)`, which must be
deterministic for a given game state (seeded), so a saved game replays the same.

**Time is measured in speech** (DESIGN §2.7). A window's clock starts when its
announcement can have been heard (`Announcer.heard_at`: everything printed before
it, at the player's reading speed), never when it was printed: the bots' reaction
times, the real-time deadline and, turn by turn, the player's answer time all
count from that moment. The clock is the session's (`session.clock`), so tests
drive windows on a fake clock.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sobremesa.core.policy import ReactionPolicy, WindowClock
from sobremesa.ui.trace import trace

if TYPE_CHECKING:
    from sobremesa.ui.session import Session


class ReactionDriver:
    """Drives the open window of the local session with the table's reaction policy
    (`core.policy`): the same rules the match runner follows."""

    def __init__(self, session: Session, seconds: float | None) -> None:
        self.session = session
        self.policy = ReactionPolicy(seconds=seconds)
        self.window: WindowClock | None = None

    @property
    def seconds(self) -> float | None:
        """The window's length in real time (None: turn by turn)."""
        return self.policy.seconds

    @seconds.setter
    def seconds(self, value: float | None) -> None:
        self.policy = ReactionPolicy(seconds=value)

    @property
    def started(self) -> float:
        """When the open window's line was heard (session clock)."""
        return 0.0 if self.window is None else self.window.opened_at

    @property
    def realtime(self) -> bool:
        return self.seconds is not None and getattr(self.session.console, "interactive", False)

    def run(self) -> bool:
        """Drive one open window to its end (or until another window replaces it:
        a steal opens a new one; the session's loop then calls again). False if the
        player left meanwhile."""
        session = self.session
        adapter = session.adapter
        self._key = adapter.window_key()
        human = adapter.table.human
        if human is not None and human in adapter.game.to_act():
            # Nothing to react with: answer for the player (as a glance would).
            automatic = adapter.auto_reaction(human)
            if automatic is not None:
                session.play(human, automatic)
            if self._replaced():
                return True
        times = {
            seat: adapter.bot_reaction_time(seat) for seat in adapter.game.to_act() if seat != human
        }
        # Scripted input has no clock: the window waits, turn by turn.
        policy = self.policy if self.realtime else ReactionPolicy(seconds=None)
        if human is None or human not in adapter.game.to_act():
            self.window = policy.open(self._key, session.clock(), times)
            return self._run_without_player(policy)
        # The window starts for the player once its line can have been heard.
        self.window = policy.open(self._key, session.announcer.heard_at(), times)
        trace("window-open", f"{self.seconds:g}" if self.realtime else "turnos")
        try:
            if self.realtime:
                return self._run_realtime(policy)
            return self._run_turn_by_turn(policy)
        finally:
            trace("window-close")

    def elapsed(self) -> float:
        """Seconds since the open window's line was heard (negative: still being said)."""
        return self.session.clock() - self.started

    def _run_without_player(self, policy: ReactionPolicy) -> bool:
        """Only bots in this window: the same outcome as on the clock (fastest
        first; in real time, none after the deadline), without the dead wait."""
        assert self.window is not None
        self._bots(policy.without_people(self.window))
        if not self._replaced():
            self.session.narrate_events(self.session.adapter.close_window())
        return True

    # -- turn by turn ------------------------------------------------------------
    def _run_turn_by_turn(self, policy: ReactionPolicy) -> bool:
        session = self.session
        adapter = session.adapter
        window = self.window
        assert window is not None
        human = adapter.table.human
        interactive = getattr(session.console, "interactive", False)
        while human in adapter.game.to_act():
            session.console.set_prompt(adapter.prompt())
            line = session.read_line()
            if line is None:
                return False
            if not isinstance(line, str):
                continue
            # Counted from when the window's line was heard; an answer typed before
            # (the player cut the speech) counts as instant.
            answer_time = max(0.0, self.elapsed()) if interactive else 0.0
            reaction = session.is_reaction(line)
            if reaction:
                # Bots faster than the player answer first; then the answer may be
                # late, and the player hears that before what the faster bot did.
                with session.reply_first():
                    self._bots(policy.before_answer(window, answer_time))
                    if self._replaced():
                        session.say_late(line)
                        return True
            session.handle_line(line)
            if session.quitting:
                return False
            if not reaction:
                # Reading (or a mistyped line) is answered at once; the time it took
                # still counts, so faster bots go before the next line.
                self._bots(policy.before_answer(window, answer_time))
            if self._replaced():
                return True
        self._bots(policy.due(window, session.clock(), people_waiting=False))
        return True

    def _replaced(self) -> bool:
        """The window closed, or a new one took its place."""
        adapter = self.session.adapter
        return not adapter.in_window() or adapter.window_key() != self._key

    def _bots(self, seats: list[int]) -> None:
        """These bots answer, in this order, while the window lasts."""
        adapter = self.session.adapter
        assert self.window is not None
        for seat in seats:
            if self._replaced():
                break
            if seat in adapter.game.to_act():
                self.session.play(seat, adapter.bot_action(seat))
            self.window.times.pop(seat, None)

    # -- real time ---------------------------------------------------------------
    def _run_realtime(self, policy: ReactionPolicy) -> bool:
        session = self.session
        adapter = session.adapter
        window = self.window
        assert window is not None
        while not self._replaced():
            now = session.clock()
            self._bots(policy.due(window, now, people_waiting=True))
            if self._replaced():
                return True
            if policy.expired(window, now):
                session.narrate_events(adapter.close_window())
                return True
            for seat in [s for s in window.times if s not in adapter.game.to_act()]:
                window.times.pop(seat)  # no longer in the window: no wake-up for it
            wake = policy.next_wakeup(window, people_waiting=True)
            assert wake is not None
            session.console.set_prompt(adapter.prompt())
            # Input is read also when the player may not react (reading commands).
            if not session.answer_lines_for(max(0.01, wake - now)):
                return False
        return True
