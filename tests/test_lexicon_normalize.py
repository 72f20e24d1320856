"""One spelling for both word games, and the referee lines of `check_words`."""

from __future__ import annotations

import pytest

from sobremesa import i18n
from sobremesa.lexicon import WordError, check_words, load_lexicon, normalize


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("casa", "casa"),
        ("CASA", "casa"),
        ("Camión", "camion"),
        ("ÁRBOL", "arbol"),
        ("acción", "accion"),
        ("pingüino", "pinguino"),
        ("PINGÜINO", "pinguino"),
        ("niña", "niña"),
        ("NIÑA", "niña"),
        ("n\u0303", "ñ"),  # n + combining tilde is ñ
        ("  casa \t", "casa"),
        ("qué", "que"),
    ],
)
def test_normalize(text, expected):
    assert normalize(text) == expected


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("hola mundo", "el espacio"),
        ("casa2", "2"),
        ("12", "1"),
        ("c-a", "-"),
        ("l'home", "'"),
        ("garçon", "ç"),
        ("à", "à"),
        ("ñ\u200b", "U+200B"),
    ],
)
def test_normalize_refuses_what_is_not_a_letter(text, shown):
    with pytest.raises(WordError) as error:
        normalize(text)
    message = str(error.value)
    assert message.startswith(text.strip() + ":")
    assert shown in message
    assert "solo puede tener letras" in message


def test_normalize_refuses_empty_and_huge():
    with pytest.raises(WordError, match="Escribe una palabra"):
        normalize("   ")
    with pytest.raises(WordError, match="demasiado larga"):
        normalize("a" * 41)
    assert normalize("a" * 40) == "a" * 40


def test_messages_are_localized():
    i18n._catalog = {
        "{word}: solo puede tener letras; quita {char}.": "{word}: letters only; remove {char}.",
        "{word}: válida": "{word}: valid",
    }
    try:
        with pytest.raises(WordError, match="letters only; remove 5"):
            normalize("casa5")
        assert check_words(["casa"], load_lexicon())[0] == "casa: valid"
    finally:
        i18n.set_language("es")


def test_check_words_lines():
    lexicon = load_lexicon("palabras")
    lines = check_words(["CASA", "cassa", "Camión", "dámelo", "casa5", "pingüino"], lexicon)
    assert lines == [
        "casa: válida",
        "cassa: no está en el diccionario",
        "camión: válida",
        "dámelo: no está en el diccionario",
        "casa5: solo puede tener letras; quita 5.",
        "pingüino: válida",
    ]


def test_check_words_splits_arguments_and_uses_the_game_lexicon():
    assert check_words(["casa mesa"], load_lexicon("palabras")) == [
        "casa: válida",
        "mesa: válida",
    ]
    assert check_words(["kilo"], load_lexicon("palabras")) == ["kilo: no está en el diccionario"]
    assert check_words(["Kilo", "WHISKY"], load_lexicon("castana")) == [
        "kilo: válida",
        "whisky: válida",
    ]
    assert check_words([], load_lexicon()) == ["Escribe una palabra."]


def test_lexicon_is_word_normalizes():
    lexicon = load_lexicon()
    assert lexicon.is_word("NIÑAS")
    assert not lexicon.is_word("Cassa")
    with pytest.raises(WordError):
        lexicon.is_word("ca sa")


def test_unknown_kind():
    with pytest.raises(ValueError):
        load_lexicon("ajedrez")
