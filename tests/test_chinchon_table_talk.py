"""Chinchón as people talk at the table (issue #11), scripted through the real entry
point: cards named as people say them, the seating order, `descartes`, the danger
of a close, lay-off help and the yes/no question."""

import pytest
from chinchon_script import script_until
from entrypoint import is_rival_line, run

from sobremesa import i18n
from sobremesa.games.chinchon import rules as r
from sobremesa.games.chinchon.melds import best_arrangement
from sobremesa.ui.spanish_cards import CardWordError, read_card

# Seed 5, two rivals: after `robar` the hand is 7 de oros, as de copas, 3 de copas,
# caballo de copas, 3 de espadas, 7 de espadas, rey de espadas and 5 de bastos.
PLAY = ["jugar", "chinchon", "--semilla", "5", "--rivales", "2", "--ritmo", "0", "--limite", "70"]
PLAY_EN = ["--idioma", "en", *PLAY]
# Moments later in a match are pinned with fácil rivals (the default is difícil):
# fácil has no styles, and a table gives medio and difícil rivals a style each,
# whose plays change whenever those levels are tuned.
FACIL = ["--nivel", "facil"]


def seeded(seed, *more):
    """The entry point's arguments for `seed` with fácil rivals."""
    return [*PLAY[:3], str(seed), *PLAY[4:], *more, *FACIL]


def said(lines, home, args=PLAY):
    """What the player heard, without the intro's line per styled rival (pinned by
    test_niveles), so that the lines after it keep their places."""
    result = run(args, lines, home)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    return "".join(
        line for line in result.stdout.splitlines(keepends=True) if not is_rival_line(line)
    )


@pytest.mark.parametrize(
    ("typed", "thrown"),
    [
        ("d 5", "Tiras el 5 de bastos."),  # a bare number is the card, not position 5
        ("descartar 12", "Tiras el rey de espadas."),  # 12 is the rey
        ("d re", "Tiras el rey de espadas."),
        ("d ca co", "Tiras el caballo de copas."),
        ("d cab c", "Tiras el caballo de copas."),
        ("d 7o", "Tiras el 7 de oros."),
        ("d 7 e", "Tiras el 7 de espadas."),
        ("d 11 co", "Tiras el caballo de copas."),
        ("d p2", "Tiras el as de copas."),  # an explicit position
        ("d posición 8", "Tiras el 5 de bastos."),
    ],
)
@pytest.mark.slow
def test_a_card_is_named_as_people_say_it(tmp_path, typed, thrown):
    out = said(["robar", typed], tmp_path)
    assert thrown in out.splitlines()


@pytest.mark.slow
def test_two_cards_of_that_number_ask_which(tmp_path):
    out = said(["robar", "d 3", "espadas"], tmp_path).splitlines()
    asked = out.index("¿Cuál 3: de copas o de espadas?")
    assert out[asked + 1] == "Tiras el 3 de espadas."
    # A suit's short form answers the question, although `co` is also a command.
    out = said(["robar", "d 3", "co"], tmp_path / "c").splitlines()
    assert out[out.index("¿Cuál 3: de copas o de espadas?") + 1] == "Tiras el 3 de copas."
    # The question is not kept for later: another command drops it.
    out = said(["robar", "d 3", "mano", "copas"], tmp_path / "b")
    assert "Tiras el 3 de copas." not in out
    assert "No conozco la orden copas." in out


def test_refusals_name_the_word_that_was_wrong(tmp_path):
    out = said(
        ["robar", "d 4", "d 8", "d so", "d 3 de tréboles", "d xx", "d p9", "d 7 oros x"], tmp_path
    ).splitlines()
    assert "No tienes ningún 4." in out
    assert "No hay 8 en la baraja de 40: sota 10, caballo 11, rey 12." in out
    assert "No tienes ninguna sota." in out
    assert 'No conozco el palo "tréboles".' in out
    assert 'No conozco la carta "xx". Ejemplos: 4 oros, so co, p5.' in out
    assert "No hay posición 9: tienes 8 cartas, de p1 a p8." in out
    assert 'Sobra "x" después de la carta.' in out
    assert not [line for line in out if line.startswith("Tiras")]


def test_the_hand_shows_positions_as_they_are_typed(tmp_path):
    out = said(["mano"], tmp_path)
    assert "Tu mano, 7 cartas: 7 de oros (p1), as de copas (p2)," in out


@pytest.mark.slow
def test_english_cards_and_question(tmp_path):
    out = said(["draw", "d 3", "swords", "d 5"], tmp_path, PLAY_EN).splitlines()
    assert "Which 3: of cups or of swords?" in out
    assert "You discard the 3 of swords." in out
    out = said(["draw", "d 7 co", "d 3 trefoils", "d xx"], tmp_path / "b", PLAY_EN).splitlines()
    assert "You discard the 7 of coins." in out  # "co" is coins in English
    out = said(["draw", "d 3 trefoils", "d xx", "d 4"], tmp_path / "c", PLAY_EN).splitlines()
    assert 'I don\'t know the suit "trefoils".' in out
    assert 'I don\'t know the card "xx". Examples: 4 coins, j cu, p5.' in out
    assert "You have no 4." in out


def test_read_card_forms():
    assert read_card("4") == (4, None)
    assert read_card("10e") == (10, "espadas")
    assert read_card("10 e") == (10, "espadas")
    assert read_card("so co") == (10, "copas")
    assert read_card("re b") == (12, "bastos")
    assert read_card("cab de oros") == (11, "oros")
    assert read_card("3 co") == (3, "copas")
    with pytest.raises(CardWordError) as error:
        read_card("rey de tréboles")
    assert (error.value.kind, error.value.word) == ("suit", "tréboles")
    i18n.set_language("en")
    try:  # the English brief forms say "co" for coins
        assert read_card("3 co") == (3, "oros")
        assert read_card("j cu") == (10, "copas")
        assert read_card("ki sw") == (12, "espadas")
    finally:
        i18n.set_language("es")


@pytest.mark.slow
def test_seating_order_and_who_plays_after_you(tmp_path):
    out = said([], tmp_path).splitlines()
    assert out[1:3] == ["Juegan: Mario, tú y Elena.", "Después de ti juega Elena."]
    assert "Con reenganche: el eliminado puede volver." not in out
    out = said([], tmp_path / "en", PLAY_EN).splitlines()
    assert out[1:3] == ["Playing: Mario, you and Elena.", "Elena plays after you."]


def test_the_intro_says_when_reenganche_is_on(tmp_path):
    out = said([], tmp_path, [*PLAY, "--reenganche", "si"]).splitlines()
    assert "Con reenganche: el eliminado puede volver." in out[:5]


DISCARDS = ["descartes", "robar", "d 5"] + ["robar", "d p8", "descartes"] * 6


@pytest.mark.slow
def test_descartes_lists_the_round_and_who_took_what(tmp_path):
    out = said(DISCARDS, tmp_path).splitlines()
    assert out[out.index("Tu turno.") + 1 :][:2] == [
        "Descartes, del primero al último: caballo de oros al empezar; Mario, sota de bastos.",
        "Nadie ha cogido del descarte.",
    ]
    assert (
        "Descartes, del primero al último: rey de espadas al empezar; tú, 6 de bastos;"
        " Elena, rey de copas; Mario, rey de bastos." in out
    )
    assert "Elena cogió tu 6 de bastos." in out
    out = said(DISCARDS, tmp_path / "en", PLAY_EN).splitlines()
    assert "Elena took your 6 of clubs." in out
    assert any(line.startswith("Discards, first to last: king of swords to start;") for line in out)


def _danger(adapter):
    return adapter.game.view(0).phase == "discard" and adapter._close_danger() is not None


@pytest.mark.slow
def test_a_close_that_takes_you_out_says_so_and_is_asked_again(tmp_path):
    lines, adapter = script_until(9, _danger, rivals_level="facil")  # round 9: 68 of 70
    assert adapter._close_danger().brief == "Cerrar: llegas a 70, fuera"  # braille review
    args = seeded(9)
    out = said([*lines, "combinaciones", "cerrar", "cerrar"], tmp_path, args).splitlines()
    danger = "Puedes cerrar, pero llegarías a 70 y quedarías fuera."
    drew = out.index("Coges el 3 de copas.")
    assert out[drew + 1] == danger  # instead of "Puedes cerrar."
    assert out[drew + 2 : drew + 5] == [
        "Puedes cerrar tirando el 5 de espadas: 2 puntos sueltos.",
        "Quedaría: escalera de copas: 3, 4 y 5; escalera de bastos: 6, 7 y sota.",
        danger,
    ]
    assert out[drew + 5 : drew + 8] == [
        danger,
        "Escribe cerrar otra vez para cerrar.",
        "Cierras con 2 puntos sueltos.",
    ]
    # Out in the round's score line (before the pause), and no "Sigues mirando"
    # right before the end of the match.
    # Out said once, in the round's score line; then the final standing in order
    # (the winner, then who went out last) with the player's place.
    scored = out.index("Fin de la ronda 9. Puntos:")
    assert out[scored + 1].startswith("Tú: 2 puntos, total 70: quedas fuera.")
    assert out[scored + 3 : scored + 6] == [
        "Gana la partida Marta y se lleva el bote de 3 apuestas.",
        "Quedas segundo.",
        "Clasificación: 1 Marta 60, 2 tú 70, 3 Pablo 94.",
    ]
    assert not [line for line in out if line.startswith("Quedas fuera con")]
    assert not [line for line in out if line.startswith("Puntos finales")]
    en = said([*lines, "cerrar", "cerrar"], tmp_path / "en", ["--idioma", "en", *args])
    en = en.splitlines()
    assert "You can close, but you would reach 70 and be out." in en
    assert "Type close again to close." in en
    assert "You finish second." in en
    assert "Standing: 1 Marta 60, 2 you 70, 3 Pablo 94." in en


def _layoff(adapter):
    view = adapter.game.view(0)
    return view.phase == "layoff" and adapter._layoff_help()[0].startswith("Encajan")


@pytest.mark.slow
def test_lay_off_help_refusal_and_resume(tmp_path):
    lines, _adapter = script_until(4, _layoff, rivals_level="facil")  # Jorge closes
    args = seeded(4)
    home = tmp_path / "es"
    out = said([*lines, "colocar 5 de espadas en 1", "colocar as oros"], home, args).splitlines()
    told = out.index("Te toca colocar. Escribe colocar, colocar CARTA en N, o listo.")
    fits = "Encajan: el 4 de oros en la combinación 1; el 5 de espadas en la combinación 2."
    assert out[told + 1] == fits
    assert out[told + 2 :][:2] == [
        "El 5 de espadas no encaja en la combinación 1, escalera de oros: as, 2 y 3.",
        "No tienes el as de oros.",
    ]
    resumed = run(["continuar", "--ritmo", "0"], ["listo"], home).stdout.splitlines()
    melds = (
        "Combinaciones de Jorge: 1, escalera de oros: as, 2 y 3; "
        "2, grupo de cincos: oros, copas y bastos."
    )
    assert melds in resumed
    assert resumed.index(melds) < resumed.index(fits)
    en = said([*lines, "lay 5 swords on 1"], tmp_path / "en", ["--idioma", "en", *args])
    assert "Fits: the 4 of coins on meld 1; the 5 of swords on meld 2." in en
    assert "The 5 of swords does not fit meld 1, a run of coins: ace, 2 and 3." in en


@pytest.mark.slow
def test_a_yes_no_question_suggests_yes_or_no(tmp_path):
    lines, _adapter = script_until(
        8, lambda a: a.game.view(0).phase == "reenganche", reenganche=True, rivals_level="facil"
    )
    args = seeded(8, "--reenganche", "si")
    out = said([*lines, "sii", "sal", "no"], tmp_path, args).splitlines()
    asked = out.index(
        "¿Te reenganchas con 41 puntos? Pones 1 apuesta en el bote. Responde sí o no."
    )
    assert out[asked - 1] == "Quedas fuera con 75 puntos."  # no "Sigues mirando" before it
    assert out.count("Responde sí o no: ¿te reenganchas?") == 2
    assert not [line for line in out if "Querías decir" in line]
    assert "No te reenganchas." in out


def test_who_plays_after_you_is_said_again_when_it_changes(tmp_path):
    first = {}

    def changed(adapter):
        first.setdefault("after", adapter._after_me)
        return adapter._after_me != first["after"]

    lines, _adapter = script_until(8, changed, rivals=3, rivals_level="facil")  # Luis goes out
    args = [*PLAY[:3], "8", "--rivales", "3", *PLAY[6:], *FACIL]
    out = said(lines, tmp_path, args).splitlines()
    assert out[1:3] == ["Juegan: Luis, Marta, Pablo y tú.", "Después de ti juega Luis."]
    started = out.index("Ronda 4. Empiezas tú. Descarte: el 5 de espadas.")
    assert out[started - 1] == "Luis queda fuera con 70 puntos."
    assert out[started + 1] == "Después de ti juega Marta."
    assert out.count("Después de ti juega Marta.") == 1


@pytest.mark.slow
def test_a_number_when_laying_off_picks_the_card_that_fits(tmp_path):
    # 4 de oros and 4 de espadas held; only the 4 de oros fits (Jorge's as-2-3 de oros).
    lines, _adapter = script_until(4, _layoff, rivals_level="facil")
    out = said([*lines, "colocar 4", "colocar 7 en 1", "colocar 5"], tmp_path, seeded(4))
    out = out.splitlines()
    assert "Colocas el 4 de oros en la combinación 1; queda escalera de oros: as, 2, 3 y 4." in out
    assert "¿Cuál 7: de oros o de espadas?" in out  # neither fits the 1
    assert any(line.startswith("Colocas el 5 de espadas en la combinación 2") for line in out)


def _recorder():
    """(seen, watch): `watch(adapter)` records every line the adapter describes
    from then on (for a stop condition on what was said)."""
    seen = []

    def watch(adapter):
        if not seen:
            describe = adapter.describe_events

            def recorded(events):
                items = describe(events)
                seen.extend(str(item) for item in items)
                return items

            adapter.describe_events = recorded
            seen.append("")
        return seen

    return seen, watch


def _said_then(seed, line, **kwargs):
    """The typed lines up to the first decision after `line` was said."""
    _seen, watch = _recorder()
    lines, _adapter = script_until(seed, lambda a: line in watch(a), **kwargs)
    assert lines is not None
    return lines


def _melded_card_fits(adapter):
    view = adapter.game.view(0)
    if view.phase != "layoff" or view.current_seat != 0:
        return False
    loose = best_arrangement(list(view.hand), adapter.deck).loose
    legal = adapter.game.legal_actions(0)
    return any(isinstance(a, r.LayOff) and a.card not in loose for a in legal)


@pytest.mark.slow
def test_lay_off_hint_suggests_loose_cards_only(tmp_path):
    # Seed 3: the 3 de espadas of the player's set of treses would fit Lucía's run
    # 4-5-6 de espadas; the hint leaves it out, `colocar` lays only the loose 2 de
    # copas, and the lay-off then finishes by itself.
    lines, _adapter = script_until(3, _melded_card_fits, rivals_level="facil")
    args = seeded(3)
    out = said([*lines, "colocar"], tmp_path, args).splitlines()
    told = out.index("Te toca colocar. Escribe colocar, colocar CARTA en N, o listo.")
    assert out[told + 1 : told + 5] == [
        "Encajan: el 2 de copas en la combinación 1.",
        "Colocas el 2 de copas en la combinación 1; queda grupo de doses: oros, copas, espadas"
        " y bastos.",
        "Colocar más no te quita puntos: terminas.",
        "Terminas de colocar: 15 puntos.",
    ]
    assert "3 de espadas en la" not in " ".join(out)
    en = said([*lines, "lay"], tmp_path / "en", ["--idioma", "en", *args])
    assert "Fits: the 2 of cups on meld 1." in en
    assert "Laying off no longer saves you points: you finish." in en


@pytest.mark.slow
def test_lay_off_finishes_by_itself_when_nothing_is_left(tmp_path):
    # Seed 5: the one card that fits laid off; no `listo` needed.
    lines = _said_then(5, "Ya no encaja ninguna carta: terminas.", rivals_level="facil")
    assert lines[-2:] == ["colocar 2 bastos en 1", ""]
    out = said(lines[:-1], tmp_path, seeded(5)).splitlines()
    placed = out.index(
        "Colocas el 2 de bastos en la combinación 1; queda grupo de doses: oros, copas, espadas"
        " y bastos."
    )
    assert out[placed + 1 : placed + 3] == [
        "Ya no encaja ninguna carta: terminas.",
        "Terminas de colocar: 11 puntos.",
    ]
    # Seed 4: none of the player's cards fits Elena's melds: one line, no prompt.
    args = seeded(4)
    lines = _said_then(4, "Ninguna de tus cartas encaja: terminas.", rivals_level="facil")
    out = said(lines, tmp_path / "b", args).splitlines()
    done = out.index("Ninguna de tus cartas encaja: terminas.")
    assert out[done + 1] == "Terminas de colocar: 17 puntos."
    assert out[done - 1].startswith("Elena baja: ")  # no "Te toca colocar"
    en = said(lines, tmp_path / "en", ["--idioma", "en", *args]).splitlines()
    assert "None of your cards fits: you finish." in en


@pytest.mark.slow
def test_rivals_laying_off_say_whose_meld(tmp_path):
    lines = _said_then(
        2,
        "Pablo coloca el 2 de espadas en tu grupo de doses: oros, copas, espadas y bastos.",
        rivals_level="facil",
    )
    args = seeded(2)
    out = said(lines, tmp_path, args).splitlines()
    assert (
        "Pablo coloca el 2 de espadas en tu grupo de doses: oros, copas, espadas y bastos." in out
    )
    en = said(lines, tmp_path / "en", ["--idioma", "en", *args])
    assert "Pablo lays the 2 of swords on your meld; it is now a set of twos" in en


@pytest.mark.slow
def test_natural_table_verbs(tmp_path):
    out = said(
        ["robo", "tiro el rey de espadas", "cojo el as", "cojo el 7 de copas", "tira 7 co"],
        tmp_path,
    ).splitlines()
    assert "Robas el 7 de espadas." in out
    assert "Tiras el rey de espadas." in out
    assert "El descarte es el 7 de copas." in out  # the as named is not on the pile
    assert "Coges el 7 de copas." in out
    assert not [line for line in out if line.startswith("No conozco la orden")]
    out = said(["coloco", "pongo", "descarto p1"], tmp_path / "b").splitlines()
    assert "Ahora no se coloca; eso es cuando otro cierra." in out
    assert not [line for line in out if line.startswith("No conozco la orden")]
    en = said(["draw", "throw the king of swords", "take the ace"], tmp_path / "en", PLAY_EN)
    assert "You discard the king of swords." in en
    assert "The discard is the 7 of cups." in en


@pytest.mark.slow
def test_resume_says_the_drawn_card_the_discard_and_the_last_play(tmp_path):
    said(["robar", "salir"], tmp_path)
    out = run(["continuar", "--ritmo", "0"], ["salir"], tmp_path).stdout.splitlines()
    turn = out.index("Tu turno: descartar o cerrar. Ronda 1.")
    assert out[turn + 1 : turn + 3] == ["Robaste el 7 de espadas.", "Descarte: la sota de bastos."]
    assert out[turn + 3].startswith("Tu mano, 8 cartas:")
    said(["salir"], tmp_path / "b")
    out = run(["continuar", "--ritmo", "0"], ["salir"], tmp_path / "b").stdout.splitlines()
    turn = out.index("Tu turno: robar. Ronda 1.")
    assert out[turn + 1 : turn + 3] == [
        "Última: Mario roba del mazo y tira la sota de bastos.",
        "Descarte: la sota de bastos.",
    ]
    said(["robar", "salir"], tmp_path / "en", PLAY_EN)
    out = run(["--idioma", "en", "continuar", "--ritmo", "0"], ["quit"], tmp_path / "en").stdout
    assert "You drew the 7 of swords." in out


def test_help_says_a_number_is_the_card_and_the_pot_is_explained(tmp_path):
    out = said(["ayuda", "", "reglas", ""], tmp_path).splitlines()
    assert "descartar CARTA: d 4 (el 4 que tengas), d so co, d p5 (posición) (d)" in out or any(
        line.startswith("descartar CARTA: d 4 (el 4 que tengas), d so co, d p5 (posición)")
        for line in out
    )
    assert (
        "Chinchón a 70 puntos, baraja de 40 cartas, una baraja."
        " Bote: 3 apuestas, lo que ponéis entre todos; se lo lleva quien gane." in out
    )
    assert (
        "Bote: al empezar, cada jugador pone su apuesta en el bote;"
        " quien gana la partida se lo lleva." in out
    )
    assert not any(line.startswith("comprobar") for line in out)  # no words to check here
    assert "El as va antes del 2 (as, 2, 3) y nunca después del rey." in " ".join(out)
    en = said(["help", "", "rules", ""], tmp_path / "en", PLAY_EN)
    assert "discard CARD: d 4 (the 4 you hold), d j cu, d p5 (position)" in en
    assert "Pot: at the start every player puts a stake in the pot" in en


@pytest.mark.slow
def test_lay_off_hint_says_when_moving_a_melded_card_pays(tmp_path):
    # Seed 75: the sota de copas of the run 7-sota-caballo de copas fits Lucía's set
    # of sotas; moving it lets the 7 de copas join the 7s: 9 points instead of 20.
    def pays(adapter):
        view = adapter.game.view(0)
        return view.phase == "layoff" and view.current_seat == 0 and _melded_card_fits(adapter)

    lines, _adapter = script_until(75, pays)
    args = [*PLAY[:3], "75", *PLAY[4:]]
    out = said([*lines, "colocar"], tmp_path, args).splitlines()
    told = out.index("Te toca colocar. Escribe colocar, colocar CARTA en N, o listo.")
    assert out[told + 1 : told + 3] == [
        "Encajan: el as de copas en la combinación 2; el 5 de copas en la combinación 2.",
        "Te conviene colocar la sota de copas en la combinación 1, aunque sea de tu"
        " escalera de copas: acabas con 9 puntos.",
    ]
    assert "Terminas de colocar: 9 puntos." in out
    en = said([*lines, "lay"], tmp_path / "en", ["--idioma", "en", *args])
    assert (
        "Lay the jack of cups on meld 1, although it is in your run of cups:"
        " you end with 9 points." in en
    )
