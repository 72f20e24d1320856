"""The games of the collection, in menu order: what the command line, the settings,
the menus and the match runner need to know about each one, in one place.

Adding a game is a folder under `games/` (rules, bots, ui) plus one `GameEntry`
here. Nothing heavy is imported at start-up: a game's rules, bots, word list and
UI module are imported the first time something asks for them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any

from sobremesa.i18n import N_, _

if TYPE_CHECKING:
    from sobremesa.core.game import Game

BOT_NAMES = ("Ana", "Luis", "Marta", "Pablo", "Lucía", "Jorge", "Elena", "Mario")


@dataclass(frozen=True)
class Setting:
    """One option of a game's group in Opciones, as data: its line (`label` with
    {value}) and how choosing it changes the game's settings field. Also what the
    settings file may hold in that field."""

    field: str  # in the game's settings section; "reaction": the reaction mode
    label: str = ""  # msgid with {value}
    values: tuple[Any, ...] = (False, True)  # chosen in turn; (False, True): sí/no
    names: tuple[str, ...] = ()  # msgids saying each value (none: the value itself)
    ask: tuple[int, int] | None = None  # a whole number from..to, asked with `prompt`
    prompt: str = ""


REACTION = Setting("reaction")  # the windowed games' reaction mode (options.ask_reaction)


@dataclass(frozen=True)
class Flag:
    """A `jugar` option of the command line for one game: the argparse dest, the
    settings field it sets (None: refused) and the values it takes (None: any that
    argparse takes; "si"/"no" become True/False), else `error` is said."""

    dest: str
    field: str | None = None
    values: tuple[int, ...] | range | None = None
    error: str = ""


@dataclass(frozen=True)
class GameEntry:
    id: str  # as typed on the command line and used for saves and settings
    name: str  # menu name msgid (N_)
    seats: tuple[int, int]  # fewest and most players at the table, human included
    levels: tuple[str, ...]  # bot levels, easiest first, as the settings spell them
    # A bot's seconds to answer a window alone, (game, seat, bot) -> seconds; None:
    # the game has no reaction windows.
    reaction_time: Callable[[Any, int, Any], float] | None = None
    lexicon: str | None = None  # the word list kind it needs (`load_lexicon`), None: none
    options_prompt: str = ""  # its group's prompt in Opciones (msgid)
    options: tuple[Setting, ...] = ()  # its group in Opciones, in order
    flags: tuple[Flag, ...] = ()  # its `jugar` options besides --rivales and --nivel
    rivals_question: str = N_("¿Cuántos rivales?")
    two_decks_from: int | None = None  # rivals from which the menu says "dos barajas"

    # -- modules, imported when first asked for ----------------------------------------
    @property
    def package(self) -> str:
        return f"sobremesa.games.{self.id}"

    @property
    def ui_module(self) -> str:
        """Dotted path of the module with `new_adapter` and `restore_adapter`."""
        return f"{self.package}.ui"

    def adapter_module(self) -> ModuleType:
        return import_module(self.ui_module)

    def rules(self) -> ModuleType:
        return import_module(f"{self.package}.rules")

    def bots(self) -> ModuleType:
        return import_module(f"{self.package}.bots")

    def narrator(self) -> Any:
        """The game's pure narrator: `narrate(event, view, names, *, brief=False, ...)`
        → `Told`, from the event as a seat sees it, that seat's view and the names."""
        return import_module(f"{self.package}.narration").narrate

    def texts(self) -> ModuleType:
        """The game's words (`texts.py`): where its level and style texts are."""
        return import_module(f"{self.package}.texts")

    # -- rivals: levels and styles ------------------------------------------------------
    def level_description(self, level: str) -> str:
        """What a level's rivals do and do not do, in one short line (the game's
        `texts.LEVEL_DESCRIPTIONS`), in the player's language; "" if it has none."""
        described = getattr(self.texts(), "LEVEL_DESCRIPTIONS", {})
        return _(described[level]) if level in described else ""

    def styles(self) -> dict[str, tuple[str, ...]]:
        """The styles (personalities) of each level, from the game's bots module
        (`STYLES`: level -> style ids); a game without them has none."""
        found = getattr(self.bots(), "STYLES", None)
        if not isinstance(found, dict):
            return {}
        return {
            level: tuple(s for s in styles if isinstance(s, str) and s)
            for level, styles in found.items()
            if level in self.levels and isinstance(styles, tuple | list)
        }

    def style_name(self, style: str) -> str:
        """A style as said after "estilo" (`Ana: difícil, estilo prudente`): the
        game's `texts.STYLE_NAMES`, else the name before the colon of its
        `texts.STYLE_DESCRIPTIONS` ("prudente: ..."), else the style id."""
        names = getattr(self.texts(), "STYLE_NAMES", {})
        if style in names:
            return _(names[style])
        described = self.style_description(style)
        return described.split(":", 1)[0].strip() if described else style

    def style_description(self, style: str) -> str:
        """What a style does, as the game's `texts.STYLE_DESCRIPTIONS` says it
        ("prudente: no se inventa palabras…"); "" if it says nothing."""
        described = getattr(self.texts(), "STYLE_DESCRIPTIONS", {})
        return _(described[style]) if style in described else ""

    def commands(self) -> ModuleType:
        """The game's commands: specs (`COMMANDS`), rules text and typed-text parsing."""
        return import_module(f"{self.package}.commands")

    @property
    def game_class(self) -> type[Game]:
        return getattr(self.rules(), f"{self.id.capitalize()}Game")

    @property
    def reactions(self) -> bool:
        """Has reaction windows (¡Cabanga!, ABC ¡Castaña!)."""
        return self.reaction_time is not None

    @property
    def rivals(self) -> tuple[int, int]:
        """Fewest and most rivals a player may ask for (the seats less the player)."""
        return self.seats[0] - 1, self.seats[1] - 1

    # -- building ---------------------------------------------------------------------
    def load_lexicon(self, dictionary: str | None = None, notify: Any = None) -> Any:
        """The game's word list (the dictionary setting: "", "amplia" or a path),
        None for a game without words."""
        if self.lexicon is None:
            return None
        from sobremesa.lexicon import load_lexicon

        return load_lexicon(self.lexicon, dictionary or None, notify=notify)

    def _words(self, lexicon: Any, *, rules: bool) -> dict[str, Any]:
        """The word list as the game's rules or bots take it (none without words)."""
        if self.lexicon is None:
            return {}
        words = self.load_lexicon() if lexicon is None else lexicon
        if rules and self.id == "castana":  # its rules ask only whether a word exists
            return {"is_word": lambda word: word.lower() in words}
        return {"lexicon": words}

    def new_game(self, players: int, seed: int, *, lexicon: Any = None, **options: Any) -> Game:
        """A fresh game of `players` seats: the options dataclass's defaults (those of
        a new table) with `options` over them, and the word list the game needs
        (the shipped one unless `lexicon` is given)."""
        made = getattr(self.rules(), f"{self.id.capitalize()}Options")(players=players, **options)
        return self.game_class(made, seed=seed, **self._words(lexicon, rules=True))

    def restore_game(self, data: dict[str, Any], *, lexicon: Any = None) -> Game:
        """`game_class.from_dict` with the word list the game needs."""
        return self.game_class.from_dict(data, **self._words(lexicon, rules=True))

    def make_bot(
        self, level: str, seat: int, seed: int, *, lexicon: Any = None, style: str = ""
    ) -> Any:
        """The bot the adapters seat today for a table seeded `seed` (its own generator
        seeded `seed * 16 + seat`, as `ui.session.make_bots` does), with its `style`
        (one of `styles()[level]`; "" plays the level plainly)."""
        words = self._words(lexicon, rules=False)
        if style:
            words["style"] = style
        return self.bots().make_bot(level, seat, rng_seed=seed * 16 + seat, **words)

    def bot_from_dict(self, data: Any, *, lexicon: Any = None) -> Any:
        return self.bots().bot_from_dict(data, **self._words(lexicon, rules=False))

    def bot_reaction_time(self, game: Any, seat: int, bot: Any) -> float | None:
        """Seconds a bot alone takes to answer the open window (None: the game has no
        windows); what the adapters' `bot_reaction_time` said before the warnings."""
        return None if self.reaction_time is None else self.reaction_time(game, seat, bot)


def _cabanga_reaction_time(game: Any, seat: int, bot: Any) -> float:
    # Seeded by the game and the moment, so a saved game replays the same race.
    view = game.view(None)
    return bot.reaction_time(
        random.Random(f"{game.seed}-{view.round_no}-{view.turns_in_round}-{seat}")
    )


def _castana_reaction_time(game: Any, seat: int, bot: Any) -> float:
    return bot.reaction_time(game.view(seat))  # drawn from the seat's view: saved with it


HAND_ORDER = N_("Orden de la mano: {value}")
NO_REFEREE = Flag("arbitro", error=N_("--arbitro solo sirve en ABC ¡Castaña!"))

GAMES: dict[str, GameEntry] = {
    game.id: game
    for game in (
        GameEntry(
            "chinchon",
            N_("Chinchón"),
            seats=(2, 8),
            levels=("facil", "medio", "dificil"),
            options_prompt=N_("Chinchón> "),
            options=(
                Setting("deck", N_("Baraja: {value} cartas"), (40, 48)),
                Setting("limit", N_("Límite: {value} puntos"), (70, 100)),
                Setting("reenganche", N_("Reenganche: {value}")),
                Setting("seven_run_wins", N_("Escalera de siete gana la partida: {value}")),
                Setting(
                    "hand_order", HAND_ORDER, ("palo", "valor"), (N_("por palo"), N_("por valor"))
                ),
            ),
            flags=(
                NO_REFEREE,
                Flag("baraja", "deck"),
                Flag("limite", "limit", (70, 100), N_("--limite debe ser 70 o 100 en Chinchón")),
                Flag("reenganche", "reenganche"),
                Flag("siete_gana", "seven_run_wins"),
            ),
            rivals_question=N_("¿Cuántos rivales? Con 4 o más se juega con dos barajas."),
            two_decks_from=4,
        ),
        GameEntry(
            "palabras",
            N_("Palabras"),
            seats=(2, 4),
            levels=("facil", "medio", "dificil"),
            lexicon="palabras",
            options_prompt=N_("Palabras> "),
            options=(
                Setting("hints", N_("Pistas: {value}")),
                Setting("confirm_moves", N_("Confirmar antes de jugar: {value}")),
            ),
        ),
        GameEntry(
            "castana",
            N_("ABC ¡Castaña!"),
            seats=(2, 6),
            levels=("facil", "medio", "dificil"),
            reaction_time=_castana_reaction_time,
            lexicon="castana",
            options_prompt=N_("Castaña> "),
            options=(
                REACTION,
                Setting("referee", N_("Árbitro automático: {value}")),
                Setting("warn_before_steal", N_("Avisar antes de robarme el turno: {value}")),
                Setting("aids", N_("Ayuda de palabras: {value}")),
                Setting(
                    "hand_order", HAND_ORDER, ("color", "letra"), (N_("por color"), N_("por letra"))
                ),
            ),
            flags=(
                Flag("arbitro", "referee"),
                Flag("limite", error=N_("En ABC ¡Castaña! la partida acaba al llegar a 40 puntos")),
            ),
        ),
        GameEntry(
            "cabanga",
            N_("¡Cabanga!"),
            seats=(3, 6),
            levels=("facil", "medio", "dificil"),
            reaction_time=_cabanga_reaction_time,
            options_prompt=N_("Cabanga> "),
            options=(
                REACTION,
                Setting(
                    "limit",
                    N_("Límite: {value} puntos"),
                    ask=(5, 100),
                    prompt=N_("Límite, de 5 a 100 puntos> "),
                ),
                Setting("notify_fits", N_("Avisarme de mis cartas: {value}")),
            ),
            flags=(
                NO_REFEREE,
                Flag(
                    "limite",
                    "limit",
                    range(5, 101),
                    N_("--limite debe estar entre 5 y 100 en ¡Cabanga!"),
                ),
            ),
        ),
    )
}

#: The games with reaction windows, in menu order.
WINDOWED_GAMES: tuple[str, ...] = tuple(g.id for g in GAMES.values() if g.reactions)


def entry(game_id: str) -> GameEntry:
    """The registered game `game_id`; an unknown id is a KeyError naming the known ones."""
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(GAMES)
        raise KeyError(f"unknown game {game_id!r}; registered games: {known}") from None
