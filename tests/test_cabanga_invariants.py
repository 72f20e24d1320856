"""¡Cabanga! invariants over thousands of seeded games.

Players are bots of every level or a random player (any legal action, any subset
of its fitting cards). A driver answers each Cabanga window in the order of the
bots' reaction times and, in some games, lets the clock run out early
(`close_window`). At every step: no card is created or lost; every action is
legal; nobody starts a turn with an empty hand; a round lasts at most 72 turns.
Scores equal the sum of the rounds (rebuilt from the events and from the symbol
table). Every game ends. In a quarter of the games the game, the bots and the
driver's generators are saved to JSON at a random step, restored, and must replay
exactly the same events to the same end.

The games run in two worker processes.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from seeded import run_seeded

from sobremesa.core.game import rng_from_data, rng_to_data
from sobremesa.core.match import Match
from sobremesa.core.policy import ReactionPolicy
from sobremesa.games.cabanga.bots import bot_from_dict, make_bot
from sobremesa.games.cabanga.rules import (
    ALL_CARDS,
    CabangaGame,
    CabangaOptions,
)

pytestmark = pytest.mark.slow  # thousands of seeded games


GAMES = 2000
WINDOW = 2.5  # seconds, in the games with timeouts
MAX_ROUNDS = 200
POLICIES = ("facil", "medio", "dificil", "random")
_ALL = frozenset(ALL_CARDS)


def config(i: int) -> dict[str, Any]:
    rng = random.Random(i)
    players = 3 + i % 4
    symbols: Any = None
    if i % 10 == 7:
        symbols = [[rng.randint(0, 3) for _ in range(18)] for _ in range(4)]
        symbols[0][0] = 1  # never an all-zero table
    return {
        "seed": i,
        "options": {
            "players": players,
            "limit": (18, 18, 10, 25)[(i // 4) % 4],
            **({"symbols": symbols} if symbols else {}),
        },
        "levels": [rng.choice(POLICIES) for _ in range(players)],
        "save_at": rng.randrange(1, 40) if i % 4 == 0 else None,
        "timeouts": i % 3 == 0,
    }


class RandomBot:
    """A random player at a bot's seat: any legal action, any subset of its fitting
    cards (its generator is the driver's, saved with it)."""

    def __init__(self, seat: int, driver: Driver) -> None:
        self.seat, self.driver = seat, driver

    def choose(self, view: Any) -> Any:
        return self.driver.rand.choice(self.driver.game.legal_actions(self.seat))

    def observe(self, event: Any) -> None:
        pass

    def to_dict(self) -> dict[str, Any]:
        return {"random": self.seat}


class Driver:
    """Plays a game on the match runner (`core.match.Match`) with a clock made of
    numbers: bots (or a random player) per seat; each Cabanga window is answered in
    the order of the reaction times; in the games with `timeouts` a window closes
    after WINDOW seconds (the slower seats time out)."""

    def __init__(self, cfg: dict[str, Any], *, start: bool = True) -> None:
        self.cfg = cfg
        self.rand = random.Random(cfg["seed"] + 1)
        self.clock = random.Random(cfg["seed"] + 2)
        self.now = 0.0
        game = CabangaGame(CabangaOptions.from_dict(cfg["options"]), cfg["seed"])
        bots = {
            s: RandomBot(s, self) if lv == "random" else make_bot(lv, s, cfg["seed"] * 100 + s)
            for s, lv in enumerate(cfg["levels"])
        }
        self.match = self._match(game, bots)
        if start:
            self.match.start(self.now)

    def _match(self, game: CabangaGame, bots: dict[int, Any]) -> Match:
        policy = ReactionPolicy(seconds=WINDOW if self.cfg["timeouts"] else None, pace=0.0)
        return Match(
            game,
            ["bot"] * len(bots),
            bots,
            policy=policy,
            reaction_time=self.reaction,
            watched=False,
        )

    @property
    def game(self) -> CabangaGame:
        return self.match.game  # type: ignore[return-value]

    def reaction(self, game: Any, seat: int, bot: Any) -> float:
        if isinstance(bot, RandomBot):
            return self.clock.uniform(0.5, 5.0)
        return bot.reaction_time(self.clock)

    def step(self) -> list:
        """One action, or a window closing. Returns the events."""
        wake = self.match.next_wakeup()
        assert wake is not None, "nobody can act"
        self.now = max(self.now, wake)
        assert self.match.step(self.now) is not None, "the clock had nothing to do"
        events = list(self.match.last_events)
        if self.match.log[-1].seat is None:  # the clock closed the window
            assert events and all(e.timed_out for e in events if e.kind == "passed")
            assert self.game.window is None
        return events

    def to_dict(self) -> dict[str, Any]:
        return {
            "match": self.match.to_dict(),
            "rand": rng_to_data(self.rand),
            "clock": rng_to_data(self.clock),
            "now": self.now,
        }

    @classmethod
    def from_dict(cls, cfg: dict[str, Any], data: dict[str, Any]) -> Driver:
        d = cls.__new__(cls)
        d.cfg = cfg
        d.rand = rng_from_data(data["rand"])
        d.clock = rng_from_data(data["clock"])
        d.now = data["now"]

        def bot(b: dict[str, Any]) -> Any:
            return RandomBot(b["random"], d) if "random" in b else bot_from_dict(b)

        d.match = Match.from_dict(
            data["match"], game_from_dict=CabangaGame.from_dict, bot_from_dict=bot,
            reaction_time=d.reaction,
        )  # fmt: skip
        return d


def check_state(game: CabangaGame) -> None:
    cards = game.all_cards_in_play()
    assert len(cards) == 80 and set(cards) == _ALL, "cards created or lost"
    v = game.view(None)
    assert v.turns_in_round <= 72
    if game.phase == "play":
        assert game.to_act() == [v.current_seat]
        assert all(n > 0 for n in v.hand_counts), "a turn starts with an empty hand"
    elif game.phase == "over":
        assert game.to_act() == [] and v.winners


def run_checked(cfg: dict[str, Any]) -> dict[str, Any]:
    drv = Driver(cfg)
    game = drv.game
    opts = game.options
    n = opts.players
    expected = [0] * n
    kinds: set[str] = set()
    snapshot = None
    after_save: list[dict] = []
    steps = 0
    while not game.is_over():
        if steps == cfg["save_at"]:
            snapshot = json.dumps(drv.to_dict(), sort_keys=True)
        check_state(game)
        hands_before = [game.hand(s) for s in range(n)]
        events = drv.step()
        for ev in events:
            kinds.add(ev.kind)
            if snapshot is not None:
                after_save.append(ev.to_dict())
            if ev.kind == "round_scored":
                for r in ev.results:
                    assert r.points == sum(opts.points(c) for c in r.cards)
                    expected[r.seat] += r.points
                    assert r.total == expected[r.seat]
                assert not [r for r in ev.results if r.seat == ev.ender][0].cards
            elif ev.kind == "thrown":
                assert set(ev.cards) <= set(hands_before[ev.seat])
            elif ev.kind == "game_over":
                low = min(expected)
                assert ev.winners == tuple(s for s in range(n) if expected[s] == low)
                assert max(expected) >= opts.limit
        assert game.scores() == expected
        assert [sum(r[s] for r in game.round_points) for s in range(n)] == expected
        steps += 1
        assert game.round_no < MAX_ROUNDS, "game too long"
    check_state(game)
    if snapshot is not None:
        d2 = Driver.from_dict(cfg, json.loads(snapshot))
        replay: list[dict] = []
        while not d2.game.is_over():
            replay += [e.to_dict() for e in d2.step()]
        assert replay == after_save, "replay after load differs"
        assert d2.game.to_dict() == game.to_dict()
    return {"steps": steps, "rounds": game.round_no, "kinds": sorted(kinds),
            "saved": snapshot is not None, "players": n, "ties": len(game.winners) > 1}  # fmt: skip


def test_invariants_over_many_games() -> None:
    results = run_seeded(run_checked, config, list(range(GAMES)))
    assert len(results) == GAMES
    kinds = set().union(*(r["kinds"] for r in results))
    for k in ("deck_rebuilt", "thrown", "passed", "cabanga_closed", "round_scored", "game_over"):
        assert k in kinds, k
    assert sum(r["saved"] for r in results) > GAMES // 5
    assert {r["players"] for r in results} == {3, 4, 5, 6}
    assert any(r["ties"] for r in results)
    assert any(r["rounds"] > 1 for r in results)


def test_driver_detects_a_lost_card() -> None:
    """The conservation check itself can fail."""
    game = CabangaGame(CabangaOptions(players=3), seed=1)
    game._s.deck.pop()
    try:
        check_state(game)
    except AssertionError:
        return
    raise AssertionError("lost card not detected")
