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

from sobremesa.ui.trace import trace

if TYPE_CHECKING:
    from sobremesa.ui.session import Session


class ReactionDriver:
    """Drives the open window of the local session: the table (`core.match`) keeps
    the window's clock and answers for the bots by the reaction policy
    (`core.policy`); this driver reads the player's lines meanwhile, and lets
    the table's clock act at its wake-ups."""

    def __init__(self, session: Session, seconds: float | None) -> None:
        self.session = session
        self.seconds = seconds  # the window's length in real time (None: turn by turn)
        self._key: object = None
        self._started = 0.0

    @property
    def started(self) -> float:
        """When the last window driven here was heard (session clock)."""
        return self._started

    @property
    def realtime(self) -> bool:
        return self.seconds is not None and getattr(self.session.console, "interactive", False)

    def run(self) -> bool:
        """Drive one open window to its end (or until another window replaces it:
        a steal opens a new one; the session's loop then calls again). False if the
        player left meanwhile."""
        session = self.session
        adapter = session.adapter
        match = session.match
        match.policy = session._policy()
        self._key = adapter.window_key()
        if match.window is None or match.window.key != repr(self._key):
            # A window the table has not clocked yet (a position set up by hand):
            # it starts now, for the player once its line has been heard.
            match.resume(session.now())
            session._report_heard()
        assert match.window is not None
        self._started = match.window.opened_at
        human = adapter.table.human
        self._answer_if_nothing_fits()
        if self._replaced():
            return True
        answered = self.realtime and human in (match.window.people if match.window else [])
        if (human is None or human not in adapter.game.to_act()) and not answered:
            # Only bots: the same outcome as on the clock, without the dead wait.
            # (A window the player has answered still lasts its time in real time.)
            return self._clock_until_replaced()
        trace("window-open", f"{self.seconds:g}" if self.realtime else "turnos")
        try:
            if self.realtime:
                return self._run_realtime()
            return self._run_turn_by_turn()
        finally:
            trace("window-close")

    def _answer_if_nothing_fits(self) -> None:
        """The player has nothing to react with: answer for them (as a glance
        would), so the window does not wait for them. Also when they come back from
        a stand-in with the window open (a playtest heard `Se acabó el tiempo` for
        a window nothing of theirs fitted)."""
        session = self.session
        adapter = session.adapter
        human = adapter.table.human
        if human is None or human not in adapter.game.to_act() or session.stood_in():
            return
        if self._replaced():
            return  # (the player's turn after it, not a window)
        automatic = adapter.auto_reaction(human)
        if automatic is not None:
            session.match.answered_for(human)  # no dead wait for a window they cannot join
            session.play(human, automatic)

    def _clock_until_replaced(self) -> bool:
        """Nobody to wait for: the table's clock answers and closes the window.
        False if the player left meanwhile."""
        session = self.session
        if session.shared:
            # The server's clock does it; the player's lines are answered meanwhile.
            # (Waiting without reading them, a seat whose player typed went round
            # its hub at once, again and again, until the window closed, and the
            # line was not answered till then.)
            while not self._replaced():
                if not session.wait_for_server():
                    return False
            return True
        while not self._replaced() and session.table_step():
            pass
        return True

    def _replaced(self) -> bool:
        """The window closed, or a new one took its place."""
        adapter = self.session.adapter
        return not adapter.in_window() or adapter.window_key() != self._key

    # -- turn by turn ------------------------------------------------------------
    def _run_turn_by_turn(self) -> bool:
        session = self.session
        adapter = session.adapter
        human = adapter.table.human
        while human in adapter.game.to_act():
            self._answer_if_nothing_fits()  # (a player back from a stand-in)
            if human not in adapter.game.to_act():
                break
            session.console.set_prompt(adapter.prompt())
            line = session.read_line()
            if line is None:
                return False
            if not isinstance(line, str):
                continue
            # Bots faster than the player answer first (the table counts the
            # player's answer time from when the window's line was heard; scripted
            # input takes no time); then the answer may be late, and the player
            # hears that before what the faster bot did.
            reaction = session.is_reaction(line)
            if reaction:
                with session.reply_first():
                    session.answering()
                    if self._replaced():
                        session.say_late(line)
                        return True
            session.handle_line(line)
            if session.quitting:
                return False
            if not reaction:
                # Reading (or a mistyped line) is answered at once; the time it took
                # still counts, so faster bots go before the next line.
                session.answering()
            if self._replaced():
                return True
        return self._clock_until_replaced()

    # -- real time ---------------------------------------------------------------
    def _run_realtime(self) -> bool:
        session = self.session
        adapter = session.adapter
        while not self._replaced():
            self._answer_if_nothing_fits()  # (a player back from a stand-in)
            if session.table_step():  # a bot's answer, or the deadline
                continue
            wake = session.link.next_wakeup()
            assert wake is not None
            session.console.set_prompt(adapter.prompt())
            # Input is read also when the player may not react (reading commands).
            if not session.answer_lines_for(max(0.01, wake - session.clock())):
                return False
        return True
