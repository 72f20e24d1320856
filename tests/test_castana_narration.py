"""ABC ¡Castaña! told by a pure narrator (issue 12): over seeded games every event
kind is narrated from the event as the seat may see it, that seat's view and the
names (and an `Aside`), for the player, a rival and a spectator, in Spanish and
English; the lines are those the adapter says for the same event. The reading
commands and the finishing of a half-made play work from a view without a game."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from sobremesa import i18n
from sobremesa.games.castana import reading, ui
from sobremesa.games.castana import rules as r
from sobremesa.games.castana.bots import LEVELS, make_bot
from sobremesa.games.castana.commands import complete_play
from sobremesa.games.castana.narration import Aside, narrate
from sobremesa.lexicon import default_lexicon
from sobremesa.settings import Settings
from sobremesa.ui.session import Table
from sobremesa.ui.told import Names

KINDS = {cls.kind for cls in r.CastanaEvent.__subclasses__()}
SEATS = (0, 1, None)  # the player, a rival, a spectator
SEEDS = (1, 4)  # between them every kind (1 alone: all but a reshuffle; DeckEmpty is hand-made)


def _adapters(seed: int) -> list[ui.CastanaAdapter]:
    """A seeded game of 2 to 6 (seat 0 warned before a steal); an adapter listening
    at each of SEATS."""
    n = 2 + seed % 5
    lexicon = default_lexicon("castana")
    options = r.CastanaOptions(players=n, protected=tuple(s == 0 for s in range(n)))
    game = r.CastanaGame(options, seed, is_word=lambda w: w.lower() in lexicon)
    names = [f"Rival {s}" for s in range(n)]
    adapters = []
    for human in SEATS:
        table = Table(names, human, [None] * n)
        adapter = ui.CastanaAdapter(game, table, {}, Settings(), lexicon)
        adapter.clock = lambda: 0.0
        adapters.append(adapter)
    return adapters


def _can_steal(adapter: ui.CastanaAdapter, view: r.CastanaView) -> bool:
    """From the view and the word list, not from the adapter's own answer."""
    seat = view.seat
    if seat is None or seat not in view.to_act or seat not in view.stealers:
        return False
    return bool(r.words_from(view.top_letter, view.hand or (), adapter.lexicon.spell))


def _told(
    adapter: ui.CastanaAdapter, event: r.CastanaEvent, stands: bool, asked: dict
) -> list[tuple]:
    """The pure narrator's lines for `event` at the adapter's seat (with their brief
    forms). `asked[seat]`: the seat was asked in the open window, kept here from
    what was told (a window's question or a warning asks; a new window, a told
    pass or timeout ends it)."""
    seat = adapter.table.human
    view = adapter.game.view(seat)
    seen = event.visible_to(seat)
    opened = isinstance(seen, r.WindowOpened)
    if opened:
        asked[seat] = False
    aside = Aside(
        order=adapter.order,
        if_it_stands=stands,
        asked=asked.get(seat, False),
        can_steal=opened and _can_steal(adapter, view),
    )
    told = narrate(seen, view, Names(adapter.table.names, seat), aside=aside)
    warned = isinstance(seen, r.StealWarned) and seat is not None and seen.target == seat
    if warned or (told.lines and isinstance(seen, r.WindowOpened)):
        asked[seat] = True
    elif told.lines and isinstance(seen, r.WindowClosed | r.Passed):
        asked[seat] = False
    return [(str(line), getattr(line, "brief", None)) for line in told.lines]


def _check(
    adapters: list[ui.CastanaAdapter], batch: list, asked: dict, said: Counter, heard: Counter
) -> None:
    stands = any(isinstance(e, r.WindowOpened) and e.word for e in batch)
    for adapter in adapters:
        adapter._if_it_stands = stands
        for event in batch:
            told = _told(adapter, event, stands, asked)
            says = adapter.describe(event)
            assert told == [(str(x), getattr(x, "brief", None)) for x in says], (
                event,
                adapter.table.human,
            )
            heard[event.kind, adapter.table.human] += 1
            if says:
                said[event.kind] += 1


def _play(seed: int, lang: str, said: Counter, heard: Counter) -> None:
    """Bots of every level at every seat, windows closed now and then by the clock
    (what the adapter's player was asked in them times out)."""
    adapters = _adapters(seed)
    game = adapters[0].game
    bots = [make_bot(LEVELS[(seed + s) % 3], s, seed * 10 + s) for s in range(game.num_seats)]
    rng = random.Random(seed)
    batch = list(game.opening_events)
    asked: dict = {}
    with i18n.using(lang):
        while True:
            _check(adapters, batch, asked, said, heard)
            if game.is_over():
                break
            if game.in_window() and rng.random() < 0.1:
                batch = game.close_window()
                continue
            seat = rng.choice(game.to_act())
            batch = game.apply(seat, bots[seat].choose(game.view(seat)))
        # Nothing left to draw is rare in real games: told at the end.
        _check(adapters, [r.DeckEmpty(seat=1)], asked, said, heard)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_kind_is_told_as_the_adapter_tells_it(lang):
    said: Counter = Counter()
    heard: Counter = Counter()
    for seed in SEEDS:
        _play(seed, lang, said, heard)
    for kind in KINDS:
        for seat in SEATS:
            assert heard[kind, seat], (kind, seat)
    assert KINDS - set(said) == set(), KINDS - set(said)  # each says something to someone


def test_english_is_told_in_english():
    game = _adapters(0)[0].game
    dealt = next(e for e in game.opening_events if isinstance(e, r.Dealt) and e.seat == 0)
    with i18n.using("en"):
        told = narrate(dealt.visible_to(0), game.view(0), Names(["Ana", "Luis"], 0))
    assert told.lines and told.lines[0].startswith("Your cards")


def _view(**changes) -> r.CastanaView:
    """A view of seat 0 at a table of three, built by hand: no game behind it."""
    view = r.CastanaView(
        seat=0,
        hand=("Ar", "Sa", "Mv"),
        hand_sizes=(3, 5, 1),
        top="Mr",
        colour="rojo",
        deck_size=40,
        pile_size=9,
        phase="turn",
        current=0,
        attack=None,
        to_act=(0,),
        discarder=None,
        next_seat=None,
        stealers=(),
        challengers=(),
        word=None,
        warned=False,
        race_seat=None,
        race_order=(),
        challenger=None,
        totals=(4, 0, 12),
        round_no=2,
        referee=False,
        protected=(False, False, False),
    )
    return dataclasses.replace(view, **changes)


NAMES = Names(["Ana", "Luis", "Marta"], 0)


def test_a_vowel_asks_its_colour_on_the_players_turn_and_takes_it_typed():
    asked = complete_play({"kind": "card", "card": "Ar"}, [], _view(), NAMES)
    assert asked.need == "colour" and asked.action is None
    assert asked.lines == ["¿Qué color sigue? Azul, rojo o verde."]
    done = complete_play({"kind": "card", "card": "Ar"}, ["verde"], _view(), NAMES)
    assert done.action == r.PlayCard("Ar", colour="verde") and not done.auto_chose


def test_out_of_turn_the_game_chooses_the_player_the_s_sends_to():
    # A window the player steals in: the S goes to the rival with most cards (Luis).
    window = _view(phase="window", current=None, to_act=(0,), stealers=(0,), next_seat=1)
    done = complete_play({"kind": "card", "card": "Sa"}, [], window, NAMES)
    assert done.auto_chose and done.action == r.PlayCard("Sa", target=1)
    named = complete_play({"kind": "card", "card": "Sa"}, ["mar"], _view(), NAMES)
    assert named.action == r.PlayCard("Sa", target=2)
    nobody = complete_play({"kind": "card", "card": "Sa"}, ["pepe"], _view(), NAMES)
    assert nobody.need == "seat"
    assert nobody.lines == ["No hay nadie llamado pepe. ¿Quién juega ahora? Luis o Marta."]


def test_reading_from_a_view_for_the_player_and_a_spectator():
    assert reading.score_lines(_view(), NAMES, 40) == [
        "Puntos: Tú 4, Luis 0, Marta 12. Se acaba al llegar a 40; gana quien tenga menos."
    ]
    spectator = Names(["Ana", "Luis", "Marta"], None)
    pending = reading.pending_text(_view(seat=None, hand=None), spectator)
    assert reading.turn_lines(_view(), pending) == ["Ronda 2. Arriba: M roja. Turno de Ana."]
    with i18n.using("en"):
        assert reading.hand_lines(("Ar", "Mv"), "letra")[0].startswith("2 cards")


@pytest.mark.parametrize(
    ("reason", "count", "yours", "theirs"),
    [
        ("turn", 1, "Robas M roja.", "Luis roba."),
        (
            "attack",
            2,
            "Robas 2 y pierdes el turno: M roja y A azul.",
            "Luis roba 2 y pierde el turno.",
        ),
        (
            "answer",
            4,
            "Robas 4 y pierdes el turno: M roja y A azul.",
            "Luis roba 4 y pierde el turno.",
        ),
        ("taken_back", 3, "Robas 3: M roja y A azul.", "Luis roba 3."),
        ("race", 2, "Robas M roja y A azul.", "Luis roba."),  # any other reason: as "turn"
    ],
)
def test_a_draw_is_told_by_its_reason_to_the_one_who_drew_and_to_the_others(
    reason, count, yours, theirs
):
    cards = ("Mr",) if count == 1 else ("Mr", "Aa")
    mine = narrate(r.Drew(0, count, cards, reason), _view(), NAMES).lines
    assert [str(line) for line in mine] == [yours]
    rivals = narrate(r.Drew(1, count, None, reason), _view(), NAMES).lines
    assert [str(line) for line in rivals] == [theirs]


def test_a_draw_is_told_in_english_too():
    with i18n.using("en"):
        mine = narrate(r.Drew(0, 2, ("Mr", "Aa"), "attack"), _view(), NAMES).lines
        rivals = narrate(r.Drew(1, 3, None, "taken_back"), _view(), NAMES).lines
    assert [str(line) for line in mine] == ["You draw 2 and lose your turn: M red and A blue."]
    assert [str(line) for line in rivals] == ["Luis draws 3."]
