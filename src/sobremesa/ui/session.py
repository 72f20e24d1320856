"""The game loop shared by every game: whose turn, the human's commands, bots paced
in time, autosave after every move, and the reading commands that work at any moment.

Each game plugs in a `GameAdapter` (its commands, texts and bots). The loop is the
same with prompt_toolkit and with plain piped input: when stdin is not a terminal,
input is read only when the game waits for the human, so a script replays exactly.
"""

from __future__ import annotations

import contextlib
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sobremesa import i18n, saves
from sobremesa.core.game import Action, Event, Game, IllegalAction
from sobremesa.core.link import LocalLink
from sobremesa.core.match import Delivery, Match
from sobremesa.core.policy import ReactionPolicy
from sobremesa.i18n import N_, _, ngettext
from sobremesa.ui.announcer import Announcer, Said
from sobremesa.ui.commands import SHOUTS, Command, CommandSpec, CommandTable, shortcut
from sobremesa.ui.console import TIMEOUT
from sobremesa.ui.numbers import decimal_number, number
from sobremesa.ui.wording import join, prompt_of

AdapterT = TypeVar("AdapterT", bound="GameAdapter")

PAGE_LINES = 9  # long texts come in screen-sized pieces (DESIGN §6)
#: Adapter state that is text: never saved, told again from the log (`ui.retell`).
TOLD = frozenset(("last_move", "last_brief", "held"))


@dataclass
class Table:
    names: list[str]
    human: int | None  # None: spectator mode, every seat is a bot
    levels: list[str | None]  # a bot's level per seat; None: a person
    #: a bot's style per seat ("" none; saved only if a bot has one)
    styles: list[str] = field(default_factory=list)

    def style(self, seat: int) -> str:
        return self.styles[seat] if seat < len(self.styles) else ""

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"names": self.names, "human": self.human, "levels": self.levels}
        if any(self.styles):  # older saves have none: their bots' say them
            data["styles"] = self.styles
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Table:
        names, human, levels = data["names"], data["human"], data["levels"]
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise ValueError("names")
        if human is not None and not (isinstance(human, int) and 0 <= human < len(names)):
            raise ValueError("human")
        if not isinstance(levels, list) or len(levels) != len(names):
            raise ValueError("levels")
        styles = data.get("styles", [])
        if not isinstance(styles, list) or not all(isinstance(s, str) for s in styles):
            raise ValueError("styles")
        if styles and len(styles) != len(names):
            raise ValueError("styles")
        return cls(names, human, levels, styles)


def seat_names(players: int, seed: int, *, spectator: bool) -> list[str]:
    """Each seat's name at a table of ``players`` dealt with ``seed``: the bots' are
    chosen by the seed, seat 0 is "Tú" unless spectating. The new-game menu asks
    each rival's level by the name the table will give them."""
    from sobremesa.games import BOT_NAMES

    start = seed % len(BOT_NAMES)
    names = [BOT_NAMES[(start + i) % len(BOT_NAMES)] for i in range(players)]
    if not spectator:
        names[0] = _("Tú")
    return names


def seat_table(
    players: int,
    seed: int,
    *,
    spectator: bool,
    levels: Iterable[str],
    styles: Mapping[str, Sequence[str]] | None = None,
) -> Table:
    """Seat 0 is the player (no player when spectating); the bots get names chosen
    by the seed and the given levels, in seat order, and a style each from
    ``styles`` (level -> the game's styles: `rivals.choose_styles`)."""
    from sobremesa.ui.rivals import choose_styles

    human = None if spectator else 0
    names = seat_names(players, seed, spectator=spectator)
    bot_levels = iter(levels)
    seat_levels = [None if seat == human else next(bot_levels) for seat in range(players)]
    chosen = choose_styles(styles or {}, seat_levels, seed)
    return Table(names, human, seat_levels, chosen)


def make_bots(table: Table, seed: int, make: Callable[..., Any]) -> dict[int, Any]:
    """One bot per bot seat, each with its own seeded generator and its style."""
    bots = {}
    for seat, level in enumerate(table.levels):
        if level:
            style = {"style": table.style(seat)} if table.style(seat) else {}
            bots[seat] = make(level, seat, rng_seed=seed * 16 + seat, **style)
    return bots


def seat_bots(
    players: int,
    seed: int,
    *,
    spectator: bool,
    section: Any,
    make: Callable[..., Any],
    game: str | None = None,
) -> tuple[Table, dict[int, Any]]:
    """A new table's seats (`seat_table`) and its bots (`make_bots`), as every game
    seats them; ``section``: the game's settings, whose `level` and `levels` give
    each rival's (`settings.rival_levels`); ``game``: whose styles the bots get
    (none without)."""
    from sobremesa.settings import rival_levels

    levels = rival_levels(section, players if spectator else players - 1)
    styles = None
    if game is not None:
        from sobremesa.core.registry import entry

        styles = entry(game).styles()
    table = seat_table(players, seed, spectator=spectator, levels=levels, styles=styles)
    return table, make_bots(table, seed, make)


def restore_seats(
    data: dict[str, Any], game: Game, bot_from_dict: Callable[[Any], Any]
) -> tuple[Table, dict[int, Any]]:
    """The table and the bots of a saved game (ValueError if they do not match it)."""
    table = Table.from_dict(data["table"])
    if len(table.names) != game.num_seats:
        raise ValueError("table")
    if table.human is not None:
        table.names[table.human] = _("Tú")  # in the language the player reads now
    bots = {int(seat): bot_from_dict(bot) for seat, bot in data["bots"]}
    if not table.styles:  # saved by its bots alone
        styles = [getattr(bots.get(seat), "style", "") for seat in range(game.num_seats)]
        table.styles = [style if isinstance(style, str) else "" for style in styles]
    return table, bots


def restore_table(
    data: dict[str, Any],
    game: Game,
    bot_from_dict: Callable[[Any], Any],
    build: Callable[[Table, dict[int, Any]], AdapterT],
) -> tuple[AdapterT, dict[str, Any]]:
    """A saved game's adapter: its seats and bots (`restore_seats`), the adapter
    ``build`` makes with them, its last move; and the save's extra fields, for the
    game's own (ValueError if the seats do not match the game)."""
    table, bots = restore_seats(data, game, bot_from_dict)
    adapter = build(table, bots)
    extra = data.get("extra", {})
    extra = extra if isinstance(extra, dict) else {}
    adapter.restore_last_move(extra)
    return adapter, extra


def held_from_data(data: Any) -> list[str]:
    """Held lines from an older save, each with its brief form (anything malformed
    is dropped)."""
    if not isinstance(data, list):
        return []
    return [
        Said(item[0], brief=item[1])
        for item in data
        if isinstance(item, list) and len(item) == 2 and all(isinstance(t, str) for t in item)
    ]


@dataclass(frozen=True)
class TypedAction:
    """An action a client sent as data rather than typed (a program playing over
    the network): the session plays it as it would a command's."""

    action: Action


#: The events that begin a round or the game: their line names who starts.
ROUND_STARTS = frozenset(("round_started", "game_started"))


def _last_of(log: Sequence[Any], kind: str, before: int) -> int:
    """The index of the last entry of ``kind`` in ``log`` before ``before`` (-1: none)."""
    return next((i for i in range(before - 1, -1, -1) if log[i].event.kind == kind), -1)


@dataclass(frozen=True)
class Recap:
    """A client came back to its seat: tell it where the game is (`resume`);
    without the last move if the lines it just heard told it."""

    last_move_told: bool = False


#: Seconds a seat of a shared table reads lines while another person plays (their
#: move, or any delivery, ends the wait sooner).
PEOPLE_WAIT = 30.0
#: Seconds of silence while a shared table waits for another person before this
#: seat is told whom it waits for (once for each state of the table): a blind
#: playtest sat through long silences not knowing who was to play.
WAITING_NOTICE = 20.0  # (at 10 s a second playtest heard it on almost every turn)


@dataclass
class Reply:
    """What a command produced: lines to say, or an action to play (or both)."""

    lines: list[str] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)


@dataclass(frozen=True)
class Pause:
    """In a batch of lines: wait for Enter here (terminal only)."""

    line: str


COMMON_COMMANDS = [
    CommandSpec("ayuda", ("help", "?", "a"), N_("ayuda: las órdenes y las teclas"), "F1"),
    CommandSpec("reglas", ("rules",), N_("reglas: las reglas del juego")),
    CommandSpec("historial", ("history", "h"), N_("historial N: las últimas N líneas"), "F8"),
    CommandSpec("rivales", ("rivals", "opponents"), N_("rivales: su nivel y su estilo")),
    CommandSpec("repetir", ("repeat", "rep", "."), N_("repetir: lo último que se dijo"), "F9"),
    CommandSpec("callar", ("silence", "silencio", "shh"), N_("callar: calla la voz"), "Escape"),
    CommandSpec(
        "comprobar", ("check", "palabra"), N_("comprobar PALABRA: si está en el diccionario")
    ),
    CommandSpec("ritmo", ("pace",), N_("ritmo N: segundos de pausa de los rivales")),
    CommandSpec("salir", ("quit", "exit", "q"), N_("salir: guarda la partida y sale")),
]


# Not in an online table's help: salir leaves the table (said apart); the voice
# (callar) is the client's own, and the pace (ritmo) is the table's, set when made.
ONLINE_UNLISTED = frozenset(("salir", "callar", "ritmo"))

# Common commands that never answer a reaction window.
_NOT_READ = object()  # no window key: the last line did not read anything
READING_COMMANDS = frozenset(
    ("ayuda", "reglas", "historial", "rivales", "repetir", "callar", "comprobar", "ritmo", "salir")
)
# At a gate between rounds: what is about the round just played (the next one is
# told after Enter).
ROUND_GATE_COMMANDS = READING_COMMANDS | {"puntos", "ultima"}


class GameAdapter(ABC):
    """What a game adds to the shared loop."""

    game_id: str
    game: Game
    table: Table

    @abstractmethod
    def commands(self) -> list[CommandSpec]: ...

    @abstractmethod
    def describe(self, event: Event) -> list[str]:
        """Lines the human (or the spectator) hears for this event."""

    @abstractmethod
    def prompt(self) -> str: ...

    @abstractmethod
    def handle(self, command: Command) -> Reply: ...

    bots: dict[int, Any]  # seat -> bot with observe(event), choose(view), to_dict()

    #: Prompt style, set by the session from the settings. False (default, for
    #: speech): prompts of 1-3 words, spoken after every answer. True (for braille):
    #: the status on the input line (rack, top card, window), decisive words first.
    #: Either way every prompt fits 30 braille cells, "> " included.
    status_prompt: bool = False
    clock: Callable[[], float] = staticmethod(time.monotonic)

    def start(self, session: Session) -> None:
        """A new table: the match deals, and the session says the opening events."""
        session.start_match()

    def bot_action(self, seat: int) -> Action:
        return self.bots[seat].choose(self.game.view(seat))

    def observe(self, events: Sequence[Event]) -> None:
        """Let every bot see the events, as its seat may see them."""
        for seat, bot in self.bots.items():
            for event in events:
                bot.observe(event.visible_to(seat))  # type: ignore[attr-defined]

    def bots_to_data(self) -> list[Any]:
        return [[seat, bot.to_dict()] for seat, bot in sorted(self.bots.items())]

    @abstractmethod
    def rules(self) -> list[str]: ...

    @abstractmethod
    def intro(self) -> list[str]: ...

    @abstractmethod
    def ending(self) -> list[str]: ...

    def waiting_prompt(self) -> str:
        """The prompt while rivals play: in the status style the last move in brief,
        else `Mirando>` for the spectator and `Espera>` for the player."""
        brief = getattr(self, "last_brief", "")
        if self.status_prompt and brief:
            return prompt_of(brief)
        return _("Mirando> ") if self.table.human is None else _("Espera> ")

    def key_bindings(self) -> dict[str, str] | None:
        """Extra keys while the game is in a key mode (None: the normal keys)."""
        return None

    def in_window(self) -> bool:
        """True while a reaction window is open (several seats may act)."""
        return False

    def window_key(self) -> object:
        """Changes when a new window replaces the open one (a steal in ¡Castaña!)."""
        return None

    def word_list(self) -> Any:
        """The game's lexicon if it loaded one (then `comprobar` uses it), else None."""
        return None

    def check_refusal(self) -> str | None:
        """A reason `comprobar` may not be used just now (None: it may)."""
        return None

    def out_of_turn(self, seat: int, actions: Sequence[Action]) -> bool:
        """May the player make these moves now although it is not their turn (the
        Ñ of ABC ¡Castaña!, thrown at any moment)?"""
        return False

    def reading_commands(self) -> frozenset[str]:
        """This game's commands that only read (they never answer a window now)."""
        return frozenset()

    def handle_unknown_would_act(self, text: str) -> bool:
        """Would `handle_unknown(text)` make a move (answer a question it asked)?"""
        return False

    def answer_first(self, text: str) -> Reply | None:
        """A line answering the game's open question (`¿Cuál 3: de copas o de
        espadas?` → `co`), taken before the commands: a suit's short form is
        also a command's. None: read the line as a command."""
        return None

    def handle_unknown(self, text: str) -> Reply | None:
        """A line that names no command: a game may take it as the answer to a
        question it asked (a colour, a name). None: 'unknown command'."""
        return None

    def enter_command(self) -> str | None:
        """The command an empty line stands for now (the Ñ race: Enter puts the
        hand), or None for the usual (repeat the prompt, or next page)."""
        return None

    def bot_reaction_time(self, seat: int) -> float:
        return 1.0

    def auto_reaction(self, seat: int) -> Action | None:
        """The player's answer when they have nothing to react with (else None)."""
        return None

    def close_window(self) -> list[Event]:
        """The window's time is up: the rules close it."""
        return []

    #: Lines held back while the player's window is open (games with windows).
    held: list[str]

    def player_in_window(self) -> bool:
        """Is a window open in which the player may answer?"""
        return False

    #: The commands that answer the player's window: `ayuda` says them first while
    #: one is open (a playtest's player, asked in a cabanga, heard the reading
    #: commands first).
    window_commands: tuple[str, ...] = ()

    def hold_for_window(
        self, window: list[str | Pause], items: list[str | Pause], *, window_first: bool = False
    ) -> list[str | Pause]:
        """The lines of a batch while windows open and close. A new window for the
        player comes after what led to it (the move that opened it), its line last,
        right before the prompt: the window's clock starts once all of it has been
        heard, so the natural order costs the player nothing. With `window_first`
        (a race: the Ñ) its line goes first and the rest is held. While the player
        may answer nothing else is said (it is held); once the player's part is
        over, what was held comes first, in play order."""
        if not self.player_in_window():
            held, self.held = self.held, []
            return [*held, *window, *items]
        told = [i for i in items if not isinstance(i, Pause)]
        if window and window_first:
            held, self.held = self.held, told
            return [*held, *window]
        if window:
            held, self.held = self.held, []
            return [*held, *told, *window]
        self.held += told
        return []

    def after_window(self) -> list[str]:
        """Lines held back while a window was open (the move that opened it), said
        once it has closed: nothing else is printed while the player may answer."""
        if not getattr(self, "held", None) or self.player_in_window():
            return []
        held, self.held = self.held, []
        return held

    #: The last move as told (`ultima`; the recap's `Última jugada`).
    last_move: str = ""

    #: This game's commands about the player's own seat (hand, moves): a
    #: spectator's help leaves them out.
    seat_commands: frozenset[str] = frozenset()

    #: The table is shared with other people (online; the session sets it). Its
    #: waits are other people's and its windows wait for the slowest listener.
    shared: bool = False

    @property
    def start_pauses(self) -> bool:
        """The table waits for the player's Enter before its bots start (a round,
        the game): a local table does; a shared one waits for everyone to have heard
        instead, so a start pause there only kept the player from hearing the
        others' first moves (a blind playtest pressed Intro twice for each round)."""
        return not self.shared

    #: An action the game makes for the player once the batch being told is said
    #: (nothing left to decide: Chinchón's lay-off with nothing to lay off). The
    #: session sends it to the table and clears it.
    automatic: Action | None = None

    def pause_after(self, events: Sequence[Event]) -> str | None:
        """A line to confirm with Enter after these events, or None."""
        return None

    def pause_at_start(self) -> str | None:
        """A line to confirm with Enter before the first move (None: no pause)."""
        return None

    def describe_events(self, events: Sequence[Event]) -> list[str | Pause]:
        """The lines for a batch of events, with pauses where the player should
        confirm before the rest is said. Games may reorder lines (front-loading)."""
        first: list[str | Pause] = []
        items: list[str | Pause] = []
        for event in events:
            (first if self.urgent(event) else items).extend(self.describe(event))
            line = self.pause_after([event])
            if line:
                items.append(Pause(line))
        return [*first, *items]

    def urgent(self, event: Event) -> bool:
        """Events whose lines go first in their batch (a reaction window the player
        must answer within seconds comes before the move that opened it)."""
        return False

    def resume(self) -> list[str]:
        """What a player coming back needs first (whose turn, their cards)."""
        return []

    def extra_to_data(self) -> dict[str, Any]:
        """Adapter state worth keeping in the save (e.g. the last move's text)."""
        return {}

    def restore_last_move(self, extra: dict[str, Any]) -> None:
        """The last move's text and brief form, and the lines a window held, kept in
        a save of an older version (newer saves tell them again from the table's
        log: `ui.retell`), if well formed; else what a new table has. The brief
        form is one line or a list of lines, as this game keeps it."""
        if hasattr(self, "held"):
            self.held = held_from_data(extra.get("held"))
        last = extra.get("last_move", "")
        self.last_move = last if isinstance(last, str) else ""
        brief = extra.get("last_brief")
        kept = getattr(self, "last_brief", "")
        lines = isinstance(brief, list) and all(isinstance(b, str) for b in brief)
        if (isinstance(kept, str) and isinstance(brief, str)) or (isinstance(kept, list) and lines):
            self.last_brief = brief

    def refusal(self, error: IllegalAction) -> str:
        return _("Esa jugada no es posible ahora.")


def seconds_text(value: float) -> str:
    """'1 segundo', '1,5 segundos' (decimal comma in Spanish)."""
    number = f"{value:g}"
    if i18n.language() == "es":
        number = number.replace(".", ",")
    return ngettext("{n} segundo", "{n} segundos", 1 if value == 1 else 2).format(n=number)


class Session:
    def __init__(
        self,
        adapter: GameAdapter,
        console: Any,
        announcer: Announcer,
        pace: float,
        dictionary: str = "",
        window_seconds: float | None = 4.0,
        *,
        reading_wpm: int = 180,
        status_prompt: bool = False,
        clock: Callable[[], float] = time.monotonic,
        link: Any = None,
    ):
        from sobremesa.ui.reactions import ReactionDriver

        self.reactions = ReactionDriver(self, window_seconds)
        self.dictionary = dictionary
        self._lexicon: Any = None
        self.adapter = adapter
        self.console = console
        self.announcer = announcer
        self.pace = pace
        adapter.window_realtime = self.reactions.realtime
        adapter.status_prompt = status_prompt
        adapter.clock = clock  # an adapter that times something uses the session's clock
        self.clock = clock
        self.sleep: Callable[[float], None] = time.sleep  # scripted input only
        announcer.clock = clock
        announcer.timeline.wpm = float(reading_wpm)
        self._gate: str | None = None  # at a gate: only reading commands work
        self._round_gate = False  # ...and only about the round just played
        # While not None, what moves would say is kept here (see `reply_first`).
        self._deferred: list[Sequence[str | Pause]] | None = None
        self.table = CommandTable([*COMMON_COMMANDS, *adapter.commands()])
        self._pages: list[list[str]] = []
        # The window in which the last line read something (ayuda, reglas…).
        self._read_in: object = _NOT_READ
        self._quit = False
        self._waiting_told: object = None  # the table's state whose wait was said
        self._turn_told = -1  # the log index of the other people's turn that was said
        self._pause: str | None = None  # a line to confirm with Enter before going on
        self._eof = False  # input ended while waiting for Enter
        self._keys: Any = None  # the console key mode in force
        # The table: the match holds the game, the bots and the clock's rules; this
        # session is its human seat's (or the spectator's) client, over a link.
        # Scripted input has no listener and no clock: the table's time moves only
        # to its own wake-ups, so a script replays exactly.
        self._table_time = 0.0
        self._rebase_from: float | None = None  # a saved table's clock, to go on from
        if link is None:
            self.match = self._fresh_match()
        else:
            # A table other people share (a server's): its clock is the server's, its
            # moves are written there, and what others did arrives between lines.
            self.link = link
            self.match = link.match
            link.bind(self)
            adapter.shared = True

    def stood_in(self) -> bool:
        """A bot plays this seat of a shared table while its player is away (what
        the game would do for the player is the bot's to do)."""
        seat = getattr(getattr(self, "link", None), "seat", None)
        return self.shared and seat is not None and self.match.seats[seat] != "human"

    @property
    def shared(self) -> bool:
        """The table is shared with other people (online): the server owns its
        clock and its saving; this session is one seat's console."""
        return getattr(getattr(self, "link", None), "shared", False)

    def _fresh_match(self) -> Match:
        """A table over the adapter's game (new, or restored without its log)."""
        adapter = self.adapter
        human = adapter.table.human
        match = Match(
            adapter.game,
            ["bot" if seat in adapter.bots else "human" for seat in range(adapter.game.num_seats)],
            adapter.bots,
            policy=self._policy(),
            # Looked up at each window, so a game (or a test) may time its bots.
            reaction_time=lambda game, seat, bot: adapter.bot_reaction_time(seat),
            watched=human is None,
            close=adapter.close_window,
        )
        if getattr(self, "link", None) is not None:
            self.link.close()
        self.link = LocalLink(match, human, self._delivered)
        match.recorded_at = self.now()  # the first bot waits its pace from here
        match.opening = adapter.game.to_dict()  # replayed from here (a new table: the deal)
        return match

    @property
    def reading_wpm(self) -> float:
        """The reading speed the waits use (the speech timeline's)."""
        return self.announcer.timeline.wpm

    # -- running -----------------------------------------------------------
    def run(self, *, resumed: bool = False, end_gate: str | None = None) -> str:
        """Play until the game ends ("over"), or the player leaves ("saved").

        ``end_gate``: a line (``Pulsa Intro para salir.``) at which an interactive
        player confirms the end; reading commands (the final board, scores,
        history) work there."""
        if resumed and self.shared:
            # Back at a shared table (its server said `Vuelves a la mesa…`): where
            # the game is, not the whole introduction again.
            self._answer(self.adapter.resume())
        elif resumed:
            self.announcer.narrate(_("Partida recuperada."))
            self._answer([*self.adapter.intro(), *self.adapter.resume()])
        interactive = getattr(self.console, "interactive", False)
        if interactive and self.adapter.table.human is not None and self.adapter.start_pauses:
            # Also on `continuar`: the player hears the hand before rivals play.
            self._pause = self.adapter.pause_at_start()
            rivals_next = self.adapter.table.human not in self.adapter.game.to_act()
            if resumed and (self._pause is not None or rivals_next):
                # The recap is long: rivals wait for Enter, not for it to be heard.
                self._pause = _("Pulsa Intro para seguir.")
        try:
            while not self.adapter.game.is_over():
                if self._eof:
                    return self._leave()
                if self._pause is not None:
                    if not self._wait_for_enter(self._pause):
                        return self._leave()
                    self._pause = None
                if self._rebase_from is not None:
                    # The saved clock goes on once the player has heard the recap:
                    # an open window keeps the time it had left, and says it.
                    self._say_time_left(self._rebase_from)
                    self._report_heard()
                    now = self.announcer.heard_at() if self._interactive() else self.now()
                    self.match.rebase(now, self._rebase_from)
                    self._rebase_from = None
                if self.adapter.in_window():
                    if not self.reactions.run():
                        return self._leave()
                    if not self.adapter.in_window():
                        self.announcer.narrate_lines(self.adapter.after_window())
                    continue
                seats = self.adapter.game.to_act()
                human = self.adapter.table.human
                if human is not None and human in seats:
                    if not self._human_step():
                        return self._leave()
                else:
                    # The table's clock: one pause per bot turn (a bot's draw and
                    # discard follow each other), counted from when it was heard.
                    self.console.set_prompt(self.adapter.prompt())
                    if not self._wait_for_table():
                        return self._leave()
                    if self.adapter.game.to_act() != seats or self.adapter.in_window():
                        continue  # the player moved meanwhile (a Ñ thrown out of turn)
                    self.table_step()
        except KeyboardInterrupt:
            return self._leave()
        self._present_inbox()  # a shared table's last moves, made by others
        self.announcer.narrate_lines(self.adapter.ending())
        if self.shared:
            return "over"
        if self.adapter.table.human is not None:  # a spectator's end keeps the player's save
            saves.delete_save(self.adapter.game_id)
        if end_gate and getattr(self.console, "interactive", False):
            with contextlib.suppress(KeyboardInterrupt):
                self._wait_for_enter(end_gate)
        return "over"

    def _say_time_left(self, saved_at: float) -> None:
        """A window saved while the player could answer it, in real time: how long
        is left to answer (the clock goes on once this has been heard)."""
        human = self.adapter.table.human
        self.match.policy = self._policy()
        deadline = self.match.deadline(human)
        if deadline is None or human not in self.adapter.game.to_act():
            return
        left = max(0.5, round((deadline - saved_at) * 2) / 2)
        self.announcer.narrate(
            _("Te quedan {seconds} para contestar.").format(seconds=seconds_text(left))
        )

    def _leave(self) -> str:
        if self.shared:
            self.link.leaving()  # the server says where the seat stays, in its words
            return "quit" if self._quit else "saved"
        if self.adapter.table.human is None:
            # A spectator's game is not saved: it never replaces a player's game.
            self.announcer.narrate(_("Sin guardar: eras espectador."))
        elif self.save(say_failure=False):
            self.announcer.narrate(
                _("Partida guardada. Para seguir: sobremesa continuar {game}.").format(
                    game=self.adapter.game_id
                )
            )
        else:
            # Said again on leaving, even if said before: the last move is not kept.
            self.announcer.narrate(
                _("No puedo guardar la partida: {reason}.").format(reason=self._save_failure)
            )
        return "quit" if self._quit else "saved"

    # Why the last save failed (a short reason), None while saving works.
    _save_failure: str | None = None

    def save(self, *, say_failure: bool = True) -> bool:
        """Write this game's own save (one per game); a spectator's game is not saved.
        A disk that refuses (full, read-only, a folder in the way) never stops the
        game: the first failure is said once, each move tries again, and the first
        save that works again is said. False if this save failed."""
        if self.adapter.table.human is None or self.shared:
            return True  # (a shared table is written by its server, move by move)
        try:
            self._write_save()
        except OSError as error:
            reason = saves.failure_reason(error)
            if self._save_failure is None and say_failure:
                self.announcer.narrate(
                    _("No puedo guardar la partida: {reason}.").format(reason=reason)
                )
            self._save_failure = reason
            return False
        if self._save_failure is not None:
            self._save_failure = None
            if say_failure:
                self.announcer.narrate(_("Partida guardada de nuevo."))
        return True

    def _write_save(self) -> None:
        # No text: the history, the last play and what a window holds are told
        # again from the table's log on `continuar`, in the reader's language.
        extra = {k: v for k, v in self.adapter.extra_to_data().items() if k not in TOLD}
        saves.write_save(
            {
                "game": self.adapter.game_id,
                "table": self.adapter.table.to_dict(),
                "state": self.adapter.game.to_dict(),
                "bots": self.adapter.bots_to_data(),
                "extra": extra,
                "pace": self.pace,  # a `ritmo` typed in the game stays with it
                "window": self.reactions.seconds,  # None: turn by turn, kept on continuar
                "match": self.match.table_to_dict(),  # the clock, the log, what was played
                "saved_at": self.now(),  # the table's time then (its clock's)
            }
        )

    def resume_table(self, data: Any, saved_at: Any) -> bool:
        """A saved game's table (`Match.table_to_dict()`): its log, what was played
        and its clock, which goes on when the player is back (`run`). False if it
        was malformed: the table starts its log afresh (the game is unharmed)."""
        try:
            self.match.load_table(data)
            then = float(saved_at)
        except (ValueError, KeyError, TypeError, AttributeError):
            self.match = self._fresh_match()
            return False
        self._rebase_from = then
        return True

    # -- the table, over the link -------------------------------------------------
    def _interactive(self) -> bool:
        return getattr(self.console, "interactive", False)

    def _policy(self) -> ReactionPolicy:
        """The table's timing now: windows in real time only for a person at a
        terminal (scripted input is always turn by turn), the rivals' pace."""
        if self.shared:
            return self.match.policy  # the table's, the same for every seat
        seconds = self.reactions.seconds if self.reactions.realtime else None
        return ReactionPolicy(seconds=seconds, pace=self.pace)

    def now(self) -> float:
        """The table's time: the session's clock, or for scripted input the time the
        table has reached by itself (nobody listens, nothing takes time)."""
        if getattr(self.console, "interactive", False):
            return self.clock()
        return self._table_time

    def start_match(self) -> None:
        """A new table: the deal is delivered and said."""
        with self.reply_first():
            self.link.start(self.now())
        self.save()

    def _delivered(self, delivery: Delivery) -> None:
        """A batch from the table, as this seat may see it: its lines are made now
        (the adapter reads the table as it is after the batch) and said once the
        call that caused it returns (see `reply_first`)."""
        items = self.adapter.describe_events(delivery.events)
        # The console only stores the prompt: it is drawn after these lines, in the
        # same write, so the lines and the prompt are one utterance.
        self.console.set_prompt(self.adapter.prompt())
        assert self._deferred is not None, "the table is only called inside reply_first"
        self._deferred.append(items)

    def _report_heard(self) -> None:
        """Tell the table when the player will have heard all that was said (bots
        and windows wait for it). Scripted input: at once."""
        if getattr(self.console, "interactive", False):
            self.link.heard(self.announcer.heard_at())
        else:
            self.link.heard(self._table_time)

    def table_step(self) -> bool:
        """Let the table act once at this moment (a bot's move, a window's end).
        False if nothing was due."""
        self.match.policy = self._policy()
        with self.reply_first():
            stepped = self.link.wait(self.now())
        return self._present_inbox() or stepped

    def _present_inbox(self) -> bool:
        """Say what the shared table did meanwhile (other people's moves, the clock
        a server runs), already told for this seat when it happened. Not at a gate:
        a round's scores are read before the next round is heard."""
        take = getattr(self.link, "take_inbox", None)
        if take is None or self._gate is not None:
            return False
        batches = take()
        for items, prompt in batches:
            self.console.set_prompt(prompt)
            self._present(items)
        if batches and self.adapter.automatic is not None and self._deferred is None:
            with self.reply_first():
                pass  # what the game does for the player by itself (nothing left to lay off)
        return bool(batches)

    def answering(self) -> None:
        """The player is answering the open window: faster bots go first."""
        with self.reply_first():
            self.link.answering(self.now())

    def last_actor(self) -> int | None:
        """Who made the table's latest move (None: the deal or the clock)."""
        return self.match.log[-1].seat if self.match.log else None

    # Used by the reaction-window driver.
    def play(self, seat: int, action: Action) -> None:
        self._play(seat, action)

    def handle_line(self, line: str) -> None:
        self._handle_line(line)

    def is_reaction(self, line: str) -> bool:
        """Would this line answer the open window (rather than read something)?"""
        text = line.strip()
        if not text:
            return not self._pages and bool(self._enter_command())
        command = self.table.parse(text)
        if command is None:
            return self.adapter.handle_unknown_would_act(text)
        if command.name in READING_COMMANDS:
            return False
        return command.name not in self.adapter.reading_commands()

    def say_late(self, line: str) -> None:
        """The player's answer came after a faster rival's: it no longer applies.
        (A late pass needs no word: the new window asks again.)"""
        command = self.table.parse(line)
        if command is None or command.name in ("paso", "mano"):
            return
        actor = self.last_actor()
        text = " ".join(line.split())[:40]
        if actor is None or actor == self.adapter.table.human:
            # The clock closed it, or a bot answered for this seat while its player
            # was away (the Orca run heard "Tú se adelantó a tu cabanga").
            self._answer([_("Llegas tarde: {text} ya no vale.").format(text=text)])
            return
        who = self.adapter.table.names[actor]
        self._answer(
            [_("Llegas tarde: {name} se adelantó a tu {text}.").format(text=text, name=who)]
        )

    @property
    def quitting(self) -> bool:
        return self._quit

    def _play(self, seat: int, action: Action) -> None:
        """The player's action, sent to the table (IllegalAction if refused)."""
        if seat != self.link.seat:
            raise ValueError(f"seat {seat} is not this session's")
        with self.reply_first():
            outcome = self.link.submit(action, self.now())
        if outcome.refused is not None:
            raise outcome.refused

    def _present(self, items: Sequence[str | Pause]) -> None:
        """Narrate a move's lines; at a Pause (after a round's scores) wait for
        Enter. What follows a pause (the next round's deal) is not said before
        Enter: a player who leaves there hears the new round on `continuar`."""
        # The spectator too stops at a round's scores (not at a shared table: it
        # watches people who go on playing).
        pausing = getattr(self.console, "interactive", False) and not (
            self.shared and self.adapter.table.human is None
        )
        batch: list[str] = []
        for index, item in enumerate(items):
            if not isinstance(item, Pause):
                batch.append(item)
                continue
            # e.g. after a round's scores, before the next round's lines, so the
            # scores are not buried (DESIGN §6: long bursts lose their top).
            if self._eof:
                break  # the player left at an earlier gate of this batch
            if pausing:
                self.save()  # a player who leaves at the pause loses nothing
                later = any(not isinstance(rest, Pause) for rest in items[index + 1 :])
                if not self._wait_for_enter(item.line, said_before=batch, round_gate=later):
                    self._eof = True
                    batch = []
                    break
                self.console.set_prompt(self.adapter.prompt())
            else:
                self.announcer.narrate_lines(batch)
            batch = []
        self.announcer.narrate_lines(batch)
        self._report_heard()
        self.save()  # after the lines are on their way: a slow disk delays no line

    @contextlib.contextmanager
    def reply_first(self) -> Iterator[None]:
        """Hold what the moves played inside this block would say, so a reply to
        the player's own line (`Llegas tarde…`) can be said before it."""
        outer = self._deferred
        self._deferred = [] if outer is None else outer
        try:
            yield
            while outer is None and self.adapter.automatic is not None:
                action, self.adapter.automatic = self.adapter.automatic, None
                if self.stood_in():
                    break  # a bot plays this seat while its player is away
                if self.link.submit(action, self.now()).refused is not None:
                    break  # (the rules changed their mind: the player decides)
        finally:
            held, self._deferred = self._deferred, outer
            if outer is None:
                # What others did before this block was told first (a shared table).
                self._present_inbox()
                for items in held:
                    self._present(items)

    def _wait_for_enter(
        self, line: str, said_before: Sequence[str] = (), *, round_gate: bool = False
    ) -> bool:
        """Hold the game at a gate until the player presses Enter. Reading commands
        work; anything that would play gets the gate's line again. The gate's line
        goes out with the lines before it (one utterance with the prompt).

        ``round_gate``: the next round is told only after Enter, so only what is
        about the round just played (scores, history, the last play) is read
        here; asking for the new hand or table gets the gate's line again."""
        self.console.set_prompt(_("Intro> "))
        self.announcer.narrate_lines([*said_before, line])
        self._gate = line
        self._round_gate = round_gate
        try:
            while True:
                self.console.set_prompt(_("Intro> "))
                text = self.read_line()
                if text is None:
                    return False
                if not isinstance(text, str):
                    continue
                if not text.strip() and not self._pages:
                    return True
                if self._would_act(text):
                    self._answer([line])
                    continue
                self._handle_line(text)
                if self._quit:
                    return False
        finally:
            self._gate = None
            self._round_gate = False

    def _would_act(self, text: str) -> bool:
        """Would this line play, or start a play (answer or ask a question)? At a
        gate only reading commands work. (Commands that play are refused in
        `_do_reply` too, for games that do not list their reading commands.)"""
        command = self.table.parse(text.strip())
        if command is None:
            return self.adapter.handle_unknown_would_act(text)
        if self._round_gate:
            return command.name not in ROUND_GATE_COMMANDS
        reading = self.adapter.reading_commands()
        if command.name in READING_COMMANDS or not reading:
            return False
        return command.name not in reading

    def read_line(self, timeout: float | None = None) -> Any:
        """The next typed line (or TIMEOUT / None). Typing cuts the screen reader's
        speech, so what was still to be said no longer holds the game."""
        # What a shared table did while a gate held it is told before waiting again.
        if self._present_inbox():
            return TIMEOUT
        line = self.console.get_line() if timeout is None else self.console.get_line(timeout)
        if isinstance(line, str | TypedAction):
            self.announcer.key_pressed()
        self._present_inbox()
        if isinstance(line, Recap):
            adapter = self.adapter
            kept = adapter.last_move
            if line.last_move_told:
                adapter.last_move = ""  # (each game's `resume` says it when it has one)
            try:
                self._answer(adapter.resume())
            finally:
                adapter.last_move = kept
            return TIMEOUT
        if isinstance(line, TypedAction):
            # An action sent as data (a program playing over the network): played
            # as a typed command's would be, refused the same way.
            self._do_reply(Reply(actions=[line.action]))
            return TIMEOUT
        return line

    def bot_ready_at(self, since: float, *, new_turn: bool) -> float:
        """When the next bot may move, for a wait that began at ``since``: once what
        was printed has been heard (or cut by a key), plus the pace when a new
        player's turn begins (DESIGN §2.7)."""
        heard = max(since, self.announcer.speech_end())
        return ReactionPolicy(pace=self.pace).bot_ready_at(heard, new_turn=new_turn)

    def _wait_for_table(self) -> bool:
        """Pause until the table's next move is due: once the last lines have been
        heard, plus the pace for a new turn (the table's clock). An interactive
        player may read meanwhile (an answer is heard before the bot goes on, and a
        key press cuts the speech). Returns False if the player left. Scripted
        input waits the pace only (nobody listens)."""
        self.match.policy = self._policy()
        if not getattr(self.console, "interactive", False):
            self._report_heard()
            wake = self.link.next_wakeup()
            if wake is not None and wake > self._table_time:
                self.sleep(wake - self._table_time)
                self._table_time = wake
            return True
        game = self.adapter.game
        waiting_on = self._table_state()[1:]  # who is to act, the window
        while True:
            if game.is_over() or self._table_state()[1:] != waiting_on:
                # The table moved meanwhile (another seat, the server's clock): the
                # game's loop takes it from here. (A seat that went on waiting for
                # "another person" when a window had opened for it was never asked
                # for its answer: 30-s silences in an online ¡Cabanga!.)
                return True
            self.link.heard(self.announcer.speech_end())
            wake = self.link.next_wakeup()
            if wake is None and self.shared:
                # Another person is to play: read meanwhile; their move wakes us.
                return self._wait_for_people()
            remaining = 0.0 if wake is None else wake - self.clock()
            if remaining <= 0.001:  # (a float remainder would never run out)
                return True
            if not self.answer_lines_for(remaining):
                return False

    def wait_for_server(self) -> bool:
        """A shared table's clock is its server's: wait for what it does next (a
        delivery wakes this seat sooner), answering the player's lines meanwhile.
        Parks at least once (the hub steps the clock). False if the player left."""
        wake = self.link.next_wakeup()
        if wake is None:
            return self._wait_for_people()
        return self.answer_lines_for(max(0.0, wake - self.clock()))

    def _table_state(self) -> tuple[object, ...]:
        """(moves made, who is to act, the open window): what a wait watches."""
        adapter = self.adapter
        window = adapter.window_key() if adapter.in_window() else None
        return (len(self.match.log), tuple(adapter.game.to_act()), repr(window))

    def _waiting_for(self) -> tuple[int, ...]:
        """The other people the table waits for now."""
        me = self.adapter.table.human
        return tuple(
            seat
            for seat in self.adapter.game.to_act()
            if seat != me and self.match.seats[seat] == "human"
        )

    def _wait_for_people(self) -> bool:
        """A shared table waits for other people: read and answer meanwhile (their
        move wakes this seat). After `WAITING_NOTICE` seconds of silence, say once
        whom it waits for. False if the player left."""
        state = self._table_state()
        told = (self._waiting_for(), state[2])  # the same people, the same window
        self._tell_their_turn(told[0], in_window=state[2] != repr(None))
        if self._waiting_told == told:
            return self.answer_lines_for(PEOPLE_WAIT)
        start = self.clock()
        if not self.answer_lines_for(WAITING_NOTICE):
            return False
        if self._table_state() != state or self.clock() < start + WAITING_NOTICE - 0.001:
            return True  # the table moved, or the player typed: not a silence
        waiting = self._waiting_for()
        if waiting and getattr(self.console, "peer", self) is not None:  # (someone listens)
            self._waiting_told = told
            names = [self.adapter.table.names[seat] for seat in waiting]
            self.announcer.narrate(_("Esperando a {names}.").format(names=join(names)))
        return True

    def _tell_their_turn(self, people: tuple[int, ...], *, in_window: bool) -> None:
        """Say whose turn it is when it passes to other people (`Turno de Pablo.`),
        once per turn: a bot's move follows its turn at once, a person's may take a
        minute, and a playtest's player sat in that silence not knowing who played.
        A window has its own line."""
        if in_window or not people or getattr(self.console, "peer", self) is None:
            return
        log = self.match.log
        turn = _last_of(log, "turn_started", len(log))
        if turn < 0 or getattr(log[turn].event, "seat", None) not in people:
            return
        if self._turn_told == turn:
            return  # said already (their draw and discard are one turn)
        self._turn_told = turn
        previous = _last_of(log, "turn_started", turn)
        if any(log[i].event.kind in ROUND_STARTS for i in range(previous + 1, turn)):
            return  # the round's first line named who starts ("Empieza Pablo.")
        self._present_inbox()  # (what led to this turn first)
        names = [self.adapter.table.names[seat] for seat in people]
        self.announcer.narrate(_("Turno de {name}.").format(name=join(names)))

    def answer_lines_for(self, timeout: float) -> bool:
        """Read and answer what the player types for at most `timeout` seconds (a
        wait that reading commands may fill). False if the player left."""
        line = self.read_line(timeout=timeout)
        if line is None:
            return False
        if isinstance(line, str):
            self._handle_line(line)
            if self._quit:
                return False
        return True

    def _human_step(self) -> bool:
        self.console.set_prompt(_("Más> ") if self._pages else self.adapter.prompt())
        line = self.read_line()
        if line is None:
            return False
        if not isinstance(line, str):
            return True
        self._handle_line(line)
        return not self._quit

    # -- commands ----------------------------------------------------------
    def _enter_command(self) -> str:
        """What Enter on an empty line stands for now. Right after reading (ayuda,
        reglas…) in an open window it only says the question again: the player
        came back to it, and had not answered it (a second Enter does)."""
        if self.adapter.player_in_window() and self._read_in == self.adapter.window_key():
            return ""
        return self.adapter.enter_command() or ""

    def _handle_line(self, line: str) -> None:
        text = line.strip()
        if not text and self._pages:
            self._next_page()
            # Turning a page is reading too: a window that opened meanwhile (a
            # steal, told after the page the player cut) is asked again first.
            self._read_in = self.adapter.window_key()
            return
        if not text:
            text = self._enter_command()
        if not text:
            self._read_in = _NOT_READ
            self._answer([self._status_line()])
            return
        self._pages = []
        self._read_in = _NOT_READ
        if len(text) > 200:
            self._answer([_("La orden es demasiado larga; escribe ayuda para ver las órdenes.")])
            return
        first = self.adapter.answer_first(text)
        if first is not None:
            self._do_reply(first)
            return
        command = self.table.parse(text)
        if command is None:
            answer = self.adapter.handle_unknown(text)
            if answer is not None:
                self._sync_key_mode()  # a question answered may leave a key mode
                self._do_reply(answer)
                return
            word = text.split()[0].strip(SHOUTS + ".,;:")[:30] or text.split()[0][:30]
            guess = self.table.suggest(word)
            if guess:
                message = _("No conozco la orden {word}. ¿Querías decir {guess}? Escribe ayuda.")
            else:
                message = _("No conozco la orden {word}. Escribe ayuda.")
            self._answer([message.format(word=word, guess=guess)])
            return
        if command.name in READING_COMMANDS or command.name in self.adapter.reading_commands():
            self._read_in = self.adapter.window_key()
        if self._common(command):
            return
        reply = self.adapter.handle(command)
        self._sync_key_mode()
        self._do_reply(reply)

    def _status_line(self) -> str:
        """Enter on an empty line: the status, always in full (the short prompt
        for speech keeps the rack or the top card one key away)."""
        short = self.adapter.status_prompt
        self.adapter.status_prompt = True
        try:
            said = self.adapter.prompt().rstrip("> ").strip()
        finally:
            self.adapter.status_prompt = short
        return said if said.endswith((".", "!", "?")) else said + "."

    def _do_reply(self, reply: Reply) -> None:
        if reply.actions and self._gate is not None:
            self._answer([self._gate])  # a gate: nothing is played before Enter
            return
        if reply.actions:
            human = self.adapter.table.human
            mine = human is not None and human in self.adapter.game.to_act()
            if not mine and not (
                human is not None and self.adapter.out_of_turn(human, reply.actions)
            ):
                self._answer([_("Espera, no es tu turno.")])
                return
            for action in reply.actions:
                try:
                    self._play(human, action)
                except IllegalAction as error:
                    self._answer([self.adapter.refusal(error)])
                    return
            return
        self._answer(reply.lines)

    def _sync_key_mode(self) -> None:
        """Switch the console's key mode when the game enters or leaves one
        (Palabras' board exploration: arrows move a cursor)."""
        keys = self.adapter.key_bindings()
        if keys != self._keys and hasattr(self.console, "set_key_mode"):
            self.console.set_key_mode(keys)
        self._keys = keys

    def _common(self, command: Command) -> bool:
        name = command.name
        if name == "ayuda":
            lines = [_("Órdenes. Escribe la orden y pulsa Intro.")]
            common = {spec.name for spec in COMMON_COMMANDS}
            # What answers an open window first, then the game's own commands: they
            # are what a player looks for.
            first = self.adapter.window_commands if self.adapter.player_in_window() else ()
            specs = [s for name in first for s in self.table.specs if s.name == name]
            specs += [s for s in self.table.specs if s.name not in common and s not in specs]
            specs += [s for s in self.table.specs if s.name in common]
            spectator = self.adapter.table.human is None
            keyboard = getattr(self.console, "keys", True)  # (not over plain SSH)
            for spec in specs:
                if not spec.help or (self.shared and spec.name in ONLINE_UNLISTED):
                    continue
                if spectator and spec.name in self.adapter.seat_commands:
                    continue  # a spectator has no hand and plays no move
                if spec.name == "comprobar" and self.adapter.word_list() is None:
                    continue  # a card game without words has nothing to check
                key = spec.key if keyboard else ""
                keys = ", ".join([k for k in (key, shortcut(spec)) if k])
                lines.append(_(spec.help) + (f" ({keys})" if keys else ""))
            if keyboard:
                lines.append(_("Re Pág y Av Pág: repasar lo dicho en la línea de escritura."))
            if self.shared:
                lines += [
                    _("decir TEXTO: hablas a la mesa."),
                    _("quien: quién se sienta dónde."),
                    _("salir: dejas de mirar la mesa.")
                    if spectator
                    else _("salir: dejas la mesa; tu sitio te espera."),
                ]
            self._paged(lines)
        elif name == "reglas":
            self._paged(self.adapter.rules())
        elif name == "historial":
            self._history(command.args)
        elif name == "rivales":
            from sobremesa.ui.rivals import rivals_lines

            self._paged(rivals_lines(self.adapter.game_id, self.adapter.table))
        elif name == "repetir":
            # The last announcement whole (a rival's move and `Tu turno.`), not
            # only its last line.
            said = self.announcer.last_batch or self.announcer.history.last(1)
            self._answer(said or [_("Todavía no se ha dicho nada.")])
        elif name == "callar":
            self.announcer.silence()
        elif name == "ritmo":
            self._set_pace(command.args)
        elif name == "comprobar":
            refusal = self.adapter.check_refusal()
            self._answer([refusal] if refusal else self._check_words(command.args))
        elif name == "salir":
            self._quit = True
        else:
            return False
        return True

    def _check_words(self, args: str) -> list[str]:
        """The referee: is each word in the game's dictionary (loaded on first use)."""
        if self._lexicon is None:
            self._lexicon = self.adapter.word_list()  # the game's own, if it has one
        if self._lexicon is None:
            from sobremesa.core.registry import entry
            from sobremesa.lexicon import load_lexicon

            # A game without words (Chinchón, ¡Cabanga!) checks against Palabras' list.
            kind = entry(self.adapter.game_id).lexicon or "palabras"
            self._lexicon = load_lexicon(
                kind, self.dictionary or None, notify=self.announcer.narrate
            )
        from sobremesa.lexicon import check_words

        return check_words(args.split(), self._lexicon)

    def _set_pace(self, args: str) -> None:
        if not args.strip():
            self._answer(
                [
                    _("Ritmo de los rivales: {seconds}. Para cambiarlo: ritmo 2.").format(
                        seconds=seconds_text(self.pace)
                    )
                ]
            )
            return
        value = decimal_number(args)
        if value is None or not 0 <= value <= 10:
            self._answer(
                [_("Escribe ritmo y un número de segundos entre 0 y 10, por ejemplo: ritmo 2.")]
            )
            return
        self.pace = value
        self._answer([_("Ritmo de los rivales: {seconds}.").format(seconds=seconds_text(value))])

    def _history(self, args: str) -> None:
        count = PAGE_LINES - 1  # one page: the newest lines first, no "more" step
        if args.strip():
            digits = args.strip()
            typed = number(digits)
            if typed is None or not 1 <= typed <= 1000:
                self._answer([_("Escribe historial y un número entre 1 y 1000.")])
                return
            count = typed
        lines = self.announcer.history.last(count)
        if not lines:
            self._answer([_("El historial está vacío.")])
            return
        self._paged([_("Historial, {n} líneas:").format(n=len(lines)), *lines])

    def _paged(self, lines: list[str]) -> None:
        pages = [lines[i : i + PAGE_LINES] for i in range(0, len(lines), PAGE_LINES)]
        self._pages = pages
        self._next_page()

    def _next_page(self) -> None:
        page = self._pages.pop(0)
        if self._pages:
            page = [*page, _("Pulsa Intro para seguir, o escribe otra orden.")]
        self._answer(page)

    def _answer(self, lines: Sequence[str]) -> None:
        self.announcer.answer_lines(lines)
