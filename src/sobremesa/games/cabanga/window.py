"""The ¡Cabanga! window as the player lives it: the one short line that opens
it, the lines held back while the player may answer, and whether anyone could
throw (so "Nadie tira." means something).

`window_line` and `opened_by` are pure; `anyone_fits` reads the whole table
(every hand), so it is the adapter's to call, never the narrator's."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sobremesa.core.game import Event
from sobremesa.games.cabanga import rules as r
from sobremesa.games.cabanga import texts as t
from sobremesa.i18n import _
from sobremesa.ui.wording import WINDOW_WORDS, cards_text, join


def window_line(view: r.CabangaView, notify_fits: bool) -> str:
    """The player's window in one short line: the card that opened it, then
    what fits you: '¡Cabanga! Morado 2: te entra el 4.' (at most 8 words; the
    whole move line, who and the gap, follows the window)."""
    window = view.window
    assert window is not None
    opener = view.last_play  # the play that opened the window
    play = (
        t.card_text(opener.card).capitalize()
        if opener is not None
        else t.colour_name(window.colour).capitalize()
    )
    values = [c.value for c in view.fitting]
    if not notify_fits:
        return _("¡Cabanga! {play}: hueco {gap}.").format(
            play=play, gap=t.gap_short(window.low, window.high)
        )
    if len(values) == 1:
        return _("¡Cabanga! {play}: te entra el {value}.").format(play=play, value=values[0])
    # Named, so 'cabanga 12 14' can be typed at once, while the line keeps to
    # 8 words (heard before the window's clock starts); else how many (`jugadas`
    # names them).
    named = _("¡Cabanga! {play}: te entran {values}.").format(
        play=play, values=join([str(v) for v in values])
    )
    if len(named.split()) <= WINDOW_WORDS:
        return named
    return _("¡Cabanga! {play}: te entran {count}.").format(
        play=play, count=cards_text(len(values))
    )


def opened_by(events: Sequence[Event], index: int) -> r.CabangaOpened | None:
    """The window the play at `index` opened, later in the same batch (its
    `values`: the gap's cards not yet out at that moment); None for any other
    event, or a play that opened none."""
    if not isinstance(events[index], r.CardPlayed):
        return None
    for later in events[index + 1 :]:
        if isinstance(later, (r.CardPlayed, r.TurnStarted, r.RoundScored)):
            return None
        if isinstance(later, r.CabangaOpened):
            return later
    return None


def anyone_fits(game: r.CabangaGame, opened: r.CabangaOpened) -> bool:
    """Whether any seat that may answer holds a card for the gap (read from
    every hand: no seat's view has it)."""
    return any(game.fitting_cards(seat) for seat in opened.eligible)


@dataclass
class WindowWatch:
    """The adapter's window bookkeeping, kept between batches (and in saves)."""

    #: lines held back while the player's window is open: the move that opened it,
    #: and rivals' throws meanwhile; said when the player's part ends
    held: list[str] = field(default_factory=list)
    could_throw: bool = True  # someone held a card for the open window's gap
    auto_passed: bool = False  # "No te entra ninguna" said it: no "Pasas."


def split_batch(
    events: Sequence[Event],
    lines_of: Callable[[Event, r.CabangaOpened | None], list[Any]],
    pause_after: Callable[[Event], str | None],
    pause: Callable[[str], Any],
    in_window: bool,
) -> tuple[list[Any], list[Any]]:
    """A batch's lines in two: the window line (when the player's window is open
    after the batch) and everything else, with the pauses after rounds."""
    window: list[Any] = []
    items: list[Any] = []
    for i, event in enumerate(events):
        lines = lines_of(event, opened_by(events, i))
        if isinstance(event, r.CabangaOpened) and in_window:
            window.extend(lines)
        else:
            items.extend(lines)
        line = pause_after(event)
        if line:
            items.append(pause(line))
    return window, items
