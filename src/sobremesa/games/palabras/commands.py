"""Palabras commands: what can be typed (the specs the console completes and
`ayuda` lists), the rules text, and the parsers that turn typed text into an
action (a move, an exchange) or the line that says why it is not one."""

from __future__ import annotations

from sobremesa.games.palabras import texts as t
from sobremesa.games.palabras.board import Board, Move
from sobremesa.games.palabras.notation import NotationError, assign_blanks, parse_move
from sobremesa.games.palabras.tiles import BLANK, normalize_rack
from sobremesa.i18n import N_, _
from sobremesa.ui.commands import CommandSpec, fold
from sobremesa.ui.rivals import LEVEL_NAMES, level_name  # noqa: F401 (re-exported by ui)

COMMANDS = [
    CommandSpec(
        "atril", ("mano", "rack", "hand", "m"), N_("atril: tus fichas con sus valores"), "F2"
    ),
    CommandSpec(
        "mesa", ("tablero", "board", "table", "e"), N_("mesa: resumen del tablero y la bolsa"), "F3"
    ),
    CommandSpec("puntos", ("scores", "p"), N_("puntos: puntuaciones"), "F4"),
    CommandSpec("turno", ("turn", "t"), N_("turno: a quién le toca"), "F5"),
    CommandSpec("ultima", ("last", "u", "ultima jugada"), N_("ultima: la última jugada"), "F6"),
    CommandSpec(
        "pista",
        ("hint", "combinaciones", "co", "jugadas"),
        N_("pista: la mejor jugada para tu atril"),
        "F7",
    ),
    CommandSpec(
        "jugar",
        ("play", "j", "poner"),
        N_(
            "jugar CASA 8H: horizontal; jugar CASA H8: vertical; una letra en minúscula es el comodín"
        ),
    ),
    CommandSpec(
        "probar", ("try", "prueba", "pr"), N_("probar CASA 8H: cuánto valdría, sin jugarla")
    ),
    CommandSpec(
        "cambiar",
        ("exchange", "cambio", "c"),
        N_("cambiar LETRAS o cambiar todas: devuelves fichas a la bolsa"),
    ),
    CommandSpec("pasar", ("pass", "paso"), N_("pasar: no juegas este turno")),
    CommandSpec(
        "ficha", ("tile", "fi"), N_("ficha A, ficha 3 o ficha H8: cómo es la ficha al tacto")
    ),
    CommandSpec("casilla", ("square", "ca"), N_("casilla H8: qué hay en una casilla")),
    CommandSpec("fila", ("row",), N_("fila 8: una fila del tablero")),
    CommandSpec("columna", ("column", "col"), N_("columna H: una columna del tablero")),
    CommandSpec("palabras", ("words", "pa"), N_("palabras: todas las palabras del tablero")),
    CommandSpec(
        "alrededor", ("around", "al", "vecinas"), N_("alrededor H8: lo que toca una casilla")
    ),
    CommandSpec("premios", ("premiums", "bonus"), N_("premios: casillas de premio libres cerca")),
    CommandSpec("bolsa", ("bag", "b"), N_("bolsa: fichas en la bolsa y sin ver")),
    CommandSpec(
        "explorar",
        ("explore", "x"),
        N_("explorar o explorar H8: recorrer el tablero con el cursor"),
    ),
    CommandSpec("arriba", ("ar", "up"), N_("arriba, abajo, izquierda, derecha: mueven el cursor")),
    CommandSpec("abajo", ("down",), ""),
    CommandSpec("izquierda", ("left", "izq"), ""),
    CommandSpec("derecha", ("right", "der"), ""),
    CommandSpec(
        "ir",
        ("i", "go", "ir a"),
        N_("ir H8, ir CASA o ir 3: lleva el cursor a una casilla o a una palabra de la lista"),
    ),
    CommandSpec(
        "saltar",
        ("salta", "jump"),
        N_("saltar derecha: a la próxima ficha en esa dirección (Control+flecha)"),
    ),
    CommandSpec(
        "hueco",
        ("gap", "vacia"),
        N_("hueco derecha: a la próxima casilla vacía en esa dirección (Mayúsculas+flecha)"),
    ),
    CommandSpec(
        "siguiente",
        ("next", "sig"),
        N_("siguiente y anterior: la palabra siguiente o anterior de la lista (Tab)"),
    ),
    CommandSpec("anterior", ("previous", "prev", "ant"), ""),
    CommandSpec("anular", ("cancelar", "cancel"), ""),
    CommandSpec("inicio", ("home",), N_("inicio y fin: principio y final de la fila del cursor")),
    CommandSpec("fin", ("end",), ""),
    CommandSpec(
        "tope",
        ("top", "primera fila", "arriba del todo"),
        N_("tope y fondo: arriba y abajo del todo en la columna del cursor"),
    ),
    CommandSpec("fondo", ("bottom", "ultima fila", "abajo del todo"), ""),
    CommandSpec(
        "leer",
        ("read", "l"),
        N_("leer fila, leer columna, leer palabra: lo que hay bajo el cursor"),
    ),
    CommandSpec("dejar", ("leave", "dejar de explorar"), N_("dejar: terminas de explorar")),
    CommandSpec(
        "braille", ("br",), N_("braille fila 8, braille columna H, braille atril: en celdas")
    ),
]

RULES = [
    N_("Palabras. Tablero de 15 por 15: columnas de la A a la O, filas del 1 al 15."),
    N_(
        "97 fichas: letras con su valor y 2 comodines de 0 puntos. Cada jugador tiene 7 en su atril."
    ),
    N_("No hay K ni W. CH, LL y RR se escriben con dos fichas."),
    N_("La primera palabra pasa por la casilla H8 y usa al menos dos fichas."),
    N_(
        "Después, cada palabra va en una fila o columna, sin huecos, y toca alguna ficha del tablero."
    ),
    N_("Todas las palabras que se forman deben estar en el diccionario; si no, la jugada no vale."),
    N_(
        "Puntos: cada letra vale su número. Letra doble o triple multiplica la ficha; palabra doble o triple, la palabra."
    ),
    N_("Los premios solo cuentan para las fichas que se ponen en esa jugada."),
    N_("Usar las 7 fichas del atril en una jugada da 40 puntos más."),
    N_(
        "En vez de jugar puedes cambiar fichas, si la bolsa tiene al menos tantas como cambias, o pasar."
    ),
    N_(
        "Fin: la bolsa está vacía y alguien se queda sin fichas, o todos pasan o cambian dos veces seguidas."
    ),
    N_(
        "Al final, quien puso la última ficha suma los valores de las fichas que les quedan a los demás. Gana quien más tiene."
    ),
    N_(
        "Escribe la palabra entera, también las letras que ya están: jugar CASAS 8H para poner una S a CASA."
    ),
]

#: Escape while a move waits for its confirmation (setting confirm_moves)
CONFIRM_KEYS = {"escape": "anular"}
#: the answers that play a move waiting for confirmation (anything else cancels it)
YES = frozenset(("si", "s", "yes", "y", "vale", "ok"))


def read_move(args: str, board: Board, rack: str | None) -> Move | str:
    """The typed move, with blanks decided by the rack when typed all in
    lowercase; or the line that says why it is not a move."""
    try:
        move = parse_move(args)
    except NotationError as error:
        return t.refusal_text(error, rack)
    if rack is not None and move.word == move.word.lower():
        move = assign_blanks(board, rack, move)
    return move


def exchange_tiles(args: str, rack: str) -> str | list[str]:
    """`cambiar A E E`, `cambiar todas`, `cambiar comodín`: the tiles to return,
    or the lines that say what is wrong (a list)."""
    words = args.split()
    if not words:
        return [_("Di qué fichas cambias: cambiar A E E, o cambiar todas.")]
    tiles = ""
    for word in words:
        folded = fold(word)
        if folded in ("todas", "todo", "all", "atril"):
            tiles += rack
        elif folded in ("comodin", "comodines", "blank"):
            tiles += BLANK
        else:
            try:
                tiles += normalize_rack(word)
            except ValueError as error:
                return [
                    _("«{char}» no es una ficha: escribe letras, y ? para el comodín.").format(
                        char=str(error)
                    )
                ]
    return tiles


#: Commands about the player's own seat (hand, moves): a spectator's `ayuda`
#: leaves them out.
SEAT_COMMANDS = frozenset(("atril", "pista", "jugar", "probar", "cambiar", "pasar"))
