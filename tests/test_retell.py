"""Saves hold the table's log, not text (issue 12): on `continuar` the history,
the last play and what an open window holds are told again from the log, in the
reader's language. The retelling must be what was said when the game was played."""

import itertools
import json

import pytest
from test_chinchon_ui import TURN, Console

from sobremesa import i18n
from sobremesa.core.registry import GAMES, entry
from sobremesa.settings import Settings
from sobremesa.ui.announcer import Announcer
from sobremesa.ui.retell import retell
from sobremesa.ui.session import Session


def played(game_id, seed, *, spectator, script=(), stop=None):
    """A game through the real Session (scripted input); returns the session."""
    settings = Settings()
    if game_id == "chinchon":
        settings.chinchon.limit = 70
    module = entry(game_id).adapter_module()
    adapter = module.new_adapter(settings, seed=seed, spectator=spectator)
    lines = itertools.islice(itertools.cycle(script), stop) if script else iter(())
    console = Console(lines)
    session = Session(adapter, console, Announcer(console), 0)
    adapter.start(session)
    session.run()
    return session


def retold(session, language=None):
    adapter = session.adapter
    data = json.loads(json.dumps(session.match.table_to_dict(), allow_nan=False))
    with i18n.using(language or i18n.language()):
        module = entry(adapter.game_id).adapter_module()
        shadow = module.restore_adapter(
            Settings(),
            {"state": data["opening"], "table": adapter.table.to_dict(), "bots": [], "extra": {}},
        )
        return retell(shadow, data, entry(adapter.game_id).rules().action_from_dict)


def narration(session):
    """What the session narrated about the table (the history, less the ending)."""
    lines = list(session.announcer.history.lines())
    ending = session.adapter.ending()
    return lines[: len(lines) - len(ending)] if session.adapter.game.is_over() else lines


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_spectators_whole_game_is_told_again_as_it_was_said(game_id):
    session = played(game_id, 4, spectator=True)
    assert session.adapter.game.is_over()
    again = retold(session)
    assert again.lines == narration(session)
    assert again.last_move == session.adapter.last_move


# The player's own lines: a blunt script per game (windows answered, or not).
CABANGA = ["jugar pos 1 izquierda", "jugar pos 1 derecha", "cabanga", "paso", "mano"]


@pytest.mark.parametrize(
    ("game_id", "script"), [("chinchon", TURN), ("cabanga", CABANGA)], ids=["chinchon", "cabanga"]
)
def test_a_players_game_is_told_again_with_their_own_cards(game_id, script):
    session = played(game_id, 2, spectator=False, script=script, stop=len(script) * 60)
    again = retold(session)
    assert any(line.startswith("Tus cartas") for line in again.lines)
    assert again.lines == narration(session)
    assert again.last_move == session.adapter.last_move


def test_told_again_in_the_readers_language():
    session = played("cabanga", 3, spectator=True)
    spanish = retold(session, "es").lines
    english = retold(session, "en").lines
    assert len(spanish) == len(english) and spanish != english
    assert any(" plays " in line for line in english)
    assert not any(" juega " in line for line in english)


def test_a_log_that_does_not_replay_is_refused():
    session = played("cabanga", 3, spectator=True)
    data = session.match.table_to_dict()
    data["played"][5][2] = data["played"][6][2]  # another move than the one logged
    module = entry("cabanga").adapter_module()
    shadow = module.restore_adapter(
        Settings(),
        {
            "state": data["opening"],
            "table": session.adapter.table.to_dict(),
            "bots": [],
            "extra": {},
        },
    )
    with pytest.raises(Exception):  # noqa: B017 - an illegal move or a ValueError: refused
        retell(shadow, data, entry("cabanga").rules().action_from_dict)
