"""ABC ¡Castaña! games per second, bot decision times, strength and word search.

Run: python benchmarks/bench_castana.py [seconds per case] [games per style pair]

Prints:
- bot-vs-bot full games per second with 2, 4 and 6 players, for each level, with
  average rounds and actions per game;
- bot decision time per level (median and max, ms): `choose(view)`, plus
  `reaction_time(view)` in windows and races (the driver asks for both);
- the rules engine alone (a random player choosing any legal action except
  words), actions per second;
- one dificil against one facil, 200 heads-up games: wins of each (lowest total
  wins; ties share, counted apart);
- each style of medio and difícil heads-up against the level below (default 100
  games a pair; the ladder itself is benchmarks/bench_bots.py castana);
- the Castaña lexicon's `spell` on random 6-card hands (the `palabras` aid and
  the bots' word search).

Games are driven as the console does in turn-by-turn mode: in a window or a Ñ
race the seat with the smallest reaction time acts first (ties by seat); every
bot answers, so windows close when all have answered, never by the clock.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Sequence

from sobremesa.games.castana.bots import LEVELS, STYLES, CastanaBot, make_bot
from sobremesa.games.castana.rules import (
    CastanaGame,
    CastanaOptions,
    full_deck,
    letter,
)
from sobremesa.lexicon import default_lexicon

MAX_ACTIONS = 200_000  # a runaway game is reported, not looped forever


def play_game(
    players: int,
    levels: list[str],
    seed: int,
    times: dict[str, list[float]] | None = None,
    styles: Sequence[str] = (),
) -> tuple[CastanaGame, int]:
    """One bot-vs-bot game to the end; returns the game and its number of actions.
    With `times`, each bot decision's duration (seconds) is added under its level.
    Each bot sees the events its seat may see (as at a table: its memory of the pile)."""
    game = CastanaGame(CastanaOptions(players=players), seed)
    styles = list(styles) or [""] * players
    bots = [make_bot(levels[s], s, seed * 10 + s, style=styles[s]) for s in range(players)]
    for event in game.opening_events:
        for s, bot in enumerate(bots):
            bot.observe(event.visible_to(s))
    actions = 0
    while not game.is_over():
        seats = game.to_act()
        asked = 0.0  # the acting bot's reaction_time call, in a window or race
        if game.phase in ("window", "race"):
            reaction = {}
            cost = {}
            for s in seats:
                t0 = time.perf_counter()
                reaction[s] = bots[s].reaction_time(game.view(s))
                cost[s] = time.perf_counter() - t0
            seat = min(seats, key=lambda s: (reaction[s], s))
            asked = cost[seat]
        else:
            seat = seats[0]
        view = game.view(seat)
        t0 = time.perf_counter()
        action = bots[seat].choose(view)
        if times is not None:
            times[levels[seat]].append(asked + time.perf_counter() - t0)
        for event in game.apply(seat, action):
            for s, bot in enumerate(bots):
                bot.observe(event.visible_to(s))
        actions += 1
        if actions >= MAX_ACTIONS:
            print(f"  (game {seed} stopped after {actions} actions)")
            break
    return game, actions


def bench_bots(players: int, level: str, budget: float, times: dict[str, list[float]]) -> str:
    start = time.perf_counter()
    n = rounds = actions = 0
    while time.perf_counter() - start < budget or n < 3:
        game, count = play_game(players, [level] * players, 40_000 + n, times)
        rounds += game.round_no
        actions += count
        n += 1
    elapsed = time.perf_counter() - start
    return (
        f"{players} players, bots {level}: {n / elapsed:.1f} games/s "
        f"({n} games, {rounds / n:.1f} rounds/game, {actions / n:.0f} actions/game)"
    )


def bench_engine(players: int, budget: float) -> str:
    """A random player for every seat (no words): the cost of the rules alone."""
    rng = random.Random(1)
    start = time.perf_counter()
    games = actions = 0
    while time.perf_counter() - start < budget or games < 3:
        game = CastanaGame(CastanaOptions(players=players), 50_000 + games, is_word=lambda w: True)
        while not game.is_over():
            seat = rng.choice(game.to_act())
            game.apply(seat, rng.choice(game.legal_actions(seat)))
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return (
        f"{players} players, rules only (random play): {games / elapsed:.1f} games/s, "
        f"{actions / elapsed:,.0f} actions/s"
    )


def bench_strength(games: int = 200, strong: str = "dificil", weak: str = "facil") -> str:
    """One `strong` bot against one `weak` bot, seats swapped every game."""
    hard = easy = ties = 0
    for n in range(games):
        levels = [strong, weak] if n % 2 == 0 else [weak, strong]
        game, _ = play_game(2, levels, 60_000 + n)
        winners = {levels[s] for s in game.winners}
        if winners == {strong}:
            hard += 1
        elif winners == {weak}:
            easy += 1
        else:
            ties += 1
    return (
        f"heads-up {strong} vs {weak}, {games} games: {strong} wins {hard} "
        f"({100 * hard / games:.1f} %), {weak} wins {easy} ({100 * easy / games:.1f} %), "
        f"ties {ties}"
    )


def bench_styles(games: int) -> list[str]:
    """Each style of medio and difícil heads-up against the level below (plain), and
    difícil's styles against medio's: the ladder must hold whatever the style."""
    pairs = [(("medio", style), ("facil", "")) for style in ("", *STYLES["medio"])] + [
        (("dificil", style), ("medio", other))
        for style in ("", *STYLES["dificil"])
        for other in ("", *STYLES["medio"])
    ]
    lines = []
    for (strong, s_style), (weak, w_style) in pairs:
        score = 0.0
        for n in range(games):
            first = n % 2 == 0
            levels = [strong, weak] if first else [weak, strong]
            styles = [s_style, w_style] if first else [w_style, s_style]
            game, _ = play_game(2, levels, 70_000 + n, styles=styles)
            won = {levels[s] for s in game.winners}
            score += 1.0 if won == {strong} else 0.5 if strong in won else 0.0
        name = f"{strong} {s_style or '(sin estilo)'} vs {weak} {w_style or '(sin estilo)'}"
        lines.append(f"{name}: {score:g}/{games} = {100 * score / games:.1f} %")
    return lines


def bench_spell(hands: int = 5_000) -> str:
    lexicon = default_lexicon("castana")
    rng = random.Random(7)
    deck = full_deck()
    samples = []
    for _ in range(hands):
        cards = rng.sample(deck, 7)
        samples.append((letter(cards[0]).lower(), [letter(c).lower() for c in cards[1:]]))
    durations = []
    found = 0
    for first, letters in samples:
        t0 = time.perf_counter()
        words = lexicon.spell(first, letters, 3)
        durations.append(time.perf_counter() - t0)
        found += len(words)
    return (
        f"lexicon spell, visible letter + random 6-card hand ({hands} hands): "
        f"median {statistics.median(durations) * 1e6:.0f} us, "
        f"mean {statistics.fmean(durations) * 1e6:.0f} us, "
        f"max {max(durations) * 1e3:.2f} ms, {found / hands:.1f} words/hand"
    )


def main() -> None:
    budget = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    t0 = time.perf_counter()
    default_lexicon("castana")
    CastanaBot("facil", 0)  # loads the word list once, outside the timings
    print(f"lexicon load (castana): {(time.perf_counter() - t0) * 1e3:.1f} ms")
    times: dict[str, list[float]] = {level: [] for level in LEVELS}
    for players in (2, 4, 6):
        for level in LEVELS:
            print(bench_bots(players, level, budget, times))
    for level in LEVELS:
        sample = times[level]
        print(
            f"bot {level} decision: median {statistics.median(sample) * 1e3:.3f} ms, "
            f"max {max(sample) * 1e3:.2f} ms ({len(sample)} decisions)"
        )
    for players in (2, 4, 6):
        print(bench_engine(players, budget / 2))
    print(bench_strength())
    print(bench_strength(strong="medio", weak="facil"))
    print(bench_strength(strong="dificil", weak="medio"))
    for line in bench_styles(int(sys.argv[2]) if len(sys.argv) > 2 else 100):
        print(line)
    print(bench_spell())


if __name__ == "__main__":
    main()
