"""Command line and main menu: `sobremesa`, `sobremesa jugar chinchon ...`,
`sobremesa continuar`, `sobremesa opciones`."""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from sobremesa import i18n, saves
from sobremesa.core.registry import GAMES, entry
from sobremesa.i18n import N_, _, ngettext
from sobremesa.settings import (
    READING_WPM,
    Settings,
    load_settings,
    save_settings,
    settings_path,
)
from sobremesa.ui.announcer import Announcer
from sobremesa.ui.console import end_on_signals, make_console
from sobremesa.ui.numbers import decimal_number, number, signed_number
from sobremesa.ui.rivals import LEVEL_WORDS, level_words
from sobremesa.ui.session import Session

GAME_ALIASES = {game_id: game_id for game_id in GAMES}  # what may be typed, folded


# argparse's own words ("usage:", "options"...) in the player's language.
ARGPARSE_WORDS = {
    "usage: ": N_("uso: "),
    "positional arguments": N_("argumentos"),
    "options": N_("opciones"),
    "show this help message and exit": N_("muestra esta ayuda y sale"),
    "%(prog)s: error: %(message)s\n": N_("%(prog)s: error: %(message)s\n"),
    "unrecognized arguments: %s": N_("argumentos desconocidos: %s"),
    "the following arguments are required: %s": N_("faltan estos argumentos: %s"),
    "invalid choice: %(value)r (choose from %(choices)s)": N_(
        "opción no válida: %(value)r (elige entre %(choices)s)"
    ),
    "invalid %(type)s value: %(value)r": N_("valor no válido: %(value)r"),
    "expected one argument": N_("falta un valor"),
    "argument %(argument_name)s: %(message)s": N_("%(argument_name)s: %(message)s"),
}


def _argparse_gettext(message: str) -> str:
    spanish = ARGPARSE_WORDS.get(message)
    return _(spanish) if spanish else message


def decimal(text: str) -> float:
    """A number with a decimal comma or point (`--ritmo 0,5`), as the game takes it."""
    value = decimal_number(text)
    if value is None:  # also inf, nan, 1e3 or digits that are not 0-9
        raise argparse.ArgumentTypeError(
            _("{value} no es un número; por ejemplo 0,5").format(value=text)
        )
    return value


def integer(text: str) -> int:
    """A whole number of plain digits 0-9 (`--rivales 3`); argparse says which is wrong."""
    value = signed_number(text)
    if value is None:
        raise ValueError(text)
    return value


# Level words a player may type on the command line, in either language.
def level_list(text: str) -> list[str]:
    """`--niveles facil,dificil`: one level per rival, in seat order (either
    language; spaces after the commas are allowed)."""
    try:
        return level_words(text)
    except ValueError as unknown:
        raise argparse.ArgumentTypeError(
            _("nivel desconocido: {word}; los niveles son fácil, medio y difícil").format(
                word=str(unknown) or '""'
            )
        ) from None


def _level_option(name: str, description: str) -> str:
    """`Fácil: cierra tarde…`, or the level's name alone if it says nothing more."""
    return (
        _("{level}: {description}").format(level=name, description=description)
        if description
        else name
    )


def levels_help() -> str:
    """What each game's levels do, for `sobremesa jugar --help` (below the options)."""
    lines = [_("Niveles de los rivales:")]
    for game in GAMES.values():
        lines.append(_(game.name))
        for level in game.levels:
            lines.append("  " + _level_option(_(LEVEL_NAMES[level]), game.level_description(level)))
    return "\n".join(lines)


def _global_options(parser: argparse.ArgumentParser, default: object) -> None:
    """Options valid before or after the subcommand (`sobremesa jugar chinchon --ritmo 0`):
    `default` None on the main parser, SUPPRESS on a subcommand's (so that it does not
    hide a value given before the subcommand)."""
    options: dict[str, dict[str, Any]] = {
        "--idioma": {"choices": ["es", "en"], "help": _("idioma: es o en")},
        "--salida": {
            "action": "append",
            "choices": ["texto", "lector", "voz"],
            "help": _(
                "salida: texto, lector (lector de pantalla) o voz (voz propia); se puede repetir"
            ),
        },
        "--diccionario": {
            "metavar": _("RUTA"),
            "help": _("amplia (la lista completa) o tu propia lista (UTF-8, una por línea)"),
        },
        "--ritmo": {
            "type": decimal,
            "metavar": _("SEGUNDOS"),
            "help": _("segundos de pausa de los rivales (0 a 10; 0,5 vale)"),
        },
        "--breve": {"action": "store_true", "help": _("mensajes breves (braille)")},
        "--lectura": {
            "type": integer,
            "metavar": "N",
            "help": _("velocidad de lectura: palabras por minuto de tu lector (60 a 500)"),
        },
        "--indicador": {
            "choices": ["corto", "estado"],
            "help": _("indicador: corto (para voz) o estado (mano y mesa, para braille)"),
        },
        "--texto-simple": {"action": "store_true", "help": _("sin prompt_toolkit: líneas simples")},
    }
    for flag, declared in options.items():
        parser.add_argument(flag, default=default, **declared)


def _yes_no(parser: argparse.ArgumentParser, flag: str, text: str) -> None:
    parser.add_argument(flag, choices=["si", "no"], help=text)


class _Parser(argparse.ArgumentParser):
    """A wrong option is said in two lines: the error, then where the help is.
    (argparse says its usage first: up to ten lines of brackets a screen reader
    reads before the one line that matters.)"""

    #: Each command's parser (`jugar`…), whose error names its own help.
    commands: dict[str, argparse.ArgumentParser]

    def error(self, message: str) -> NoReturn:
        self.exit(
            2,
            _("{prog}: error: {message}").format(prog=self.prog, message=message)
            + "\n"
            + _("Escribe {prog} --help para ver las opciones.").format(prog=self.prog)
            + "\n",
        )


def build_parser(*, levels_help_text: bool = False) -> _Parser:
    """The command line. `levels_help_text`: `jugar --help` ends with what each
    game's levels do (read from every game's texts only when help is asked for)."""
    argparse._ = _argparse_gettext  # type: ignore[attr-defined]
    parser = _Parser(
        prog="sobremesa",
        description=_("Sobremesa: juegos de mesa accesibles. Sin argumentos abre el menú."),
    )
    _global_options(parser, None)
    sub = parser.add_subparsers(dest="orden", metavar=_("ORDEN"))
    play = sub.add_parser(
        "jugar",
        aliases=["play"],
        help=_("empieza una partida: sobremesa jugar chinchon"),
        epilog=levels_help() if levels_help_text else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    play.add_argument("juego", metavar=_("JUEGO"), help=join_or(list(GAMES)))
    play.add_argument(
        "--semilla", type=int, metavar="N", help=_("semilla: la misma semilla repite el reparto")
    )
    play.add_argument(
        "--rivales",
        type=integer,
        metavar="N",
        help=_("número de rivales: {ranges}").format(
            ranges=", ".join(
                _("{game} {low} a {high}").format(
                    game=_(game.name), low=game.rivals[0], high=game.rivals[1]
                )
                for game in GAMES.values()
            )
        ),
    )
    play.add_argument(
        "--nivel",
        type=lambda text: LEVEL_WORDS.get(_fold(text), text),
        choices=["facil", "medio", "dificil"],
        metavar=_("NIVEL"),
        help=_("nivel de los rivales: facil, medio o dificil"),
    )
    play.add_argument(
        "--niveles",
        type=level_list,
        metavar=_("NIVELES"),
        help=_("un nivel por rival, en el orden de la mesa, separados por comas: facil,dificil"),
    )
    play.add_argument(
        "--espectador", action="store_true", help=_("solo juegan los rivales; tú escuchas")
    )
    play.add_argument(
        "--baraja", type=integer, choices=[40, 48], help=_("baraja de 40 o 48 cartas")
    )
    play.add_argument(
        "--limite",
        type=integer,
        metavar="N",
        help=_("límite de puntos: Chinchón 70 o 100; ¡Cabanga! 5 a 100"),
    )
    play.add_argument(
        "--ventana",
        type=decimal,
        metavar=_("SEGUNDOS"),
        help=_(
            "segundos para reaccionar (2 a 10) en ¡Cabanga! y ABC ¡Castaña!; 0 para esperar por turnos"
        ),
    )
    _yes_no(
        play, "--arbitro", _("ABC ¡Castaña!: árbitro automático, las palabras malas no se aceptan")
    )
    _yes_no(play, "--reenganche", _("reenganche: si o no"))
    _yes_no(play, "--siete-gana", _("chinchón de siete en escalera gana la partida: si o no"))
    words_tool = sub.add_parser(
        "palabras",
        help=_("herramientas de Palabras: sobremesa palabras analizar --tablero F --atril L"),
    )
    words_tool.add_argument("herramienta", choices=["analizar", "analyze"])
    words_tool.add_argument("resto", nargs=argparse.REMAINDER)
    word = sub.add_parser(
        "palabra", aliases=["word"], help=_("comprueba palabras: sobremesa palabra CASA OTRA")
    )
    word.add_argument("palabras", nargs="*", metavar=_("PALABRA"))
    word.add_argument(
        "--lista",
        choices=["curada", "amplia"],
        help=_("lista incluida: curada (la de siempre) o amplia"),
    )
    resume = sub.add_parser(
        "continuar",
        aliases=["continue"],
        help=_("sigue una partida guardada: sobremesa continuar palabras"),
    )
    resume.add_argument(
        "juego",
        nargs="?",
        metavar=_("JUEGO"),
        help=_("{games} (si hay varias)").format(games=join_or(list(GAMES))),
    )
    options = sub.add_parser("opciones", aliases=["options"], help=_("cambia las opciones"))
    server = sub.add_parser(
        "servidor", aliases=["server"], help=_("abre un servidor de mesas en línea")
    )
    server.add_argument("--host", default="127.0.0.1", help=_("dirección en la que escucha"))
    server.add_argument("--puerto", type=integer, default=7777, metavar="N")
    server.add_argument("--datos", metavar=_("CARPETA"), help=_("carpeta de las mesas"))
    server.add_argument("--ssh-puerto", type=integer, metavar="N", help=_("abre también SSH"))
    server.add_argument("--certificado", metavar=_("FICHERO"), help=_("certificado TLS"))
    server.add_argument("--clave", metavar=_("FICHERO"), help=_("clave TLS"))
    server.add_argument(
        "--sin-cifrar", action="store_true", help=_("escucha fuera de este equipo sin TLS")
    )
    server.add_argument(
        "--gracia",
        type=decimal,
        default=60.0,
        metavar=_("SEGUNDOS"),
        help=_("cuánto espera el sitio de quien se desconecta antes de que juegue un bot"),
    )
    connect = sub.add_parser(
        "conectar", aliases=["connect"], help=_("juega en línea: sobremesa conectar URL")
    )
    connect.add_argument("url", nargs="?", metavar="URL")
    connect.add_argument("--nombre", metavar=_("NOMBRE"))
    connect.add_argument("--crear", metavar=_("JUEGO"), help=_("crea una mesa de ese juego"))
    connect.add_argument("--mesa", metavar=_("CÓDIGO"), help=_("entra en esa mesa"))
    connect.add_argument("--rivales", type=integer, metavar="N")
    connect.add_argument(
        "--nivel",
        type=lambda text: LEVEL_WORDS.get(_fold(text), text),
        choices=["facil", "medio", "dificil"],
        metavar=_("NIVEL"),
    )
    connect.add_argument(
        "--niveles", type=level_list, metavar=_("NIVELES"), help=_("un nivel por rival, con comas")
    )
    connect.add_argument("--espectador", action="store_true", help=_("miras; no juegas"))
    connect.add_argument("--semilla", type=int, metavar="N")
    connect.add_argument("--ventana", type=decimal, metavar=_("SEGUNDOS"))
    for command in (play, word, resume, options, server, connect):
        _global_options(command, argparse.SUPPRESS)
    parser.commands = sub.choices
    return parser


LEVEL_NAMES = {"facil": N_("Fácil"), "medio": N_("Medio"), "dificil": N_("Difícil")}

# Spelled out, so a menu line is not "1. 1 rival" (the number said twice).
RIVALS = {
    1: N_("un rival"),
    2: N_("dos rivales"),
    3: N_("tres rivales"),
    4: N_("cuatro rivales"),
    5: N_("cinco rivales"),
}
# The same where the game is played with two decks from that many rivals (Chinchón).
RIVALS_TWO_DECKS = {
    4: N_("cuatro rivales, dos barajas"),
    5: N_("cinco rivales, dos barajas"),
    6: N_("seis rivales, dos barajas"),
    7: N_("siete rivales, dos barajas"),
}


# Answers to a yes/no question (folded), in either language.
YES_WORDS = frozenset({"si", "s", "yes", "y"})
NO_WORDS = frozenset({"no", "n"})


def summary_text(game_id: str) -> str:
    """A saved game as the menus say it, read from the file without building the
    game: `Palabras contra Pablo, jugada 12`, `Chinchón contra Elena y Jorge, ronda 3`."""
    name = _(entry(game_id).name)
    found = saves.summary(game_id)
    if found is None or not found.rivals:
        return name
    names = join(found.rivals)
    if found.move is not None:
        return _("{game} contra {names}, jugada {n}").format(game=name, names=names, n=found.move)
    if found.round is not None:
        return _("{game} contra {names}, ronda {n}").format(game=name, names=names, n=found.round)
    return _("{game} contra {names}").format(game=name, names=names)


def join(items: Sequence[str]) -> str:
    from sobremesa.ui.wording import join as join_and

    return join_and(list(items))


def join_or(items: Sequence[str]) -> str:
    from sobremesa.ui.wording import join_or as join_choice

    return join_choice(list(items))


def game_ui(game_id: str) -> Any:
    """The UI module of a playable game (imported only when that game is played)."""
    return entry(game_id).adapter_module()


class App:
    """The program around the games: settings, console, outputs, menus."""

    def __init__(
        self, settings: Settings, *, stored: Settings | None = None, force_plain: bool = False
    ) -> None:
        self.settings = settings  # in effect for this run (command-line options applied)
        self.pace_given = False  # --ritmo on the command line wins over a saved game's
        self.window_given = False  # so does --ventana
        self.language_given = False  # and --idioma
        # The line a finished game waits at (from the menu: back to it).
        self.end_gate = N_("Pulsa Intro para salir.")
        self.stored = stored if stored is not None else settings  # what is saved to disk
        self.console = make_console(
            lambda: self.announcer.review.lines(),
            force_plain=force_plain,
            on_review=lambda text: self.announcer.speak_only(text),
        )
        self.announcer = Announcer(self.console)
        self.announcer.outputs = self._make_outputs()

    def _make_outputs(self) -> list[Any]:
        modes = {m for m in self.settings.outputs if m != "texto"}
        if not modes:
            return []
        from sobremesa.ui.outputs import create_outputs

        return create_outputs(
            modes,
            language=self.settings.language,
            rate=self.settings.voice_rate,
            variant=self.settings.voice_variant,
            notify=lambda line: self.announcer.narrate(line),
        )

    def close(self) -> None:
        self.announcer.close()
        self.console.close()

    # -- asking ------------------------------------------------------------
    def ask(self, prompt: str) -> str | None:
        """One line from the player, None at end of input. Key commands come as text."""
        self.console.set_prompt(prompt)
        while True:
            line = self.console.get_line()
            if line is None or isinstance(line, str):
                return line

    def choose(
        self,
        title: str,
        options: Sequence[str],
        prompt: str,
        *,
        show: bool = True,
        first: int = 1,
        back: bool = False,
        listed_back: bool = False,
        back_hint: bool = True,
    ) -> int | None:
        """A numbered menu answered by number (first..first+n-1); returns the position
        1..n, None at end of input. show=False skips reading the list (an empty line
        or `ayuda` reads it). `first` lets "3" mean "three rivals".

        back=True: 0, Escape (`callar`), `volver`, `atrás`, `salir` or `back` return 0
        (one level back); listed_back=True also lists `0. Volver` first; back_hint=False
        leaves "0 vuelve" out of the error line (the main menu, where it leaves)."""
        from sobremesa.options import is_back

        listed = [_("Volver")] if back and listed_back else []
        start = 0 if listed else first
        listing = [
            title,
            *[f"{i}. {text}" for i, text in enumerate(listed, 0)],
            *[f"{i}. {text}" for i, text in enumerate(options, first)],
        ]
        if show:
            self.announcer.answer_lines(listing)
        while True:
            answer = self.ask(prompt)
            if answer is None:
                return None
            text = answer.strip()
            if back and (text == "0" or is_back(text)):
                return 0
            chosen = number(text)
            if chosen is not None and first <= chosen < first + len(options):
                return chosen - first + 1
            named = option_named(text, options)
            if named is not None:
                return named
            if text in ("ayuda", "help", "?", ""):
                self.announcer.answer_lines(listing)
                continue
            last = first + len(options) - 1
            if listed:
                error = _("Escribe un número del {first} al {last}.")
            elif back and back_hint:
                error = _("Escribe un número del {first} al {last}; 0 vuelve.")
            else:
                error = _("Escribe un número del {first} al {last} y pulsa Intro.")
            self.announcer.answer(error.format(first=start, last=last))

    def choose_back(self, title: str, options: Sequence[str], prompt: str, **how: Any) -> int | str:
        """`choose` with back=True, for the menus below the main one: the position
        1..n, "back" (0, Escape, `volver`...) or "eof" (end of input)."""
        choice = self.choose(title, options, prompt, back=True, **how)
        if choice is None:
            return "eof"
        return "back" if choice == 0 else choice

    # -- main menu ---------------------------------------------------------
    def main_menu(self) -> int:
        self.end_gate = N_("Pulsa Intro para volver al menú.")
        self.announcer.narrate(_("Sobremesa. Juegos de mesa accesibles."))
        while True:
            options = [_(game.name) for game in GAMES.values()]
            saved = saves.saved_games()
            if len(saved) == 1:
                resume = _("Continuar: {game}").format(game=summary_text(saved[0]))
            elif saved:
                resume = _("Continuar: {n} partidas guardadas").format(n=len(saved))
            else:
                resume = _("Continuar: no hay partida guardada")
            options += [resume, _("Opciones"), _("Jugar en línea"), _("Salir")]
            # `salir`, `volver`, 0 or Escape leave the program, as `Salir` does.
            choice = self.choose(
                _("Menú principal."), options, _("Menú> "), back=True, back_hint=False
            )
            if choice is None or choice == 0 or choice == len(options):
                self.announcer.narrate(_("Hasta pronto."))
                return 0
            game_ids = list(GAMES)
            if choice <= len(game_ids):
                game_id = game_ids[choice - 1]
                if self.new_game_menu(game_id) == "eof":
                    return 0
            elif choice == len(game_ids) + 1:
                if self.continue_menu() == "eof":
                    return 0
            elif (
                choice == len(game_ids) + 2
                and self.options_menu() == "eof"
                or choice == len(game_ids) + 3
                and self.online_menu() == "eof"
            ):
                return 0

    def online_menu(self) -> str:
        """Jugar en línea: a server's address (the last one is remembered) and a name,
        then its lobby."""
        from sobremesa.net.client import DEFAULT_URL, Client, load_online, save_online

        remembered = load_online()
        url = remembered.get("url", DEFAULT_URL)
        answer = self.ask(_("Dirección del servidor (Intro: {url})> ").format(url=url))
        if answer is None:
            return "eof"
        url = answer.strip() or url
        if "://" not in url:
            url = "ws://" + url
        name = remembered.get("nombre", "")
        answer = self.ask(
            _("Tu nombre (Intro: {name})> ").format(name=name) if name else _("Tu nombre> ")
        )
        if answer is None:
            return "eof"
        name = answer.strip()[:20] or name
        save_online({"url": url, "nombre": name})
        client = Client(
            url,
            self.console,
            self.announcer,
            name=name,
            language=self.settings.language,
            wpm=self.settings.reading_wpm,
        )
        client.run()
        return "eof" if client.input_ended else "back"

    def continue_menu(self) -> str:
        """The menu's Continuar: the only saved game at once, or a list of them
        (0, Escape or `volver` go back to the menu)."""
        saved = saves.saved_games()
        if len(saved) <= 1:
            return self.continue_game(saved[0] if saved else None)
        choice = self.choose_back(
            _("Partidas guardadas."),
            [summary_text(game) for game in saved],
            _("Continuar> "),
            listed_back=True,
        )
        if isinstance(choice, str):
            return choice
        return self.continue_game(saved[choice - 1])

    def keep_or_replace(self, game_id: str) -> str | None:
        """Before a new game of which one is saved: ask whether to lose the saved one.
        Returns None to go on (the old save deleted), "back" (kept) or "eof" (kept)."""
        if not saves.has_save(game_id):
            return None
        self.announcer.answer(_("Tienes guardada {game}.").format(game=summary_text(game_id)))
        answer = self.ask_yes_no(_("¿Empezar otra y perderla? Sí o no."))
        if answer:
            saves.delete_save(game_id)
            return None
        self.announcer.answer(
            _("La guardo. Para seguir: sobremesa continuar {game}.").format(game=game_id)
        )
        return "eof" if answer is None else "back"

    def ask_yes_no(self, question: str) -> bool | None:
        """A yes/no question: True for sí; False for no, Escape, `volver` or an empty
        line; None at end of input. Anything else asks for sí o no."""
        from sobremesa.options import is_back
        from sobremesa.ui.commands import fold

        self.announcer.answer(question)
        while True:
            text = self.ask(_("Sí o no> "))
            if text is None:
                return None
            word = fold(text)
            if word in YES_WORDS:
                return True
            if word in NO_WORDS or not word or is_back(word):
                return False
            self.announcer.answer(_("Responde sí o no."))

    def new_game_menu(self, game_id: str) -> str:
        """Rivals, level and (in a windowed game) the reaction mode for a new game,
        each remembered for that game. Numbers mean what they say ("3": three
        rivals); 0, Escape or `volver` go back one question (from the first, to the
        main menu: returns "back"). A saved game of this game is not lost without
        asking first."""
        kept = self.keep_or_replace(game_id)
        if kept is not None:
            return kept
        # The seed is drawn first so that each rival's level is asked by the name
        # the table will give them.
        seed = random.SystemRandom().randrange(1, 10**9)
        steps = [self._ask_rivals, lambda game: self._ask_level(game, seed)]
        if entry(game_id).reactions:
            from sobremesa.options import ask_reaction

            steps.append(lambda game: ask_reaction(self, game, listed_back=False))
        step = 0
        while step < len(steps):
            result = steps[step](game_id)
            if result == "eof":
                return "eof"
            if result == "back":
                if step == 0:
                    return "back"
                step -= 1
            else:
                step += 1
        return self.play(game_id, seed=seed, spectator=False)

    def _ask_rivals(self, game_id: str) -> str | None:
        game = entry(game_id)
        low, high = game.rivals
        two_decks = game.two_decks_from or high + 1
        names = [
            _(RIVALS_TWO_DECKS[n] if n >= two_decks else RIVALS[n]) for n in range(low, high + 1)
        ]
        choice = self.choose_back(_(game.rivals_question), names, _("Rivales> "), first=low)
        if isinstance(choice, str):
            return choice
        self.set_option(game_id, "rivals", choice + low - 1)
        return None

    def _ask_level(self, game_id: str, seed: int) -> str | None:
        """The rivals' level: each level with what it does, and (with two rivals or
        more) "Distinto para cada rival", which asks one level per rival."""
        game = entry(game_id)
        levels = game.levels
        rivals = getattr(self.settings, game_id).rivals
        while True:
            options = [
                _level_option(_(LEVEL_NAMES[lv]), game.level_description(lv)) for lv in levels
            ]
            if rivals > 1:
                options.append(_("Distinto para cada rival"))
            choice = self.choose_back(_("Nivel de los rivales."), options, _("Nivel> "))
            if isinstance(choice, str):
                return choice
            if choice <= len(levels):
                self.set_option(game_id, "level", levels[choice - 1])
                self.set_option(game_id, "levels", [])
                return None
            chosen = self._ask_each_level(game_id, rivals, seed)
            if chosen != "back":  # back: the level question again
                return chosen

    def _ask_each_level(self, game_id: str, rivals: int, seed: int) -> str | None:
        """One level per rival, asked by the name the table dealt with ``seed`` will
        give them (`Elena> `); 0, Escape or `volver` go back one rival, from the
        first to the level question."""
        from sobremesa.ui.session import seat_names

        levels = entry(game_id).levels
        names = [_(LEVEL_NAMES[lv]) for lv in levels]
        rival_names = seat_names(rivals + 1, seed, spectator=False)[1:]
        question = _("Nivel de cada rival: {names}.").format(names=join(rival_names))
        chosen: list[str] = []
        while len(chosen) < rivals:
            n = len(chosen)
            choice = self.choose_back(
                question,
                names,
                _("{name}> ").format(name=rival_names[n]),
                show=n == 0,  # the same list: Intro or ayuda reads it again
            )
            if choice == "eof":
                return "eof"
            if choice == "back":
                if not chosen:
                    return "back"
                chosen.pop()
                continue
            chosen.append(levels[int(choice) - 1])
        self.set_option(game_id, "levels", chosen)
        return None

    def first_run_setup(self) -> str | None:
        """The first run's short setup (the reading speed); "eof" at end of input."""
        from sobremesa.options import first_run_setup

        return first_run_setup(self)

    def play(self, game_id: str, *, seed: int | None, spectator: bool) -> str:
        if seed is None:
            seed = random.SystemRandom().randrange(1, 10**9)
        adapter = game_ui(game_id).new_adapter(self.settings, seed=seed, spectator=spectator)
        return self._run(adapter, resumed=False, game_id=game_id)

    def _run(
        self, adapter: Any, *, resumed: bool, game_id: str, saved: dict[str, Any] | None = None
    ) -> str:
        session = Session(
            adapter,
            self.console,
            self.announcer,
            self.settings.pace,
            self.settings.dictionary,
            window_seconds=self.settings.window_seconds(game_id),
            reading_wpm=self.settings.reading_wpm,
            status_prompt=self.settings.prompt_style == "estado",
        )
        if saved is not None and isinstance(saved.get("match"), dict):
            session.resume_table(saved["match"], saved.get("saved_at"))
        if not resumed:
            for line in adapter.intro():
                self.announcer.narrate(line)
            adapter.start(session)
        # A finished game waits for Intro (the last lines heard, the final scores
        # and board still readable) before the menu or the shell.
        result = session.run(resumed=resumed, end_gate=_(self.end_gate))
        return "eof" if result == "saved" else result

    def continue_game(self, game_id: str | None = None) -> str:
        """Resume a game's save; without a game, the only saved one (when there are
        several, a numbered list at a terminal; in a script, which exist)."""
        saved = saves.saved_games()
        if game_id is None and len(saved) > 1:
            if getattr(self.console, "interactive", False):
                return self.continue_menu()
            self.announcer.answer(_("Hay {n} partidas guardadas:").format(n=len(saved)))
            for game in saved:
                self.announcer.answer(summary_text(game) + ".")
            self.announcer.answer(
                _("Elige: sobremesa continuar {games}.").format(games=join_or(saved))
            )
            return "none"
        if game_id is None and saved:
            game_id = saved[0]
        try:
            data = saves.read_save(game_id) if game_id else None
        except saves.SaveError as error:
            self.announcer.narrate(
                _("La partida guardada estaba dañada; la he apartado en {path}.").format(
                    path=error.kept_at
                )
            )
            return "broken"
        if data is None:
            if game_id is None:
                self.announcer.answer(
                    _("No hay ninguna partida guardada. Escribe sobremesa para elegir un juego.")
                )
            else:
                self.announcer.answer(
                    _("No hay partida de {game} guardada.").format(game=_(entry(game_id).name))
                )
                if saved:
                    self.announcer.answer(
                        _("Guardadas: sobremesa continuar {games}.").format(games=join_or(saved))
                    )
            return "none"
        window = data.get("window", "unknown")
        if not self.window_given and entry(game_id).reactions:
            # the game's reaction mode goes on with it (None: por turnos)
            if window is None:
                self.settings.set_window(game_id, None)
            elif isinstance(window, int | float) and 2 <= window <= 10:
                self.settings.set_window(game_id, float(window))
        # The game goes on in the player's language now (the menu's), whatever it
        # was played in; its saved last play, text in the old one, points to history.
        saved_language = data.get("language")
        if saved_language in ("es", "en"):
            _say_last_play_moved(data, saved_language, self.settings.language)
        try:
            adapter = restore_checked(game_id, self.settings, data)
        except Exception:  # anything a damaged save makes the game do
            kept = saves.set_aside_save(game_id)
            self.announcer.narrate(
                _("La partida guardada estaba dañada; la he apartado en {path}.").format(path=kept)
            )
            return "broken"
        pace = data.get("pace")
        if not self.pace_given and isinstance(pace, int | float) and 0 <= pace <= 10:
            self.settings.pace = float(pace)
        history = data.get("history")  # a save of an older version: its lines as said
        if isinstance(data.get("match"), dict):
            from sobremesa.ui.retell import retell_save

            history = retell_save(game_id, self.settings, data, adapter)
        for line in history[-300:] if isinstance(history, list) else []:
            if isinstance(line, str):
                self.announcer.history.add(line)
                self.announcer.review.add(line)
        return self._run(adapter, resumed=True, game_id=game_id, saved=data)

    # -- options -----------------------------------------------------------
    def set_option(self, section: str | None, name: str, value: Any) -> None:
        """Change an option for this run and in the saved settings (command-line
        overrides are for one run; a choice made in a menu is kept)."""
        for settings in {id(self.settings): self.settings, id(self.stored): self.stored}.values():
            target = getattr(settings, section) if section else settings
            setattr(target, name, value)
        self._save_settings()

    def _save_settings(self) -> None:
        try:
            save_settings(self.stored)
        except OSError as error:  # the options stay in effect for this run
            self.announcer.narrate(
                _("No he podido guardar las opciones: {error}").format(
                    error=saves.failure_reason(error)
                )
            )

    def options_menu(self) -> str:
        from sobremesa.options import OptionsMenu

        return OptionsMenu(self).run()


def restore_checked(game_id: str, settings: Settings, data: dict[str, Any]) -> Any:
    """Rebuild a saved game's adapter, after trying a copy first: restored from its
    own copy of the data, every seat's view and legal actions, the scores, the
    texts said on `continuar` and the prompt, the state's and the bots' round trip
    through a save, and the next move played (by its bot, or the first legal one).
    Any exception means the save is damaged: the caller sets it aside, so a save
    that is valid JSON but wrong inside never crashes after `Partida recuperada.`"""
    import json

    module = game_ui(game_id)
    history = data.get("history", [])  # older saves: the lines as said
    if not isinstance(history, list) or not all(isinstance(line, str) for line in history):
        raise ValueError("history")

    def copy(value: Any) -> Any:
        return json.loads(json.dumps(value, allow_nan=False))

    trial = module.restore_adapter(Settings.from_dict(settings.to_dict()), copy(data))
    game = trial.game
    seats = game.num_seats
    if type(seats) is not int or not 1 <= seats <= 16:
        raise ValueError("seats")
    state = copy(game.to_dict())
    if copy(type(game).from_dict(copy(state)).to_dict()) != state:
        raise ValueError("state round trip")
    copy(trial.bots_to_data())
    copy(trial.extra_to_data())
    for seat in (None, *range(seats)):
        game.view(seat)
    legal = {seat: game.legal_actions(seat) for seat in range(seats)}
    copy(game.scores())
    over = game.is_over()
    trial.intro()
    trial.resume()
    trial.prompt()
    human = trial.table.human
    if sorted(trial.bots) != [seat for seat in range(seats) if seat != human]:
        raise ValueError("a bot for every rival's seat")  # the table needs them
    acting = game.to_act()
    if any(type(seat) is not int or not 0 <= seat < seats for seat in acting):
        raise ValueError("seat to act")
    for seat in acting:
        game.view(seat)
        if seat != trial.table.human and trial.in_window():
            trial.bot_reaction_time(seat)  # a reaction window: the bots' timing
    if not over and not trial.in_window():
        if not acting or any(not legal[seat] for seat in acting):
            raise ValueError("no legal action")
        seat = acting[0]
        bot = seat != trial.table.human
        action = trial.bot_action(seat) if bot else legal[seat][0]
        events = game.apply(seat, action)
        trial.observe(events)
        trial.describe_events(events)
        trial.prompt()
    return module.restore_adapter(settings, data)


def option_named(text: str, options: Sequence[str]) -> int | None:
    """The option (1..n) a typed word names: `palabras` → Palabras, `medio` → the
    level. Only a word of 3 letters or more that begins exactly one option."""
    from sobremesa.ui.commands import fold

    typed = fold(text)
    if len(typed) < 3:
        return None
    found = [i for i, option in enumerate(options, 1) if fold(option).startswith(typed)]
    return found[0] if len(found) == 1 else None


def _say_last_play_moved(data: dict[str, Any], saved: str, now: str) -> None:
    """A game resumed in another language: its saved last play is text in the old
    one, so `ultima` points to the history instead of mixing languages."""
    extra = data.get("extra")
    if saved == now or not isinstance(extra, dict) or not extra.get("last_move"):
        return
    names = {"es": N_("español"), "en": N_("inglés")}
    # Read alone (`ultima`) and after "Última jugada: " on `continuar`.
    extra["last_move"] = _("En el historial, en {language}.").format(language=_(names[saved]))
    extra.pop("last_brief", None)


def apply_arguments(settings: Settings, args: argparse.Namespace) -> None:
    if args.idioma:
        settings.language = args.idioma
    if getattr(args, "diccionario", None):
        settings.dictionary = args.diccionario
    if args.salida:
        settings.outputs = ["texto", *[m for m in dict.fromkeys(args.salida) if m != "texto"]]
    if args.ritmo is not None:
        settings.pace = min(10.0, max(0.0, args.ritmo))
    if args.breve:
        settings.verbosity = "breve"
    if getattr(args, "lectura", None) is not None:
        settings.reading_wpm = args.lectura
    if getattr(args, "indicador", None):
        settings.prompt_style = args.indicador
    if getattr(args, "orden", None) != "jugar":
        return
    game = entry(args.juego)
    section = getattr(settings, game.id)
    if args.rivales is not None:
        section.rivals = args.rivales
    if args.nivel:
        section.level = args.nivel
        section.levels = []  # every rival at it
    if args.niveles:
        section.levels = list(args.niveles)
        section.rivals = len(args.niveles)
    for flag in game.flags:
        value = getattr(args, flag.dest)
        if flag.field is not None and value is not None:
            setattr(section, flag.field, value == "si" if value in ("si", "no") else value)
    if game.reactions and args.ventana is not None:
        settings.set_window(game.id, None if args.ventana == 0 else args.ventana)


def _check_play_arguments(game_id: str, args: argparse.Namespace) -> str | None:
    """The first `jugar` option the game does not take, as the error to say; first
    --ventana, then an option the game refuses, --rivales, a value out of range,
    --nivel and --niveles (one level per rival)."""
    game = entry(game_id)
    window = args.ventana
    if game.reactions and window is not None and window != 0 and not 2 <= window <= 10:
        return _("--ventana debe ser 0 o estar entre 2 y 10")
    given = [flag for flag in game.flags if getattr(args, flag.dest) is not None]
    for flag in given:
        if flag.field is None:
            return _(flag.error)
    low, high = game.rivals
    if args.rivales is not None and not low <= args.rivales <= high:
        return _("--rivales debe estar entre {low} y {high} en {game}").format(
            low=low, high=high, game=_(game.name)
        )
    for flag in given:
        if flag.values is not None and getattr(args, flag.dest) not in flag.values:
            return _(flag.error)
    asked = [args.nivel] if args.nivel is not None else list(args.niveles or [])
    if any(level not in game.levels for level in asked):
        return _("En {game} los niveles son {levels}").format(
            game=_(game.name), levels=join(game.levels)
        )
    if args.niveles is not None:
        return _check_level_list(game, args)
    return None


def _check_level_list(game: Any, args: argparse.Namespace) -> str | None:
    """--niveles: not with --nivel, one level per rival (as many as --rivales says,
    or a number of rivals the game takes)."""
    if args.nivel is not None:
        return _("Usa --nivel o --niveles, no los dos")
    count = len(args.niveles)
    if args.rivales is not None and count != args.rivales:
        return ngettext(
            "--niveles da {count} nivel y --rivales pide {rivals}: uno por rival",
            "--niveles da {count} niveles y --rivales pide {rivals}: uno por rival",
            count,
        ).format(count=count, rivals=args.rivales)
    low, high = game.rivals
    if not low <= count <= high:
        return ngettext(
            "--niveles da {count} nivel; en {game} hay de {low} a {high} rivales",
            "--niveles da {count} niveles; en {game} hay de {low} a {high} rivales",
            count,
        ).format(count=count, game=_(game.name), low=low, high=high)
    return None


def _early_language(argv: Sequence[str], settings: Settings) -> str:
    for index, arg in enumerate(argv):
        if arg == "--idioma" and index + 1 < len(argv):
            return argv[index + 1]
        if arg.startswith("--idioma="):
            return arg.split("=", 1)[1]
    return settings.language


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    first_run = not settings_path().exists()
    settings, broken = load_settings()
    i18n.set_language(_early_language(argv, settings))
    parser = build_parser(levels_help_text=any(arg in ("-h", "--help") for arg in argv))
    try:
        args = parser.parse_args(argv)
    except SystemExit:
        if broken is not None:  # --help or a bad argument: still said, once
            print(_settings_broken_line(broken), flush=True)
        raise
    args.orden = {
        "play": "jugar",
        "continue": "continuar",
        "options": "opciones",
        "word": "palabra",
        "server": "servidor",
        "connect": "conectar",
    }.get(args.orden, args.orden)
    if args.orden == "servidor":
        from sobremesa.net.cli import server_command

        return server_command(args, parser.commands["servidor"])
    if args.orden == "jugar":
        game_id = GAME_ALIASES.get(_fold(args.juego))
        if game_id is None:
            parser.commands["jugar"].error(_("juego desconocido: {name}").format(name=args.juego))
        args.juego = game_id
        problem = _check_play_arguments(game_id, args)
        if problem:
            parser.commands["jugar"].error(problem)
    if args.orden == "continuar" and args.juego is not None:
        resumed = GAME_ALIASES.get(_fold(args.juego))
        if resumed is None:
            parser.commands["continuar"].error(
                _("juego desconocido: {name}").format(name=args.juego)
            )
        args.juego = resumed
    low, high = READING_WPM
    if args.lectura is not None and not low <= args.lectura <= high:
        parser.error(_("--lectura debe estar entre {low} y {high}").format(low=low, high=high))
    if args.orden == "palabra":
        return check_words_command(args, settings)
    if args.orden == "palabras":
        from sobremesa.games.palabras.analysis import analyze_main

        return analyze_main(args.resto)
    # Options given on the command line apply to this run only.
    run_settings = Settings.from_dict(settings.to_dict())
    apply_arguments(run_settings, args)
    i18n.set_language(run_settings.language)
    force_plain = args.texto_simple or os.environ.get("TERM") == "dumb"
    app = App(run_settings, stored=settings, force_plain=force_plain)
    app.pace_given = args.ritmo is not None
    app.window_given = getattr(args, "ventana", None) is not None
    app.language_given = bool(args.idioma)
    # SIGTERM, SIGHUP (the terminal closed) and SIGBREAK end the program as Ctrl+C
    # does: the game saved, `Partida guardada.`, the terminal given back.
    restore_signals = end_on_signals()
    try:
        if broken is not None:
            app.announcer.narrate(_settings_broken_line(broken))
        kept = saves.migrate()  # an older version's one save goes to its game's file
        if kept is not None:
            app.announcer.narrate(
                _("La partida guardada estaba dañada; la he apartado en {path}.").format(path=kept)
            )
        if args.orden == "jugar":
            # A spectator's game is not saved, so it never replaces a player's.
            if args.espectador or app.keep_or_replace(game_id) is None:
                app.play(game_id, seed=args.semilla, spectator=args.espectador)
            return 0
        if args.orden == "continuar":
            app.continue_game(args.juego)
            return 0
        if args.orden == "opciones":
            app.options_menu()
            return 0
        if args.orden == "conectar":
            from sobremesa.net.cli import connect_command

            return connect_command(app, args)
        # First run (no settings file yet) at a terminal: a short setup before the
        # menu. A script (stdin not a terminal) never gets it, so it replays exactly;
        # nor does a run that says its reading speed (--lectura): it is answered.
        interactive = getattr(app.console, "interactive", False)
        asked = first_run and interactive and args.lectura is None
        if asked and app.first_run_setup() == "eof":
            return 0
        return app.main_menu()
    except KeyboardInterrupt:
        app.announcer.narrate(_("Hasta pronto."))
        return 130
    finally:
        app.close()
        restore_signals()


def _settings_broken_line(kept: Any) -> str:
    return _("El archivo de opciones estaba dañado; lo he apartado en {path}.").format(path=kept)


def check_words_command(args: argparse.Namespace, settings: Settings) -> int:
    """`sobremesa palabra CASA ...`: one line per word; no console, no menu."""
    from sobremesa.lexicon import check_words, load_lexicon

    path = getattr(args, "lista", None) or args.diccionario or settings.dictionary or None
    lexicon = load_lexicon("palabras", path, notify=print)
    for line in check_words(args.palabras, lexicon):
        print(line, flush=True)
    return 0


def _fold(text: str) -> str:
    from sobremesa.ui.commands import fold

    return fold(text)
