"""The board cursor: exploring the Palabras board square by square, by jumps and
word by word, and the commands that read what is under it.

The cursor is the one piece of Palabras state that belongs to the listener, not to
the game: it is saved with the adapter and never seen by the rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from sobremesa.games.palabras import texts as t
from sobremesa.games.palabras.board import COLUMNS, SIZE, Board, parse_square, square_name
from sobremesa.games.palabras.tiles import fold_letter
from sobremesa.i18n import N_, _
from sobremesa.ui.commands import fold
from sobremesa.ui.numbers import is_number, number

DEFAULT_CURSOR = (7, 7)
#: what `key_mode()` returns while the board is being explored
EXPLORE_KEY_MODE = "tablero"
# Keys while exploring the board (see docs/palabras.md); F1–F9 keep their meaning.
EXPLORE_KEYS = {
    "up": "arriba",
    "down": "abajo",
    "left": "izquierda",
    "right": "derecha",
    "home": "inicio",
    "end": "fin",
    "c-home": "tope",
    "c-end": "fondo",
    "c-up": "saltar arriba",
    "c-down": "saltar abajo",
    "c-left": "saltar izquierda",
    "c-right": "saltar derecha",
    "s-up": "hueco arriba",
    "s-down": "hueco abajo",
    "s-left": "hueco izquierda",
    "s-right": "hueco derecha",
    "tab": "siguiente",
    "s-tab": "anterior",
    "escape": "dejar",
}
#: direction words of the jumps (saltar, hueco) -> (row step, column step)
STEPS = {
    "arriba": (-1, 0),
    "up": (-1, 0),
    "abajo": (1, 0),
    "down": (1, 0),
    "izquierda": (0, -1),
    "izq": (0, -1),
    "left": (0, -1),
    "derecha": (0, 1),
    "der": (0, 1),
    "right": (0, 1),
}
#: where a jump found nothing, by step
FURTHER = {
    (-1, 0): N_("arriba"),
    (1, 0): N_("abajo"),
    (0, -1): N_("a la izquierda"),
    (0, 1): N_("a la derecha"),
}
#: the commands that only move the cursor: name -> (row, col) -> target square
MOVES = {
    "arriba": lambda row, col: (row - 1, col),
    "abajo": lambda row, col: (row + 1, col),
    "izquierda": lambda row, col: (row, col - 1),
    "derecha": lambda row, col: (row, col + 1),
    "inicio": lambda row, col: (row, 0),
    "fin": lambda row, col: (row, SIZE - 1),
    "tope": lambda row, col: (0, col),
    "fondo": lambda row, col: (SIZE - 1, col),
}
#: every command `BoardCursor.run` answers
CURSOR_COMMANDS = frozenset(
    {*MOVES, "explorar", "dejar", "ir", "siguiente", "anterior", "saltar", "hueco", "leer"}
)


def ask_square(args: str) -> tuple[int, int] | None:
    """The square named in `args` ("H8", "8H"), or None."""
    found = parse_square(args) if args.strip() else None
    return (found[0], found[1]) if found else None


@dataclass
class BoardCursor:
    """Where the listener is looking on the board, and whether the arrow keys
    move it (`exploring`)."""

    square: tuple[int, int] = DEFAULT_CURSOR
    exploring: bool = False
    #: the last word reached with siguiente, anterior or ir PALABRA (index in
    #: Board.words(), the numbers of `palabras` less one)
    word_index: int | None = None

    def run(self, board: Board, name: str, args: str) -> list[str]:
        """The answer to one of CURSOR_COMMANDS."""
        if name in MOVES:
            return self.move(board, *MOVES[name](*self.square))
        if name in ("saltar", "hueco"):
            return self.jump(board, args, tile=name == "saltar")
        if name in ("siguiente", "anterior"):
            return self.next_word(board, 1 if name == "siguiente" else -1)
        return {
            "explorar": self.explore,
            "dejar": lambda _board, _args: self.leave(),
            "ir": self.go,
            "leer": self.read,
        }[name](board, args)

    # -- arguments that default to the cursor ------------------------------------------
    def square_arg(self, args: str, usage: str) -> tuple[int, int] | str:
        """The square named in `args`, the cursor's if none, or an error line."""
        if not args.strip():
            return self.square
        found = ask_square(args)
        if found is None:
            return _("{text} no es una casilla: {usage}").format(text=args.strip(), usage=usage)
        return found

    def row_arg(self, args: str) -> int | None:
        text = args.strip()
        if not text:
            return self.square[0]
        row = number(text)
        if row is not None and 1 <= row <= SIZE:
            return row - 1
        return None

    def col_arg(self, args: str) -> int | None:
        text = args.strip().upper()
        if not text:
            return self.square[1]
        if len(text) == 1 and text in COLUMNS:
            return COLUMNS.index(text)
        return None

    # -- moving ------------------------------------------------------------------------
    def here(self, board: Board) -> str:
        return t.explored_text(board, *self.square)

    def move(self, board: Board, row: int, col: int) -> list[str]:
        if not (0 <= row < SIZE and 0 <= col < SIZE):
            return [_("Borde del tablero. {square}").format(square=self.here(board))]
        self.square = (row, col)
        return [t.explored_text(board, row, col)]

    def explore(self, board: Board, args: str) -> list[str]:
        if args.strip():
            square = ask_square(args)
            if square is None:
                return [
                    _("{text} no es una casilla: por ejemplo explorar H8.").format(
                        text=args.strip()
                    )
                ]
            self.square = square
        self.exploring = True
        return [
            _("Exploras el tablero: flechas para moverte, Escape o dejar para terminar."),
            self.here(board),
        ]

    def leave(self) -> list[str]:
        if not self.exploring:
            return [_("No estabas explorando el tablero.")]
        self.exploring = False
        return [
            _("Dejas de explorar. El cursor queda en {square}.").format(
                square=square_name(*self.square)
            )
        ]

    def go(self, board: Board, args: str) -> list[str]:
        """`ir H8`, `ir CASA` (again: the next CASA), `ir 3` (the third word)."""
        text = args.strip()
        square = ask_square(text)
        if square is not None and any(is_number(ch) for ch in text):
            return self.move(board, *square)
        words = board.words()
        n = number(text)
        if n is not None:
            if not words:
                return [_("No hay palabras en el tablero.")]
            if not 1 <= n <= len(words):
                return [
                    _("No hay palabra {n}: en el tablero hay {count}.").format(
                        n=n, count=len(words)
                    )
                ]
            return self.go_to_word(board, n - 1)
        if text and text.isalpha():
            wanted = "".join(fold_letter(ch) for ch in text).upper()
            matches = [k for k, w in enumerate(words) if w.word.upper() == wanted]
            if not matches:
                return [
                    _("{word} no está en el tablero; la orden palabras las dice todas.").format(
                        word=wanted
                    )
                ]
            # again: the next one of the same word
            after = [k for k in matches if self.word_index is not None and k > self.word_index]
            return self.go_to_word(board, (after or matches)[0])
        return [_("Escribe ir y una casilla o una palabra: ir H8, ir CASA, ir 3.")]

    def go_to_word(self, board: Board, index: int, edge: str = "") -> list[str]:
        """The cursor on the first letter of the index-th word of `palabras`."""
        words = board.words()
        move = words[index]
        self.word_index = index
        self.square = (move.row, move.col)
        line = _("{word}, palabra {n} de {count}.").format(
            word=t.word_ref(move), n=index + 1, count=len(words)
        )
        # the word is named already: the square alone
        square = t.square_text(board, move.row, move.col)
        return [f"{edge}{line} {square}"]

    def next_word(self, board: Board, step: int) -> list[str]:
        words = board.words()
        if not words:
            return [_("No hay palabras en el tablero.")]
        if self.word_index is None:
            index = 0 if step > 0 else len(words) - 1
        else:
            index = min(self.word_index, len(words) - 1) + step
        if index >= len(words):
            return self.go_to_word(board, len(words) - 1, _("Última palabra.") + " ")
        if index < 0:
            return self.go_to_word(board, 0, _("Primera palabra.") + " ")
        return self.go_to_word(board, index)

    def jump(self, board: Board, args: str, *, tile: bool) -> list[str]:
        """To the next tile (or empty square) in a direction that is not joined to
        the cursor's square: past the run of squares like the cursor's, then past
        the other kind if needed. From a tile of CASA, `saltar derecha` lands on
        the first tile after the gap; `hueco derecha` on the square after CASA."""
        step = STEPS.get(fold(args).strip())
        if step is None:
            if tile:
                return [_("Escribe saltar y una dirección: saltar derecha.")]
            return [_("Escribe hueco y una dirección: hueco derecha.")]
        row, col = self.square
        own = board.letter(row, col) is not None
        left_run = False
        while True:
            row, col = row + step[0], col + step[1]
            if not (0 <= row < SIZE and 0 <= col < SIZE):
                where = _(FURTHER[step])
                if tile:
                    line = _("Ninguna ficha más {where}.").format(where=where)
                else:
                    line = _("Ninguna casilla vacía más {where}.").format(where=where)
                return [f"{line} {self.here(board)}"]
            filled = board.letter(row, col) is not None
            if filled != own:
                left_run = True
            if left_run and filled == tile:
                return self.move(board, row, col)

    # -- reading -----------------------------------------------------------------------
    def read(self, board: Board, args: str) -> list[str]:
        """`leer fila`, `leer columna`, `leer palabra`, `leer casilla`: under the cursor."""
        what = fold(args)
        row, col = self.square
        if what in ("fila", "row", "f"):
            return [t.line_text(board, row, False)]
        if what in ("columna", "column", "col", "c"):
            return [t.line_text(board, col, True)]
        if what in ("palabra", "palabras", "word", "p"):
            words = t.words_through(board, row, col)
            if words:
                return [t.word_ref(w) + "." for w in words]
            if board.letter(row, col) is None:
                return [
                    _("{square} está vacía: no hay palabra.").format(square=square_name(row, col))
                ]
            return [
                _("{square}: ninguna palabra de dos letras o más.").format(
                    square=square_name(row, col)
                )
            ]
        if what in ("", "casilla", "square"):
            return t.square_lines(board, row, col)
        return [_("Escribe leer fila, leer columna, leer palabra o leer casilla.")]
