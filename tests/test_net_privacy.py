"""Privacy on the wire: what a real server sends each client is that seat's own.

Two program clients and one server bot play a whole game of each game over the
real protocol, and a third client watches (`mirar`). Every raw frame each client
received is then checked against the table's own record: the game is played
again from the server's write-ahead log (its opening and its moves), so the
events and the views every seat should have been sent are known exactly. An
event's private fields (a card drawn, a hand dealt) reach only its own seat; a
view holds only the seat's own hand; a card another seat drew privately never
appears in the frames of that batch; a spectator gets only public deliveries.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from netplay import BotPlayer, running_server
from test_net_games import play_both, seat_two

from sobremesa.core.match import Match
from sobremesa.core.policy import ReactionPolicy
from sobremesa.core.registry import GAMES, entry
from sobremesa.net.wal import read_log

#: The view field with the seat's own cards, per game (its View class).
OWN_HAND = {"chinchon": "hand", "cabanga": "hand", "castana": "hand", "palabras": "rack"}


def norm(value: Any) -> Any:
    """As it is after crossing the wire (tuples are lists, and so on)."""
    return json.loads(json.dumps(value))


def leaves(value: Any) -> set[str]:
    """Every string in a JSON value (card codes are strings)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(leaves(v) for v in value.values())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*(leaves(v) for v in value)) if value else set()
    return set()


class Oracle:
    """The table played again from its log: every event unfiltered, and every
    seat's (and a spectator's) view after every batch."""

    def __init__(self, data: Path, code: str, game_id: str) -> None:
        records = read_log(data / "mesas" / f"{code}.wal")
        opening = [r["inicio"] for r in records if "inicio" in r][-1]
        moves = [r["j"] for r in records if "j" in r]
        game_entry = entry(game_id)
        lexicon = game_entry.load_lexicon() if game_entry.lexicon else None
        # The same deal again from the table's seed (a game restored from its opening
        # state has no opening events to replay from).
        config = [r["mesa"] for r in records if "mesa" in r][-1]["opciones"]
        game = game_entry.new_game(config["asientos"], config["semilla"], lexicon=lexicon)
        assert norm(game.to_dict()) == norm(opening)
        self.seats = game.num_seats
        # Every seat a person's: the replay makes every seat's view of every batch.
        match = Match(game, ["human"] * self.seats, {}, policy=ReactionPolicy(pace=0.0))
        self.views: dict[tuple[int, int | None], Any] = {}
        match.listeners.append(
            lambda d: self.views.__setitem__((d.seq, d.seat), norm(d.view.to_dict()))
        )
        match.start(0.0)
        match.replay(moves, game_entry.rules().action_from_dict)
        assert game.is_over()
        self.log = [logged.event for logged in match.log]

    def batch(self, seq: int, count: int) -> list[Any]:
        return self.log[seq - count : seq]


def watch_out(watcher: BotPlayer, timeout: float = 60.0) -> None:
    """A spectator to the end: it presses Enter at the gates (the end of a round)
    that a program seat's `BotPlayer` answers only for a seat."""

    def done(frame: dict[str, Any]) -> bool:
        if frame["t"] == "pide" and frame.get("puerta"):
            watcher.line("")
        return frame["t"] == "fin"

    watcher.until(done, timeout)


def check_client(
    oracle: Oracle, game_id: str, seat: int | None, raw: list[str], *, from_start: bool
) -> int:
    """Every delivery this client got is exactly its seat's: returns how many."""
    frames = [json.loads(r) for r in raw]
    deliveries = [f for f in frames if f["t"] == "entrega"]
    assert deliveries, "no delivery reached the client"
    own = OWN_HAND[game_id]
    previous = 0 if from_start else deliveries[0]["seq"] - len(deliveries[0]["eventos"])
    for frame in deliveries:
        seq, got = frame["seq"], frame["eventos"]
        where = f"seat {seat}, delivery seq {seq}"
        # Batches follow one another: nothing skipped, nothing told twice.
        assert seq - len(got) == previous, f"{where}: starts at {seq - len(got)}, not {previous}"
        previous = seq
        batch = oracle.batch(seq, len(got))
        # The events are what visible_to(seat) shows: private fields only for their seat.
        assert got == [norm(e.visible_to(seat).to_dict()) for e in batch], where
        for event, shown in zip(batch, got, strict=True):
            for name in type(event).private:
                if getattr(event, "seat", None) == seat:
                    assert shown[name] is not None, f"{where}: own {event.kind}.{name} hidden"
                else:
                    assert shown[name] is None, f"{where}: {event.kind}.{name} of another seat"
        # The view is the seat's own, the same as the table's.
        view = frame["vista"]
        assert view["seat"] == seat, where
        assert view == oracle.views[(seq, seat)], f"{where}: view differs from the table's"
        assert (view[own] is None) == (seat is None), f"{where}: {own} = {view[own]!r}"
        for key, value in view.items():
            if key == own or not any(word in key for word in ("hand", "rack")):
                continue
            if key == "final_racks" and view.get("is_over"):
                continue  # Palabras shows every rack once the game is over
            assert all(isinstance(v, int) for v in value), f"{where}: {key} = {value!r}"
        # A card another seat drew privately in this batch is nowhere in this frame
        # (unless this seat may see it anyway: its own hand, the table).
        allowed = leaves(view) | leaves(got)
        for event in batch:
            if getattr(event, "seat", None) == seat:
                continue
            for name in type(event).private:
                secret = norm(event.to_dict()[name])
                hidden = leaves(secret) - allowed
                leaked = hidden & leaves(frame)
                assert not leaked, f"{where}: {event.kind} of seat {event.seat} shows {leaked}"
    return len(deliveries)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", list(GAMES))
def test_each_client_receives_only_its_own_seat(tmp_path: Path, game_id: str) -> None:
    with running_server(tmp_path) as server:
        ana, beto, code = seat_two(server.url, game_id)
        ana.line("empezar")
        ana.until(lambda f: f["t"] == "entrega")
        vera = BotPlayer(server.url, game_id, "Vera")
        vera.open()
        vera.until(lambda f: f["t"] == "pide")
        vera.line(f"mirar {code}")
        try:
            play_both(ana, beto)
            watch_out(vera)
        finally:
            for client in (ana, beto, vera):
                client.close()
        oracle = Oracle(tmp_path, code, game_id)
        assert ana.seat is not None and beto.seat is not None
        assert check_client(oracle, game_id, ana.seat, ana.raw, from_start=True) > 5
        assert check_client(oracle, game_id, beto.seat, beto.raw, from_start=True) > 5
        assert check_client(oracle, game_id, None, vera.raw, from_start=False) > 0
        # The spectator's deliveries are public: no private field of any event is set.
        for frame in (json.loads(r) for r in vera.raw):
            if frame["t"] != "entrega":
                continue
            for shown in frame["eventos"]:
                event_class = type(entry(game_id).game_class.event_from_dict(shown))
                assert all(shown[name] is None for name in event_class.private), shown
        assert "Traceback" not in "".join(server.output)
