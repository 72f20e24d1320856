"""A server's tables on hubs (issue 13): each seat's session a greenlet that parks
where it waits, the table's clock run by its hub; and the garbage collector kept
from pausing the server. Tables are driven here as a hub drives them, on a fake
clock: each `run_due` says when the table is due next, and the clock jumps there."""

from __future__ import annotations

import gc
import json
import threading
import weakref
from typing import Any

import greenlet
import pytest

from sobremesa.net import collector as collector_module
from sobremesa.net import table as table_module
from sobremesa.net.collector import Collector
from sobremesa.net.hub import Hub
from sobremesa.net.seat import Peer, RemoteConsole
from sobremesa.net.server import Server
from sobremesa.net.table import ServerTable, TableOptions
from sobremesa.ui.console import TIMEOUT


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class RecordingHub:
    """A hub that only counts what it is asked to run (the test runs it)."""

    def __init__(self) -> None:
        self.scheduled = 0

    def schedule(self, table: Any) -> None:
        self.scheduled += 1

    def in_hub(self) -> bool:
        return True


class FramePeer(Peer):
    def __init__(self, lang: str = "es") -> None:
        self.lang = lang
        self.wpm = 180.0
        self.frames: list[dict[str, Any]] = []
        self.left = False

    def send(self, frame: str) -> None:
        self.frames.append(json.loads(frame))

    def left_table(self, table: Any) -> None:
        self.left = True

    def lines(self) -> list[str]:
        return [line for f in self.frames if f["t"] == "di" for line in f["lineas"]]


def drive(table: ServerTable, clock: FakeClock, *, until: Any, limit: int = 20_000) -> int:
    """Run ``table`` as its hub would until ``until()``: the clock jumps to each time
    the table says it is due. Returns how many runs it took."""
    runs = 0
    while not until():
        at = table.run_due()
        runs += 1
        if until():
            break
        assert at is not None, "a table still going must say when it is due"
        clock.now = max(clock.now, at)
        assert runs < limit, "the table never got there"
    return runs


def new_table(game: str, clock: FakeClock, hub: RecordingHub, **options: Any) -> ServerTable:
    how = TableOptions(game, 4, "facil", seed=3, **options)  # (the pace: 1.5 s)
    return ServerTable("HUBTST", how, data_dir=None, clock=clock, hub=hub)  # type: ignore[arg-type]


# -- the seat console: parking instead of blocking ----------------------------------------
def test_a_seat_waiting_for_its_player_parks_and_is_due_when_a_line_comes() -> None:
    clock, pokes = FakeClock(), []
    console = RemoteConsole(lambda: pokes.append(1), clock=clock)
    got: list[Any] = []
    task = greenlet.greenlet(lambda: got.append(console.get_line()))
    task.switch()
    assert not got and not task.dead  # parked, back in the "hub"
    clock.now += 3600
    assert not console.due(clock())  # no end to a wait for the player
    console.put("mano")
    assert pokes and console.due(clock())
    task.switch()
    assert got == ["mano"] and task.dead


def test_a_timed_wait_is_due_at_its_end_and_every_wait_lets_the_hub_go_round() -> None:
    clock = FakeClock()
    console = RemoteConsole(lambda: None, clock=clock)
    got: list[Any] = []
    task = greenlet.greenlet(lambda: [got.append(console.get_line(t)) for t in (5.0, 0.0)])
    task.switch()
    assert console.parked_until() == 1005.0
    assert not console.due(1004.9) and console.due(1005.0)
    clock.now = 1005.0
    task.switch()
    # A wait with no time left still parks once: the table's clock (a bot's move)
    # is the hub's, and a seat that never parked would wait for it for ever.
    assert got == [TIMEOUT] and not task.dead
    assert console.due(clock())
    task.switch()
    assert got == [TIMEOUT, TIMEOUT] and task.dead


def test_a_closed_console_ends_a_parked_wait() -> None:
    console = RemoteConsole(lambda: None, clock=FakeClock())
    got: list[Any] = []
    task = greenlet.greenlet(lambda: got.append(console.get_line()))
    task.switch()
    console.close()
    task.switch()
    assert got == [None]


# -- a whole table on the fake clock --------------------------------------------------------
@pytest.mark.parametrize("game", ["cabanga", "chinchon"])
def test_a_watched_table_of_bots_plays_to_its_end_on_a_fake_clock(game: str) -> None:
    clock, hub = FakeClock(), RecordingHub()
    table = new_table(game, clock, hub)
    table.start()
    spectator = FramePeer()
    table.watch(spectator)
    runs = drive(table, clock, until=table.finished)
    assert table.match is not None and table.match.game.is_over()
    assert {"t": "fin"} in spectator.frames and spectator.left
    assert len(spectator.lines()) > 50  # the spectator heard the game
    # Bots kept the pace on the table's clock: one run of the hub per move or so,
    # and no seat went round without waiting.
    moves = len(table.match.log)
    assert clock.now >= 1000.0 + moves * 0.1
    assert runs <= 3 * moves


def test_a_player_who_never_types_holds_no_one_else_and_a_bot_takes_over_after_the_grace() -> None:
    clock, hub = FakeClock(), RecordingHub()
    table = new_table("cabanga", clock, hub, grace=30.0)
    ana = FramePeer()
    table.sit(ana, "Ana")
    table.start()
    table.run_due()  # Ana's seat starts, says the opening and parks
    assert any(f["t"] == "pide" for f in ana.frames) or ana.lines()
    # Ana types a reading command: her seat is due, answers, parks again.
    runner = table.seats[0].runner
    assert runner is not None
    before = hub.scheduled
    runner.console.put("ayuda")
    assert hub.scheduled == before + 1  # the line made the hub look at the table
    table.run_due()
    assert any(f["t"] == "di" and f["respuesta"] for f in ana.frames)
    # Her connection drops: after the grace a bot plays for her, to the end.
    table.dropped(ana)
    clock.now += 31.0
    table.grace_check()
    assert table.seats[0].stood_in
    drive(table, clock, until=lambda: table.match is not None and table.match.game.is_over())


def test_a_table_of_bots_with_no_pace_shares_its_hub(monkeypatch: pytest.MonkeyPatch) -> None:
    """Watched bots at `ritmo 0` never wait: the hub gives the table a budget of work
    at a time and runs its other tables between (here: a pass at a time)."""
    monkeypatch.setattr(table_module, "RUN_BUDGET", 0.0)
    clock, hub = FakeClock(), RecordingHub()
    table = new_table("cabanga", clock, hub, pace=0.0)
    table.start()
    table.watch(FramePeer())
    assert table.run_due() == clock()  # due again at once, the game not over
    assert table.match is not None and not table.match.game.is_over()
    runs = drive(table, clock, until=table.finished)
    assert runs > 10 and clock.now == 1000.0  # many turns of the hub, no table time


def test_a_clock_due_with_nothing_to_do_is_looked_at_again_later_not_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A blind playtest froze a server: its table's clock said it was due, did
    nothing, and was run again at once, for ever, with the table's lock held."""
    clock, hub = FakeClock(), RecordingHub()
    table = new_table("cabanga", clock, hub)
    table.start()
    match = table.match
    assert match is not None
    steps: list[float] = []
    monkeypatch.setattr(match, "next_wakeup", lambda: 999.0)  # due since before now
    monkeypatch.setattr(match, "step", lambda now: steps.append(now))  # and nothing done
    assert table.run_due() == 1000.0 + table_module.CLOCK_RETRY
    assert steps == [1000.0]
    assert table.run_due() == 1000.0 + table_module.CLOCK_RETRY  # not stepped again yet
    assert steps == [1000.0]
    clock.now += table_module.CLOCK_RETRY
    table.run_due()
    assert steps == [1000.0, clock.now]


def test_a_finished_table_leaves_the_server_and_counts_as_a_departure() -> None:
    clock, hub = FakeClock(), RecordingHub()
    table = new_table("cabanga", clock, hub)
    table.start()
    table.watch(FramePeer())
    drive(table, clock, until=table.finished)
    server = Server(None)
    server.tables[table.code] = table
    server.grace_tick()
    assert table.code not in server.tables and server.departures == 1


# -- the hub's thread -----------------------------------------------------------------------
def test_a_hub_runs_what_is_scheduled_and_again_when_it_says() -> None:
    done = threading.Event()
    threads: list[threading.Thread] = []

    class Twice:
        def run_due(self) -> float | None:
            threads.append(threading.current_thread())
            if len(threads) == 2:
                done.set()
                return None
            return 0.0  # due again at once (a time already past)

    hub = Hub("sobremesa-mesas-prueba")
    hub.schedule(Twice())
    assert done.wait(10)
    assert threads == [hub.thread, hub.thread]


# -- the garbage collector --------------------------------------------------------------------
class Knot:
    """An object in a cycle with itself: only the collector frees it."""

    def __init__(self) -> None:
        self.me = self


def test_long_lived_objects_are_frozen_and_a_deep_clean_frees_their_cycles() -> None:
    try:
        collector = Collector(now=0.0)
        knot = Knot()
        ref = weakref.ref(knot)
        collector.tick(collector_module.FREEZE_EVERY - 1, departures=0)
        frozen = gc.get_freeze_count()
        collector.tick(collector_module.FREEZE_EVERY, departures=0)
        assert gc.get_freeze_count() > frozen  # the knot among them
        del knot
        gc.collect()
        assert ref() is not None  # frozen: a collection does not look at it
        # A table ends, connections close: enough of them call for a deep clean.
        departures = collector_module.DEEP_AFTER_DEPARTURES
        collector.tick(2 * collector_module.FREEZE_EVERY, departures=departures - 1)
        assert ref() is not None and collector.deep_cleans == 0
        collector.tick(3 * collector_module.FREEZE_EVERY, departures=departures)
        assert ref() is None and collector.deep_cleans == 1
        # After an hour, a deep clean even with nobody gone.
        collector.tick(collector_module.DEEP_EVERY + 60, departures=departures)
        assert collector.deep_cleans == 2
    finally:
        gc.unfreeze()
