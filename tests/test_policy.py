"""The reaction policy: who answers a window and when, on numbers only (no clock)."""

from __future__ import annotations

import json

from sobremesa.core.policy import ReactionPolicy, WindowClock, answer_order


def test_answer_order_fastest_first_ties_by_seat_and_limit() -> None:
    times = {3: 1.0, 1: 2.0, 2: 1.0, 0: 5.0}
    assert answer_order(times) == [2, 3, 1, 0]
    assert answer_order(times, 2.0) == [2, 3, 1]
    assert answer_order(times, 0.5) == []


def test_the_clock_starts_when_the_window_was_heard() -> None:
    policy = ReactionPolicy(seconds=4.0)
    # Printed at 0 s, heard at 8 s (8 s of narration before it at the reader's pace).
    clock = policy.open("w1", heard_at=8.0, times={1: 2.0})
    assert policy.deadline(clock) == 12.0
    assert not policy.expired(clock, 11.9) and policy.expired(clock, 12.0)
    # The bot at 2 s answers 2 s after hearing, not 2 s after printing.
    assert policy.due(clock, 9.9, people_waiting=True) == []
    assert policy.due(clock, 10.0, people_waiting=True) == [1]
    assert policy.next_wakeup(clock, people_waiting=True) == 10.0


def test_real_time_bots_never_answer_after_the_deadline() -> None:
    policy = ReactionPolicy(seconds=3.0)
    clock = policy.open("w", heard_at=0.0, times={1: 1.0, 2: 3.5})
    assert policy.due(clock, 100.0, people_waiting=True) == [1]
    assert policy.without_people(clock) == [1]
    assert policy.next_wakeup(clock, people_waiting=True) == 1.0
    clock.times.pop(1)
    assert policy.next_wakeup(clock, people_waiting=True) == 3.0  # the deadline


def test_turn_by_turn_a_listener_answering_in_1_5_s_beats_a_bot_at_2_s() -> None:
    policy = ReactionPolicy(seconds=None)
    clock = policy.open("w", heard_at=8.0, times={1: 2.0, 2: 1.0})
    assert policy.deadline(clock) is None and not policy.expired(clock, 1e9)
    # Nobody goes ahead of a person who may still answer, however long they take.
    assert policy.due(clock, 1e9, people_waiting=True) == []
    assert policy.next_wakeup(clock, people_waiting=True) is None
    # The answer time is set against the bots' reaction times.
    assert policy.before_answer(clock, 1.5) == [2]
    assert policy.before_answer(clock, 0.9) == []
    # Once nobody waits, every bot answers, in order, at once.
    assert policy.due(clock, 8.0, people_waiting=False) == [2, 1]
    assert policy.next_wakeup(clock, people_waiting=False) == 8.0


def test_bots_wait_for_speech_plus_the_pace_on_a_new_turn() -> None:
    policy = ReactionPolicy(pace=1.5)
    assert policy.bot_ready_at(10.0, new_turn=True) == 11.5
    assert policy.bot_ready_at(10.0, new_turn=False) == 10.0


def test_a_window_clock_and_a_policy_survive_json() -> None:
    clock = WindowClock("('ventana', 3)", 12.5, {2: 1.25, 4: float("inf")})
    text = json.dumps(clock.to_dict(), allow_nan=False)  # saves are strict JSON
    back = WindowClock.from_dict(json.loads(text))
    assert back == clock
    policy = ReactionPolicy(seconds=6.0, pace=0.5)
    assert ReactionPolicy.from_dict(json.loads(json.dumps(policy.to_dict()))) == policy
    assert ReactionPolicy.from_dict({"seconds": None}) == ReactionPolicy()
