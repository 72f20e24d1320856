"""¡Cabanga! as people say it (issue #11): cards named by their value, rows that say
which pile is which, memory aids (quedan, jugadas), the pending side on the prompt,
a pause after every new hand, one wording for cards already out, English all through.

Seed 3, the player's first turn (after Lucía, Jorge and Elena; avoid rojo):
hand rojo 3 y 5; azul 2, 7, 8 y 13; amarillo 12; morado 2 (rivals at the default
level, medio). Moments later in a game are pinned with fácil rivals (PLAY_FACIL and
the `games` fixture), which have no styles: a table gives medio and difícil rivals
a style each, and their plays change whenever those levels are tuned."""

import pytest
from entrypoint import run

from sobremesa.games.cabanga import rules as r
from sobremesa.games.cabanga import ui
from sobremesa.games.cabanga.bots import make_bot
from sobremesa.settings import Settings
from sobremesa.ui.announcer import Said
from sobremesa.ui.session import Pause

PLAY = ["jugar", "cabanga", "--semilla", "3", "--ritmo", "0"]
PLAY_EN = [*PLAY, "--idioma", "en"]
PLAY_FACIL = [*PLAY, "--nivel", "facil"]


def lines_of(args, typed, home):
    result = run(args, typed, home)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return result.stdout.splitlines()


# -- 1. cards as people say them -----------------------------------------------------


@pytest.mark.parametrize(
    "typed, played",
    [
        ("jugar 7 derecha", "Juegas azul 7 a la derecha"),  # the only 7 held, not the 7th card
        ("jugar 12 izq", "Juegas amarillo 12 a la izquierda"),  # 12 > 8 cards: still a card
        ("jugar doce izq", "Juegas amarillo 12 a la izquierda"),
        ("jugar pos 1 izquierda", "Juegas rojo 3 a la izquierda"),  # positions: explicit
        ("jugar pos8 der", "Juegas morado 2 a la derecha"),
        ("jugar posición 2 izq", "Juegas rojo 5 a la izquierda"),
        ("rojo 5 izquierda", "Juegas rojo 5 a la izquierda"),  # no "jugar"
        ("rojo 5 izq", "Juegas rojo 5 a la izquierda"),
        ("r5 d", "Juegas rojo 5 a la derecha"),
        ("13 azul der", "Juegas azul 13 a la derecha"),
        ("m 2 izq", "Juegas morado 2 a la izquierda"),  # m: mano, or morado with a card
        ("d 7", "Juegas azul 7 a la derecha"),  # the side first
        ("izquierda rojo 5", "Juegas rojo 5 a la izquierda"),
    ],
)
@pytest.mark.slow
def test_a_card_is_named_as_people_say_it(tmp_path, typed, played):
    out = lines_of(PLAY, [typed], tmp_path)
    assert any(line.startswith(played) for line in out), (typed, out[14:18])


def test_a_bare_number_in_your_window_throws_it(tmp_path):
    out = lines_of(PLAY_FACIL, ["5"], tmp_path)
    i = out.index("¡Cabanga! Rojo 11: te entra el 5.")
    assert out[i + 1] == "Tiras rojo 5."


def test_two_cards_of_that_value_are_asked_about(tmp_path):
    out = lines_of(PLAY, ["jugar 2 izquierda", "morado"], tmp_path)
    assert "¿Qué 2: azul o morado?" in out
    assert any(line.startswith("Juegas morado 2 a la izquierda") for line in out)


def test_refusals_name_the_word_that_was_wrong(tmp_path):
    out = lines_of(
        PLAY,
        [
            "jugar rojo 11 arriba",
            "jugar rojo 5 arriba",
            "jugar verde 6 izq",
            "jugar 14 izq",
            "jugar 19 izq",
            "jugar pos 9 izq",
            "jugar p5 izq",
            "jugar pos x izq",
            "rojo 5 arriba",
        ],
        tmp_path,
    )
    assert out.count('No conozco el lado "arriba": izquierda o derecha.') == 3
    assert 'No conozco el color "verde": rojo, azul, amarillo o morado.' in out
    assert "No tienes ningún 14." in out
    assert "No hay cartas del 19: van del 1 al 18." in out
    assert "No hay posición 9: tienes 8 cartas." in out
    assert "¿p5? Di m 5 para morado 5, o pos 5." in out
    assert "Di un número: jugar pos 3 izquierda." in out
    assert not any(line.startswith("Juegas") for line in out)


def test_cards_as_people_say_them_in_english(tmp_path):
    out = lines_of(PLAY_EN, ["play red 11 up", "play 2 left", "purple"], tmp_path)
    assert 'Unknown side "up": left or right.' in out
    assert "Which 2: blue or purple?" in out
    assert any(line.startswith("You play purple 2 on the left") for line in out)


# -- 2. rows say which pile is left and which right ------------------------------------


def test_rows_say_left_and_right_everywhere(tmp_path):
    out = lines_of(PLAY, ["filas", "mesa"], tmp_path)
    row = "Amarillo: izquierda gris 7, derecha gris 12, hueco del 8 al 11."
    assert out.count(row) == 3  # the round's start, filas, mesa
    assert out.count("Rojo: izquierda 18, derecha gris 14, hueco del 15 al 17.") == 2


def test_rows_brief_form_fits_a_braille_line():
    adapter = ui.new_adapter(Settings(), seed=3, spectator=False)
    for line in adapter._cmd_filas("").lines:
        assert isinstance(line, Said)
        assert len(line.brief) <= 40, line.brief
        assert " izq " in line.brief and " der " in line.brief


@pytest.mark.slow
def test_rows_in_english_say_left_and_right(tmp_path):
    out = lines_of(PLAY_EN, ["rows"], tmp_path)
    assert "Yellow: left grey 7, right grey 12, gap from 8 to 11." in out
    assert "Red: left 18, right grey 14, gap from 15 to 17." in out


# -- 3. quedan leaves out your own cards; jugadas names the plays without a gap -------


@pytest.mark.slow
def test_quedan_leaves_out_your_own_cards(games):
    out = games(9)
    # The player holds rojo 13; 14 and 15 are out: of the gap 12-15, only 12 is unseen.
    row = "Rojo: izquierda 16, derecha 11, hueco del 12 al 15, queda: 12."  # (one: singular)
    i = out.index(row)
    hand = next(line for line in out[i:] if line.startswith("Tu mano"))
    assert "rojo 3, 13 y 18" in hand


@pytest.mark.slow
def test_only_your_cards_are_left_in_a_gap(games):
    out = games(10)
    row = "Rojo: izquierda 17, derecha 12, hueco del 13 al 16, solo quedan las tuyas."
    i = out.index(row)
    hand = next(line for line in out[i:] if line.startswith("Tu mano"))
    assert "rojo 5, 13 y 14" in hand


@pytest.mark.slow
def test_quedan_in_english_is_unseen(games):
    out = games(9, english=True)
    assert "Red: left 16, right 11, gap from 12 to 15, unseen: 12." in out
    assert not any("left: " in line for line in out)


@pytest.mark.slow
def test_jugadas_names_the_plays_without_a_gap(tmp_path):
    out = lines_of(PLAY, ["jugadas"], tmp_path)
    assert "Sin castigo de color: azul 2, 7, 8 y 13; amarillo 12; morado 2." in out
    assert "Sin hueco: amarillo 12 izquierda." in out
    out = lines_of(PLAY_EN, ["options"], tmp_path / "en")
    assert "No colour penalty: blue 2, 7, 8 and 13; yellow 12; purple 2." in out
    assert "No gap: yellow 12 left." in out


@pytest.mark.slow
def test_jugadas_names_a_gap_nobody_can_fill(games):
    # Seed 9: plays that would leave gaps whose cards are all out (or the player's)
    line = "rojo 10 izquierda, rojo 10 derecha, azul 18 derecha y amarillo 10 derecha."
    assert "Hueco que nadie puede llenar: " + line in games(9)
    line = "red 10 left, red 10 right, blue 18 right and yellow 10 right."
    assert "Gap nobody can fill: " + line in games(9, english=True)


# -- 4. the prompt shows the pending side ---------------------------------------------


@pytest.mark.slow
def test_prompt_shows_the_pending_side(tmp_path):
    # Enter on an empty line says the status prompt in full.
    out = lines_of(PLAY, ["", "jugar rojo 5", "", "derecha", ""], tmp_path)
    assert "Rojo 5: ¿izq o der?" in out
    assert any(line.startswith("Juegas rojo 5 a la derecha") for line in out)
    assert out.count("Rojo 5: ¿izq o der?") == 1  # played: no longer pending
    out = lines_of(PLAY_EN, ["play red 5", ""], tmp_path / "en")
    assert "Red 5: left or right?" in out


@pytest.mark.slow
def test_a_pending_side_question_can_be_dropped(tmp_path):
    """`cancelar` at `¿izq o der?` drops the question (a blind playtest heard
    "No conozco la orden cancelar")."""
    out = lines_of(PLAY, ["jugar rojo 5", "cancelar", ""], tmp_path)
    assert "Anulado: elige otra jugada." in out
    assert "No conozco la orden cancelar. ¿Querías decir callar? Escribe ayuda." not in out
    assert out.count("Rojo 5: ¿izq o der?") == 0  # Enter: the status, no question pending


@pytest.mark.slow
def test_a_pending_question_survives_a_save(tmp_path):
    lines_of(PLAY, ["jugar rojo 5"], tmp_path)
    out = lines_of(["continuar", "--ritmo", "0"], ["", "derecha"], tmp_path)
    assert "Rojo 5: ¿izq o der?" in out
    assert any(line.startswith("Juegas rojo 5 a la derecha") for line in out)
    home = tmp_path / "which"
    lines_of(PLAY, ["jugar 2 der"], home)
    out = lines_of(["continuar", "--ritmo", "0"], ["", "azul"], home)
    assert "¿Qué 2?" in out
    assert any(line.startswith("Juegas azul 2 a la derecha") for line in out)


def test_short_prompt_for_speech_is_the_side_question():
    adapter = ui.new_adapter(Settings(), seed=3, spectator=False)
    play_until_players_turn(adapter)
    assert adapter.prompt() == "Juega> "
    adapter._cmd_jugar("rojo 5")
    assert adapter.prompt() == "¿izq o der?> "
    adapter.status_prompt = True
    assert adapter.prompt() == "Rojo 5: ¿izq o der?> "
    assert len(adapter.prompt()) <= 30


# -- 5. a pause after the new hand in every round ----------------------------------------


def play_until_players_turn(adapter):
    game = adapter.game
    while not (game.phase == "play" and game.current_seat == 0):
        seat = game.to_act()[0]
        action = r.Pass() if seat == 0 else adapter.bot_action(seat)
        adapter.observe(game.apply(seat, action))


def round_two_items(starter_is_player):
    """The lines of the batch in which round 2 begins, in a game where every seat
    (the player's too) is played by a bot."""
    for seed in range(40):
        adapter = ui.new_adapter(Settings(), seed=seed, spectator=False)
        adapter.bots[0] = make_bot("facil", 0, rng_seed=seed)
        game = adapter.game
        while not game.is_over():
            seat = game.to_act()[0]
            events = game.apply(seat, adapter.bot_action(seat))
            adapter.observe(events)
            started = [e for e in events if isinstance(e, r.RoundStarted)]
            if started and started[0].round_no == 2:
                if (started[0].starter == 0) == starter_is_player:
                    return adapter.describe_events(events)
                break
    pytest.fail("no such round 2")


def test_every_new_round_waits_for_enter_after_the_hand():
    items = round_two_items(starter_is_player=False)
    pauses = [i for i, item in enumerate(items) if isinstance(item, Pause)]
    assert [items[i].line for i in pauses] == [
        "Pulsa Intro para empezar la ronda 2.",
        "Pulsa Intro para empezar.",
    ]
    gate, start = pauses
    between = [str(item) for item in items[gate + 1 : start]]
    assert between[0].startswith("Ronda 2. Empieza ")
    assert [line.split(":")[0] for line in between[1:5]] == ["Rojo", "Azul", "Amarillo", "Morado"]
    assert between[-1].startswith("Tus cartas: ")
    assert start == len(items) - 1  # nothing is played before Enter


def test_a_round_the_player_starts_waits_for_their_play():
    items = round_two_items(starter_is_player=True)
    assert [item.line for item in items if isinstance(item, Pause)] == [
        "Pulsa Intro para empezar la ronda 2."
    ]
    assert str(items[-1]) == "Tu turno."


# -- 6. one wording for cards already out ------------------------------------------------


@pytest.mark.slow
def test_cards_already_out_have_one_wording(games):
    out = games(37)
    text = "\n".join(out)
    assert "ya salidas" not in text and "ya han salido todas" not in text
    assert (
        "Elena juega amarillo 4 a la izquierda; hueco: el 2 y el 3, ya han salido: no hay cabanga."
        in out
    )
    assert "Amarillo: izquierda 4, derecha 1, hueco: el 2 y el 3, ya han salido." in out
    assert "Azul: izquierda 2, derecha 4, hueco: el 3, ya ha salido." in games(9)


# -- 7. the rules say when a round really ends -------------------------------------------


@pytest.mark.slow
def test_rules_say_the_round_ends_after_the_throws(tmp_path):
    out = lines_of(PLAY, ["reglas", ""], tmp_path)
    assert (
        "La ronda acaba al final del turno, después del cabanga y sus castigos, "
        "si alguien se ha quedado sin cartas." in out
    )
    out = lines_of(PLAY_EN, ["rules"], tmp_path / "en")
    assert (
        "The round ends at the end of the turn, after the cabanga and its penalties, "
        "if someone has run out of cards." in out
    )


def test_the_session_pauses_after_the_new_hand():
    # Through the real Session, on a fake clock: Enter at every gate.
    from listening import Listener, make_session

    for seed in range(3, 12):
        adapter = ui.new_adapter(Settings(), seed=seed, spectator=False)
        listener = Listener([("jugar pos 1 izquierda", 0.0)] * 60, when="Juega")
        session, console, clock = make_session(adapter, listener)
        adapter.start(session)
        session.run()
        out = console.text()
        gate = "Pulsa Intro para empezar la ronda 2."
        if gate not in out or "Ronda 2. Empieza " not in "\n".join(out):
            continue
        i = out.index(gate)
        if out[i + 1].startswith("Ronda 2. Empiezas"):
            continue
        assert out[i + 1].startswith("Ronda 2. Empieza ")
        assert out[i + 6].startswith("Tus cartas: ")
        assert out[i + 7] == "Pulsa Intro para empezar."
        assert " juega " in out[i + 8]  # the rival's first play, after Enter
        return
    pytest.fail("no round 2 started by a rival")


# -- The blind playtest's frictions (issue #11, second pass) ----------------------------

# Reads the rows and the hand, plays the first card on the left, asks jugadas, throws.
ASK = ["filas", "mano", "jugar pos 1 izquierda", "jugadas", "cabanga"]
ASK_EN = ["rows", "hand", "play pos 1 left", "options", "cabanga"]


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """Whole games against fácil rivals, played once for the tests below: (seed,
    language) → lines."""
    cache = {}

    def played(seed, english=False, script=None):
        key = (seed, english, tuple(script or ()))
        if key not in cache:
            args = ["jugar", "cabanga", "--semilla", str(seed), "--ritmo", "0", "--nivel", "facil"]
            args += ["--idioma", "en"] if english else []
            typed = (script or (ASK_EN if english else ASK)) * 60
            cache[key] = lines_of(args, typed, tmp_path_factory.mktemp("game"))
        return cache[key]

    return played


@pytest.mark.parametrize(
    "typed, played",
    [
        ("el 7 azul a la derecha", "Juegas azul 7 a la derecha"),
        ("Juegas amarillo 12 a la izquierda.", "Juegas amarillo 12 a la izquierda"),
        ("juegas amarillo 12 a la izquierda", "Juegas amarillo 12 a la izquierda"),
        ("jugar rojo 5 a la izquierda", "Juegas rojo 5 a la izquierda"),
        ("juego el rojo 5 por la derecha", "Juegas rojo 5 a la derecha"),
        ("rojo 5 en la izquierda", "Juegas rojo 5 a la izquierda"),
        ("el 5 de rojo a la izquierda", "Juegas rojo 5 a la izquierda"),
        ("a 7 a la derecha", "Juegas azul 7 a la derecha"),  # a: azul, then a filler
        ("yo juego el 7 azul a la derecha", "Juegas azul 7 a la derecha"),
    ],
)
@pytest.mark.slow
def test_a_move_as_the_game_says_it_plays(tmp_path, typed, played):
    out = lines_of(PLAY, [typed], tmp_path)
    assert any(line.startswith(played) for line in out), (typed, out[14:18])
    assert not any(line.startswith(("No conozco", "Di ")) for line in out)


def test_a_la_izquierda_answers_the_side_and_a_alone_is_still_help(tmp_path):
    out = lines_of(PLAY, ["a", "jugar rojo 5", "a la derecha"], tmp_path)
    assert "puntos: puntuaciones (F4, p)" in out  # a: ayuda
    assert any(line.startswith("Juegas rojo 5 a la derecha") for line in out)


def test_a_move_as_the_game_says_it_plays_in_english(tmp_path):
    out = lines_of(PLAY_EN, ["You play red 5 on the left."], tmp_path)
    assert any(line.startswith("You play red 5 on the left") for line in out)


@pytest.mark.slow
def test_resume_and_turno_say_the_colour_to_avoid(tmp_path):
    out = lines_of(PLAY, ["turno", "salir"], tmp_path)
    assert "Tu turno: evita el rojo. Ronda 1." in out
    out = lines_of(["continuar", "--ritmo", "0"], ["salir"], tmp_path)
    i = out.index("Morado: izquierda gris 18, derecha 18, sin hueco.")
    assert out[i + 1 : i + 4] == [
        "Última jugada: Elena juega rojo 18 a la izquierda; hueco del 15 al 17; no te entra.",
        "Cartas: Lucía 7, Jorge 7, Elena 7.",
        "Tu turno: evita el rojo. Ronda 1.",
    ]
    home = tmp_path / "en"
    lines_of(PLAY_EN, ["quit"], home)
    out = lines_of(["continuar", "--ritmo", "0", "--idioma", "en"], ["turn", "quit"], home)
    assert "Cards: Lucía 7, Jorge 7, Elena 7." in out
    assert out.count("Your turn: avoid red. Round 1.") == 2  # the summary, then turn


@pytest.mark.slow
def test_the_window_line_names_the_cards_within_eight_words(games):
    out = games(9)
    # Named while the line keeps to 8 words, so "cabanga 4 10" can be typed at once;
    # beyond, the count, and jugadas names them.
    windows = [line for line in out if line.startswith("¡Cabanga! ")]
    assert windows and all(len(line.split()) <= 8 for line in windows)
    assert "¡Cabanga! Morado 2: te entran 4 y 10." in out
    assert "¡Cabanga! Azul 4: te entran 3 cartas." in out
    i = out.index("¡Cabanga! Amarillo 2: te entran 5 cartas.")
    assert "Te entran: amarillo 7, 8, 12, 14 y 17. Escribe cabanga o paso." in out[i : i + 10]
    out = games(9, english=True)
    i = out.index("Cabanga! Yellow 2: 5 cards of yours fit.")
    fit = "Your cards that fit: yellow 7, 8, 12, 14 and 17. Type cabanga or pass."
    assert fit in out[i : i + 10]


@pytest.mark.slow
def test_rules_read_as_rules(tmp_path):
    out = lines_of(PLAY, ["reglas", ""], tmp_path)
    assert (
        "¡Cabanga! Cuatro colores, cartas del 1 al 18. Se reparten 8 cartas a cada jugador." in out
    )
    assert (
        "Puntos de castigo: el 1 y el 18 valen 3; el 2, el 3, el 16 y el 17 valen 2; las demás, 1."
        in out
    )
    assert not any("suposición" in line or "ímbolos" in line for line in out)
    out = lines_of(PLAY_EN, ["rules", ""], tmp_path / "en")
    assert "Cabanga! Four colours, cards from 1 to 18. Each player is dealt 8 cards." in out
    assert (
        "Penalty points: the 1 and the 18 are worth 3; the 2, 3, 16 and 17 are worth 2; "
        "the rest, 1." in out
    )


@pytest.mark.slow
def test_gap_lines_say_which_cards_are_left(tmp_path, games):
    out = games(9)
    assert (
        "Lucía juega morado 14 a la derecha; hueco del 3 al 13, "
        "quedan 9, han salido: 4 y 10; no te entra." in out
    )
    # Many left: counted, and what is out named (a playtest lost a list of ten).
    assert "Juegas rojo 3 a la izquierda; hueco del 4 al 10, quedan 6, ha salido el 8." in out
    out = lines_of(PLAY_FACIL, ["5", "12", "jugar pos 1"], tmp_path)
    assert (
        "Rojo 3: a la izquierda deja hueco del 4 al 10, quedan: 4, 6, 7, 8 y 9; "
        "a la derecha no deja hueco. Escribe izquierda o derecha." in out
    )


def test_gap_lines_brief_forms_fit_a_braille_line():
    briefs = []
    for seed in range(3, 7):
        adapter = ui.new_adapter(Settings(), seed=seed, spectator=False)
        adapter.bots[0] = make_bot("facil", 0, rng_seed=seed)
        game = adapter.game
        while not game.is_over():
            seat = game.to_act()[0]
            events = game.apply(seat, adapter.bot_action(seat))
            adapter.observe(events)
            briefs += [i.brief for i in adapter.describe_events(events) if isinstance(i, Said)]
    assert any("quedan " in b for b in briefs)
    assert all(len(b) <= 40 for b in briefs), [b for b in briefs if len(b) > 40]


@pytest.mark.slow
def test_all_your_cards_are_of_the_colour_to_avoid_agrees(games):
    assert "Todas tus cartas son rojas: robarás una de castigo." in games(10)
    assert "Todas tus cartas son azules: robarás una de castigo." in games(2)
    assert "All your cards are blue: you will draw a penalty card." in games(2, english=True)


@pytest.mark.slow
def test_help_explains_the_side_and_the_jugadas_shortcut(tmp_path):
    out = lines_of(PLAY, ["ayuda", "", "co"], tmp_path)
    assert (
        "izquierda o derecha: la pila para la carta que escribiste sin lado, como rojo 4 (i)" in out
    )
    assert "jugadas: qué puedes jugar sin castigo y sin hueco (F7, co)" in out
    assert "Sin hueco: amarillo 12 izquierda." in out  # co: jugadas
    out = lines_of(PLAY_EN, ["help", ""], tmp_path / "en")
    assert "left or right: the pile for the card you typed without a side, as red 4" in out


@pytest.mark.slow
def test_the_final_screen_ranks_and_says_who_ended_it(games):
    out = games(37)
    i = out.index("Llegas a 20 y termina la partida.")
    assert out[i : i + 4] == [
        "Llegas a 20 y termina la partida.",
        "Gana Elena con 6 puntos.",
        "Quedas cuarto.",
        "Puntos finales: Elena 6, Ana 11, Mario 16, Tú 20.",
    ]
    out = games(9)
    assert "Pablo llega a 18 y termina la partida." in out
    assert "Quedas tercero." in out
    out = games(9, english=True)
    i = out.index("Pablo reaches 18 and the game ends.")
    assert out[i : i + 4] == [
        "Pablo reaches 18 and the game ends.",
        "Marta wins with 0 points.",
        "You finish third.",
        "Final scores: Marta 0, Lucía 8, You 9, Pablo 18.",
    ]


@pytest.mark.slow
def test_mesa_says_what_it_counts_and_the_limit_is_warned(tmp_path, games):
    out = lines_of(PLAY, ["mesa"], tmp_path)
    assert (
        "Mazo de castigo: 40 cartas. Tiradas por cabanga: 0. Cartas: Tú 8, Lucía 7, Jorge 7, Elena 7."
        in out
    )
    out = games(37)
    i = out.index("Estás a 1 del límite.")
    assert out[i - 1].startswith("Mario: ") and out[i + 1] == "Mario está a 2 del límite."
    assert out[i + 2].startswith("Ronda 3.")  # after every result, before the next round
    assert "Mario is 2 from the limit." in games(37, english=True)
