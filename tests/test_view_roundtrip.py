"""Every game's view reads back from its JSON form (`View.from_dict`, through the
game's `view_from_dict`), as a network client gets it in a frame and hands it to
its bot.

Seeded bot-vs-bot games on the match runner (`play_out`); at every Nth decision
of a bot: the view it is given, and the views of every seat and of a spectator,
go through JSON and back and must be equal to the original with the same types
all the way down (tuples, cards, options, nested records, the board's layout),
and the bot must choose the same action from the rebuilt view as from the
original one (two copies of the bot in the same state). Malformed dicts raise
ValueError, KeyError or TypeError and nothing else.
"""

from __future__ import annotations

import copy
import json
import random
from dataclasses import fields, is_dataclass
from functools import cache
from typing import Any

import pytest

from sobremesa.core.game import View
from sobremesa.core.match import play_out
from sobremesa.core.registry import GAMES

ALLOWED = (ValueError, KeyError, TypeError)


@cache
def lexicon(game_id: str) -> Any:
    return GAMES[game_id].load_lexicon()


def frame(view: View) -> Any:
    """`view.to_dict()` as a network frame carries it (through JSON text)."""
    return json.loads(json.dumps(view.to_dict(), allow_nan=False))


def assert_same(a: Any, b: Any, where: str = "view") -> None:
    """Equal and of the same types all the way down (a list is not a tuple, the
    board's layout counts although Board.__eq__ ignores it)."""
    assert type(a) is type(b), f"{where}: {type(a).__name__} != {type(b).__name__}"
    if isinstance(a, tuple | list):
        assert len(a) == len(b), where
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            assert_same(x, y, f"{where}[{i}]")
    elif isinstance(a, dict):
        assert list(a) == list(b), where
        for k in a:
            assert_same(a[k], b[k], f"{where}[{k!r}]")
    elif is_dataclass(a):
        for f in fields(a):
            assert_same(getattr(a, f.name), getattr(b, f.name), f"{where}.{f.name}")
    elif hasattr(type(a), "__slots__"):  # the Palabras board: cells and layout
        for name in type(a).__slots__:
            assert_same(getattr(a, name), getattr(b, name), f"{where}.{name}")
    else:
        assert a == b, f"{where}: {a!r} != {b!r}"


class Checker:
    """Counts the bots' decisions and checks the views at every `every`th."""

    def __init__(self, game_id: str, game: Any, every: int) -> None:
        self.game_id, self.game, self.every = game_id, game, every
        self.decisions = self.checked = 0
        lex = lexicon(game_id)
        # The word list is shared, never copied with a bot.
        self.memo = {} if lex is None else {id(lex): lex, id(getattr(lex, "dawg", lex)): lex.dawg}

    def roundtrip(self, view: View) -> View:
        rebuilt = type(self.game).view_from_dict(frame(view))
        assert type(rebuilt) is type(self.game).view_class
        assert rebuilt == view
        assert_same(rebuilt, view)
        assert rebuilt.to_dict() == view.to_dict()
        return rebuilt

    def decision(self, bot: Any, view: View) -> None:
        self.decisions += 1
        if self.decisions % self.every:
            return
        self.checked += 1
        rebuilt = self.roundtrip(view)
        mine = copy.deepcopy(bot, dict(self.memo)).choose(view)
        theirs = copy.deepcopy(bot, dict(self.memo)).choose(rebuilt)
        assert theirs == mine, (self.game_id, self.decisions, mine, theirs)
        for seat in [None, *range(self.game.num_seats)]:
            self.roundtrip(self.game.view(seat))


class CheckedBot:
    """A bot whose every `every`th decision is checked first (everything else is
    the bot's own)."""

    def __init__(self, bot: Any, checker: Checker) -> None:
        self.bot, self.checker = bot, checker

    def __getattr__(self, name: str) -> Any:
        return getattr(self.bot, name)

    def choose(self, view: View) -> Any:
        self.checker.decision(self.bot, view)
        return self.bot.choose(view)


def play_checked(game_id: str, seed: int, players: int, every: int) -> Checker:
    entry = GAMES[game_id]
    rng = random.Random(f"{game_id}-{seed}")
    game = entry.new_game(players, seed, lexicon=lexicon(game_id))
    checker = Checker(game_id, game, every)
    bots = [
        CheckedBot(
            entry.make_bot(rng.choice(entry.levels), seat, seed, lexicon=lexicon(game_id)),
            checker,
        )
        for seat in range(players)
    ]
    play_out(game, bots, reaction_time=entry.reaction_time)
    assert game.is_over()
    checker.roundtrip(game.view(None))  # the end too
    for seat in range(players):
        checker.roundtrip(game.view(seat))
    return checker


# (game, seed, players, every): a few games of every game, well under a second each.
FAST = [
    ("chinchon", 1, 2, 10),
    ("chinchon", 2, 5, 7),
    ("palabras", 1, 2, 3),
    ("palabras", 2, 3, 4),
    ("castana", 1, 3, 4),
    ("castana", 2, 5, 6),
    ("cabanga", 1, 3, 3),
    ("cabanga", 2, 6, 5),
]


@pytest.mark.parametrize(("game_id", "seed", "players", "every"), FAST)
def test_views_round_trip_during_bot_games(
    game_id: str, seed: int, players: int, every: int
) -> None:
    checker = play_checked(game_id, seed, players, every)
    assert checker.checked >= 5


@pytest.mark.slow
@pytest.mark.parametrize("game_id", list(GAMES))
def test_views_round_trip_during_many_bot_games(game_id: str) -> None:
    low, high = GAMES[game_id].seats
    for seed in range(10, 16):
        play_checked(game_id, seed, low + seed % (high - low + 1), 2)


def test_every_game_reads_back_its_own_views() -> None:
    for game_id, entry in GAMES.items():
        game = entry.new_game(entry.seats[0], 3, lexicon=lexicon(game_id))
        cls = entry.game_class
        assert isinstance(game.view(None), cls.view_class)
        assert cls.view_from_dict(frame(game.view(0))) == game.view(0)
        assert cls.view_class.from_dict(frame(game.view(None))) == game.view(None)


# -- malformed dicts ----------------------------------------------------------------


@cache
def sample(game_id: str) -> tuple[Any, dict[str, Any]]:
    """A game's class and a seat's view of a game some way in (windows, melds...)."""
    entry = GAMES[game_id]
    game = entry.new_game(entry.seats[0] + 1, 7, lexicon=lexicon(game_id))
    bots = [entry.make_bot("medio", s, 7, lexicon=lexicon(game_id)) for s in range(game.num_seats)]
    rng = random.Random(7)
    for _ in range(40):
        if game.is_over():
            break
        seat = rng.choice(game.to_act())
        for event in game.apply(seat, bots[seat].choose(game.view(seat))):
            for bot in bots:
                bot.observe(event.visible_to(bot.seat))
    return entry.game_class, frame(game.view(1))


def broken(game_id: str, change: Any) -> tuple[Any, Any]:
    cls, data = sample(game_id)
    data = copy.deepcopy(data)
    return cls, change(data)


def put(key: str, value: Any) -> Any:
    def change(data: dict[str, Any]) -> Any:
        data[key] = value
        return data

    return change


def drop(key: str) -> Any:
    return lambda data: {k: v for k, v in data.items() if k != key}


def nested(change: Any) -> Any:
    def apply(data: dict[str, Any]) -> Any:
        change(data)
        return data

    return apply


MALFORMED = [
    # any game: not a dict, a field missing, a field of the wrong type
    *[(g, lambda d: [d], TypeError) for g in GAMES],
    *[(g, lambda d: None, TypeError) for g in GAMES],
    *[(g, drop("seat"), KeyError) for g in GAMES],
    *[(g, put("seat", "1"), TypeError) for g in GAMES],
    *[(g, put("seat", True), TypeError) for g in GAMES],
    *[(g, put("seat", 1.0), TypeError) for g in GAMES],
    *[(g, put("hand", "7o"), TypeError) for g in GAMES if g != "palabras"],
    *[(g, put("hand", ["no such card"]), ValueError) for g in GAMES if g != "palabras"],
    *[(g, put("hand", {"7o": 1}), TypeError) for g in ("chinchon", "cabanga")],
    ("chinchon", put("scores", [1, "2"]), TypeError),
    ("chinchon", put("scores", {"0": 1}), TypeError),
    ("chinchon", put("eliminated", [0, 1]), TypeError),
    ("chinchon", put("discard_top", 7), ValueError),
    ("chinchon", put("closer_melds", [["1o", "2o", "3x"]]), ValueError),
    ("chinchon", put("options", []), TypeError),
    ("chinchon", put("options", {"players": 1}), ValueError),
    ("chinchon", nested(lambda d: d["options"].update(reenganche="sí")), TypeError),
    ("palabras", put("board", ["." * 15] * 14), ValueError),
    ("palabras", put("board", ["." * 15] * 14 + ["." * 14 + "#"]), ValueError),
    ("palabras", put("board", [1] * 15), TypeError),
    ("palabras", put("board", None), TypeError),
    ("palabras", put("rack", "AB1"), ValueError),
    ("palabras", put("rack", ["A"]), TypeError),
    ("palabras", put("last", ["place"]), TypeError),
    ("palabras", put("final_racks", ["AB", 3]), TypeError),
    ("palabras", put("options", {"layout": ["x"]}), ValueError),
    ("castana", put("top", "Zq"), ValueError),
    ("castana", put("top", None), ValueError),
    ("castana", put("colour", 3), TypeError),
    ("castana", put("protected", [True, "no"]), TypeError),
    ("cabanga", put("rows", [{"colour": "rojo"}]), KeyError),
    ("cabanga", put("rows", ["rojo"]), TypeError),
    ("cabanga", nested(lambda d: d["rows"][0].update(colour=5)), TypeError),
    ("cabanga", nested(lambda d: d["rows"][0].update(left=["1x"])), ValueError),
    ("cabanga", put("window", {"seat": 0}), KeyError),
    ("cabanga", put("last_play", "0 1r left"), TypeError),
    ("cabanga", put("last_play", {"seat": 0, "card": "nope", "side": "left"}), ValueError),
    ("cabanga", put("options", {"players": 3, "symbols": [1, 2]}), ValueError),
]


@pytest.mark.parametrize(("game_id", "change", "error"), MALFORMED)
def test_malformed_views_are_refused(game_id: str, change: Any, error: type) -> None:
    cls, data = broken(game_id, change)
    with pytest.raises(error):
        cls.view_from_dict(data)


def test_a_cabanga_window_with_bad_throws_is_refused() -> None:
    window = {
        "seat": 0,
        "colour": "rojo",
        "side": "left",
        "low": 3,
        "high": 6,
        "values": [4, 5],
        "eligible": [1, 2],
        "pending": [2],
        "throws": [[1, ["rojo-4"]]],
        "passed": [],
    }
    cls, data = broken("cabanga", put("window", window))
    assert cls.view_from_dict(data).window.throws[0][1][0].code == "rojo-4"
    for throws, error in (
        ([[1]], ValueError),
        ([[1, ["rojo-4"], 2]], ValueError),
        ([5], TypeError),
    ):
        with pytest.raises(error):
            cls.view_from_dict({**data, "window": {**window, "throws": throws}})


JUNK = [None, True, 0, -1, 1.5, "", "x", "7o", [], [None], [[]], ["x"], {}, {"a": 1}]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_junk_in_any_field_raises_only_value_key_or_type_errors(game_id: str) -> None:
    cls, data = sample(game_id)
    for key in data:
        for junk in JUNK:
            try:
                view = cls.view_from_dict({**copy.deepcopy(data), key: junk})
            except ALLOWED:
                continue
            # Accepted: then it is a view of the right types that reads back the same.
            assert cls.view_from_dict(frame(view)) == view, (key, junk)
