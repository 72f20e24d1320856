"""Palabras bots. They see only their seat's view: the board, their rack, the bag
count and the scores (`PalabrasView`); the tiles they cannot see are computed from
the full tile set minus the board and their rack.

Levels (`STYLES` lists each level's personalities, `self.style`; "" = plain):
- "facil": a beginner. Thinks of a common word of everyday Spanish its rack makes
  (`word_rank`, the wordfreq ranks; short words need a better rank, cross words
  must be common too), the more common and the more tiles it uses the likelier,
  without its blanks when it can; then puts it in one of its places at random,
  whatever it scores (it does not look for premium squares). Without a common word,
  the most common it has; without any placement, exchanges its rack or passes.
- "medio": the highest-scoring placement (ties at random). Exchanges the tiles it
  would least like to keep when it has no placement, or when the best scores under
  6 points and the bag holds 7 tiles or more; else passes. "prudente": among the
  moves within 3 points of the best, the one bringing the fewest triple-word
  squares within reach; "ambicioso": the one putting down the most tiles.
- "dificil": score + value of the tiles kept (`leaves.leave_value`, learned from
  self-play by tools/palabras_leaves.py) − a defence penalty for bringing empty
  triple-word squares within reach of the rivals (new tiles within 4 squares in
  the square's row or column, more if adjacent), among the 80 best-scoring
  placements; exchanges when keeping its best tiles is worth more than the best
  move less 4 points. With the bag empty and one rival it knows the rival's rack
  (the tiles it cannot see) and plans the end (`endgame.plan`); with more rivals
  going out counts the unseen tiles and tiles kept count against it.
  "defensivo": the defence penalties doubled; "abierto": a quarter of them, and
  the tiles kept worth 15 % more.
- "voraz" (not a level a table offers: a yardstick for benchmarks/bench_bots.py
  --pareja dificil,voraz): always the highest-scoring placement.

`choose(view)` returns an action (`Place`, `Exchange` or `Pass`); `hint(view)` or
`best_for(board, rack)` is the "pista": the best-scoring placement. Each decision
takes one move generation (at most a few hundred ms, even with two blanks); the
endgame plan adds a bounded search (benchmarks/bench_palabras.py).
`to_dict()` / `bot_from_dict()` save and restore a bot exactly (RNG included).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, ClassVar

from sobremesa.core.game import BotMaker, LevelBot
from sobremesa.games.palabras.board import SIZE, Board, Move
from sobremesa.games.palabras.defence import Before, opening_features, penalty, tp_in_reach
from sobremesa.games.palabras.endgame import plan
from sobremesa.games.palabras.leaves import leave_value
from sobremesa.games.palabras.movegen import best_move, generate_moves, sort_key
from sobremesa.games.palabras.rules import Exchange, PalabrasAction, PalabrasView, Pass, Place
from sobremesa.games.palabras.scoring import score_move
from sobremesa.games.palabras.tiles import BLANK, RACK_SIZE, rack_points
from sobremesa.lexicon.ranks import word_rank

LEVELS = ("facil", "medio", "dificil")
#: personalities at each level (ids said to the player; descriptions in texts.py)
STYLES: dict[str, tuple[str, ...]] = {
    "facil": (),
    "medio": ("prudente", "ambicioso"),
    "dificil": ("defensivo", "abierto"),
}
#: medio's styles choose among the moves this close to its best score
STYLE_SLACK = 3


def tiles_used(board: Board, move: Move) -> str:
    """Rack letters a move takes ("?" for blanks)."""
    dr, dc = (1, 0) if move.down else (0, 1)
    out = []
    cells = board.cells
    for k, ch in enumerate(move.word):
        if not cells[(move.row + dr * k) * SIZE + move.col + dc * k]:
            out.append(BLANK if ch.islower() else ch)
    return "".join(out)


def new_squares(board: Board, move: Move) -> list[tuple[int, int]]:
    """The squares a move puts tiles on."""
    dr, dc = (1, 0) if move.down else (0, 1)
    return [
        (move.row + dr * k, move.col + dc * k)
        for k in range(len(move.word))
        if not board.cells[(move.row + dr * k) * SIZE + move.col + dc * k]
    ]


def leave_after(rack: str, used: str) -> str:
    left = list(rack)
    for t in used:
        left.remove(t)
    return "".join(left)


def _symmetric(board: Board) -> bool:
    p = board.layout.premiums
    return all(p[r * SIZE + c] == p[c * SIZE + r] for r in range(SIZE) for c in range(SIZE))


def all_moves(board: Board, rack: str, dawg) -> list[tuple[int, Move]]:
    """Every placement; on the empty board across only when the layout is symmetric."""
    both = board.is_empty() and not _symmetric(board)
    return generate_moves(dawg, board, rack, both_orientations_on_empty=both)


def best_for(board: Board, rack: str, lexicon=None) -> tuple[int, Move] | None:
    """The "pista": the best-scoring placement for `rack` (oracle order on ties)."""
    dawg = _dawg(lexicon)
    if board.is_empty() and not _symmetric(board):
        moves = generate_moves(dawg, board, rack, both_orientations_on_empty=True)
        return min(moves, key=sort_key) if moves else None
    return best_move(dawg, board, rack)


def hint(view: PalabrasView, lexicon=None) -> tuple[int, Move] | None:
    if not view.rack:
        return None
    return best_for(view.board, view.rack, lexicon)


def _dawg(lexicon):
    if lexicon is None:
        from sobremesa.lexicon import load_lexicon

        lexicon = load_lexicon("palabras")
    return getattr(lexicon, "dawg", lexicon)


def _tp_threats(board: Board, squares: list[tuple[int, int]]) -> set[tuple[int, int]]:
    """Empty TP squares within 4 squares (same row or column) of any of `squares`."""
    return tp_in_reach(board, squares)


def _tile_squares(board: Board) -> list[tuple[int, int]]:
    return [divmod(i, SIZE) for i, v in enumerate(board.cells) if v]


def top_moves(moves: list[tuple[int, Move]], n: int) -> list[tuple[int, Move]]:
    """The `n` best-scoring moves in oracle order (scores compared first, cheaply)."""
    if len(moves) > n:
        cut = sorted((s for s, _m in moves), reverse=True)[n - 1]
        moves = [m for m in moves if m[0] >= cut]
    return sorted(moves, key=sort_key)[:n]


class PalabrasBot(LevelBot):
    def __init__(self, seat: int, rng_seed: int = 0, lexicon=None, style: str = "") -> None:
        if style and style not in STYLES.get(self.level, ()):
            raise ValueError(f"unknown style {style!r} for level {self.level!r}")
        super().__init__(seat, rng_seed, style)
        self.lexicon = lexicon
        self._dawg_cache = None

    @property
    def dawg(self):
        if self._dawg_cache is None:
            self._dawg_cache = _dawg(self.lexicon)
        return self._dawg_cache

    def observe(self, event: Any) -> None:
        """Bots keep no memory beyond the view; present for the driver's symmetry."""

    def choose(self, view: PalabrasView) -> PalabrasAction:
        rack = view.rack or ""
        if not rack:
            return Pass()
        moves = all_moves(view.board, rack, self.dawg)
        return self.decide(view, rack, moves)

    def decide(self, view: PalabrasView, rack: str, moves: list[tuple[int, Move]]):
        raise NotImplementedError  # pragma: no cover

    # -- exchanges ---

    @staticmethod
    def best_keep(rack: str) -> str:
        """The subset of the rack (of at most 6 tiles) with the best leave value."""
        best, best_v = "", leave_value("")
        for n in range(1, min(len(rack), RACK_SIZE - 1) + 1):
            for keep in combinations(rack, n):
                v = leave_value("".join(keep))
                if v > best_v:
                    best, best_v = "".join(keep), v
        return best

    def exchange_or_pass(self, view: PalabrasView, rack: str) -> PalabrasAction:
        keep = self.best_keep(rack)
        give = leave_after(rack, keep) if keep else rack
        if give and view.bag_count >= len(give):
            return Exchange(give)
        if view.bag_count >= len(rack):
            return Exchange(rack)
        return Pass()


class FacilBot(PalabrasBot):
    """Thinks of a common word, then puts it somewhere: among the words its rack can
    make (without its blanks, if it can), those of everyday Spanish (`word_rank` at
    most `common_rank(length)`, cross words too), the more common and the middling lengths
    likelier; then one of that word's places at random, whatever it scores (it
    does not look for premium squares). Without a common word, the most common one
    it has. Without any placement, exchanges its whole rack (or passes)."""

    level = "facil"

    def choose(self, view: PalabrasView) -> PalabrasAction:
        rack = view.rack or ""
        if not rack:
            return Pass()
        # its blanks only when nothing else makes a word (and the search is far quicker)
        both = view.board.is_empty() and not _symmetric(view.board)
        moves = []
        if BLANK in rack:
            moves = generate_moves(
                self.dawg, view.board, rack, both_orientations_on_empty=both, use_blanks=False
            )
        return self.decide(view, rack, moves or all_moves(view.board, rack, self.dawg))

    def decide(self, view, rack, moves):
        if not moves:
            if view.bag_count >= len(rack):
                return Exchange(rack)
            return Pass()
        pool = [m for m in moves if not any(ch.islower() for ch in m[1].word)] or moves
        by_word: dict[str, list[Move]] = {}
        for _score, move in sorted(pool, key=sort_key):
            by_word.setdefault(move.word.lower(), []).append(move)
        ranks = {word: word_rank(word) for word in by_word}
        words = sorted(by_word, key=lambda w: (ranks[w], w))
        common = [w for w in words if ranks[w] <= common_rank(len(w))]
        while common:
            weights = []
            for w in common:
                used = len(tiles_used(view.board, by_word[w][0]))
                weights.append(_commonness(ranks[w]) * _length_liking(len(w), used))
            word = self.rng.choices(common, weights=weights)[0]
            places = by_word[word][:]
            self.rng.shuffle(places)
            for move in places:
                crossing = score_move(view.board, move).words
                if all(is_common(w.word) for w in crossing):
                    return Place(move)
            common.remove(word)
        return Place(self.rng.choice(by_word[words[0]]))


def common_rank(length: int) -> int:
    """The worst rank of a word of everyday Spanish of this length. Short words need
    a better rank: the frequency list counts fragments and letter names (``ad``,
    ``bu``, ``ge``) that nobody would call words."""
    return {2: 1_000, 3: 5_000, 4: 12_000}.get(length, 20_000)


def is_common(word: str) -> bool:
    """Whether fácil knows the word (any case; lowercase = blank)."""
    return word_rank(word.lower()) <= common_rank(len(word))


def _commonness(rank: int) -> float:
    """How readily a beginner thinks of a word of this rank."""
    return 4.0 if rank <= 2_000 else 2.0 if rank <= 8_000 else 1.0


def _length_liking(length: int, used: int) -> float:
    """Beginners look for a word that uses several of their tiles; two letters feel
    like a waste."""
    liking = {1: 0.1, 2: 0.4, 3: 1.0, 4: 2.0}.get(used, 3.0)
    return liking * (0.3 if length == 2 else 1.0)


class MedioBot(PalabrasBot):
    """The best score; "prudente" takes, among the moves within `STYLE_SLACK` points
    of it, the one that brings the fewest triple-word squares within reach;
    "ambicioso" the one that puts down the most tiles."""

    level = "medio"

    def decide(self, view, rack, moves):
        if not moves:
            return self.exchange_or_pass(view, rack)
        top = max(s for s, _m in moves)
        if top < 6 and view.bag_count >= RACK_SIZE:
            return self.exchange_or_pass(view, rack)
        if self.style:
            near = sorted((m for m in moves if m[0] >= top - STYLE_SLACK), key=sort_key)
            if self.style == "prudente":
                base = _tp_threats(view.board, _tile_squares(view.board))
                opened = [
                    len(_tp_threats(view.board, new_squares(view.board, m)) - base)
                    for _s, m in near
                ]
                fewest = min(opened)
                near = [m for m, n in zip(near, opened, strict=True) if n == fewest]
            else:  # ambicioso
                used = [len(tiles_used(view.board, m)) for _s, m in near]
                most = max(used)
                near = [m for m, n in zip(near, used, strict=True) if n == most]
            best_score = max(s for s, _m in near)
            return Place(self.rng.choice([m for s, m in near if s == best_score]))
        best = sorted((m for m in moves if m[0] == top), key=sort_key)
        return Place(self.rng.choice(best)[1])


class DificilBot(PalabrasBot):
    level = "dificil"
    candidates = 80
    leave_weight = 1.0
    #: defence weights (None: the shipped ones, `defence.weights()`)
    defence_table: ClassVar[dict[str, float] | None] = None
    exchange_margin = -4.0

    #: style -> (factor on the defence penalties, factor on the leave values)
    style_factors: ClassVar[dict[str, tuple[float, float]]] = {
        "": (1.0, 1.0),
        "defensivo": (2.0, 1.0),
        "abierto": (0.25, 1.15),
    }

    def evaluate(
        self, view: PalabrasView, rack: str, score: int, move: Move, before: Before
    ) -> float:
        board = view.board
        used = tiles_used(board, move)
        leave = leave_after(rack, used)
        value = float(score)
        defence, keep = self.style_factors.get(self.style, (1.0, 1.0))
        if view.bag_count > 0:
            weight = self.leave_weight * keep * (1.0 if view.bag_count >= len(used) else 0.5)
            value += weight * leave_value(leave)
        else:
            if not leave:  # going out earns the others' racks: every unseen tile
                value += rack_points(view.unseen_tiles())
            else:  # whoever goes out earns these
                value -= rack_points(leave)
        # defence: what the rival gains from the premium squares brought within reach
        opened = opening_features(board, new_squares(board, move), before)
        return value - defence * penalty(opened, self.defence_table)

    def rival_rack(self, view: PalabrasView) -> str | None:
        """With the bag empty and one rival, the tiles it cannot see are the rival's
        rack (None otherwise)."""
        if view.bag_count or view.players != 2 or view.seat is None:
            return None
        unseen = view.unseen_tiles()
        return unseen if len(unseen) == view.rack_counts[1 - view.seat] else None

    def endgame(self, view: PalabrasView, rack: str, moves) -> PalabrasAction | None:
        rival = self.rival_rack(view)
        if rival is None:
            return None
        move, _value = plan(
            self.dawg,
            view.board,
            rack,
            rival,
            moves,
            scoreless=view.scoreless_turns,
            # the last placement was scoreless_turns + 1 turns ago: an even count is mine
            last_placer_is_me=view.scoreless_turns % 2 == 1,
            subtract=view.options.subtract_own_rack,
        )
        return Place(move) if move is not None else Pass()

    def decide(self, view, rack, moves):
        action = self.endgame(view, rack, moves)
        if action is not None:
            return action
        before = Before(view.board)
        ranked = top_moves(moves, self.candidates)
        best = None
        best_v = float("-inf")
        for score, move in ranked:
            v = self.evaluate(view, rack, score, move, before)
            if v > best_v:
                best, best_v = move, v
        if view.bag_count >= RACK_SIZE:
            keep = self.best_keep(rack)
            keep_factor = self.style_factors.get(self.style, (1.0, 1.0))[1]
            exchange_v = self.leave_weight * keep_factor * leave_value(keep)
            if best is None or exchange_v > best_v + self.exchange_margin:
                return self.exchange_or_pass(view, rack)
        if best is None:
            return self.exchange_or_pass(view, rack)
        return Place(best)


class VorazBot(PalabrasBot):
    """The pure top-score player (a yardstick for the benchmarks, not a level a
    table offers): always the highest-scoring placement (ties at random); without
    one, exchanges its whole rack when the bag allows it, else passes."""

    level = "voraz"

    def decide(self, view, rack, moves):
        if not moves:
            return Exchange(rack) if view.bag_count >= len(rack) else Pass()
        top = max(s for s, _m in moves)
        best = sorted((m for m in moves if m[0] == top), key=sort_key)
        return Place(self.rng.choice(best)[1])


_LEVEL_CLASSES: dict[str, type[PalabrasBot]] = {
    "facil": FacilBot,
    "medio": MedioBot,
    "dificil": DificilBot,
    "voraz": VorazBot,
}


make_bot = BotMaker(_LEVEL_CLASSES)  # (level, seat, rng_seed=0, lexicon=None)


def bot_from_dict(data: dict[str, Any], lexicon=None) -> PalabrasBot:
    return make_bot.restore(data, lexicon)


def play_game(game, bots: list[PalabrasBot], max_turns: int = 1000) -> list[Any]:
    """Drive a game to the end with one bot per seat on the match runner; returns
    every event (the opening ones first)."""
    from sobremesa.core.match import play_out

    match = play_out(game, bots, max_actions=max_turns)
    return [entry.event for entry in match.log]
