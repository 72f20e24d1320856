"""Typed lines for a Chinchón match through the real entry point, found by playing
the same seed in process: a bot decides the player's moves, and the search stops at
the moment a test wants (the lines then replay exactly, the game being seeded)."""

from sobremesa.games.chinchon import rules as r
from sobremesa.games.chinchon import ui
from sobremesa.games.chinchon.bots import make_bot
from sobremesa.settings import Settings

SUITS = {"oros": "oros", "copas": "copas", "espadas": "espadas", "bastos": "bastos"}


def card_words(card):
    return f"{card.rank} {SUITS[card.suit]}"


def typed(action):
    if isinstance(action, r.DrawStock):
        return ["robar"]
    if isinstance(action, r.TakeDiscard):
        return ["coger"]
    if isinstance(action, r.Discard):
        return [f"descartar {card_words(action.card)}"]
    if isinstance(action, r.Close):
        return [f"cerrar {card_words(action.card)}"]
    if isinstance(action, r.LayOff):
        return [f"colocar {card_words(action.card)} en {action.meld_index + 1}"]
    if isinstance(action, r.FinishLayOff):
        return ["listo"]
    if isinstance(action, r.Reenganche):
        return ["si" if action.accept else "no"]
    raise AssertionError(action)


def script_until(
    seed, stop, *, limit=70, rivals=2, reenganche=False, level="medio", rivals_level=None
):
    """(lines, adapter): the typed lines up to the first moment the player is to act
    and `stop(adapter)` is true (None if the match ends first). An empty line after
    each round's scores answers the round's gate (elsewhere it only reads the state).
    `level`: the bot that plays the player's moves; `rivals_level`: the rivals' level
    (None: the default, as the entry point without --nivel)."""
    settings = Settings()
    settings.chinchon.limit = limit
    settings.chinchon.rivals = rivals
    settings.chinchon.reenganche = reenganche
    if rivals_level is not None:
        settings.chinchon.level = rivals_level
    adapter = ui.new_adapter(settings, seed=seed, spectator=False)
    game = adapter.game
    me = make_bot(level, 0, rng_seed=seed)
    for event in game.opening_events:
        me.observe(event.visible_to(0))
    adapter.observe(game.opening_events)
    adapter.describe_events(game.opening_events)
    lines = []
    while not game.is_over():
        seat = game.to_act()[0]
        if seat == 0:
            if stop(adapter):
                return lines, adapter
            action = me.choose(game.view(0))
            if isinstance(action, r.Close) and adapter._close_danger(action.card):
                lines.append(typed(action)[0])  # asked again: the close takes me out
            lines += typed(action)
        else:
            action = adapter.bot_action(seat)
        events = game.apply(seat, action)
        while True:
            adapter.observe(events)
            for event in events:
                me.observe(event.visible_to(0))
            adapter.describe_events(events)
            if any(isinstance(e, r.RoundScored) for e in events) and not game.is_over():
                lines.append("")
            if adapter.automatic is None:
                break
            # As the session does: what the game plays for the player (nothing left
            # to lay off) goes to the table once the batch has been told.
            automatic, adapter.automatic = adapter.automatic, None
            events = game.apply(0, automatic)
    return None, adapter
