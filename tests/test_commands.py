from sobremesa.ui.commands import CommandSpec, CommandTable, fold
from sobremesa.ui.spanish_cards import card_list, card_name, parse_card


class C:
    def __init__(self, rank, suit):
        self.rank, self.suit = rank, suit


def test_fold_forgives_case_accents_and_spaces():
    assert fold("  Castaña   ÚLTIMA ") == "castana ultima"


def test_table_matches_aliases_and_keeps_argument_case():
    table = CommandTable(
        [
            CommandSpec("descartar", ("d", "tirar", "discard")),
            CommandSpec("ultima", ("última jugada",)),
        ]
    )
    assert table.parse("D Sota de Copas").args == "Sota de Copas"
    assert table.parse("tirar 5").name == "descartar"
    assert table.parse("ÚLTIMA JUGADA").name == "ultima"
    assert table.parse("xyzzy") is None
    assert table.parse("   ") is None


def test_card_names_in_spanish():
    assert card_name(C(7, "oros")) == "el 7 de oros"
    assert card_name(C(10, "copas")) == "la sota de copas"
    assert card_name(C(11, "bastos")) == "el caballo de bastos"
    assert card_name(C(12, "espadas")) == "el rey de espadas"
    assert card_name(C(1, "oros"), article=False) == "as de oros"
    assert (
        card_list([C(1, "oros"), C(3, "oros"), C(10, "copas")])
        == "as de oros, 3 de oros y sota de copas"
    )


def test_card_names_in_english():
    from sobremesa import i18n

    i18n.set_language("en")
    assert card_name(C(10, "copas")) == "the jack of cups"
    assert card_name(C(1, "oros")) == "the ace of coins"


def test_parse_card_accepts_natural_forms():
    assert parse_card("sota de copas") == (10, "copas")
    assert parse_card("Sota Copas") == (10, "copas")
    assert parse_card("7 de oros") == (7, "oros")
    assert parse_card("7o") == (7, "oros")
    assert parse_card("el as de espadas") == (1, "espadas")
    assert parse_card("jack of cups") == (10, "copas")
    assert parse_card("rey") == (12, None)
    assert parse_card("5") is None  # a bare number is a position, not a card
    assert parse_card("rey rey") is None
    assert parse_card("13 de oros") is None
    assert parse_card("7 de tréboles") is None


def english_table():
    from sobremesa.i18n import N_

    return CommandTable(
        [
            CommandSpec("puntos", ("scores", "p"), N_("puntos: puntuaciones"), "F4"),
            CommandSpec("historial", ("history", "h"), N_("historial N: las últimas N líneas")),
            CommandSpec("ayuda", ("help", "?", "a"), N_("ayuda: las órdenes y las teclas")),
            CommandSpec("turno", ("turn", "t"), N_("turno: a quién le toca")),
        ]
    )


def test_suggestions_name_the_command_in_the_players_language():
    from sobremesa import i18n

    table = english_table()
    assert table.suggest("score") == "puntos"
    assert table.suggest("puntso") == "puntos"
    i18n.set_language("en")
    assert table.suggest("score") == "scores"
    assert table.suggest("puntso") == "scores"
    assert table.suggest("histroy") == "history"


def test_help_shortcuts_in_english_are_english_initials_or_signs():
    from sobremesa import i18n
    from sobremesa.ui.commands import shortcut

    table = english_table()
    by_name = {spec.name: spec for spec in table.specs}
    spanish = {name: shortcut(spec) for name, spec in by_name.items()}
    assert spanish == {"puntos": "p", "historial": "h", "ayuda": "?", "turno": "t"}
    i18n.set_language("en")
    english = {name: shortcut(spec) for name, spec in by_name.items()}
    assert english == {"puntos": "", "historial": "h", "ayuda": "?", "turno": "t"}
    go = CommandSpec(
        "ir",
        ("go", "ir a"),
        "ir H8, ir CASA o ir 3: lleva el cursor a una casilla o a una palabra de la lista",
    )
    assert shortcut(go) == ""  # `go` is the English word itself, not a short form
