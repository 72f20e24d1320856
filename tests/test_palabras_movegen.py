"""Move generator: the oracle positions, and a brute-force generator on random boards."""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import product
from pathlib import Path

import pytest

from sobremesa.core.game import IllegalAction
from sobremesa.games.palabras.board import SIZE, Board, Move
from sobremesa.games.palabras.movegen import (
    best_move,
    best_moves,
    count_moves,
    generate_moves,
    generate_raw,
    raw_to_move,
)
from sobremesa.games.palabras.scoring import check_move
from sobremesa.games.palabras.tiles import BLANK, CODE
from sobremesa.lexicon import load_lexicon
from sobremesa.lexicon.compiler import compile_words, sort_key
from sobremesa.lexicon.dawg import Dawg

ROOT = Path(__file__).resolve().parent.parent
ORACLE_CANDIDATES = [
    ROOT / "tests" / "data" / "palabras" / "oracle-positions.jsonl",
    ROOT.parent / "shared" / "data" / "palabras" / "oracle-positions.jsonl",
    Path("/work/shared/data/palabras/oracle-positions.jsonl"),
]
ORACLE = next((p for p in ORACLE_CANDIDATES if p.is_file()), None)
POSITIONS = (
    [json.loads(line) for line in ORACLE.read_text("utf-8").splitlines() if line.strip()]
    if ORACLE
    else []
)

needs_oracle = pytest.mark.skipif(ORACLE is None, reason="oracle-positions.jsonl not found")


@pytest.fixture(scope="module")
def lexicon():
    return load_lexicon("palabras", "amplia")  # the oracle used the full list


# --- oracle ------------------------------------------------------------------------------


@needs_oracle
def test_oracle_has_ten_positions():
    assert len(POSITIONS) == 10


@needs_oracle
@pytest.mark.parametrize("position", POSITIONS, ids=[p["id"] for p in POSITIONS])
@pytest.mark.slow
def test_oracle_position(position, lexicon):
    board = Board.from_rows(position["board"])
    moves = generate_moves(lexicon.dawg, board, position["rack"])
    assert len(moves) == position["move_count"]
    keys = {(m.down, m.row, m.col, m.word) for _s, m in moves}
    assert len(keys) == len(moves), "a move was generated twice"
    top = best_moves(moves, 10)
    expected_scores = [t["score"] for t in position["top"]]
    assert [s for s, _m in top] == expected_scores
    assert top[0][0] == position["best_score"]
    # every move above the 10th score is exactly the oracle's; the tail ties as a set
    tenth = expected_scores[-1]
    above = {(m.pos, m.word, s) for s, m in moves if s > tenth}
    assert above == {
        (t["pos"], t["word"], t["score"]) for t in position["top"] if t["score"] > tenth
    }
    assert sum(1 for s, _m in moves if s == tenth) == position["top_tie_count"]
    mine = {(m.pos, m.word): s for s, m in moves}
    for t in position["top"]:
        assert mine.get((t["pos"], t["word"])) == t["score"], t
    if not any(position["board"][r][c] != "." for r in range(SIZE) for c in range(SIZE)):
        both = count_moves(lexicon.dawg, board, position["rack"], both_orientations_on_empty=True)
        assert both == position["move_count_both_orientations"]


@needs_oracle
@pytest.mark.slow
def test_every_generated_move_passes_the_validator_with_the_same_score(lexicon):
    checked = 0
    for position in POSITIONS:
        if position["rack"].count(BLANK) == 2:
            continue  # 37,000 moves: covered by the other positions and the brute force
        board = Board.from_rows(position["board"])
        for score, move in generate_moves(lexicon.dawg, board, position["rack"]):
            play = check_move(board, position["rack"], move, lexicon)
            assert play.score == score, move
            assert play.canonical == move
            checked += 1
    assert checked > 20000


@needs_oracle
@pytest.mark.slow
def test_best_move_is_the_first_of_best_moves(lexicon):
    position = POSITIONS[3]
    board = Board.from_rows(position["board"])
    assert (
        best_move(lexicon.dawg, board, position["rack"])
        == best_moves(generate_moves(lexicon.dawg, board, position["rack"]), 1)[0]
    )
    assert best_move(lexicon.dawg, board, "") is None


@needs_oracle
def test_raw_form_and_counters(lexicon):
    position = POSITIONS[4]
    board = Board.from_rows(position["board"])
    raws = generate_raw(lexicon.dawg, board, position["rack"])
    counters = [0] * 28
    for t in position["rack"]:
        counters[CODE[t]] += 1
    assert len(generate_raw(lexicon.dawg, board, counters)) == len(raws)
    moves = {m for _s, m in generate_moves(lexicon.dawg, board, position["rack"])}
    assert {raw_to_move(r) for r in raws} == moves
    with pytest.raises(ValueError):
        generate_raw(lexicon.dawg, board, [1, 2, 3])


def test_use_blanks_false_drops_every_blank_move(lexicon):
    board = Board()
    with_blanks = generate_moves(lexicon.dawg, board, "CASA?")
    without = generate_moves(lexicon.dawg, board, "CASA?", use_blanks=False)
    assert set(without) == {m for m in with_blanks if not any(c.islower() for c in m[1].word)}
    assert len(without) < len(with_blanks)


# --- brute force on a small lexicon -------------------------------------------------


def small_words(seed: int) -> list[str]:
    """A dense made-up lexicon over 9 letters (ñ included), 2 to 7 letters."""
    rng = random.Random(seed)
    vowels, consonants = "aeo", "slnrñt"
    words = set()
    for v in vowels:
        for c in consonants:
            if rng.random() < 0.6:
                words.add(v + c)
            if rng.random() < 0.6:
                words.add(c + v)
    while len(words) < 300:
        n = rng.choice([3, 3, 3, 4, 4, 5, 6, 7])
        start_vowel = rng.random() < 0.4
        w = "".join(
            rng.choice(vowels if (i % 2 == 0) == start_vowel else consonants) for i in range(n)
        )
        if rng.random() < 0.2:
            w = w[:-1] + rng.choice(vowels + consonants)
        words.add(w)
    return sorted(words, key=sort_key)


def _may_connect(board: Board, squares: list[tuple[int, int]]) -> bool:
    """A necessary condition for a legal segment (a filter only: the validator decides)."""
    cells = board.cells
    if board.is_empty():
        return divmod(board.layout.start, SIZE) in squares
    for r, c in squares:
        if cells[r * SIZE + c]:
            return True
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < SIZE and 0 <= cc < SIZE and cells[rr * SIZE + cc]:
                return True
    return False


def brute_force(board: Board, rack: str, words: list[str], lexicon) -> set[tuple[Move, int]]:
    """Every segment of every line, every word that fits, every blank assignment,
    each checked by the plain validator."""
    found: set[tuple[Move, int]] = set()
    by_length: dict[int, list[str]] = {}
    for w in words:
        by_length.setdefault(len(w), []).append(w.upper())
    empty = board.is_empty()
    have = Counter(rack)
    for down in (False, True):
        if empty and down:
            continue
        for line in range(SIZE):
            cells = board.line(line, down)
            for start in range(SIZE):
                if start > 0 and cells[start - 1]:
                    continue
                for end in range(start + 2, SIZE + 1):
                    if end < SIZE and cells[end]:
                        continue
                    seg = cells[start:end]
                    new = [i for i, v in enumerate(seg) if not v]
                    if not new or len(new) > len(rack):
                        continue
                    squares = [
                        (start + i, line) if down else (line, start + i) for i in range(len(seg))
                    ]
                    if not _may_connect(board, squares):
                        continue
                    row, col = squares[0]
                    for word in by_length.get(end - start, ()):
                        if any(v and v & 31 != CODE[word[i]] for i, v in enumerate(seg)):
                            continue
                        need = Counter(word[i] for i in new)
                        short = sum(max(0, n - have[ch]) for ch, n in need.items())
                        if short > have[BLANK]:
                            continue
                        try:  # words and connection do not depend on which tiles are blanks
                            check_move(board, None, Move(row, col, down, word), lexicon)
                        except IllegalAction:
                            continue
                        options = []
                        for i in new:
                            opts = []
                            if word[i] in rack:
                                opts.append(word[i])
                            if BLANK in rack:
                                opts.append(word[i].lower())
                            options.append(opts)
                        for choice in product(*options):
                            letters = list(word)
                            for i, ch in zip(new, choice, strict=True):
                                letters[i] = ch
                            move = Move(row, col, down, "".join(letters))
                            try:
                                play = check_move(board, rack, move, lexicon)
                            except IllegalAction as error:
                                assert error.reason == "missing_tiles", error.reason
                                continue
                            found.add((play.canonical, play.score))
    return found


def random_rack(rng: random.Random, letters: str, size: int, blanks: int) -> str:
    return "".join(rng.choice(letters) for _ in range(size - blanks)) + BLANK * blanks


@pytest.mark.parametrize("seed", range(20))
@pytest.mark.slow
def test_generator_equals_brute_force_on_random_boards(seed):
    words = small_words(seed)
    dawg = Dawg(compile_words(words))
    lexicon = set(words)
    rng = random.Random(1000 + seed)
    letters = "AEOSLNRÑT"
    board = Board()
    # build a position with plays the brute force finds (independent of the generator)
    for _turn in range(rng.randint(0, 9)):
        rack = random_rack(rng, letters, 6, rng.randint(0, 1))
        plays = sorted(brute_force(board, rack, words, lexicon))
        if not plays:
            continue
        move, _score = rng.choice(plays)
        play = check_move(board, rack, move, lexicon)
        for t in play.tiles:
            board.put(t.row, t.col, t.cell)
    rack = random_rack(rng, letters, rng.randint(3, 7), rng.choice([0, 0, 1, 2]))
    expected = brute_force(board, rack, words, lexicon)
    got = generate_moves(dawg, board, rack)
    assert len(got) == len({m for _s, m in got})
    assert {(m, s) for s, m in got} == expected


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.slow
def test_generator_equals_brute_force_with_stray_letters(seed):
    """Tiles scattered at random (their fragments need not be words)."""
    words = small_words(50 + seed)
    dawg = Dawg(compile_words(words))
    lexicon = set(words)
    rng = random.Random(seed)
    board = Board()
    for _ in range(rng.randint(4, 14)):
        r, c = rng.randrange(3, 12), rng.randrange(3, 12)
        letter = rng.choice("AEOSLNRÑT")
        board.put(r, c, CODE[letter] | (32 if rng.random() < 0.1 else 0))
    rack = random_rack(rng, "AEOSLNRT", 4, rng.choice([0, 1]))
    expected = brute_force(board, rack, words, lexicon)
    got = generate_moves(dawg, board, rack)
    assert {(m, s) for s, m in got} == expected


def test_seven_tile_plays_get_the_bonus_in_both_generators():
    words = sorted(["aeoaeos", "seo", "os"], key=sort_key)
    dawg = Dawg(compile_words(words))
    for rack in ("AEOAEOS", "AEOAE??"):
        got = generate_moves(dawg, Board(), rack)
        expected = brute_force(Board(), rack, words, set(words))
        assert {(m, s) for s, m in got} == expected
        sevens = [s for s, m in got if len(m.word) == 7]
        assert sevens and all(s >= 40 for s in sevens)


def test_one_tile_plays_are_listed_once():
    words = sorted(["as", "os", "so"], key=sort_key)
    dawg = Dawg(compile_words(words))
    board = Board()
    board.put(7, 7, CODE["A"])
    board.put(7, 8, CODE["S"])  # AS across at 8H
    # O above the S (OS down from I7) or below it (SO down from I8); both on a DL
    assert sorted(generate_moves(dawg, board, "O")) == [
        (3, Move(6, 8, True, "OS")),
        (3, Move(7, 8, True, "SO")),
    ]
    board.put(8, 8, CODE["O"])  # now SO down from I8
    moves = generate_moves(dawg, board, "S")
    # S on H9 forms SO across and AS down: listed once, as across
    assert (4, Move(8, 7, False, "SO")) in moves
    assert not any(m.down and m.col == 7 for _s, m in moves)
    assert len(moves) == len(set(moves))
