"""Scoring, the move validator (every refusal), tiles, board, layouts and move entry."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sobremesa.core.game import IllegalAction
from sobremesa.games.palabras.board import (
    STANDARD,
    STANDARD_LAYOUT,
    Board,
    BoardError,
    LayoutError,
    Move,
    load_layout,
    parse_square,
    pos_name,
    square_name,
)
from sobremesa.games.palabras.notation import NotationError, assign_blanks, parse_move
from sobremesa.games.palabras.scoring import (
    check_move,
    check_placement,
    rack_after,
    score_move,
)
from sobremesa.games.palabras.tiles import (
    COUNTS,
    POINTS,
    TOTAL_TILES,
    cell_of,
    cell_text,
    full_bag,
    normalize_rack,
    rack_points,
    sort_rack,
    tile_points,
)
from sobremesa.lexicon import load_lexicon

# Cross-word tests use a made-up lexicon (a set), so validity is under control.
WORDS = {"casa", "casas", "osa", "ao", "ss", "aa", "as", "sol", "oso", "os", "so"}


def board_with(*moves: str) -> Board:
    board = Board()
    for text in moves:
        play = check_move(board, None, parse_move(text), None)
        for t in play.tiles:
            board.put(t.row, t.col, t.cell)
    return board


def refusal(board, rack, text, lexicon=WORDS) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        check_move(board, rack, parse_move(text), lexicon)
    return info.value


# --- tiles, layout, board -------------------------------------------------------------


def test_tile_set_matches_the_design():
    assert TOTAL_TILES == 97 == len(full_bag())
    assert COUNTS["A"] == 12 and COUNTS["E"] == 12 and COUNTS["O"] == 9 and COUNTS["?"] == 2
    assert "K" not in COUNTS and "W" not in COUNTS
    assert POINTS["Z"] == 10 and POINTS["Ñ"] == 8 and POINTS["Q"] == 5 and POINTS["D"] == 2
    assert sum(POINTS[t] for t in full_bag() if t != "?") == 171
    assert tile_points("?") == 0 and tile_points("a") == 0 and tile_points("A") == 1
    assert rack_points("QZ?") == 15
    assert normalize_rack("cañón?") == "CAÑON?"
    assert sort_rack("?ZÑNA") == "ANÑZ?"
    with pytest.raises(ValueError):
        normalize_rack("CA1")
    assert cell_text(cell_of("ñ")) == "ñ" and cell_text(cell_of("Ñ")) == "Ñ"


def test_standard_layout_counts():
    assert len(STANDARD.squares_with("TP")) == 8
    assert len(STANDARD.squares_with("DP")) == 17
    assert len(STANDARD.squares_with("TL")) == 12
    assert len(STANDARD.squares_with("DL")) == 24
    assert STANDARD.start_square == (7, 7)
    assert STANDARD.premium(7, 7) == "DP"
    assert STANDARD.premium(0, 0) == "TP" and STANDARD.premium(0, 3) == "DL"
    assert STANDARD.premium(1, 5) == "TL" and STANDARD.premium(0, 1) is None


def test_layout_file_loading_and_errors(tmp_path):
    lines = list(STANDARD_LAYOUT)
    lines[7] = "T..d.......d..T"  # no star: start stays at H8
    lines[0] = "*..d...T...d..T"  # the start square moved to A1
    path = tmp_path / "otro.txt"
    path.write_text("# mi tablero\n" + "\n".join(lines) + "\n", encoding="utf-8")
    layout = load_layout(path)
    assert layout.start_square == (0, 0) and layout.name == "otro.txt"
    assert layout.premium(0, 0) == "DP"
    bad = tmp_path / "malo.txt"
    for text, reason in [
        ("\n".join(STANDARD_LAYOUT[:14]), "rows"),
        ("\n".join([*STANDARD_LAYOUT[:14], "T..d"]), "columns"),
        ("\n".join([*STANDARD_LAYOUT[:14], "T..d...X...d..T"]), "char"),
        ("\n".join(["*" * 15] * 15), "starts"),
    ]:
        bad.write_text(text, encoding="utf-8")
        with pytest.raises(LayoutError) as info:
            load_layout(bad)
        assert info.value.reason == reason
        assert info.value.details["file"] == "malo.txt"
    with pytest.raises(LayoutError) as info:
        load_layout(tmp_path / "no-existe.txt")
    assert info.value.reason == "unreadable"


def test_board_text_round_trip_and_errors():
    rows = ["." * 15] * 15
    rows = list(rows)
    rows[7] = ".RASUREN......."
    rows[8] = "..a............"
    board = Board.from_rows(rows)
    assert board.rows() == rows
    assert board.letter(7, 1) == "R" and board.letter(8, 2) == "a" and board.letter(0, 0) is None
    assert board.is_blank(8, 2) and not board.is_blank(7, 1)
    assert board.tile_count() == 8 and board.blank_count() == 1
    assert sorted(board.letters_on_board()) == sorted("RASUREN?")
    assert board.words() == [Move(7, 1, False, "RASUREN"), Move(7, 2, True, "Aa")]
    assert board.word_at(7, 3, False) == Move(7, 1, False, "RASUREN")
    assert board.word_at(7, 3, True) is None
    assert board.has_neighbour(6, 1) and not board.has_neighbour(0, 0)
    for bad, reason in [
        (rows[:14], "rows"),
        ([*rows[:14], "...."], "columns"),
        ([*rows[:14], "......1........"], "char"),
    ]:
        with pytest.raises(BoardError) as info:
            Board.from_rows(bad)
        assert info.value.reason == reason


def test_square_names():
    assert square_name(7, 7) == "H8" and square_name(14, 0) == "A15"
    assert pos_name(7, 1, False) == "8B" and pos_name(7, 1, True) == "B8"
    assert parse_square("h8") == (7, 7, True) and parse_square("8H") == (7, 7, False)
    assert parse_square("15O") == (14, 14, False)
    for bad in ("P8", "H16", "H0", "88", "HH", "H"):
        assert parse_square(bad) is None
    assert Move(7, 7, False, "CASA").pos == "8H" and str(Move(7, 7, True, "CASA")) == "CASA H8"


# --- scoring ----------------------------------------------------------------------------


def test_first_move_doubles_on_the_star():
    assert check_move(Board(), "CASAXYZ", parse_move("CASA 8H"), WORDS).score == 12
    assert check_move(Board(), "CA?AXYZ", parse_move("CAsA 8H"), WORDS).score == 10
    assert check_move(Board(), "CASAXYZ", parse_move("CASA H8"), WORDS).score == 12


def test_bingo_adds_40_and_blanks_score_zero():
    lexicon = load_lexicon("palabras")
    play = check_move(Board(), "AENRRSU", parse_move("RASUREN 8H"), lexicon)
    assert play.score == 56 and play.bonus == 40 and len(play.tiles) == 7
    # the R on L8 (DL) is a blank: its 2 points vanish
    blank = check_move(Board(), "AENRSU?", parse_move("RASUrEN 8H"), lexicon)
    assert blank.score == (8 - 2) * 2 + 40
    # six tiles: no bonus
    assert check_move(Board(), "AENRRSU", parse_move("RASURE 8H"), lexicon).bonus == 0


def test_premiums_count_only_for_new_tiles():
    board = board_with("CASA 8H")
    play = check_move(board, "S", parse_move("CASAS 8H"), WORDS)
    # C3 A1 S1 A1 already placed (the star is not doubled again) + S on L8 (DL) = 2
    assert play.score == 8
    assert [w.word for w in play.words] == ["CASAS"]
    assert [(t.square, t.letter) for t in play.tiles] == [("L8", "S")]


def test_cross_words_score_each_with_the_new_tiles_premiums():
    board = board_with("CASA 8H")
    play = check_move(board, "OSA", parse_move("OSA 9I"), WORDS)
    # OSA: O on I9 (DL) 2 + S 1 + A 1 = 4; AO 1+2 = 3; SS 2; AA 2
    assert [(w.word, w.pos, w.score) for w in play.words] == [
        ("OSA", "9I", 4),
        ("AO", "I8", 3),
        ("SS", "J8", 2),
        ("AA", "K8", 2),
    ]
    assert play.score == 11
    blank = check_move(board, "SA?", parse_move("oSA 9I"), WORDS)
    assert blank.score == 2 + 1 + 2 + 2
    assert blank.used == "?SA" and rack_after("SA?X", blank) == "X"


def test_triple_word_and_letter_premiums():
    assert score_move(Board(), Move(0, 0, False, "SOL")).score == (1 + 1 + 1) * 3  # A1 is TP
    assert score_move(Board(), Move(1, 5, True, "OS")).score == 1 * 3 + 1  # F2 is TL


def test_one_tile_plays_score_both_words_and_are_canonical():
    board = board_with("OS 8H")  # O on H8, S on I8
    play = check_move(board, "O", parse_move("SO I8"), WORDS)
    assert len(play.tiles) == 1
    assert play.canonical == Move(7, 8, True, "SO")  # no across word: stays down
    board = board_with("OS 8H", "SOL I8")
    lexicon = WORDS | {"oa"}
    across = check_move(board, "A", parse_move("AO 9H"), lexicon)
    down = check_move(board, "A", parse_move("OA H8"), lexicon)
    assert across.score == down.score == 4
    assert across.canonical == down.canonical == Move(8, 7, False, "AO")
    assert [w.word for w in down.words] == ["OA", "AO"]


# --- refusals -----------------------------------------------------------------------------


def test_refusal_word_not_in_lexicon_names_the_word():
    error = refusal(Board(), "CASSAXY", "CASSA 8H")
    assert error.reason == "word_not_in_lexicon" and error.details["word"] == "CASSA"
    board = board_with("CASA 8H")
    error = refusal(board, "OSE", "OSE 9I")
    assert error.reason == "word_not_in_lexicon"
    assert error.details["words"] == ["OSE", "AE"]


def test_refusal_off_board_by_column_and_row():
    error = refusal(Board(), "CASAS", "CASAS 8M")
    assert error.reason == "off_board"
    assert error.details == {"axis": "column", "first": "P8", "over": 2, "word": "CASAS"}
    error = refusal(Board(), "CASAS", "CASAS M12")
    assert error.details == {"axis": "row", "first": "M16", "over": 1, "word": "CASAS"}
    with pytest.raises(IllegalAction) as info:
        check_move(Board(), "AB", Move(15, 0, False, "AB"))
    assert info.value.reason == "off_board"


def test_refusal_missing_tiles_names_the_letters():
    error = refusal(Board(), "CAS", "CASA 8H")
    assert error.reason == "missing_tiles" and error.details == {"missing": "A", "letter": "A"}
    error = refusal(Board(), "CASA", "CAsA 8H")
    assert error.details["missing"] == "?"


def test_refusal_first_move_rules():
    error = refusal(Board(), "CASA", "CASA 9H")
    assert error.reason == "first_move_center" and error.details["square"] == "H8"
    with pytest.raises(IllegalAction) as info:
        check_placement(Board(), "A", [(7, 7, "A")], WORDS)
    assert info.value.reason == "first_move_min_tiles"
    with pytest.raises(IllegalAction) as info:
        check_placement(Board(), "A", [(0, 0, "A")], WORDS)
    assert info.value.reason == "first_move_center"


def test_refusal_not_connected():
    board = board_with("CASA 8H")
    assert refusal(board, "SOL", "SOL 1A").reason == "not_connected"
    with pytest.raises(IllegalAction) as info:
        check_placement(board, "S", [(0, 0, "S")], WORDS)
    assert info.value.reason == "not_connected"


def test_refusal_square_occupied_with_another_letter():
    board = board_with("CASA 8H")
    error = refusal(board, "SOL", "SOL H7")
    assert error.reason == "square_occupied"
    assert error.details == {"square": "H8", "board_letter": "C", "letter": "O"}
    with pytest.raises(IllegalAction) as info:
        check_placement(board, "S", [(7, 7, "S")], WORDS)
    assert info.value.reason == "square_occupied" and info.value.details["square"] == "H8"


def test_refusal_word_continues_and_no_new_tiles():
    board = board_with("CASAS 8H")
    error = refusal(board, "S", "CASA 8H")
    assert error.reason == "word_continues"
    assert error.details == {"word": "CASAS", "pos": "8H"}
    error = refusal(board, "OS", "OS 8F")  # touches the C of CASAS
    assert error.reason == "word_continues"
    assert error.details == {"word": "OSCASAS", "pos": "8F"}
    board2 = board_with("CASA 8H")
    assert refusal(board2, "S", "CASA 8H").reason == "no_new_tiles"


def test_refusals_of_tile_entry():
    board = board_with("CASA 8H")
    cases = [
        ([], "no_tiles"),
        ([(8, 8, "O"), (9, 9, "S")], "not_in_line"),
        ([(8, 7, "O"), (10, 7, "S")], "gap"),
        ([(8, 7, "O"), (8, 7, "S")], "duplicate_square"),
        ([(8, 7, "1")], "bad_letter"),
        ([(15, 7, "A")], "off_board"),
    ]
    for tiles, reason in cases:
        with pytest.raises(IllegalAction) as info:
            check_placement(board, "OSA", tiles, WORDS)
        assert info.value.reason == reason, tiles
    with pytest.raises(IllegalAction) as info:
        check_placement(board, "OSA", [(8, 7, "O"), (10, 7, "S")], WORDS)
    assert info.value.details == {"square": "H10"}


def test_tile_entry_builds_the_whole_word():
    board = board_with("CASA 8H")
    play = check_placement(board, "S", [(7, 11, "S")], WORDS)
    assert play.move == Move(7, 7, False, "CASAS") and play.score == 8
    play = check_placement(board, "OSA", [(8, 8, "O"), (8, 9, "S"), (8, 10, "A")], WORDS)
    assert play.move == Move(8, 8, False, "OSA") and play.score == 11
    down = check_placement(board, "OS", [(8, 7, "O"), (9, 7, "S")], WORDS | {"cos"})
    assert down.move == Move(7, 7, True, "COS")


def test_bad_letters_and_short_words():
    assert refusal(Board(), "A", "A 8H").reason == "word_too_short"
    with pytest.raises(IllegalAction) as info:
        check_move(Board(), "A", Move(7, 7, False, "A1"))
    assert info.value.reason == "bad_letter"


def test_board_case_is_ignored_on_occupied_squares():
    board = board_with("CAsA 8H")
    play = check_move(board, "S", parse_move("CASAS 8H"), WORDS)
    assert play.move.word == "CAsAS"


# --- move entry -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("CASA 8H", Move(7, 7, False, "CASA")),
        ("CASA H8", Move(7, 7, True, "CASA")),
        ("casa h8", Move(7, 7, True, "casa")),
        ("8H CASA", Move(7, 7, False, "CASA")),
        ("H8 CAsA", Move(7, 7, True, "CAsA")),
        ("CASA en H8 horizontal", Move(7, 7, False, "CASA")),
        ("CASA en H8 vertical", Move(7, 7, True, "CASA")),
        ("CASA 8H vertical", Move(7, 7, True, "CASA")),
        ("CASA desde H8 hacia abajo", Move(7, 7, True, "CASA")),
        ("CASA H 8 v", Move(7, 7, True, "CASA")),
        ("CASA 8 H", Move(7, 7, False, "CASA")),
        ("  CAMIÓN   15A ", Move(14, 0, False, "CAMION")),
        ("cañón 1o", Move(0, 14, False, "cañon")),
        ("EN en H8", Move(7, 7, True, "EN")),
        ("PINGÜINO a1 horizontal", Move(0, 0, False, "PINGUINO")),
        ("CASA: 8H.", Move(7, 7, False, "CASA")),
    ],
)
def test_parse_move(text, move):
    assert parse_move(text) == move


@pytest.mark.parametrize(
    ("text", "reason", "details"),
    [
        ("", "empty", {}),
        ("   ", "empty", {}),
        ("8H", "missing_word", {}),
        ("CASA", "missing_square", {"word": "CASA"}),
        ("CASA P8", "bad_square", {"square": "P8"}),
        ("CASA H16", "bad_square", {"square": "H16"}),
        ("CA5A 8H", "bad_letter", {"word": "CA5A", "char": "5"}),
        ("CASA PERRO 8H", "two_words", {"word": "CASA", "other": "PERRO"}),
        ("CASA 8H H9", "two_squares", {"square": "8H", "other": "H9"}),
        ("CASA 8H ¿?", "unexpected", {"text": "¿?"}),
    ],
)
def test_parse_move_errors(text, reason, details):
    with pytest.raises(NotationError) as info:
        parse_move(text)
    assert info.value.reason == reason
    assert info.value.details == details
    assert isinstance(info.value, IllegalAction)


def test_assign_blanks_uses_the_rack():
    board = board_with("CASA 8H")
    assert assign_blanks(board, "CAS?", parse_move("casas 8h")) == Move(7, 7, False, "casaS")
    assert assign_blanks(Board(), "CAS?", parse_move("casa 8h")) == Move(7, 7, False, "CASa")
    assert assign_blanks(Board(), "CA??", parse_move("CASA 8H")) == Move(7, 7, False, "CAsa")


# --- robustness (hypothesis) -------------------------------------------------------------

TEXT = st.text(alphabet="CASAñÑáü8H15 ?xyzQ.-vertical", max_size=30)


@settings(max_examples=300, deadline=None)
@given(TEXT)
@pytest.mark.slow
def test_parse_move_only_raises_notation_errors(text):
    try:
        move = parse_move(text)
    except NotationError as error:
        assert error.reason in {
            "empty",
            "missing_word",
            "missing_square",
            "bad_square",
            "bad_letter",
            "two_words",
            "two_squares",
            "unexpected",
        }
    else:
        assert 0 <= move.row < 15 and 0 <= move.col < 15 and move.word


@settings(max_examples=300, deadline=None)
@given(
    st.integers(-2, 16),
    st.integers(-2, 16),
    st.booleans(),
    st.text(alphabet="CASOcaso", min_size=1, max_size=9),
    st.text(alphabet="CASO?", max_size=7),
)
@pytest.mark.slow
def test_check_move_only_raises_illegal_action(row, col, down, word, rack):
    board = board_with("CASA 8H", "SOL J8")
    try:
        play = check_move(board, rack, Move(row, col, down, word), WORDS)
    except IllegalAction as error:
        assert error.reason
    else:
        assert play.tiles and play.score >= 0


def test_default_lexicon_is_the_shipped_one_and_none_skips_the_word_check():
    with pytest.raises(IllegalAction) as info:
        check_move(Board(), "CASSAXY", parse_move("CASSA 8H"))
    assert info.value.reason == "word_not_in_lexicon"
    assert check_move(Board(), "CASSAXY", parse_move("CASSA 8H"), None).score == 16  # A on L8 (DL)
    assert check_move(Board(), "CASAXYZ", parse_move("CASA 8H")).score == 12
    with pytest.raises(IllegalAction):
        check_placement(Board(), "SS", [(7, 7, "S"), (7, 8, "S")])
