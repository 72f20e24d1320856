"""Answers to the reading commands of Palabras (atril, mesa, puntos, turno, bolsa,
ficha, braille): pure, from the listener's view and the players' names."""

from __future__ import annotations

from collections.abc import Sequence

from sobremesa.games.palabras import rules as r
from sobremesa.games.palabras import texts as t
from sobremesa.games.palabras.board import COLUMNS, SIZE, Board, square_name
from sobremesa.games.palabras.cursor import ask_square
from sobremesa.games.palabras.narration import Names, scoreless_warning
from sobremesa.games.palabras.tiles import BLANK, CODE, fold_letter, sort_rack
from sobremesa.i18n import _, ngettext
from sobremesa.ui.commands import fold
from sobremesa.ui.numbers import is_number, number


def spectator_line() -> str:
    return _("Eres espectador: no tienes atril.")


def rack_lines(rack: str) -> list[str]:
    if not rack:
        return [_("No tienes fichas.")]
    return [
        _("Tu atril, {count}: {tiles}.").format(
            count=t.tiles_text(len(rack)), tiles=t.rack_with_values(rack)
        )
    ]


def all_racks_lines(racks: Sequence[str], names: Names) -> list[str]:
    """`atril` for a spectator, who sees every rack."""
    return [
        _("Atril de {name}: {tiles}.").format(name=names.name(s), tiles=t.rack_with_values(rack))
        for s, rack in enumerate(racks)
    ]


def table_lines(view: r.PalabrasView, names: Names) -> list[str]:
    """`mesa`: where the tiles lie, the bag and the racks' sizes."""
    board = view.board
    if board.is_empty():
        start = square_name(*board.layout.start_square)
        first = _("Tablero vacío: la primera palabra pasa por {square}.").format(square=start)
    else:
        rows = [r_ for r_ in range(SIZE) if any(board.line(r_, False))]
        cols = [c for c in range(SIZE) if any(board.line(c, True))]
        first = _(
            "Tablero: {tiles}, {words}; filas {top} a {bottom}, columnas {left} a {right}."
        ).format(
            tiles=t.tiles_text(board.tile_count()),
            words=ngettext("{n} palabra", "{n} palabras", len(board.words())).format(
                n=len(board.words())
            ),
            top=rows[0] + 1,
            bottom=rows[-1] + 1,
            left=COLUMNS[cols[0]],
            right=COLUMNS[cols[-1]],
        )
    counts = ", ".join(f"{names.name(s)} {n}" for s, n in enumerate(view.rack_counts))
    second = _("Bolsa: {bag}. Fichas en los atriles: {counts}.").format(
        bag=t.tiles_text(view.bag_count), counts=counts
    )
    return [first, second]


def score_lines(view: r.PalabrasView, names: Names) -> list[str]:
    scores = ", ".join(f"{names.name(s)} {n}" for s, n in enumerate(view.scores))
    return [
        _("Puntos: {scores}. Bolsa: {bag}.").format(scores=scores, bag=t.tiles_text(view.bag_count))
    ]


def turn_lines(view: r.PalabrasView, names: Names) -> list[str]:
    if view.is_over:
        return [_("La partida ha terminado.")]
    if names.you(view.current_seat):
        line = _("Tu turno, jugada {n}.").format(n=view.turn)
    else:
        line = _("Turno de {name}, jugada {n}.").format(
            name=names.name(view.current_seat), n=view.turn
        )
    return [line, *scoreless_warning(view.scoreless_turns, view.players)]


def bag_lines(view: r.PalabrasView, all_tiles: Sequence[str] | None = None) -> list[str]:
    """`bolsa`; `all_tiles`: every tile of the game, for a spectator (who sees all
    the racks, so what is unseen is the bag alone)."""
    if all_tiles is not None:
        pool = list(all_tiles)
        for tile in view.board.letters_on_board():
            pool.remove(tile)
        unseen = "".join(pool)
    else:
        unseen = view.unseen_tiles()
    return t.bag_lines(view.bag_count, unseen)


def tile_lines(board: Board, cursor: tuple[int, int], rack: str | None, args: str) -> list[str]:
    """`ficha A`, `ficha 3` (of the rack), `ficha H8`, or `ficha` under the cursor:
    how the tile feels. `rack` None: a spectator."""
    text = args.strip()
    usage = _(
        "Escribe ficha y una letra, un número de tu atril o una casilla: ficha A, ficha 3, ficha H8."
    )
    if not text:
        letter = board.letter(*cursor)
        if letter is None:
            return [usage]
        return t.tile_lines(letter, on_board_blank=board.is_blank(*cursor))
    index = number(text)
    if index is not None:
        if rack is None:
            return [spectator_line()]
        tiles = sort_rack(rack)
        if not 1 <= index <= len(tiles):
            return [
                _("No hay ficha {index}: tienes {count}.").format(
                    index=index, count=t.tiles_text(len(tiles))
                )
            ]
        return t.tile_lines(tiles[index - 1])
    square = ask_square(text)
    if square is not None and any(is_number(ch) for ch in text):
        letter = board.letter(*square)
        if letter is None:
            return [_("{square} está vacía.").format(square=square_name(*square))]
        return t.tile_lines(letter, on_board_blank=board.is_blank(*square))
    if fold(text) in ("comodin", "?", "*", "blank", "estrella"):
        return t.tile_lines(BLANK)
    letter = fold_letter(text).upper()
    if len(letter) == 1 and letter in CODE:
        return t.tile_lines(letter)
    return [usage]


def braille_line_lines(board: Board, index: int, down: bool, *, legend: bool) -> list[str]:
    """A row or column in cells; with `legend`, what the two signs mean."""
    lines = [t.braille_line(board, index, down)]
    if legend:
        lines.append(_("⠤ casilla vacía, ⠔ comodín."))
    return lines
