"""Spanish words for Palabras and ABC ¡Castaña!

    from sobremesa.lexicon import load_lexicon, check_words, normalize, WordError

    lexicon = load_lexicon("palabras")           # the curated list; or "castana"
    load_lexicon("palabras", "amplia")           # the full list; or a player's file path
    "casa" in lexicon                            # normalized words
    lexicon.dawg                                 # node API: see sobremesa.lexicon.dawg
    check_words(["CASA", "cassa"], lexicon)      # ["casa: válida", "cassa: no está ..."]

Importing this package reads no word list and does not import the compiled-list
modules; the names below are resolved on first use (`load_lexicon` reads the file).
Modules: `spelling` (normalization, letter codes), `dawg` (the compiled structure and its node API),
`compiler` (building it), `loader` (which list a game uses, players' own lists,
`check_words`), `ranks` (how common a word is: `word_rank("casa")`, from wordfreq). Sources and licences: docs/diccionario.md and NOTICE.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "Lexicon",
    "WordError",
    "check_words",
    "default_lexicon",
    "load_lexicon",
    "normalize",
]

_WHERE = {
    "Lexicon": "loader",
    "check_words": "loader",
    "default_lexicon": "loader",
    "load_lexicon": "loader",
    "WordError": "spelling",
    "normalize": "spelling",
}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value
