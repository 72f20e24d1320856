"""The games of the collection, in menu order: what the command line, the settings,
the menus and the match runner need to know about each one, in one place.

Adding a game is a folder under `games/` (rules, bots, ui) plus one `GameEntry`
here. Nothing heavy is imported at start-up: a game's rules, bots, word list and
UI module are imported the first time something asks for them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any

from sobremesa.i18n import N_

if TYPE_CHECKING:
    from sobremesa.core.game import Game

BOT_NAMES = ("Ana", "Luis", "Marta", "Pablo", "Lucía", "Jorge", "Elena", "Mario")


@dataclass(frozen=True)
class GameEntry:
    id: str  # as typed on the command line and used for saves and settings
    name: str  # menu name msgid (N_)
    seats: tuple[int, int]  # fewest and most players at the table, human included
    levels: tuple[str, ...]  # bot levels, easiest first, as the settings spell them
    reactions: bool  # has reaction windows (¡Cabanga!, ABC ¡Castaña!)
    lexicon: str | None  # the word list kind it needs (`load_lexicon`), None: none
    options_prompt: str  # its group's prompt in Opciones (msgid)
    options_class: str  # name of the rules module's options dataclass
    game_class_name: str  # name of the rules module's `Game` subclass

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

    @property
    def game_class(self) -> type[Game]:
        return getattr(self.rules(), self.game_class_name)

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

    def _words(self, lexicon: Any) -> Any:
        return self.load_lexicon() if lexicon is None else lexicon

    def new_game(self, players: int, seed: int, *, lexicon: Any = None, **options: Any) -> Game:
        """A fresh game of `players` seats: the options dataclass's defaults (those of
        a new table) with `options` over them, and the word list the game needs
        (the shipped one unless `lexicon` is given)."""
        rules = self.rules()
        settings = getattr(rules, self.options_class)(players=players, **options)
        if self.lexicon is None:
            return self.game_class(settings, seed=seed)
        words = self._words(lexicon)
        if self.id == "castana":  # the rules ask only whether a word exists
            return self.game_class(settings, seed=seed, is_word=_is_word(words))
        return self.game_class(settings, seed=seed, lexicon=words)

    def restore_game(self, data: dict[str, Any], *, lexicon: Any = None) -> Game:
        """`game_class.from_dict` with the word list the game needs."""
        if self.lexicon is None:
            return self.game_class.from_dict(data)
        words = self._words(lexicon)
        if self.id == "castana":
            return self.game_class.from_dict(data, is_word=_is_word(words))
        return self.game_class.from_dict(data, lexicon=words)

    def make_bot(self, level: str, seat: int, seed: int, *, lexicon: Any = None) -> Any:
        """The bot the adapters seat today for a table seeded `seed` (its own generator
        seeded `seed * 16 + seat`, as `ui.session.make_bots` does)."""
        rng_seed = seed * 16 + seat
        if self.lexicon is None:
            return self.bots().make_bot(level, seat, rng_seed=rng_seed)
        return self.bots().make_bot(level, seat, rng_seed=rng_seed, lexicon=self._words(lexicon))

    def bot_from_dict(self, data: Any, *, lexicon: Any = None) -> Any:
        if self.lexicon is None:
            return self.bots().bot_from_dict(data)
        return self.bots().bot_from_dict(data, lexicon=self._words(lexicon))

    def bot_reaction_time(self, game: Any, seat: int, bot: Any) -> float | None:
        """Seconds a bot alone takes to answer the open window (None: the game has no
        windows). Seeded by the game and the moment, so a save replays the same race."""
        if self.id == "cabanga":
            view = game.view(None)
            key = f"{game.seed}-{view.round_no}-{view.turns_in_round}-{seat}"
            return bot.reaction_time(random.Random(key))
        if self.id == "castana":
            return bot.reaction_time(game.view(seat))
        return None


def _is_word(lexicon: Any) -> Any:
    return lambda word: word.lower() in lexicon


GAMES: dict[str, GameEntry] = {
    entry.id: entry
    for entry in (
        GameEntry(
            id="chinchon",
            name=N_("Chinchón"),
            seats=(2, 8),
            levels=("facil", "dificil"),
            reactions=False,
            lexicon=None,
            options_prompt=N_("Chinchón> "),
            options_class="ChinchonOptions",
            game_class_name="ChinchonGame",
        ),
        GameEntry(
            id="palabras",
            name=N_("Palabras"),
            seats=(2, 4),
            levels=("facil", "medio", "dificil"),
            reactions=False,
            lexicon="palabras",
            options_prompt=N_("Palabras> "),
            options_class="PalabrasOptions",
            game_class_name="PalabrasGame",
        ),
        GameEntry(
            id="castana",
            name=N_("ABC ¡Castaña!"),
            seats=(2, 6),
            levels=("facil", "medio", "dificil"),
            reactions=True,
            lexicon="castana",
            options_prompt=N_("Castaña> "),
            options_class="CastanaOptions",
            game_class_name="CastanaGame",
        ),
        GameEntry(
            id="cabanga",
            name=N_("¡Cabanga!"),
            seats=(3, 6),
            levels=("facil", "medio", "dificil"),
            reactions=True,
            lexicon=None,
            options_prompt=N_("Cabanga> "),
            options_class="CabangaOptions",
            game_class_name="CabangaGame",
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
