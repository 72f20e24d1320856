"""The Palabras game: turns, exchanges, passes, the end, views, events, saves."""

from __future__ import annotations

import json

import pytest

from sobremesa.core.game import IllegalAction
from sobremesa.games.palabras.board import STANDARD_LAYOUT, Board, Move
from sobremesa.games.palabras.bots import bot_from_dict, make_bot
from sobremesa.games.palabras.rules import (
    Exchange,
    Exchanged,
    GameOver,
    PalabrasGame,
    PalabrasOptions,
    Pass,
    Place,
    TilesDrawn,
    TilesPlaced,
    TurnStarted,
    action_from_dict,
    event_from_dict,
)
from sobremesa.games.palabras.tiles import rack_points
from sobremesa.lexicon import load_lexicon


@pytest.fixture(scope="module")
def lexicon():
    return load_lexicon("palabras")


def new_game(lexicon, players=2, seed=1, **options) -> PalabrasGame:
    return PalabrasGame(PalabrasOptions(players=players, **options), seed=seed, lexicon=lexicon)


def snapshot(game: PalabrasGame) -> str:
    return json.dumps(game.to_dict(), sort_keys=True)


def test_new_game_deals_seven_tiles_each(lexicon):
    for players in (2, 3, 4):
        game = new_game(lexicon, players)
        assert [len(game.rack(s)) for s in range(players)] == [7] * players
        assert game.bag_count == 97 - 7 * players
        assert len(game.all_tiles()) == 97
        events = game.opening_events
        assert events[0].kind == "game_started" and events[0].players == players
        drawn = [e for e in events if isinstance(e, TilesDrawn)]
        assert [e.reason for e in drawn] == ["deal"] * players
        assert drawn[0].seat == events[0].first_seat == game.current_seat
        assert isinstance(events[-1], TurnStarted)
    again = new_game(lexicon, 3)
    same = new_game(lexicon, 3)
    assert snapshot(again) == snapshot(same)
    assert new_game(lexicon, 2, first_seat=1).current_seat == 1


def test_options_are_checked():
    for bad in ({"players": 1}, {"players": 5}, {"first_seat": 2}):
        with pytest.raises(ValueError):
            PalabrasOptions(**bad)
    with pytest.raises(ValueError):
        PalabrasOptions(layout=("T" * 15,) * 14)


def test_turn_and_game_over_refusals(lexicon):
    game = new_game(lexicon)
    other = 1 - game.current_seat
    with pytest.raises(IllegalAction) as info:
        game.apply(other, Pass())
    assert info.value.reason == "not_your_turn"
    with pytest.raises(IllegalAction) as info:
        game.apply(game.current_seat, "pasar")
    assert info.value.reason == "unknown_action"
    assert game.legal_actions(other) == []


def test_refused_placement_changes_nothing(lexicon):
    game = new_game(lexicon)
    seat = game.current_seat
    before = snapshot(game)
    for move, reason in [
        (Move(0, 0, False, game.rack(seat).replace("?", "")[:2]), "first_move_center"),
        (Move(7, 7, False, "ZZZZ"), "missing_tiles"),
    ]:
        with pytest.raises(IllegalAction) as info:
            game.apply(seat, Place(move))
        assert info.value.reason == reason
    assert snapshot(game) == before


def test_a_placement_scores_refills_and_passes_the_turn(lexicon):
    game = new_game(lexicon)
    seat = game.current_seat
    score, move = game.hint(seat)
    play = game.check(seat, move)
    events = game.apply(seat, Place(move))
    placed = events[0]
    assert isinstance(placed, TilesPlaced)
    assert placed.score == score == play.score and placed.total == score
    assert placed.move == move and placed.pos == move.pos
    assert [w[0] for w in placed.words] == [w.word for w in play.words]
    drawn = events[1]
    assert isinstance(drawn, TilesDrawn) and drawn.reason == "refill"
    assert drawn.count == len(play.tiles) and len(game.rack(seat)) == 7
    assert events[-1] == TurnStarted(seat=1 - seat, turn=2)
    assert game.scores()[seat] == score
    assert len(game.all_tiles()) == 97
    view = game.view(1 - seat)
    assert view.last == {
        "seat": seat,
        "kind": "place",
        "pos": move.pos,
        "word": play.move.word,
        "score": score,
        "words": [w.word for w in play.words],
    }


def test_exchange(lexicon):
    game = new_game(lexicon)
    seat = game.current_seat
    rack = game.rack(seat)
    before = snapshot(game)
    for tiles, reason in [("", "nothing_to_exchange"), ("1", "bad_letter")]:
        with pytest.raises(IllegalAction) as info:
            game.apply(seat, Exchange(tiles))
        assert info.value.reason == reason
    missing = next(ch for ch in "ZXJÑQ" if ch not in rack)
    with pytest.raises(IllegalAction) as info:
        game.apply(seat, Exchange(missing))
    assert info.value.reason == "missing_tiles" and info.value.details["letter"] == missing
    assert snapshot(game) == before
    events = game.apply(seat, Exchange(rack[:3].lower()))
    exchanged, drawn = events[0], events[1]
    assert isinstance(exchanged, Exchanged) and exchanged.count == 3
    assert exchanged.bag_count == game.bag_count == 97 - 14
    assert drawn.reason == "exchange" and drawn.count == 3
    assert len(game.rack(seat)) == 7 and len(game.all_tiles()) == 97
    # private details only for the seat that exchanged
    assert exchanged.visible_to(seat).returned == rack[:3]
    assert exchanged.visible_to(1 - seat).returned is None
    assert drawn.visible_to(1 - seat).tiles is None and drawn.visible_to(None).tiles is None
    assert drawn.visible_to(seat).tiles is not None


def test_exchange_needs_enough_tiles_in_the_bag(lexicon):
    game = new_game(lexicon)
    seat = game.current_seat
    del game._s.bag[:-3]
    with pytest.raises(IllegalAction) as info:
        game.apply(seat, Exchange(game.rack(seat)[:4]))
    assert info.value.reason == "bag_too_small"
    assert info.value.details == {"bag_count": 3, "count": 4}
    assert not game.can_exchange(4) and game.can_exchange(3)
    assert Exchange(game.rack(seat)) not in game.legal_actions(seat)
    game.apply(seat, Exchange(game.rack(seat)[:3]))


def test_every_player_passing_twice_ends_the_game(lexicon):
    game = new_game(lexicon, players=3)
    for _ in range(5):
        events = game.apply(game.current_seat, Pass())
        assert not game.is_over()
    events = game.apply(game.current_seat, Pass())
    over = events[-1]
    assert isinstance(over, GameOver) and over.reason == "all_passed"
    assert over.last_placer is None and over.adjustments == (0, 0, 0)
    assert game.is_over() and game.to_act() == []
    with pytest.raises(IllegalAction) as info:
        game.apply(0, Pass())
    assert info.value.reason == "game_over"


def test_exchanges_count_as_scoreless_turns_and_a_placement_resets_them(lexicon):
    game = new_game(lexicon)
    game.apply(game.current_seat, Pass())
    game.apply(game.current_seat, Exchange(game.rack(game.current_seat)[:1]))
    assert game.view(0).scoreless_turns == 2
    score, move = game.hint(game.current_seat)
    game.apply(game.current_seat, Place(move))
    assert game.view(0).scoreless_turns == 0
    placer = 1 - game.current_seat
    for _ in range(4):
        events = game.apply(game.current_seat, Pass())
    over = events[-1]
    assert over.reason == "all_passed" and over.last_placer == placer
    others = sum(rack_points(r) for s, r in enumerate(over.racks) if s != placer)
    assert over.adjustments[placer] == others
    assert over.scores[placer] == score + others
    assert game.view(None).final_racks == over.racks


def _endgame(lexicon, subtract: bool) -> PalabrasGame:
    """Bag empty; seat 0 holds exactly the tiles of CASA at 8H on the board's first move."""
    game = new_game(lexicon, players=3, first_seat=0, subtract_own_rack=subtract)
    s = game._s
    s.racks = [list("CASA"), list("ZQ"), list("E?")]
    s.bag = []
    return game


@pytest.mark.parametrize("subtract", [False, True])
def test_emptying_the_rack_with_the_bag_empty_ends_and_transfers(lexicon, subtract):
    game = _endgame(lexicon, subtract)
    events = game.apply(0, Place(Move(7, 7, False, "CASA")))
    assert [e.kind for e in events] == ["tiles_placed", "game_over"]
    over = events[-1]
    assert over.reason == "rack_emptied" and over.last_placer == 0
    assert over.rack_points == (0, 15, 1)
    if subtract:
        assert over.adjustments == (16, -15, -1)
        assert over.scores == (12 + 16, -15, -1)
    else:
        assert over.adjustments == (16, 0, 0)
        assert over.scores == (28, 0, 0)
    assert over.winners == (0,)
    assert game.scores() == list(over.scores)


def test_views_show_only_the_own_rack(lexicon):
    game = new_game(lexicon, players=3)
    for seat in range(3):
        view = game.view(seat)
        assert view.rack == game.rack(seat)
        assert view.rack_counts == (7, 7, 7) and view.bag_count == 76
        assert len(view.unseen_tiles()) == 97 - 7
        assert sorted(view.unseen_tiles()) == sorted(
            list("".join(game.rack(s) for s in range(3) if s != seat)) + game._s.bag
        )
        assert view.first_move and view.players == 3 and view.layout.name == "standard"
    spectator = game.view(None)
    assert spectator.rack is None
    view = game.view(0)
    view.board.put(7, 7, 1)  # a copy: the game is unchanged
    assert game.board.is_empty()


def test_legal_actions_are_a_legal_subset(lexicon):
    game = new_game(lexicon, seed=5)
    seat = game.current_seat
    actions = game.legal_actions(seat)
    assert actions[0] == Pass() and actions[1] == Exchange(game.rack(seat))
    places = [a for a in actions if isinstance(a, Place)]
    assert places
    for action in places[:50]:
        game.check(seat, action.move)
        assert not any(ch.islower() for ch in action.move.word)
    assert {m for _s, m in game.legal_moves(seat)} >= {a.move for a in places}
    # both orientations on the empty board
    assert any(m.down for _s, m in game.legal_moves(seat))


def test_actions_and_events_round_trip_through_dicts(lexicon):
    for action in (Place(Move(7, 7, True, "CAsA")), Exchange("AB?"), Pass()):
        assert action_from_dict(json.loads(json.dumps(action.to_dict()))) == action
    game = new_game(lexicon, seed=3)
    bots = [make_bot("medio", s, s, lexicon) for s in range(2)]
    events = list(game.opening_events)
    for _ in range(6):
        seat = game.current_seat
        events += game.apply(seat, bots[seat].choose(game.view(seat)))
    kinds = {e.kind for e in events}
    assert {"game_started", "tiles_drawn", "turn_started", "tiles_placed"} <= kinds
    for event in events:
        data = json.loads(json.dumps(event.to_dict()))
        assert event_from_dict(data) == event


@pytest.mark.slow
def test_save_load_continue_is_identical(lexicon):
    game = new_game(lexicon, players=3, seed=11)
    bots = [make_bot(level, s, 100 + s, lexicon) for s, level in enumerate(LEVELS3)]
    for _ in range(7):
        seat = game.current_seat
        game.apply(seat, bots[seat].choose(game.view(seat)))
    saved = json.loads(json.dumps({"game": game.to_dict(), "bots": [b.to_dict() for b in bots]}))
    copy = PalabrasGame.from_dict(saved["game"], lexicon=lexicon)
    copy_bots = [bot_from_dict(b, lexicon) for b in saved["bots"]]
    assert snapshot(copy) == snapshot(game)
    for _ in range(8):
        if game.is_over():
            break
        seat = game.current_seat
        a = bots[seat].choose(game.view(seat))
        b = copy_bots[seat].choose(copy.view(seat))
        assert a == b
        assert [e.to_dict() for e in game.apply(seat, a)] == [
            e.to_dict() for e in copy.apply(seat, b)
        ]
    assert snapshot(copy) == snapshot(game)
    with pytest.raises(ValueError):
        PalabrasGame.from_dict({**saved["game"], "game": "chinchon"}, lexicon=lexicon)
    broken = json.loads(json.dumps(saved["game"]))
    broken["state"]["bag"].pop()
    with pytest.raises(ValueError):
        PalabrasGame.from_dict(broken, lexicon=lexicon)


LEVELS3 = ("facil", "medio", "dificil")


def test_custom_layout_is_used_and_saved(lexicon):
    lines = list(STANDARD_LAYOUT)
    lines[7] = "T..d...D...d..T"  # no star: start H8 keeps DP
    lines[7] = lines[7][:8] + "T" + lines[7][9:]  # I8 becomes a triple word
    game = new_game(lexicon, layout=tuple(lines), first_seat=0)
    s = game._s
    s.racks[0] = list("CASAXYZ")
    events = game.apply(0, Place(Move(7, 7, False, "CASA")))
    assert events[0].score == 6 * 2 * 3
    copy = PalabrasGame.from_dict(json.loads(json.dumps(game.to_dict())), lexicon=lexicon)
    assert copy.board.layout.premium(7, 8) == "TP"
    assert copy.options.layout == tuple(lines)
    assert isinstance(copy.board, Board)
