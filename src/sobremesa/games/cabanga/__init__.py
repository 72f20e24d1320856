"""¡Cabanga! (seed 001): pure rules (`rules`) and bots (`bots`).

The decisions this version takes where the seed is silent are listed in the
docstring of `sobremesa.games.cabanga.rules` and in docs/cabanga.md.
"""
