"""Palabras rules engine (seed 002, DESIGN §4): a pure, seeded state machine.

Decisions of this version (decisiones de esta versión); table options (opción)
with their default:

1.  Tiles: 97 (see `tiles.TILE_SET`), 2–4 players (opción, default 2), racks of 7.
    The bag is shuffled with the game's seeded generator; tiles are drawn from it.
2.  First player: drawn at random from the seed (stands for "empieza el más
    joven"); opción `first_seat` fixes it. Racks are dealt in turn order from there.
3.  Board: 15×15, standard premium layout; another layout (opción `layout`: 15
    lines, see `board.py`) may be loaded from a file so it matches a physical board.
4.  First move: two tiles or more, one on the start square (H8), across or down.
    Later moves: tiles in one line, no gaps, touching a tile already on the board.
    Every word formed must be in the lexicon; an invalid move is refused naming
    the reason (reason codes in `scoring.py`), without penalty, and the player
    tries again.
5.  Scoring: letter values × letter premiums of newly placed tiles, × word
    premiums of newly placed tiles, for the main word and every cross word; blanks
    are worth 0; playing all 7 rack tiles adds 40 points.
6.  Exchange: any number of tiles (1 to all), only if the bag holds at least that
    many; the new tiles are drawn first, then the old ones go back into the bag,
    which is shuffled. Pass: always allowed.
7.  End: (a) the bag is empty and a player plays the last tile of the rack; or
    (b) 2 × players consecutive turns without a placement (passes or exchanges),
    that is, every player passed twice in a row: they cannot (or will not) form
    words. With the bag empty only passes are possible, which is the seed's case;
    counting exchanges too guarantees that every game ends.
8.  Final scoring: the sum of the values of the tiles left on the other players'
    racks goes to the player who placed the last tile (the last placement of the
    game; in case (b) too). If nobody ever placed a tile, nobody gets it. Opción
    `subtract_own_rack` (off): each player also loses the value of their own rack.
    The highest total wins; ties share the win.

Actions: `Place(move)`, `Exchange(tiles)`, `Pass()`. `legal_actions(seat)` lists
Pass, Exchange of the whole rack (when the bag allows it) and the placements that
use no blank: a cheap, always-legal subset, not every action (there can be tens of
thousands of placements). `legal_moves(seat)` gives every placement with its
score; `check(seat, move)` validates one; `hint(seat)` is the best.

Events carrying private information: TilesDrawn.tiles and Exchanged.returned are
private to the event's `seat`; `event.visible_to(seat)` blanks them (None) for the
others.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from sobremesa.core.game import (
    Action,
    Event,
    IllegalAction,
    Options,
    View,
    by_kind,
    each,
    event_decoder,
    json_copy,
    nullable,
    read_header,
    refuse_closed,
    to_json,
)
from sobremesa.core.state_game import StateGame
from sobremesa.games.palabras.board import Board, Layout, Move, layout_from_data
from sobremesa.games.palabras.movegen import best_move, generate_moves
from sobremesa.games.palabras.scoring import Play, apply_play, check_move, take_from_rack
from sobremesa.games.palabras.tiles import (
    BLANK,
    CODE,
    RACK_SIZE,
    TOTAL_TILES,
    full_bag,
    normalize_rack,
    rack_points,
)

MIN_PLAYERS, MAX_PLAYERS = 2, 4


# ---------------------------------------------------------------------------
# Options


@dataclass(frozen=True)
class PalabrasOptions(Options):
    """`layout`: "standard" or 15 layout lines (see `board.py`)."""

    players: int = 2
    layout: str | tuple[str, ...] = "standard"
    subtract_own_rack: bool = False
    first_seat: int | None = None

    def __post_init__(self) -> None:
        if not (isinstance(self.players, int) and MIN_PLAYERS <= self.players <= MAX_PLAYERS):
            raise ValueError("players must be 2..4")
        if self.first_seat is not None and not 0 <= self.first_seat < self.players:
            raise ValueError("first_seat out of range")
        if not isinstance(self.layout, str):
            object.__setattr__(self, "layout", tuple(self.layout))
        layout_from_data(self.layout)  # raises LayoutError if unusable


# ---------------------------------------------------------------------------
# Actions


@dataclass(frozen=True)
class PalabrasAction(Action):
    pass


@dataclass(frozen=True)
class Place(PalabrasAction):
    """Put tiles on the board: `move` in word notation (the whole main word)."""

    move: Move
    kind: ClassVar[str] = "place"

    def to_dict(self) -> dict[str, Any]:
        m = self.move
        return {"kind": self.kind, "row": m.row, "col": m.col, "down": m.down, "word": m.word}


@dataclass(frozen=True)
class Exchange(PalabrasAction):
    """Give back these rack tiles ("?" = blank) and draw as many."""

    tiles: str
    kind: ClassVar[str] = "exchange"


@dataclass(frozen=True)
class Pass(PalabrasAction):
    kind: ClassVar[str] = "pass"


def action_from_dict(data: dict[str, Any]) -> PalabrasAction:
    kind = data["kind"]
    if kind == "place":
        return Place(Move(data["row"], data["col"], data["down"], data["word"]))
    if kind == "exchange":
        return Exchange(data["tiles"])
    if kind == "pass":
        return Pass()
    raise ValueError(f"unknown action {kind!r}")


# ---------------------------------------------------------------------------
# Events


@dataclass(frozen=True)
class PalabrasEvent(Event):
    """Base of Palabras events. `private` names fields only `seat` may see."""


@dataclass(frozen=True)
class GameStarted(PalabrasEvent):
    players: int
    first_seat: int
    bag_count: int
    layout: str
    subtract_own_rack: bool
    kind: ClassVar[str] = "game_started"


@dataclass(frozen=True)
class TilesDrawn(PalabrasEvent):
    """`seat` drew `count` tiles (private: `tiles`, rack letters, "?" = blank).
    `reason`: "deal", "refill" (after a placement) or "exchange"."""

    seat: int
    tiles: str | None
    count: int
    bag_count: int
    reason: str
    kind: ClassVar[str] = "tiles_drawn"
    private: ClassVar[tuple[str, ...]] = ("tiles",)


@dataclass(frozen=True)
class TurnStarted(PalabrasEvent):
    seat: int
    turn: int
    kind: ClassVar[str] = "turn_started"


@dataclass(frozen=True)
class TilesPlaced(PalabrasEvent):
    """A placement. `pos` "8H"/"H8", `word` the whole main word (lowercase = blank);
    `tiles`: (square, letter) of each new tile in board order; `words`: (word, pos,
    score) of every word formed, main word first; `score` includes `bonus` (40 for
    all 7 tiles); `total` the running total; `rack_count` tiles left before refilling."""

    seat: int
    row: int
    col: int
    down: bool
    pos: str
    word: str
    tiles: tuple[tuple[str, str], ...]
    words: tuple[tuple[str, str, int], ...]
    score: int
    bonus: int
    total: int
    rack_count: int
    kind: ClassVar[str] = "tiles_placed"

    @property
    def move(self) -> Move:
        return Move(self.row, self.col, self.down, self.word)


@dataclass(frozen=True)
class Exchanged(PalabrasEvent):
    """`seat` gave back `count` tiles (private: `returned`)."""

    seat: int
    count: int
    returned: str | None
    bag_count: int
    scoreless_turns: int
    kind: ClassVar[str] = "exchanged"
    private: ClassVar[tuple[str, ...]] = ("returned",)


@dataclass(frozen=True)
class Passed(PalabrasEvent):
    seat: int
    scoreless_turns: int
    kind: ClassVar[str] = "passed"


@dataclass(frozen=True)
class GameOver(PalabrasEvent):
    """`reason`: "rack_emptied" or "all_passed". `last_placer`: who placed the last
    tile (None if nobody ever did); `racks`: what was left on each rack (now public);
    `rack_points`: their values; `adjustments`: points added/subtracted per seat;
    `scores`: final totals; `winners`: seats with the highest total."""

    reason: str
    last_placer: int | None
    racks: tuple[str, ...]
    rack_points: tuple[int, ...]
    adjustments: tuple[int, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    kind: ClassVar[str] = "game_over"


EVENT_TYPES: dict[str, type[PalabrasEvent]] = by_kind(
    GameStarted, TilesDrawn, TurnStarted, TilesPlaced, Exchanged, Passed, GameOver
)


#: Inverse of `event.to_dict()` (lists back to tuples).
event_from_dict = event_decoder(EVENT_TYPES.values())


# ---------------------------------------------------------------------------
# JSON helpers


def _tiles(tiles: Any) -> Any:
    """Rack letters read from JSON, as they are ("?" = blank); ValueError for a
    tile that is not one."""
    for tile in tiles:
        if tile != BLANK and tile not in CODE:
            raise ValueError(f"bad tile {tile!r}")
    return tiles


def _board(options: PalabrasOptions) -> Any:
    """How a board reads back from its 15 rows, on the layout of `options`."""
    layout = layout_from_data(options.layout)
    return lambda rows: Board.from_rows(rows, layout)


# ---------------------------------------------------------------------------
# View


@dataclass(frozen=True)
class PalabrasView(View):
    """What one seat may know (seat None: public information only).

    `board` is a copy (change it freely); `rack` the seat's tiles ("?" = blank;
    None for a spectator); `rack_counts` tiles on each rack; `last` the last public
    action as a dict ({"seat", "kind": "place"|"exchange"|"pass", ...}) or None.
    `final_racks` are shown once the game is over.
    """

    seat: int | None
    board: Board
    rack: str | None
    rack_counts: tuple[int, ...]
    bag_count: int
    scores: tuple[int, ...]
    current_seat: int | None
    turn: int
    scoreless_turns: int
    is_over: bool
    options: PalabrasOptions
    last: dict[str, Any] | None = None
    winners: tuple[int, ...] = ()
    final_racks: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "board": self.board.rows()}

    @classmethod
    def field_decoders(cls, data: dict[str, Any]) -> dict[str, Any]:
        options = PalabrasOptions.from_dict(data["options"])
        return {
            "options": lambda _: options,
            "board": _board(options),
            "rack": nullable(_tiles),
            "last": json_copy,
            "final_racks": each(_tiles),
        }

    @property
    def layout(self) -> Layout:
        return self.board.layout

    @property
    def first_move(self) -> bool:
        return self.board.is_empty()

    @property
    def players(self) -> int:
        return len(self.scores)

    def unseen_tiles(self) -> str:
        """Tiles this seat cannot see (the bag plus the other racks), "?" = blank."""
        pool = full_bag()
        for t in self.board.letters_on_board() + (self.rack or ""):
            pool.remove(t)
        return "".join(pool)


# ---------------------------------------------------------------------------
# Game


@dataclass
class _State:
    board: Board
    bag: list[str]
    racks: list[list[str]]
    scores: list[int]
    current: int | None = 0
    turn: int = 1
    scoreless: int = 0
    last_placer: int | None = None
    over: bool = False
    reason: str | None = None
    winners: list[int] = field(default_factory=list)
    final_racks: list[str] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)


def _default_lexicon():
    from sobremesa.lexicon import load_lexicon

    return load_lexicon("palabras")


class PalabrasGame(StateGame):
    """A game of Palabras. Construct, read `opening_events`, then loop on
    `to_act()` / `legal_moves()` or `legal_actions()` / `apply()`.

    `lexicon`: a `Lexicon` (default: `load_lexicon("palabras")`) or a `Dawg`; it is
    not saved with the game: pass the same one to `from_dict`.
    """

    game_id: ClassVar[str] = "palabras"
    view_class = PalabrasView
    options_type = PalabrasOptions
    state_type = _State

    def __init__(self, options: PalabrasOptions | None = None, seed: int = 0, lexicon=None) -> None:
        self._set_up(options, seed)
        self.lexicon = lexicon if lexicon is not None else _default_lexicon()
        o = self.options
        layout = layout_from_data(o.layout)
        bag = full_bag()
        self._rng.shuffle(bag)
        first = o.first_seat if o.first_seat is not None else self._rng.randrange(o.players)
        self._s = _State(
            board=Board(layout),
            bag=bag,
            racks=[[] for _ in range(o.players)],
            scores=[0] * o.players,
            current=first,
        )
        events: list[PalabrasEvent] = [
            GameStarted(
                players=o.players,
                first_seat=first,
                bag_count=len(bag),
                layout=layout.name,
                subtract_own_rack=o.subtract_own_rack,
            )
        ]
        for k in range(o.players):
            seat = (first + k) % o.players
            events.append(self._draw(seat, RACK_SIZE, "deal"))
        events.append(TurnStarted(seat=first, turn=1))
        #: events of the game start (GameStarted, TilesDrawn × players, TurnStarted)
        self.opening_events: list[PalabrasEvent] = events

    # -- properties ------------------------------------------------------------

    @property
    def board(self) -> Board:
        """The live board (do not change it; `view()` gives copies)."""
        return self._s.board

    @property
    def dawg(self):
        return getattr(self.lexicon, "dawg", self.lexicon)

    @property
    def bag_count(self) -> int:
        return len(self._s.bag)

    @property
    def log(self) -> list[dict[str, Any]]:
        """Every action taken, as public records (see `PalabrasView.last`)."""
        return [dict(e) for e in self._s.log]

    def rack(self, seat: int) -> str:
        return "".join(self._s.racks[seat])

    event_from_dict = staticmethod(event_from_dict)

    def is_over(self) -> bool:
        return self._s.over

    def scores(self) -> list[int]:
        return list(self._s.scores)

    def to_act(self) -> list[int]:
        s = self._s
        return [] if s.over or s.current is None else [s.current]

    def all_tiles(self) -> list[str]:
        """Every tile wherever it is (bag, racks, board) as rack letters: always 97."""
        s = self._s
        out = list(s.bag)
        for r in s.racks:
            out += r
        out += s.board.letters_on_board()
        return out

    # -- helpers -----------------------------------------------------------------

    def _draw(self, seat: int, n: int, reason: str) -> TilesDrawn:
        s = self._s
        n = min(n, len(s.bag))
        drawn = [s.bag.pop() for _ in range(n)]
        s.racks[seat].extend(drawn)
        return TilesDrawn(
            seat=seat, tiles="".join(drawn), count=n, bag_count=len(s.bag), reason=reason
        )

    def _next_turn(self, seat: int) -> list[PalabrasEvent]:
        s = self._s
        s.current = (seat + 1) % self.num_seats
        s.turn += 1
        return [TurnStarted(seat=s.current, turn=s.turn)]

    # -- legal actions -------------------------------------------------------------

    def legal_actions(self, seat: int) -> list[Action]:
        """Pass, Exchange of the whole rack (if the bag allows) and the placements
        without blanks: a legal subset (see the module docstring)."""
        s = self._s
        if s.over or seat != s.current:
            return []
        acts: list[Action] = [Pass()]
        rack = self.rack(seat)
        if rack and len(s.bag) >= len(rack):
            acts.append(Exchange(rack))
        moves = generate_moves(
            self.dawg, s.board, rack, use_blanks=False, both_orientations_on_empty=True
        )
        acts.extend(Place(m) for _score, m in sorted(moves, key=lambda x: (-x[0], x[1])))
        return acts

    def legal_moves(self, seat: int) -> list[tuple[int, Move]]:
        """Every placement for `seat`'s rack as (score, Move), unsorted; both
        orientations on the empty board."""
        return generate_moves(
            self.dawg, self._s.board, self.rack(seat), both_orientations_on_empty=True
        )

    def hint(self, seat: int) -> tuple[int, Move] | None:
        """The best placement for `seat`'s rack ("pista"), or None."""
        return best_move(self.dawg, self._s.board, self.rack(seat))

    def check(self, seat: int, move: Move) -> Play:
        """Validate a move for `seat` without playing it (IllegalAction if refused)."""
        return check_move(self._s.board, self.rack(seat), move, self.dawg)

    def can_exchange(self, count: int) -> bool:
        return 1 <= count <= len(self._s.bag)

    # -- apply ---------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> list[Event]:
        s = self._s
        refuse_closed(s.over, action, PalabrasAction)
        if seat != s.current:
            raise IllegalAction("not_your_turn", current=s.current)
        if isinstance(action, Place):
            return list(self._place(seat, action.move))
        if isinstance(action, Exchange):
            return list(self._exchange(seat, action.tiles))
        if isinstance(action, Pass):
            return list(self._pass(seat))
        raise IllegalAction("unknown_action", action=repr(action))  # pragma: no cover

    def _place(self, seat: int, move: Move) -> list[PalabrasEvent]:
        s = self._s
        if not isinstance(move, Move):
            raise IllegalAction("bad_move", move=repr(move))
        play = check_move(s.board, self.rack(seat), move, self.dawg)
        apply_play(s.board, play)
        for t in play.tiles:
            s.racks[seat].remove(t.rack_letter)
        s.scores[seat] += play.score
        s.scoreless = 0
        s.last_placer = seat
        m = play.move
        events: list[PalabrasEvent] = [
            TilesPlaced(
                seat=seat,
                row=m.row,
                col=m.col,
                down=m.down,
                pos=m.pos,
                word=m.word,
                tiles=tuple((t.square, t.letter) for t in play.tiles),
                words=tuple((w.word, w.pos, w.score) for w in play.words),
                score=play.score,
                bonus=play.bonus,
                total=s.scores[seat],
                rack_count=len(s.racks[seat]),
            )
        ]
        s.log.append(
            {
                "seat": seat,
                "kind": "place",
                "pos": m.pos,
                "word": m.word,
                "score": play.score,
                "words": [w.word for w in play.words],
            }
        )
        if s.bag:
            events.append(self._draw(seat, RACK_SIZE - len(s.racks[seat]), "refill"))
        if not s.racks[seat] and not s.bag:
            return events + self._end("rack_emptied")
        return events + self._next_turn(seat)

    def _exchange(self, seat: int, tiles: str) -> list[PalabrasEvent]:
        s = self._s
        try:
            wanted = normalize_rack(tiles)
        except ValueError as error:
            raise IllegalAction("bad_letter", char=str(error)) from None
        if not wanted:
            raise IllegalAction("nothing_to_exchange")
        if len(s.bag) < len(wanted):
            raise IllegalAction("bag_too_small", bag_count=len(s.bag), count=len(wanted))
        s.racks[seat] = take_from_rack(s.racks[seat], wanted)
        drawn = self._draw(seat, len(wanted), "exchange")
        s.bag.extend(wanted)
        self._rng.shuffle(s.bag)
        s.scoreless += 1
        s.log.append({"seat": seat, "kind": "exchange", "count": len(wanted)})
        events: list[PalabrasEvent] = [
            Exchanged(
                seat=seat,
                count=len(wanted),
                returned=wanted,
                bag_count=len(s.bag),
                scoreless_turns=s.scoreless,
            ),
            drawn,
        ]
        if s.scoreless >= 2 * self.num_seats:
            return events + self._end("all_passed")
        return events + self._next_turn(seat)

    def _pass(self, seat: int) -> list[PalabrasEvent]:
        s = self._s
        s.scoreless += 1
        s.log.append({"seat": seat, "kind": "pass"})
        events: list[PalabrasEvent] = [Passed(seat=seat, scoreless_turns=s.scoreless)]
        if s.scoreless >= 2 * self.num_seats:
            return events + self._end("all_passed")
        return events + self._next_turn(seat)

    def _end(self, reason: str) -> list[PalabrasEvent]:
        s = self._s
        n = self.num_seats
        racks = ["".join(r) for r in s.racks]
        points = [rack_points(r) for r in racks]
        adjust = [0] * n
        if s.last_placer is not None:
            adjust[s.last_placer] += sum(p for i, p in enumerate(points) if i != s.last_placer)
        if self.options.subtract_own_rack:
            for i in range(n):
                adjust[i] -= points[i]
        for i in range(n):
            s.scores[i] += adjust[i]
        best = max(s.scores)
        s.winners = [i for i in range(n) if s.scores[i] == best]
        s.final_racks = racks
        s.over = True
        s.reason = reason
        s.current = None
        return [
            GameOver(
                reason=reason,
                last_placer=s.last_placer,
                racks=tuple(racks),
                rack_points=tuple(points),
                adjustments=tuple(adjust),
                scores=tuple(s.scores),
                winners=tuple(s.winners),
            )
        ]

    # -- view ------------------------------------------------------------------------

    def view(self, seat: int | None) -> PalabrasView:
        s = self._s
        return PalabrasView(
            seat=seat,
            board=s.board.copy(),
            rack=self.rack(seat) if seat is not None else None,
            rack_counts=tuple(len(r) for r in s.racks),
            bag_count=len(s.bag),
            scores=tuple(s.scores),
            current_seat=s.current,
            turn=s.turn,
            scoreless_turns=s.scoreless,
            is_over=s.over,
            options=self.options,
            last=dict(s.log[-1]) if s.log else None,
            winners=tuple(s.winners),
            final_racks=tuple(s.final_racks),
        )

    # -- persistence -------------------------------------------------------------------

    def save_extra(self) -> dict[str, Any]:
        return {"lexicon_sha256": getattr(self.dawg, "sha256", None)}

    def state_to_dict(self) -> dict[str, Any]:
        # the board as its 15 rows, each rack as one string
        s = self._s
        return {**to_json(s), "board": s.board.rows(), "racks": ["".join(r) for r in s.racks]}

    def state_json(self) -> dict[str, Any]:
        return {"board": _board(self.options), "racks": each(list, list)}

    @classmethod
    def from_dict(cls, data: dict[str, Any], lexicon=None) -> Self:
        read_header(data, cls.game_id)  # another game's save: said before its tiles
        d = data["state"]
        _tiles(d["bag"] + list("".join(d["racks"])))
        game = super().from_dict(data)
        game.lexicon = lexicon if lexicon is not None else _default_lexicon()
        if len(game.all_tiles()) != TOTAL_TILES:
            raise ValueError("save does not hold 97 tiles")
        return game
