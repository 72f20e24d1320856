"""Palabras through the real entry point (`python -m sobremesa`, stdin not a TTY),
for issue #11: move lines that say where a word lies and what it took from the
board, exploration jumps, pista and probar, braille rows with blanks, used
premiums, the optional confirmation; in Spanish and in English."""

import json
import re

import pytest
from entrypoint import run

PLAY = ["jugar", "palabras", "--ritmo", "0"]


def play(seed, lines, home, *, language="es", confirm=None):
    if confirm is not None:
        (home / "config").mkdir(parents=True)
        (home / "config" / "ajustes.json").write_text(
            json.dumps({"palabras": {"confirm_moves": confirm}}), encoding="utf-8"
        )
    result = run([*PLAY, "--semilla", str(seed), "--idioma", language], lines, home)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return result.stdout.splitlines()


# --- 1. every move says where it lies and what it reused --------------------------------

MOVE = {
    "es": re.compile(
        r"(?P<who>.+?) (?:juega|Juegas) (?P<word>\S+) de (?P<first>[A-O]\d+) a (?P<last>[A-O]\d+), "
        r"(?P<dir>horizontal|vertical)(?:, con (?P<reused>.+?))?: \d+ puntos? \(total \d+\)\."
    ),
    "en": re.compile(
        r"(?P<who>.+?) (?:plays|play) (?P<word>\S+) from (?P<first>[A-O]\d+) to (?P<last>[A-O]\d+), "
        r"(?P<dir>across|down)(?:, with (?P<reused>.+?))?: \d+ points? \(total \d+\)\."
    ),
}
ONE = {"es": r"la (\w) de ([A-O]\d+)", "en": r"the (\w) on ([A-O]\d+)"}
RUN = {
    "es": r"(\w{2,}) de ([A-O]\d+) a ([A-O]\d+)",
    "en": r"(\w{2,}) from ([A-O]\d+) to ([A-O]\d+)",
}
COLUMNS = "ABCDEFGHIJKLMNO"


def square(name):
    return int(name[1:]) - 1, COLUMNS.index(name[0])


def check_move_lines(lines, language):
    """Every move line names its squares and the board letters it took, and they
    agree with the word: the letter named is the word's letter on that square."""
    moves = [line for line in lines if MOVE[language].fullmatch(line)]
    reusing = 0
    for line in moves:
        found = MOVE[language].fullmatch(line)
        word = found["word"].upper()
        (r0, c0), (r1, c1) = square(found["first"]), square(found["last"])
        down = found["dir"] in ("vertical", "down")
        assert (c0 == c1) if down else (r0 == r1), line
        assert (r1 - r0 if down else c1 - c0) == len(word) - 1, line
        if not found["reused"]:
            continue
        reusing += 1
        text = found["reused"]
        for letter, name in re.findall(ONE[language], text):
            r, c = square(name)
            assert word[(r - r0) if down else (c - c0)] == letter, line
        for letters, first, last in re.findall(RUN[language], text):
            r, c = square(first)
            k = (r - r0) if down else (c - c0)
            assert word[k : k + len(letters)] == letters, line
            assert square(last) == (
                (r + len(letters) - 1, c) if down else (r, c + len(letters) - 1)
            )
    return moves, reusing


@pytest.mark.slow
def test_move_lines_say_their_squares_and_the_letters_they_took(tmp_path):
    lines = play(2, ["jugar ANEAS 8D", *["pista"] * 3, "ultima", "salir"], tmp_path / "es")
    assert "Juegas ANEAS de D8 a H8, horizontal: 12 puntos (total 12)." in lines
    spectator = run(
        ["jugar", "palabras", "--espectador", "--rivales", "3", "--semilla", "5", "--ritmo", "0"],
        [],
        tmp_path / "spectator",
    ).stdout.splitlines()
    moves, reusing = check_move_lines(spectator, "es")
    assert len(moves) > 15 and reusing > 5
    # several letters: 'con la I de B8 y la E de B10' or a run of them as a word
    assert any(" y la " in line or re.search(RUN["es"], line) for line in moves)
    # a move that took nothing adds nothing
    assert any(", con " not in line for line in moves)


@pytest.mark.slow
def test_move_lines_in_english(tmp_path):
    lines = play(2, ["play ANEAS 8D", "quit"], tmp_path / "en", language="en")
    assert "You play ANEAS from D8 to H8, across: 12 points (total 12)." in lines
    spectator = run(
        ["jugar", "palabras", "--espectador", "--rivales", "3", "--semilla", "5"]
        + ["--ritmo", "0", "--idioma", "en"],
        [],
        tmp_path / "spectator",
    ).stdout.splitlines()
    moves, reusing = check_move_lines(spectator, "en")
    assert len(moves) > 15 and reusing > 5
    assert not any(" juega " in line or ", con " in line for line in spectator)


# --- 2. exploration jumps ---------------------------------------------------------------------


@pytest.mark.slow
def test_exploration_jumps_to_tiles_gaps_and_words(tmp_path):
    lines = play(
        2,
        [
            "jugar ANEAS 8D",
            "palabras",
            "explorar A8",
            "saltar derecha",  # over the empty squares to the first tile
            "hueco derecha",  # past ANEAS to the square after it
            "hueco izquierda",  # back past ANEAS
            "saltar izquierda",  # nothing further left
            "ir ANEAS",
            "ir 1",
            "siguiente",
            "anterior",
            "anterior",
            "ir 99",
            "ir PEZ",
            "dejar",
            "salir",
        ],
        tmp_path / "es",
    )
    at = lines.index("Exploras el tablero: flechas para moverte, Escape o dejar para terminar.")
    words = [line for line in lines if line.startswith(("Horizontales: ", "Verticales: "))]
    numbered = re.findall(r"(\d+) (\S+) (\S+)", " ".join(words))
    assert [int(n) for n, _w, _p in numbered] == list(range(1, len(numbered) + 1))
    aneas = next(n for n, w, p in numbered if w == "ANEAS")
    count = len(numbered)
    first = next(w for n, w, p in numbered if n == "1")
    assert lines[at + 1 : at + 6] == [
        "A8: vacía, palabra triple.",
        "D8: A, 1 punto, letra doble, usada; en ANEAS.",
        "I8: vacía.",
        "C8: vacía.",
        "Ninguna ficha más a la izquierda. C8: vacía.",
    ]
    assert lines[at + 6] == (
        f"ANEAS en 8D horizontal, palabra {aneas} de {count}. D8: A, 1 punto, letra doble, usada."
    )
    assert lines[at + 7].startswith(f"{first} en ") and f"palabra 1 de {count}." in lines[at + 7]
    assert f"palabra 2 de {count}." in lines[at + 8]
    assert lines[at + 9] == lines[at + 7]
    assert lines[at + 10] == "Primera palabra. " + lines[at + 7]
    assert lines[at + 11] == f"No hay palabra 99: en el tablero hay {count}."
    assert lines[at + 12] == "PEZ no está en el tablero; la orden palabras las dice todas."
    assert lines[at + 13].startswith("Dejas de explorar. El cursor queda en ")


def test_exploration_jumps_in_english(tmp_path):
    lines = play(
        2,
        ["play ANEAS 8D", "explore A8", "jump right", "gap right", "go ANEAS", "next", "quit"],
        tmp_path / "en",
        language="en",
    )
    at = lines.index("You explore the board: arrows to move, Escape or leave to finish.")
    assert lines[at + 1 : at + 4] == [
        "A8: empty, triple word.",
        "D8: A, 1 point, double letter, used; in ANEAS.",
        "I8: empty.",
    ]
    assert re.fullmatch(
        r"ANEAS at 8D across, word \d of \d\. D8: A, 1 point, double letter, used\.", lines[at + 4]
    )
    assert re.fullmatch(r"\S+ at \S+ (across|down), word \d of \d\. .*", lines[at + 5])


# --- 3. pista, probar ---------------------------------------------------------------------------


def test_hint_says_the_bonus_and_probar_respects_the_blank(tmp_path):
    # Seed 26: the rack ?OPOUCD plays COPUDOS with the blank as S, all 7 tiles.
    lines = play(
        26,
        ["pista", "probar COPUDOs", "probar cOPUDOS", "probar copudos", "salir"],
        tmp_path / "es",
    )
    hint = next(line for line in lines if line.startswith("Pista: "))
    found = re.fullmatch(
        r"Pista: COPUDOS en \S+ horizontal, (\d+) puntos, con 40 por usar las 7 fichas\. "
        r"Forma: COPUDOS (\d+)\. Comodín como S en H8\.",
        hint,
    )
    assert found and int(found[1]) == int(found[2]) + 40, hint
    assert "Para jugarla: jugar COPUDOs 8B." in lines
    fits = [line for line in lines if line.startswith("COPUDOS cabe en ")]
    assert len(fits) == 2  # COPUDOs and copudos
    assert all("comodín como S" in line for line in fits)
    assert "COPUDOS no cabe con tu atril en ningún sitio." in lines  # the blank as C: no S


def test_probar_says_a_word_runs_into_board_tiles(tmp_path):
    lines = play(
        2,
        ["jugar ANEAS", "jugar ANEAS 8D", "probar AN 8B", "probar HA 8I", "salir"],
        tmp_path / "es",
    )
    assert "Falta la casilla: ANEAS 8H horizontal, ANEAS H8 vertical." in lines
    assert "AN toca ANEAS de D8 a H8: sería ANANEAS." in lines
    assert "HA toca ANEAS de D8 a H8: sería ANEASHA en 8D." in lines


@pytest.mark.slow
def test_pista_and_probar_in_english(tmp_path):
    lines = play(
        26,
        ["hint", "try COPUDOs", "try COPUDOS", "play COPUDOs", "play COPUDOs 8B", "try OS 8I"],
        tmp_path / "en",
        language="en",
    )
    hint = next(line for line in lines if line.startswith("Hint: "))
    assert re.fullmatch(
        r"Hint: COPUDOS at \S+ across, \d+ points, 40 of them for using all 7 tiles\. "
        r"Forms: COPUDOS \d+\. Blank as S on H8\.",
        hint,
    )
    assert any(line.startswith("COPUDOS fits in ") and "blank as S" in line for line in lines)
    assert "The square is missing: COPUDOS 8H across, COPUDOS H8 down." in lines
    assert "OS touches COPUDOS from B8 to H8: it would be COPUDOSOS at 8B." in lines


# --- 4. braille rows and used premiums -------------------------------------------------------


def test_braille_rows_mark_blanks_and_squares_say_used_premiums(tmp_path):
    lines = play(
        26,
        ["jugar COPUDOs 8B", "braille fila 8", "braille columna H", "casilla H8", "salir"],
        tmp_path / "es",
    )
    assert "Fila 8: ⠤⠉⠕⠏⠥⠙⠕⠔⠤⠤⠤⠤⠤⠤⠤ comodín H8 S" in lines
    column = next(line for line in lines if line.startswith("Columna H: "))
    assert column[11 + 7] == "⠔" and column.endswith("comodín H8 S")
    assert "H8: comodín como S, 0 puntos, palabra doble, usada." in lines


@pytest.mark.slow
def test_braille_rows_and_used_premiums_in_english(tmp_path):
    lines = play(
        26,
        ["play COPUDOs 8B", "braille row 8", "square H8", "quit"],
        tmp_path / "en",
        language="en",
    )
    row = next(line for line in lines if line.startswith("Row 8: "))
    assert row.startswith("Row 8: ⠤⠉⠕⠏⠥⠙⠕⠔") and row.endswith("blank H8 S")
    assert "H8: blank as S, 0 points, double word, used." in lines


# --- 5. confirmation before a move ---------------------------------------------------------------


@pytest.mark.slow
def test_confirmation_asks_and_anything_but_yes_cancels(tmp_path):
    asked = "ANEAS de D8 a H8, horizontal: 12 puntos. ¿Jugar? sí o no"
    cancelled = "Anulada: no juegas ANEAS."
    lines = play(
        2,
        [
            "jugar ANEAS 8D",
            "no",
            "jugar ANEAS 8D",
            "",  # Enter on an empty line
            "jugar ANEAS 8D",
            "atril",  # another command: cancels, then runs
            "jugar ANEAS 8D",
            "quizá",
            "jugar ANEAS 8A",  # refused at once, nothing to confirm
            "jugar ANEAS 8D",
            "sí",
            "salir",
        ],
        tmp_path / "es",
        confirm=True,
    )
    assert lines.count(asked) == 5
    assert lines.count(cancelled) == 4
    rack = next(k for k, line in enumerate(lines) if line.startswith("Tu atril, 7 fichas: "))
    assert lines[rack - 2 : rack] == [asked, cancelled]  # cancelled, then the command ran
    assert "La primera jugada debe pasar por H8." in lines
    played = "Juegas ANEAS de D8 a H8, horizontal: 12 puntos (total 12)."
    assert lines.count(played) == 1
    # off (the default): jugar plays at once
    direct = play(2, ["jugar ANEAS 8D", "salir"], tmp_path / "off")
    assert played in direct and not any("¿Jugar?" in line for line in direct)


@pytest.mark.slow
def test_confirmation_in_english(tmp_path):
    lines = play(
        2,
        ["play ANEAS 8D", "no", "play ANEAS 8D", "yes", "quit"],
        tmp_path / "en",
        language="en",
        confirm=True,
    )
    assert lines.count("ANEAS from D8 to H8, across: 12 points. Play it? yes or no") == 2
    assert "Cancelled: you do not play ANEAS." in lines
    assert lines.count("You play ANEAS from D8 to H8, across: 12 points (total 12).") == 1


# --- 6. frictions of the blind playtest -------------------------------------------------------


@pytest.mark.slow
def test_opening_says_the_bag_after_the_deal_and_reads_the_rack_whoever_starts(tmp_path):
    mine = play(26, ["mesa", "salir"], tmp_path / "first")  # the player starts
    assert "Palabras: 2 jugadores, 83 fichas en la bolsa. La primera palabra pasa por H8." in mine
    assert "Bolsa: 83 fichas. Fichas en los atriles: Tú 7, Pablo 7." in mine
    start = mine.index("Empiezas tú.")
    assert mine[start + 1 : start + 3] == ["Tus fichas: C, D, O, O, P, U y comodín.", "Tu turno."]
    theirs = play(3, ["salir"], tmp_path / "second")  # the rival starts
    assert "Palabras: 2 jugadores, 83 fichas en la bolsa. La primera palabra pasa por H8." in theirs
    assert "Tus fichas: A, A, B, G, I, J y Q." in theirs


@pytest.mark.slow
def test_opening_in_english(tmp_path):
    lines = play(26, ["quit"], tmp_path / "en", language="en")
    assert "Palabras: 2 players, 83 tiles in the bag. The first word goes through H8." in lines
    start = lines.index("You play first.")
    assert lines[start + 1 : start + 3] == ["Your tiles: C, D, O, O, P, U and blank.", "Your turn."]


@pytest.mark.slow
def test_probar_without_a_square_says_first_that_a_word_is_not_one(tmp_path):
    lines = play(2, ["probar PITEC", "probar CASA", "salir"], tmp_path / "es")
    assert "PITEC no está en el diccionario." in lines
    assert not any(line.startswith("PITEC no cabe") for line in lines)
    assert "CASA no cabe con tu atril en ningún sitio." in lines  # a word: the rack decides
    english = play(2, ["try PITEC", "quit"], tmp_path / "en", language="en")
    assert "PITEC is not in the dictionary." in english


@pytest.mark.slow
def test_blank_square_named_and_the_bonus_said_as_included(tmp_path):
    # Seed 26: COPUDOs 8B, blank as S on H8, all 7 tiles; Pablo answers ABETALES, 7 tiles.
    lines = play(
        26,
        ["pista", "probar COPUDOs 8B", "jugar COPUDOs 8B", "ultima", "historial 12", "salir"],
        tmp_path / "es",
    )
    bonus = "68 puntos, con 40 por usar las 7 fichas"
    assert (
        f"Pista: COPUDOS en 8B horizontal, {bonus}. Forma: COPUDOS 28. Comodín como S en H8."
        in lines
    )
    assert f"COPUDOS en 8B horizontal valdría {bonus}." in lines
    assert "Forma: COPUDOS 28. Comodín como S en H8." in lines
    assert f"Juegas COPUDOS de B8 a H8, horizontal: {bonus} (total 68)." in lines
    assert "Comodín como S en H8." in lines
    assert any(
        line.startswith("Pablo juega ABETALES ")
        and "70 puntos, con 40 por usar las 7 fichas" in line
        for line in lines
    )
    assert not any("Más 40" in line for line in lines)


def test_blank_square_and_bonus_in_english(tmp_path):
    lines = play(
        26, ["hint", "try COPUDOs 8B", "play COPUDOs 8B", "quit"], tmp_path / "en", language="en"
    )
    bonus = "68 points, 40 of them for using all 7 tiles"
    assert f"Hint: COPUDOS at 8B across, {bonus}. Forms: COPUDOS 28. Blank as S on H8." in lines
    assert f"COPUDOS at 8B across would score {bonus}." in lines
    assert f"You play COPUDOS from B8 to H8, across: {bonus} (total 68)." in lines
    assert "Blank as S on H8." in lines
    assert not any("Plus 40" in line for line in lines)


def test_small_wording_rows_rules_braille_legend_and_explored_words(tmp_path):
    lines = play(
        26,
        [
            "jugar COPUDOs 8B",
            "fila 8",
            "reglas",
            "",
            "braille fila 8",
            "braille columna H",
            "explorar C8",
            "derecha",
            "salir",
        ],
        tmp_path / "es",
    )
    row = next(line for line in lines if line.startswith("Fila 8: "))
    assert row.startswith("Fila 8: A8 vacía, B8 C,") and "I a O vacías" in row
    assert "No hay K ni W. CH, LL y RR se escriben con dos fichas." in lines
    assert lines.count("⠤ casilla vacía, ⠔ comodín.") == 1  # the first braille row only
    legend = lines.index("⠤ casilla vacía, ⠔ comodín.")
    assert lines[legend - 1].startswith("Fila 8: ⠤⠉⠕")
    assert lines[legend + 1].startswith("Columna H: ")
    assert "C8: O, 1 punto; en COPUDOS." in lines
    assert "D8: P, 3 puntos, letra doble, usada; en COPUDOS." in lines


def test_small_wording_in_english(tmp_path):
    lines = play(
        26,
        ["play COPUDOs 8B", "row 8", "rules", "", "braille row 8", "explore C8", "quit"],
        tmp_path / "en",
        language="en",
    )
    assert any(line.startswith("Row 8: A8 empty, B8 C,") for line in lines)
    assert "There is no K or W. CH, LL and RR are spelled with two tiles." in lines
    assert "⠤ empty square, ⠔ blank." in lines
    assert "C8: O, 1 point; in COPUDOS." in lines


@pytest.mark.slow
def test_help_shows_only_shortcuts_of_the_players_language(tmp_path):
    spanish = play(2, ["ayuda", "", "", "", "", "salir"], tmp_path / "es")
    help_lines = [line for line in spanish if ": " in line]
    assert not any(re.search(r"\((?:.*, )?(?:up|go)\)$", line) for line in help_lines), help_lines
    assert "arriba, abajo, izquierda, derecha: mueven el cursor (ar)" in spanish
    assert any(line.startswith("ir H8, ir CASA o ir 3: ") for line in spanish)
    assert (
        "jugar CASA 8H: horizontal; jugar CASA H8: vertical; una letra en minúscula es el comodín (j)"
        in spanish
    )
    english = play(2, ["help", "", "", "", "", "quit"], tmp_path / "en", language="en")
    assert "up, down, left, right: move the cursor" in english
    assert "go H8, go CASA or go 3: take the cursor to a square or to a word of the list" in english
    assert "play CASA 8H: across; play CASA H8: down; a lowercase letter is the blank" in english
