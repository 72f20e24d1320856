"""Language per seat: two people at one Palabras table, in one process, each hear
the table in their own language — from their own deliveries, through the pure
narrator, at the same time in two threads."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from sobremesa import i18n
from sobremesa.core.match import Delivery, Match
from sobremesa.core.registry import GAMES
from sobremesa.games.palabras.narration import Names, narrate


@pytest.fixture(scope="module")
def table() -> tuple[Match, dict[int, list[Delivery]]]:
    entry = GAMES["palabras"]
    lexicon = entry.load_lexicon()
    game = entry.new_game(2, 5, lexicon=lexicon)
    shadows = {s: entry.make_bot("medio", s, 5, lexicon=lexicon) for s in (0, 1)}
    match = Match(game, ["human", "human"], {})
    got: dict[int, list[Delivery]] = {0: [], 1: []}

    def take(deliveries: list[Delivery]) -> None:
        for d in deliveries:
            if d.seat is not None:
                got[d.seat].append(d)
                for event in d.events:
                    shadows[d.seat].observe(event)

    now = 0.0
    take(match.start(now))
    for _ in range(12):  # a dozen moves are enough to hear every kind of line
        if game.is_over():
            break
        (seat,) = game.to_act()
        now += 1.0
        outcome = match.submit(seat, shadows[seat].choose(game.view(seat)), now)
        assert outcome.refused is None
        take(outcome.deliveries)
    return match, got


def told(deliveries: list[Delivery], seat: int) -> list[str]:
    names = Names(("Ana", "Luis"), seat)
    return [
        line
        for d in deliveries
        for event in d.events
        for line in narrate(event, d.view, names).lines
    ]


def test_two_seats_read_one_table_each_in_their_language_at_once(table) -> None:
    _match, got = table
    i18n.set_language("es")  # the process's language stays Spanish throughout
    try:
        with i18n.using("en"):
            english_alone = told(got[1], 1)
        spanish_alone = told(got[0], 0)

        def seat_in(seat: int, language: str) -> list[str]:
            with i18n.using(language):
                out = []
                for _round in range(20):  # long enough for the threads to interleave
                    out = told(got[seat], seat)
                return out

        with ThreadPoolExecutor(max_workers=2) as pool:
            spanish = pool.submit(seat_in, 0, "es")
            english = pool.submit(seat_in, 1, "en")
            assert spanish.result() == spanish_alone
            assert english.result() == english_alone
    finally:
        i18n.set_language("es")

    assert english_alone != told(got[1], 1), "seat 1 heard its table in English, not Spanish"
    spanish_text, english_text = " ".join(spanish_alone), " ".join(english_alone)
    assert "jugadores" in spanish_text and "jugadores" not in english_text
    assert "players" in english_text and "players" not in spanish_text
    assert i18n.language() == "es"


def test_the_process_language_is_the_default_outside_a_seat() -> None:
    i18n.set_language("en")
    try:
        assert i18n.language() == "en" and i18n._("Tú") == "You"
        with i18n.using("es"):
            assert i18n.language() == "es" and i18n._("Tú") == "Tú"
            assert i18n.ngettext("{n} ficha", "{n} fichas", 2) == "{n} fichas"
        assert i18n._("Tú") == "You"
    finally:
        i18n.set_language("es")
