"""Chinchón at the console: prompts short enough to be heard after every answer (and a
status on the braille line when asked for), and brief forms of every move line."""

import itertools
import re

import pytest

from sobremesa import i18n
from sobremesa.core.cards import Card
from sobremesa.games.chinchon import narration, texts, ui
from sobremesa.games.chinchon import rules as r
from sobremesa.settings import Settings
from sobremesa.ui import wording
from sobremesa.ui.announcer import Announcer, Said
from sobremesa.ui.session import Session

# A blunt strategy that works in every phase (as in test_cli_scripted): draw, close
# if allowed, else discard the last card, finish laying off, decline the reenganche.
TURN = ["robar", "cerrar", "descartar p8", "listo", "no"]


class Console:
    interactive = False

    def __init__(self, lines):
        self.out = []
        self.prompts = []
        self.lines = iter(lines)

    def say(self, line, *, answer=False):
        self.out.append(line)

    def set_prompt(self, text):
        self.prompts.append(text)

    def close(self):
        pass

    def get_line(self, timeout=None):
        return next(self.lines, None)


def play(seed, *, spectator=False, status=False, rivals=2, turns=600, end="over"):
    settings = Settings()
    settings.chinchon.limit = 70
    settings.chinchon.rivals = rivals
    adapter = ui.new_adapter(settings, seed=seed, spectator=spectator)
    console = Console(itertools.islice(itertools.cycle(TURN), len(TURN) * turns))
    session = Session(adapter, console, Announcer(console), 0, status_prompt=status)
    adapter.start(session)
    assert session.run() == end
    return adapter, console


SPEECH = {
    "Roba> ",
    "Descarta> ",
    "Descarta o cierra> ",
    "Coloca o listo> ",
    "Sí o no> ",
    "Espera> ",
    "Mirando> ",
    "Fin> ",
}
MOVE = re.compile(
    r"(Robas|Coges|Tiras|Cierras|¡Chinchón! Cierras|Bajas|Colocas|Terminas de colocar)\b"
    r"|(¡)?({names}) (roba|coge|baja|coloca|no coloca nada|termina de colocar|: )"
)


@pytest.mark.parametrize("language", ["es", "en"])
@pytest.mark.parametrize("status", [False, True])
@pytest.mark.slow
def test_every_prompt_fits_30_cells_over_whole_matches(language, status):
    i18n.set_language(language)
    seen = set()
    for seed, spectator, rivals in ((5, False, 2), (6, False, 3), (7, True, 3), (8, False, 1)):
        adapter, console = play(seed, spectator=spectator, status=status, rivals=rivals)
        prompts = set(console.prompts)
        seen |= prompts
        for prompt in prompts:
            assert len(prompt) <= 30 and prompt.endswith("> "), prompt
        if language != "es":
            continue
        if not status:
            allowed = {"Mirando> ", "Fin> "} if spectator else SPEECH
            assert prompts <= allowed, prompts - allowed
            continue
        names = "|".join(adapter.table.names)
        for prompt in prompts - {"Fin> ", "Mirando> ", "Espera> "}:
            # The player's own turn: what to do and the card that decides it; the
            # rivals' turns and the spectator: whose turn and the last move, who and
            # what first.
            assert re.match(
                rf"(Roba|Descarta|Cierra o tira|Coloca o listo|¿Reenganche\?)"
                rf"|((Juega|Coloca|Decide) ({names})(; |(?=> )))?"
                rf"({names}|Tiras|Cierras|Haces|Colocas|Coges|Robas|> )",
                prompt,
            ), prompt
    if language == "es" and status:
        assert any(re.fullmatch(r"Roba o coge \S+ \w\w> ", p) for p in seen)
        assert any(re.fullmatch(r"Descarta \(\+\S+ \w\w\)> ", p) for p in seen)
        assert any(re.fullmatch(r"Juega \w+; \w+ tira \S+ \w\w> ", p) for p in seen)
    if language == "es" and not status:
        assert {"Roba> ", "Descarta> ", "Espera> ", "Mirando> "} <= seen


@pytest.mark.parametrize("language", ["es", "en"])
@pytest.mark.slow
def test_every_move_line_has_a_brief_form_of_40_cells(language):
    i18n.set_language(language)
    for seed, spectator in ((5, False), (7, True)):
        adapter, console = play(seed, spectator=spectator, rivals=3)
        said = [line for line in console.out if isinstance(line, Said)]
        assert len(said) > 30
        for line in said:
            assert 0 < len(line.brief) <= 40, line.brief
            assert len(line.brief) <= len(line), line
        if language != "es":
            continue
        names = "|".join(adapter.table.names)
        pattern = re.compile(MOVE.pattern.format(names=names))
        moves = [line for line in console.out if pattern.match(line)]
        assert len(moves) > 30
        assert not [line for line in moves if not isinstance(line, Said)]
        for line in moves:  # who and what first
            assert re.match(
                rf"({names}|Robas|Coges|Tiras|Cierras|Haces|Bajas|Colocas|Terminas)\b",
                line.brief,
            ), line.brief


def tell(event, language="es", names=("Tú", "Pablo", "Ana")):
    """The pure narrator, seat 0 listening, on a three-player table of 40 cards."""
    i18n.set_language(language)
    view = r.ChinchonGame(r.ChinchonOptions(players=3, deck=40)).view(0)
    return narration.narrate(event.visible_to(0), view, narration.Names(list(names), 0))


def test_brief_forms_of_a_rival_turn():
    assert tell(r.TookDiscard(seat=1, card=Card("copas", 3), new_top=None)).lines == []
    told = tell(r.Discarded(seat=1, card=Card("bastos", 12), taken=Card("copas", 3)))
    [line] = told.lines
    assert line == "Pablo coge el 3 de copas y tira el rey de bastos."
    assert line.brief == "Pablo coge 3 co, tira rey ba"
    assert told.last_brief == ["Pablo coge 3 co, tira rey ba", "Pablo tira rey ba"]
    assert tell(r.DrewStock(seat=2, card=None, stock_count=20)).lines == []
    [line] = tell(r.Discarded(seat=2, card=Card("oros", 11))).lines
    assert (line, line.brief) == (
        "Ana roba del mazo y tira el caballo de oros.",
        "Ana tira caballo or",
    )
    [line] = tell(r.DrewStock(seat=0, card=Card("espadas", 1), stock_count=19)).lines
    assert (line, line.brief) == ("Robas el as de espadas.", "Robas as es")
    [line] = tell(r.Discarded(seat=0, card=Card("espadas", 10))).lines
    assert (line, line.brief) == ("Tiras la sota de espadas.", "Tiras sota es")
    event = r.Discarded(seat=1, card=Card("bastos", 12), taken=Card("copas", 3))
    [line] = tell(event, "en").lines
    assert line.brief == "Pablo takes 3 cu, discards king cl"


def test_brief_forms_of_a_close():
    run = (Card("oros", 3), Card("oros", 4), Card("oros", 5))
    sevens = (Card("oros", 7), Card("copas", 7), Card("bastos", 7))
    event = r.Closed(
        seat=1,
        melds=(run, sevens),
        loose_cards=(Card("copas", 2),),
        loose_points=2,
        chinchon=False,
        facedown=None,
        seven_run=False,
    )
    told = tell(event)
    first, second = told.lines
    assert first == "Pablo roba del mazo y cierra con 2 puntos sueltos."
    assert first.brief == "Pablo cierra con 2 puntos"
    assert second == (
        "Pablo baja: 1, escalera de oros: 3, 4 y 5; 2, grupo de sietes: oros, copas y bastos."
        " Sueltas: 2 de copas."
    )
    assert second.brief == "Pablo baja: or 3-5; 3 sietes"  # 40 cells: whole melds only
    assert told.last_brief == ["Pablo cierra con 2 puntos"]
    assert tell(event, names=("Tú", "Eva", "Ana")).lines[1].brief == (
        "Eva baja: or 3-5; 3 sietes; sueltas 2 co"
    )


def test_a_close_with_one_meld_does_not_number_it():
    sevens = (Card("oros", 7), Card("copas", 7), Card("bastos", 7))
    event = r.Closed(
        seat=1,
        melds=(sevens,),
        loose_cards=(Card("copas", 2),),
        loose_points=2,
        chinchon=False,
        facedown=None,
        seven_run=False,
    )
    second = tell(event).lines[1]
    assert second == "Pablo baja: grupo de sietes: oros, copas y bastos. Sueltas: 2 de copas."


def test_a_rival_who_lays_off_nothing_is_not_said_to_finish_laying_off():
    nothing = r.LayOffFinished(
        seat=1, melds=(), loose_cards=(Card("copas", 2),), laid_off=(), points=2
    )
    assert tell(nothing).lines == ["Pablo no coloca nada: 2 puntos."]
    assert tell(nothing).lines[0].brief == "Pablo no coloca: 2 puntos"
    some = r.LayOffFinished(
        seat=1, melds=(), loose_cards=(Card("copas", 2),), laid_off=(Card("oros", 7),), points=2
    )
    assert tell(some).lines == ["Pablo termina de colocar: 2 puntos."]


def test_status_prompt_shows_the_discard_and_the_card_drawn():
    settings = Settings()
    adapter = ui.new_adapter(settings, seed=5, spectator=False)
    game = adapter.game
    while game.to_act() != [0]:  # the bots move until it is my turn to draw
        seat = game.to_act()[0]
        adapter.describe_events(game.apply(seat, adapter.bot_action(seat)))
    view = game.view(0)
    assert adapter.prompt() == "Roba> "
    adapter.status_prompt = True
    top = texts.card_brief(view.discard_top)
    assert adapter.prompt() == f"Roba o coge {top}> "
    adapter.describe_events(game.apply(0, r.DrawStock()))
    drawn = adapter._drawn
    assert adapter.prompt() in (
        f"Descarta (+{texts.card_brief(drawn)})> ",
        f"Cierra o tira (+{texts.card_brief(drawn)})> ",
    )
    adapter.status_prompt = False
    assert adapter.prompt() in ("Descarta> ", "Descarta o cierra> ")


def test_the_last_brief_move_survives_a_save():
    adapter, _console = play(5, status=True, turns=3, end="saved")
    assert adapter.last_brief
    data = {
        "table": adapter.table.to_dict(),
        "state": adapter.game.to_dict(),
        "bots": adapter.bots_to_data(),
        "extra": adapter.extra_to_data(),
    }
    restored = ui.restore_adapter(Settings(), data)
    assert restored.last_brief == adapter.last_brief


def test_cut_and_fit_keep_the_decisive_words():
    assert wording.fit(28, "Pablo coge caballo es, tira caballo ba", "Pablo tira caballo ba") == (
        "Pablo tira caballo ba"
    )
    assert wording.cut("Mario baja: or as-4; 3 doses; sueltas 2 co, 5 es", 28) == (
        "Mario baja: or as-4; 3 doses"
    )
    assert wording.cut("Mario baja: or as-4; 3 doses; sueltas 2 co", 26) == "Mario baja: or as-4; 3"
    assert wording.cut("Pablo tira rey ba", 28) == "Pablo tira rey ba"


@pytest.mark.parametrize("language", ["es", "en"])
def test_enter_during_a_rival_turn_says_whose_turn_and_the_last_play(language):
    i18n.set_language(language)
    settings = Settings()
    adapter = ui.new_adapter(settings, seed=5, spectator=False)
    console = Console([])
    session = Session(adapter, console, Announcer(console), 0)
    adapter.start(session)
    game, me = adapter.game, adapter.table.human
    first = game.to_act()[0]
    assert first != me  # a rival is mano: nobody has played yet
    session._handle_line("")
    name = adapter.table.names[first]
    assert console.out[-1] == {"es": f"Juega {name}.", "en": f"{name} plays."}[language]
    while game.to_act() != [me]:
        assert session.table_step()
    session._handle_line("robar")
    session._handle_line("d p1")
    assert game.to_act() != [me]
    while game.view(me).phase != "draw" or game.to_act() == [me]:
        assert session.table_step()
        if game.to_act() == [me]:
            break
    rival = game.to_act()[0]
    session._handle_line("")
    last = adapter.last_move
    expected = {"es": "Juega {name}. Última: {last}", "en": "{name} plays. Last play: {last}"}
    assert last and console.out[-1] == expected[language].format(
        name=adapter.table.names[rival], last=last
    )
    # The status-style prompt carries whose turn too, in 30 cells.
    adapter.status_prompt = True
    prompt = adapter.prompt()
    assert len(prompt) <= 30
    if language == "es":
        assert prompt.startswith(f"Juega {adapter.table.names[rival]}")
