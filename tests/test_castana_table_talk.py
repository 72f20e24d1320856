"""ABC ¡Castaña! as a blind player met it in full games (issue #11): a magic letter's
effect said as conditional while its word may be doubted, refusals for the real
reason and naming the wrong word, Enter passes a window, a half-made play that is
dropped says so, a late castaña is not a turn play, the Ñ by its names. Scripted
through the real entry point (stdin not a TTY), windows on the fake clock."""

import pytest
from entrypoint import run
from test_castana_ui import TURN, adapter_at, clock_session, human_can_steal

from sobremesa.games.castana import rules as r
from sobremesa.games.castana import ui
from sobremesa.ui.commands import Command


def play(seed, lines, home, *extra):
    result = run(["jugar", "castana", "--semilla", str(seed), "--ritmo", "0", *extra], lines, home)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return result.stdout.splitlines()


def after(out, start):
    """Each line that starts with `start`, with the line that follows it."""
    return [(line, out[i + 1]) for i, line in enumerate(out[:-1]) if line.startswith(start)]


def game_with(found, seeds, lines, home, *extra):
    """The first scripted game (of these seeds) in which `found(out)` finds something:
    (out, what it found). Searching keeps the test about behaviour, not about the
    moves one seed and one word list happen to give."""
    for seed in seeds:
        out = play(seed, lines, home / str(seed), *extra)
        hits = found(out)
        if hits:
            return out, hits
    pytest.fail("no such moment in these games")


# --- 1. A magic letter's effect while its word may still be doubted ------------------


def _effect_then_window(start, window_end):
    def found(out):
        return [(line, nxt) for line, nxt in after(out, start) if nxt.endswith(window_end)]

    return found


@pytest.mark.slow
def test_the_h_of_a_word_that_may_be_doubted_is_said_as_conditional(tmp_path):
    found = _effect_then_window("La H es muda", "o paso.")
    _out, pairs = game_with(found, [15, 32, 43, 105, 134], TURN * 200, tmp_path, "--rivales", "5")
    for line, window in pairs:
        assert line.startswith("La H es muda: si nadie duda, "), (line, window)


def test_the_s_of_a_word_that_may_be_doubted_is_said_as_conditional(tmp_path):
    found = _effect_then_window("", "o paso.")
    _out, pairs = game_with(
        lambda out: [(a, b) for a, b in found(out) if " te elige" in a],
        range(8),
        TURN * 60,
        tmp_path,
    )
    for line, _window in pairs:
        assert line.endswith(" te elige: si nadie duda, juegas tú."), line


@pytest.mark.slow
def test_the_conditional_effect_in_english(tmp_path):
    found = _effect_then_window("The H is silent", "or pass.")
    _out, pairs = game_with(
        found, [15, 32, 43, 105, 134], TURN * 200, tmp_path, "--rivales", "5", "--idioma", "en"
    )
    for line, _window in pairs:
        assert line.startswith("The H is silent: if unchallenged, "), line


def test_an_h_word_laid_by_the_player_is_said_as_conditional():
    adapter = adapter_at(lambda g: g.phase == "turn" and g.current == 0 and not g.attack)
    game = adapter.game
    hand = game.hands[0]
    for card in ("Aa", "Ha"):  # any word ending in H (no referee: laid unchecked)
        holder = next(h for h in [game.deck, *game.hands[1:], hand] if card in h)
        holder.remove(card)
        game.deck.insert(0, hand.pop(0))
        hand.append(card)
    lines = adapter.describe_events(game.apply(0, r.PlayWord(("Aa", "Ha"))))
    name = adapter.table.names[1]
    assert f"La H es muda: si nadie duda, {name} pierde el turno." in lines
    assert f"La H es muda: {name} pierde el turno." not in lines


def test_a_single_h_card_is_said_as_done():
    adapter = adapter_at(lambda g: g.phase == "turn" and g.current == 0 and not g.attack)
    game = adapter.game
    h = next(c for c in game.deck if r.letter(c) == "H")
    game.deck.remove(h)
    game.hands[0].append(game.pile.pop())  # an H on top of the same colour
    game.pile.append(r.make_card("B", r.colour(h)))
    game.colour = r.colour(h)
    game.hands[0].append(h)
    game.deck.append(game.hands[0].pop(-2))  # keep the card count (nothing created)
    events = game.apply(0, r.PlayCard(h))
    name = adapter.table.names[1]
    assert f"La H es muda: {name} pierde el turno." in adapter.describe_events(events)


# --- 2. A word during an L/R attack is refused for the attack -------------------------

STEALS = ["castaña rana", "robar", "paso", "dar 1", ""]


def _attacked(start, refusal):
    """The player's R attacked turns answered with `castaña rana` (the script's
    next line after a pass): RANA starts with the R on top."""

    def found(out):
        pairs = after(out, start)
        return pairs if any(nxt.startswith(refusal) for _l, nxt in pairs) else []

    return found


def test_a_word_under_attack_is_refused_for_the_attack(tmp_path):
    found = _attacked("Tu turno: pon otra R o roba 2.", "Primero responde a la R")
    _out, pairs = game_with(found, [7, 10, 11, 13], STEALS * 150, tmp_path)
    assert ("Tu turno: pon otra R o roba 2.", "Primero responde a la R: pon otra R o roba 2.") in (
        pairs
    )
    assert not any(nxt.startswith(("Para RANA", "RANA no empieza")) for _l, nxt in pairs)


def test_a_word_under_attack_in_english(tmp_path):
    found = _attacked("Your turn: play another R or draw 2.", "First answer the R")
    _out, pairs = game_with(found, [7, 10, 11, 13], STEALS * 150, tmp_path, "--idioma", "en")
    assert not any(nxt.startswith(("For RANA", "RANA does not")) for _l, nxt in pairs)


def test_no_steal_in_a_window_under_attack_says_why():
    def attack_window(game):
        w = game.window
        return game.phase == "window" and w is not None and w.attack and 0 in game.to_act()

    adapter = adapter_at(attack_window)
    letter = adapter.game.window.attack
    reply = adapter.handle(Command("castaña", "rana"))
    assert reply.lines == [f"Con el ataque de la {letter} nadie roba el turno."]


# --- 3. Enter passes a window; a dropped half-made play; a late castaña --------------


WINDOW_ENDS = ("o paso.", ": puedes robar.")


def test_enter_on_an_empty_line_passes_a_window(tmp_path):
    # Only Enter: every window before the player's first turn is passed.
    def found(out):
        return [i for i, line in enumerate(out) if line.endswith(WINDOW_ENDS)]

    out, windows = game_with(found, range(8), [""] * 12, tmp_path)
    assert all(out[i + 1] == "Pasas." for i in windows), out


def test_enter_after_reading_the_help_in_a_window_asks_again_and_does_not_pass(tmp_path):
    # `ayuda` has three pages (Enter turns them); the Enter after the last page came
    # back to the question: it says it again, and only the next Enter passes.
    def found(out):
        return [i for i, line in enumerate(out) if line.endswith(WINDOW_ENDS)]

    out, windows = game_with(found, range(8), ["ayuda", "", "", "", ""], tmp_path)
    first = windows[0]
    help_ends = out.index("Re Pág y Av Pág: repasar lo dicho en la línea de escritura.", first)
    passed = out.index("Pasas.", first)
    assert passed == help_ends + 2, out[first:passed]
    assert out[help_ends + 1].endswith(("o paso.", "puedes robar.")), out[help_ends + 1]


def test_enter_passes_a_window_in_english(tmp_path):
    def found(out):
        return [i for i, line in enumerate(out) if line.endswith(("or pass.", ": you can steal."))]

    out, windows = game_with(found, range(8), [""] * 12, tmp_path, "--idioma", "en")
    assert all(out[i + 1] == "You pass." for i in windows), out


def test_enter_on_the_players_turn_still_reads_the_status():
    adapter = adapter_at(lambda g: g.phase == "turn" and g.current == 0 and not g.attack)
    assert adapter.enter_command() is None


ASKING = ["jugar s", "robar", "", "dar 1"]


def test_a_half_made_play_dropped_says_so(tmp_path):
    # "jugar s" asks who plays next; the "robar" after it drops the S.
    def found(out):
        pairs = after(out, "¿Quién juega ahora?")
        return [nxt for _l, nxt in pairs if nxt.startswith("Dejas a medias la S ")]

    out, dropped = game_with(found, [4, 1, 8, 10], ASKING * 60, tmp_path)
    i = out.index(dropped[0])
    assert out[i].endswith(": no se juega.")
    assert out[i + 1].startswith("Robas ")  # then the draw that dropped it


def test_a_half_made_play_dropped_by_another_command_says_so():
    adapter = adapter_at(lambda g: g.phase == "turn" and g.current == 0 and not g.attack)
    card = adapter.game.hand(0)[0]
    adapter.pending = {"kind": "card", "card": card, "need": "colour", "moment": adapter._moment()}
    reply = adapter.handle(Command("paso", ""))
    assert reply.lines == [
        f"Dejas a medias la {ui.card_text(card)}: no se juega.",
        "Es tu turno: juega o roba.",
    ]
    assert adapter.pending is None


def test_a_half_made_play_dropped_in_english(tmp_path):
    def found(out):
        return [line for line in out if line.startswith("You leave the S ")]

    _out, dropped = game_with(found, [4, 1, 8, 10], ASKING * 60, tmp_path, "--idioma", "en")
    assert dropped[0].endswith(" half made: not played.")


def _play_past_the_window(adapter):
    """The player's window opens (real time) and closes unanswered; bots play on
    to the player's turn. The word the player had for the window, or None if the
    player is asked something (another window) before their turn."""
    from test_castana_ui import a_word

    word = a_word(adapter)
    game = adapter.game
    w = game.window
    adapter.describe_events(
        [r.WindowOpened(w.discarder, w.next_seat, tuple(w.stealers), tuple(w.challengers), w.word)]
    )
    adapter.describe_events(adapter.close_window())  # the time ran out
    for _ in range(50):
        if game.phase == "turn" and game.current == 0:
            return word
        seat = game.to_act()[0]
        if seat == 0:
            return None
        adapter.describe_events(game.apply(seat, adapter.bot_action(seat)))
    return None


def late_castana_adapter(seeds=range(300)):
    """An adapter at a window where the player could steal with a word and, once it
    closes unanswered, nothing more is asked of them before their turn, which comes
    with no attack (what the rivals do in between depends on the seed: each seed is
    tried on a copy first)."""
    from test_castana_ui import advance

    from sobremesa.settings import Settings

    for seed in seeds:
        trial = ui.new_adapter(Settings(), seed=seed, spectator=False)
        if not advance(trial, human_can_steal):
            continue
        clock_session(trial, [], 4.0)
        if _play_past_the_window(trial) is None or trial.game.attack:
            continue  # asked again, or the turn comes with an attack to answer
        adapter = ui.new_adapter(Settings(), seed=seed, spectator=False)
        assert advance(adapter, human_can_steal)
        return adapter
    pytest.fail("no such moment in these games")


def _late_castana(adapter):
    """The player's window closes unanswered; bots play on to the player's turn.
    Returns the word the player had for the window."""
    word = _play_past_the_window(adapter)
    assert word is not None, "the player was asked again before their turn"
    return word


def test_a_late_castana_is_not_taken_as_the_turn_play():
    adapter = late_castana_adapter()
    session, console = clock_session(adapter, [], 4.0)  # real time, on the fake clock
    assert adapter.window_realtime
    word = _late_castana(adapter)
    hand = adapter.game.hand(0)
    reply = adapter.handle(Command("castaña", word))
    assert reply.lines == [f"Llegas tarde a esa ventana. Tu turno: jugar {word.lower()}."]
    assert not reply.actions and adapter.game.hand(0) == hand
    # Typed again, on purpose: it is the turn's play (or refused for its own reason).
    again = adapter.handle(Command("castaña", word))
    assert not again.lines or "tarde" not in again.lines[0]


def _late_castana_game(seeds=range(300)):
    """A game where the player could steal with a word, let the 2 s window pass, and
    typed the castaña on their turn (then again, on purpose), its word still fitting
    the card on top then (what the rivals play in between depends on the seed): the
    lines said, and the word."""
    from test_castana_ui import a_word, advance

    from sobremesa.settings import Settings

    for seed in seeds:
        adapter = ui.new_adapter(Settings(), seed=seed, spectator=False)
        if not advance(adapter, human_can_steal):
            continue
        word = a_word(adapter)
        script = [(0.0, ""), (20.0, f"castaña {word}"), (21.0, f"castaña {word}")]
        session, console = clock_session(adapter, script, 2.0, pace=0.5)
        w = adapter.game.window
        adapter.describe_events(  # the window's line was said
            [
                r.WindowOpened(
                    w.discarder, w.next_seat, tuple(w.stealers), tuple(w.challengers), w.word
                )
            ]
        )
        assert session.run(resumed=True) == "saved"
        said = [line for _t, line in console.said]
        late = f"Llegas tarde a esa ventana. Tu turno: jugar {word.lower()}."
        if late in said and "no empieza por" not in said[said.index(late) + 1]:
            return said, word
    pytest.fail("no such moment in these games")


def test_a_late_castana_in_a_real_time_session_on_the_fake_clock():
    said, word = _late_castana_game()
    late = said.index(f"Llegas tarde a esa ventana. Tu turno: jugar {word.lower()}.")
    assert "Se acabó el tiempo." in said[:late]
    assert said[late - 1] == "Tu turno."
    # played as the turn's play: said, or the colour or player it needs asked first
    assert said[late + 1].startswith((f"Formas {word}; arriba ", "¿Qué color", "¿Quién juega"))


def test_a_late_castana_under_attack_is_told_the_attack():
    adapter = late_castana_adapter()
    session, console = clock_session(adapter, [], 4.0)
    word = _late_castana(adapter)
    adapter.game.attack = "R"  # (as if the turn had come with an R to answer)
    reply = adapter.handle(Command("castaña", word))
    assert reply.lines == ["Primero responde a la R: pon otra R o roba 2."]


def test_a_castana_after_the_window_was_answered_is_a_turn_play():
    adapter = late_castana_adapter()
    session, console = clock_session(adapter, [], 4.0)
    word = _late_castana(adapter)
    adapter.handle(Command("robar", ""))  # a first move after the window: no longer late
    adapter.game.phase, adapter.game.current = "turn", 0  # (as on a later turn)
    reply = adapter.handle(Command("castaña", word))
    assert not reply.lines or "tarde" not in reply.lines[0]


def test_turn_by_turn_castana_on_the_turn_is_never_late():
    adapter = late_castana_adapter()
    adapter.window_realtime = False
    word = _late_castana(adapter)
    reply = adapter.handle(Command("castaña", word))
    assert not reply.lines or "tarde" not in reply.lines[0]


# --- 5. The Ñ by its names; refusals name the wrong word -----------------------------


def _with_enie(adapter, card="Ñv"):
    game = adapter.game
    holder = next(h for h in [game.deck, *game.hands[1:]] if card in h)
    holder.remove(card)
    game.deck.insert(0, game.hands[0].pop())
    game.hands[0].append(card)


@pytest.mark.parametrize("name", ["ñ", "Ñ", "eñe", "enie", "ny", "ENIE", "enye"])
def test_the_enie_by_its_names(name):
    adapter = adapter_at(lambda g: g.phase == "turn" and g.current == 0 and not g.attack)
    _with_enie(adapter)
    if "Nv" in adapter.game.hands[0] or any(r.letter(c) == "N" for c in adapter.game.hands[0]):
        pytest.skip("an N in hand")
    reply = adapter.handle(Command("jugar", f"{name} azul"))
    assert reply.actions == [r.PlayCard("Ñv", colour="azul")]


def test_n_for_the_held_enie_gets_a_hint():
    adapter = adapter_at(
        lambda g: (
            g.phase == "turn"
            and g.current == 0
            and not g.attack
            and not any(r.letter(c) in "NÑ" for c in g.hands[0])
        )
    )
    _with_enie(adapter)
    reply = adapter.handle(Command("jugar", "n verde"))
    assert reply.lines == ["No tienes ninguna N. La Ñ se escribe ñ, eñe o ny."]
    adapter.game.hands[0].remove("Ñv")
    adapter.game.deck.append("Ñv")
    reply = adapter.handle(Command("jugar", "n verde"))
    assert reply.lines == ["No tienes ninguna N."]  # no Ñ held: no hint


def test_a_word_with_n_for_the_held_enie_gets_a_hint_and_ny_spells_it():
    adapter = adapter_at(lambda g: g.phase == "turn" and g.current == 0 and not g.attack)
    game = adapter.game
    top = game.view(0).top_letter
    # The hand becomes A, Ñ, A: with the top letter, top+AÑA.
    keep = []
    for card in ("Av", "Ñv", "Ar"):
        holder = next(h for h in [game.deck, *game.hands[1:], game.hands[0]] if card in h)
        holder.remove(card)
        keep.append(card)
    game.deck[:0] = game.hands[0]
    game.hands[0][:] = keep
    reply = adapter.handle(Command("castaña", f"{top}ana"))
    assert reply.lines == [f"Para {top}ANA te falta: N. ¿{top}AÑA? La ñ se escribe ñ o ny."]
    reply = adapter.handle(Command("castaña", f"{top}anya"))
    assert reply.actions and [r.letter(c) for c in reply.actions[0].cards] == ["A", "Ñ", "A"]


def test_n_for_the_held_enie_and_enye_through_the_entry_point(tmp_path):
    # Seed 14: the player starts, holding the Ñ verde and no N.
    out = play(14, ["jugar n verde", "jugar enye verde"], tmp_path)
    hint = out.index("No tienes ninguna N. La Ñ se escribe ñ, eñe o ny.")
    assert out[hint + 1] == "¡Toma castaña! Echas la Ñ verde; sigue el verde."


def test_n_for_the_held_enie_in_english(tmp_path):
    out = play(14, ["play n green", "play enye green"], tmp_path, "--idioma", "en")
    hint = out.index("You have no N. Type the Ñ as ñ, eñe, ny or enye.")
    assert out[hint + 1] == "¡Toma castaña! You play Ñ green; green is next."


def test_refusals_name_the_word_that_was_wrong(tmp_path):
    out = play(3, ["jugar x rosa", "jugar o arriba", "cartas rosa"], tmp_path)
    assert "No conozco el color rosa: azul, rojo o verde." in out
    assert "No conozco el color arriba: azul, rojo o verde." in out
    assert "No conozco el orden rosa: cartas letra o cartas color." in out


def test_an_unknown_card_word_is_named():
    adapter = adapter_at(lambda g: g.phase == "turn" and g.current == 0 and not g.attack)
    game = adapter.game
    game.phase, game.current, game.challenger, game.givers = "give", None, 1, [0]
    reply = adapter.handle(Command("dar", "xx"))
    assert reply.lines == ["No conozco la carta xx: di su letra, por ejemplo m roja."]


def test_refusals_name_the_word_in_english(tmp_path):
    out = play(3, ["play x pink", "play o up", "cards pink"], tmp_path, "--idioma", "en")
    assert "Unknown colour pink: blue, red or green." in out
    assert "Unknown colour up: blue, red or green." in out
    assert "Unknown order pink: cards letter or cards colour." in out


# --- 4. Paying for a lost challenge, medio and difícil keep the Ñ ----------------------

DOUBTS = ["dudo", *TURN]


@pytest.mark.parametrize("level", ["medio", "dificil"])
@pytest.mark.slow
def test_bots_paying_for_a_lost_challenge_keep_the_enie(level, tmp_path):
    # In these games a rival held a Ñ when the player's first doubt was lost (the
    # costliest card: it used to be given).
    given = []
    for seed in (4, 5, 7):
        out = play(seed, DOUBTS * 150, tmp_path / str(seed), "--nivel", level)
        given += [line for line in out if " te da " in line]
    assert len(given) >= 6
    assert not [line for line in given if " te da Ñ " in line], given
