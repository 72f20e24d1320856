"""ABC ¡Castaña! levels and styles (issue 14): each documented trait on a constructed
position (docs/castana.md, "Rivales"). Strength is a benchmark, not a test:
benchmarks/bench_bots.py castana and benchmarks/bench_castana.py."""

from __future__ import annotations

import pytest
from test_castana_rules import rig

from sobremesa.core.match import play_out
from sobremesa.core.registry import GAMES
from sobremesa.games.castana import rules as r
from sobremesa.games.castana.bots import (
    LEVELS,
    REACTION_TIMES,
    STYLES,
    VOCABULARY,
    CastanaBot,
    bot_from_dict,
    make_bot,
)
from sobremesa.games.castana.rules import (
    Attacked,
    CastanaGame,
    Challenge,
    Drew,
    Pass,
    PlayCard,
    PlayWord,
    TurnLost,
    letter,
    word_of,
)
from sobremesa.games.castana.texts import STYLE_DESCRIPTIONS
from sobremesa.lexicon import default_lexicon
from sobremesa.lexicon.ranks import UNKNOWN, word_rank

SEEDS = range(40)


def only_word(top: str, hand: str) -> str:
    """The one word the real list makes from `top` with `hand` (checks the position)."""
    words = r.words_from(letter(top), hand.split(), default_lexicon("castana").spell)
    assert len(words) == 1, words
    return words[0]


def spelled(game: CastanaGame, action: object) -> str | None:
    return word_of(letter(game.top), action.cards) if isinstance(action, PlayWord) else None


# --- vocabulary by frequency rank ----------------------------------------------------


def test_each_level_knows_the_words_up_to_its_rank():
    assert VOCABULARY["facil"] < VOCABULARY["medio"] < VOCABULARY["dificil"] < UNKNOWN
    cases = {  # word: the levels that know it
        "casa": {"facil", "medio", "dificil"},  # rank 128
        "zoo": {"medio", "dificil"},  # about 13,000
        "furo": {"dificil"},  # about 98,000
        "murtal": set(),  # in the list, but wordfreq never saw it
        "moz": set(),  # made up
    }
    for word, levels in cases.items():
        for level in LEVELS:
            assert make_bot(level, 0).knows(word) == (level in levels), (word, level)
    assert word_rank("casa") < word_rank("zoo") < word_rank("furo") < word_rank("murtal")


@pytest.mark.parametrize(
    ("top", "hand", "knowing"),
    [
        ("Za", "Wv Or Yv Ov", {"medio", "dificil"}),  # ZOO: no card fits, only the word
        ("Fa", "Rv Zv Ov Ur", {"dificil"}),  # FURO
    ],
)
def test_a_level_plays_a_word_only_if_it_is_in_its_vocabulary(top, hand, knowing):
    word = only_word(top, hand)
    game = rig([hand, "Bv Cv Dv", "Gv Jv Kv"], top, referee=True)  # referee: no bluffs
    for level in LEVELS:
        for seed in range(10):
            action = make_bot(level, 0, seed).choose(game.view(0))
            if level in knowing:
                assert spelled(game, action) == word, (level, action)
            else:
                assert action == r.Draw(), (level, action)


# --- fácil: slow, and rarely steals --------------------------------------------------


def steal_window() -> CastanaGame:
    game = rig(["Ma Cv Dv", "Fv Gv", "Jv Kv", "Ar Lr Er"], "Mv")
    game.apply(0, PlayCard("Ma"))  # seat 3 may steal with MAL, MAR…
    assert 3 in game.view(3).stealers
    return game


def test_facil_rarely_steals_and_dificil_mostly_does():
    game = steal_window()
    steals = {
        level: sum(
            isinstance(make_bot(level, 3, seed).choose(game.view(3)), PlayWord)
            for seed in range(100)
        )
        for level in LEVELS
    }
    assert steals["facil"] <= 30 and steals["dificil"] >= 75, steals  # 20 % and 90 % by level
    assert steals["facil"] < steals["medio"] < steals["dificil"], steals


def test_facil_is_the_slowest_to_react():
    game = steal_window()
    times = {}
    for level in LEVELS:
        bot = next(
            make_bot(level, 3, seed)
            for seed in range(100)
            if isinstance(make_bot(level, 3, seed).choose(game.view(3)), PlayWord)
        )
        times[level] = bot.reaction_time(game.view(3))
        low, high = REACTION_TIMES[level]
        assert low <= times[level] <= high
    assert REACTION_TIMES["facil"][0] > REACTION_TIMES["medio"][1] - 0.5
    assert times["facil"] > times["dificil"]


# --- difícil keeps the Ñ for the right moment ----------------------------------------


def test_dificil_keeps_the_enie_while_no_rival_is_close():
    game = rig(["Ña Ba Ca Dv", "Fv Gv Hv Jv Kv Pv", "Fr Gr Hr Jr Kr Pr"], "Ma")
    for seed in SEEDS:
        action = make_bot("dificil", 0, seed).choose(game.view(0))
        assert isinstance(action, PlayCard) and letter(action.card) != "Ñ", action


def test_dificil_plays_the_enie_when_a_rival_is_about_to_go_out():
    game = rig(["Ña Ba Ca Dv", "Fv", "Fr Gr Hr Jr Kr Pr"], "Ma")
    for seed in SEEDS:
        action = make_bot("dificil", 0, seed).choose(game.view(0))
        assert isinstance(action, PlayCard) and letter(action.card) == "Ñ", action


def test_dificil_keeps_the_enie_as_its_last_card():
    """With the Ñ and one card that fits, it plays the card: the Ñ fits anything next
    turn. (The level used to throw the Ñ with two cards left.)"""
    game = rig(["Ña Ba", "Fv Gv Hv Jv Kv Pv", "Fr Gr Hr Jr Kr Pr"], "Ma")
    for seed in SEEDS:
        assert make_bot("dificil", 0, seed).choose(game.view(0)) == PlayCard("Ba")


def test_dificil_throws_the_enie_out_of_turn_when_a_rival_is_about_to_go_out():
    game = rig(["Ma Cv Dv", "Fv Gv", "Jv Kv Bv", "Ña Tr Er"], "Mv")
    game.apply(0, PlayCard("Ma"))  # seat 1 plays next with two cards left
    assert 3 in game.view(3).stealers
    action = make_bot("dificil", 3, 0).choose(game.view(3))
    assert isinstance(action, PlayCard) and letter(action.card) == "Ñ"


# --- difícil keeps the L and R for the right moment ----------------------------------


def heads_up_with_l(rival: str, **rigged) -> tuple[CastanaGame, CastanaBot]:
    game = rig(["La Ea Ba Cv", rival], "Ma", referee=True, **rigged)  # referee: no bluffs
    bot = make_bot("dificil", 0, 0)
    bot.pile = list(game.pile)  # it watched the table: it remembers the pile
    return game, bot


def test_dificil_attacks_when_the_next_player_cannot_answer():
    # The other two L are on the pile: the rival cannot hold one.
    game, bot = heads_up_with_l("Fv Gv Hv Jv Kv Pv", under="Lr Lv")
    assert bot.holds_chance(game.view(0), 1, "L") == 0.0
    assert bot.choose(game.view(0)) == PlayCard("La")


def test_dificil_keeps_its_l_when_the_next_player_surely_answers():
    # Everything unseen is in the rival's hand, the other two L with it.
    game, bot = heads_up_with_l("Fv Gv Lr Lv Kv Pv", rest_in="pile")
    assert bot.holds_chance(game.view(0), 1, "L") == 1.0
    action = bot.choose(game.view(0))
    assert isinstance(action, PlayCard) and letter(action.card) != "L", action


def test_dificil_remembers_who_had_to_draw_for_lack_of_an_l():
    """A small unseen pool: the rival likely holds the last L, so difícil keeps its L;
    once it has seen the rival draw 2 under an L attack, it attacks."""
    game, bot = heads_up_with_l("Fv Gv Hv Jv Kv Pv", rest_in="pile", under="Lr", draws="Lv Tv")
    chance = bot.holds_chance(game.view(0), 1, "L")
    assert chance > 0.5
    assert bot.choose(game.view(0)) != PlayCard("La")
    for event in (Attacked(1, "L"), Drew(1, 2, None, "attack"), TurnLost(1, "attack")):
        bot.observe(event)
    assert bot.holds_chance(game.view(0), 1, "L") < chance
    assert bot.choose(game.view(0)) == PlayCard("La")
    again = bot_from_dict(bot.to_dict())  # the memory is saved with the bot
    assert again.lacking == bot.lacking and again.choose(game.view(0)) == PlayCard("La")


def test_medio_and_facil_do_not_count_the_l():
    """medio sheds points: the E (3) before the L (2), whatever the rival can answer."""
    game, _ = heads_up_with_l("Fv Gv Hv Jv Kv Pv", under="Lr Lv")
    for seed in SEEDS:
        action = make_bot("medio", 0, seed).choose(game.view(0))
        assert isinstance(action, PlayCard) and letter(action.card) == "E", action


# --- doubting: difícil doubts the unlikely word --------------------------------------


def word_window(word_cards: tuple[str, ...], players: int, rest: str = "Bv Cv") -> CastanaGame:
    hands = [" ".join(word_cards) + " " + rest] + [
        ["Fv Gv Jv", "Fr Gr Jr", "Fa Ga Ja", "Pv Tv Vv", "Pr Tr Vr"][i] for i in range(players - 1)
    ]
    game = rig(hands, "Mv")
    need = r.needs_choice(word_cards[-1])
    game.apply(0, PlayWord(word_cards, colour="verde" if need == "colour" else None))
    assert game.view(1).word == word_of("M", word_cards)
    return game


def doubts(level: str, game: CastanaGame, style: str = "") -> bool:
    return isinstance(make_bot(level, 1, 0, style=style).choose(game.view(1)), Challenge)


def test_dificil_doubts_an_unknown_short_word_even_at_a_full_table():
    game = word_window(("Oa", "Zr"), 6)  # MOZ: made up, and it knows nearly all short words
    assert doubts("dificil", game)


def test_dificil_weighs_an_unknown_long_word_against_the_table():
    """MURELA (made up, but Spanish-looking): it knows only half the real words of six
    letters, so at six players (five cards if wrong) it lets it go; heads-up (one
    card) it doubts."""
    cards = ("Ua", "Rr", "Er", "La", "Aa")
    assert not doubts("dificil", word_window(cards, 6))
    assert doubts("dificil", word_window(cards, 2))


def test_dificil_doubts_an_unknown_word_that_ends_the_round():
    game = word_window(("Ua", "Rr", "Er", "La", "Aa"), 6, rest="")
    assert game.view(1).hand_sizes[0] == 0
    assert doubts("dificil", game)


def test_no_level_doubts_a_word_it_knows():
    game = word_window(("Aa", "Sr", "Aa"), 6)  # MASA, rank about 1,900
    for level in LEVELS:
        for style in ("", *STYLES[level]):
            for seed in SEEDS:
                bot = make_bot(level, 1, seed, style=style)
                assert not isinstance(bot.choose(game.view(1)), Challenge)


def test_dificil_doubts_a_word_that_does_not_look_spanish():
    game = word_window(("Xr", "Zr"), 6)  # MXZ
    assert doubts("dificil", game)


# --- styles ---------------------------------------------------------------------------


def test_styles_are_named_and_described():
    assert STYLES["facil"] == ()
    for level in ("medio", "dificil"):
        assert 2 <= len(STYLES[level]) <= 3
        for style in STYLES[level]:
            assert style.isascii() and style in STYLE_DESCRIPTIONS
            assert STYLE_DESCRIPTIONS[style].startswith(style + ":")
    with pytest.raises(ValueError):
        make_bot("facil", 0, style="atrevido")
    with pytest.raises(ValueError):
        make_bot("medio", 0, style="temerario")


def test_the_style_is_saved_with_the_bot():
    bot = make_bot("dificil", 2, 9, style="prudente")
    back = bot_from_dict(bot.to_dict())
    assert (back.level, back.style, back.seat, back.seed) == ("dificil", "prudente", 2, 9)
    assert "style" not in make_bot("medio", 0).to_dict()  # plain bots save as before


def test_atrevido_reacts_sooner_and_prudente_later():
    game = steal_window()
    for level in ("medio", "dificil"):
        seen = {}
        for style in ("", "prudente", "atrevido"):
            times = [
                bot.reaction_time(game.view(3))
                for seed in range(60)
                if isinstance(
                    (bot := make_bot(level, 3, seed, style=style)).choose(game.view(3)), PlayWord
                )
            ]
            seen[style] = (min(times), max(times))
        low, high = REACTION_TIMES[level]
        assert seen["atrevido"][1] < high and seen["prudente"][0] > low, seen


def no_word_turn() -> CastanaGame:
    # Nothing fits the J azul and no word starts J with these letters: draw, or bluff.
    return rig(["Ar Ir Nr Dr", "Bv Cv Dv", "Fv Gv Kv"], "Ja")


def bluffs(level: str, style: str) -> int:
    game = no_word_turn()
    count = 0
    for seed in range(200):
        action = make_bot(level, 0, seed, style=style).choose(game.view(0))
        if isinstance(action, PlayWord):
            assert not default_lexicon("castana").is_word(spelled(game, action))
            count += 1
        else:
            assert action == r.Draw()
    return count


def test_prudente_never_bluffs_atrevido_does_and_plain_dificil_never():
    assert not r.words_from("J", ["A", "I", "N", "D"], default_lexicon("castana").spell)
    assert bluffs("medio", "prudente") == bluffs("dificil", "prudente") == 0
    assert bluffs("dificil", "") == 0
    assert bluffs("medio", "atrevido") > bluffs("medio", "") > 0
    assert bluffs("dificil", "atrevido") > 0


def test_atrevido_doubts_more_readily_and_prudente_less():
    """A made-up five-letter word at six players: plain difícil lets it go, the
    atrevido doubts it; a made-up short word is doubted by all but the prudente
    medio now and then."""
    game = word_window(("Aa", "Rr", "Er", "La"), 6)  # MAREL
    assert not doubts("dificil", game)
    assert doubts("dificil", game, "atrevido")
    game = word_window(("Oa", "Zr"), 6)  # MOZ
    shares = {
        style: sum(
            isinstance(make_bot("medio", 1, seed, style=style).choose(game.view(1)), Challenge)
            for seed in range(200)
        )
        for style in ("", "prudente", "atrevido")
    }
    assert shares["prudente"] < shares[""] < shares["atrevido"], shares


# --- memory: the public pile only ------------------------------------------------------


def test_the_remembered_pile_follows_the_table_and_needs_no_hidden_card():
    """Bots playing through the table runner remember the pile exactly; a twin that
    sees only the spectator's events (no private card at all) remembers the same."""
    entry = GAMES["castana"]
    lexicon = entry.load_lexicon()
    game = entry.new_game(3, 5, lexicon=lexicon)
    bots = [entry.make_bot("dificil", s, 5, lexicon=lexicon) for s in range(3)]
    twin = make_bot("dificil", 0, 0, lexicon=lexicon)
    for event in game.opening_events:
        twin.observe(event.visible_to(None))
    checked = 0

    class Watching:
        """Checks, whenever the bot at seat 0 decides, that its memory is the pile."""

        def __init__(self, bot):
            self.bot = bot

        def __getattr__(self, name):
            return getattr(self.bot, name)

        def observe(self, event):
            self.bot.observe(event)
            if self.bot.seat == 0:
                twin.observe(event.visible_to(None))

        def choose(self, view):
            nonlocal checked
            if self.bot.seat == 0:
                assert self.bot.pile == game.pile == twin.pile
                checked += 1
            return self.bot.choose(view)

    play_out(game, [Watching(b) for b in bots], reaction_time=entry.bot_reaction_time)
    assert checked > 20


def test_a_bot_that_sat_down_mid_round_plays_without_memory():
    game = rig(["La Ea Ba Cv", "Fv Gv Hv Jv Kv Pv"], "Ma", under="Lr Lv")
    bot = make_bot("dificil", 0, 0)
    assert bot.seen(game.view(0)) == [game.top]  # no memory: only the top card counts
    action = bot.choose(game.view(0))
    game.apply(0, action)
    assert not isinstance(action, Pass)
