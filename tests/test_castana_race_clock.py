"""The Ñ race on the fake clock, with a real ABC ¡Castaña! game (medio rivals): a
rival throws the Ñ out of turn; the call (``¡Ñ! ¡Pon la mano!``) goes first, who
threw it right after in the same batch, then the prompt; the race's clock starts
when the call was heard, so a player faster than the rivals' reaction times
(docs/castana.md: medio 1,4 to 2,8 s) puts the hand first, turn by turn and in
real time, even while who threw it is still being said."""

import pytest
from listening import Listener, ListenerConsole, make_session
from test_castana_ui import adapter_at

from sobremesa.games.castana import rules as r
from sobremesa.games.castana.bots import REACTION_TIMES
from sobremesa.ui.console import TIMEOUT
from sobremesa.ui.speech_time import speaking_seconds

CALL = "¡Ñ! ¡Pon la mano!"


def rival_may_throw_enie(game):
    """A rival's turn, and another rival holds a Ñ they may throw out of turn."""
    if game.phase != "turn" or game.current in (None, 0) or game.attack:
        return False
    return any(s not in (0, game.current) and game.may_play_enie(s) for s in range(game.num_seats))


class CallListener(ListenerConsole):
    """Answers the race `delay` seconds after the call was heard (None: at once,
    while the batch is still being said)."""

    def __init__(self, clock, delay):
        super().__init__(clock, Listener())
        self.delay = delay
        self.call_heard = None

    def get_line(self, timeout=None):
        if not self._prompt.startswith("¡Mano!") or self.typed:
            if timeout is None:
                return None
            self.clock.t += timeout  # the race goes on for the rivals (real time)
            return TIMEOUT
        batch = next(p for p in self.printed if CALL in p.lines)
        before = batch.lines[: batch.lines.index(CALL) + 1]
        self.call_heard = batch.at + batch.backlog + speaking_seconds("\n".join(before), 180)
        at = self.clock.t if self.delay is None else self.call_heard + self.delay
        at = max(self.clock.t, at)
        if timeout is not None and self.clock.t + timeout < at:
            self.clock.t += timeout
            return TIMEOUT
        self.clock.t = at
        self.typed.append((at, "mano"))
        return "mano"


def race_session(delay, window_seconds=None):
    adapter = adapter_at(rival_may_throw_enie)
    game = adapter.game
    thrower = next(
        s for s in range(game.num_seats) if s not in (0, game.current) and game.may_play_enie(s)
    )
    enie = next(c for c in game.hand(thrower) if r.letter(c) == "Ñ")
    session, console, clock = make_session(adapter, Listener(), window_seconds=window_seconds)
    console = CallListener(clock, delay)
    console.announcer = session.announcer
    session.console = session.announcer.console = console
    clock.t = 10.0
    session.play(thrower, r.PlayCard(enie, colour="rojo"))  # out of turn: the race opens
    assert game.phase == "race" and 0 in game.to_act()
    return session, console, adapter, thrower


def test_the_thrower_is_named_right_after_the_call_before_the_prompt():
    session, console, adapter, thrower = race_session(0.5)
    batch = next(p for p in console.printed if CALL in p.lines)
    name = adapter.table.names[thrower]
    # The call first, who threw the Ñ right after it, in the same batch.
    assert batch.lines[0] == CALL
    assert batch.lines[1].startswith(f"¡Toma castaña! {name} echa la Ñ "), batch.lines
    assert "fuera de turno; sigue el rojo." in batch.lines[1]
    # The prompt is drawn after that batch: nothing else printed before it.
    assert console.printed[-1] is batch and console.prompt_text == "¡Mano!> "


@pytest.mark.parametrize("window_seconds", [None, 4.0])
@pytest.mark.parametrize("delay", [None, 0.0, 0.5, 1.2])
def test_a_player_faster_than_the_rivals_wins_the_race(delay, window_seconds):
    session, console, adapter, _ = race_session(delay, window_seconds)
    low, _high = REACTION_TIMES["medio"]
    rivals = [s for s in adapter.game.to_act() if s != 0]
    times = [adapter.bot_reaction_time(s) for s in rivals]
    assert all(low <= t for t in times)  # the documented medio times, unchanged
    assert session.reactions.run()
    # The race's clock started when the call was heard, not after who threw it.
    assert session.reactions.started == pytest.approx(console.call_heard)
    out = [line for batch in console.printed for line in batch.lines]
    assert "Pones la mano en primer lugar" in " ".join(out), out
    mine = next(i for i, line in enumerate(out) if line.startswith("Pones la mano"))
    assert not [line for line in out[:mine] if " pone la mano " in line]


def test_the_race_clock_counts_from_the_call_not_the_end_of_the_batch():
    # Who threw the Ñ takes seconds to say: a player who waits for all of it and
    # then 2 s more is slower than the rivals, counted from the call.
    session, console, adapter, _ = race_session(None)
    heard_all = session.announcer.heard_at()
    batch = next(p for p in console.printed if CALL in p.lines)
    call_heard = batch.at + batch.backlog + speaking_seconds(CALL, 180)
    assert call_heard < heard_all - 1.0  # who threw it is said after the call
    console.delay = heard_all - call_heard + 2.0
    rivals = [s for s in adapter.game.to_act() if s != 0]
    assert max(adapter.bot_reaction_time(s) for s in rivals) < console.delay
    assert session.reactions.run()
    assert session.reactions.started == pytest.approx(call_heard)
    out = [line for batch in console.printed for line in batch.lines]
    assert any(line.startswith("Pones la mano en ") for line in out)
    assert not any(line.startswith("Pones la mano en primer lugar") for line in out), out
