"""What the match runner costs: bot-only games through `core.match` against the bare
loop it replaced (anchor), the same seeded games, side by side in one run.

Run: python benchmarks/bench_match.py [games per game kind]

Bare loop (anchor): the seat to act (in a window, the fastest bot) chooses from its
view, the game applies, every bot observes the events filtered for its seat — what
the three copies of the bot-vs-bot loop did. Match: `core.match.play_out` (the
numbered log, the window clock), and a watched Match (the spectator's delivery with
a public view on every batch, as a server makes for a spectator). Ratios matter, not
absolute times: the machine is shared.
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

from sobremesa.core.match import Match, play_out
from sobremesa.core.policy import ReactionPolicy
from sobremesa.core.registry import GAMES


def setup(game_id: str, seed: int, lexicon: Any) -> tuple[Any, list[Any], Any]:
    entry = GAMES[game_id]
    players = entry.seats[0] + 1
    game = entry.new_game(players, seed, lexicon=lexicon)
    bots = [
        entry.make_bot(entry.levels[s % len(entry.levels)], s, seed, lexicon=lexicon)
        for s in range(players)
    ]
    clock = random.Random(seed)

    def reaction(g: Any, seat: int, bot: Any) -> float:
        if game_id == "cabanga":
            return bot.reaction_time(clock)
        t = entry.bot_reaction_time(g, seat, bot)
        return 1.0 if t is None else t

    return game, bots, reaction


def bare(game: Any, bots: list[Any], reaction: Any) -> int:
    for e in game.opening_events:
        for s, b in enumerate(bots):
            b.observe(e.visible_to(s))
    n = 0
    while not game.is_over():
        seats = game.to_act()
        seat = (
            min(seats, key=lambda s: (reaction(game, s, bots[s]), s))
            if game.in_window()
            else seats[0]
        )
        events = game.apply(seat, bots[seat].choose(game.view(seat)))
        for s, b in enumerate(bots):
            for e in events:
                b.observe(e.visible_to(s))
        n += 1
    return n


def watched(game: Any, bots: list[Any], reaction: Any) -> int:
    match = Match(game, ["bot"] * len(bots), dict(enumerate(bots)), policy=ReactionPolicy(pace=0.0),
                  reaction_time=reaction)  # fmt: skip
    match.start(0.0)
    while match.step(0.0) is not None:
        pass
    return len(match.log)


def timed(run: Any, game_id: str, seeds: range, lexicon: Any) -> float:
    total = 0.0
    for seed in seeds:
        game, bots, reaction = setup(game_id, seed, lexicon)
        start = time.perf_counter()
        run(game, bots, reaction)
        total += time.perf_counter() - start
    return total


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    print(
        f"{'game':10} {'bare loop s':>12} {'play_out s':>11} {'ratio':>6} {'watched s':>10} {'ratio':>6}"
    )
    for game_id, entry in GAMES.items():
        lexicon = entry.load_lexicon()
        seeds = range(games if game_id != "palabras" else max(2, games // 5))
        runs = {
            "bare": lambda g, b, r: bare(g, b, r),
            "play_out": lambda g, b, r: play_out(g, b, reaction_time=r),
            "watched": watched,
        }
        # Interleave the three, first one then another, so load on the shared machine
        # and warm caches (Chinchón's meld solver) favour none of them.
        times = dict.fromkeys(runs, 0.0)
        names = list(runs)
        for seed in seeds:
            turn = seed % len(names)
            for name in names[turn:] + names[:turn]:
                times[name] += timed(runs[name], game_id, range(seed, seed + 1), lexicon)
        b, p, w = times["bare"], times["play_out"], times["watched"]
        print(f"{game_id:10} {b:12.2f} {p:11.2f} {p / b:6.2f} {w:10.2f} {w / b:6.2f}")


if __name__ == "__main__":
    main()
