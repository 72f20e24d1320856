"""Palabras in words: tiles, squares, rows and columns, refusals (pure: board in, text out).

Every line is front-loaded: the square or the word first, then what matters.
Squares are named column first ("H8"); move positions keep the notation of the
game ("8H" across, "H8" down) followed by the direction word.
"""

from __future__ import annotations

from collections.abc import Sequence

from sobremesa.core.game import IllegalAction
from sobremesa.games.palabras import braille
from sobremesa.games.palabras.board import COLUMNS, SIZE, Board, Move, parse_square, square_name
from sobremesa.games.palabras.tiles import BLANK, COUNTS, POINTS, RACK_SIZE, sort_rack
from sobremesa.i18n import N_, _, ngettext
from sobremesa.ui.wording import PROMPT_CELLS, fit
from sobremesa.ui.wording import join as join  # re-exported: t.join, t.points_text
from sobremesa.ui.wording import points_text as points_text

# What each level of rival does and does not do, one short line said after its
# name ("Fácil: ...") in the new-game menu and in `sobremesa jugar --help`.
# Written from the bots' behaviour (palabras/bots.py): edit it when a level changes.
LEVEL_DESCRIPTIONS = {
    "facil": N_("palabras corrientes en cualquier sitio; no busca casillas de premio"),
    "medio": N_("la jugada de más puntos; no piensa en las fichas que guarda"),
    "dificil": N_("puntos y buen atril; no abre las de triple y sabe cerrar"),
}

#: premium short name -> msgid, most valuable first
PREMIUM_NAMES = {
    "TP": N_("palabra triple"),
    "DP": N_("palabra doble"),
    "TL": N_("letra triple"),
    "DL": N_("letra doble"),
}
PREMIUM_ORDER = ("TP", "DP", "TL", "DL")
# The rivals' personalities (bots.STYLES), said in a rival's description.
STYLE_DESCRIPTIONS = {
    "prudente": N_(
        "prudente: entre jugadas de casi los mismos puntos, la que menos acerca las casillas "
        "de palabra triple"
    ),
    "ambicioso": N_("ambicioso: entre jugadas de casi los mismos puntos, la que coloca más fichas"),
    "defensivo": N_(
        "defensivo: cierra el tablero; renuncia a puntos para no abrir casillas de palabra triple"
    ),
    "abierto": N_(
        "abierto: no le importa abrir el tablero y guarda más las buenas fichas para colocar "
        "las siete"
    ),
}
#: letters of the alphabet that have no tile in Palabras
NO_TILES = ("K", "W")
#: how far (in squares, in a straight empty line) a premium counts as reachable
REACH = RACK_SIZE
#: cells of the braille line: a history item in review, and a prompt without its "> "
#: the blank in the braille forms (the tile is marked with a star)
BLANK_SIGN = "*"


# --- small pieces -----------------------------------------------------------------


def tiles_text(n: int) -> str:
    return ngettext("{n} ficha", "{n} fichas", n).format(n=n)


def score_text(score: int, bonus: int = 0) -> str:
    """'70 puntos, con 40 por usar las 7 fichas': the bonus said as part of the
    score (said after it, it sounded added on top)."""
    if not bonus:
        return points_text(score)
    return _("{points}, con {bonus} por usar las 7 fichas").format(
        points=points_text(score), bonus=bonus
    )


def blanks_text(blanks: Sequence[tuple[str, str]]) -> str:
    """'A en E14' / 'A en E14 y E en F3': the letter each blank stands for and its
    square (a word with two A's does not say which one is the blank).
    `blanks`: (letter, square) pairs."""
    return join(
        [
            _("{letter} en {square}").format(letter=letter.upper(), square=square)
            for letter, square in blanks
        ]
    )


def blanks_brief(blanks: Sequence[tuple[str, str]]) -> str:
    """'comodín A E14' / 'comodines A E14, E F3' for the brief forms."""
    items = ", ".join(f"{letter.upper()} {square}" for letter, square in blanks)
    return ngettext("comodín {squares}", "comodines {squares}", len(blanks)).format(squares=items)


def premium_name(kind: str | None) -> str:
    return _(PREMIUM_NAMES[kind]) if kind else ""


def direction_name(down: bool) -> str:
    return _("vertical") if down else _("horizontal")


def tile_name(tile: str) -> str:
    """A rack tile: its letter, or 'comodín'."""
    return _("comodín") if tile == BLANK else tile


def rack_letters(rack: str) -> str:
    """'A, C, E y comodín' (alphabetical, blanks last)."""
    return join([tile_name(t) for t in sort_rack(rack)]) if rack else _("ninguna")


def rack_prompt(rack: str) -> str:
    """'A C E O S Z comodín': the rack letter by letter."""
    return " ".join(tile_name(t) for t in sort_rack(rack))


def rack_brief(rack: str) -> str:
    """'ACEOSZ*': the rack in a few cells (the status prompt)."""
    return "".join(BLANK_SIGN if t == BLANK else t for t in sort_rack(rack))


def rack_with_values(rack: str) -> str:
    """'A 1, C 3, Z 10 y comodín' (the order `ficha N` counts in)."""
    items = [tile_name(t) if t == BLANK else f"{t} {POINTS[t]}" for t in sort_rack(rack)]
    return join(items) if items else _("ninguna")


def word_text(word: str) -> str:
    """A word read aloud: uppercase (blanks are said apart, when it matters)."""
    return word.upper()


def move_place(move: Move) -> str:
    """'8H horizontal'."""
    return f"{move.pos} {direction_name(move.down)}"


def move_ends(move: Move) -> tuple[str, str]:
    """The squares of the first and the last letter: ('B7', 'B14')."""
    squares = move.squares()
    return square_name(*squares[0]), square_name(*squares[-1])


def move_span(move: Move, reused: Sequence[tuple[int, int]] = ()) -> str:
    """Where a played word lies, and the board letters it took:
    'de B7 a B14, vertical, con la I de B8' (the squares, not the notation:
    counting B7…B14 is what a sighted player does not need to do)."""
    first, last = move_ends(move)
    text = _("de {first} a {last}, {direction}").format(
        first=first, last=last, direction=direction_name(move.down)
    )
    taken = reused_text(move, reused)
    return f"{text}, {taken}" if taken else text


def move_span_brief(move: Move) -> str:
    """'B7-B14': the squares of the word, its direction implied."""
    return "-".join(move_ends(move))


def reused_text(move: Move, reused: Sequence[tuple[int, int]]) -> str:
    """'con la I de B8 y la E de B10', 'con CASA de H8 a K8' (a run of board
    letters as a word); '' when the move took nothing from the board."""
    parts = letters_at(move, reused)
    return _("con {letters}").format(letters=join(parts)) if parts else ""


def letters_at(move: Move, chosen: Sequence[tuple[int, int]]) -> list[str]:
    """The letters of `move` on the `chosen` squares, a run of them as a word:
    ['la I de B8', 'CASA de H8 a K8']."""
    squares = move.squares()
    index = [k for k, square in enumerate(squares) if square in set(chosen)]
    runs: list[list[int]] = []
    for k in index:
        if runs and runs[-1][-1] == k - 1:
            runs[-1].append(k)
        else:
            runs.append([k])
    parts = []
    for run in runs:
        letters = "".join(move.word[k] for k in run).upper()
        if len(run) == 1:
            parts.append(
                _("la {letter} de {square}").format(
                    letter=letters, square=square_name(*squares[run[0]])
                )
            )
        else:
            parts.append(
                _("{letters} de {first} a {last}").format(
                    letters=letters,
                    first=square_name(*squares[run[0]]),
                    last=square_name(*squares[run[-1]]),
                )
            )
    return parts


# --- tiles ----------------------------------------------------------------------------


def tile_lines(letter: str, *, on_board_blank: bool = False) -> list[str]:
    """A tile as it is felt: letter, value, notch, braille cells.

    `letter`: a rack tile ("A", "Ñ", "?" for a blank); with `on_board_blank` the
    blank already on the board standing for `letter`.
    """
    if letter == BLANK or on_board_blank:
        first = (
            _("Comodín como {letter}, 0 puntos, marcado con una estrella.").format(
                letter=letter.upper()
            )
            if on_board_blank
            else _("Comodín, 0 puntos, marcado con una estrella.")
        )
        return [
            first,
            _("Vale por la letra que elijas: al jugar, escríbela en minúscula."),
        ]
    letter = letter.upper()
    if letter in NO_TILES:
        return [
            _("No hay fichas de {letter} en Palabras: solo con un comodín.").format(letter=letter)
        ]
    value = POINTS[letter]
    return [
        _(
            "Ficha {letter}, {points}. Muesca arriba a la derecha: valor arriba a la izquierda, letra abajo."
        ).format(letter=letter, points=points_text(value)),
        _("Braille: letra {cell}, puntos {dots}; valor {cells}, puntos {value_dots}.").format(
            cell=braille.letter_cell(letter),
            dots=braille.letter_dots(letter),
            cells=braille.value_cells(value),
            value_dots=join(braille.value_dots(value)),
        ),
    ]


# --- squares --------------------------------------------------------------------------


def _start_label(board: Board, row: int, col: int) -> str | None:
    """'salida, palabra doble' for the start square while the board is empty."""
    if (row, col) != board.layout.start_square or not board.is_empty():
        return None
    kind = board.premium(row, col)
    if kind:
        return _("salida, {premium}").format(premium=premium_name(kind))
    return _("salida")


def square_contents(board: Board, row: int, col: int) -> str:
    """'C, 3 puntos' / 'comodín como C, 0 puntos' / 'vacía'."""
    letter = board.letter(row, col)
    if letter is None:
        return _("vacía")
    if board.is_blank(row, col):
        return _("comodín como {letter}, 0 puntos").format(letter=letter.upper())
    return f"{letter}, {points_text(POINTS[letter])}"


def _premium_label(board: Board, row: int, col: int) -> str:
    """'palabra doble', 'salida, palabra doble', or 'palabra doble, usada' under a tile
    (a premium counts only for the tile put on it)."""
    label = _start_label(board, row, col) or premium_name(board.premium(row, col))
    if label and board.letter(row, col) is not None:
        return _("{premium}, usada").format(premium=label)
    return label


def square_text(board: Board, row: int, col: int) -> str:
    """'H8: C, 3 puntos, palabra doble, usada.' — what the cursor announces."""
    parts = [square_contents(board, row, col)]
    label = _premium_label(board, row, col)
    if label:
        parts.append(label)
    return _("{square}: {text}.").format(square=square_name(row, col), text=", ".join(parts))


def square_brief(board: Board, row: int, col: int) -> str:
    """The square in the prompt, decisive words first, in 28 cells: 'I8 vacía',
    'H8 U, palabra doble, usada', 'H9 comodín E', 'D8 vacía, letra doble'."""
    name = square_name(row, col)
    letter = board.letter(row, col)
    start = _start_label(board, row, col)
    if start:
        return fit(PROMPT_CELLS - 2, f"{name} {start}", f"{name} {_('salida')}")
    if letter is None:
        head = _("{square} vacía").format(square=name)
    elif board.is_blank(row, col):
        head = _("{square} comodín {letter}").format(square=name, letter=letter.upper())
    else:
        head = f"{name} {letter.upper()}"
    kind = board.premium(row, col)
    label = _premium_label(board, row, col)
    if not label:
        return head
    options = [f"{head}, {label}"]
    if kind:
        # 'doble' / 'triple' alone when the whole name does not fit
        short = _("doble") if kind in ("DP", "DL") else _("triple")
        if letter is not None:
            short = _("{premium}, usada").format(premium=short)
        options.append(f"{head}, {short}")
    options.append(head)
    return fit(PROMPT_CELLS - 2, *options)


def words_through(board: Board, row: int, col: int) -> list[Move]:
    """The across and down words (2+ letters) through an occupied square."""
    found = []
    for down in (False, True):
        move = board.word_at(row, col, down)
        if move is not None:
            found.append(move)
    return found


def word_ref(move: Move) -> str:
    """'CASA en 8H horizontal'."""
    return _("{word} en {place}").format(word=word_text(move.word), place=move_place(move))


def explored_text(board: Board, row: int, col: int) -> str:
    """The cursor's square while exploring, with the words a tile belongs to, as
    casilla says them but short: 'A10: A, 1 punto; en CASA y AS.'"""
    text = square_text(board, row, col)
    words = words_through(board, row, col)
    if not words:
        return text
    return _("{square}; en {words}.").format(
        square=text.removesuffix("."), words=join([word_text(w.word) for w in words])
    )


def square_lines(board: Board, row: int, col: int) -> list[str]:
    """`casilla H8`: the square, and the words that pass through it."""
    lines = [square_text(board, row, col)]
    words = words_through(board, row, col)
    if words:
        lines.append(_("Forma parte de {words}.").format(words=join([word_ref(w) for w in words])))
    return lines


# --- rows and columns -------------------------------------------------------------------


def _line_squares(index: int, down: bool) -> list[tuple[int, int]]:
    return [(k, index) if down else (index, k) for k in range(SIZE)]


def line_name(index: int, down: bool) -> str:
    return (
        _("Columna {col}").format(col=COLUMNS[index])
        if down
        else _("Fila {row}").format(row=index + 1)
    )


def _premium_groups(board: Board, squares: Sequence[tuple[int, int]]) -> list[str]:
    """'A8 y O8 palabra triple', 'D8 y L8 letra doble' for the empty premium squares
    (the start square first while the board is empty: 'H8 salida (palabra doble)')."""
    groups: dict[str, list[str]] = {}
    order: list[str] = []
    start_items = []
    for kind in PREMIUM_ORDER:
        for r, c in squares:
            if board.letter(r, c) is not None or board.premium(r, c) != kind:
                continue
            if _start_label(board, r, c) is not None:
                start_items.append(
                    _("{square} salida ({premium})").format(
                        square=square_name(r, c), premium=premium_name(kind)
                    )
                )
                continue
            label = premium_name(kind)
            if label not in groups:
                groups[label] = []
                order.append(label)
            groups[label].append(square_name(r, c))
    for r, c in squares:
        if not board.premium(r, c) and _start_label(board, r, c) is not None:
            start_items.append(_("{square} salida").format(square=square_name(r, c)))
    return start_items + [f"{join(groups[label])} {label}" for label in order]


def line_text(board: Board, index: int, down: bool) -> str:
    """`fila 8` / `columna H`, compact: runs of empty squares summarized, tiles by
    square, words in brackets, then the free premium squares.

    'Fila 8: A a G vacías, H8 C, I8 A, J8 S, K8 A (CASA), L a O vacías; L8 letra doble.'
    """
    squares = _line_squares(index, down)

    def label(r: int, c: int) -> str:
        return str(r + 1) if down else COLUMNS[c]

    items: list[str] = []
    k = 0
    any_tile = False
    while k < SIZE:
        r, c = squares[k]
        if board.letter(r, c) is None:
            j = k
            while j + 1 < SIZE and board.letter(*squares[j + 1]) is None:
                j += 1
            if j == k:  # one square: named as a square ('F1 vacía', not '1 vacía')
                items.append(_("{square} vacía").format(square=square_name(r, c)))
            else:
                items.append(
                    _("{first} a {last} vacías").format(first=label(r, c), last=label(*squares[j]))
                )
            k = j + 1
            continue
        any_tile = True
        j = k
        run = []
        while j < SIZE and board.letter(*squares[j]) is not None:
            rr, cc = squares[j]
            letter = board.letter(rr, cc).upper()
            if board.is_blank(rr, cc):
                items.append(
                    _("{square} comodín {letter}").format(square=square_name(rr, cc), letter=letter)
                )
            else:
                items.append(f"{square_name(rr, cc)} {letter}")
            run.append(letter)
            j += 1
        if len(run) >= 2:
            items[-1] += f" ({''.join(run)})"
        k = j
    body = ", ".join(items) if any_tile else _("vacía")
    premiums = _premium_groups(board, squares)
    if premiums:
        body += "; " + ", ".join(premiums)
    return f"{line_name(index, down)}: {body}."


# --- words, neighbours, premiums ------------------------------------------------------------


def word_lines(board: Board, per_line: int = 8) -> list[str]:
    """`palabras`: every word, numbered (across words first, as `Board.words`),
    with its position, in short lines: 'Horizontales: 1 CASA 8H.'"""
    words = board.words()
    if not words:
        return [_("No hay palabras en el tablero.")]
    lines = [
        ngettext("{n} palabra en el tablero.", "{n} palabras en el tablero.", len(words)).format(
            n=len(words)
        )
    ]
    numbered = list(enumerate(words, 1))  # `ir 3` goes to the third
    for down in (False, True):
        some = [(n, w) for n, w in numbered if w.down == down]
        for i in range(0, len(some), per_line):
            chunk = ", ".join(f"{n} {word_text(w.word)} {w.pos}" for n, w in some[i : i + per_line])
            title = _("Verticales") if down else _("Horizontales")
            lines.append(f"{title}: {chunk}.")
    return lines


DIRECTIONS = (
    (N_("arriba"), -1, 0),
    (N_("abajo"), 1, 0),
    (N_("izquierda"), 0, -1),
    (N_("derecha"), 0, 1),
)


def around_text(board: Board, row: int, col: int) -> str:
    """`alrededor H8`: the four neighbours; an occupied one with the letters that
    follow in that direction ('derecha I8 A (ASA)')."""
    parts = []
    for name, dr, dc in DIRECTIONS:
        r, c = row + dr, col + dc
        if not (0 <= r < SIZE and 0 <= c < SIZE):
            parts.append(_("{direction} borde").format(direction=_(name)))
            continue
        letter = board.letter(r, c)
        if letter is None:
            text = _("{direction} {square} vacía").format(
                direction=_(name), square=square_name(r, c)
            )
            kind = board.premium(r, c)
            if kind:
                text += f", {premium_name(kind)}"
            parts.append(text)
            continue
        run = []
        rr, cc = r, c
        while 0 <= rr < SIZE and 0 <= cc < SIZE and board.letter(rr, cc) is not None:
            run.append(board.letter(rr, cc).upper())
            rr, cc = rr + dr, cc + dc
        if dr < 0 or dc < 0:
            run.reverse()  # reading order
        text = f"{_(name)} {square_name(r, c)} {letter.upper()}"
        if len(run) >= 2:
            text += f" ({''.join(run)})"
        parts.append(text)
    own = square_contents(board, row, col)
    return _("Alrededor de {square}, {own}: {parts}.").format(
        square=square_name(row, col), own=own, parts="; ".join(parts)
    )


def _reachable(board: Board, row: int, col: int) -> bool:
    """An empty square in a straight empty line, at most REACH squares from a tile."""
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = row + dr, col + dc
        steps = 1
        while 0 <= r < SIZE and 0 <= c < SIZE and steps <= REACH:
            if board.letter(r, c) is not None:
                return True
            r, c, steps = r + dr, c + dc, steps + 1
    return False


def premium_lines(board: Board) -> list[str]:
    """`premios`: free premium squares touching a tile, then the word premiums
    (palabra doble, triple) reachable in a straight line over empty squares, at most
    7 squares from a tile."""
    if board.is_empty():
        r, c = board.layout.start_square
        return [
            _("Tablero vacío: la primera palabra pasa por {square}; {label}.").format(
                square=square_name(r, c),
                label=premium_name(board.premium(r, c)) or _("sin premio"),
            )
        ]
    touching, reachable = [], []
    for r in range(SIZE):
        for c in range(SIZE):
            kind = board.premium(r, c)
            if board.letter(r, c) is not None or not kind:
                continue
            if board.has_neighbour(r, c):
                touching.append((r, c))
            elif kind in ("TP", "DP") and _reachable(board, r, c):
                reachable.append((r, c))
    near = ", ".join(_premium_groups(board, touching)) or _("ninguno")
    far = ", ".join(_premium_groups(board, reachable)) or _("ninguno")
    return [
        _("Premios junto a fichas: {squares}.").format(squares=near),
        _("Palabra doble o triple en línea con una ficha, a 7 casillas o menos: {squares}.").format(
            squares=far
        ),
    ]


def bag_lines(bag_count: int, unseen: str) -> list[str]:
    """`bolsa`: tiles in the bag and the unseen tiles per letter."""
    counts: dict[str, int] = {}
    for t in unseen:
        counts[t] = counts.get(t, 0) + 1
    items = []
    gone = []
    for letter in sort_rack("".join(COUNTS)):
        n = counts.get(letter, 0)
        if n:
            items.append(f"{tile_name(letter)} {n}")
        else:
            gone.append(tile_name(letter))
    lines = [
        _("Bolsa: {bag}. Sin ver, en la bolsa y los otros atriles: {unseen}.").format(
            bag=tiles_text(bag_count), unseen=tiles_text(len(unseen))
        )
    ]
    if items:
        lines.append(_("Sin ver: {tiles}.").format(tiles=", ".join(items)))
    if gone:
        lines.append(_("Ya no quedan: {tiles}.").format(tiles=join(gone)))
    return lines


# --- braille views ------------------------------------------------------------------------


def braille_line(board: Board, index: int, down: bool) -> str:
    """`braille fila 8`: the 15 squares as cells (⠤ empty, ⠔ a blank, as the
    star on the tile), then the letter each blank stands for:
    'Fila 8: ⠤⠤⠤⠤⠤⠤⠤⠉⠁⠎⠔⠤⠤⠤⠤ comodín K8 A'."""
    cells = []
    blanks = []
    for r, c in _line_squares(index, down):
        letter = board.letter(r, c)
        if letter is None:
            cells.append(braille.EMPTY_CELL)
        elif board.is_blank(r, c):
            cells.append(braille.STAR_CELL)
            blanks.append(f"{square_name(r, c)} {letter.upper()}")
        else:
            cells.append(braille.letter_cell(letter))
    line = f"{line_name(index, down)}: {''.join(cells)}"
    if blanks:
        line += " " + ngettext("comodín {squares}", "comodines {squares}", len(blanks)).format(
            squares=", ".join(blanks)
        )
    return line


def braille_rack(rack: str) -> str:
    """`braille atril`: one cell per tile, separated (⠔ the blank)."""
    cells = [braille.STAR_CELL if t == BLANK else braille.letter_cell(t) for t in sort_rack(rack)]
    return _("Atril: {cells}").format(cells=" ".join(cells))


# --- refusals ---------------------------------------------------------------------------------


def _missing_text(error: IllegalAction, rack: str | None, move: bool) -> str:
    letter = error.details.get("letter") or error.details.get("missing", "?")[:1]
    if letter == BLANK:
        return _("No tienes comodín.")
    if letter in NO_TILES:
        return _("No hay fichas de {letter}: usa un comodín, en minúscula.").format(letter=letter)
    have = (rack or "").count(letter)
    if have:
        text = _("Te falta otra {letter}: solo tienes {n}.").format(letter=letter, n=have)
    else:
        text = _("No tienes la letra {letter}.").format(letter=letter)
    if move and rack and BLANK in rack:
        text += " " + _("Para usar el comodín, escribe esa letra en minúscula.")
    return text


def _continues_text(typed: Move, word: str, pos: str) -> str | None:
    """'SUDDES toca la N de F10: sería SUDDESN.' (the typed word runs into board
    tiles; the whole word starts elsewhere: 'sería ASUDDES en 10E')."""
    found = parse_square(pos)
    if found is None:
        return None
    full = Move(found[0], found[1], typed.down, word)
    touched = [square for square in full.squares() if square not in set(typed.squares())]
    parts = letters_at(full, touched)
    if not parts:
        return None
    if (full.row, full.col) == (typed.row, typed.col):
        return _("{word} toca {letters}: sería {whole}.").format(
            word=word_text(typed.word), letters=join(parts), whole=word_text(word)
        )
    return _("{word} toca {letters}: sería {whole} en {pos}.").format(
        word=word_text(typed.word), letters=join(parts), whole=word_text(word), pos=full.pos
    )


# Refusals said by one line, with the error's details (a missing one: empty).
REFUSALS = {
    "not_connected": N_("La jugada no toca ninguna ficha del tablero."),
    "word_too_short": N_("La palabra necesita al menos dos letras."),
    "bad_letter": N_("«{char}» no es una letra de las fichas."),
    "empty": N_("Escribe la palabra y la casilla: jugar CASA 8H."),
    "missing_word": N_("Falta la palabra: jugar CASA 8H."),
    "bad_square": N_("{square} no es una casilla: columnas de la A a la O, filas del 1 al 15."),
    "two_words": N_("Hay dos palabras, {word} y {other}: escribe una sola."),
    "two_squares": N_("Hay dos casillas, {square} y {other}: escribe una sola."),
    "unexpected": N_("No entiendo «{text}»: escribe por ejemplo jugar CASA en H8 vertical."),
    "nothing_to_exchange": N_("Di qué fichas cambias: cambiar A E E, o cambiar todas."),
    "not_your_turn": N_("Espera, no es tu turno."),
    "game_over": N_("La partida ha terminado."),
    # tile entry (check_placement) only
    "no_tiles": N_("No has puesto ninguna ficha."),
    "duplicate_square": N_("Dos fichas en {square}."),
    "not_in_line": N_("Las fichas deben ir en una sola fila o columna."),
    "gap": N_("Hay un hueco en {square}."),
}


class _Details(dict):
    def __missing__(self, key: str) -> str:
        return ""


def refusal_text(
    error: IllegalAction,
    rack: str | None = None,
    *,
    move: bool = True,
    typed: Move | None = None,
) -> str:
    """One line saying exactly why a move (or an exchange) is refused: every reason
    code of `notation`, `scoring.check_move` and `rules`. `rack`: the player's
    tiles (for "te falta otra A"); `move` False for an exchange (no blank advice);
    `typed` the move as typed (to say which board tiles it runs into)."""
    d = error.details
    reason = error.reason
    if reason in REFUSALS:
        return _(REFUSALS[reason]).format_map(_Details(d))
    if reason == "word_continues" and typed is not None:
        text = _continues_text(typed, str(d.get("word", "")), str(d.get("pos", "")))
        if text:
            return text
    if reason == "word_not_in_lexicon":
        words = [word_text(w) for w in d.get("words") or [d.get("word", "")]]
        if len(words) == 1:
            return _("{word} no está en el diccionario.").format(word=words[0])
        return _("{words} no están en el diccionario.").format(words=join(words))
    if reason == "off_board":
        over = d.get("over", 1)
        first = str(d.get("first", ""))
        word = word_text(str(d.get("word", "")))
        if d.get("axis") == "row":
            row = "".join(ch for ch in first if ch.isdigit())
            line = _("{word} se sale del tablero por la fila {row}").format(word=word, row=row)
        else:
            col = "".join(ch for ch in first if ch.isalpha())
            line = _("{word} se sale del tablero por la columna {col}").format(word=word, col=col)
        return line + ngettext(": sobra {n} letra.", ": sobran {n} letras.", over).format(n=over)
    if reason == "missing_tiles":
        return _missing_text(error, rack, move)
    if reason == "first_move_center":
        return _("La primera jugada debe pasar por {square}.").format(square=d.get("square", "H8"))
    if reason == "first_move_min_tiles":
        return _("La primera jugada necesita al menos {n} fichas.").format(n=d.get("min", 2))
    if reason == "square_occupied":
        board_letter = str(d.get("board_letter", "")).upper()
        if d.get("letter"):
            return _("En {square} ya hay una {board}, no una {letter}.").format(
                square=d.get("square"), board=board_letter, letter=str(d["letter"]).upper()
            )
        return _("{square} ya tiene una ficha.").format(square=d.get("square"))
    if reason == "word_continues":
        return _(
            "La palabra sigue en el tablero: escribe la palabra entera, {word} en {pos}."
        ).format(word=word_text(str(d.get("word", ""))), pos=d.get("pos", ""))
    if reason == "no_new_tiles":
        return _("{word} ya está en el tablero: no pones ninguna ficha.").format(
            word=word_text(str(d.get("word", "")))
        )
    if reason == "missing_square":
        word = word_text(str(d.get("word") or "CASA"))
        return _("Falta la casilla: {word} 8H horizontal, {word} H8 vertical.").format(word=word)
    if reason == "bag_too_small":
        bag = d.get("bag_count", 0)
        if not bag:
            return _("La bolsa está vacía: no puedes cambiar; juega o pasa.")
        return ngettext(
            "Solo queda {n} ficha en la bolsa: puedes cambiar {n} como mucho.",
            "Solo quedan {n} fichas en la bolsa: puedes cambiar {n} como mucho.",
            bag,
        ).format(n=bag)
    return _("Esa jugada no es posible ahora.")
