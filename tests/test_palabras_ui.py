"""Palabras console adapter: the shared Session with a fake console, a scripted human
(hint-driven), every reading command, tile descriptions, refusals, exploration,
save and restore."""

import re
from types import SimpleNamespace

import pytest

from sobremesa import saves
from sobremesa.core.game import IllegalAction
from sobremesa.games.palabras import braille, texts, ui
from sobremesa.games.palabras import rules as r
from sobremesa.settings import Settings
from sobremesa.ui.announcer import Announcer
from sobremesa.ui.commands import CommandTable
from sobremesa.ui.retell import retell_save
from sobremesa.ui.session import Session


class ScriptConsole:
    """A player at a pipe: each line comes from `responder(console)`; None ends input."""

    interactive = False

    def __init__(self, responder):
        self.out = []
        self.prompts = []
        self.responder = responder
        self.prompt = ""

    def say(self, line, *, answer=False):
        self.out.append(line)

    def set_prompt(self, text):
        self.prompt = text

    def close(self):
        pass

    def get_line(self, timeout=None):
        line = self.responder(self)
        if line is not None:
            self.prompts.append(self.prompt)
            self.out.append(f"> {line}")
        return line


def hint_player(limit=None):
    """Asks for the hint and plays it ("Para jugarla: jugar X."); passes without one.
    With `limit`, leaves ("salir") after that many moves."""
    played = [0]

    def respond(console):
        last = console.out[-1] if console.out else ""
        found = re.match(r"Para jugarla: (jugar .*)\.$", last)
        if found:
            played[0] += 1
            return found.group(1)
        if limit is not None and played[0] >= limit:
            return "salir"
        if last.startswith("No hay ninguna jugada"):
            return "pasar"
        return "pista"

    return respond


def script(*lines):
    pending = list(lines)
    return lambda console: pending.pop(0) if pending else None


def settings(**palabras):
    s = Settings()
    if palabras:
        s.palabras = SimpleNamespace(**palabras)
    return s


def run(adapter, responder, *, start=True, resumed=False):
    console = ScriptConsole(responder)
    session = Session(adapter, console, Announcer(console), 0)
    if start:
        for line in adapter.intro():
            session.announcer.narrate(line)
        adapter.start(session)
    result = session.run(resumed=resumed)
    return console, result


def ask(adapter, text):
    """A command's reply lines, as the session would route it."""
    command = CommandTable(adapter.commands()).parse(text)
    assert command is not None, text
    return adapter.handle(command).lines


def set_position(adapter, rows=None, rack="", current=0, bag_size=None):
    """Put the game in a chosen position: `rows` on the board, `rack` for seat 0, the
    other racks and the bag from what is left (97 tiles kept). With `bag_size`, the
    bag keeps only that many and the rest waits on the last rack (reading commands
    and the human's turn do not mind)."""
    game = adapter.game
    data = game.to_dict()
    state = data["state"]
    pool = list(game.all_tiles())
    rows = rows or ["." * 15] * 15
    for row in rows:
        for ch in row:
            if ch != ".":
                pool.remove("?" if ch.islower() else ch)
    for tile in rack:
        pool.remove(tile)
    pool.sort()
    racks = [rack]
    for _seat in range(1, game.num_seats):
        racks.append("".join(pool[:7]))
        del pool[:7]
    if bag_size is not None:
        racks[-1] += "".join(pool[bag_size:])
        pool = pool[:bag_size]
    state.update(
        board=list(rows), racks=racks, bag=pool, current=current, turn=5, scoreless=0, log=[]
    )
    adapter.game = r.PalabrasGame.from_dict(data, lexicon=game.lexicon)
    return adapter


def said(console):
    """What the game said, without the typed lines and the closing save notice."""
    lines = [line for line in console.out if not line.startswith("> ")]
    assert lines[-1].startswith("Partida guardada. Para seguir: sobremesa continuar")
    return lines[:-1]


def game_lines(lines):
    return [line for line in lines if " juega " in line or line.startswith("Juegas ")]


# --- whole games ---------------------------------------------------------------------------


@pytest.mark.slow
def test_full_game_with_hints_to_the_end_is_reproducible():
    first, result = run(ui.new_adapter(settings(), seed=3, spectator=False), hint_player())
    second, _result = run(ui.new_adapter(settings(), seed=3, spectator=False), hint_player())
    assert result == "over"
    assert first.out == second.out
    out = first.out
    assert out[0] == "Palabras contra Lucía."
    assert out[1].startswith("Lucía: medio")  # a line per rival: its level (and style)
    assert any(line.startswith("Juegas ") for line in out)
    assert any(line.startswith("Lucía juega ") for line in out)
    assert any(line.startswith("Fin de la partida: ") for line in out)
    assert any(re.match(r"(¡Ganas con|Gana Lucía con|Empate a) ", line) for line in out)
    # No hint was ever refused, and every running total adds up.
    assert not any("diccionario" in line or line.startswith("No tienes") for line in out)
    totals = {"Tú": 0, "Lucía": 0}
    for line in out:
        found = re.match(
            r"(Juegas|Lucía juega) .*: (\d+) puntos?(?:, con 40 por usar las 7 fichas)? "
            r"\(total (\d+)\)\.$",
            line,
        )
        if found:
            who = "Tú" if found.group(1) == "Juegas" else "Lucía"
            totals[who] += int(found.group(2))
            assert totals[who] == int(found.group(3))
    # The breakdown: before + transfer = total, for each player.
    breakdown = [line for line in out if re.match(r"(Tú|Lucía): \d+ puntos?; ", line)]
    assert len(breakdown) == 2
    for line in breakdown:
        before = int(re.match(r"\w+: (\d+)", line).group(1))
        plus = re.search(r"más (\d+) de las fichas de los demás", line)
        total = int(re.search(r"total (\d+)\.$", line).group(1))
        assert before + (int(plus.group(1)) if plus else 0) == total


def test_spectator_game_is_narrated_to_the_end():
    adapter = ui.new_adapter(settings(rivals=3), seed=5, spectator=True)
    console, result = run(adapter, script())
    out = console.out
    assert result == "over"
    assert out[0].startswith("Palabras, modo espectador. Juegan ")
    assert len(adapter.table.names) == 3 and adapter.table.human is None
    assert not any(line.startswith(("Tu turno", "Juegas")) for line in out)
    assert len(game_lines(out)) > 10
    assert any(line.startswith("Fin de la partida: ") for line in out)
    assert ask(adapter, "atril")[0].startswith("Atril de ")
    assert ask(adapter, "pista") == ["Eres espectador: no tienes atril."]


@pytest.mark.slow
def test_save_then_restore_gives_the_same_game_and_state():
    whole, _ = run(ui.new_adapter(settings(), seed=3, spectator=False), hint_player())
    adapter = ui.new_adapter(settings(), seed=3, spectator=False)
    adapter.cursor, adapter.exploring = (6, 9), True
    part1, result = run(adapter, hint_player(limit=4))
    assert result == "quit"  # the scripted player typed salir
    data = saves.read_save()
    restored = ui.restore_adapter(settings(), data)
    retell_save("palabras", settings(), data, restored)  # as `continuar` does
    for command in ("atril", "mesa", "puntos", "turno", "ultima", "fila 8", "bolsa", "palabras"):
        assert ask(restored, command) == ask(adapter, command), command
    # Exploring: the square under the cursor is the prompt (J7 is taken by now).
    j7 = texts.square_brief(restored.game.board, 6, 9) + "> "
    restored.status_prompt = adapter.status_prompt = True  # the braille style
    assert restored.prompt() == adapter.prompt() == j7
    assert j7.startswith("J7 ") and len(j7) <= 30
    assert restored.key_mode() == "tablero"
    restored.exploring = False
    part2, result = run(restored, hint_player(), start=False, resumed=True)
    assert result == "over"
    assert part2.out[0] == "Partida recuperada."
    assert game_lines(part1.out) + game_lines(part2.out) == game_lines(whole.out)


# --- reading --------------------------------------------------------------------------------

KNOWN = ["." * 15] * 6 + ["........L......", ".......CASa....", "........S......"] + ["." * 15] * 6


@pytest.fixture
def known():
    adapter = ui.new_adapter(settings(), seed=1, spectator=False)
    return set_position(adapter, KNOWN, rack="AZÑ?EEO")


def test_rows_columns_and_squares_on_a_known_board(known):
    assert ask(known, "fila 8") == [
        "Fila 8: A a G vacías, H8 C, I8 A, J8 S, K8 comodín A (CASA), L a O vacías; "
        "A8 y O8 palabra triple, D8 y L8 letra doble."
    ]
    assert ask(known, "fila 7") == [
        "Fila 7: A a H vacías, I7 L, J a O vacías; C7, G7 y M7 letra doble."
    ]
    assert ask(known, "columna I") == [
        "Columna I: 1 a 6 vacías, I7 L, I8 A, I9 S (LAS), 10 a 15 vacías; I3 e I13 letra doble."
    ]
    assert ask(known, "columna h") == [
        "Columna H: 1 a 7 vacías, H8 C, 9 a 15 vacías; H1 y H15 palabra triple, H4 y H12 letra doble."
    ]
    assert ask(known, "casilla H8") == [
        "H8: C, 3 puntos, palabra doble, usada.",
        "Forma parte de CASA en 8H horizontal.",
    ]
    assert ask(known, "casilla 8K") == [
        "K8: comodín como A, 0 puntos.",
        "Forma parte de CASA en 8H horizontal.",
    ]
    assert (
        ask(known, "casilla I8")[1] == "Forma parte de CASA en 8H horizontal y LAS en I7 vertical."
    )
    assert ask(known, "casilla O1") == ["O1: vacía, palabra triple."]
    assert ask(known, "casilla P1") == ["P1 no es una casilla: por ejemplo casilla H8."]
    assert ask(known, "fila 16") == ["Escribe fila y un número del 1 al 15, por ejemplo fila 8."]
    assert ask(known, "columna Z")[0].startswith("Escribe columna y una letra")


def test_words_neighbours_premiums_bag_and_summaries(known):
    assert ask(known, "palabras") == [
        "2 palabras en el tablero.",
        "Horizontales: 1 CASA 8H.",
        "Verticales: 2 LAS I7.",
    ]
    assert ask(known, "alrededor I8") == [
        "Alrededor de I8, A, 1 punto: arriba I7 L; abajo I9 S; izquierda H8 C; derecha J8 S (SA)."
    ]
    assert ask(known, "alrededor L8") == [
        "Alrededor de L8, vacía: arriba L7 vacía; abajo L9 vacía; izquierda K8 A (CASA); "
        "derecha M8 vacía."
    ]
    assert ask(known, "alrededor A1")[0].startswith("Alrededor de A1, vacía: arriba borde;")
    assert ask(known, "premios") == [
        "Premios junto a fichas: L8 letra doble.",
        "Palabra doble o triple en línea con una ficha, a 7 casillas o menos: "
        "H1, A8, O8 y H15 palabra triple, K5 y K11 palabra doble.",
    ]
    bag = ask(known, "bolsa")
    assert bag[0].startswith("Bolsa: ")
    assert "Sin ver, en la bolsa y los otros atriles: " in bag[0]
    assert bag[-1] == "Ya no quedan: Ñ, Z y comodín."  # on my rack or the board
    assert ask(known, "atril") == ["Tu atril, 7 fichas: A 1, E 1, E 1, Ñ 8, O 1, Z 10 y comodín."]
    assert ask(known, "mano") == ask(known, "atril")  # F2
    assert ask(known, "mesa")[0] == ("Tablero: 6 fichas, 2 palabras; filas 7 a 9, columnas H a K.")
    assert ask(known, "tablero") == ask(known, "mesa")  # F3
    assert ask(known, "puntos")[0].startswith("Puntos: Tú 0, ")
    assert ask(known, "turno") == ["Tu turno, jugada 5."]
    assert ask(known, "ultima") == ["Todavía no ha jugado nadie."]
    assert ask(known, "combinaciones") == ask(known, "pista")  # F7
    assert known.prompt() == "Tu jugada> "
    known.status_prompt = True
    assert known.prompt() == "Juega AEEÑOZ*> "


def test_tile_descriptions_with_braille_cells(known):
    notch = "Muesca arriba a la derecha: valor arriba a la izquierda, letra abajo."
    assert ask(known, "ficha A") == [
        f"Ficha A, 1 punto. {notch}",
        "Braille: letra ⠁, puntos 1; valor ⠁, puntos 1.",
    ]
    assert ask(known, "ficha ñ") == [
        f"Ficha Ñ, 8 puntos. {notch}",
        "Braille: letra ⠻, puntos 1-2-4-5-6; valor ⠓, puntos 1-2-5.",
    ]
    assert ask(known, "ficha Z") == [
        f"Ficha Z, 10 puntos. {notch}",
        "Braille: letra ⠵, puntos 1-3-5-6; valor ⠁⠚, puntos 1 y 2-4-5.",
    ]
    blank = [
        "Comodín, 0 puntos, marcado con una estrella.",
        "Vale por la letra que elijas: al jugar, escríbela en minúscula.",
    ]
    assert ask(known, "ficha comodín") == blank
    assert ask(known, "ficha 7") == blank  # the 7th tile of the rack, blanks last
    assert ask(known, "ficha 6") == ask(known, "ficha Z")
    assert ask(known, "ficha 8") == ["No hay ficha 8: tienes 7 fichas."]
    assert ask(known, "ficha H8")[0].startswith("Ficha C, 3 puntos.")
    assert ask(known, "ficha K8")[0] == "Comodín como A, 0 puntos, marcado con una estrella."
    assert ask(known, "ficha A1") == ["A1 está vacía."]
    assert ask(known, "ficha K") == ["No hay fichas de K en Palabras: solo con un comodín."]


def test_braille_cells_and_views(known):
    assert braille.letter_cell("A") == "⠁" and braille.letter_cell("ñ") == "⠻"
    assert braille.value_cells(10) == "⠁⠚" and braille.value_cells(8) == "⠓"
    letters = "ABCDEFGHIJKLMNÑOPQRSTUVWXYZ"
    assert len({braille.letter_cell(x) for x in letters}) == 27
    # the blank as on its tile, a star, and then the letter it stands for
    assert ask(known, "braille fila 8") == [
        "Fila 8: ⠤⠤⠤⠤⠤⠤⠤⠉⠁⠎⠔⠤⠤⠤⠤ comodín K8 A",
        "⠤ casilla vacía, ⠔ comodín.",  # the first time only
    ]
    assert ask(known, "braille columna K") == ["Columna K: ⠤⠤⠤⠤⠤⠤⠤⠔⠤⠤⠤⠤⠤⠤⠤ comodín K8 A"]
    assert ask(known, "braille columna I") == ["Columna I: ⠤⠤⠤⠤⠤⠤⠇⠁⠎⠤⠤⠤⠤⠤⠤"]
    assert ask(known, "braille atril") == ["Atril: ⠁ ⠑ ⠑ ⠻ ⠕ ⠵ ⠔"]
    assert ask(known, "braille xyz")[0].startswith("Escribe braille fila 8")


# --- moves -------------------------------------------------------------------------------------


def test_probar_scores_without_playing(known):
    before = known.game.to_dict()
    assert ask(known, "probar ZA 7K") == [
        "ZA en 7K horizontal valdría 21 puntos.",
        "Forma: ZA 11, ZA 10.",
    ]
    assert ask(known, "probar CASAs 8H") == [
        "CASAS en 8H horizontal valdría 5 puntos.",
        "Forma: CASAS 5. Comodín como S en L8.",
    ]
    assert ask(known, "probar CASAS 8H") == [
        "No tienes la letra S. Para usar el comodín, escribe esa letra en minúscula."
    ]
    assert ask(known, "probar CASAX 8H") == [
        "No tienes la letra X. Para usar el comodín, escribe esa letra en minúscula."
    ]
    assert ask(known, "probar") == ["Escribe la jugada que quieres probar: probar CASA 8H."]
    assert known.game.to_dict() == before


def test_lowercase_words_use_real_tiles_first_and_the_blank_for_the_rest(known):
    assert known._read_move("za 7k").word == "ZA"
    assert known._read_move("casas 8h").word[4] == "s"  # no S tile: the blank
    assert known._read_move("ZA en K7 horizontal") == known._read_move("za 7K")


def test_play_pass_exchange_through_the_session(known):
    console, _ = run(known, script("jugar ZA 7K", "pasar", "cambiar todas"), start=False)
    out = console.out
    assert "Juegas ZA de K7 a L7, horizontal: 21 puntos (total 21)." in out
    assert "Palabras: ZA 11, ZA 10." in out
    drawn = out[out.index("Palabras: ZA 11, ZA 10.") + 1]
    assert drawn.startswith("Robas ") and drawn.count(",") + drawn.count(" y ") == 1
    assert "Pasas." in out
    change = next(line for line in out if line.startswith("Cambias "))
    assert out[out.index(change) + 1].startswith("Robas ")
    assert len(known.game.rack(0)) == 7
    assert known.last_move and ask(known, "ultima") == [known.last_move]


def test_scoreless_turns_are_counted_down():
    adapter = ui.new_adapter(settings(), seed=1, spectator=False)
    adapter.bots[1].choose = lambda view: r.Pass()
    set_position(adapter, rack="AEIOUSR")
    console, result = run(adapter, script("pasar", "pasar"), start=False)
    assert "Pasas." in console.out
    assert "Si nadie pone fichas, la partida acaba en 2 turnos." in console.out
    assert "Si nadie pone fichas, la partida acaba en 1 turno." in console.out
    assert result == "over"
    assert "Fin de la partida: todos pasan dos veces seguidas." in console.out


REFUSALS = [
    (
        "word_not_in_lexicon",
        {"word": "CASAX", "words": ["CASAX"]},
        "CASAX no está en el diccionario.",
    ),
    (
        "word_not_in_lexicon",
        {"word": "QI", "words": ["QI", "CQ"]},
        "QI y CQ no están en el diccionario.",
    ),
    (
        "off_board",
        {"axis": "column", "first": "P8", "over": 2, "word": "CASAS"},
        "CASAS se sale del tablero por la columna P: sobran 2 letras.",
    ),
    (
        "off_board",
        {"axis": "row", "first": "H16", "over": 1, "word": "CASA"},
        "CASA se sale del tablero por la fila 16: sobra 1 letra.",
    ),
    ("missing_tiles", {"missing": "Z", "letter": "Z"}, "No tienes la letra Z."),
    ("missing_tiles", {"missing": "?", "letter": "?"}, "No tienes comodín."),
    (
        "missing_tiles",
        {"missing": "W", "letter": "W"},
        "No hay fichas de W: usa un comodín, en minúscula.",
    ),
    ("first_move_center", {"square": "H8"}, "La primera jugada debe pasar por H8."),
    (
        "first_move_min_tiles",
        {"count": 1, "min": 2},
        "La primera jugada necesita al menos 2 fichas.",
    ),
    ("not_connected", {}, "La jugada no toca ninguna ficha del tablero."),
    (
        "square_occupied",
        {"square": "H8", "board_letter": "C", "letter": "Z"},
        "En H8 ya hay una C, no una Z.",
    ),
    (
        "square_occupied",
        {"square": "H8", "board_letter": "C", "letter": None},
        "H8 ya tiene una ficha.",
    ),
    (
        "word_continues",
        {"word": "CASAS", "pos": "8H"},
        "La palabra sigue en el tablero: escribe la palabra entera, CASAS en 8H.",
    ),
    ("no_new_tiles", {"word": "CASA"}, "CASA ya está en el tablero: no pones ninguna ficha."),
    ("word_too_short", {"word": "A"}, "La palabra necesita al menos dos letras."),
    ("bad_letter", {"char": "3"}, "«3» no es una letra de las fichas."),
    ("bad_letter", {"word": "CA3A", "char": "3"}, "«3» no es una letra de las fichas."),
    ("empty", {}, "Escribe la palabra y la casilla: jugar CASA 8H."),
    ("missing_word", {}, "Falta la palabra: jugar CASA 8H."),
    ("missing_square", {}, "Falta la casilla: CASA 8H horizontal, CASA H8 vertical."),
    (
        "bad_square",
        {"square": "P8"},
        "P8 no es una casilla: columnas de la A a la O, filas del 1 al 15.",
    ),
    (
        "two_words",
        {"word": "CASA", "other": "SOL"},
        "Hay dos palabras, CASA y SOL: escribe una sola.",
    ),
    (
        "two_squares",
        {"square": "H8", "other": "I9"},
        "Hay dos casillas, H8 y I9: escribe una sola.",
    ),
    (
        "unexpected",
        {"text": "%%"},
        "No entiendo «%%»: escribe por ejemplo jugar CASA en H8 vertical.",
    ),
    ("nothing_to_exchange", {}, "Di qué fichas cambias: cambiar A E E, o cambiar todas."),
    (
        "bag_too_small",
        {"bag_count": 3, "count": 5},
        "Solo quedan 3 fichas en la bolsa: puedes cambiar 3 como mucho.",
    ),
    (
        "bag_too_small",
        {"bag_count": 0, "count": 1},
        "La bolsa está vacía: no puedes cambiar; juega o pasa.",
    ),
    ("not_your_turn", {"current": 1}, "Espera, no es tu turno."),
    ("game_over", {}, "La partida ha terminado."),
    ("no_tiles", {}, "No has puesto ninguna ficha."),
    ("duplicate_square", {"square": "H8"}, "Dos fichas en H8."),
    ("not_in_line", {}, "Las fichas deben ir en una sola fila o columna."),
    ("gap", {"square": "J8"}, "Hay un hueco en J8."),
    ("unknown_action", {}, "Esa jugada no es posible ahora."),
]


@pytest.mark.parametrize(("reason", "details", "line"), REFUSALS)
def test_every_refusal_code_has_its_line(reason, details, line):
    assert texts.refusal_text(IllegalAction(reason, **details)) == line


def test_refusals_of_typed_moves_say_exactly_why():
    adapter = ui.new_adapter(settings(), seed=1, spectator=False)
    set_position(adapter, rack="CASAXEZ")
    console, _ = run(
        adapter,
        script(
            "jugar CASA 1A",
            "jugar CASAX 8H",
            "jugar CASA 8M",
            "jugar CASA H13",
            "jugar ZORRO 8H",
            "jugar CASA",
            "jugar CASA P8",
            "jugar CaSA 8H",
            "jugar",
        ),
        start=False,
    )
    assert said(console) == [
        "La primera jugada debe pasar por H8.",
        "CASAX no está en el diccionario.",
        "CASA se sale del tablero por la columna P: sobra 1 letra.",
        "CASA se sale del tablero por la fila 16: sobra 1 letra.",
        "No tienes la letra O.",
        "Falta la casilla: CASA 8H horizontal, CASA H8 vertical.",
        "P8 no es una casilla: columnas de la A a la O, filas del 1 al 15.",
        "No tienes comodín.",
        "Escribe la palabra y la casilla: jugar CASA 8H.",
    ]
    assert adapter.game.board.is_empty() and adapter.game.rack(0) == "CASAXEZ"


def test_refusals_on_a_board_and_for_exchanges(known):
    adapter = set_position(known, KNOWN, rack="ZOOEEA?")
    console, _ = run(
        adapter,
        script("jugar ZOO 1A", "jugar SOL 1A", "jugar CASA 8H", "cambiar Z Z", "jugar ZOOS 8L"),
        start=False,
    )
    assert said(console) == [
        "La jugada no toca ninguna ficha del tablero.",
        "No tienes la letra S. Para usar el comodín, escribe esa letra en minúscula.",
        "CASA ya está en el tablero: no pones ninguna ficha.",
        "Te falta otra Z: solo tienes 1.",
        "ZOOS toca CASA de H8 a K8: sería CASAZOOS en 8H.",
    ]


def test_exchange_with_a_small_bag():
    adapter = set_position(
        ui.new_adapter(settings(), seed=1, spectator=False), rack="AEIOUSR", bag_size=3
    )
    assert ask(adapter, "pista")[0].startswith("Pista: ")
    console, _ = run(adapter, script("cambiar todas", "cambiar 3", "cambiar"), start=False)
    assert said(console) == [
        "Solo quedan 3 fichas en la bolsa: puedes cambiar 3 como mucho.",
        "«3» no es una ficha: escribe letras, y ? para el comodín.",
        "Di qué fichas cambias: cambiar A E E, o cambiar todas.",
    ]


def test_out_of_turn_and_spectator_moves():
    adapter = set_position(
        ui.new_adapter(settings(), seed=1, spectator=False), rack="CASAXEZ", current=1
    )
    name = adapter.table.names[1]
    assert ask(adapter, "probar CASA 8H")[0] == "CASA en 8H horizontal valdría 12 puntos."
    assert adapter.prompt() == "Espera> "  # the same for every rival: no stray names
    assert ask(adapter, "turno") == [f"Turno de {name}, jugada 5."]
    spectator = ui.new_adapter(settings(), seed=1, spectator=True)
    assert ask(spectator, "jugar CASA 8H") == ["Eres espectador: no tienes atril."]
    assert ask(spectator, "cambiar todas") == ["Eres espectador: no tienes atril."]
    assert ask(spectator, "probar CASA 8H")[0] == "CASA en 8H horizontal valdría 12 puntos."


# --- hints ---------------------------------------------------------------------------------------


def test_hint_and_disabled_hints(known):
    lines = ask(known, "pista")
    assert lines[0].startswith("Pista: ") and " valdría" not in lines[0]
    move = re.fullmatch(r"Para jugarla: jugar (\S+ \S+)\.", lines[1]).group(1)
    score = int(re.search(r", (\d+) puntos\. Forma: ", lines[0]).group(1))
    assert f"valdría {score} puntos." in ask(known, f"probar {move}")[0]
    off = set_position(
        ui.new_adapter(settings(hints=False), seed=1, spectator=False), KNOWN, rack="AZÑ?EEO"
    )
    assert ask(off, "pista") == [
        "Pistas desactivadas en esta mesa. Puedes jugar una palabra o pasar; puedes cambiar fichas."
    ]
    assert ask(off, "combinaciones") == ask(off, "pista")
    assert "Pistas desactivadas en esta mesa." in off.intro()
    assert off.extra_to_data()["hints"] is False


def test_no_move_possible_says_what_to_do():
    adapter = ui.new_adapter(settings(), seed=1, spectator=False)
    set_position(adapter, rack="QXZJÑ")  # no word without a vowel
    assert ask(adapter, "pista") == [
        "No hay ninguna jugada con tu atril: pasa; puedes cambiar fichas."
    ]


# --- exploring ------------------------------------------------------------------------------------


def test_exploration_commands(known):
    known.status_prompt = True  # the braille style: the square on the input line
    assert known.key_mode() is None
    assert ask(known, "explorar H8") == [
        "Exploras el tablero: flechas para moverte, Escape o dejar para terminar.",
        "H8: C, 3 puntos, palabra doble, usada; en CASA.",
    ]
    assert known.key_mode() == "tablero"
    assert known.prompt() == "H8 C, palabra doble, usada> "
    assert ask(known, "derecha") == ["I8: A, 1 punto; en CASA y LAS."]  # the words of a tile
    assert known.prompt() == "I8 A> "
    assert ask(known, "arriba") == ["I7: L, 1 punto, letra doble, usada; en LAS."]
    assert ask(known, "abajo") == ["I8: A, 1 punto; en CASA y LAS."]
    assert ask(known, "leer palabra") == ["CASA en 8H horizontal.", "LAS en I7 vertical."]
    assert ask(known, "leer fila") == ask(known, "fila 8")
    assert ask(known, "leer columna") == ask(known, "columna I")
    assert ask(known, "leer") == ask(known, "casilla I8")
    assert ask(known, "fila") == ask(known, "fila 8")  # without a number: the cursor's
    assert ask(known, "izquierda") == ["H8: C, 3 puntos, palabra doble, usada; en CASA."]
    assert ask(known, "inicio") == ["A8: vacía, palabra triple."]
    assert ask(known, "izquierda") == ["Borde del tablero. A8: vacía, palabra triple."]
    assert ask(known, "fin") == ["O8: vacía, palabra triple."]
    assert ask(known, "tope") == ["O1: vacía, palabra triple."]
    assert ask(known, "arriba del todo") == ["O1: vacía, palabra triple."]
    assert ask(known, "fondo") == ["O15: vacía, palabra triple."]
    assert ask(known, "ultima fila") == ["O15: vacía, palabra triple."]
    assert ask(known, "ultima") == ["Todavía no ha jugado nadie."]  # still the last move
    assert ask(known, "ir J9") == ["J9: vacía."]
    assert ask(known, "leer palabra") == ["J9 está vacía: no hay palabra."]
    assert ask(known, "ir Z9") == ["Escribe ir y una casilla o una palabra: ir H8, ir CASA, ir 3."]
    assert ask(known, "alrededor") == ask(known, "alrededor J9")
    assert known.prompt() == "J9 vacía> "
    assert known.extra_to_data()["cursor"] == [8, 9]
    assert ask(known, "dejar") == ["Dejas de explorar. El cursor queda en J9."]
    assert known.key_mode() is None
    assert ask(known, "dejar") == ["No estabas explorando el tablero."]
    assert known.prompt() == "Juega AEEÑOZ*> "
    known.status_prompt = False
    assert known.prompt() == "Tu jugada> "


# --- settings, end of game -----------------------------------------------------------------------


def test_settings_section_is_optional_and_read():
    plain = ui.new_adapter(Settings(), seed=2, spectator=False)
    assert plain.game.num_seats == 2 and plain.table.levels == [None, "medio"]
    assert plain.hints is True
    table = ui.new_adapter(
        settings(rivals=3, level="facil", levels=["dificil"], subtract_own_rack=True),
        seed=2,
        spectator=False,
    )
    assert table.table.levels == [None, "dificil", "facil", "facil"]
    assert table.game.options.subtract_own_rack is True
    assert {bot.level for bot in table.bots.values()} == {"facil", "dificil"}


def test_layout_file_setting(tmp_path):
    from sobremesa.games.palabras.board import STANDARD_LAYOUT

    good = tmp_path / "mi_tablero.txt"
    lines = list(STANDARD_LAYOUT)
    lines[0] = "D" + lines[0][1:]
    good.write_text("\n".join(lines), encoding="utf-8")
    adapter = ui.new_adapter(settings(layout=str(good)), seed=2, spectator=False)
    assert ask(adapter, "casilla A1") == ["A1: vacía, palabra doble."]
    bad = tmp_path / "roto.txt"
    bad.write_text("nada", encoding="utf-8")
    adapter = ui.new_adapter(settings(layout=str(bad)), seed=2, spectator=False)
    assert any(line.startswith("No he podido usar el tablero ") for line in adapter.intro())
    assert ask(adapter, "casilla A1") == ["A1: vacía, palabra triple."]


def test_game_over_breakdown_with_own_rack_subtracted():
    adapter = ui.new_adapter(settings(subtract_own_rack=True), seed=2, spectator=False)
    event = r.GameOver(
        reason="rack_emptied",
        last_placer=1,
        racks=("QE", ""),
        rack_points=(6, 0),
        adjustments=(-6, 6),
        scores=(314, 306),
        winners=(0,),
    )
    names = adapter.table.names
    assert adapter.describe(event) == [
        f"Fin de la partida: {names[1]} se queda sin fichas.",
        "¡Ganas con 314 puntos!",
        "Tú: 320 puntos; te quedan E y Q, 6 puntos; menos 6 de las tuyas; total 314.",
        f"{names[1]}: 300 puntos; sin fichas; más 6 de las fichas de los demás; total 306.",
    ]


# --- prompts and brief forms for the braille line ---------------------------------------------


class PromptConsole(ScriptConsole):
    """Also keeps every prompt the session sets (the rivals' turns too)."""

    def __init__(self, responder):
        super().__init__(responder)
        self.every_prompt = []

    def set_prompt(self, text):
        super().set_prompt(text)
        self.every_prompt.append(text)


def explorer():
    """A hint player (in Spanish or English) who, every turn, first explores a few
    squares around H8."""
    steps = ["explorar H8", "derecha", "abajo", "izquierda", "inicio", "dejar"]
    state = {"turn": None, "step": 0}

    def respond(console):
        turn = sum(1 for line in console.out if line in ("Tu turno.", "Your turn."))
        if turn != state["turn"]:
            state["turn"], state["step"] = turn, 0
        if state["step"] < len(steps):
            state["step"] += 1
            return steps[state["step"] - 1]
        last = console.out[-1] if console.out else ""
        found = re.match(r"(?:Para jugarla|To play it): (?:jugar|play) (.*)\.$", last)
        if found:
            return f"jugar {found.group(1)}"
        if last.startswith(("No hay ninguna jugada", "There is no move")):
            return "pasar"
        return "pista"

    return respond


def play_recording(adapter, responder, *, status):
    console = PromptConsole(responder)
    session = Session(adapter, console, Announcer(console), 0, status_prompt=status)
    adapter.start(session)
    assert session.run() == "over"
    return console


SPEECH_PROMPTS = {"Tu jugada> ", "Espera> ", "Explorar> ", "Fin> "}


@pytest.mark.parametrize("language", ["es", "en"])
@pytest.mark.parametrize("status", [False, True])
@pytest.mark.slow
def test_every_prompt_fits_30_cells_over_whole_games(language, status):
    from sobremesa import i18n

    i18n.set_language(language)
    for seed, spectator, rivals in ((3, False, 1), (4, False, 3), (5, True, 3)):
        adapter = ui.new_adapter(settings(rivals=rivals), seed=seed, spectator=spectator)
        console = play_recording(adapter, explorer(), status=status)
        prompts = set(console.every_prompt)
        assert len(prompts) > (1 if spectator and not status else 3)
        for prompt in prompts:
            assert len(prompt) <= 30 and prompt.endswith("> "), prompt
        if language != "es":
            continue
        squares = {p for p in prompts if re.match(r"[A-O]\d{1,2} ", p)}
        if spectator or not status:
            assert not squares  # for speech the step's line says the square
        else:
            assert {"H8 " in p for p in squares} == {True, False}  # the explored squares
        others = prompts - squares
        if not status:
            # Speech: a few fixed words, the same for every rival.
            allowed = {"Mirando> ", "Fin> "} if spectator else SPEECH_PROMPTS
            assert others <= allowed, others - allowed
            continue
        mine = {p for p in others if p.startswith("Juega ")}
        assert spectator or mine
        for prompt in mine:
            assert re.fullmatch(r"Juega [A-ZÑ*]{1,7}> ", prompt), prompt
        # The rivals' turns and the spectator: the last move in brief form.
        moves = others - mine - {"Fin> ", "Mirando> ", "Espera> "}
        names = "|".join(["Tú", *adapter.table.names])
        assert len(moves) > 5
        for prompt in moves:
            squares = r"[A-O]\d+-[A-O]\d+|[A-O0-9]+"
            assert re.match(rf"({names}) (\S+ ({squares}) \d+( \(\d+\))?|cambia|pasa)", prompt) or (
                prompt.startswith(("Pasas", "Cambias"))
            ), prompt


@pytest.mark.slow
def test_speech_prompts_do_not_name_whose_turn_it_is():
    adapter = ui.new_adapter(settings(rivals=3), seed=5, spectator=False)
    console = play_recording(adapter, hint_player(), status=False)
    assert set(console.every_prompt) <= SPEECH_PROMPTS
    spectator = ui.new_adapter(settings(rivals=3), seed=5, spectator=True)
    console = play_recording(spectator, script(), status=False)
    assert set(console.every_prompt) == {"Mirando> ", "Fin> "}


def test_exploration_prompt_names_the_square_first(known):
    from sobremesa import i18n

    ask(known, "explorar H8")
    known.status_prompt = False  # for speech the step's line says the square
    assert known.prompt() == "Explorar> "
    for status in (True,):  # for braille the square is in the prompt
        known.status_prompt = status
        assert known.prompt() == "H8 C, palabra doble, usada> "
    ask(known, "ir K8")
    assert known.prompt() == "K8 comodín A> "
    ask(known, "ir L8")
    assert known.prompt() == "L8 vacía, letra doble> "
    ask(known, "ir J9")
    assert known.prompt() == "J9 vacía> "
    empty = ui.new_adapter(settings(), seed=1, spectator=False)
    ask(empty, "explorar")
    empty.status_prompt = True
    assert empty.prompt() == "H8 salida, palabra doble> "
    # Every square of both boards fits, in both languages, the square first.
    for language in ("es", "en"):
        i18n.set_language(language)
        for board_ in (known.game.board, empty.game.board):
            for row in range(15):
                for col in range(15):
                    text = texts.square_brief(board_, row, col) + "> "
                    assert len(text) <= 30, text
                    assert text.startswith(ui.square_name(row, col) + " ")
    i18n.set_language("es")


def test_exploration_prompt_of_a_blank_on_a_premium_square_fits():
    adapter = ui.new_adapter(settings(), seed=1, spectator=False)
    rows = ["." * 15] * 14 + ["..............ñ"]
    set_position(adapter, rows, rack="AEEO")
    board = adapter.game.board
    text = texts.square_brief(board, 14, 14)
    assert text == "O15 comodín Ñ, triple, usada"
    assert len(text) + 2 <= 30


def test_move_lines_have_brief_forms_for_the_braille_line(known):
    from sobremesa.ui.announcer import Said

    console, _ = run(known, script("jugar ZA 7K", "pasar", "cambiar todas"), start=False)
    by_text = {str(line): line for line in console.out}
    played = by_text["Juegas ZA de K7 a L7, horizontal: 21 puntos (total 21)."]
    assert isinstance(played, Said) and played.brief == "Tú ZA K7-L7 21 (21)"
    assert by_text["Palabras: ZA 11, ZA 10."].brief == "ZA 11, ZA 10"
    assert by_text["Pasas."].brief == "Pasas"
    drawn = next(line for line in console.out if line.startswith("Robas "))
    assert re.fullmatch(r"Robas [A-ZÑ*]+", drawn.brief)
    rival = next(line for line in console.out if " juega " in line)
    assert rival.brief.startswith(known.table.names[1] + " ")
    assert known.last_brief and len(known.last_brief[0]) <= 40


@pytest.mark.parametrize("language", ["es", "en"])
@pytest.mark.slow
def test_every_move_line_of_a_game_has_a_brief_of_40_cells(language):
    from sobremesa import i18n
    from sobremesa.ui.announcer import Said

    i18n.set_language(language)
    adapter = ui.new_adapter(settings(rivals=3), seed=4, spectator=False)
    console = play_recording(adapter, explorer(), status=True)
    moves = [
        line
        for line in console.out
        if re.match(
            r"(Juegas|You play \S+ from|Robas|You draw|Pasas|You pass|Cambias|You exch)", line
        )
        or re.match(
            rf"({'|'.join(adapter.table.names[1:])}) (juega|cambia|pasa|plays|exchanges|passes)\b",
            line,
        )
    ]
    assert len(moves) > 20
    briefs = [line for line in moves if isinstance(line, Said)]
    assert len(briefs) == len(moves), [line for line in moves if not isinstance(line, Said)]
    for line in briefs:
        assert 0 < len(line.brief) <= 40, line.brief
    i18n.set_language("es")


# --- confirmation before a move (setting confirm_moves) ---------------------------------------


def test_confirmation_keys_prompt_and_answers(known):
    from sobremesa.ui.terminal import check_key_names

    check_key_names(ui.EXPLORE_KEYS)  # the jump keys are prompt_toolkit keys
    adapter = set_position(
        ui.new_adapter(settings(confirm_moves=True), seed=1, spectator=False),
        KNOWN,
        rack="AZÑ?EEO",
    )
    assert ask(adapter, "jugar ZA 7K") == ["ZA de K7 a L7, horizontal: 21 puntos. ¿Jugar? sí o no"]
    assert adapter.prompt() == "¿Jugar? sí o no> "
    assert adapter.key_bindings() == {"escape": "anular"}  # Escape cancels
    assert adapter.enter_command() == "anular"  # and so does Enter on an empty line
    assert adapter.handle_unknown_would_act("sí") and not adapter.handle_unknown_would_act("no")
    assert ask(adapter, "anular") == ["Anulada: no juegas ZA."]
    assert adapter.pending is None and adapter.key_bindings() is None
    assert ask(adapter, "anular") == []  # a late Escape does nothing
    ask(adapter, "explorar H8")
    ask(adapter, "jugar ZA 7K")
    assert adapter.key_bindings()["escape"] == "anular"
    assert adapter.key_bindings()["up"] == "arriba"
    assert adapter.handle_unknown("vale").actions == [r.Place(adapter._read_move("ZA 7K"))]
    assert ask(adapter, "anular") == ["Dejas de explorar. El cursor queda en H8."]
    assert "pending" not in adapter.extra_to_data()
    assert ask(adapter, "jugar casas 8h") == [  # the rack chose the blank: said
        "CASAS de H8 a L8, horizontal, con CASA de H8 a K8, comodín como S en L8: 5 puntos. "
        "¿Jugar? sí o no",
    ]
    # out of turn: no question, the session says it is not your turn
    waiting = set_position(
        ui.new_adapter(settings(confirm_moves=True), seed=1, spectator=False),
        KNOWN,
        rack="AZÑ?EEO",
        current=1,
    )
    reply = waiting.handle(CommandTable(waiting.commands()).parse("jugar ZA 7K"))
    assert reply.actions and waiting.pending is None


def sieteñal(reused):
    """SIETEÑAL down from B7, the letters on `reused` squares already on the board."""
    squares = [f"B{n}" for n in range(7, 15)]
    tiles = tuple((sq, ch) for sq, ch in zip(squares, "SIETEÑAL", strict=True) if sq not in reused)
    return r.TilesPlaced(
        seat=1,
        row=6,
        col=1,
        down=True,
        pos="B7",
        word="SIETEÑAL",
        tiles=tiles,
        words=(("SIETEÑAL", "B7", 45),),
        score=45,
        bonus=0,
        total=90,
        rack_count=7 - len(tiles),
    )


@pytest.mark.parametrize(
    ("language", "reused", "line"),
    [
        (
            "es",
            ("B8",),
            "{name} juega SIETEÑAL de B7 a B14, vertical, con la I de B8: 45 puntos (total 90).",
        ),
        (
            "es",
            ("B8", "B10"),
            "{name} juega SIETEÑAL de B7 a B14, vertical, con la I de B8 y la T de B10: "
            "45 puntos (total 90).",
        ),
        (
            "es",
            ("B11", "B12", "B13"),
            "{name} juega SIETEÑAL de B7 a B14, vertical, con EÑA de B11 a B13: 45 puntos (total 90).",
        ),
        ("es", (), "{name} juega SIETEÑAL de B7 a B14, vertical: 45 puntos (total 90)."),
        (
            "en",
            ("B8", "B10"),
            "{name} plays SIETEÑAL from B7 to B14, down, with the I on B8 and the T on B10: "
            "45 points (total 90).",
        ),
    ],
)
def test_a_move_line_says_where_it_lies_and_what_it_took(language, reused, line):
    from sobremesa import i18n

    i18n.set_language(language)
    try:
        adapter = ui.new_adapter(settings(), seed=2, spectator=False)
        name = adapter.table.names[1]
        lines = adapter.describe(sieteñal(reused))
        assert lines[0] == line.format(name=name)
        assert lines[0].brief == f"{name} SIETEÑAL B7-B14 45 (90)"  # the braille line
        assert adapter.last_brief[0] == f"{name} SIETEÑAL B7-B14 45 (90)"
    finally:
        i18n.set_language("es")


def test_jumps_on_a_known_board(known):
    ask(known, "ir A7")
    assert ask(known, "saltar derecha") == ["I7: L, 1 punto, letra doble, usada; en LAS."]
    assert ask(known, "hueco derecha") == ["J7: vacía."]
    ask(known, "ir I6")
    assert ask(known, "saltar abajo") == ["I7: L, 1 punto, letra doble, usada; en LAS."]
    assert ask(known, "hueco abajo") == ["I10: vacía."]
    assert ask(known, "hueco arriba") == ["I6: vacía."]  # past LAS again
    assert ask(known, "saltar arriba") == ["Ninguna ficha más arriba. I6: vacía."]
    ask(known, "ir H8")
    assert ask(known, "saltar derecha") == [
        "Ninguna ficha más a la derecha. H8: C, 3 puntos, palabra doble, usada; en CASA."
    ]
    assert ask(known, "jump") == ["Escribe saltar y una dirección: saltar derecha."]
    assert ask(known, "ir casa") == [
        "CASA en 8H horizontal, palabra 1 de 2. H8: C, 3 puntos, palabra doble, usada."
    ]
    assert ask(known, "siguiente") == [
        "LAS en I7 vertical, palabra 2 de 2. I7: L, 1 punto, letra doble, usada."
    ]
    assert known.cursor == (6, 8)


def test_brief_lines_say_the_squares_and_the_letters_taken():
    adapter = ui.new_adapter(settings(), seed=2, spectator=False)
    adapter.brief = True  # --breve
    name = adapter.table.names[1]
    assert adapter.describe(sieteñal(("B8",)))[0] == (
        f"{name}: SIETEÑAL B7-B14, con la I de B8, 45 (90)."
    )
    assert adapter.describe(sieteñal(()))[0] == f"{name}: SIETEÑAL B7-B14, 45 (90)."


# --- frictions of the blind playtest (#11) ---------------------------------------------------


@pytest.mark.parametrize(
    ("language", "lines"),
    [
        (
            "es",
            [
                "Tú: 326 puntos; te quedan M y T, 4 puntos que no se restan; total 326.",
                "{name}: 300 puntos; le queda U, 1 punto que no se resta; total 300.",
            ],
        ),
        (
            "en",
            [
                "You: 326 points; you have M and T left, 4 points, not subtracted; total 326.",
                "{name}: 300 points; has U left, 1 point, not subtracted; total 300.",
            ],
        ),
    ],
)
def test_game_over_says_a_rack_is_not_subtracted_at_this_table(language, lines):
    from sobremesa import i18n

    i18n.set_language(language)
    try:
        adapter = ui.new_adapter(settings(), seed=2, spectator=False)  # subtract_own_rack off
        assert adapter.game.options.subtract_own_rack is False
        name = adapter.table.names[1]
        event = r.GameOver(
            reason="all_passed",
            last_placer=None,
            racks=("MT", "U"),
            rack_points=(4, 1),
            adjustments=(0, 0),
            scores=(326, 300),
            winners=(0,),
        )
        said_lines = adapter.describe(event)
        assert said_lines[2] == lines[0]
        assert said_lines[3] == lines[1].format(name=name)  # one tile: queda, not quedan
    finally:
        i18n.set_language("es")


def test_game_over_one_tile_left_with_the_rack_subtracted():
    adapter = ui.new_adapter(settings(subtract_own_rack=True), seed=2, spectator=False)
    event = r.GameOver(
        reason="rack_emptied",
        last_placer=1,
        racks=("U", ""),
        rack_points=(1, 0),
        adjustments=(-1, 1),
        scores=(319, 301),
        winners=(0,),
    )
    assert adapter.describe(event)[2] == (
        "Tú: 320 puntos; te queda U, 1 punto; menos 1 de las tuyas; total 319."
    )


def test_opening_bag_count_is_after_the_deal_for_four_players():
    adapter = ui.new_adapter(settings(rivals=3), seed=2, spectator=False)
    event = r.GameStarted(
        players=4, first_seat=1, bag_count=97, layout="standard", subtract_own_rack=False
    )
    assert adapter.describe(event)[0] == (
        "Palabras: 4 jugadores, 69 fichas en la bolsa. La primera palabra pasa por H8."
    )


def test_move_with_blank_and_bonus_names_the_square_and_includes_the_bonus():
    adapter = ui.new_adapter(settings(), seed=2, spectator=False)
    name = adapter.table.names[1]
    event = r.TilesPlaced(
        seat=1,
        row=6,
        col=4,
        down=True,
        pos="E7",
        word="VOLTEABa",
        tiles=tuple(
            (f"E{n}", ch) for n, ch in zip(range(7, 15), "VOLTEABa", strict=True) if n != 11
        ),
        words=(("VOLTEABA", "E7", 60),),
        score=100,
        bonus=40,
        total=180,
        rack_count=0,
    )
    lines = adapter.describe(event)
    assert lines[0] == (
        f"{name} juega VOLTEABA de E7 a E14, vertical, con la E de E11: "
        "100 puntos, con 40 por usar las 7 fichas (total 180)."
    )
    assert lines[1] == "Comodín como A en E14."
    assert lines[1].brief == "comodín A E14; incluye 40 por 7 fichas"
    assert len(lines[1].brief) <= 40
    assert not any("Más 40" in line for line in lines)
    adapter.brief = True  # --breve: the bonus said apart, as included
    lines = adapter.describe(event)
    assert lines[1] == "Incluye 40 por usar las 7 fichas."


def test_a_single_empty_square_is_named_as_a_square():
    # column A: A1 C, A2 empty, A3 S, A4 A; row 1: A1 C, B1 A, C1 empty, D1 S, E1 A
    rows = ["CA.SA" + "." * 10, "." * 15, "S" + "." * 14, "A" + "." * 14] + ["." * 15] * 11
    adapter = set_position(ui.new_adapter(settings(), seed=1, spectator=False), rows)
    assert ask(adapter, "columna A")[0].startswith(
        "Columna A: A1 C, A2 vacía, A3 S, A4 A (SA), 5 a 15 vacías"
    )
    assert ask(adapter, "fila 1")[0].startswith(
        "Fila 1: A1 C, B1 A (CA), C1 vacía, D1 S, E1 A (SA), F a O vacías"
    )
