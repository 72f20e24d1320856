"""Nothing a player types crashes a game or a menu (#15).

Seeded random lines go through the real entry point (stdin not a TTY) for each of the
four games and through the menus: the game's own commands with random arguments,
numbers in other scripts (`²`, `①`, `٣`, fullwidth `３`), control characters, very long
lines and random Unicode, mixed with lines that move the game on. Every run ends with
exit code 0 and nothing on stderr; the save left behind restores into a game whose
invariants hold (no card or tile created or lost, somebody to act) and `sobremesa
continuar JUEGO` resumes it. The first-run setup and the continue list only appear at
a terminal: they are fuzzed in-process with a console that says it is one.

The quick variant runs in CI (a few seconds); the `slow` one runs more seeds and
longer scripts.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections import Counter

import pytest
from entrypoint import run

from sobremesa import cli, saves
from sobremesa.core.cards import make_deck
from sobremesa.games.cabanga.ui import COMMANDS as CABANGA_COMMANDS
from sobremesa.games.castana.rules import full_deck
from sobremesa.games.castana.ui import COMMANDS as CASTANA_COMMANDS
from sobremesa.games.chinchon.ui import COMMANDS as CHINCHON_COMMANDS
from sobremesa.games.palabras.tiles import full_bag
from sobremesa.games.palabras.ui import COMMANDS as PALABRAS_COMMANDS
from sobremesa.settings import Settings
from sobremesa.ui.numbers import decimal_number, is_number, number, signed_number
from sobremesa.ui.session import COMMON_COMMANDS

GAMES = ("chinchon", "palabras", "cabanga", "castana")
LEAVING = {"salir", "quit", "exit", "q"}  # a fuzz line that leaves would end the run early
# `ritmo 8` would make every rival wait 8 real seconds: ritmo only gets what it refuses.
PACE = {"ritmo", "pace"}

COMMANDS = {
    game: [
        word
        for spec in (*specs, *COMMON_COMMANDS)
        for word in (spec.name, *spec.aliases)
        if word not in LEAVING | PACE and spec.name not in ("salir", "ritmo")
    ]
    for game, specs in (
        ("chinchon", CHINCHON_COMMANDS),
        ("palabras", PALABRAS_COMMANDS),
        ("cabanga", CABANGA_COMMANDS),
        ("castana", CASTANA_COMMANDS),
    )
}

# Lines that move each game on whatever the moment (refused harmlessly otherwise).
PROGRESS = {
    "chinchon": ["robar", "cerrar", "descartar p8", "listo", "no", "coger", "si"],
    "palabras": ["cambiar A", "pasar", "jugar CASA H8", "jugar sol 8H", "si", "pista"],
    "cabanga": ["jugar pos 1 izquierda", "cabanga", "paso", "jugar 7 derecha"],
    "castana": ["jugar 1 verde", "jugar 2", "robar", "paso", "dar 1", "", "ana", "dudo"],
}

# Not ASCII digits, though str.isdigit() or int() may take some of them.
ODD_DIGITS = [
    "²", "³", "¹", "⁴", "₂", "①", "⑳", "½", "٣", "۵", "९", "３", "𝟓", "໓", "߂", "Ⅻ", "〇",
]  # fmt: skip
WORDS = [
    "0", "1", "2", "3", "7", "8", "12", "15", "18", "99", "-1", "+3", "007", "1_0", "1e3",
    "0,5", "2.5", "nan", "inf", "p1", "p8", "pos", "pos3", "en", "a", "de", "oros", "copas",
    "espadas", "bastos", "sota", "rey", "as", "rojo", "azul", "amarillo", "morado", "r7",
    "izquierda", "derecha", "izq", "der", "H8", "8H", "A1", "O15", "P16", "verde", "roja",
    "casa", "CASA", "ñ", "Ñ", "comodín", "?", "*", "", " ", "todo", "combinaciones",
]  # fmt: skip
CONTROLS = [chr(c) for c in range(32) if c not in (10, 13)] + ["\x7f", "\x85", "\u2028"]
KEYS = ["\x1b", "\x1b[A", "\x1bOP", "\x1b[15~", "\x08", "\x03", "\x04", "\t", "\x1b[200~"]


def random_unicode(rng: random.Random, size: int) -> str:
    chars = []
    while len(chars) < size:
        code = rng.choice((rng.randrange(32, 0x250), rng.randrange(0x250, 0x30000)))
        if 0xD800 <= code < 0xE000 or chr(code) in "\n\r\x85\u2028\u2029\x1c\x1d\x1e":
            continue
        chars.append(chr(code))
    return "".join(chars)


def odd_token(rng: random.Random) -> str:
    """A token with a digit that is not ASCII somewhere in it."""
    odd = rng.choice(ODD_DIGITS)
    return rng.choice(
        [
            odd,
            odd * rng.randint(2, 4),
            rng.choice("HAPOhp") + odd,
            odd + rng.choice("HAho"),
            "p" + odd,
            "pos" + odd,
            rng.choice("rama") + odd,
            str(rng.randint(1, 9)) + odd,
            odd + rng.choice(("oros", "rojo", "verde")),
            "-" + odd,
            odd + ",5",
        ]
    )


def argument(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.45:
        return odd_token(rng)
    if roll < 0.85:
        return rng.choice(WORDS)
    if roll < 0.93:
        return random_unicode(rng, rng.randint(1, 4))
    return rng.choice(CONTROLS) + rng.choice(WORDS)


def long_line(rng: random.Random, game: str) -> str:
    size = rng.choice((300, 5_000, 20_000))
    kind = rng.randrange(6)
    if kind == 0:
        return "9" * size  # past int()'s 4,300-digit limit
    if kind == 1:
        return rng.choice(COMMANDS[game]) + " " + "1" * size
    if kind == 2:
        return rng.choice(ODD_DIGITS) * size
    if kind == 3:
        return " ".join(rng.choice(WORDS) for _ in range(size // 4))
    if kind == 4:
        return rng.choice(COMMANDS[game]) + " " + random_unicode(rng, size // 10)
    return "p" + "7" * size


def fuzz_line(rng: random.Random, game: str) -> str:
    roll = rng.random()
    if roll < 0.02:
        return rng.choice(sorted(PACE)) + " " + odd_token(rng)
    if roll < 0.40:
        words = [rng.choice(COMMANDS[game])]
        words += [argument(rng) for _ in range(rng.choice((0, 1, 1, 1, 2, 2, 3)))]
        return " ".join(words)
    if roll < 0.55:
        return rng.choice(PROGRESS[game])
    if roll < 0.67:
        return odd_token(rng) if rng.random() < 0.7 else " ".join(argument(rng) for _ in "ab")
    if roll < 0.77:
        picks = CONTROLS + KEYS
        return "".join(rng.choice(picks) for _ in range(rng.randint(1, 5))) + rng.choice(
            ["", "mano", "1", "²", "jugar"]
        )
    if roll < 0.80:
        return long_line(rng, game)
    return random_unicode(rng, rng.randint(1, 12))


def fuzz_lines(seed: int, game: str, count: int) -> list[str]:
    rng = random.Random(f"{game}-{seed}")
    return [fuzz_line(rng, game) for _ in range(count)]


# -- the one reader of typed numbers -------------------------------------------------------
NOT_NUMBERS = [*ODD_DIGITS, "1_0", " 3", "3 ", "", "-1", "+1", "1" * 10, "1" * 5000, "1e3"]


@pytest.mark.parametrize("text", NOT_NUMBERS)
def test_only_plain_digits_are_numbers(text):
    assert not is_number(text)
    assert number(text) is None


def test_plain_digits_are_numbers():
    assert [number(t) for t in ("0", "7", "007", "15", "999999999")] == [0, 7, 7, 15, 999999999]
    assert signed_number(" -10 ") == -10 and signed_number("+3") == 3
    assert signed_number("-٣") is None and signed_number("٣") is None
    assert decimal_number("0,5") == 0.5 and decimal_number(" 1.5 ") == 1.5
    assert decimal_number("2") == 2.0 and decimal_number(",5") == 0.5
    for text in ("٣,5", "３", "nan", "inf", "1e3", "1_0", "²", "", ",", "1" * 5000):
        assert decimal_number(text) is None, text


# -- invariants of the game a save restores into -----------------------------------------
def check_invariants(game_id: str, game) -> None:
    if game_id == "chinchon":
        o = game.options
        cards = game.all_cards_in_play()
        assert Counter(cards) == Counter(make_deck(o.deck, o.copies)), "cards created or lost"
        assert game.is_over() or game.to_act(), "nobody can act"
    elif game_id == "palabras":
        assert sorted(game.all_tiles()) == sorted(full_bag()), "tiles created or lost"
        assert game.is_over() or game.to_act(), "nobody can act"
    elif game_id == "cabanga":
        from test_cabanga_invariants import check_state

        check_state(game)
    else:
        assert Counter(game.all_cards()) == Counter(full_deck()), "cards created or lost"
        from test_castana_invariants import check_state

        check_state(game, full=True)


def check_clean(result) -> None:
    assert result.returncode == 0, result.stderr[-3000:]
    assert "Traceback" not in result.stderr, result.stderr[-3000:]
    assert result.stderr == "", result.stderr[-3000:]


def check_save_resumes(game_id: str, home, monkeypatch) -> bool:
    """The save restores into a sound game and `continuar` resumes it. False if the
    game ended (no save)."""
    monkeypatch.setenv("SOBREMESA_HOME", str(home))
    data = saves.read_save(game_id)
    if data is None:
        return False
    adapter = cli.game_ui(game_id).restore_adapter(Settings(), data)
    check_invariants(game_id, adapter.game)
    resumed = run(["continuar", game_id, "--ritmo", "0"], ["mano", "²", "puntos"], home)
    check_clean(resumed)
    assert resumed.stdout.startswith("Partida recuperada."), resumed.stdout[:500]
    assert "dañada" not in resumed.stdout
    return True


def check_saved_or_over(game_id: str, home, result, monkeypatch) -> None:
    if not check_save_resumes(game_id, home, monkeypatch):
        assert "Partida guardada" not in result.stdout  # the game ended: nothing to keep


def fuzz_game(game_id: str, seed: int, count: int, home, monkeypatch, language="es") -> None:
    """A whole script (the game may end in it), then its first 100 lines in a fresh
    home (the game surely saved): clean runs, a sound save, `continuar` resumes."""
    lines = fuzz_lines(seed, game_id, count)
    play = ["jugar", game_id, "--semilla", str(seed), "--ritmo", "0", "--idioma", language]
    result = run(play, lines, home / "whole")
    check_clean(result)
    check_saved_or_over(game_id, home / "whole", result, monkeypatch)
    part = run(play, lines[:100], home / "part")
    check_clean(part)
    assert check_save_resumes(game_id, home / "part", monkeypatch)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.slow
def test_random_lines_never_crash_a_game(game_id, tmp_path, monkeypatch):
    fuzz_game(game_id, 1, 400, tmp_path / "home", monkeypatch)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.slow
def test_random_lines_in_english_never_crash_a_game(game_id, tmp_path, monkeypatch):
    # (Seed 10: with seed 9 the ¡Cabanga! player's random lines now end the game within
    # the first 100 lines, once new side words joined the commands the lines are drawn
    # from, and the part run has no save to resume.)
    fuzz_game(game_id, 10, 200, tmp_path / "home", monkeypatch, language="en")


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(2, 8))
@pytest.mark.parametrize("game_id", GAMES)
def test_random_lines_never_crash_a_game_more_seeds(game_id, seed, tmp_path, monkeypatch):
    fuzz_game(game_id, seed, 1500, tmp_path / "home", monkeypatch)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.slow
def test_every_odd_digit_after_every_command_is_refused_cleanly(game_id, tmp_path, monkeypatch):
    """Not random: each command of the game followed by each odd digit, alone and
    glued to a letter, the way the crashes of #15 were typed (`descartar ²`)."""
    lines = [
        f"{word} {token}"
        for word in COMMANDS[game_id]
        for token in (*ODD_DIGITS[:9], "H²", "p²", "²H", "pos ②", "1" * 5000)
    ]
    lines += [odd for odd in ODD_DIGITS]
    play = ["jugar", game_id, "--semilla", "2", "--ritmo", "0"]
    result = run(play, lines, tmp_path / "home")
    check_clean(result)
    refused = sum(result.stdout.count(odd) for odd in ODD_DIGITS)
    assert refused >= len(ODD_DIGITS)  # the bare ones at least, named in their refusal
    check_saved_or_over(game_id, tmp_path / "home", result, monkeypatch)


# -- menus -------------------------------------------------------------------------------
# "0", "7", "salir" and Escape leave the main menu: rare, so a run goes somewhere.
MENU_WORDS = [*"12345689", "10", "-1", "", "ayuda", "no", "si", "sí", "s", "n"]


def menu_line(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.45:
        return rng.choice(MENU_WORDS)
    if roll < 0.75:
        return odd_token(rng)
    if roll < 0.85:
        return "".join(rng.choice(CONTROLS + KEYS) for _ in range(rng.randint(1, 4)))
    if roll < 0.90:
        return rng.choice(("9" * 5000, "²" * 3000, "1" * 20_000))
    if roll < 0.93:
        return rng.choice(("0", "7", "salir", "volver", "\x1b", "mano", "robar", "jugar 1"))
    return random_unicode(rng, rng.randint(1, 8))


def menu_lines(seed: int, count: int) -> list[str]:
    rng = random.Random(f"menu-{seed}")
    return [menu_line(rng) for _ in range(count)]


# The entry point as `python -m sobremesa` runs it, without speech backends: a fuzzed
# Opciones turns the screen reader or the voice on, and on a machine without them each
# start waits seconds for them to answer (speech is not what is tested here).
TEXT_ONLY = (
    "import sys; from sobremesa import cli; "
    "cli.App._make_outputs = lambda self: []; sys.exit(cli.main())"
)


def run_text_only(args, lines, home):
    env = {**os.environ, "SOBREMESA_HOME": str(home), "TERM": "dumb"}
    env.pop("COLUMNS", None)
    return subprocess.run(
        [sys.executable, "-c", TEXT_ONLY, *args],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def fuzz_menus(seed: int, count: int, home) -> None:
    """Runs of the menu in one home, one after another (saves and options carry over
    from run to run): each clean; every save left restores into a sound game."""
    lines = menu_lines(seed, count)
    for start in range(0, count, 50):
        result = run_text_only(["--ritmo", "0"], lines[start : start + 50], home)
        check_clean(result)
        assert "Menú principal." in result.stdout or "Main menu." in result.stdout  # Idioma
    for game_id in saves.saved_games():
        data = saves.read_save(game_id)
        adapter = cli.game_ui(game_id).restore_adapter(Settings(), data)
        check_invariants(game_id, adapter.game)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.slow
def test_random_lines_never_crash_the_menus(seed, tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("SOBREMESA_HOME", str(home))
    fuzz_menus(seed, 250, home)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4, 12))  # (more: a local run; CI has 15 minutes)
def test_random_lines_never_crash_the_menus_more_seeds(seed, tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("SOBREMESA_HOME", str(home))
    fuzz_menus(seed, 600, home)


ODD = [*ODD_DIGITS, "-٣", "٣,5", "1_0", "1" * 5000, "٣" * 5000, "\x1b[A"]


@pytest.mark.parametrize(
    ("script", "refusal"),
    [
        ([*ODD, "8"], "Escribe un número del 1 al 8 y pulsa Intro."),  # main menu
        (["1", *ODD, "0", "8"], "Escribe un número del 1 al 7; 0 vuelve."),  # rivals
        (["1", "2", *ODD, "0", "0", "8"], "Escribe un número del 1 al 4; 0 vuelve."),  # level
        (  # a level for each rival
            ["1", "2", "4", *ODD, "0", "0", "0", "8"],
            "Escribe un número del 1 al 3; 0 vuelve.",
        ),
        (["6", *ODD, "0", "8"], "Escribe un número del 0 al 6."),  # options
        *[  # each options group
            (["6", str(group), *ODD, "0", "0", "8"], f"Escribe un número del 0 al {items}.")
            for group, items in ((1, 6), (2, 3), (3, 5), (4, 2), (5, 5), (6, 3))
        ],
        (["6", "1", "4", *ODD, "0", "0", "0", "8"], "Escribe un número del 0 al 5."),
        (  # reading speed, another figure
            ["6", "1", "4", "5", *ODD, "volver", "0", "0", "0", "8"],
            "Escribe un número entero de 60 a 500.",
        ),
        (  # voice rate
            ["6", "1", "2", *ODD, "volver", "0", "0", "8"],
            "Escribe un número entero de -10 a 10.",
        ),
        (  # pace
            ["6", "2", "2", *ODD, "volver", "0", "0", "8"],
            "Escribe un número de 0 a 10, como 1,5.",
        ),
        (  # ¡Cabanga!'s limit
            ["6", "6", "2", *ODD, "volver", "0", "0", "8"],
            "Escribe un número entero de 5 a 100.",
        ),
        (  # reaction seconds, ABC ¡Castaña!
            ["6", "5", "1", "2", *ODD, "volver", "0", "0", "0", "8"],
            "Escribe un número de 2 a 10, como 4,5.",
        ),
    ],
)
@pytest.mark.slow
def test_odd_digits_at_each_numbered_menu_are_refused_and_change_nothing(
    script, refusal, tmp_path, monkeypatch
):
    """Every numbered menu and number question gets each odd digit (and a few other
    not-numbers): one refusal line each, nothing changed, the menu left as usual."""
    home = tmp_path / "home"
    monkeypatch.setenv("SOBREMESA_HOME", str(home))
    result = run(["--ritmo", "0"], script, home)
    check_clean(result)
    assert result.stdout.rstrip().endswith("Hasta pronto.")
    assert result.stdout.splitlines().count(refusal) == len(ODD)
    from sobremesa.settings import load_settings

    settings, broken = load_settings()
    assert broken is None
    assert settings.to_dict() == Settings().to_dict()


# -- at a terminal: the first-run setup and the continue list (in-process) ----------------
class FakeTerminal:
    """A console that says it is a terminal and answers from a list."""

    interactive = True

    def __init__(self, lines):
        self.lines = list(lines)
        self.out: list[str] = []

    def get_line(self, timeout=None):
        return self.lines.pop(0) if self.lines else None

    def say(self, line, *, answer=False):
        self.out.append(str(line))

    def set_prompt(self, text):
        pass

    def set_key_mode(self, keys):
        pass

    def close(self):
        pass


def terminal(monkeypatch, lines) -> list[FakeTerminal]:
    """Every console the program makes is a FakeTerminal reading these lines."""
    consoles: list[FakeTerminal] = []

    def make(*args, **kwargs):
        consoles.append(FakeTerminal(lines))
        return consoles[-1]

    monkeypatch.setattr(cli, "make_console", make)
    return consoles


def test_odd_digits_at_the_continue_list_are_refused(tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("SOBREMESA_HOME", str(home))
    for game_id in ("chinchon", "cabanga"):  # two saves: Continuar offers a list
        check_clean(run(["jugar", game_id, "--semilla", "4", "--ritmo", "0"], ["mano"], home))
    consoles = terminal(monkeypatch, [*ODD, "0"])
    assert cli.App(Settings()).continue_menu() == "back"
    out = consoles[0].out
    assert out[:2] == ["Partidas guardadas.", "0. Volver"]
    assert out.count("Escribe un número del 0 al 2.") == len(ODD)
    assert saves.saved_games() == ["cabanga", "chinchon"] or len(saves.saved_games()) == 2


@pytest.mark.parametrize("seed", range(3))
def test_random_lines_at_the_first_run_setup(seed, tmp_path, monkeypatch):
    """At a terminal the first run asks the reading speed (a menu, then maybe a
    figure); random lines after it wander through the menus and games in-process."""
    home = tmp_path / "home"
    monkeypatch.setenv("SOBREMESA_HOME", str(home))
    rng = random.Random(f"terminal-{seed}")
    lines = [odd_token(rng) for _ in range(20)] + ["5", *ODD, "4", "200"]
    lines += [menu_line(rng) for _ in range(150)]
    consoles = terminal(monkeypatch, lines)
    assert cli.main(["--ritmo", "0"]) == 0
    out = consoles[0].out
    assert out[:2] == ["Primera vez en Sobremesa.", "¿A qué velocidad lee tu lector?"]
    assert out[7:27] == ["Escribe un número del 1 al 5; 0 vuelve."] * 20
    assert out[27] == "Escribe una cifra de 60 a 500."
    assert out[28 : 29 + len(ODD)] == ["Escribe un número entero de 60 a 500."] * (len(ODD) + 1)
    assert "Lectura: 200 palabras por minuto." in out
    for game_id in saves.saved_games():
        adapter = cli.game_ui(game_id).restore_adapter(Settings(), saves.read_save(game_id))
        check_invariants(game_id, adapter.game)


# -- the command line ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["--ritmo", "inf"], "--ritmo: inf no es un número; por ejemplo 0,5"),
        (["--ritmo", "٣"], "--ritmo: ٣ no es un número; por ejemplo 0,5"),
        (["--ventana", "1e3"], "--ventana: 1e3 no es un número; por ejemplo 0,5"),
        (["--rivales", "２"], "--rivales: valor no válido: '２'"),
        (["--limite", "1_00"], "--limite: valor no válido: '1_00'"),
        (["--lectura", "٣٠٠"], "--lectura: valor no válido: '٣٠٠'"),
    ],
)
@pytest.mark.slow
def test_numbers_on_the_command_line_are_plain_digits_too(args, error, tmp_path):
    result = run(["jugar", "cabanga", "--semilla", "1", *args], ["mano"], tmp_path / "home")
    assert result.returncode == 2
    assert error in result.stderr
    assert "Traceback" not in result.stderr
    good = ["--ritmo", "0,5", "--rivales", "2", "--limite", "50", "--lectura", "200"]
    assert run(["jugar", "cabanga", *good], ["mano"], tmp_path / "ok").returncode == 0
