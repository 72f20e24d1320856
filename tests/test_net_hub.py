"""A server's tables on hubs (issue 13): each seat's session a greenlet that parks
where it waits, the table's clock run by its hub; and the garbage collector kept
from pausing the server. Tables are driven here as a hub drives them, on a fake
clock: each `run_due` says when the table is due next, and the clock jumps there."""

from __future__ import annotations

import gc
import itertools
import json
import threading
import weakref
from typing import Any

import greenlet
import pytest

from sobremesa.core.registry import entry
from sobremesa.net import collector as collector_module
from sobremesa.net import table as table_module
from sobremesa.net.collector import Collector
from sobremesa.net.hub import Hub
from sobremesa.net.seat import Peer, RemoteConsole
from sobremesa.net.server import Server
from sobremesa.net.table import ServerTable, TableOptions
from sobremesa.ui.console import TIMEOUT
from sobremesa.ui.session import TypedAction


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


class AnsweringPeer(FramePeer):
    """A client that answers each `pide` at once: Enter at a gate, else its seat's
    bot's choice from the frames it was sent (its own view, its own events)."""

    def __init__(self, game: str, seat: int) -> None:
        super().__init__()
        self.entry = entry(game)
        self.bot = self.entry.make_bot("facil", seat, 1)
        self.view: Any = None
        self.asked: dict[str, Any] | None = None
        self.console: RemoteConsole | None = None

    def send(self, frame: str) -> None:
        super().send(frame)
        got = self.frames[-1]
        game_class = self.entry.game_class
        if got["t"] == "entrega":
            self.view = game_class.view_from_dict(got["vista"])
            for event in got["eventos"]:
                self.bot.observe(game_class.event_from_dict(event))
        elif got["t"] == "pide":
            self.asked = got

    def answer(self) -> bool:
        asked, self.asked = self.asked, None
        if asked is None or self.console is None:
            return False
        self.console.put("" if asked["puerta"] else TypedAction(self.bot.choose(self.view)))
        return True


def two_people(
    game: str, seed: int, **options: Any
) -> tuple[FakeClock, ServerTable, Any, AnsweringPeer, AnsweringPeer]:
    """A started 3-seat table: Ana and Pablo (answering clients) and a bot; the
    clock, the table, its match and the two peers."""
    clock, hub = FakeClock(), RecordingHub()
    how = TableOptions(game, 3, "facil", seed=seed, **options)
    table = ServerTable("HUBTST", how, data_dir=None, clock=clock, hub=hub)  # type: ignore[arg-type]
    ana, pablo = AnsweringPeer(game, 0), AnsweringPeer(game, 1)
    table.sit(ana, "Ana")
    table.sit(pablo, "Pablo")
    table.start()
    assert table.match is not None
    ana.console, pablo.console = table.seats[0].runner.console, table.seats[1].runner.console  # type: ignore[union-attr]
    return clock, table, table.match, ana, pablo


def play_along(
    clock: FakeClock, table: ServerTable, people: tuple[AnsweringPeer, ...], *, entries: int
) -> None:
    """Run the table, its people answering at once, until the game ends or its log
    holds ``entries`` entries."""
    match = table.match
    assert match is not None
    for _ in range(20_000):
        at = table.run_due()
        answered = [person.answer() for person in people]
        if match.game.is_over() or len(match.log) > entries:
            return
        if not any(answered):
            assert at is not None
            clock.now = max(clock.now, at)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_window_that_opens_while_a_seat_waits_for_the_table_asks_that_seat(seed: int) -> None:
    """Two people and a bot at ¡Cabanga!: the bot's card opens a window for a person
    whose seat was waiting for the table. That seat must ask its player at once
    (a blind playtest heard 30-s silences: the seat went on waiting for "another
    person" and never asked). The clock never jumps while a person is to act and
    was not asked."""
    clock, hub = FakeClock(), RecordingHub()
    how = TableOptions("cabanga", 3, "facil", seed=seed)
    table = ServerTable("HUBTST", how, data_dir=None, clock=clock, hub=hub)  # type: ignore[arg-type]
    people = [AnsweringPeer("cabanga", 0), AnsweringPeer("cabanga", 1)]
    for peer in people:
        table.sit(peer, f"P{len(table.seats) - len(table.open_seats())}")
    table.start()
    match = table.match
    assert match is not None
    for index, peer in enumerate(people):
        runner = table.seats[index].runner
        assert runner is not None
        peer.console = runner.console
    unasked: list[tuple[float, list[int]]] = []
    for _ in range(20_000):
        at = table.run_due()
        if match.game.is_over():
            break
        if any([peer.answer() for peer in people]):
            continue  # someone answers first, at this moment
        assert at is not None
        if at <= clock.now:
            continue  # its turn on the hub ran out (50 ms of work): due again at once
        waiting = [s for s in match.game.to_act() if match.seats[s] == "human"]
        if waiting:
            unasked.append((clock.now, waiting))
        clock.now = max(clock.now, at)
    assert match.game.is_over()
    assert unasked == []


def test_a_line_typed_during_a_window_for_someone_else_is_answered_and_nothing_spins() -> None:
    """Ana has nothing to answer a ¡Cabanga! window with; it waits for Pablo. She
    types `mano`: she hears her hand at once, and her seat parks again (it used to
    go round its hub at once, again and again, till the window closed, with her
    line unanswered: the server a blind playtest froze at 100 % of a core)."""
    clock, table, match, ana, pablo = two_people("cabanga", 2)
    for _ in range(5_000):
        at = table.run_due()
        game = match.game
        if game.in_window() and game.to_act() == [1] and pablo.asked and 0 in match.window.people:  # type: ignore[union-attr]
            break  # a window Ana was in and answered by herself: Pablo's to answer
        if ana.answer() or pablo.answer():
            continue
        assert at is not None and not game.is_over()
        clock.now = max(clock.now, at)
    else:
        pytest.fail("no window left to Pablo alone")
    said = len(ana.frames)
    ana.console.put("mano")
    at = table.run_due()
    answers = [f for f in ana.frames[said:] if f["t"] == "di" and f["respuesta"]]
    assert answers and answers[0]["lineas"][0].startswith("Tu mano")
    assert at is not None and at > clock.now  # parked: nothing due again at once


def test_back_after_salir_the_game_is_told_once() -> None:
    """`salir`, then `unirse`: where the game is, said once (a blind playtest heard
    the whole recap twice: the seat's session starts again as resumed, and was
    asked for the recap as well)."""
    clock, hub = FakeClock(), RecordingHub()
    table = new_table("chinchon", clock, hub)
    ana = FramePeer()
    table.sit(ana, "Ana")
    table.start()
    drive(table, clock, until=lambda: any(f["t"] == "pide" for f in ana.frames))
    runner = table.seats[0].runner
    assert runner is not None
    runner.console.put("salir")
    table.run_due()
    assert ana.left and runner.console.waiting_for_player
    back = FramePeer()
    table.take_seat_back(0, back)
    drive(table, clock, until=lambda: any(f["t"] == "pide" for f in back.frames))
    hands = [line for line in back.lines() if line.startswith("Tu mano")]
    assert len(hands) == 1, back.lines()


@pytest.mark.parametrize("game", ["chinchon", "palabras", "castana", "cabanga"])
def test_a_spectators_help_lists_what_a_spectator_can_do(game: str) -> None:
    """A spectator's `ayuda` leaves out the hand and the moves (a blind playtest
    heard `mano` and `jugar` offered to someone with no seat), and says what
    `salir` does for a spectator."""
    clock, hub = FakeClock(), RecordingHub()
    table = new_table(game, clock, hub)
    table.start()
    vera = FramePeer()
    runner = table.watch(vera)
    table.run_due()
    said: list[str] = []
    for line in ("ayuda", "", "", "", "", ""):
        before = len(vera.frames)
        runner.console.put(line)
        table.run_due()
        answer = [
            said_line
            for f in vera.frames[before:]
            if f["t"] == "di" and f["respuesta"]
            for said_line in f["lineas"]
        ]
        said += answer
        if not any(said_line.startswith("Pulsa Intro para seguir") for said_line in answer):
            break
    assert "salir: dejas de mirar la mesa." in said, said
    assert any(said_line.startswith("mesa") for said_line in said)
    helps = {said_line.split(":")[0].split(" ")[0] for said_line in said if ":" in said_line}
    seat_only = runner.adapter.seat_commands
    assert seat_only and not helps & seat_only, helps & seat_only


def test_a_long_wait_for_another_person_is_named_once() -> None:
    """While the table waits for Pablo, Ana and the spectator hear nothing; after
    20 s of silence they are told whom it waits for, once (a blind playtest sat
    through silences not knowing who was to play)."""
    clock, table, match, ana, pablo = two_people("chinchon", 4)
    vera = FramePeer()
    table.watch(vera)
    for _ in range(5_000):
        at = table.run_due()
        if pablo.asked and not pablo.asked["puerta"] and match.game.to_act() == [1]:
            break  # Pablo's turn: he is thinking
        ana.answer()
        pablo.answer()
        assert at is not None and not match.game.is_over()
        clock.now = max(clock.now, at)
    else:
        pytest.fail("Pablo never got a turn")
    told = "Esperando a Pablo."
    assert told not in ana.lines()
    for _ in range(8):  # 80 s of Pablo thinking, Ana reading nothing
        at = table.run_due()
        ana.answer()
        clock.now = max(clock.now + 1.0, min(at or clock.now + 10.0, clock.now + 10.0))
    table.run_due()
    assert ana.lines().count(told) == 1, ana.lines()[-6:]
    assert vera.lines().count(told) == 1, vera.lines()[-6:]
    assert told not in pablo.lines()


@pytest.mark.parametrize("game", ["chinchon", "cabanga"])
def test_the_others_hear_whose_turn_it_is_when_it_is_a_persons(game: str) -> None:
    """When the turn passes to Pablo, Ana and the spectator hear `Turno de Pablo.`
    once, before his move (a blind playtest sat through a person's thinking not
    knowing who played); never for a bot (its move follows at once), never to Pablo
    himself, and not again for his second action in the same turn."""
    clock, table, match, ana, pablo = two_people(game, 4)
    vera = FramePeer()
    table.watch(vera)
    play_along(clock, table, (ana, pablo), entries=150)
    for listener, other in ((ana, "Pablo"), (vera, "Pablo"), (pablo, "Ana")):
        said = listener.lines()
        told = [i for i, line in enumerate(said) if line == f"Turno de {other}."]
        assert len(told) >= 3, said[-20:]
        for first, then in itertools.pairwise(told):
            # Between two of them, the other person moved.
            assert any(line.startswith(f"{other} ") for line in said[first:then]), said[first:then]
        assert not any(line.startswith("Turno de ") and "Bot" in line for line in said)
        # Not before the game's first lines, nor right after a round start names him.
        assert not said[0].startswith("Turno de"), said[:3]
        for i in told:
            before = said[:i][::-1]
            last = next((line for line in before if f"Empieza {other}" in line), None)
            if last is not None:
                since = before[: before.index(last)]
                assert any(line.startswith(f"{other} ") for line in since), since[::-1]
    assert "Turno de Pablo." not in pablo.lines()


def test_online_every_cabanga_nobody_threw_into_is_said_closed() -> None:
    """Online a window waits for the slowest listener, so its close is news even
    when nobody could throw (a playtest sat in that silence; at a local table,
    where bots close it at once, "Nadie tira." is said only if someone could)."""
    from sobremesa.games.cabanga import rules as cabanga_rules

    clock, table, match, ana, pablo = two_people("cabanga", 4)
    play_along(clock, table, (ana, pablo), entries=200)
    table.run_due()
    empty = [
        e.event
        for e in match.log
        if isinstance(e.event, cabanga_rules.CabangaClosed) and not e.event.throwers
    ]
    assert len(empty) >= 3
    assert ana.lines().count("Nadie tira.") == len(empty), ana.lines()[-20:]


@pytest.mark.parametrize(("game", "seed"), [("cabanga", 2), ("cabanga", 5), ("chinchon", 3)])
def test_back_from_a_stand_in_the_player_hears_what_the_bot_played_for_them(
    game: str, seed: int
) -> None:
    """Pablo drops; after the grace a bot plays his seat; he comes back and hears
    first what the bot did in his name (a blind playtest heard only the last
    lines of what he missed, none of them the bot's), then what came after, then
    where the game is: each line once (the third playtest heard the last move three
    times, and a `Tu turno` the bot had already taken)."""
    clock, table, match, ana, pablo = two_people(game, seed, grace=30.0)
    table.dropped(pablo)
    pablo.console = None
    played = lambda: sum(1 for entry in match.log if entry.seat == 1)  # noqa: E731
    start = played()
    for _ in range(5_000):
        at = table.run_due()
        table.grace_check()
        if table.seats[1].stood_in and played() >= start + 4:
            break
        if ana.answer():
            continue
        assert at is not None and not match.game.is_over()
        clock.now = max(clock.now, at)
    else:
        pytest.fail("the bot never played for Pablo")
    back = FramePeer()
    table.take_seat_back(1, back)
    table.run_due()
    missed = next(f for f in back.frames if f["t"] == "pasado")
    assert missed["hablar"] == 0  # the client says none: the block below tells them
    said = [f["lineas"] for f in back.frames if f["t"] == "di"]
    block = next(lines for lines in said if lines[0] == "Un bot ha jugado por ti:")
    mine = ("Juegas", "Tiras", "Pasas", "Robas", "Coges")
    assert any(line.startswith(mine) for line in block[1:]), block
    assert not any(line.startswith("Tu turno") for line in block[1:]), block
    recap = next(f["lineas"] for f in back.frames if f["t"] == "di" and f["respuesta"])
    heard = [*block, *recap]
    last = table.seats[1].runner.adapter.last_move  # type: ignore[union-attr]
    assert last and sum(last in line for line in heard) == 1, (last, heard)


def pablo_away_in_a_window(
    *, fits: bool, window: float | None = None
) -> tuple[FakeClock, ServerTable, Any]:
    """¡Cabanga!: Pablo drops, a bot plays for him, and the table runs until a window
    waits for his seat in which a card of his fits (or none does)."""
    clock, table, match, ana, pablo = two_people("cabanga", 3, grace=30.0, window=window)
    table.dropped(pablo)
    pablo.console = None
    game = match.game
    for _ in range(20_000):
        at = table.run_due()
        table.grace_check()
        waits = table.seats[1].stood_in and game.in_window() and 1 in game.to_act()
        if waits and bool(game.fitting_cards(1)) == fits:
            return clock, table, match
        if ana.answer():
            continue
        assert at is not None and not game.is_over()
        clock.now = max(clock.now, at)
    pytest.fail("no such window for Pablo's seat")


def test_back_from_a_stand_in_into_a_cabanga_nothing_of_yours_fits_passes_for_you() -> None:
    """Pablo comes back while a window waits for his seat and no card of his fits:
    the game passes for him, as when the window opens (a playtest's player heard
    `Te entran: ninguna. Escribe cabanga o paso.` and then `Se acabó el tiempo`)."""
    from sobremesa.games.cabanga import rules as cabanga_rules

    clock, table, match = pablo_away_in_a_window(fits=False)
    game = match.game
    key = game.window_key()
    back = FramePeer()
    table.take_seat_back(1, back)
    table.run_due()
    passed = [e for e in match.log if e.seat == 1 and isinstance(e.event, cabanga_rules.Passed)]
    assert passed and not passed[-1].event.timed_out
    assert not game.in_window() or game.window_key() != key or 1 not in game.to_act()
    said = back.lines()
    assert "Se acabó el tiempo: no tiras." not in said
    assert not any("Te entran: ninguna" in line for line in said), said


@pytest.mark.parametrize("window", [None, 8.0])
def test_back_from_a_stand_in_into_a_cabanga_you_can_answer_gives_you_its_time(
    window: float | None,
) -> None:
    """Pablo comes back while a window he can throw into waits for his seat: the
    window starts again for him once he has heard where the game is (an Orca run
    heard `Se acabó el tiempo` 4 s after coming back, the recap still being read)."""
    clock, table, match = pablo_away_in_a_window(fits=True, window=window)
    back = FramePeer()
    table.take_seat_back(1, back)
    table.run_due()
    assert match.window is not None and 1 in match.window.people
    seconds = match.policy.seconds
    deadline = match.deadline(1)
    if seconds is not None:
        assert deadline is not None and deadline >= clock.now + seconds - 0.001
    assert not any(
        f["t"] == "di" and "Se acabó el tiempo: no tiras." in f["lineas"] for f in back.frames
    )


def test_a_spectator_who_comes_in_mid_game_hears_the_last_move() -> None:
    """A spectator arriving mid-round heard the rows with no last move, where a
    player's recap has one (a blind playtest)."""
    clock, hub = FakeClock(), RecordingHub()
    table = new_table("cabanga", clock, hub)
    table.start()
    table.watch(FramePeer())
    match = table.match
    assert match is not None
    drive(table, clock, until=lambda: len(match.played) >= 3)
    vera = FramePeer()
    runner = table.watch(vera)
    table.run_due()
    last = [line for line in vera.lines() if line.startswith("Última jugada: ")]
    assert last and runner.adapter.last_move in last[0], vera.lines()


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


def test_the_table_and_its_match_agree_on_when_the_clock_is_due() -> None:
    """Half a millisecond before a bot's move the table must not take the clock for
    due: the match has nothing to do yet (the table's looser measure put it in the
    "due with nothing to do" state, and the move waited 0.25 s more)."""
    clock, hub = FakeClock(), RecordingHub()
    table = new_table("chinchon", clock, hub)
    table.start()
    table.watch(FramePeer())
    match = table.match
    assert match is not None
    wake = None
    for _ in range(200):
        table.run_due()
        wake = match.next_wakeup()
        if wake is not None and wake > clock.now + 0.01:
            break
        clock.now += 0.5
    assert wake is not None
    clock.now = wake - 0.0005
    moves = len(match.log)
    assert table.run_due() == wake
    assert len(match.log) == moves and table._clock_idle == {}
    clock.now = wake
    table.run_due()
    assert len(match.log) > moves


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


def test_the_stand_in_block_ends_with_what_came_after_it_but_no_turn_line() -> None:
    """After the bot's moves: up to three lines said after its last one, without a
    `Tu turno` (the recap says whose turn it is; an Orca run heard it twice)."""
    from types import SimpleNamespace

    from sobremesa.ui.announcer import Asking

    moves = ["Juegas rojo 9 a la izquierda; sin hueco.", "Tiras morado 4."]
    runner = SimpleNamespace(link=SimpleNamespace(stood_in_moves=list(moves)))
    missed = ["Marta juega azul 3.", *moves, "Marta roba 1 carta.", Asking("Tu turno.")]
    said = ServerTable._stood_in_lines(runner, missed)  # type: ignore[arg-type]
    assert said == ["Un bot ha jugado por ti:", *moves, "Marta roba 1 carta."]
    assert runner.link.stood_in_moves == []
