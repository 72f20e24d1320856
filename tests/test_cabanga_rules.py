"""¡Cabanga! rules: setup, plays, colour penalty, gaps, Cabanga windows, penalty
draws, deck rebuilds, round and game end, refusals, saves and views."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from sobremesa.core.game import IllegalAction
from sobremesa.games.cabanga.rules import (
    ALL_CARDS,
    COLOURS,
    DEFAULT_SYMBOLS,
    NUMBER_CARDS,
    START_CARDS,
    CabangaCard,
    CabangaGame,
    CabangaOptions,
    Pass,
    Play,
    Throw,
    action_from_dict,
    event_from_dict,
    fits,
    gap_values,
)

_LETTER = {"r": "rojo", "z": "azul", "y": "amarillo", "m": "morado", "g": "gris"}


def C(code: str) -> CabangaCard:
    """Shorthand: r7 = rojo 7, z = azul, y = amarillo, m = morado, g = gris."""
    return CabangaCard(_LETTER[code[0]], int(code[1:]))


def H(codes: str) -> list[CabangaCard]:
    return [C(x) for x in codes.split()]


DEFAULT_ROWS = {"rojo": ("g1", "g18"), "azul": ("g3", "g16"), "amarillo": ("g5", "g14"),
                "morado": ("g7", "g12")}  # fmt: skip


def rig(
    hands: list[str],
    *,
    rows: dict[str, tuple[str, str]] | None = None,
    deck: str | None = None,
    thrown: str = "",
    current: int = 0,
    prev: str | None = None,
    totals: list[int] | None = None,
    turns: int = 1,
    seed: int = 1,
    **options: Any,
) -> CabangaGame:
    """A game in a chosen position (built through the public save format).

    `rows`: per colour (left, right) piles, bottom first, e.g. ("g1 r9", "g18").
    Colours not given get DEFAULT_ROWS (or other unused start cards). Numbered
    cards not placed anywhere go to the deck (unless `deck` is given: then under
    the grey card of the left pile of their colour, where they count as seen but
    leave the tops alone), so the 80 cards stay complete."""
    opts = CabangaOptions(players=len(hands), **options)
    game = CabangaGame(opts, seed)
    data = game.to_dict()
    st = data["state"]
    rows = dict(rows or {})
    given = {c for r in rows.values() for p in r for c in H(p) if c.is_start}
    free = [f"g{c.value}" for c in START_CARDS if c not in given]
    for colour in COLOURS:
        if colour not in rows:
            default = DEFAULT_ROWS[colour]
            if not {C(x) for x in default} & given:
                rows[colour] = default
                free = [x for x in free if x not in default]
    for colour in COLOURS:
        if colour not in rows:
            rows[colour] = (free.pop(0), free.pop(0))
    piles = [[H(rows[c][0]), H(rows[c][1])] for c in COLOURS]
    hand_cards = [H(h) for h in hands]
    deck_cards = H(deck) if deck is not None else None
    thrown_cards = H(thrown)
    used = [c for h in hand_cards for c in h] + thrown_cards + (deck_cards or [])
    used += [c for row in piles for p in row for c in p]
    assert len(used) == len(set(used)), "card used twice"
    rest = [c for c in NUMBER_CARDS if c not in set(used)]
    if deck_cards is None:
        deck_cards = rest
    else:
        for c in rest:
            piles[COLOURS.index(c.colour)][0].insert(0, c)
    st["hands"] = [[c.code for c in h] for h in hand_cards]
    st["deck"] = [c.code for c in deck_cards]
    st["thrown"] = [c.code for c in thrown_cards]
    st["piles"] = [[[c.code for c in p] for p in row] for row in piles]
    st["current"] = current
    st["starter"] = current
    st["prev_colour"] = prev
    st["turns"] = turns
    if totals is not None:
        st["totals"] = totals
    g = CabangaGame.from_dict(json.loads(json.dumps(data)))
    assert deck_ok(g)
    return g


def deck_ok(game: CabangaGame) -> bool:
    cards = game.all_cards_in_play()
    return len(cards) == 80 and Counter(cards) == Counter(ALL_CARDS)


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def state(game: CabangaGame) -> str:
    return json.dumps(game.to_dict(), sort_keys=True)


def refused(game: CabangaGame, seat: int, action, reason: str) -> IllegalAction:
    before = state(game)
    with pytest.raises(IllegalAction) as info:
        game.apply(seat, action)
    assert info.value.reason == reason
    assert state(game) == before  # state unchanged
    return info.value


def of(events, kind: str):
    return [e for e in events if e.kind == kind]


# ---------------------------------------------------------------------------
# Cards, options, setup


def test_cards_and_codes() -> None:
    assert len(NUMBER_CARDS) == 72 and len(START_CARDS) == 8 and len(set(ALL_CARDS)) == 80
    assert CabangaCard("rojo", 7) is C("r7")
    assert C("z12").code == "azul-12" and CabangaCard.from_code("gris-3") is C("g3")
    assert [c.value for c in START_CARDS] == [1, 3, 5, 7, 12, 14, 16, 18]
    for bad in (("rojo", 0), ("rojo", 19), ("verde", 3), ("gris", 2)):
        with pytest.raises(ValueError):
            CabangaCard(*bad)
    with pytest.raises(ValueError):
        CabangaCard.from_code("rojo-19")


def test_gap_values() -> None:
    assert gap_values(4, 9) == (5, 6, 7, 8) == gap_values(9, 4)
    assert gap_values(7, 7) == () and gap_values(7, 8) == () and gap_values(8, 7) == ()
    assert gap_values(7, 9) == (8,)
    assert gap_values(1, 18) == tuple(range(2, 18))
    assert fits(C("r8"), "rojo", 7, 9) and not fits(C("r7"), "rojo", 7, 9)
    assert not fits(C("z8"), "rojo", 7, 9)


def test_options_validation_and_table() -> None:
    o = CabangaOptions()
    assert (o.players, o.limit, o.symbols) == (4, 18, DEFAULT_SYMBOLS)
    assert [o.points(C(f"r{v}")) for v in (1, 2, 3, 4, 15, 16, 17, 18)] == [3, 2, 2, 1, 1, 2, 2, 3]
    assert o.points(C("g1")) == 0 and sum(DEFAULT_SYMBOLS) == 26
    for bad in (
        {"players": 2},
        {"players": 7},
        {"limit": 0},
        {"symbols": (1,) * 17},
        {"symbols": (1,) * 17 + (-1,)},
        {"symbols": ((1,) * 18,) * 3},
    ):
        with pytest.raises(ValueError):
            CabangaOptions(**bad)
    per_colour = [[1] * 18, [2] * 18, [3] * 18, [0] * 18]
    p = CabangaOptions(players=6, limit=30, symbols=per_colour)
    assert [p.points(C(x)) for x in ("r5", "z5", "y5", "m5")] == [1, 2, 3, 0]
    assert p.symbol_table[2] == (3,) * 18
    for opts in (o, p, CabangaOptions(symbols=[2] * 18)):
        assert CabangaOptions.from_dict(json.loads(json.dumps(opts.to_dict()))) == opts


@pytest.mark.parametrize(("players", "deck"), [(3, 48), (4, 40), (5, 32), (6, 24)])
def test_setup(players: int, deck: int) -> None:
    g = CabangaGame(CabangaOptions(players=players), seed=5)
    v = g.view(None)
    assert v.hand is None and v.hand_counts == (8,) * players and v.deck_count == deck
    assert deck_ok(g) and v.thrown == () and v.previous_colour is None
    # every pile starts with one grey start card; all 8 are used
    bottoms = [c for r in v.rows for c in (*r.left, *r.right)]
    assert sorted(bottoms, key=lambda c: c.value) == list(START_CARDS)
    ev = g.opening_events
    assert kinds(ev)[:2] == ["game_started", "round_started"]
    assert kinds(ev).count("dealt") == players and ev[-1].kind == "turn_started"
    rs = ev[1]
    assert rs.rows == tuple((r.left_top, r.right_top) for r in v.rows)
    assert g.to_act() == [v.starter] == [ev[-1].seat] and g.phase == "play"
    assert ev[-1].previous_colour is None


def test_start_cards_and_first_player_come_from_the_seed() -> None:
    layouts = {tuple(CabangaGame(seed=s).opening_events[1].rows) for s in range(30)}
    assert len(layouts) > 20
    starters = {
        CabangaGame(CabangaOptions(players=5), seed=s).view(None).starter for s in range(60)
    }
    assert starters == set(range(5))
    a, b = CabangaGame(seed=9), CabangaGame(seed=9)
    assert state(a) == state(b)


# ---------------------------------------------------------------------------
# Playing and the colour penalty


def test_any_value_on_either_pile_of_its_colour() -> None:
    g = rig(["r9 z4", "y10 y11", "m2 m3"], rows={"rojo": ("g1", "g18")})
    assert set(g.legal_actions(0)) == {
        Play(C(x), s) for x in ("r9", "z4") for s in ("left", "right")
    }
    assert g.legal_actions(1) == []
    ev = g.apply(0, Play(C("r9"), "right"))  # on the 18, far from every number
    played = ev[0]
    assert (
        played.kind == "card_played" and played.covered is C("g18") and played.other_top is C("g1")
    )
    assert played.gap == tuple(range(2, 9)) and played.hand_count == 1
    assert g.view(None).row("rojo").right == (C("g18"), C("r9"))


def test_colour_penalty_when_repeating_previous_colour() -> None:
    g = rig(["r9 z4", "z10 z11", "m2 m3"], prev="rojo", deck="y1 y2 y3")
    ev = g.apply(0, Play(C("r9"), "left"))  # gap 10..17: every card seen, no window
    assert kinds(ev) == ["card_played", "penalty_drawn", "turn_started"]
    assert ev[0].colour_penalty
    pen = of(ev, "penalty_drawn")[0]
    assert (pen.seat, pen.count, pen.reason, pen.missed, pen.cards) == (
        0,
        1,
        "colour",
        0,
        (C("y3"),),
    )
    assert g.view(0).hand == (C("z4"), C("y3"))


def test_no_colour_penalty_for_other_colour_and_on_first_turn() -> None:
    g = rig(["r9 z4", "r10 z11", "m2 m3"], prev="azul")
    ev = g.apply(0, Play(C("r9"), "left"))
    assert not ev[0].colour_penalty and not of(ev, "penalty_drawn")
    # first turn of a round: no previous colour, no penalty
    g = CabangaGame(CabangaOptions(players=3), seed=2)
    seat = g.to_act()[0]
    card = g.hand(seat)[0]
    ev = g.apply(seat, Play(card, "left"))
    assert not ev[0].colour_penalty and not of(ev, "penalty_drawn")


def test_colour_penalty_on_last_card_keeps_the_round_going() -> None:
    g = rig(["r2", "z10 z11", "m2 m3"], prev="rojo", rows={"rojo": ("g1", "g3")})
    ev = g.apply(0, Play(C("r2"), "right"))  # gap between 2 and 1: none
    assert kinds(ev) == ["card_played", "penalty_drawn", "turn_started"]
    assert ev[0].hand_count == 0 and ev[1].hand_count == 1
    assert g.round_no == 1 and g.to_act() == [1]


# ---------------------------------------------------------------------------
# Gaps and the Cabanga window


@pytest.mark.parametrize(
    ("card", "other", "opens"),
    [("r5", "g5", False), ("r6", "g5", False), ("r4", "g5", False), ("r7", "g5", True)],
)
def test_gap_of_zero_and_adjacent_numbers(card: str, other: str, opens: bool) -> None:
    g = rig([card + " z9", "z10 z11", "m2 m3"], rows={"rojo": ("g1", other)})
    ev = g.apply(0, Play(C(card), "left"))  # covers the 1; the other top is `other`
    assert ("cabanga_opened" in kinds(ev)) is opens
    if not opens:
        assert ev[0].gap == () and g.phase == "play" and g.to_act() == [1]
    else:
        assert ev[0].gap == (6,) and g.to_act() == [1, 2]


def test_no_window_when_every_gap_card_is_on_the_table() -> None:
    # gap {8}: the rojo 8 is already on a pile -> nobody can throw, no window
    g = rig(["r9 z9", "z10 z11", "m2 m3"], rows={"rojo": ("g1 r8 r7", "g18")})
    ev = g.apply(0, Play(C("r9"), "right"))
    assert ev[0].gap == (8,) and "cabanga_opened" not in kinds(ev)
    # ...or in the pile of thrown cards
    g = rig(["r9 z9", "z10 z11", "m2 m3"], rows={"rojo": ("g1 r7", "g18")}, thrown="r8")
    assert "cabanga_opened" not in kinds(g.apply(0, Play(C("r9"), "right")))


def test_window_lists_every_other_player_and_hides_hands() -> None:
    g = rig(["r12 z9", "r8 z11", "m2 m3", "y4 y6"], rows={"rojo": ("g1 r5", "g18")})
    ev = g.apply(0, Play(C("r12"), "right"))  # gap with the 5: 6..11
    op = of(ev, "cabanga_opened")[0]
    assert (op.seat, op.colour, op.side, op.low, op.high) == (0, "rojo", "right", 5, 12)
    assert op.values == (6, 7, 8, 9, 10, 11) and op.eligible == (1, 2, 3)
    assert g.phase == "cabanga" and g.to_act() == [1, 2, 3]  # also those with nothing
    assert g.fitting_cards(1) == [C("r8")] and g.fitting_cards(2) == [] and g.fitting_cards(0) == []
    assert g.legal_actions(0) == [] and g.legal_actions(2) == [Pass()]
    assert g.legal_actions(1) == [Pass(), Throw((C("r8"),))]
    v1, v2 = g.view(1), g.view(2)
    assert v1.can_react and v1.fitting == (C("r8"),) and v2.fitting == ()
    assert v1.window == v2.window == g.window and g.view(0).fitting == ()
    assert not g.view(0).can_react and g.view(None).fitting == ()


def test_legal_throws_are_every_subset() -> None:
    g = rig(["r12 z9", "r8 r9 r10 z11", "m2 m3"], rows={"rojo": ("g1 r5", "g18")})
    g.apply(0, Play(C("r12"), "right"))
    throws = [a for a in g.legal_actions(1) if isinstance(a, Throw)]
    assert len(throws) == 7 and throws[0] == Throw((C("r8"), C("r9"), C("r10")))
    assert Throw((C("r10"), C("r8"))) == Throw((C("r8"), C("r10"))) in throws


def test_one_and_eighteen_are_never_thrown() -> None:
    # the widest gap: 17 played against the grey 1 -> 2..16. Never 1 or 18.
    g = rig(["r17 z9", "r1 r18 r2 r16 z11", "m2 m3"], rows={"rojo": ("g1", "g18")})
    g.apply(0, Play(C("r17"), "right"))
    assert g.fitting_cards(1) == [C("r2"), C("r16")]
    refused(g, 1, Throw((C("r1"),)), "not_in_gap")
    refused(g, 1, Throw((C("r18"), C("r2"))), "not_in_gap")
    g.apply(1, Throw((C("r2"), C("r16"))))


def test_throw_penalty_and_several_throwers_in_order_received() -> None:
    g = rig(
        ["r12 z9", "r8 z11", "r6 r7 m3", "y4 y6"],
        rows={"rojo": ("g1 r5", "g18")},
        deck="y1 y2 y3 y5",
    )
    g.apply(0, Play(C("r12"), "right"))
    e1 = g.apply(2, Throw((C("r7"), C("r6"))))  # seat 2 first
    assert kinds(e1) == ["thrown"] and e1[0].cards == (C("r6"), C("r7")) and e1[0].hand_count == 1
    assert g.to_act() == [1, 3]
    assert g.window.throws == ((2, (C("r6"), C("r7"))),)
    e2 = g.apply(3, Pass())
    assert kinds(e2) == ["passed"] and not e2[0].timed_out
    e3 = g.apply(1, Throw((C("r8"),)))
    assert kinds(e3) == ["thrown", "cabanga_closed", "penalty_drawn", "turn_started"]
    closed, pen = e3[1], e3[2]
    assert closed.throwers == (2, 1) and closed.cards_thrown == 3 and closed.seat == 0
    assert (pen.seat, pen.count, pen.reason, pen.cards) == (
        0,
        3,
        "cabanga",
        (C("y5"), C("y3"), C("y2")),
    )
    assert g.view(0).hand == (C("z9"), C("y2"), C("y3"), C("y5"))
    assert g.view(None).thrown == (C("r6"), C("r7"), C("r8"))
    assert g.phase == "play" and g.to_act() == [1] and g.window is None and deck_ok(g)


def test_nobody_throws() -> None:
    g = rig(["r12 z9", "z10 z11", "m2 m3"], rows={"rojo": ("g1 r5", "g18")})
    g.apply(0, Play(C("r12"), "right"))
    g.apply(1, Pass())
    ev = g.apply(2, Pass())
    assert kinds(ev) == ["passed", "cabanga_closed", "turn_started"]
    assert ev[1].cards_thrown == 0 and ev[1].throwers == ()


def test_throws_after_playing_the_last_card() -> None:
    g = rig(["r12", "r8 z11", "r9 m3"], rows={"rojo": ("g1 r5", "g18")})
    ev = g.apply(0, Play(C("r12"), "right"))
    assert ev[0].hand_count == 0 and g.phase == "cabanga"
    g.apply(1, Throw((C("r8"),)))
    ev = g.apply(2, Throw((C("r9"),)))
    pen = of(ev, "penalty_drawn")[0]
    assert pen.count == 2 and pen.hand_count == 2
    assert g.round_no == 1 and g.to_act() == [1] and ev[-1].kind == "turn_started"


def test_active_player_empties_hand_ends_round_and_starts_next() -> None:
    g = rig(["r2", "z10 z11 r1", "m2 m3 y18"], current=0, prev="azul", rows={"rojo": ("g1", "g3")})
    ev = g.apply(0, Play(C("r2"), "left"))  # gap between 2 and 3: none
    assert kinds(ev)[:3] == ["card_played", "round_scored", "round_started"]
    rs = ev[1]
    assert rs.ender == 0 and [r.seat for r in rs.results] == [0, 1, 2]
    assert [r.points for r in rs.results] == [0, 1 + 1 + 3, 2 + 2 + 3]
    assert g.scores() == [0, 5, 7] and g.round_points == [[0, 5, 7]]
    assert g.round_no == 2 and g.view(None).starter == 0 and g.to_act() == [0]
    assert ev[-1].kind == "turn_started" and ev[-1].previous_colour is None
    assert g.view(None).last_ender == 0 and deck_ok(g)
    # the new round's first turn has no previous colour: rojo costs nothing now
    assert g.view(None).previous_colour is None
    card = next((c for c in g.hand(0) if c.colour == "rojo"), g.hand(0)[0])
    ev = g.apply(0, Play(card, "left"))
    assert not ev[0].colour_penalty and not of(ev, "penalty_drawn")


def test_thrower_who_empties_hand_ends_the_round_after_the_penalty() -> None:
    g = rig(["r12 z9", "r8", "r9 m3"], current=0, rows={"rojo": ("g1 r5", "g18")})
    g.apply(0, Play(C("r12"), "right"))
    g.apply(2, Pass())
    ev = g.apply(1, Throw((C("r8"),)))
    assert kinds(ev)[:4] == ["thrown", "cabanga_closed", "penalty_drawn", "round_scored"]
    rs = of(ev, "round_scored")[0]
    assert rs.ender == 1 and [r.seat for r in rs.results] == [1, 2, 0]
    # seat 0 kept z9 and drew one card as the throw penalty
    assert of(ev, "penalty_drawn")[0].hand_count == 2
    assert g.round_no == 2 and g.to_act() == [1]


def test_first_thrower_to_empty_hand_is_the_ender() -> None:
    g = rig(["r12 z9", "r8", "r9", "m3"], current=0, rows={"rojo": ("g1 r5", "g18")})
    g.apply(0, Play(C("r12"), "right"))
    g.apply(2, Throw((C("r9"),)))
    g.apply(1, Throw((C("r8"),)))
    ev = g.apply(3, Pass())
    assert of(ev, "round_scored")[0].ender == 2 and g.view(None).starter == 2


def test_close_window_passes_everyone_pending() -> None:
    g = rig(["r12 z9", "r8 z11", "r9 m3", "y4 y6"], rows={"rojo": ("g1 r5", "g18")})
    assert g.close_window() == []
    g.apply(0, Play(C("r12"), "right"))
    g.apply(2, Throw((C("r9"),)))
    ev = g.close_window()
    assert kinds(ev) == ["passed", "passed", "cabanga_closed", "penalty_drawn", "turn_started"]
    assert [e.seat for e in ev[:2]] == [1, 3] and all(e.timed_out for e in ev[:2])
    assert g.window is None and g.phase == "play"


# ---------------------------------------------------------------------------
# Deck rebuilds


def test_deck_rebuilt_from_thrown_cards_for_a_colour_penalty() -> None:
    g = rig(["r9 z4", "z10 z11", "m2 m3"], prev="rojo", deck="", thrown="y8 y9 y10",
            rows={"rojo": ("g1", "g18 r10")})  # fmt: skip
    ev = g.apply(0, Play(C("r9"), "left"))  # next to the 10: no gap
    assert kinds(ev)[:3] == ["card_played", "deck_rebuilt", "penalty_drawn"]
    rb = ev[1]
    assert (rb.added, rb.deck_count, rb.rebuilds) == (3, 3, 1)
    assert ev[2].count == 1 and ev[2].deck_count == 2 and ev[2].cards[0] in H("y8 y9 y10")
    v = g.view(None)
    assert v.thrown == () and v.deck_count == 2 and v.rebuilds == 1 and deck_ok(g)


def test_deck_rebuilt_under_the_remaining_cards_during_throw_penalty() -> None:
    g = rig(["r12 z9", "r8 r9 z11", "m2 m3"], rows={"rojo": ("g1 r5", "g18")}, deck="y1")
    g.apply(0, Play(C("r12"), "right"))
    g.apply(1, Throw((C("r8"), C("r9"))))
    ev = g.apply(2, Pass())
    assert kinds(ev)[2:4] == ["deck_rebuilt", "penalty_drawn"]
    pen = ev[3]
    assert pen.count == 2 and pen.missed == 0 and pen.cards[0] is C("y1")  # old deck first
    assert pen.cards[1] in (C("r8"), C("r9")) and g.view(None).deck_count == 1 and deck_ok(g)


def test_empty_deck_and_empty_thrown_pile_forgive_the_penalty() -> None:
    g = rig(["r9 z4", "z10 z11", "m2 m3"], prev="rojo", deck="", thrown="",
            rows={"rojo": ("g1", "g18 r10")})  # fmt: skip
    ev = g.apply(0, Play(C("r9"), "left"))
    pen = of(ev, "penalty_drawn")[0]
    assert (pen.count, pen.missed, pen.cards, pen.hand_count) == (0, 1, (), 1)
    assert "deck_rebuilt" not in kinds(ev) and g.to_act() == [1] and deck_ok(g)


def test_missed_colour_penalty_on_last_card_ends_the_round() -> None:
    g = rig(["r9", "z10 z11", "m2 m3"], prev="rojo", deck="", rows={"rojo": ("g1", "g18 r10")})
    ev = g.apply(0, Play(C("r9"), "left"))
    assert of(ev, "penalty_drawn")[0].missed == 1
    assert of(ev, "round_scored")[0].ender == 0


# ---------------------------------------------------------------------------
# End of game


def test_game_ends_when_a_total_reaches_the_limit() -> None:
    g = rig(["r2", "z10 z11", "m2 m3"], totals=[0, 13, 0], rows={"rojo": ("g1", "g3")})
    ev = g.apply(0, Play(C("r2"), "left"))
    assert g.scores() == [0, 15, 4] and not g.is_over() and g.round_no == 2
    g = rig(["r2", "z10 z11 z1", "m2 m3"], totals=[0, 13, 0], rows={"rojo": ("g1", "g3")})
    ev = g.apply(0, Play(C("r2"), "left"))  # 13 + 5 = 18: exactly the limit
    assert kinds(ev)[-2:] == ["round_scored", "game_over"]
    assert g.is_over() and g.winners == [0] and ev[-1].totals == (0, 18, 4)
    assert g.to_act() == [] and g.legal_actions(0) == [] and g.view(None).winners == (0,)
    refused(g, 0, Play(C("z10"), "left"), "game_over")


def test_ties_share_the_win() -> None:
    g = rig(
        ["r2", "z10 z11", "m4 m5 m6 m7", "y5"], totals=[6, 20, 4, 5], rows={"rojo": ("g1", "g3")}
    )
    ev = g.apply(0, Play(C("r2"), "left"))
    over = ev[-1]
    assert over.kind == "game_over" and over.totals == (6, 22, 8, 6)
    assert over.winners == (0, 3) and g.winners == [0, 3]


def test_limit_and_table_options() -> None:
    opts = {"limit": 30, "symbols": [5] * 18}
    g = rig(["r2", "z10 z11", "m2 m3"], totals=[0, 19, 0], rows={"rojo": ("g1", "g3")}, **opts)
    g.apply(0, Play(C("r2"), "left"))
    assert g.scores() == [0, 29, 10] and not g.is_over()


# ---------------------------------------------------------------------------
# Refusals leave the state unchanged


def test_refusals_in_play_phase() -> None:
    g = rig(["r9 z4", "z10 z11", "m2 m3"])
    refused(g, 1, Play(C("z10"), "left"), "not_your_turn")
    refused(g, 0, Play(C("z10"), "left"), "card_not_in_hand")
    refused(g, 0, Play(C("g1"), "left"), "card_not_in_hand")
    refused(g, 0, Play(C("r9"), "middle"), "bad_side")
    refused(g, 0, Play("r9", "left"), "bad_card")  # type: ignore[arg-type]
    refused(g, 0, Throw((C("r9"),)), "no_cabanga_window")
    refused(g, 1, Pass(), "no_cabanga_window")
    refused(g, 7, Play(C("r9"), "left"), "bad_seat")
    refused(g, 0, "play r9", "unknown_action")  # type: ignore[arg-type]


def test_refusals_in_cabanga_window() -> None:
    g = rig(["r12 z9", "r8 r6 z11 r1", "m2 m3 r4"], rows={"rojo": ("g1 r5", "g18")})
    g.apply(0, Play(C("r12"), "right"))
    refused(g, 0, Throw((C("r8"),)), "active_player_cannot_throw")
    refused(g, 0, Pass(), "active_player_cannot_throw")
    refused(g, 1, Play(C("z11"), "left"), "cabanga_window_open")
    refused(g, 0, Play(C("z9"), "left"), "cabanga_window_open")
    refused(g, 1, Throw(()), "no_cards")
    refused(g, 1, Throw((C("r8"), C("r8"))), "duplicate_card")
    refused(g, 1, Throw((C("r7"),)), "card_not_in_hand")
    refused(g, 1, Throw((C("z11"),)), "wrong_colour")
    refused(g, 1, Throw((C("r1"),)), "not_in_gap")
    refused(g, 2, Throw((C("r4"),)), "not_in_gap")  # the 5 is the low end: 4 is outside
    refused(g, 1, Throw((C("r8"), C("r1"))), "not_in_gap")  # nothing thrown
    refused(g, 1, Throw(("r8",)), "bad_card")  # type: ignore[arg-type]
    g.apply(1, Throw((C("r8"), C("r6"))))
    refused(g, 1, Pass(), "already_answered")
    refused(g, 1, Throw((C("r6"),)), "already_answered")


# ---------------------------------------------------------------------------
# Events, views, saves


def test_private_fields_hidden_from_others() -> None:
    g = rig(["r9 z4", "z10 z11", "m2 m3"], prev="rojo")
    ev = g.apply(0, Play(C("r9"), "left"))
    pen = of(ev, "penalty_drawn")[0]
    assert pen.visible_to(0).cards is not None and pen.visible_to(0) is pen
    hidden = pen.visible_to(1)
    assert hidden.cards is None and hidden.count == 1 and pen.visible_to(None).cards is None
    dealt = CabangaGame(seed=3).opening_events[2]
    assert dealt.kind == "dealt" and dealt.visible_to(dealt.seat).cards is not None
    assert dealt.visible_to((dealt.seat + 1) % 4).cards is None
    assert ev[0].visible_to(2) is ev[0]  # public event


def test_events_and_actions_round_trip_through_json() -> None:
    from sobremesa.games.cabanga.bots import play_game

    game = CabangaGame(CabangaOptions(players=3), seed=11)
    seen = list(game.opening_events)
    from sobremesa.games.cabanga.bots import make_bot

    bots = [make_bot("medio", s, s) for s in range(3)]
    while not game.is_over():
        for seat in game.to_act():
            action = bots[seat].choose(game.view(seat))
            assert action_from_dict(json.loads(json.dumps(action.to_dict()))) == action
            seen += game.apply(seat, action)
    kinds_seen = set()
    for e in seen:
        back = event_from_dict(json.loads(json.dumps(e.to_dict())))
        assert back == e, e
        kinds_seen.add(e.kind)
    assert {"game_started", "card_played", "cabanga_opened", "thrown", "passed",
            "cabanga_closed", "penalty_drawn", "round_scored", "game_over"} <= kinds_seen  # fmt: skip
    assert play_game(CabangaOptions(players=3), 11, ["medio"] * 3).is_over()


def test_save_and_load_mid_window_continue_identically() -> None:
    g = rig(["r12 z9", "r8 z11", "r9 m3", "y4 y6"], rows={"rojo": ("g1 r5", "g18")})
    g.apply(0, Play(C("r12"), "right"))
    g.apply(2, Throw((C("r9"),)))
    saved = json.loads(json.dumps(g.to_dict()))
    h = CabangaGame.from_dict(saved)
    assert state(h) == state(g) and h.window == g.window and h.to_act() == [1, 3]
    for game in (g, h):
        game.apply(3, Pass())
    a = [e.to_dict() for e in g.apply(1, Throw((C("r8"),)))]
    b = [e.to_dict() for e in h.apply(1, Throw((C("r8"),)))]
    assert a == b and state(g) == state(h)
    with pytest.raises(ValueError):
        CabangaGame.from_dict({**saved, "game": "chinchon"})


def test_view_contents() -> None:
    g = rig(["r12 z9", "r8 z11", "r9 m3"], rows={"rojo": ("g1 r5", "g18")}, totals=[1, 2, 3],
            prev="azul")  # fmt: skip
    v = g.view(1)
    assert v.hand == (C("r8"), C("z11")) and v.scores == (1, 2, 3) and v.previous_colour == "azul"
    assert v.colour_penalty_if(C("z11")) and not v.colour_penalty_if(C("r8"))
    assert v.row("rojo").left_top is C("r5") and v.row("rojo").gap_if(C("r12"), "right") == (
        6, 7, 8, 9, 10, 11)  # fmt: skip
    g.apply(0, Play(C("r12"), "right"))
    v = g.view(None)
    assert v.last_play.card is C("r12") and v.last_play.side == "right" and v.turns_in_round == 2
    assert C("r12") in v.seen_cards() and C("r8") not in v.seen_cards()


def test_cards_are_interned_and_immutable() -> None:
    import copy
    import dataclasses
    import pickle

    from sobremesa.games.cabanga.rules import CabangaCard

    card = CabangaCard("rojo", 7)
    assert card is CabangaCard("rojo", 7) is CabangaCard.from_code("rojo-7")
    assert copy.copy(card) is card and copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert dataclasses.replace(card, value=8) is CabangaCard.from_code("rojo-8")
    assert CabangaCard.from_code("gris-12").is_start
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.value = 9  # type: ignore[misc]
    with pytest.raises(ValueError, match="bad card code 'rojo-19'"):
        CabangaCard.from_code("rojo-19")
