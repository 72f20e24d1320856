"""Chinchón invariants over thousands of seeded bot-vs-bot matches.

Every match, at every step: no card is created or lost; the bot's action is legal;
hand sizes fit the phase. Scores always equal the sum of the round results plus the
reenganche adjustments (recomputed from the events). Every match ends within a
bound. In a quarter of the matches the game and the bots are saved to JSON at a
random step, restored, and must replay exactly the same events to the same end.

The matches run in two worker processes (the suite's budget is about a minute on
two cores).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from seeded import run_seeded

from sobremesa.core.cards import make_deck
from sobremesa.games.chinchon.bots import LEVELS, STYLES, bot_from_dict, make_bot
from sobremesa.games.chinchon.rules import ChinchonGame, ChinchonOptions

pytestmark = pytest.mark.slow  # thousands of seeded games


MATCHES = 1200  # about 50 s; the full suite stays under 15 minutes in CI
#: Every level with each of its styles ("" plays the level plainly).
SPECS = [(level, style) for level in LEVELS for style in ("", *STYLES[level])]
MAX_ACTIONS = 5_000
MAX_ROUNDS = 100


def config(i: int) -> dict[str, Any]:
    rng = random.Random(i)
    players = 2 + i % 7
    levels = [rng.choice(SPECS) for _ in range(players)]
    return {
        "seed": i,
        "options": {
            "players": players,
            "deck": (40, 48)[(i // 7) % 2],
            "limit": (70, 100)[(i // 14) % 2],
            "reenganche": bool((i // 28) % 2),
            "seven_run_wins": bool((i // 56) % 2),
            "stake": 1 + i % 3,
        },
        "levels": levels,
        "save_at": rng.randrange(1, 120) if i % 4 == 0 else None,
    }


def _feed(bots, events) -> None:
    for ev in events:
        for b in bots:
            b.observe(ev.visible_to(b.seat))


def run_checked(cfg: dict[str, Any]) -> dict[str, Any]:
    opts = ChinchonOptions.from_dict(cfg["options"])
    game = ChinchonGame(opts, cfg["seed"])
    bots = [
        make_bot(lv, s, cfg["seed"] * 100 + s, style=st) for s, (lv, st) in enumerate(cfg["levels"])
    ]
    deck = make_deck(opts.deck, opts.copies)
    deck_set = set(deck)
    n_cards = len(deck)
    _feed(bots, game.opening_events)

    expected = [0] * opts.players  # scores rebuilt from events
    pot = opts.stake * opts.players
    events_after_save: list[dict] = []
    snapshot = None
    steps = 0
    kinds: set[str] = set()
    while not game.is_over():
        if steps == cfg["save_at"]:
            snapshot = json.dumps(
                {"game": game.to_dict(), "bots": [b.to_dict() for b in bots]}, sort_keys=True
            )
        cards = game.all_cards_in_play()
        assert len(cards) == n_cards and set(cards) == deck_set, f"cards changed at step {steps}"
        (seat,) = game.to_act()
        view = game.view(seat)
        if game.phase == "draw":
            assert len(view.hand) == 7
        elif game.phase == "discard":
            assert len(view.hand) == 8
        action = bots[seat].choose(view)
        legal = game.legal_actions(seat)
        assert action in legal, (action, legal)
        events = game.apply(seat, action)
        _feed(bots, events)
        for ev in events:
            kinds.add(ev.kind)
            if snapshot is not None:
                events_after_save.append(ev.to_dict())
            if ev.kind == "round_scored":
                for r in ev.results:
                    expected[r.seat] += r.points
                    assert r.total == expected[r.seat]
            elif ev.kind == "reenganched":
                assert ev.old_total == expected[ev.seat]
                expected[ev.seat] = ev.new_total
                pot += opts.stake
                assert ev.pot == pot
            elif ev.kind == "match_over":
                assert ev.pot == pot and list(ev.totals) == expected
        assert game.scores() == expected
        steps += 1
        assert steps < MAX_ACTIONS and game.round_no < MAX_ROUNDS, "match too long"
    cards = game.all_cards_in_play()
    assert len(cards) == n_cards and set(cards) == deck_set
    # totals rebuilt from the score log as well
    log_totals = [0] * opts.players
    for entry in game.score_log:
        if entry["type"] == "round":
            for s, p in entry["points"].items():
                log_totals[int(s)] += p
        else:
            log_totals[entry["seat"]] += entry["delta"]
    assert log_totals == game.scores()
    winner = game.winner
    assert winner is not None and game.to_act() == []
    if game.view(None).eliminated[winner]:
        assert "all_eliminated" in json.dumps(game.to_dict()["state"]["reason"])
    if snapshot is not None:
        data = json.loads(snapshot)
        g2 = ChinchonGame.from_dict(data["game"])
        b2 = [bot_from_dict(d) for d in data["bots"]]
        replay: list[dict] = []
        while not g2.is_over():
            (seat,) = g2.to_act()
            evs = g2.apply(seat, b2[seat].choose(g2.view(seat)))
            _feed(b2, evs)
            replay += [e.to_dict() for e in evs]
        assert replay == events_after_save, "replay after load differs"
        assert g2.to_dict() == game.to_dict()
    return {
        "steps": steps,
        "rounds": game.round_no,
        "kinds": sorted(kinds),
        "saved": snapshot is not None,
        "players": opts.players,
    }


def test_invariants_over_many_matches() -> None:
    results = run_seeded(run_checked, config, list(range(MATCHES)), label="match")
    assert len(results) == MATCHES
    kinds = set().union(*(r["kinds"] for r in results))
    # the matches reached every kind of situation
    for k in (
        "stock_rebuilt",
        "laid_off",
        "reenganched",
        "reenganche_declined",
        "eliminated",
        "match_over",
    ):
        assert k in kinds, k
    saved = sum(r["saved"] for r in results)
    longest = max(r["steps"] for r in results)
    print(
        f"\n{MATCHES} matches, {sum(r['steps'] for r in results)} actions, longest {longest} "
        f"actions / {max(r['rounds'] for r in results)} rounds, {saved} saved and replayed"
    )
    assert saved > MATCHES // 5
    assert {r["players"] for r in results} == set(range(2, 9))
    assert longest < MAX_ACTIONS


def test_seven_run_and_chinchon_happen_in_bot_play() -> None:
    """Bots do close with Chinchón; with the option on, a 7-card run ends a match."""
    seen = {"chinchon": False, "seven_run_win": False}
    for i in range(400):
        opts = ChinchonOptions(players=2, seven_run_wins=True, limit=70)
        game = ChinchonGame(opts, 50_000 + i)
        bots = [make_bot("facil", s, i) for s in range(2)]
        _feed(bots, game.opening_events)
        while not game.is_over():
            (seat,) = game.to_act()
            evs = game.apply(seat, bots[seat].choose(game.view(seat)))
            _feed(bots, evs)
            for ev in evs:
                if ev.kind == "closed" and ev.chinchon:
                    seen["chinchon"] = True
                if ev.kind == "match_over" and ev.reason == "seven_run":
                    seen["seven_run_win"] = True
        if all(seen.values()):
            break
    assert seen == {"chinchon": True, "seven_run_win": True}
