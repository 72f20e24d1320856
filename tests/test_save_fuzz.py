"""Random damage to a real save of each game (values of the wrong type or out of
range, parts removed), continued in process through `cli.main`: never an
exception; either the game goes on or the one line `La partida guardada estaba
dañada…` is said and the file set aside (issue #15). A larger run is marked slow."""

import contextlib
import copy
import io
import json
import random

import pytest

from sobremesa import cli, i18n, saves

GAMES = {
    "chinchon": (["jugar", "chinchon", "--semilla", "5", "--ritmo", "0"], "mano"),
    "palabras": (["jugar", "palabras", "--semilla", "3", "--ritmo", "0"], "atril"),
    "cabanga": (["jugar", "cabanga", "--semilla", "3", "--ritmo", "0"], "mano"),
    "castana": (["jugar", "castana", "--semilla", "3", "--ritmo", "0"], "mano"),
}
BAD = [None, -1, 0, 7, 10**9, -(10**9), "x", "", [], {}, [1], {"a": 1}, True, 1.5, 2**62, ["zz"]]
BROKEN = "La partida guardada estaba dañada; la he apartado en "


def main_with(monkeypatch, args, text):
    monkeypatch.setenv("TERM", "dumb")
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        cli.main(args)
    i18n.set_language("es")
    return out.getvalue()


def places(value, rng, path=()):
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from places(item, rng, (*path, key))
    elif isinstance(value, list) and value:
        for index in rng.sample(range(len(value)), min(3, len(value))):
            yield from places(value[index], rng, (*path, index))


def damage(data, rng):
    for _ in range(rng.randrange(1, 3)):
        path = rng.choice([p for p in places(data, rng) if p])
        target = data
        for key in path[:-1]:
            target = target[key]
        if isinstance(target, dict) and rng.random() < 0.15:
            target.pop(path[-1], None)
        else:
            target[path[-1]] = rng.choice(BAD)


def fuzz(monkeypatch, game, seed, trials):
    start, first = GAMES[game]
    main_with(monkeypatch, start, first + "\n")
    path = saves.save_path(game)
    base = saves.load_payload(path)
    rng = random.Random(seed)
    for _ in range(trials):
        data = copy.deepcopy(base)
        damage(data, rng)
        saves.forget_writer()
        path.write_text(json.dumps(data), encoding="utf-8")
        saves.log_path(path).unlink(missing_ok=True)
        out = main_with(monkeypatch, ["continuar", game, "--ritmo", "0"], f"{first}\nayuda\n")
        lines = out.splitlines()
        assert lines[0] in ("Partida recuperada.",) or lines[0].startswith(BROKEN), out[:300]
        if lines[0].startswith(BROKEN):
            assert sum(line.startswith(BROKEN) for line in lines) == 1
            assert not path.exists()
        for kept in path.parent.glob("*.roto-*"):
            kept.unlink()
        path.unlink(missing_ok=True)
        saves.log_path(path).unlink(missing_ok=True)


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.slow
def test_damaged_saves_never_crash(monkeypatch, game):
    fuzz(monkeypatch, game, seed=15, trials=25)


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GAMES))
def test_damaged_saves_never_crash_many(monkeypatch, game):
    fuzz(monkeypatch, game, seed=1500, trials=150)
