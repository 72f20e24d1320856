"""Chinchón (seed 003): pure rules (`rules`), meld solver (`melds`) and bots (`bots`).

The decisions this version takes where the seed is silent are listed in the
docstring of `sobremesa.games.chinchon.rules`.
"""
