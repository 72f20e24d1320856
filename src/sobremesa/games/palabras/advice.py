"""What a move would be worth before it is played: `probar`, `pista` and the
confirmation of `jugar` (setting confirm_moves). These ask the game's move
generator and dictionary, so they take the game; they never change it."""

from __future__ import annotations

from sobremesa.core.game import IllegalAction
from sobremesa.games.palabras import rules as r
from sobremesa.games.palabras import texts as t
from sobremesa.games.palabras.board import Move, square_name
from sobremesa.games.palabras.scoring import Play, check_move
from sobremesa.games.palabras.tiles import fold_letter
from sobremesa.i18n import _, ngettext


def play_blanks(play: Play) -> list[tuple[str, str]]:
    """(letter, square) of each blank a checked play puts down."""
    return [(tile.letter, square_name(tile.row, tile.col)) for tile in play.tiles if tile.blank]


def play_lines(play: Play) -> list[str]:
    """`probar CASA 8H`: what it would score and the words it forms."""
    lines = [
        _("{word} en {place} valdría {points}.").format(
            word=t.word_text(play.move.word),
            place=t.move_place(play.move),
            points=t.score_text(play.score, play.bonus),
        )
    ]
    details = [
        _("Forma: {words}.").format(
            words=", ".join(f"{t.word_text(w.word)} {w.score}" for w in play.words)
        )
    ]
    blanks = play_blanks(play)
    if blanks:
        details.append(_("Comodín como {letters}.").format(letters=t.blanks_text(blanks)))
    lines.append(" ".join(details))
    return lines


def probe(game: r.PalabrasGame, rack: str | None, move: Move) -> list[str]:
    """`probar` with a square: the play's worth, or why it is refused."""
    try:
        play = check_move(game.board, rack, move, game.dawg)
    except IllegalAction as error:
        return [t.refusal_text(error, rack, typed=move)]
    return play_lines(play)


def confirm_line(game: r.PalabrasGame, seat: int | None, rack: str | None, move: Move) -> str:
    """confirm_moves: the move and its points, and the question. Raises
    IllegalAction when the move would be refused (then nothing waits)."""
    play = game.check(seat, move)
    board = game.board
    reused = [sq for sq in play.move.squares() if board.letter(*sq) is not None]
    place = t.move_span(play.move, reused)
    blanks = play_blanks(play)
    if blanks:  # typed in one case, the rack chose the blank's letter
        place += ", " + _("comodín como {letters}").format(letters=t.blanks_text(blanks))
    return _("{word} {place}: {points}. ¿Jugar? sí o no").format(
        word=t.word_text(play.move.word),
        place=place,
        points=t.score_text(play.score, play.bonus),
    )


def where_fits(game: r.PalabrasGame, seat: int, word: str) -> list[str]:
    """`probar PALABRA` without a square: the best places where the seat's rack
    can play that word (the question a sighted player answers by looking)."""
    from sobremesa.lexicon import WordError, normalize

    try:
        wanted = normalize(word)
    except WordError as error:
        return [str(error)]
    lexicon = game.dawg
    if lexicon is not None and wanted.lower() not in lexicon:
        # "not a word" before "does not fit", as probar with a square says it
        return [t.refusal_text(IllegalAction("word_not_in_lexicon", word=wanted), None)]
    typed = "".join(fold_letter(ch) for ch in word)
    # Typed in both cases ("CAsA"): the lowercase letters are the blanks, as in
    # jugar; in one case only, the rack decides (any place the word fits).
    blanks = (
        [ch.islower() for ch in typed]
        if typed != typed.lower() and typed != typed.upper() and len(typed) == len(wanted)
        else None
    )
    board = game.board
    found: list[tuple[int, Move]] = []
    seen: set[tuple[int, str]] = set()
    for score, move in game.legal_moves(seat):
        if move.word.lower() != wanted or (score, move.pos) in seen:
            continue
        if blanks is not None and any(
            board.letter(*square) is None and move.word[k].islower() != blanks[k]
            for k, square in enumerate(move.squares())
        ):
            continue
        seen.add((score, move.pos))
        found.append((score, move))
    found.sort(key=lambda item: (-item[0], item[1].pos))
    if not found:
        return [_("{word} no cabe con tu atril en ningún sitio.").format(word=word.upper())]
    places = []
    for score, move in found[:3]:
        place = _("{place}, {points}").format(place=t.move_place(move), points=t.points_text(score))
        letters = [
            (move.word[k], square_name(*square))
            for k, square in enumerate(move.squares())
            if board.letter(*square) is None and move.word[k].islower()
        ]
        if letters:
            # which letter the blank becomes: the one thing the word does not say
            place += ", " + _("comodín como {letters}").format(letters=t.blanks_text(letters))
        places.append(place)
    message = ngettext(
        "{word} cabe en {n} sitio: {places}.",
        "{word} cabe en {n} sitios; los mejores: {places}.",
        len(found),
    )
    return [message.format(word=word.upper(), n=len(found), places="; ".join(places))]


def hint_lines(game: r.PalabrasGame, seat: int, *, hints: bool) -> list[str]:
    """`pista`: the best move for the seat's rack, or what else it can do."""
    view = game.view(seat)
    if view.is_over:
        return [_("La partida ha terminado.")]
    bag = view.bag_count
    if bag >= 7:
        exchange = _("puedes cambiar fichas")
    elif bag:
        exchange = ngettext(
            "puedes cambiar hasta {n} ficha", "puedes cambiar hasta {n} fichas", bag
        ).format(n=bag)
    else:
        exchange = _("la bolsa está vacía")
    if not hints:
        return [
            _(
                "Pistas desactivadas en esta mesa. Puedes jugar una palabra o pasar; {exchange}."
            ).format(exchange=exchange)
        ]
    found = game.hint(seat)
    if found is None:
        return [
            _("No hay ninguna jugada con tu atril: pasa; {exchange}.").format(exchange=exchange)
        ]
    score, move = found
    play = game.check(seat, move)
    words = ", ".join(f"{t.word_text(w.word)} {w.score}" for w in play.words)
    line = _("Pista: {word} en {place}, {points}. Forma: {words}.").format(
        word=t.word_text(move.word),
        place=t.move_place(move),
        # as probar says it: without the bonus the words do not add up
        points=t.score_text(score, play.bonus),
        words=words,
    )
    blanks = play_blanks(play)
    if blanks:
        # A speech engine says "ÑiPE" and "ÑIPE" alike: name the blank's letter.
        line += " " + _("Comodín como {letters}.").format(letters=t.blanks_text(blanks))
    return [line, _("Para jugarla: jugar {move}.").format(move=f"{move.word} {move.pos}")]
