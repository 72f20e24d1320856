"""ABC ¡Castaña! invariants over thousands of seeded bot-vs-bot games.

2–6 players, bots of mixed levels, automatic referee on or off, some protected
seats, the real word list. In a window or a race the seat whose bot answers
fastest (`reaction_time`, ties by seat) acts first; otherwise the seat to act.
In a third of the games windows also have a clock: when every remaining answer
would come later than WINDOW seconds, the window (or race) is closed with
`close_window`, as the program does when the time is up.

After every action: 96 cards in all, somebody can act, nobody starts a turn
with an empty hand, apply never raises for a bot's choice; on every fourth
action (to keep the file near 60 s) also the exact 96-card multiset, every
view against the hands, and the choice against `legal_actions`/`can_play_word`.
Totals are the sum of the rounds; the game ends after the first round in which
somebody reaches 40; the winners have the lowest total. Every game ends within
a bound. In every fourth game the game is saved at a random step, loaded
(through JSON, as a save file is) and both games go on with fresh bots made
from `bot.to_dict()`: they must end the same. A separate test does the same
without JSON (`from_dict(to_dict())` in memory) inside a window.

The games run in two worker processes, split by referee so that a failure with
the referee on does not hide the checks with it off.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from seeded import run_seeded

from sobremesa.core.match import Match
from sobremesa.core.policy import ReactionPolicy
from sobremesa.games.castana.bots import LEVELS, bot_from_dict, make_bot
from sobremesa.games.castana.rules import (
    PHASES,
    CastanaGame,
    CastanaOptions,
    PlayWord,
    full_deck,
    points,
)

pytestmark = pytest.mark.slow  # thousands of seeded games


GAMES = 1000  # half with the referee on (about 80 s in all on the match runner)
MAX_STEPS = 30000
MAX_ROUNDS = 60
WINDOW = 3.0  # seconds, in the games with a clock
FULL = Counter(full_deck())


def config(i: int) -> dict[str, Any]:
    rng = random.Random(f"castana-{i}")
    players = 2 + i % 5
    return {
        "seed": i,
        "players": players,
        "referee": i % 2 == 1,
        "protected": [rng.random() < 0.3 for _ in range(players)],
        "levels": [rng.choice(LEVELS) for _ in range(players)],
        "clock": i % 3 == 0,
        "save_at": rng.randrange(1, 200) if (i // 2) % 4 == 0 else None,
    }


def new_game(cfg: dict[str, Any]) -> CastanaGame:
    opts = CastanaOptions(cfg["players"], cfg["referee"], tuple(cfg["protected"]))
    return CastanaGame(opts, cfg["seed"])


def new_bots(cfg: dict[str, Any]) -> list[Any]:
    return [make_bot(lv, s, cfg["seed"] * 10 + s) for s, lv in enumerate(cfg["levels"])]


class CheckedBot:
    """A bot whose choices are checked against the rules before the table applies
    them (on the driver's strict steps)."""

    def __init__(self, bot: Any, driver: Driver) -> None:
        self.bot, self.driver = bot, driver

    def observe(self, event: Any) -> None:
        self.bot.observe(event)

    def to_dict(self) -> Any:
        return self.bot.to_dict()

    def reaction_time(self, view: Any) -> float:
        return self.bot.reaction_time(view)

    def choose(self, view: Any) -> Any:
        action = self.bot.choose(view)
        game, seat = self.driver.match.game, self.bot.seat
        if self.driver.strict and isinstance(action, PlayWord):
            assert game.can_play_word(seat), (seat, action)
        elif self.driver.strict:
            assert action in game.legal_actions(seat), (seat, action, game.phase)
        return action


class Driver:
    """Bots at every seat on the match runner (`core.match.Match`), on a clock made
    of numbers: each bot's reaction time is asked when a window (or a race) opens,
    and again when a new one replaces it (a warning); the fastest answers first,
    ties by seat. With `clock`, a window closes after WINDOW seconds."""

    def __init__(self, game: CastanaGame, bots: list[Any], clock: bool, *, start: bool = True):
        self.clock = clock
        self.strict = True
        self.now = 0.0
        policy = ReactionPolicy(seconds=WINDOW if clock else None, pace=0.0)
        seats = {s: CheckedBot(b, self) for s, b in enumerate(bots)}
        self.match = Match(
            game, ["bot"] * len(bots), seats, policy=policy, reaction_time=reaction, watched=False
        )
        if start:
            self.match.start(self.now)

    @property
    def game(self) -> CastanaGame:
        return self.match.game  # type: ignore[return-value]

    @property
    def bots(self) -> list[Any]:
        return [self.match.bots[s].bot for s in sorted(self.match.bots)]

    def copy(self, *, through_json: bool = True) -> Driver:
        """The match saved and loaded (through JSON, as a save file is, or in
        memory), fresh bots from `to_dict`, the same clock."""
        data = self.match.to_dict()
        if through_json:
            data = json.loads(json.dumps(data, allow_nan=False))
        d = Driver.__new__(Driver)
        d.clock, d.strict, d.now = self.clock, True, self.now
        d.match = Match.from_dict(
            data,
            game_from_dict=CastanaGame.from_dict,
            bot_from_dict=lambda b: CheckedBot(bot_from_dict(b), d),
            reaction_time=reaction,
        )
        assert d.match.to_dict() == self.match.to_dict()
        return d

    def step(self, strict: bool = True) -> list[Any]:
        """One action or one window closing; returns the events (unfiltered)."""
        self.strict = strict
        wake = self.match.next_wakeup()
        assert wake is not None, "nobody can act"
        self.now = max(self.now, wake)
        done = self.match.step(self.now)
        assert done is not None, "the clock had nothing to do"
        return list(self.match.last_events)


def reaction(game: Any, seat: int, bot: Any) -> float:
    return bot.reaction_time(game.view(seat))


def check_state(game: CastanaGame, full: bool) -> None:
    """Every step: no card created or lost (the count; the exact multiset and the
    views on `full` steps), somebody can act, no turn starts with an empty hand."""
    assert game.phase in PHASES
    assert len(game.deck) + len(game.pile) + sum(map(len, game.hands)) == 96
    if full:
        assert Counter(game.all_cards()) == FULL, "cards created or lost"
        v = game.view(None)
        assert v.hand_sizes == tuple(len(h) for h in game.hands)
        assert v.hand is None and v.deck_size == len(game.deck) and v.top == game.pile[-1]
        for s in range(game.num_seats):
            assert game.view(s).hand == tuple(game.hands[s])
    to_act = game.to_act()
    if game.phase == "over":
        assert to_act == [] and game.winners
        return
    assert to_act, "nobody can act"
    if game.phase == "turn":
        assert to_act == [game.current]
        assert game.hands[game.current], "a turn starts with an empty hand"
    elif game.phase == "give":
        assert all(len(game.hands[s]) >= 2 for s in to_act)


def run_game(cfg: dict[str, Any]) -> dict[str, Any]:
    drv = Driver(new_game(cfg), new_bots(cfg), cfg["clock"])
    game = drv.game
    n = cfg["players"]
    seen: Counter = Counter()
    running = [0] * n
    rounds: list[tuple[int, ...]] = []
    clone: Driver | None = None
    steps = 0
    check_state(game, True)
    while not game.is_over():
        if steps == cfg["save_at"]:
            clone = drv.copy()
        events = drv.step(strict=steps % 4 == 0)
        steps += 1
        check_state(game, steps % 4 == 0 or game.is_over())
        for e in events:
            seen[e.kind] += 1
            if e.kind == "word_played" and e.steal:
                seen["steal"] += 1
            elif e.kind == "hand_put" and e.late:
                seen["late_hand"] += 1
            elif e.kind == "window_closed" and e.timed_out:
                seen["timed_out"] += 1
            elif e.kind == "challenged":
                seen["challenge_valid" if e.valid else "challenge_invalid"] += 1
            elif e.kind == "card_played" and e.out_of_turn:
                seen["enie_out_of_turn"] += 1
            elif e.kind == "card_played" and e.answer:
                seen["answer"] += 1
            elif e.kind == "round_scored":
                assert all(p >= 0 for p in e.points)
                if e.winner is not None:
                    assert e.points[e.winner] == 0, "the round winner holds no card"
                else:
                    seen["blocked"] += 1
                assert max(running) < 40, "the game went on after someone reached 40"
                running = [t + p for t, p in zip(running, e.points, strict=True)]
                assert e.totals == tuple(running)
                rounds.append(e.points)
            elif e.kind == "game_over":
                low = min(running)
                assert e.winners == tuple(s for s in range(n) if running[s] == low)
                assert max(running) >= 40
                assert game.hands and all(
                    p == sum(points(c) for c in h)
                    for p, h in zip(rounds[-1], game.hands, strict=True)
                ), "the last round's points are the cards left in hand"
        assert game.scores() == running
        assert [sum(r[s] for r in game.round_points) for s in range(n)] == running
        assert steps < MAX_STEPS and game.round_no <= MAX_ROUNDS, "game too long"
    check_state(game, True)
    assert game.winners == [s for s in range(n) if game.totals[s] == min(game.totals)]
    if clone is not None:
        steps2 = 0
        while not clone.game.is_over():
            clone.step()
            steps2 += 1
            assert steps2 < MAX_STEPS
        assert clone.game.to_dict() == game.to_dict(), "a loaded game went another way"
    return {
        "seen": seen,
        "steps": steps,
        "rounds": game.round_no,
        "players": n,
        "saved": clone is not None,
        "ties": len(game.winners) > 1,
    }


def run_all(referee: bool) -> list[dict[str, Any]]:
    games = [i for i in range(GAMES) if (i % 2 == 1) == referee]
    results = run_seeded(run_game, config, games)
    assert len(results) == len(games)
    return results


def check_coverage(results: list[dict[str, Any]], referee: bool) -> Counter:
    seen: Counter = sum((r["seen"] for r in results), Counter())
    print(f"referee={referee}: {len(results)} games,", dict(sorted(seen.items())))
    needed = [
        "window_opened",
        "steal",
        "steal_warned",
        "race_started",
        "hand_put",
        "late_hand",
        "timed_out",
        "attacked",
        "answer",
        "next_chosen",
        "turn_lost",
        "enie_out_of_turn",
        "round_scored",
        "game_over",
    ]
    if not referee:
        needed += ["challenged", "challenge_valid", "challenge_invalid", "card_given"]
        needed += ["word_taken_back"]
    for k in needed:
        assert seen[k] > 0, f"never happened: {k}"
    assert sum(r["saved"] for r in results) >= len(results) // 6
    assert {r["players"] for r in results} == {2, 3, 4, 5, 6}
    assert any(r["rounds"] > 1 for r in results)
    assert any(r["ties"] for r in results) or len(results) < 500
    return seen


def test_invariants_referee_off() -> None:
    results = run_all(referee=False)
    seen = check_coverage(results, referee=False)
    assert seen["challenged"] > 50 and seen["steal_warned"] > 50


def test_invariants_referee_on() -> None:
    results = run_all(referee=True)
    seen = check_coverage(results, referee=True)
    assert seen["challenged"] == 0, "nothing to challenge with the referee"


def test_save_and_load_in_memory_continue_the_same() -> None:
    """As a quick save does it: `CastanaGame.from_dict(game.to_dict())` with no
    JSON in between, at a step inside a window; both games then go on, the loaded
    one with fresh bots from `bot_from_dict(bot.to_dict())`: same end."""
    checked = 0
    for i in range(0, 160, 4):
        cfg = config(i)
        drv = Driver(new_game(cfg), new_bots(cfg), cfg["clock"])
        at = random.Random(i).randrange(5, 200)
        steps = 0
        while not drv.game.is_over() and not (steps >= at and drv.game.phase == "window"):
            drv.step()
            steps += 1
        if drv.game.is_over():
            continue
        clone = drv.copy(through_json=False)
        while not drv.game.is_over():
            drv.step()
        try:
            while not clone.game.is_over():
                clone.step()
        except Exception as e:
            raise AssertionError(f"game {i}: the loaded game broke: {type(e).__name__} {e}") from e
        assert clone.game.to_dict() == drv.game.to_dict(), f"game {i}: another end"
        checked += 1
    assert checked > 15


def test_conservation_check_can_fail() -> None:
    game = CastanaGame(CastanaOptions(3), seed=1, is_word=lambda w: True)
    game.deck.pop()
    try:
        check_state(game, True)
    except AssertionError:
        return
    raise AssertionError("a lost card was not detected")
