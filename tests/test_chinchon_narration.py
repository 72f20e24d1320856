"""Chinchón's text by job (issue 12): the narrator tells every event from the event as
the seat sees it, the seat's view and the names alone, and says what the adapter says;
the pure pieces import no clock, session or I/O."""

import pytest

from sobremesa import i18n
from sobremesa.core.cards import Card
from sobremesa.games.chinchon import narration
from sobremesa.games.chinchon import rules as r
from sobremesa.games.chinchon.bots import make_bot
from sobremesa.games.chinchon.ui import ChinchonAdapter
from sobremesa.settings import Settings
from sobremesa.ui.session import Table

NAMES = ["Tú", "Berta", "Carlos", "Dora"]
#: tables that between them make every kind of event: a chinchón or a seven-card
#: run, a rebuilt stock, reenganches taken and declined, eliminations, the end
TABLES = [
    (r.ChinchonOptions(players=2, deck=40, limit=70), 0),
    (r.ChinchonOptions(players=3, deck=48, limit=70, reenganche=True), 1),
    (r.ChinchonOptions(players=4, deck=40, limit=100, reenganche=True), 2),
    (r.ChinchonOptions(players=3, deck=40, limit=70, seven_run_wins=True), 0),
]
LISTENERS = (0, 1, None)  # the player's seat, a rival's seat, a spectator


def _adapter(game: r.ChinchonGame, listener: int | None) -> ChinchonAdapter:
    names = NAMES[: game.options.players]
    levels = [None if s == listener else "facil" for s in range(len(names))]
    return ChinchonAdapter(game, Table(list(names), listener, levels), {}, Settings())


def _play(options: r.ChinchonOptions, seed: int):
    """Seeded bot play: (the game, batches of events), each batch given to `on_batch`
    right after it happened (the views are the views after it)."""
    game = r.ChinchonGame(options, seed=seed)
    bots = {
        s: make_bot("dificil" if s % 2 else "facil", s, seed + s) for s in range(options.players)
    }
    yield game, list(game.opening_events)
    steps = 0
    while not game.is_over() and steps < 3000:
        seat = game.to_act()[0]
        events = game.apply(seat, bots[seat].choose(game.view(seat)))
        for s, bot in bots.items():
            for event in events:
                bot.observe(event.visible_to(s))
        yield game, events
        steps += 1


@pytest.mark.parametrize("language", ["es", "en"])
def test_every_event_is_told_as_the_adapter_tells_it(language):
    said: dict[int | None, set[str]] = {seat: set() for seat in LISTENERS}
    told_kinds: dict[int | None, set[str]] = {seat: set() for seat in LISTENERS}
    with i18n.using(language):
        for options, seed in TABLES:
            adapters = {}
            for game, events in _play(options, seed):
                if not adapters:
                    adapters = {seat: _adapter(game, seat) for seat in LISTENERS}
                for seat, adapter in adapters.items():
                    adapter.out_round = narration.went_out(adapter.out_round, events)
                    names = narration.Names(adapter.table.names, seat)
                    view = game.view(seat)
                    for event in events:
                        told = narration.narrate(
                            event.visible_to(seat), view, names, out_round=adapter.out_round
                        )
                        heard = adapter.describe(event)
                        told_kinds[seat].add(event.kind)
                        if not heard:
                            continue  # a lay-off with nothing to gain ends silently
                        said[seat].add(event.kind)
                        assert told.lines, (seat, event)
                        # The adapter adds its advice after the event's own lines.
                        assert heard[: len(told.lines)] == told.lines, (seat, event)
                        assert [getattr(x, "brief", x) for x in heard[: len(told.lines)]] == [
                            getattr(x, "brief", x) for x in told.lines
                        ]
                        if told.last_move is not None:
                            assert adapter.last_move == told.last_move
                            assert adapter.last_brief == told.last_brief
    every = set(r.EVENT_TYPES)
    for seat in LISTENERS:
        assert told_kinds[seat] == every, (seat, every - told_kinds[seat])
    assert said[0] | said[1] == every, every - said[0] - said[1]
    # What is said only to the seat it concerns, the spectator does not hear.
    assert {"dealt", "reenganche_offered"} & said[None] == set()


def test_a_rivals_turn_is_told_from_the_discard_alone():
    """The discard carries the card taken before it: no memory of the take."""
    game = r.ChinchonGame(r.ChinchonOptions(players=3, deck=40), seed=0)
    view = game.view(0)
    names = narration.Names(["Tú", "Pablo", "Ana"], 0)
    with i18n.using("es"):
        taken = r.Discarded(seat=1, card=Card("bastos", 12), taken=Card("copas", 3))
        [line] = narration.narrate(taken, view, names).lines
        assert line == "Pablo coge el 3 de copas y tira el rey de bastos."
        [line] = narration.narrate(taken, view, names, brief=True).lines
        assert line == "Pablo: 3 copas, tira rey bastos."
        drawn = r.Discarded(seat=2, card=Card("oros", 11))
        told = narration.narrate(drawn, view, names)
        assert told.lines == ["Ana roba del mazo y tira el caballo de oros."]
        assert told.last_move == told.lines[0]
    with i18n.using("en"):
        [line] = narration.narrate(taken, view, names).lines
        assert line.brief == "Pablo takes 3 cu, discards king cl"


def test_the_rules_say_which_discard_was_taken():
    """Seeded play: every discard and close by a seat that took from the pile names
    that card; after a draw from the stock, none."""
    took: dict[int, Card | None] = {}
    seen = 0
    for _game, events in _play(r.ChinchonOptions(players=3, deck=40, limit=70), 1):
        for event in events:
            if isinstance(event, r.TookDiscard):
                took[event.seat] = event.card
            elif isinstance(event, r.DrewStock):
                took[event.seat] = None
            elif isinstance(event, r.Discarded | r.Closed):
                assert event.taken == took.pop(event.seat)
                seen += event.taken is not None
    assert seen > 5


def test_the_final_standing_puts_the_last_out_first():
    """Who went out later ranks higher than who went out earlier with fewer points."""
    game = r.ChinchonGame(r.ChinchonOptions(players=3, deck=40, limit=70), seed=0)
    view = game.view(0)
    over = r.MatchOver(winner=1, pot=3, totals=(75, 40, 90), reason="last_standing")
    names = narration.Names(["Tú", "Pablo", "Ana"], 0)
    with i18n.using("es"):
        late = narration.narrate(over, view, names, out_round={0: 3, 2: 5}).lines
        assert late[1:] == ["Quedas tercero.", "Clasificación: 1 Pablo 40, 2 Ana 90, 3 tú 75."]
        early = narration.narrate(over, view, names, out_round={0: 5, 2: 3}).lines
        assert early[1:] == ["Quedas segundo.", "Clasificación: 1 Pablo 40, 2 tú 75, 3 Ana 90."]
    batch = [
        r.RoundScored(round_no=4, closer=1, chinchon=False, results=()),
        r.Eliminated(seat=2, total=90),
    ]
    assert narration.went_out({0: 2}, batch) == {0: 2, 2: 4}
    assert narration.went_out({0: 2, 2: 4}, [r.Reenganched(0, 80, 70, 4)]) == {2: 4}
