"""On `continuar` at a terminal, rivals wait for Enter (`Pulsa Intro para seguir.`)
when they would play first: the recap is long, and without the pause they would wait,
silent, until all of it could have been heard (a playtester waited 20-25 s, thinking
the game had frozen). On the player's own turn there is nothing to wait for."""

from __future__ import annotations

from listening import Listener, make_session

from sobremesa.games.chinchon import ui
from sobremesa.settings import Settings

RESUME = "Pulsa Intro para seguir."


def chinchon_at(rivals_next: bool) -> ui.ChinchonAdapter:
    adapter = ui.new_adapter(Settings(), seed=4, spectator=False)
    game = adapter.game
    adapter.observe(game.opening_events)
    for _ in range(200):
        mine = 0 in game.to_act()
        if mine != rivals_next:
            return adapter
        seat = game.to_act()[0]
        action = game.legal_actions(seat)[0] if mine else adapter.bot_action(seat)
        adapter.observe(game.apply(seat, action))
    raise AssertionError("no such moment in 200 moves")


def test_resumed_before_a_rival_plays_waits_for_enter() -> None:
    adapter = chinchon_at(rivals_next=True)
    before = adapter.game.to_dict()
    # The player presses nothing: input ends at the pause.
    session, console, clock = make_session(adapter, Listener([], enter_at_gates=False), pace=1.0)
    assert session.run(resumed=True) == "saved"
    said = console.text()
    assert RESUME in said
    assert said.index("Partida recuperada.") < said.index(RESUME)
    assert adapter.game.to_dict() == before, "no rival played before Enter"


def test_after_enter_the_rival_plays_at_the_pace() -> None:
    adapter = chinchon_at(rivals_next=True)
    session, console, clock = make_session(
        adapter, Listener([("", 0.5)], enter_at_gates=False), pace=1.0
    )
    session.run(resumed=True)
    enter_at = console.typed[0][0]
    moves = [p for p in console.printed if p.at > enter_at and not p.answer]
    assert moves, "a rival played after Enter"
    # Enter cut the recap's speech: the rival waits the pace, not the recap.
    assert moves[0].at - enter_at <= 1.0 + 1e-9


def test_resumed_on_the_players_turn_asks_nothing() -> None:
    adapter = chinchon_at(rivals_next=False)
    session, console, clock = make_session(adapter, Listener([], enter_at_gates=False))
    session.run(resumed=True)
    assert RESUME not in console.text()
