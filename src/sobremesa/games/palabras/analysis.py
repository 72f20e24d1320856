"""`sobremesa palabras analizar`: the best moves of a position and how many there are.

    sobremesa palabras analizar --tablero FICHERO --atril LETRAS [--top N] [--json]
    python -m sobremesa.games.palabras.analysis --tablero FICHERO --atril LETRAS

Board file: 15 lines of 15 characters, row 1 first ("." empty, uppercase a tile,
lowercase a blank); blank lines and lines starting with "#" are ignored. Rack:
letters, "?" for a blank (accents are ignored, at most 7 tiles).

Counting convention and notation: those of shared/data/palabras/oracle-positions.jsonl
(see `movegen`): on the empty board only across plays are counted. With --json one
object: {"move_count": N, "moves": [{"pos": "8H", "word": "CAsA", "score": 12,
"words": ["CAsA", ...]}, ...]} (words: every word formed, main word first).

`analyze(board, rack, lexicon, top)` is the same as a function (returns that dict).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sobremesa.games.palabras.board import (
    STANDARD,
    Board,
    BoardError,
    LayoutError,
    load_layout,
)
from sobremesa.games.palabras.movegen import best_moves, generate_moves
from sobremesa.games.palabras.scoring import score_move
from sobremesa.games.palabras.tiles import RACK_SIZE, normalize_rack
from sobremesa.i18n import _, ngettext


def analyze(board: Board, rack: str, lexicon=None, top: int = 10) -> dict[str, Any]:
    """{"move_count", "moves": [{"pos", "word", "score", "words"}]} for a position."""
    if lexicon is None:
        from sobremesa.lexicon import load_lexicon

        lexicon = load_lexicon("palabras")
    dawg = getattr(lexicon, "dawg", lexicon)
    moves = generate_moves(dawg, board, rack)
    out = []
    for score, move in best_moves(moves, max(top, 0)):
        play = score_move(board, move)
        out.append(
            {
                "pos": move.pos,
                "word": move.word,
                "score": score,
                "words": [w.word for w in play.words],
            }
        )
    return {"move_count": len(moves), "moves": out}


def read_board_file(path: Path, layout=STANDARD) -> Board:
    text = path.read_text(encoding="utf-8")
    rows = [
        line.strip()
        for line in text.splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    return Board.from_rows(rows, layout)


def _size_problem(name: str, error: BoardError | LayoutError) -> str | None:
    """A board file and a layout file are both 15 lines of 15 characters."""
    d = error.details
    if error.reason == "rows":
        return _("{file}: tiene {count} filas; deben ser 15.").format(file=name, count=d["count"])
    if error.reason == "columns":
        return _("{file}, fila {row}: tiene {count} casillas; deben ser 15.").format(
            file=name, row=d["row"], count=d["count"]
        )
    return None


def _board_problem(name: str, error: BoardError) -> str:
    if (problem := _size_problem(name, error)) is not None:
        return problem
    d = error.details
    return _("{file}, fila {row}, columna {col}: «{char}» no es una letra ni un punto.").format(
        file=name, row=d["row"], col=d["col"], char=d["char"]
    )


def _layout_problem(name: str, error: LayoutError) -> str:
    if (problem := _size_problem(name, error)) is not None:
        return problem
    d = error.details
    if error.reason == "char":
        return _("{file}, fila {row}, columna {col}: «{char}» no es una casilla conocida.").format(
            file=name, row=d["row"], col=d["col"], char=d["char"]
        )
    if error.reason == "starts":
        return _("{file}: tiene más de una casilla de salida.").format(file=name)
    return _("{file}: no se puede leer.").format(file=name)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sobremesa palabras analizar",
        description=_("Las mejores jugadas de Palabras para un tablero y un atril."),
    )
    parser.add_argument(
        "--tablero",
        required=True,
        metavar=_("FICHERO"),
        help=_("15 líneas de 15 caracteres: punto vacía, mayúscula ficha, minúscula comodín"),
    )
    parser.add_argument(
        "--atril", required=True, metavar=_("LETRAS"), help=_("fichas del atril; ? es un comodín")
    )
    parser.add_argument(
        "--top", type=int, default=10, metavar="N", help=_("cuántas jugadas mostrar (10)")
    )
    parser.add_argument("--json", action="store_true", help=_("salida en JSON"))
    parser.add_argument(
        "--diccionario",
        metavar=_("RUTA"),
        help=_("tu propia lista de palabras (UTF-8, una por línea)"),
    )
    parser.add_argument(
        "--casillas", metavar=_("FICHERO"), help=_("otro reparto de casillas especiales")
    )
    return parser


def analyze_main(argv: Sequence[str] | None = None) -> int:
    """Entry point of `sobremesa palabras analizar`; returns the exit status."""
    args = build_parser().parse_args(list(argv) if argv is not None else None)
    layout = STANDARD
    if args.casillas:
        try:
            layout = load_layout(args.casillas)
        except LayoutError as error:
            print(_layout_problem(Path(args.casillas).name, error), file=sys.stderr)
            return 2
    path = Path(args.tablero)
    try:
        board = read_board_file(path, layout)
    except (OSError, UnicodeDecodeError):
        print(_("{file}: no se puede leer.").format(file=path.name), file=sys.stderr)
        return 2
    except BoardError as error:
        print(_board_problem(path.name, error), file=sys.stderr)
        return 2
    try:
        rack = normalize_rack(args.atril)
    except ValueError as error:
        print(
            _("Atril: «{char}» no es una ficha; usa letras y ? para el comodín.").format(
                char=str(error)
            ),
            file=sys.stderr,
        )
        return 2
    if not rack or len(rack) > RACK_SIZE:
        print(
            _("Atril: tiene {count} fichas; deben ser de 1 a 7.").format(count=len(rack)),
            file=sys.stderr,
        )
        return 2
    from sobremesa.lexicon import load_lexicon

    lexicon = load_lexicon(
        "palabras", args.diccionario, notify=lambda text: print(text, file=sys.stderr)
    )
    result = analyze(board, rack, lexicon, args.top)
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
        return 0
    count = result["move_count"]
    if not count:
        print(_("Ninguna jugada posible con ese atril."))
        return 0
    print(
        ngettext("{count} jugada posible.", "{count} jugadas posibles.", count).format(count=count)
    )
    for rank, m in enumerate(result["moves"], start=1):
        points = ngettext("{score} punto", "{score} puntos", m["score"]).format(score=m["score"])
        print(
            _("{rank}. {word} en {pos}: {points}. Forma: {words}.").format(
                rank=rank, word=m["word"], pos=m["pos"], points=points, words=", ".join(m["words"])
            )
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(analyze_main())
