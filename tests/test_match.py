"""The match runner over every registered game (OpenSpiel style random simulation).

For each game of the registry, seeded tables of bots and "people" (seats driven
from outside through `submit`, choosing a bot's move or a random legal one, and
answering windows after a random answer time) run through `Match` on a fake
clock (times are numbers passed in). Checked on every batch:

- no delivery to a seat, or to a spectator, holds another seat's private fields,
  and the view delivered is that seat's own;
- the log's sequence numbers run 1, 2, 3… and every delivery names the last;
- a refused action changes nothing; a late answer is not applied;
- the game ends;
- at a random step the match goes through JSON (`to_dict` → `from_dict`, fresh
  bots from their dicts) and both copies, fed the same times and answers, end
  identical.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from sobremesa.core.game import IllegalAction
from sobremesa.core.match import Delivery, Match
from sobremesa.core.policy import ReactionPolicy
from sobremesa.core.registry import GAMES, GameEntry

MAX_BATCHES = 20000


def leaks(delivery: Delivery) -> list[str]:
    """Private fields of other seats' events that reached this delivery."""
    found = []
    for event in delivery.events:
        owner = getattr(event, "seat", None)
        if owner == delivery.seat and delivery.seat is not None:
            continue
        for name in event.private:
            if getattr(event, name) is not None:
                found.append(f"{event.kind}.{name} of seat {owner} to {delivery.seat}")
    return found


class Table:
    """A match with people at some seats, driven like a client would: the people
    answer with a shadow bot's move (or a random legal one), after an answer time."""

    def __init__(
        self, entry: GameEntry, seed: int, players: int, people: list[int], realtime: bool
    ):
        self.entry = entry
        self.rng = random.Random(f"{entry.id}-{seed}")
        self.lexicon = entry.load_lexicon()
        game = entry.new_game(players, seed, lexicon=self.lexicon)
        levels = entry.levels
        seats = ["human" if s in people else "bot" for s in range(players)]
        bots = {
            s: entry.make_bot(levels[s % len(levels)], s, seed, lexicon=self.lexicon)
            for s in range(players)
            if seats[s] == "bot"
        }
        self.shadows = {
            s: entry.make_bot(levels[0], s, seed + 1, lexicon=self.lexicon) for s in people
        }
        policy = ReactionPolicy(seconds=3.0 if realtime else None, pace=0.5)
        self.match = Match(game, seats, bots, policy=policy, reaction_time=entry.bot_reaction_time)
        self.now = 0.0
        self.deliveries: list[Delivery] = []

    def take(self, deliveries: list[Delivery]) -> None:
        seqs = [d.seq for d in deliveries]
        assert seqs == sorted(seqs) and all(0 < q <= len(self.match.log) for q in seqs)
        assert not seqs or seqs[-1] == len(self.match.log), "every delivery names its batch"
        for d in deliveries:
            assert not leaks(d), leaks(d)
            if d.seq == len(self.match.log):  # the latest batch: the view is the seat's own
                assert d.view == self.match.game.view(d.seat)
            if d.seat is not None:
                for shadow_event in d.events:
                    self.shadows[d.seat].observe(shadow_event)
        self.deliveries += deliveries

    def step(self) -> None:
        """One thing happens: the clock acts, or a person answers."""
        match, game = self.match, self.match.game
        wake = match.next_wakeup()
        waiting = [s for s in game.to_act() if match.seats[s] == "human"]
        if waiting and (wake is None or self.rng.random() < 0.5):
            seat = self.rng.choice(waiting)
            self.now += self.rng.choice((0.0, 0.5, 1.5, 4.0))
            self.take(match.advance(self.now))
            if seat not in game.to_act() or game.is_over():
                return
            action = self.person_action(seat)
            before = json.dumps(game.to_dict(), sort_keys=True)
            outcome = match.submit(seat, action, self.now)
            self.take(outcome.deliveries)
            if outcome.refused is not None and not outcome.deliveries:
                assert json.dumps(game.to_dict(), sort_keys=True) == before
            return
        assert wake is not None, "nobody can act and the clock waits: the table is stuck"
        self.now = max(self.now, wake)
        self.take(match.advance(self.now))

    def person_action(self, seat: int) -> Any:
        game = self.match.game
        if self.entry.id != "palabras" and self.rng.random() < 0.3:
            return self.rng.choice(game.legal_actions(seat))
        return self.shadows[seat].choose(game.view(seat))

    def copy(self) -> Table:
        entry = self.entry
        data = json.loads(json.dumps(self.match.to_dict(), allow_nan=False))
        twin = object.__new__(Table)
        twin.entry, twin.lexicon, twin.now = entry, self.lexicon, self.now
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        twin.shadows = {
            s: entry.bot_from_dict(json.loads(json.dumps(b.to_dict())), lexicon=self.lexicon)
            for s, b in self.shadows.items()
        }
        twin.match = Match.from_dict(
            data,
            game_from_dict=lambda d: entry.restore_game(d, lexicon=self.lexicon),
            bot_from_dict=lambda d: entry.bot_from_dict(d, lexicon=self.lexicon),
            reaction_time=entry.bot_reaction_time,
        )
        twin.deliveries = []
        assert twin.match.to_dict() == self.match.to_dict()
        return twin


CASES = [
    # (game, seed, players, people, real time)
    *[("chinchon", s, 2 + s % 3, [0] if s % 2 else [], False) for s in range(4)],
    *[("palabras", s, 2, [0] if s % 2 else [], False) for s in range(2)],
    *[("castana", s, 2 + s % 3, [0] if s % 2 else [], s % 3 == 0) for s in range(4)],
    *[("cabanga", s, 3 + s % 2, [0, 2][: s % 3], s % 2 == 0) for s in range(4)],
]


@pytest.mark.parametrize(("game_id", "seed", "players", "people", "realtime"), CASES)
def test_random_tables_end_without_leaks_and_replay_from_a_save(
    game_id: str, seed: int, players: int, people: list[int], realtime: bool
) -> None:
    table = Table(GAMES[game_id], seed, players, people, realtime)
    table.take(table.match.start(0.0))
    save_at = random.Random(seed).randrange(5, 60)
    twin: Table | None = None
    for n in range(MAX_BATCHES):
        if table.match.game.is_over():
            break
        if n == save_at:
            twin = table.copy()
        table.step()
        if twin is not None and not twin.match.game.is_over():
            twin.step()
    else:
        pytest.fail(f"{game_id} seed {seed} did not end")
    assert [e.seq for e in table.match.log] == list(range(1, len(table.match.log) + 1))
    if twin is not None:
        while not twin.match.game.is_over():
            twin.step()
        assert twin.match.to_dict() == table.match.to_dict()


def test_every_registered_game_is_simulated() -> None:
    assert {case[0] for case in CASES} == set(GAMES)


def test_a_save_in_a_window_resumes_with_the_time_left() -> None:
    entry = GAMES["cabanga"]
    for seed in range(40):
        table = Table(entry, seed, 3, [0], realtime=True)
        table.take(table.match.start(0.0))
        match = table.match
        for _ in range(400):
            if match.window is not None and 0 in match.game.to_act():
                break
            table.step()
        if match.window is not None and 0 in match.game.to_act():
            break
    else:
        pytest.fail("no window for the person in 40 games")
    deadline = match.deadline(0)
    assert deadline is not None
    twin = table.copy()
    assert twin.match.deadline(0) == deadline
    assert twin.match.window == match.window
    # Nobody answers: at the deadline the window closes in both, the same way.
    for t in (table, twin):
        t.take(t.match.advance(deadline))
        assert t.match.window is None or 0 not in t.match.game.to_act()
    assert twin.match.to_dict() == table.match.to_dict()


def test_a_saved_window_goes_on_another_clock_with_the_time_it_had_left() -> None:
    entry = GAMES["cabanga"]
    for seed in range(40):
        table = Table(entry, seed, 3, [0], realtime=True)
        table.take(table.match.start(0.0))
        for _ in range(400):
            if table.match.window is not None and 0 in table.match.game.to_act():
                break
            table.step()
        if table.match.window is not None and 0 in table.match.game.to_act():
            break
    else:
        pytest.fail("no window for the person in 40 games")
    match = table.match
    saved_at = match.window.opened_at + 1.25  # saved 1.25 s into the window
    left = match.deadline(0) - saved_at
    times = dict(match.window.times)
    twin = table.copy()
    twin.match.rebase(5000.0, saved_at)  # another process: its clock reads 5000
    assert twin.match.deadline(0) == pytest.approx(5000.0 + left)
    assert twin.match.window.times == times  # the bots' times count from the same start
    assert twin.match.next_wakeup() == pytest.approx(match.next_wakeup() - saved_at + 5000.0)
    twin.take(twin.match.advance(5000.0 + left - 0.01))
    assert twin.match.window is not None  # still open just before the time left runs out


def test_turn_by_turn_a_fast_listener_goes_first_and_a_slow_one_is_late() -> None:
    """A person's answer time is counted from when they heard the window: bots
    faster than that answer first; a window they closed makes the answer late."""
    entry = GAMES["cabanga"]
    for seed in range(60):
        table = Table(entry, seed, 3, [0], realtime=False)
        table.take(table.match.start(0.0))
        match = table.match
        for _ in range(400):
            if match.window is not None and 0 in match.game.to_act() and match.window.times:
                break
            table.step()
        else:
            continue
        fastest = min(match.window.times.values())
        if fastest == float("inf"):
            continue
        heard = match.window.opened_at
        quick = table.copy()
        action = quick.person_action(0)
        outcome = quick.match.submit(0, action, heard + fastest / 2)
        assert outcome.refused is None and not outcome.late
        assert quick.match.log[-1].seat != 1 or quick.match.log[-1].event.kind != "played"
        slow = table.copy()
        before = len(slow.match.log)
        outcome = slow.match.submit(0, action, heard + fastest + 0.01)
        bots_first = [e.seat for e in slow.match.log[before:]]
        assert bots_first and bots_first[0] != 0, "the faster bot answered first"
        return
    pytest.fail("no window with a bot for the person in 60 games")


def test_a_refused_action_changes_nothing() -> None:
    entry = GAMES["chinchon"]
    table = Table(entry, 3, 2, [0], realtime=False)
    table.take(table.match.start(0.0))
    while 0 not in table.match.game.to_act():
        table.step()
    before = table.match.to_dict()
    wrong = [a for a in _other_seat_actions(table) if a not in table.match.game.legal_actions(0)]
    outcome = table.match.submit(0, wrong[0], table.now)
    assert isinstance(outcome.refused, IllegalAction)
    assert outcome.deliveries == [] and table.match.to_dict() == before


def _other_seat_actions(table: Table) -> list[Any]:
    from sobremesa.games.chinchon.rules import Discard

    game = table.match.game
    return [Discard(card) for card in game.view(1).hand or []] + [
        Discard(c) for c in (game.view(0).hand or [])
    ]


def test_bots_wait_for_speech_and_the_pace_but_go_on_with_their_own_turn() -> None:
    """Chinchón, a person and a bot: after the person's discard the bot waits until
    the person has heard it plus the pace; its discard follows its draw at once."""
    entry = GAMES["chinchon"]
    game = entry.new_game(2, seed=3)
    match = Match(
        game, ["human", "bot"], {1: entry.make_bot("facil", 1, 3)}, policy=ReactionPolicy(pace=1.0)
    )
    match.start(0.0)
    assert game.to_act() == [0] and match.next_wakeup() is None  # waits for the person
    match.submit(0, game.legal_actions(0)[0], 1.0)  # draws
    outcome = match.submit(0, game.legal_actions(0)[0], 2.0)  # discards
    assert [e.kind for d in outcome.deliveries for e in d.events if d.seat == 0][0] == "discarded"
    assert game.to_act() == [1] and match.next_wakeup() == 3.0
    match.heard_until(0, 6.5)  # 4.5 s of speech still to hear at the reader's pace
    assert match.next_wakeup() == 7.5 and match.advance(7.4) == []
    done = match.advance(7.5)
    kinds = [e.kind for d in done if d.seat == 0 for e in d.events]
    assert kinds[:2] == ["drew_stock", "discarded"], kinds  # draw and discard together
    drawn = next(e for d in done if d.seat == 0 for e in d.events if e.kind == "drew_stock")
    assert drawn.card is None, "the person does not see the bot's card"
    assert game.to_act() == [0]


def test_a_damaged_table_in_a_save_is_refused() -> None:
    """The clock and the log a save holds are checked when loaded: a window timing a
    person as a bot, a bot's heard time, a gap in the log, a move before the log's
    start all raise ValueError (the session then starts the table's log afresh)."""
    entry = GAMES["cabanga"]
    for seed in range(40):
        table = Table(entry, seed, 3, [0], realtime=True)
        table.take(table.match.start(0.0))
        for _ in range(400):
            if table.match.window is not None and table.match.window.times:
                break
            table.step()
        if table.match.window is not None and table.match.window.times:
            break
    good = json.loads(json.dumps(table.match.table_to_dict()))
    twin = table.copy().match
    twin.load_table(good)  # as saved: fine
    assert twin.table_to_dict() == good

    def damaged(change):
        data = json.loads(json.dumps(good))
        change(data)
        return data

    bad = [
        damaged(lambda d: d["window"]["times"].append([0, 1.0])),  # the person as a bot
        damaged(lambda d: d["heard"].append([1, 3.0])),  # a bot's hearing
        damaged(lambda d: d["log"].pop(2)),  # a gap in the log
        damaged(lambda d: d["played"].append([10**6, 1, None])),  # past the log's end
        damaged(lambda d: d["played"].append(["x", 1, None])),
    ]
    for data in bad:
        with pytest.raises((ValueError, KeyError, TypeError)):
            table.copy().match.load_table(data)
