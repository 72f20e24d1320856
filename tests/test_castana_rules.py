"""ABC ¡Castaña! rules (seed 000, DESIGN §4): the deck and the deal, plays by
colour or letter, vowels, words, the magic letters (L, R, H, S, Ñ), the Ñ race,
¡Toma castaña! steals and the warning for protected players, challenges, the
automatic referee, drawing and reshuffling, blocked rounds, scoring, the end of
the game, saves and refusals.

Positions are set up directly (hands, deck, pile, colour, current) with the 96
cards kept complete, and a small made-up word list instead of the lexicon.
"""

from __future__ import annotations

import contextlib
import json
from collections import Counter
from typing import Any

import pytest

from sobremesa.core.game import IllegalAction
from sobremesa.games.castana.rules import (
    COLOURS,
    LETTERS,
    MAGIC_CONSONANTS,
    VOWELS,
    Attacked,
    CardGiven,
    CardPlayed,
    CastanaGame,
    CastanaOptions,
    Challenge,
    Challenged,
    DeckEmpty,
    DeckReshuffled,
    Draw,
    Drew,
    Give,
    GiveSkipped,
    HandPut,
    NextChosen,
    Pass,
    Passed,
    PlayCard,
    PlayWord,
    PutHand,
    RaceStarted,
    StealWarned,
    TurnLost,
    TurnStarted,
    WindowClosed,
    WindowOpened,
    WordPlayed,
    WordTakenBack,
    action_from_dict,
    colour,
    full_deck,
    letter,
    points,
)

FULL = Counter(full_deck())

# A made-up word list: the rules only ask `is_word`.
WORDS = frozenset(
    {"MAN", "MAL", "MAR", "MAS", "MOÑ", "MESA", "MOTO", "BAH", "CASA", "EBA", "ERA", "SOL"}
)


def fake_is_word(word: str) -> bool:
    return word.upper() in WORDS


def cards(text: str) -> list[str]:
    return text.split()


def rig(
    hands: list[str],
    top: str,
    *,
    colour_: str | None = None,
    current: int = 0,
    attack: str | None = None,
    draws: str = "",
    rest_in: str = "deck",
    under: str = "",
    referee: bool = False,
    protected: tuple[bool, ...] = (),
    totals: list[int] | None = None,
    seed: int = 1,
    target: int = 40,
) -> CastanaGame:
    """A game in a chosen position, seat `current` to play.

    `draws`: the next cards drawn from the deck, in that order. Every card not in a
    hand, on the pile or in `draws` lies in the deck under them (`rest_in="deck"`)
    or on the pile under `under` and the top (`rest_in="pile"`: the deck then holds
    only `draws`)."""
    n = len(hands)
    opts = CastanaOptions(n, referee, tuple(protected), target)
    game = CastanaGame(opts, seed, is_word=fake_is_word)
    hand_cards = [cards(h) for h in hands]
    draw_cards = cards(draws)
    under_cards = cards(under)
    used = Counter(c for h in hand_cards for c in h)
    used += Counter([top, *draw_cards, *under_cards])
    assert not used - FULL, f"more copies than the deck holds: {used - FULL}"
    rest = list((FULL - used).elements())
    game.hands = hand_cards
    if rest_in == "deck":
        game.deck = rest + draw_cards[::-1]
        game.pile = [*under_cards, top]
    else:
        game.deck = draw_cards[::-1]
        game.pile = [*rest, *under_cards, top]
    game.colour = colour_ or colour(top)
    game.current = current
    game.phase = "turn"
    game.attack = attack
    game.window = None
    game.idle_draws = 0
    if totals is not None:
        game.totals = list(totals)
    assert conserved(game)
    return game


def conserved(game: CastanaGame) -> bool:
    return Counter(game.all_cards()) == FULL


def state(game: CastanaGame) -> str:
    return json.dumps(game.to_dict(), sort_keys=True)


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def of(events, kind: str) -> list[Any]:
    return [e for e in events if e.kind == kind]


def refused(game: CastanaGame, seat: int, action, reason: str | None = None) -> IllegalAction:
    """The action raises IllegalAction (with `reason`) and changes nothing."""
    before = state(game)
    with pytest.raises(IllegalAction) as info:
        game.apply(seat, action)
    if reason is not None:
        assert info.value.reason == reason
    assert state(game) == before, "a refused action changed the game"
    return info.value


def pass_all(game: CastanaGame) -> list[Any]:
    """Everybody in the open window passes (in seat order)."""
    events: list[Any] = []
    while game.phase == "window":
        events += game.apply(game.to_act()[0], Pass())
    return events


def hand(game: CastanaGame, seat: int) -> Counter:
    return Counter(game.hands[seat])


# ---------------------------------------------------------------------------
# Cards, options, deal


def test_deck_has_96_cards_three_colours_vowels_twice() -> None:
    deck = full_deck()
    assert len(deck) == 96 and len(LETTERS) == 27
    assert set(LETTERS) == set("ABCDEFGHIJKLMNOPQRSTUVWXYZ") | {"Ñ"}
    for c in COLOURS:
        of_colour = [x for x in deck if colour(x) == c]
        assert len(of_colour) == 32
        counts = Counter(letter(x) for x in of_colour)
        assert {ch for ch, k in counts.items() if k == 2} == set(VOWELS)
        assert all(counts[ch] == 1 for ch in LETTERS if ch not in VOWELS)
    assert Counter(letter(x) for x in deck)["Ñ"] == 3
    assert sum(points(x) for x in deck) == 3 * (5 + 10 * 3 + 3 + 4 * 2 + 16 * 1)


def test_card_codes() -> None:
    assert letter("Ma") == "M" and colour("Ma") == "azul"
    assert letter("Ar") == "A" and colour("Ar") == "rojo"
    assert letter("Ñv") == "Ñ" and colour("Ñv") == "verde"


def test_options_validation() -> None:
    for bad in ({"players": 1}, {"players": 7}, {"players": 3, "protected": (True,)}):
        with pytest.raises(ValueError):
            CastanaOptions(**bad)
    o = CastanaOptions(3, True, (False, True, False))
    assert CastanaOptions.from_dict(json.loads(json.dumps(o.to_dict()))) == o
    assert CastanaOptions(5).protected == (False,) * 5


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_six_cards_each_and_a_start_card(players: int) -> None:
    starters = set()
    for seed in range(40):
        g = CastanaGame(CastanaOptions(players), seed, is_word=fake_is_word)
        assert conserved(g)
        assert [len(h) for h in g.hands] == [6] * players
        assert len(g.pile) == 1 and len(g.deck) == 96 - 6 * players - 1
        assert letter(g.top) not in MAGIC_CONSONANTS
        assert g.colour == colour(g.top)
        ev = g.opening_events
        assert kinds(ev) == ["round_started"] + ["dealt"] * players + ["turn_started"]
        started = ev[0]
        assert started.round_no == 1 and started.start_card == g.top
        assert g.phase == "turn" and g.to_act() == [started.starter] == [ev[-1].seat]
        assert g.attack is None
        assert [e.cards for e in ev[1:-1]] == [tuple(h) for h in g.hands]
        starters.add(started.starter)
    assert starters == set(range(players)), "the first player is drawn by lot"


def test_magic_start_card_goes_back_into_the_middle_of_the_deck() -> None:
    forced = []
    for seed in range(400):
        players = 2 + seed % 5
        g = CastanaGame(CastanaOptions(players), seed, is_word=fake_is_word)
        returned = g.opening_events[0].returned
        if returned:
            forced.append((g, returned))
    assert len(forced) > 20, "seeds that turn up a magic consonant first"
    assert any(len(r) >= 2 for _, r in forced), "a seed that turns up two in a row"
    seen_letters = set()
    for g, returned in forced:
        assert conserved(g)
        assert letter(g.top) not in MAGIC_CONSONANTS
        middle = len(g.deck) / 2
        for card in returned:
            seen_letters.add(letter(card))
            assert letter(card) in MAGIC_CONSONANTS
            assert card in g.deck, "a returned card goes back into the deck"
            positions = [i for i, c in enumerate(g.deck) if c == card]
            assert any(abs(i - middle) <= len(returned) + 1 for i in positions), (
                "into the middle of the deck"
            )
        assert not any(card in h for h in g.hands for card in returned)
    assert seen_letters == set(MAGIC_CONSONANTS)


def test_start_card_is_never_magic_over_many_seeds() -> None:
    tops = Counter()
    for seed in range(600):
        g = CastanaGame(CastanaOptions(2 + seed % 5), seed, is_word=fake_is_word)
        tops[letter(g.top)] += 1
    assert not set(tops) & set(MAGIC_CONSONANTS)
    assert len(tops) > 15


# ---------------------------------------------------------------------------
# Cards on the pile


def test_same_colour_or_same_letter() -> None:
    g = rig(["Ba Ca Dr Fv", "Gr Jr", "Ka Pa"], "Bv")
    assert g.legal_actions(0) == [PlayCard("Ba"), PlayCard("Fv"), Draw()]
    assert g.legal_actions(1) == [] and g.to_act() == [0]
    refused(g, 0, PlayCard("Ca"), "no_match")
    refused(g, 0, PlayCard("Dr"), "no_match")
    ev = g.apply(0, PlayCard("Ba"))  # same letter, another colour
    assert ev[0] == CardPlayed(0, "Ba", "azul", False, False)
    assert g.top == "Ba" and g.colour == "azul" and hand(g, 0) == Counter(cards("Ca Dr Fv"))
    assert conserved(g)


def test_play_goes_to_the_left() -> None:
    # Two players: no third player to steal, so no window.
    g = rig(["Ba Ca", "Dr Fr"], "Bv")
    ev = g.apply(0, PlayCard("Ba"))
    assert kinds(ev) == ["card_played", "turn_started"] and ev[-1] == TurnStarted(1, None)
    # Four players: the last seat passes to seat 0, after the window.
    g = rig(["Ca Dr", "Fr Gr", "Jr Kr", "Ba Pv"], "Bv", current=3)
    ev = g.apply(3, PlayCard("Ba"))
    assert ev[-1] == WindowOpened(3, 0, (1, 2), (), None)
    assert g.to_act() == [1, 2]
    ev = pass_all(g)
    assert ev[-2:] == [WindowClosed(False), TurnStarted(0, None)]
    assert g.current == 0 and g.phase == "turn"


def test_vowel_on_same_vowel_or_same_colour_and_the_chosen_colour_follows() -> None:
    g = rig(["Ea Ar Av Oa", "Ba Cr Dv", "Fa Ga"], "Ev")
    legal = g.legal_actions(0)
    assert set(legal) == {PlayCard(c, colour=k) for c in ("Ea", "Av") for k in COLOURS} | {Draw()}
    refused(g, 0, PlayCard("Ar", colour="azul"), "no_match")  # another vowel, another colour
    refused(g, 0, PlayCard("Oa", colour="azul"), "no_match")
    refused(g, 0, PlayCard("Ea"), "choose_colour")
    refused(g, 0, PlayCard("Ea", colour="negro"), "choose_colour")
    ev = g.apply(0, PlayCard("Ea", colour="rojo"))  # same vowel; rojo follows
    assert ev[0] == CardPlayed(0, "Ea", "rojo", False, False)
    assert g.colour == "rojo" and g.top == "Ea"
    pass_all(g)
    assert g.current == 1
    # Seat 1 must follow rojo (or play an E): the azul B no longer matches.
    assert g.legal_actions(1) == [PlayCard("Cr"), Draw()]
    refused(g, 1, PlayCard("Ba"), "no_match")
    refused(g, 1, PlayCard("Dv"), "no_match")


def test_vowel_on_same_colour() -> None:
    g = rig(["Av Ba", "Cr Dr"], "Mv")
    g.apply(0, PlayCard("Av", colour="azul"))
    assert (g.top, g.colour, g.current) == ("Av", "azul", 1)


# ---------------------------------------------------------------------------
# Words


def test_word_from_the_visible_letter_any_colours_last_letter_visible() -> None:
    g = rig(["Ar Na Bv", "Cr Dr", "Fr Gr"], "Mv")
    assert g.can_play_word(0) and not g.can_play_word(1)
    pile_before = list(g.pile)
    ev = g.apply(0, PlayWord(("Ar", "Na")))  # M + A + N: colours do not matter
    assert ev[0] == WordPlayed(0, "MAN", ("Ar", "Na"), "azul", False)
    assert g.pile == [*pile_before, "Ar", "Na"]
    assert g.top == "Na" and g.colour == "azul"
    assert hand(g, 0) == Counter(["Bv"]) and conserved(g)
    assert ev[1] == WindowOpened(0, 1, (2,), (1, 2), "MAN")
    pass_all(g)
    assert g.current == 1 and g.attack is None


def test_word_needs_three_letters_from_the_hand() -> None:
    g = rig(["Ar Na Bv", "Cr Dr", "Fr Gr"], "Mv")
    refused(g, 0, PlayWord(("Ar",)), "word_too_short")
    refused(g, 0, PlayWord(()), "word_too_short")
    refused(g, 0, PlayWord(("Ar", "Nr")), "letters_not_in_hand")
    refused(g, 0, PlayWord(("Ar", "Ar")), "letters_not_in_hand")
    refused(g, 0, PlayWord(("Ar", "Zz")), "letters_not_in_hand")
    refused(g, 1, PlayWord(("Cr", "Dr")), "not_your_turn")


@pytest.mark.parametrize(("magic", "word"), [("L", "MAL"), ("R", "MAR")])
def test_word_ending_in_l_or_r_attacks_the_next_player(magic: str, word: str) -> None:
    g = rig(["Ar " + magic + "a Bv", "Cr Dr", "Fr Gr"], "Mv")
    ev = g.apply(0, PlayWord(("Ar", magic + "a")))
    assert ev[0] == WordPlayed(0, word, ("Ar", magic + "a"), "azul", False)
    # Only a challenge: the attacked player must answer before anyone steals.
    assert ev[1] == WindowOpened(0, 1, (), (1, 2), word)
    ev = pass_all(g)
    assert ev[-2:] == [Attacked(1, magic), TurnStarted(1, magic)]
    assert g.attack == magic and g.current == 1


def test_word_ending_in_h_skips_the_next_player() -> None:
    g = rig(["Ar Ha Cv", "Dr Fr", "Gr Jr", "Kr Pr"], "Bv")
    ev = g.apply(0, PlayWord(("Ar", "Ha")))
    assert kinds(ev) == ["word_played", "turn_lost", "window_opened"]
    assert ev[0].word == "BAH" and ev[1] == TurnLost(1, "h")
    assert ev[2] == WindowOpened(0, 2, (3,), (1, 2, 3), "BAH")
    pass_all(g)
    assert g.current == 2


def test_word_ending_in_s_chooses_the_next_player() -> None:
    g = rig(["Ar Sa Cv", "Dr Fr", "Gr Jr", "Kr Pr"], "Mv")
    refused(g, 0, PlayWord(("Ar", "Sa")), "choose_seat")
    refused(g, 0, PlayWord(("Ar", "Sa"), target=0), "choose_seat")
    refused(g, 0, PlayWord(("Ar", "Sa"), target=4), "choose_seat")
    ev = g.apply(0, PlayWord(("Ar", "Sa"), target=3))
    assert kinds(ev) == ["word_played", "next_chosen", "window_opened"]
    assert ev[1] == NextChosen(0, 3)
    assert ev[2] == WindowOpened(0, 3, (1, 2), (1, 2, 3), "MAS")
    pass_all(g)
    assert g.current == 3


def test_word_ending_in_enie_starts_the_race_with_the_chosen_colour() -> None:
    g = rig(["Or Ña Bv", "Dr Fr", "Gr Jr", "Kr Pr"], "Mv")
    refused(g, 0, PlayWord(("Or", "Ña")), "choose_colour")
    ev = g.apply(0, PlayWord(("Or", "Ña"), colour="rojo"))
    assert ev[0] == WordPlayed(0, "MOÑ", ("Or", "Ña"), "rojo", False)
    assert ev[1] == WindowOpened(0, None, (), (1, 2, 3), "MOÑ")
    assert g.colour == "rojo" and g.top == "Ña"
    ev = pass_all(g)
    assert ev[-1] == RaceStarted(0, (1, 2, 3))
    assert g.phase == "race" and g.to_act() == [1, 2, 3]


def test_word_ending_in_a_vowel_chooses_the_colour() -> None:
    g = rig(["Er Sv Aa Bv", "Dr Fr", "Gr Jr"], "Mv")
    refused(g, 0, PlayWord(("Er", "Sv", "Aa")), "choose_colour")
    ev = g.apply(0, PlayWord(("Er", "Sv", "Aa"), colour="verde"))
    assert ev[0] == WordPlayed(0, "MESA", ("Er", "Sv", "Aa"), "verde", False)
    assert not of(ev, "next_chosen"), "only the last letter has an effect"
    assert g.top == "Aa" and g.colour == "verde"
    pass_all(g)
    assert g.current == 1 and g.legal_actions(1) == [Draw()]  # Dr Fr: neither A nor verde


# ---------------------------------------------------------------------------
# L and R (caña): play the same letter or draw 2


@pytest.mark.parametrize("magic", ["L", "R"])
def test_l_or_r_next_draws_two_and_loses_the_turn(magic: str) -> None:
    g = rig([magic + "a Bv", "Cr Dr Ñr", "Fr Gr"], "Ma", draws="Ka Pa Qa")
    ev = g.apply(0, PlayCard(magic + "a"))
    # No window: the attacked player answers first.
    assert kinds(ev) == ["card_played", "attacked", "turn_started"]
    assert ev[1:] == [Attacked(1, magic), TurnStarted(1, magic)]
    assert g.view(1).attack == magic and g.to_act() == [1]
    assert g.legal_actions(1) == [Draw()]
    refused(g, 1, PlayCard("Cr"), "must_answer")
    refused(g, 1, PlayCard("Ñr", colour="rojo"), "must_answer")  # no Ñ under attack
    refused(g, 2, PlayCard("Fr"), "not_your_turn")
    ev = g.apply(1, Draw())
    assert ev == [
        Drew(1, 2, ("Ka", "Pa"), "attack"),
        TurnLost(1, "attack"),
        TurnStarted(2, None),
    ]
    assert g.attack is None and hand(g, 1) == Counter(cards("Cr Dr Ñr Ka Pa"))


@pytest.mark.parametrize("magic", ["L", "R"])
def test_answer_with_same_letter_next_draws_four_and_no_third(magic: str) -> None:
    g = rig(
        [magic + "a Bv", magic + "r Cr", magic + "v Dr", "Fr Gr"],
        "Ma",
        draws="Ka Pa Qa Ta Va",
    )
    g.apply(0, PlayCard(magic + "a"))
    assert g.legal_actions(1) == [PlayCard(magic + "r"), Draw()]
    ev = g.apply(1, PlayCard(magic + "r"))  # any colour: the same letter answers
    assert ev[:3] == [
        CardPlayed(1, magic + "r", "rojo", False, True),
        Drew(2, 4, ("Ka", "Pa", "Qa", "Ta"), "answer"),
        TurnLost(2, "answer"),
    ]
    # The victim is skipped: the window (seat 0 may steal) leads to seat 3.
    assert ev[3] == WindowOpened(1, 3, (0,), (), None)
    pass_all(g)
    assert g.current == 3 and g.attack is None, "no third L or R"
    assert hand(g, 2) == Counter(cards(magic + "v Dr Ka Pa Qa Ta"))
    assert conserved(g)


def test_r_cannot_answer_l_nor_l_answer_r() -> None:
    g = rig(["La Bv", "Rr Cr", "Fr Gr"], "Ma")
    g.apply(0, PlayCard("La"))
    refused(g, 1, PlayCard("Rr"), "must_answer")
    g = rig(["Ra Bv", "Lr Cr", "Fr Gr"], "Ma")
    g.apply(0, PlayCard("Ra"))
    refused(g, 1, PlayCard("Lr"), "must_answer")
    assert g.legal_actions(1) == [Draw()]


def test_no_word_under_attack() -> None:
    g = rig(["La Bv", "Ar Nr Lr", "Fr Gr"], "Ma")
    g.apply(0, PlayCard("La"))
    assert not g.can_play_word(1)
    refused(g, 1, PlayWord(("Ar", "Nr")), "must_answer")


def test_two_players_answer_attack_returns_the_turn() -> None:
    g = rig(["La Bv Cv", "Lr Dr"], "Ma", draws="Ka Pa Qa Ta")
    g.apply(0, PlayCard("La"))
    ev = g.apply(1, PlayCard("Lr"))
    assert of(ev, "drew")[0].seat == 0 and of(ev, "turn_lost") == [TurnLost(0, "answer")]
    assert g.phase == "turn" and g.current == 1


# ---------------------------------------------------------------------------
# H and S


def test_h_skips_the_next_player() -> None:
    g = rig(["Ha Bv", "Ñr Cr", "Dr Fr", "Gr Jr"], "Ma")
    ev = g.apply(0, PlayCard("Ha"))
    assert ev == [
        CardPlayed(0, "Ha", "azul", False, False),
        TurnLost(1, "h"),
        WindowOpened(0, 2, (3,), (), None),
    ]
    pass_all(g)
    assert g.current == 2


def test_h_victim_cannot_throw_enie_in_the_window() -> None:
    """The Ñ may be thrown at any time except by a player who must first resolve
    an attack aimed at them: L, R, H, S (seed §6, DESIGN §4). The player an H
    skips is such a player."""
    g = rig(["Ha Bv", "Ñr Cr", "Dr Fr", "Gr Jr"], "Ma")
    g.apply(0, PlayCard("Ha"))
    assert 1 not in g.to_act()
    refused(g, 1, PlayCard("Ñr", colour="rojo"))


def test_h_with_two_players_plays_again() -> None:
    g = rig(["Ha Bv", "Cr Dr"], "Ma")
    ev = g.apply(0, PlayCard("Ha"))
    assert kinds(ev) == ["card_played", "turn_lost", "turn_started"]
    assert g.current == 0


def test_s_chooses_any_other_player_not_oneself() -> None:
    g = rig(["Sa Bv", "Cr Dr", "Ñr Fr", "Gr Jr"], "Ma")
    assert set(g.legal_actions(0)) == {PlayCard("Sa", target=t) for t in (1, 2, 3)} | {Draw()}
    refused(g, 0, PlayCard("Sa"), "choose_seat")
    refused(g, 0, PlayCard("Sa", target=0), "choose_seat")
    refused(g, 0, PlayCard("Sa", target=4), "choose_seat")
    refused(g, 0, PlayCard("Sa", target=-1), "choose_seat")
    ev = g.apply(0, PlayCard("Sa", target=2))
    assert ev[1:] == [NextChosen(0, 2), WindowOpened(0, 2, (1, 3), (), None)]
    pass_all(g)
    assert g.current == 2


def test_s_target_cannot_throw_enie_in_the_window() -> None:
    """The player an S is aimed at must take it (seed §6, DESIGN §4): no Ñ."""
    g = rig(["Sa Bv", "Cr Dr", "Ñr Fr", "Gr Jr"], "Ma")
    g.apply(0, PlayCard("Sa", target=2))
    refused(g, 2, PlayCard("Ñr", colour="rojo"))


def test_s_may_choose_the_natural_next_player() -> None:
    g = rig(["Sa Bv", "Cr Dr", "Fr Gr"], "Ma")
    g.apply(0, PlayCard("Sa", target=1))
    pass_all(g)
    assert g.current == 1


# ---------------------------------------------------------------------------
# The Ñ and its race


def test_enie_on_any_letter_chooses_the_colour_and_starts_the_race() -> None:
    g = rig(["Ñv Cr", "Dr Fr", "Gr Jr", "Kr Pr"], "Ba", draws="Ka Pa Qa Ta Va Xa")
    assert set(g.legal_actions(0)) == {PlayCard("Ñv", colour=k) for k in COLOURS} | {Draw()}
    refused(g, 0, PlayCard("Ñv"), "choose_colour")
    ev = g.apply(0, PlayCard("Ñv", colour="rojo"))
    assert ev == [CardPlayed(0, "Ñv", "rojo", False, False), RaceStarted(0, (1, 2, 3))]
    assert g.phase == "race" and g.colour == "rojo" and g.to_act() == [1, 2, 3]
    assert g.legal_actions(2) == [PutHand()]
    refused(g, 2, Draw(), "race_put_hand")
    refused(g, 2, Pass(), "race_put_hand")
    refused(g, 0, PutHand(), "not_your_turn")  # the Ñ player does not race
    # The first hand draws 1, the second 2, the third 3.
    assert g.apply(2, PutHand()) == [HandPut(2, 1, ("Ka",), False)]
    assert g.to_act() == [1, 3]
    assert g.apply(3, PutHand()) == [HandPut(3, 2, ("Pa", "Qa"), False)]
    ev = g.apply(1, PutHand())
    assert ev == [HandPut(1, 3, ("Ta", "Va", "Xa"), False), TurnStarted(1, None)]
    assert [len(h) for h in g.hands] == [1, 5, 3, 4]
    assert g.colour == "rojo" and conserved(g)


def test_race_timeout_puts_the_late_hands_in_order() -> None:
    g = rig(["Cr Dr", "Ñv Fr", "Gr Jr", "Kr Pr"], "Ba", current=1, draws="Ka Pa Qa Ta Va Xa")
    g.apply(1, PlayCard("Ñv", colour="verde"))
    assert g.to_act() == [2, 3, 0]
    g.apply(3, PutHand())
    ev = g.close_window()
    # Late hands follow the seats to the left of the Ñ player: 2, then 0.
    assert ev == [
        HandPut(2, 2, ("Pa", "Qa"), True),
        HandPut(0, 3, ("Ta", "Va", "Xa"), True),
        TurnStarted(2, None),
    ]
    assert g.close_window() == []


def test_race_timeout_with_nobody_in_time() -> None:
    g = rig(["Ñv Cr", "Dr Fr", "Gr Jr"], "Ba", draws="Ka Pa Qa")
    g.apply(0, PlayCard("Ñv", colour="azul"))
    ev = g.close_window()
    assert ev == [
        HandPut(1, 1, ("Ka",), True),
        HandPut(2, 2, ("Pa", "Qa"), True),
        TurnStarted(1, None),
    ]


def test_enie_out_of_turn_in_a_window() -> None:
    g = rig(["Ba Cv Dv", "Ña Fr", "Ñr Gr", "Jr Kr"], "Bv", draws="Ka Pa Qa")
    g.apply(0, PlayCard("Ba"))
    assert g.to_act() == [2, 3]
    assert set(g.legal_actions(2)) == {PlayCard("Ñr", colour=k) for k in COLOURS} | {Pass()}
    refused(g, 3, PlayCard("Jr"), "not_your_turn")  # only a Ñ out of turn
    ev = g.apply(2, PlayCard("Ñr", colour="verde"))  # on a B: any letter
    assert ev == [CardPlayed(2, "Ñr", "verde", True, False), RaceStarted(2, (3, 0, 1))]
    for s in (3, 0, 1):
        g.apply(s, PutHand())
    # Play continues to the left of the Ñ player.
    assert g.phase == "turn" and g.current == 3 and g.colour == "verde"


def test_no_steal_window_after_an_l_or_r_card() -> None:
    g = rig(["La Bv", "Cr Dr", "Ar Nr Fr"], "Ma")
    g.apply(0, PlayCard("La"))
    assert g.phase == "turn" and g.to_act() == [1]
    refused(g, 2, PlayWord(("Ar", "Nr")), "not_your_turn")


def test_enie_at_any_time_even_during_another_players_turn() -> None:
    g = rig(["Ba Cr", "Dr Fr", "Ñr Gr", "Jr Kr"], "Mv")
    refused(g, 1, PlayCard("Dr"), "not_your_turn")
    refused(g, 1, PlayCard("Ñr", colour="rojo"), "not_now")  # no Ñ in hand
    ev = g.apply(2, PlayCard("Ñr", colour="azul"))
    assert ev == [CardPlayed(2, "Ñr", "azul", True, False), RaceStarted(2, (3, 0, 1))]
    for s in (3, 0, 1):
        g.apply(s, PutHand())
    assert g.current == 3 and conserved(g)


def test_discarder_cannot_throw_enie_in_its_own_window() -> None:
    g = rig(["Ba Ñv Cv", "Dr Fr", "Gr Jr", "Kr Pr"], "Bv")
    g.apply(0, PlayCard("Ba"))
    refused(g, 0, PlayCard("Ñv", colour="azul"))


def test_next_player_cannot_throw_enie_in_the_window() -> None:
    """docs/castana.md, decision 3: in a window a word or a Ñ may come from
    everybody but the player who discarded, the next player (who plays anyway)
    and the one who just lost the turn."""
    # After a card: the next player is not among those who may act.
    g = rig(["Ba Cv Dv", "Ña Fr", "Gr Jr", "Kr Pr"], "Bv")
    g.apply(0, PlayCard("Ba"))
    refused(g, 1, PlayCard("Ña", colour="rojo"))
    # After a word: the next player may challenge it, not throw a Ñ ...
    g = rig(["Ar Na Bv", "Ñv Cv", "Dv Fv", "Gv Jv"], "Mv")
    g.apply(0, PlayWord(("Ar", "Na")))
    refused(g, 1, PlayCard("Ñv", colour="rojo"), "not_now")
    # ... nor once they have let the challenge go.
    g.apply(1, Pass())
    refused(g, 1, PlayCard("Ñv", colour="rojo"))


def test_answer_victim_cannot_throw_enie_in_the_window() -> None:
    """The player who drew 4 after an answered L lost the turn (decision 3)."""
    g = rig(["La Bv", "Lr Cr", "Ñv Dr", "Fr Gr"], "Ma")
    g.apply(0, PlayCard("La"))
    g.apply(1, PlayCard("Lr"))
    assert g.phase == "window" and 2 not in g.to_act()
    refused(g, 2, PlayCard("Ñv", colour="rojo"))


def test_enie_does_not_cancel_a_pending_attack() -> None:
    """docs/castana.md, decision 4: with an L or R pending nobody steals the
    turn, the attack is resolved first; and the attacked player "no podrá
    obviarlo ni evitarlo de forma alguna" (seed §6). Another player's Ñ while the
    attacked player thinks must not make the attack vanish."""
    g = rig(["La Bv", "Cr Dr", "Ñv Fr", "Gr Jr"], "Ma")
    g.apply(0, PlayCard("La"))
    with contextlib.suppress(IllegalAction):
        g.apply(2, PlayCard("Ñv", colour="rojo"))
    while g.phase == "race":
        g.apply(g.to_act()[0], PutHand())
    assert (g.current, g.attack) == (1, "L"), "the L attack on seat 1 was dropped"


def test_enie_after_passing_does_not_cancel_a_word_attack() -> None:
    g = rig(["Ar La Bv", "Cr Dr", "Ñv Fr", "Gr Jr"], "Mv")
    g.apply(0, PlayWord(("Ar", "La")))  # MAL: seat 1 is attacked after the window
    g.apply(2, Pass())
    with contextlib.suppress(IllegalAction):
        g.apply(2, PlayCard("Ñv", colour="rojo"))
    while g.phase in ("race", "window"):
        g.apply(g.to_act()[0], PutHand() if g.phase == "race" else Pass())
    assert (g.current, g.attack) == (1, "L"), "the L attack on seat 1 was dropped"


def test_enie_cannot_take_away_a_hand_emptied_by_a_word() -> None:
    """A word that empties a hand waits only for a challenge: a Ñ thrown then
    (by a player who has already passed) must not start a race in which the
    winner draws cards; the round is the word player's."""
    g = rig(["Ar Na", "Bv Cv", "Ñr Dv Fv"], "Mv")
    g.apply(0, PlayWord(("Ar", "Na")))
    g.apply(2, Pass())
    events: list[Any] = []
    with contextlib.suppress(IllegalAction):
        events += g.apply(2, PlayCard("Ñr", colour="rojo"))
    assert g.phase != "race", "a Ñ after the last word: the round winner races for cards"
    events += pass_all(g)
    scored = of(events, "round_scored")
    assert scored and scored[0].winner == 0


def test_enie_as_last_card_ends_the_round_without_race() -> None:
    g = rig(["Ñv", "Dr Fr", "Gr Jr"], "Ba")
    ev = g.apply(0, PlayCard("Ñv", colour="azul"))
    assert kinds(ev)[:2] == ["card_played", "round_scored"]
    assert ev[1].winner == 0 and "race_started" not in kinds(ev)


# ---------------------------------------------------------------------------
# ¡Toma castaña!: steals


def test_steal_in_a_window_play_continues_left_of_the_stealer() -> None:
    g = rig(["Ma Cv Dv", "Fv Gv", "Jv Kv", "Ar Nr Fr"], "Mv")
    ev = g.apply(0, PlayCard("Ma"))
    assert ev[-1] == WindowOpened(0, 1, (2, 3), (), None)
    assert g.can_play_word(3) and not g.can_play_word(1) and not g.can_play_word(0)
    ev = g.apply(3, PlayWord(("Ar", "Nr")))
    assert ev[0] == WordPlayed(3, "MAN", ("Ar", "Nr"), "rojo", True)
    assert ev[1] == WindowOpened(3, 0, (1, 2), (0, 1, 2), "MAN")
    ev = pass_all(g)
    assert ev[-1] == TurnStarted(0, None)
    assert hand(g, 3) == Counter(["Fr"]) and conserved(g)


def test_stealer_cannot_be_the_discarder_or_the_next_player() -> None:
    g = rig(["Ma Ar Nr", "Ar Na Gv", "Jv Kv", "Fv Pv"], "Mv")
    g.apply(0, PlayCard("Ma"))
    refused(g, 0, PlayWord(("Ar", "Nr")), "not_your_turn")
    refused(g, 1, PlayWord(("Ar", "Na")), "not_your_turn")
    # After a word the next player may challenge, not steal.
    g = rig(["Ar Nr Cv", "Ar Na Gv", "Jv Kv", "Fv Pv"], "Mv")
    g.apply(0, PlayWord(("Ar", "Nr")))
    assert 1 in g.to_act()
    refused(g, 1, PlayWord(("Ar", "Na")), "cannot_steal")
    refused(g, 0, PlayWord(("Cv", "Cv")), "not_your_turn")


def test_only_words_and_enie_out_of_turn() -> None:
    g = rig(["Ma Cv Dv", "Fv Gv", "Jv Ka", "Ar Nr Fr"], "Mv")
    g.apply(0, PlayCard("Ma"))
    refused(g, 2, PlayCard("Ka"), "not_your_turn")
    refused(g, 2, Draw(), "not_your_turn")
    refused(g, 2, Challenge(), "nothing_to_challenge")
    refused(g, 2, PutHand(), "window_open")
    refused(g, 3, PlayWord(("Ar",)), "word_too_short")


def test_a_steal_can_itself_be_stolen() -> None:
    g = rig(["Ma Cv Dv", "Fv Gv", "Ar Lr Kv", "Ar Nr Fr"], "Mv")
    g.apply(0, PlayCard("Ma"))
    g.apply(3, PlayWord(("Ar", "Nr")))  # MAN: N on top
    assert g.window.stealers == [1, 2]
    assert g.view(2).top_letter == "N"


def test_window_closes_on_timeout() -> None:
    g = rig(["Ma Cv Dv", "Fv Gv", "Jv Kv", "Ar Nr Fr"], "Mv")
    g.apply(0, PlayCard("Ma"))
    ev = g.close_window()
    assert ev == [WindowClosed(True), TurnStarted(1, None)]
    assert g.close_window() == []


# ---------------------------------------------------------------------------
# Protected players: warn before stealing their turn


def protected_position() -> CastanaGame:
    g = rig(
        ["Ma Cv Dv", "Ba Cr Gr", "Jv Kv Ar Nr", "Ar Nv Fr"],
        "Mv",
        protected=(False, True, False, False),
        draws="Ka Pa",
    )
    g.apply(0, PlayCard("Ma"))
    return g


def test_protected_first_steal_attempt_is_a_warning() -> None:
    g = protected_position()
    key = g.window_key()
    hands = [list(h) for h in g.hands]
    ev = g.apply(3, PlayWord(("Ar", "Nv")))
    assert ev == [StealWarned(3, 1)]
    assert g.hands == hands and g.top == "Ma" and g.phase == "window"
    assert g.window_key() != key
    assert g.to_act() == [1, 2, 3]
    v = g.view(1)
    assert v.warned and v.next_seat == 1
    assert g.can_play_word(1)
    assert set(g.legal_actions(1)) == {PlayCard("Ba"), Draw(), Pass()}


def test_protected_player_may_play_at_once() -> None:
    g = protected_position()
    g.apply(3, PlayWord(("Ar", "Nv")))
    ev = g.apply(1, PlayCard("Ba"))
    assert ev[:3] == [
        WindowClosed(False),
        TurnStarted(1, None),
        CardPlayed(1, "Ba", "azul", False, False),
    ]
    assert ev[3] == WindowOpened(1, 2, (0, 3), (), None)
    assert hand(g, 3) == Counter(cards("Ar Nv Fr")), "the steal did not happen"


def test_protected_player_may_draw_at_once() -> None:
    g = protected_position()
    g.apply(3, PlayWord(("Ar", "Nv")))
    ev = g.apply(1, Draw())
    assert ev == [
        WindowClosed(False),
        TurnStarted(1, None),
        Drew(1, 1, ("Ka",), "turn"),
        TurnStarted(2, None),
    ]


def test_protected_player_may_lay_a_word_at_once() -> None:
    g = rig(
        ["Ma Cv Dv", "Ar Na Gr", "Jv Kv", "Ar Nv Fr"],
        "Mv",
        protected=(False, True, False, False),
    )
    g.apply(0, PlayCard("Ma"))
    g.apply(3, PlayWord(("Ar", "Nv")))
    refused(g, 1, PlayWord(("Ar", "Nv")), "letters_not_in_hand")
    ev = g.apply(1, PlayWord(("Ar", "Na")))
    assert ev[2] == WordPlayed(1, "MAN", ("Ar", "Na"), "azul", False)


def test_protected_player_passes_and_the_steal_goes_ahead() -> None:
    g = protected_position()
    g.apply(3, PlayWord(("Ar", "Nv")))
    key = g.window_key()
    assert g.apply(1, Pass()) == [Passed(1)]
    assert g.window_key() != key, "the stealers get a new chance"
    assert 1 not in g.to_act()
    ev = g.apply(3, PlayWord(("Ar", "Nv")))
    assert ev[0] == WordPlayed(3, "MAN", ("Ar", "Nv"), "verde", True)
    pass_all(g)
    assert g.current == 0


def test_unprotected_next_player_gets_no_warning() -> None:
    g = rig(
        ["Ma Cv Dv", "Ba Cr Gr", "Jv Kv", "Ar Nv Fr"], "Mv", protected=(False, False, True, True)
    )
    g.apply(0, PlayCard("Ma"))
    assert kinds(g.apply(3, PlayWord(("Ar", "Nv"))))[0] == "word_played"


def test_invalid_steal_attempt_on_a_protected_player_is_refused_and_warns_nobody() -> None:
    """A steal the rules refuse (letters not held, too short, no colour) is not
    a steal attempt: it must raise IllegalAction and change nothing, as for an
    unprotected next player."""
    g = protected_position()
    refused(g, 3, PlayWord(("Ar", "Zz")), "letters_not_in_hand")
    refused(g, 3, PlayWord(("Ar",)), "word_too_short")
    refused(g, 3, PlayWord(("Ar", "Nr")), "letters_not_in_hand")


def test_invalid_steal_attempt_with_referee_on_protected_player_is_refused() -> None:
    g = rig(
        ["Ma Cv Dv", "Ba Cr Gr", "Jv Kv", "Nr Ar Fr"],
        "Mv",
        protected=(False, True, False, False),
        referee=True,
    )
    g.apply(0, PlayCard("Ma"))
    refused(g, 3, PlayWord(("Nr", "Ar"), colour="rojo"), "not_a_word")  # MNA


# ---------------------------------------------------------------------------
# Challenges


def test_challenge_of_a_valid_word_every_other_player_gives_a_card() -> None:
    g = rig(["Ar La Ka", "Bv Cv", "Dv Ev", "Fv Gv Jv", "Pv"], "Mv")
    g.apply(0, PlayWord(("Ar", "La")))  # MAL: valid, attacks seat 1
    assert g.to_act() == [1, 2, 3, 4]
    ev = g.apply(3, Challenge())
    # Seat 0 and seat 4 hold a single card: they give nothing.
    assert ev == [Challenged(3, 0, "MAL", True), GiveSkipped(0), GiveSkipped(4)]
    assert g.phase == "give" and g.to_act() == [1, 2]
    assert g.legal_actions(1) == [Give("Bv"), Give("Cv")]
    refused(g, 1, Pass(), "must_give")
    refused(g, 1, Give("Dv"), "card_not_in_hand")
    refused(g, 3, Give("Fv"), "not_your_turn")
    assert g.apply(2, Give("Ev")) == [CardGiven(2, 3, "Ev")]
    ev = g.apply(1, Give("Cv"))
    assert ev[0] == CardGiven(1, 3, "Cv")
    assert ev[0].visible_to(0).card is None and ev[0].visible_to(3).card == "Cv"
    # Then the word's effect goes on: seat 1 is under an L attack.
    assert ev[1:] == [Attacked(1, "L"), TurnStarted(1, "L")]
    assert hand(g, 3) == Counter(cards("Fv Gv Jv Ev Cv"))
    assert g.top == "La" and conserved(g)


def test_challenge_of_a_valid_word_then_the_steal_window_is_over() -> None:
    g = rig(["Ar Na Ka", "Bv Cv", "Dv Ev", "Fv Gv Jv"], "Mv")
    g.apply(0, PlayWord(("Ar", "Na")))
    g.apply(2, Challenge())
    for s in list(g.to_act()):
        g.apply(s, Give(g.hands[s][0]))
    assert g.phase == "turn" and g.current == 1


def test_challenge_of_an_invalid_word_takes_it_back() -> None:
    g = rig(["Nr Lr Bv", "Cv Dv", "Fv Gv", "Jv Kv"], "Ea", colour_="verde", draws="Pa Qa")
    pile = list(g.pile)
    g.apply(0, PlayWord(("Nr", "Lr")))  # ENL: not a word
    assert g.top == "Lr" and g.colour == "rojo"
    ev = g.apply(2, Challenge())
    assert ev == [
        Challenged(2, 0, "ENL", False),
        WordTakenBack(0, "ENL", ("Nr", "Lr"), "Ea", "verde"),
        Drew(0, 2, ("Pa", "Qa"), "taken_back"),
        TurnLost(0, "challenge"),
        TurnStarted(2, None),
    ]
    # The top card and the colour are back; no L attack; the challenger plays.
    assert g.pile == pile and g.colour == "verde" and g.attack is None
    assert hand(g, 0) == Counter(cards("Bv Nr Lr Pa Qa"))
    assert g.current == 2 and conserved(g)


def test_challenge_of_an_invalid_stolen_word() -> None:
    g = rig(["Ma Cv Dv", "Fv Gv", "Jv Kv", "Xr Zr Fr"], "Mv", draws="Pa Qa")
    g.apply(0, PlayCard("Ma"))
    g.apply(3, PlayWord(("Xr", "Zr")))
    ev = g.apply(1, Challenge())
    assert ev[0] == Challenged(1, 3, "MXZ", False)
    assert g.top == "Ma" and g.colour == "azul" and g.current == 1
    assert hand(g, 3) == Counter(cards("Fr Xr Zr Pa Qa"))


def test_nobody_challenges_a_card() -> None:
    g = rig(["Ma Cv Dv", "Fv Gv", "Jv Kv", "Ar Nr Fr"], "Mv")
    g.apply(0, PlayCard("Ma"))
    refused(g, 3, Challenge(), "nothing_to_challenge")


def test_word_emptying_the_hand_can_be_challenged_before_the_round_ends() -> None:
    g = rig(["Ar Na", "Bv Cv", "Dv Fv"], "Mv")
    ev = g.apply(0, PlayWord(("Ar", "Na")))
    assert ev[1] == WindowOpened(0, None, (), (1, 2), "MAN")
    assert g.phase == "window" and g.round_no == 1 and g.totals == [0, 0, 0]
    ev = pass_all(g)
    scored = of(ev, "round_scored")[0]
    assert scored.winner == 0 and scored.points == (0, 2, 2)


def test_invalid_word_emptying_the_hand_is_taken_back_and_the_round_goes_on() -> None:
    g = rig(["Xr Za", "Bv Cv", "Dv Fv"], "Mv", draws="Pa Qa")
    g.apply(0, PlayWord(("Xr", "Za")))
    ev = g.apply(1, Challenge())
    assert "round_scored" not in kinds(ev)
    assert g.round_no == 1 and len(g.hands[0]) == 4 and g.current == 1


def test_valid_word_emptying_the_hand_challenged_ends_the_round_after_the_gifts() -> None:
    g = rig(["Ar Na", "Bv Cv", "Dv Fv"], "Mv")
    g.apply(0, PlayWord(("Ar", "Na")))
    ev = g.apply(2, Challenge())
    assert ev == [Challenged(2, 0, "MAN", True)]  # out of cards: gives nothing, says nothing
    ev = g.apply(1, Give("Bv"))
    scored = of(ev, "round_scored")[0]
    assert scored.winner == 0 and scored.points == (0, 1, 3)


# ---------------------------------------------------------------------------
# Automatic referee


def test_referee_refuses_invalid_words_and_opens_no_challenge() -> None:
    g = rig(["Ar Nr Lr Bv", "Cv Dv", "Fv Gv", "Jv Kv"], "Mv", referee=True)
    refused(g, 0, PlayWord(("Nr", "Ar"), colour="rojo"), "not_a_word")
    ev = g.apply(0, PlayWord(("Ar", "Nr")))
    assert ev[1] == WindowOpened(0, 1, (2, 3), (), None)
    refused(g, 2, Challenge(), "nothing_to_challenge")
    pass_all(g)
    assert g.current == 1
    # An L at the end: no window at all (nothing to challenge, no steal).
    g = rig(["Ar Lr Bv", "Cv Dv", "Fv Gv", "Jv Kv"], "Mv", referee=True)
    ev = g.apply(0, PlayWord(("Ar", "Lr")))
    assert kinds(ev) == ["word_played", "attacked", "turn_started"]


def test_referee_ends_the_round_at_once_on_a_last_word() -> None:
    g = rig(["Ar Na", "Bv Cv", "Dv Fv"], "Mv", referee=True)
    ev = g.apply(0, PlayWord(("Ar", "Na")))
    assert kinds(ev)[:2] == ["word_played", "round_scored"]


def test_referee_refuses_an_invalid_steal() -> None:
    g = rig(["Ma Cv Dv", "Fv Gv", "Jv Kv", "Ar Nr Fr"], "Mv", referee=True)
    g.apply(0, PlayCard("Ma"))
    refused(g, 3, PlayWord(("Nr", "Ar"), colour="rojo"), "not_a_word")


# ---------------------------------------------------------------------------
# Drawing, reshuffling, blocked rounds


def test_draw_one_card_and_the_turn_ends() -> None:
    g = rig(["Ba Cr", "Dr Fr", "Gr Jr"], "Mv", draws="Ka")
    ev = g.apply(0, Draw())
    assert ev == [Drew(0, 1, ("Ka",), "turn"), TurnStarted(1, None)]
    assert ev[0].visible_to(1).cards is None and ev[0].visible_to(0).cards == ("Ka",)
    assert hand(g, 0) == Counter(cards("Ba Cr Ka")) and g.phase == "turn"


def test_empty_deck_reshuffles_the_pile_except_its_top() -> None:
    g = rig(["Ba Cr", "Dr Fr", "Gr Jr"], "Mv", rest_in="pile")
    assert g.deck == [] and len(g.pile) == 96 - 6
    ev = g.apply(0, Draw())
    assert ev[0] == DeckReshuffled(96 - 7)
    assert ev[1].kind == "drew" and ev[1].count == 1
    assert g.pile == ["Mv"] and len(g.deck) == 96 - 7 - 1
    assert conserved(g)


def test_race_draws_across_a_reshuffle() -> None:
    g = rig(["Ñv Cr", "Dr Fr", "Gr Jr"], "Ba", draws="Ka", rest_in="pile")
    g.apply(0, PlayCard("Ñv", colour="azul"))
    assert g.apply(1, PutHand()) == [HandPut(1, 1, ("Ka",), False)]
    ev = g.apply(2, PutHand())
    assert ev[0].kind == "deck_reshuffled" and ev[1].kind == "hand_put" and len(ev[1].cards) == 2
    assert g.pile == ["Ñv"] and conserved(g)


def blocked_position() -> CastanaGame:
    """Two players hold every card but the top: nothing is left to draw."""
    rest = list((FULL - Counter(["Mv"])).elements())
    small = ["Bv", *[c for c in rest if points(c) == 1 and c != "Bv"][:9]]
    other = list((Counter(rest) - Counter(small)).elements())
    g = rig([" ".join(other), " ".join(small)], "Mv", rest_in="pile", target=500)
    g.pile = ["Mv"]
    g.deck = []
    assert conserved(g)
    return g


def test_blocked_round_ends_after_a_full_circle_with_nothing_to_draw() -> None:
    g = blocked_position()
    ev = g.apply(0, Draw())
    assert ev == [DeckEmpty(0), TurnStarted(1, None)]
    ev = g.apply(1, Draw())
    assert ev[0] == DeckEmpty(1)
    scored = ev[1]
    assert scored.kind == "round_scored" and scored.winner is None
    assert scored.points == (186 - 1 - 10, 10)
    started = ev[2]
    assert started.kind == "round_started" and started.starter == 1  # fewest points
    assert g.round_no == 2 and conserved(g)


def test_a_play_resets_the_blocked_count() -> None:
    g = blocked_position()
    g.apply(0, Draw())
    g.apply(1, PlayCard("Bv"))
    assert g.phase == "turn" and g.current == 0
    ev = g.apply(0, Draw())  # the pile now holds two cards: one is drawn
    assert kinds(ev)[:2] == ["deck_reshuffled", "drew"]
    assert g.round_no == 1


# ---------------------------------------------------------------------------
# Scoring, rounds and the end of the game


def test_points_per_card() -> None:
    assert points("Ñv") == 5
    for ch in "AEIOUH":
        assert points(ch + "r") == 3
    for ch in "LQRS":
        assert points(ch + "a") == 2
    for ch in "BCDFGJKMNPTVWXYZ":
        assert points(ch + "v") == 1


def test_round_end_scoring_and_winner_starts_next_round() -> None:
    g = rig(["Ña Aa Ha Lr Qv Zv", "Ba", "Ea Sr"], "Bv", current=1, totals=[3, 10, 30])
    ev = g.apply(1, PlayCard("Ba"))
    assert kinds(ev)[:3] == ["card_played", "round_scored", "round_started"]
    scored = ev[1]
    assert (scored.round_no, scored.winner) == (1, 1)
    assert scored.points == (16, 0, 5) and scored.totals == (19, 10, 35)
    assert g.round_points == [[16, 0, 5]] and g.totals == [19, 10, 35]
    assert ev[2].starter == 1 and ev[2].round_no == 2
    assert ev[-1] == TurnStarted(1, None)
    assert [len(h) for h in g.hands] == [6, 6, 6] and len(g.pile) == 1 and conserved(g)
    assert g.phase == "turn" and g.current == 1


def test_game_ends_after_a_round_where_someone_reaches_the_target() -> None:
    g = rig(["Ña Aa Ha", "Ba", "Ea Sr"], "Bv", current=1, totals=[29, 10, 20])
    ev = g.apply(1, PlayCard("Ba"))  # seat 0: 29 + 11 = 40
    assert kinds(ev) == ["card_played", "round_scored", "game_over"]
    assert ev[-1].winners == (1,) and ev[-1].totals == (40, 10, 25)
    assert g.is_over() and g.phase == "over" and g.to_act() == [] and g.legal_actions(1) == []
    assert g.scores() == [40, 10, 25]
    refused(g, 0, Draw(), "game_over")


def test_game_goes_on_below_the_target() -> None:
    g = rig(["Ña Aa Ha", "Ba", "Ea Sr"], "Bv", current=1, totals=[28, 10, 20])
    ev = g.apply(1, PlayCard("Ba"))  # seat 0: 39
    assert "game_over" not in kinds(ev) and g.round_no == 2


def test_ties_share_the_win() -> None:
    g = rig(["Ña Aa Ha", "Ba", "Ea Sr"], "Bv", current=1, totals=[35, 15, 10])
    ev = g.apply(1, PlayCard("Ba"))  # totals 46, 15, 15
    assert ev[-1].kind == "game_over" and ev[-1].winners == (1, 2)


def test_target_option() -> None:
    g = rig(["Ña Aa Ha", "Ba", "Ea Sr"], "Bv", current=1, target=10)
    assert kinds(g.apply(1, PlayCard("Ba")))[-1] == "game_over"
    with pytest.raises(ValueError):
        CastanaOptions(3, target=2)


# ---------------------------------------------------------------------------
# Views


def test_view_hides_other_hands() -> None:
    g = rig(["Ba Cr", "Dr Fr Gr", "Jr"], "Mv")
    v = g.view(None)
    assert v.hand is None and v.hand_sizes == (2, 3, 1)
    assert g.view(1).hand == ("Dr", "Fr", "Gr")
    assert v.top == "Mv" and v.top_letter == "M" and v.deck_size == len(g.deck)
    assert v.to_act == (0,) and v.current == 0


# ---------------------------------------------------------------------------
# Saves


def play_until(game: CastanaGame, phase: str, limit: int = 4000) -> bool:
    """Drive the game with simple legal moves until `phase` (or the end)."""
    for _ in range(limit):
        if game.phase == phase:
            return True
        if game.is_over():
            return False
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        game.apply(seat, legal[0])
    return False


def advance(game: CastanaGame, steps: int) -> list[dict[str, Any]]:
    out = []
    for _ in range(steps):
        if game.is_over():
            break
        seat = game.to_act()[0]
        out += [e.to_dict() for e in game.apply(seat, game.legal_actions(seat)[-1])]
    return out


@pytest.mark.parametrize("where", ["turn", "window", "race", "give", "warned", "over"])
def test_save_and_load_gives_the_same_game(where: str) -> None:
    if where == "give":
        g = rig(["Ar Na Ka", "Bv Cv", "Dv Ev", "Fv Gv Jv"], "Mv")
        g.apply(0, PlayWord(("Ar", "Na")))
        g.apply(2, Challenge())
    elif where == "warned":
        g = protected_position()
        g.apply(3, PlayWord(("Ar", "Nv")))
    elif where == "race":
        g = rig(["Ñv Cr", "Dr Fr", "Gr Jr"], "Ba")
        g.apply(0, PlayCard("Ñv", colour="azul"))
        g.apply(2, PutHand())
    elif where == "over":
        g = rig(["Ña Aa Ha", "Ba", "Ea Sr"], "Bv", current=1, totals=[29, 10, 20])
        g.apply(1, PlayCard("Ba"))
    else:
        g = CastanaGame(CastanaOptions(4, protected=(True, False, True, False)), 7, fake_is_word)
        assert play_until(g, where)
    assert g.phase == ("window" if where == "warned" else where)
    data = json.loads(json.dumps(g.to_dict()))
    h = CastanaGame.from_dict(data, is_word=fake_is_word)
    assert h.to_dict() == g.to_dict()
    assert h.to_act() == g.to_act() and h.view(0) == g.view(0)
    assert advance(h, 200) == advance(g, 200)
    assert h.to_dict() == g.to_dict()


def test_action_round_trip() -> None:
    for a in (
        PlayCard("Ñv", colour="rojo"),
        PlayCard("Sa", target=2),
        PlayWord(("Ar", "Na")),
        Draw(),
        Challenge(),
        Pass(),
        PutHand(),
        Give("Bv"),
    ):
        assert action_from_dict(json.loads(json.dumps(a.to_dict()))) == a


def test_saved_dict_is_a_snapshot_of_a_window() -> None:
    """to_dict must not share lists with the live game: after a save, the game
    going on (a pass in the window) must not change the saved data, and a game
    loaded from it must not move with the original."""
    g = rig(["Ma Cv Dv", "Fv Gv", "Jv Kv", "Ar Nr Fr"], "Mv")
    g.apply(0, PlayCard("Ma"))
    data = g.to_dict()
    frozen = json.dumps(data, sort_keys=True)
    clone = CastanaGame.from_dict(g.to_dict(), is_word=fake_is_word)
    g.apply(2, Pass())
    assert json.dumps(data, sort_keys=True) == frozen, "the save changed with the game"
    assert clone.to_act() == [2, 3], "the loaded game moved with the original"


def test_from_dict_rejects_a_broken_state() -> None:
    g = rig(["Ba Cr", "Dr Fr", "Gr Jr"], "Mv")
    good = g.to_dict()
    missing = json.loads(json.dumps(good))
    missing["deck"].pop()
    with pytest.raises(ValueError):
        CastanaGame.from_dict(missing)
    doubled = json.loads(json.dumps(good))
    doubled["hands"][0][0] = doubled["hands"][1][0]
    with pytest.raises(ValueError):
        CastanaGame.from_dict(doubled)
    extra = json.loads(json.dumps(good))
    extra["hands"][2].append("Ña")
    with pytest.raises(ValueError):
        CastanaGame.from_dict(extra)
    bad_phase = json.loads(json.dumps(good))
    bad_phase["phase"] = "nap"
    with pytest.raises(ValueError):
        CastanaGame.from_dict(bad_phase)
    CastanaGame.from_dict(json.loads(json.dumps(good)))  # the untouched copy loads


# ---------------------------------------------------------------------------
# Refusals change nothing


def test_illegal_actions_raise_and_change_nothing() -> None:
    g = rig(["Ba Cr Ea", "Dr Fr", "Gr Jr", "Kr Pr"], "Bv")
    refused(g, 1, Draw(), "not_your_turn")
    refused(g, 1, PlayCard("Dr"), "not_your_turn")
    refused(g, 0, PlayCard("Zv"), "card_not_in_hand")
    refused(g, 0, PlayCard("Bx"), "card_not_in_hand")
    refused(g, 0, PlayCard("Cr"), "no_match")
    refused(g, 0, PlayCard("Ea", colour="azul"), "no_match")
    refused(g, 0, PlayCard("Cr", colour="rosa"), "no_match")
    refused(g, 0, Pass(), "your_turn")
    refused(g, 0, Challenge(), "your_turn")
    refused(g, 0, PutHand(), "your_turn")
    refused(g, 0, Give("Ba"), "your_turn")
    refused(g, 0, object(), "unknown_action")  # type: ignore[arg-type]
    refused(g, 2, PlayCard("Ñv", colour="azul"), "not_now")
    # In a window
    g.apply(0, PlayCard("Ba"))
    refused(g, 0, Pass(), "not_your_turn")
    refused(g, 1, Pass(), "not_your_turn")
    refused(g, 2, Give("Gr"), "window_open")
    refused(g, 2, PlayCard("Ñv", colour="azul"), "card_not_in_hand")
    assert conserved(g)
