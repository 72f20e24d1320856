"""Bots: whole games end, tiles are conserved, decisions are legal and restorable.

How quick the decisions are is measured in benchmarks/bench_test_timings.py, not here."""

from __future__ import annotations

from dataclasses import replace

import pytest

from sobremesa.games.palabras.board import Board, Move
from sobremesa.games.palabras.bots import (
    LEVELS,
    STYLES,
    DificilBot,
    _tp_threats,
    bot_from_dict,
    hint,
    is_common,
    leave_after,
    leave_value,
    make_bot,
    new_squares,
    play_game,
    tiles_used,
)
from sobremesa.games.palabras.defence import Before
from sobremesa.games.palabras.endgame import plan
from sobremesa.games.palabras.movegen import best_move, generate_moves
from sobremesa.games.palabras.rules import (
    Exchange,
    GameOver,
    PalabrasGame,
    PalabrasOptions,
    PalabrasView,
    Pass,
    Place,
    TilesPlaced,
)
from sobremesa.games.palabras.texts import STYLE_DESCRIPTIONS
from sobremesa.games.palabras.tiles import full_bag
from sobremesa.lexicon import load_lexicon

FULL = sorted(full_bag())


@pytest.fixture(scope="module")
def lexicon():
    return load_lexicon("palabras")


def view_with(rack: str, board: Board | None = None, bag_count: int = 50) -> PalabrasView:
    return PalabrasView(
        seat=0,
        board=board or Board(),
        rack=rack,
        rack_counts=(len(rack), 7),
        bag_count=bag_count,
        scores=(0, 0),
        current_seat=0,
        turn=1,
        scoreless_turns=0,
        is_over=False,
        options=PalabrasOptions(),
    )


@pytest.mark.parametrize(
    ("seed", "levels"),
    [
        (1, ("facil", "medio")),
        (2, ("dificil", "medio", "facil")),
        (3, ("dificil", "dificil", "medio", "facil")),
        (4, ("dificil", "dificil")),
        (5, ("medio", "medio", "medio", "medio")),
        (6, ("facil", "facil", "facil")),
    ],
)
@pytest.mark.slow
def test_bot_games_end_with_tiles_conserved(lexicon, seed, levels):
    players = len(levels)
    game = PalabrasGame(PalabrasOptions(players=players), seed=seed, lexicon=lexicon)
    bots = [make_bot(level, s, seed * 10 + s, lexicon) for s, level in enumerate(levels)]
    totals = [0] * players
    for _turn in range(300):
        if game.is_over():
            break
        assert sorted(game.all_tiles()) == FULL
        assert (
            game.bag_count
            + sum(len(game.rack(s)) for s in range(players))
            + (game.board.tile_count())
            == 97
        )
        (seat,) = game.to_act()
        action = bots[seat].choose(game.view(seat))
        for event in game.apply(seat, action):
            if isinstance(event, TilesPlaced):
                totals[event.seat] += event.score
                assert event.total == totals[event.seat]
            if isinstance(event, GameOver):
                assert tuple(t + a for t, a in zip(totals, event.adjustments, strict=True)) == (
                    event.scores
                )
    assert game.is_over()
    assert game.board.tile_count() > 20


def test_play_game_helper_and_levels(lexicon):
    assert LEVELS == ("facil", "medio", "dificil")
    with pytest.raises(ValueError):
        make_bot("experto", 0)
    game = PalabrasGame(PalabrasOptions(players=2), seed=9, lexicon=lexicon)
    events = play_game(game, [make_bot("medio", s, s, lexicon) for s in range(2)])
    assert game.is_over() and events[-1].kind == "game_over"


def test_bots_exchange_without_moves_and_pass_with_an_empty_bag(lexicon):
    rack = "QXZÑJ"  # no word on the empty board
    assert not generate_moves(lexicon.dawg, Board(), rack)
    for level in LEVELS:
        bot = make_bot(level, 0, 1, lexicon)
        action = bot.choose(view_with(rack))
        assert isinstance(action, Exchange) and action.tiles
        assert all(action.tiles.count(t) <= rack.count(t) for t in action.tiles)
        assert bot.choose(view_with(rack, bag_count=0)) == Pass()
        assert isinstance(bot.choose(view_with(rack, bag_count=3)), (Exchange, Pass))


def test_medio_plays_the_best_score_and_hint_is_the_best(lexicon):
    rack = "AENRRSU"
    view = view_with(rack)
    action = make_bot("medio", 0, 3, lexicon).choose(view)
    assert isinstance(action, Place)
    best = max(s for s, _m in generate_moves(lexicon.dawg, Board(), rack))
    score = next(s for s, m in generate_moves(lexicon.dawg, Board(), rack) if m == action.move)
    assert score == best == 56
    assert hint(view, lexicon) == best_move(lexicon.dawg, Board(), rack)
    assert hint(view_with(""), lexicon) is None


def test_facil_plays_common_words_when_there_are_some(lexicon):
    # CASAERT makes 69 words fácil knows (CASA, CARTA, CESTA…) and 168 it does not
    # (ACARE, AETA, ARECA…): picking among all of them would soon hit a rare one
    rack = "CASAERT"
    words = {m.word for _s, m in generate_moves(lexicon.dawg, Board(), rack)}
    assert sum(not is_common(w) for w in words) > 100
    bot = make_bot("facil", 0, 4, lexicon)
    chosen = [bot.choose(view_with(rack)).move for _ in range(25)]
    assert all(is_common(m.word) for m in chosen)
    assert len({m.word for m in chosen}) > 5  # it varies
    assert is_common("casa") and not is_common("aeta") and not is_common("ge")


def test_facil_does_not_seek_premium_squares(lexicon):
    # on a board where one word fits in several places, fácil takes any of them:
    # its moves are not the best-scoring place of the word it chose
    rack = "CASAERT"
    scores = {m: s for s, m in generate_moves(lexicon.dawg, Board(), rack)}
    best_of_word: dict[str, int] = {}
    for move, score in scores.items():
        best_of_word[move.word] = max(best_of_word.get(move.word, 0), score)
    bot = make_bot("facil", 0, 5, lexicon)
    chosen = [bot.choose(view_with(rack)).move for _ in range(30)]
    below = [m for m in chosen if scores[m] < best_of_word[m.word]]
    assert len(below) >= 10


def test_leave_values_prefer_good_tiles():
    assert leave_value("?S") > leave_value("ER") > leave_value("UU") > leave_value("QVV")
    assert leave_value("QU") > leave_value("QE")
    assert leave_value("") == 0
    assert tiles_used(Board(), Move(7, 7, False, "CAsA")) == "CA?A"


def test_dificil_keeps_good_tiles_and_avoids_opening_triple_words(lexicon):
    bot = DificilBot(0, 0, lexicon)
    board = Board()
    view = view_with("AENRRS?", board)
    base = Before(board)
    # same score, one keeps the blank
    keep = bot.evaluate(view, "AENRRS?", 10, Move(7, 7, False, "ERA"), base)
    spend = bot.evaluate(view, "AENRRS?", 10, Move(7, 7, False, "ErA"), base)
    assert keep > spend
    # a word reaching column O (the TP at O8) is penalised against one far from it
    near = bot.evaluate(view, "AENRRS?", 10, Move(7, 10, False, "ERA"), base)
    far = bot.evaluate(view, "AENRRS?", 10, Move(7, 5, False, "ERA"), base)
    assert far > near


@pytest.mark.slow
def test_bot_state_round_trips(lexicon):
    rack = "AENRRS?"
    for level in LEVELS:
        bot = make_bot(level, 1, 42, lexicon)
        bot.choose(view_with(rack))
        copy = bot_from_dict(bot.to_dict(), lexicon)
        assert copy.level == level and copy.seat == 1
        assert [bot.choose(view_with(rack)) for _ in range(3)] == [
            copy.choose(view_with(rack)) for _ in range(3)
        ]


@pytest.mark.slow
def test_decisions_with_two_blanks_are_legal(lexicon):
    rows = [
        "...Y..JIGAS....",
        ".AHECHE..DEDIL.",
        "..AGUE.........",
        "...U...........",
        "...aSOBINAN....",
        "...T...........",
        "..ÑO...........",
        ".RASUREN.......",
        "..T..OX........",
        ".ME............",
        ".EA.FLECTAN....",
        "PERDI..........",
        "..I............",
        ".RaCOS.........",
        "DONA...........",
    ]
    board = Board.from_rows(rows)
    legal = {move for _score, move in generate_moves(lexicon.dawg, board, "AER?S?T")}
    assert legal
    for level in LEVELS:
        bot = make_bot(level, 0, 1, lexicon)
        action = bot.choose(view_with("AER?S?T", board, bag_count=20))
        assert isinstance(action, (Place, Exchange))
        if isinstance(action, Place):
            assert action.move in legal


def test_dificil_keeps_a_better_leave_than_the_greedy_player(lexicon):
    # SXAELOO: LAXOS scores 26 and keeps E O; OXEO scores 22 and keeps S A L
    rack = "SXAELOO"
    scores = {m: s for s, m in generate_moves(lexicon.dawg, Board(), rack)}
    greedy = make_bot("voraz", 0, 1, lexicon).choose(view_with(rack)).move
    chosen = make_bot("dificil", 0, 1, lexicon).choose(view_with(rack)).move
    assert scores[greedy] == max(scores.values()) > scores[chosen]
    kept = leave_after(rack, tiles_used(Board(), chosen))
    greedy_kept = leave_after(rack, tiles_used(Board(), greedy))
    assert "S" in kept and leave_value(kept) > leave_value(greedy_kept) + 5


ENDGAME_ROWS = [
    "AULLE..I.......",
    "....APANUQUE...",
    ".......O.......",
    "....CREPITES...",
    "....I..I..M....",
    "....E..AD.B....",
    "....G...E.I....",
    "A..HARTOs.SEXAD",
    "S.......F.T....",
    "a..ENJUGADAS...",
    "L.......R.SO...",
    "M.VOY..CA..N...",
    "E...ASCONDIDO..",
    "R......Ñ...O...",
    "ALEBRONO.......",
]


def endgame_view(rack: str, rival_count: int) -> PalabrasView:
    view = view_with(rack, Board.from_rows(ENDGAME_ROWS), bag_count=0)
    return replace(view, rack_counts=(len(rack), rival_count), scores=(300, 310), turn=40)


def test_dificil_plays_the_end_counting_the_rivals_tiles(lexicon):
    # bag empty: the rival holds what difícil cannot see, E T. HEZ scores 35 but
    # leaves U C, and the rival then goes out; AZUCHE (23) goes out at once
    view = endgame_view("ZUECH", 2)
    assert view.unseen_tiles() == "ET"
    greedy = make_bot("voraz", 0, 1, lexicon).choose(view).move
    assert greedy.word == "HEZ"
    action = make_bot("dificil", 0, 1, lexicon).choose(view)
    assert isinstance(action, Place) and action.move.word == "AZUCHE"
    assert sorted(tiles_used(view.board, action.move)) == sorted("ZUECH")
    # with three players the rival racks are not known: it plays without the plan
    three = replace(view, rack_counts=(5, 1, 1), scores=(300, 310, 200))
    assert DificilBot(0, 1, lexicon).rival_rack(three) is None


def test_endgame_plan_stays_within_its_budget(lexicon):
    view = endgame_view("ZUECH", 2)
    moves = generate_moves(lexicon.dawg, view.board, view.rack)
    move, value = plan(lexicon.dawg, view.board, view.rack, "ET", moves, budget=0)
    assert move is not None and any(m == move for _s, m in moves)
    move, value = plan(lexicon.dawg, view.board, view.rack, "ET", moves)
    assert move.word == "AZUCHE" and value == 23 + 2  # its score and the rival's E T


def test_styles_and_their_descriptions(lexicon):
    assert STYLES == {
        "facil": (),
        "medio": ("prudente", "ambicioso"),
        "dificil": ("defensivo", "abierto"),
    }
    for level, styles in STYLES.items():
        for style in styles:
            assert STYLE_DESCRIPTIONS[style].startswith(style + ":")
            bot = make_bot(level, 1, 7, lexicon, style=style)
            assert bot_from_dict(bot.to_dict(), lexicon).style == style
    with pytest.raises(ValueError):
        make_bot("medio", 0, 1, lexicon, style="defensivo")
    with pytest.raises(ValueError):
        make_bot("facil", 0, 1, lexicon, style="prudente")


def test_medio_prudente_keeps_triple_words_out_of_reach(lexicon):
    # ZORAJUU: ZURA at 8E and ORZA at 8F both score 26; ZURA's tiles come within
    # reach of the triple word at A8, ORZA's do not
    rack = "ZORAJUU"
    moves = generate_moves(lexicon.dawg, Board(), rack)
    top = max(s for s, _m in moves)
    tops = [m for s, m in moves if s == top]
    opening = [len(_tp_threats(Board(), new_squares(Board(), m))) for m in tops]
    assert min(opening) == 0 < max(opening)
    for seed in range(6):
        move = make_bot("medio", 0, seed, lexicon, style="prudente").choose(view_with(rack)).move
        assert not _tp_threats(Board(), new_squares(Board(), move))
        assert move in tops


def test_medio_ambicioso_puts_down_more_tiles(lexicon):
    # HIGOSÑX: HIÑO scores 28 with 4 tiles, HIGOS 26 with 5: within 3 points
    rack = "HIGOSÑX"
    scores = {m: s for s, m in generate_moves(lexicon.dawg, Board(), rack)}
    plain = make_bot("medio", 0, 1, lexicon).choose(view_with(rack)).move
    bold = make_bot("medio", 0, 1, lexicon, style="ambicioso").choose(view_with(rack)).move
    assert scores[plain] == max(scores.values())
    assert scores[bold] >= scores[plain] - 3
    assert len(tiles_used(Board(), bold)) > len(tiles_used(Board(), plain))


def test_dificil_styles_weigh_the_triple_words_differently(lexicon):
    view = view_with("AENRRS?")
    gaps = {}
    for style in ("", "defensivo", "abierto"):
        bot = DificilBot(0, 0, lexicon, style=style)
        near = bot.evaluate(view, "AENRRS?", 10, Move(7, 10, False, "ERA"), Before(Board()))
        far = bot.evaluate(view, "AENRRS?", 10, Move(7, 5, False, "ERA"), Before(Board()))
        gaps[style] = far - near
    assert gaps["defensivo"] > gaps[""] > gaps["abierto"] > 0


@pytest.mark.slow
def test_dificil_endgame_reads_only_its_view(lexicon):
    # a real game brought to an empty bag: difícil decides the same from its view
    # sent through JSON (nothing hidden rides along), and the same whatever the
    # game object holds beyond it
    game = PalabrasGame(PalabrasOptions(players=2), seed=19, lexicon=lexicon)
    bots = [make_bot("voraz", s, s, lexicon) for s in range(2)]
    while game.bag_count and not game.is_over():
        (seat,) = game.to_act()
        game.apply(seat, bots[seat].choose(game.view(seat)))
    (seat,) = game.to_act()
    view = game.view(seat)
    assert view.bag_count == 0 and sorted(view.unseen_tiles()) == sorted(game.rack(1 - seat))
    bot = DificilBot(seat, 3, lexicon)
    action = bot.choose(view)
    again = DificilBot(seat, 3, lexicon).choose(PalabrasView.from_dict(view.to_dict()))
    assert action == again
    if isinstance(action, Place):
        assert action.move in {m for _s, m in game.legal_moves(seat)}
