"""Palabras' text by job (issue 12): the narrator speaks from the event, the seat's
view and the names alone; the pieces hold no clock, no session and no I/O."""

from __future__ import annotations

import dataclasses

from sobremesa.games.palabras import narration
from sobremesa.games.palabras import rules as r
from sobremesa.games.palabras.board import Board
from sobremesa.games.palabras.cursor import BoardCursor


def _view(**changes) -> r.PalabrasView:
    view = r.PalabrasView(
        seat=0,
        board=Board(),
        rack="AEIOUNS",
        rack_counts=(7, 7),
        bag_count=20,
        scores=(0, 0),
        current_seat=1,
        turn=2,
        scoreless_turns=0,
        is_over=False,
        options=r.PalabrasOptions(players=2),
    )
    return dataclasses.replace(view, **changes)


PLACED = r.TilesPlaced(
    seat=1,
    row=7,
    col=7,
    down=False,
    pos="8H",
    word="TU",
    tiles=(("H8", "T"), ("I8", "U")),
    words=(("TU", "8H", 2),),
    score=2,
    bonus=0,
    total=2,
    rack_count=3,
)


def test_a_move_is_told_from_the_view_and_the_names():
    names = narration.Names(("Ana", "Berta"), 0)
    # the bag is empty and nothing was drawn: the view says what is left
    told = narration.narrate(PLACED, _view(bag_count=0, rack_counts=(7, 3)), names)
    assert told.lines[0].startswith("Berta juega TU ")
    assert told.lines[1] == "A Berta le quedan 3 fichas."
    assert told.last_brief and told.last_brief[0].startswith("Berta TU ")
    # tiles were drawn (the last ones), or the bag still has some: the draw line
    # says it, the move does not
    for view in (_view(bag_count=0, rack_counts=(7, 5)), _view(bag_count=2, rack_counts=(7, 3))):
        assert len(narration.narrate(PLACED, view, names).lines) == 1
    # the listener is "Tú"
    you = narration.narrate(PLACED, _view(), narration.Names(("Ana", "Berta"), 1))
    assert you.lines[0].startswith("Juegas TU ")
    assert you.last_brief and you.last_brief[0].startswith("Tú TU ")


def test_turn_lines_name_the_seat_that_listens():
    names = narration.Names(("Ana", "Berta"), None)
    started = r.TurnStarted(seat=1, turn=2)
    assert narration.narrate(started, _view(), names).lines == []
    told = narration.narrate(started, _view(), narration.Names(("Ana", "Berta"), 1))
    assert told.lines == ["Tu turno."]
    assert told.last_move is None  # `ultima` keeps the last move


def test_the_cursor_walks_a_board_without_a_game():
    board = Board()
    cursor = BoardCursor()
    assert cursor.run(board, "arriba", "") and cursor.square == (6, 7)
    assert cursor.run(board, "tope", "") and cursor.square == (0, 7)
    assert cursor.run(board, "arriba", "")[0].startswith("Borde del tablero.")
    assert cursor.square == (0, 7)
