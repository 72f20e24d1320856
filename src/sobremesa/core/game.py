"""The one interface every game implements (DESIGN §3).

A game is a pure state machine. Seats are numbered 0..n-1; seat 0 is the human
player unless the table is all bots (spectator mode). Nothing here does I/O or
reads a clock; randomness comes from one seeded `random.Random` owned by the game
and saved with it.
"""

from __future__ import annotations

import random
import types
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields, is_dataclass, replace
from functools import cache
from typing import (
    Any,
    ClassVar,
    Generic,
    Self,
    TypeVar,
    Union,
    get_args,
    get_origin,
    get_type_hints,
)

from sobremesa.core.cards import Interned

SAVE_FORMAT_VERSION = 1

B = TypeVar("B")  # a game's bot class


_PLAIN = (str, int, float, bool, type(None))


def to_json(value: Any) -> Any:
    """JSON-safe form of a rules value: a card by its code, a tuple as a list, a
    record by its own to_dict(). Shared by every game's events, actions and views.
    Plain values are tested first: a server serializes a view per seat per move."""
    if isinstance(value, _PLAIN):
        return value
    if isinstance(value, tuple | list):
        return [to_json(v) for v in value]
    if isinstance(value, type):
        return value
    if hasattr(value, "code"):
        return value.code
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if isinstance(value, dict):
        return {k: to_json(v) for k, v in value.items()}
    if is_dataclass(value):
        return {name: to_json(getattr(value, name)) for name in field_names(type(value))}
    return value


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def field_names(cls: type) -> tuple[str, ...]:
    """A dataclass's field names, looked up once per class (`fields()` is slow)."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


class Record:
    """A dataclass whose JSON form is its fields by `to_json` (results, options,
    a game's inner state); `record_from_dict` reads it back."""

    def to_dict(self) -> dict[str, Any]:
        assert is_dataclass(self)
        return {name: to_json(getattr(self, name)) for name in field_names(type(self))}


class View(Record):
    """Base of every game's view (a frozen dataclass): `to_dict()` is its JSON form
    and `from_dict()` reads it back (a network client hands the view of a frame to
    its bot). A view of one seat holds only what that seat may know, so its dict
    does too."""

    @classmethod
    def field_decoders(cls, data: dict[str, Any]) -> Mapping[str, Callable[[Any], Any]]:
        """How the fields that are not plain JSON read back (cards from their codes,
        options, nested records), by field name; any other list becomes a tuple.
        `data` is the whole dict, for a field read by another (Palabras's board by
        the layout of its options)."""
        return {}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """The view back from its `to_dict()`: `from_dict(v.to_dict()) == v`, with the
        same types (tuples, cards, options, nested records; `dict` fields stay JSON).

        For a dict from elsewhere (a network frame), anything malformed raises
        ValueError, KeyError or TypeError, never another error and never a view
        holding something of the wrong type: a missing field is a KeyError; a bad
        card code, board, tile or options a ValueError; data that is not a dict, or
        a value of the wrong type for its field (checked against the field's
        annotation, nested records included) a TypeError. Keys that are not fields
        are ignored. The form is checked, not that such a view can arise in a game.
        """
        if not isinstance(data, dict):
            raise TypeError(f"{cls.__name__}: expected a dict, got {type(data).__name__}")
        try:
            view = record_from_dict(cls, data, cls.field_decoders(data), default=tuples)
        except (AttributeError, IndexError) as error:  # a decoder fed the wrong shape
            raise TypeError(f"{cls.__name__}: malformed data ({error})") from None
        check_types(view)
        return view


class Options(Record):
    """Base of a game's table options (a dataclass validated in __post_init__):
    saved as their fields; unknown keys in a save are ignored, missing ones take
    their default."""

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        names = {f.name for f in fields(cls)}  # type: ignore[arg-type]
        return cls(**{k: v for k, v in data.items() if k in names})


def json_copy(value: Any) -> Any:
    """A fresh copy of JSON data (a restored game must not share the save's lists)."""
    if isinstance(value, list):
        return [json_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: json_copy(v) for k, v in value.items()}
    return value


def nullable(decode: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """`decode`, with None kept as None (a card that may be missing)."""
    return lambda v: None if v is None else decode(v)


def each(decode: Callable[[Any], Any], into: Callable[[Any], Any] = tuple) -> Callable:
    """`decode` over a JSON list, into a tuple (records) or a list (live state);
    TypeError for anything else (a string or a dict is not taken item by item)."""

    def read(value: Any) -> Any:
        if not isinstance(value, list | tuple):
            raise TypeError(f"expected a list, got {type(value).__name__}")
        return into(decode(x) for x in value)

    return read


def record_from_dict(
    cls: type[Any],
    data: dict[str, Any],
    convert: Mapping[str, Callable[[Any], Any]] | None = None,
    default: Callable[[Any], Any] = json_copy,
) -> Any:
    """A dataclass back from its `to_json` form: each field by its converter in
    `convert` (by field name), the others by `default`."""
    convert = convert or {}
    return cls(**{f.name: convert.get(f.name, default)(data[f.name]) for f in fields(cls)})


@dataclass(frozen=True)
class Event:
    """Something that happened. Subclasses add fields; `kind` names the type.

    `only_for`: if not None, the seat that may see this event's private details
    (for example the card drawn from the stock). Announcers decide what others hear.
    """

    kind: ClassVar[str] = "event"
    #: Fields only the event's own `seat` may see (e.g. the card drawn).
    private: ClassVar[tuple[str, ...]] = ()

    def to_dict(self) -> dict[str, Any]:
        names = field_names(type(self))
        return {"kind": self.kind, **{name: to_json(getattr(self, name)) for name in names}}

    def visible_to(self, seat: int | None) -> Self:
        """This event as `seat` may see it: private fields are None for the others."""
        if not self.private or seat == getattr(self, "seat", None):
            return self
        hidden = self.__dict__.get("_hidden")
        if hidden is None:
            hidden = replace(self, **{name: None for name in self.private})
            object.__setattr__(self, "_hidden", hidden)  # cached; not a field
        return hidden


@cache
def _type_hints(cls: type) -> dict[str, Any]:
    return get_type_hints(cls)


def check_types(record: Any, where: str = "") -> None:
    """TypeError unless every field of the dataclass `record` holds a value of its
    annotated type: `int` (not a bool), `str`, `X | None`, `tuple[X, ...]`,
    `dict[str, X]`, classes; nested records are checked too, cards are not (they
    are only made valid)."""
    where = where or type(record).__name__
    hints = _type_hints(type(record))
    for f in fields(record):
        _check_type(getattr(record, f.name), hints[f.name], f"{where}.{f.name}")


def _check_type(value: Any, hint: Any, where: str) -> None:
    origin = get_origin(hint)
    if hint is Any:
        return
    if origin is Union or origin is types.UnionType:
        for option in get_args(hint):
            try:
                return _check_type(value, option, where)
            except TypeError:
                pass
        raise TypeError(f"{where}: unexpected {type(value).__name__} {value!r:.40}")
    if hint is None or hint is type(None):
        ok = value is None
    elif origin is tuple:
        args = get_args(hint)
        if not isinstance(value, tuple):
            raise TypeError(f"{where}: expected a tuple, got {type(value).__name__}")
        if len(args) == 2 and args[1] is Ellipsis:
            args = (args[0],) * len(value)
        elif len(args) != len(value):
            raise TypeError(f"{where}: expected {len(args)} items, got {len(value)}")
        for i, (item, item_hint) in enumerate(zip(value, args, strict=True)):
            _check_type(item, item_hint, f"{where}[{i}]")
        return
    elif origin is dict:
        key_hint, value_hint = get_args(hint)
        if not isinstance(value, dict):
            raise TypeError(f"{where}: expected a dict, got {type(value).__name__}")
        for k, v in value.items():
            _check_type(k, key_hint, f"{where} key")
            _check_type(v, value_hint, f"{where}[{k!r}]")
        return
    elif hint is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    else:
        ok = isinstance(value, origin or hint)
    if not ok:
        raise TypeError(f"{where}: expected {hint}, got {type(value).__name__} {value!r:.40}")
    if is_dataclass(value) and not isinstance(value, Interned):
        check_types(value, where)


def tuples(value: Any) -> Any:
    """JSON lists back to the tuples a frozen record holds (nested too)."""
    if isinstance(value, list | tuple):
        return tuple(tuples(v) for v in value)
    return value


def by_kind(*classes: type[Any]) -> dict[str, Any]:
    """A game's event (or action) classes by their `kind`, the key of their JSON."""
    return {cls.kind: cls for cls in classes}


def event_decoder(
    types: Iterable[type[Event]], convert: Mapping[str, Callable[[Any], Any]] | None = None
) -> Callable[[dict[str, Any]], Any]:
    """The inverse of `Event.to_dict()` for a game's event classes: each field by
    its converter in `convert` (by field name: cards from codes...), any other
    list back to a tuple."""
    by_kind = {cls.kind: cls for cls in types}

    def event_from_dict(data: dict[str, Any]) -> Any:
        return record_from_dict(by_kind[data["kind"]], data, convert, default=tuples)

    return event_from_dict


@dataclass(frozen=True)
class Action:
    """A move a seat may make. Subclasses are frozen dataclasses (hashable, comparable)."""

    kind: ClassVar[str] = "action"

    def to_dict(self) -> dict[str, Any]:
        names = field_names(type(self))
        return {"kind": self.kind, **{name: to_json(getattr(self, name)) for name in names}}


class Game(ABC):
    """Legal actions per seat, apply -> events, per-seat view, terminal state, scores.

    A runner reads `opening_events` once after construction (a restored game has
    none), then loops on `to_act()` / `legal_actions()` / `apply()`. While
    `in_window()` several seats may answer and a clock matters: the runner calls
    `close_window()` when its time is up, and starts a new clock whenever
    `window_key()` changes (a new window replacing the open one)."""

    game_id: ClassVar[str]
    #: The class of `view()`'s views (read back by `view_from_dict`).
    view_class: ClassVar[type[View]]
    #: Events of the deal / start, for the runner to deliver before the first move.
    opening_events: list[Event]
    options: Any  # the table's options (a record with to_dict / from_dict)
    seed: int

    @property
    def num_seats(self) -> int:
        return self.options.players

    @abstractmethod
    def to_act(self) -> list[int]:
        """Seats that may act now (one for ordinary turns, several in reaction windows)."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]: ...

    @abstractmethod
    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply a legal action; raise IllegalAction for anything else (state unchanged)."""

    @abstractmethod
    def view(self, seat: int | None) -> Any:
        """What `seat` may know (None: public information only)."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[int]: ...

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """Complete state as JSON-compatible data, RNG state included."""

    @classmethod
    @abstractmethod
    def from_dict(cls, data: dict[str, Any]) -> Self: ...

    @staticmethod
    @abstractmethod
    def event_from_dict(data: dict[str, Any]) -> Event:
        """Inverse of `event.to_dict()` for this game's events."""

    @classmethod
    def view_from_dict(cls, data: dict[str, Any]) -> Any:
        """Inverse of `view.to_dict()` for this game's views (`view_class.from_dict`:
        ValueError, KeyError or TypeError for malformed data)."""
        return cls.view_class.from_dict(data)

    # -- reaction windows (turn-only games keep these defaults) ---------------------
    def in_window(self) -> bool:
        """A reaction phase is open: several seats may act and a clock matters."""
        return False

    def window_key(self) -> object:
        """Identity of the open window: changes when a new window replaces it.
        None when no window is open."""
        return None

    def close_window(self) -> list[Event]:
        """The open window's time is up: the rules close it (no-op without one)."""
        return []


class IllegalAction(ValueError):
    """Raised by Game.apply for an action that is not legal now. Carries a reason code."""

    def __init__(self, reason: str, **details: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.details = details


def refuse_closed(over: bool, action: Action, actions: type[Action]) -> None:
    """What every game's `apply` refuses first: any action once the game is over,
    then one that is not of this game (`actions`: the game's base action class)."""
    if over:
        raise IllegalAction("game_over")
    if not isinstance(action, actions):
        raise IllegalAction("unknown_action", action=repr(action))


def save_header(game: Game, rng: random.Random) -> dict[str, Any]:
    """The fields every game's `to_dict()` starts with (read by `read_header`)."""
    return {
        "game": game.game_id,
        "version": SAVE_FORMAT_VERSION,
        "options": game.options.to_dict(),
        "seed": game.seed,
        "rng": rng_to_data(rng),
    }


@dataclass(frozen=True)
class SaveHeader:
    options: dict[str, Any]  # for the game's Options.from_dict
    seed: int
    rng: random.Random


def read_header(data: dict[str, Any], game_id: str, *, unnamed: bool = False) -> SaveHeader:
    """The header of a game's saved state; ValueError if it is another game's.
    `unnamed`: older saves of this game did not name it (ABC ¡Castaña!)."""
    if data.get("game", game_id if unnamed else None) != game_id:
        raise ValueError(f"not a {game_id} save")
    return SaveHeader(data["options"], data["seed"], rng_from_data(data["rng"]))


def rng_to_data(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_data(data: list[Any]) -> random.Random:
    rng = random.Random()
    version, internal, gauss = data
    rng.setstate((version, tuple(internal), gauss))
    return rng


def level_class(classes: dict[str, Any], level: str) -> Any:
    """The bot class of `level` (ValueError naming the levels there are)."""
    try:
        return classes[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; use one of {tuple(classes)}") from None


class LevelBot:
    """What the bots of Chinchón, ¡Cabanga! and Palabras share: a level (one class a
    level), a seat, a generator of their own saved with them, and the memory of the
    round they keep from events (`_reset_memory`; none here). `style`: the bot's
    personality at its level (one of its game's `STYLES[level]`; "" plays the level
    plainly), saved with it so rivals at one table need not all play alike."""

    level = "base"

    def __init__(self, seat: int, rng_seed: int = 0, style: str = "") -> None:
        self.seat = seat
        self.style = style
        self.rng = random.Random(rng_seed)
        self._reset_memory()

    def _reset_memory(self) -> None:
        pass

    def to_dict(self) -> dict[str, Any]:
        data = {"level": self.level, "seat": self.seat, "rng": rng_to_data(self.rng)}
        if self.style:  # older saves have none: they play plainly
            data["style"] = self.style
        return data


class BotMaker(Generic[B]):
    """A game's `make_bot(level, seat, rng_seed=0, **extra)` where each level is a
    bot class taking `(seat, rng_seed, **extra)` (`extra`: the word list, if any)."""

    def __init__(self, classes: dict[str, type[B]]) -> None:
        self.classes = classes

    def __call__(self, level: str, seat: int, rng_seed: int = 0, *extra: Any, **named: Any) -> B:
        return level_class(self.classes, level)(seat, rng_seed, *extra, **named)

    def restore(self, data: dict[str, Any], *extra: Any, **named: Any) -> B:
        """The bot of a `LevelBot.to_dict` with its generator where it was; the
        game's `bot_from_dict` puts back the memory it keeps."""
        named.setdefault("style", str(data.get("style", "")))
        bot = self(data["level"], data["seat"], 0, *extra, **named)
        bot.rng = rng_from_data(data["rng"])  # type: ignore[attr-defined]
        return bot


def seeded_bots(
    make_bot: Callable[[str, int, int], B], levels: Iterable[str], seed: int
) -> list[B]:
    """One bot a seat for a bot-vs-bot run (`levels[i]` plays seat i), each with its
    own generator seeded from the game's `seed`."""
    return [make_bot(level, seat, seed * 31 + seat) for seat, level in enumerate(levels)]
