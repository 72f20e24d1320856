"""The options menu and the setting questions shared with the first-run setup and
the new-game setup.

Opciones is a short menu of groups (Voz y lectura, Partida, one per game), and each
group is a short menu of its options. In every one of them `0. Volver` comes first;
0, Escape (the command `callar`), `volver`, `atrás`, `salir` or `back` go back one
level. Choosing an option changes it (a yes/no option flips; a number is asked)
and saves it; only the changed option is read back. Every line fits a 40-cell
braille line and every prompt 30 cells, decisive words first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from sobremesa import i18n
from sobremesa.core.registry import GAMES, GameEntry, Setting
from sobremesa.i18n import _
from sobremesa.settings import READING_WPM
from sobremesa.ui.numbers import decimal_number, signed_number
from sobremesa.ui.session import seconds_text

OUTPUT_CHOICES = (["texto"], ["texto", "lector"], ["texto", "voz"], ["texto", "lector", "voz"])

#: Typed words (folded) and key commands that go back one level in a menu.
BACK_WORDS = frozenset({"volver", "atras", "salir", "back", "exit", "callar", "escape"})

#: Reading speeds offered by number (words per minute); the last entry asks a figure.
READING_PRESETS = (140, 180, 250, 350)

BACK = "back"  # what a question returns when the player went back without answering


def is_back(text: str) -> bool:
    """Does this answer mean "go back one level"? (Escape arrives as `callar`.)"""
    from sobremesa.ui.commands import fold

    return fold(text.strip()) in BACK_WORDS


def _outputs_name(outputs: list[str]) -> str:
    names = {
        ("texto",): _("solo texto"),
        ("texto", "lector"): _("texto y lector de pantalla"),
        ("texto", "voz"): _("texto y voz propia"),
        ("texto", "lector", "voz"): _("texto, lector y voz propia"),
    }
    key = tuple(m for m in ("texto", "lector", "voz") if m in outputs)
    return names.get(key, _("solo texto"))


def dictionary_name(setting: str) -> str:
    """The dictionary setting as Opciones says it: curada, amplia or the file's name."""
    if setting in ("", "curada"):
        return _("curada")
    if setting == "amplia":
        return _("amplia")
    return Path(setting).name


def _yes_no(value: bool) -> str:
    return _("sí") if value else _("no")


def reading_text(wpm: int) -> str:
    return _("Lectura: {n} palabras por minuto").format(n=wpm)


def reaction_text(section: Any) -> str:
    if section.reaction_mode == "turnos":
        return _("Reacción: por turnos")
    return _("Reacción: tiempo real, {seconds}").format(
        seconds=seconds_text(section.reaction_seconds)
    )


# -- questions shared with the first-run and new-game setups -------------------------
def ask_until(app: Any, prompt: str, parse: Callable[[str], Any], error: str) -> Any:
    """Ask until `parse` takes the answer (returns a value, not None), saying `error`
    after each it refuses; BACK if the player went back, None at end of input."""
    while True:
        text = app.ask(prompt)
        if text is None:
            return None
        if is_back(text):
            return BACK
        value = parse(text)
        if value is not None:
            return value
        app.announcer.answer(error)


def ask_number(
    app: Any, prompt: str, low: float, high: float, *, example: str = ""
) -> float | str | None:
    """A number from low to high (decimal comma or point); BACK or None at end of input."""

    def parse(text: str) -> float | None:
        value = decimal_number(text)
        if value is None or not low <= value <= high:
            return None
        return int(value) if value == int(value) else value

    if example:
        error = _("Escribe un número de {low} a {high}, como {example}.")
    else:
        error = _("Escribe un número de {low} a {high}.")
    return ask_until(app, prompt, parse, error.format(low=low, high=high, example=example))


def ask_int(app: Any, prompt: str, low: int, high: int) -> int | str | None:
    """A whole number from low to high; BACK or None at end of input."""

    def parse(text: str) -> int | None:
        value = signed_number(text)
        return value if value is not None and low <= value <= high else None

    error = _("Escribe un número entero de {low} a {high}.").format(low=low, high=high)
    return ask_until(app, prompt, parse, error)


def ask_reading_speed(app: Any, *, listed_back: bool) -> str | None:
    """ "¿A qué velocidad lee tu lector?": four speeds by number and "Otra cifra".
    Saves the choice; returns BACK, "eof" or None (chosen)."""
    names = [
        _("Despacio, 140 palabras por minuto"),
        _("Normal, 180"),
        _("Rápido, 250"),
        _("Muy rápido, 350"),
        _("Otra cifra"),
    ]
    while True:
        choice = app.choose_back(
            _("¿A qué velocidad lee tu lector?"), names, _("Lectura> "), listed_back=listed_back
        )
        if isinstance(choice, str):
            return choice
        if choice <= len(READING_PRESETS):
            wpm = READING_PRESETS[choice - 1]
        else:
            low, high = READING_WPM
            app.announcer.answer(
                _("Escribe una cifra de {low} a {high}.").format(low=low, high=high)
            )
            value = ask_int(app, _("Palabras por minuto> "), low, high)
            if value is None:
                return "eof"
            if value == BACK:
                continue
            wpm = int(value)
        app.set_option(None, "reading_wpm", wpm)
        return None


def ask_reaction(app: Any, game: str, *, listed_back: bool) -> str | None:
    """The reaction mode of a windowed game: por turnos first, then tiempo real with
    its seconds. Saves the choice for that game; returns BACK, "eof" or None."""
    while True:
        choice = app.choose_back(
            _("Modo de reacción."),
            [_("Por turnos: el juego te espera"), _("Tiempo real")],
            _("Reacción> "),
            listed_back=listed_back,
        )
        if isinstance(choice, str):
            return choice
        if choice == 1:
            app.set_option(game, "reaction_mode", "turnos")
            return None
        seconds = ask_number(app, _("Segundos, de 2 a 10> "), 2, 10, example=_("4,5"))
        if seconds is None:
            return "eof"
        if seconds == BACK:
            continue
        app.set_option(game, "reaction_seconds", seconds)
        app.set_option(game, "reaction_mode", "tiempo")
        return None


def first_run_setup(app: Any) -> str | None:
    """The first run's short setup (no settings file yet, a person at a terminal):
    the reading speed. Going back keeps the default. Returns "eof" or None."""
    app.announcer.narrate(_("Primera vez en Sobremesa."))
    result = ask_reading_speed(app, listed_back=False)
    if result == "eof":
        return "eof"
    if result == BACK:
        app.set_option(None, "reading_wpm", app.settings.reading_wpm)  # keeps it, saves it
    app.announcer.answer(reading_text(app.settings.reading_wpm) + ".")
    app.announcer.answer(_("Se cambia en Opciones."))
    return None


# -- the menu ------------------------------------------------------------------------
Action = Callable[[], "str | None"]


@dataclass
class Group:
    name: str  # its line in the Opciones menu
    prompt: str
    items: Callable[[], list[tuple[str, Action]]]  # (line, what choosing it does)


class OptionsMenu:
    def __init__(self, app: Any) -> None:
        self.app = app

    def groups(self) -> list[Group]:
        return [
            Group(_("Voz y lectura"), _("Voz y lectura> "), self._voice_items),
            Group(_("Partida"), _("Partida> "), self._table_items),
            *[
                Group(_(game.name), _(game.options_prompt), partial(self._game_items, game))
                for game in GAMES.values()
            ],
        ]

    def run(self) -> str:
        """The groups menu; returns "back" or "eof"."""
        show = True
        while True:
            groups = self.groups()
            choice = self.app.choose_back(
                _("Opciones. Intro repite la lista."),
                [g.name for g in groups],
                _("Opciones> "),
                show=show,
                listed_back=True,
            )
            show = False  # back from a group: only the prompt says where you are
            if isinstance(choice, str):
                return choice
            if self.run_group(groups[choice - 1]) == "eof":
                return "eof"

    def run_group(self, group: Group) -> str:
        show = True
        while True:
            items = group.items()
            choice = self.app.choose_back(
                group.name if group.name.endswith(("!", ".")) else group.name + ".",
                [line for line, _action in items],
                group.prompt,
                show=show,
                listed_back=True,
            )
            show = False  # after a change only the changed option is read
            if isinstance(choice, str):
                return choice
            result = items[choice - 1][1]()
            if result == "eof":
                return "eof"
            if result != BACK:
                self.app.announcer.answer(group.items()[choice - 1][0])

    # -- the groups' options ----------------------------------------------------------
    def _voice_items(self) -> list[tuple[str, Action]]:
        s = self.app.settings
        return [
            (_("Salida: {value}").format(value=_outputs_name(s.outputs)), self._cycle_outputs),
            (_("Velocidad de la voz: {value}").format(value=s.voice_rate), self._voice_rate),
            (
                _("Variante de la voz: {value}").format(
                    value=s.voice_variant or _("la del idioma")
                ),
                self._voice_variant,
            ),
            (
                reading_text(s.reading_wpm),
                lambda: ask_reading_speed(self.app, listed_back=True),
            ),
            (
                _("Indicador: corto, para voz")
                if s.prompt_style == "corto"
                else _("Indicador: con estado, para braille"),
                lambda: self._set(
                    None, "prompt_style", "estado" if s.prompt_style == "corto" else "corto"
                ),
            ),
            (
                _("Mensajes: {value}").format(
                    value=_("breves") if s.verbosity == "breve" else _("normales")
                ),
                lambda: self._set(
                    None, "verbosity", "normal" if s.verbosity == "breve" else "breve"
                ),
            ),
        ]

    def _table_items(self) -> list[tuple[str, Action]]:
        s = self.app.settings
        return [
            (
                _("Idioma: {value}").format(
                    value=_("español") if s.language == "es" else _("inglés")
                ),
                self._toggle_language,
            ),
            (
                _("Ritmo de los rivales: {value}").format(value=seconds_text(s.pace)),
                self._pace,
            ),
            (
                _("Diccionario: {value}").format(value=dictionary_name(s.dictionary)),
                self._dictionary,
            ),
        ]

    def _game_items(self, game: GameEntry) -> list[tuple[str, Action]]:
        """A game's group, from the options its registry entry declares."""
        return [self._game_item(game.id, option) for option in game.options]

    def _game_item(self, game_id: str, option: Setting) -> tuple[str, Action]:
        section = getattr(self.app.settings, game_id)
        if option.field == "reaction":
            return reaction_text(section), lambda: ask_reaction(self.app, game_id, listed_back=True)
        value = getattr(section, option.field)
        if option.ask is not None:
            return _(option.label).format(value=value), lambda: self._ask_setting(game_id, option)
        values = option.values
        at = values.index(value) if value in values else -1
        if option.names:
            shown = _(option.names[at])
        else:
            shown = _yes_no(value) if values == (False, True) else str(value)
        following = values[(at + 1) % len(values)]  # a yes/no option flips
        return _(option.label).format(value=shown), lambda: self._set(
            game_id, option.field, following
        )

    # -- changing ---------------------------------------------------------------------
    def _set(self, section: str | None, name: str, value: Any) -> None:
        self.app.set_option(section, name, value)

    def _cycle_outputs(self) -> None:
        s = self.app.settings
        index = OUTPUT_CHOICES.index(s.outputs) if s.outputs in OUTPUT_CHOICES else 0
        self._set(None, "outputs", list(OUTPUT_CHOICES[(index + 1) % len(OUTPUT_CHOICES)]))
        self.app.announcer.outputs = self.app._make_outputs()

    def _voice_rate(self) -> str | None:
        value = ask_int(self.app, _("Velocidad, de -10 a 10> "), -10, 10)
        if value is None or value == BACK:
            return "eof" if value is None else BACK
        self._set(None, "voice_rate", value)
        self.app.announcer.outputs = self.app._make_outputs()
        return None

    def _voice_variant(self) -> str | None:
        self.app.announcer.answer(_("Ejemplo: es-419. Vacío: la del idioma."))
        text = self.app.ask(_("Variante de la voz> "))
        if text is None:
            return "eof"
        if is_back(text):
            return BACK
        text = text.strip()
        if len(text) > 20 or not all(ch.isalnum() or ch in "-_+" for ch in text):
            self.app.announcer.answer(_("Esa variante no es válida; no la cambio."))
            return BACK
        self._set(None, "voice_variant", text)
        self.app.announcer.outputs = self.app._make_outputs()
        return None

    def _toggle_language(self) -> None:
        s = self.app.settings
        self._set(None, "language", "en" if s.language == "es" else "es")
        i18n.set_language(s.language)

    def _pace(self) -> str | None:
        value = ask_number(self.app, _("Ritmo, de 0 a 10 segundos> "), 0, 10, example=_("1,5"))
        if value is None or value == BACK:
            return "eof" if value is None else BACK
        self._set(None, "pace", float(value))
        return None

    def _ask_setting(self, game_id: str, option: Setting) -> str | None:
        assert option.ask is not None
        value = ask_int(self.app, _(option.prompt), *option.ask)
        if value is None or value == BACK:
            return "eof" if value is None else BACK
        self._set(game_id, option.field, value)
        return None

    def _dictionary(self) -> str | None:
        """The word list of both word games: the curated one (the default), the full
        one (`amplia`) or the player's own file."""
        while True:
            choice = self.app.choose_back(
                _("Diccionario."),
                [_("Curada: la de siempre"), _("Amplia: la lista completa"), _("Tu propia lista")],
                _("Diccionario> "),
                listed_back=True,
            )
            if isinstance(choice, str):
                return choice
            if choice < 3:
                self._set(None, "dictionary", "" if choice == 1 else "amplia")
                return None
            result = self._ask_dictionary()
            if result != BACK:
                return result

    def _ask_dictionary(self) -> str | None:
        """Ask for a word-list file; it is checked (and compiled) before it is kept."""
        self.app.announcer.answer(_("Una palabra por línea, en UTF-8."))
        text = self.app.ask(_("Ruta de tu lista> "))
        if text is None:
            return "eof"
        path = text.strip().strip('"')
        if is_back(text) or not path:
            return BACK
        from sobremesa.lexicon import load_lexicon

        problems: list[str] = []
        lexicon = load_lexicon("palabras", path, notify=problems.append)
        for line in problems:
            self.app.announcer.answer(line)
        if getattr(lexicon, "source", None) == path:
            self._set(None, "dictionary", path)
            return None
        return BACK
