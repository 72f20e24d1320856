"""Palabras (seed 002): the braille Scrabble-like word game. Pure rules and engine.

Modules:
- `tiles`: the 97 tiles, letter codes, rack helpers.
- `board`: the 15×15 board, premium layouts (as data), squares, `Move`.
- `notation`: `parse_move("CASA 8H")` and friends.
- `scoring`: `check_move` / `check_placement` (validation with reason codes) and scoring.
- `movegen`: every legal placement with its score (Appel–Jacobson on the DAWG).
- `rules`: `PalabrasGame`, its options, actions, events and per-seat view.
- `bots`: "facil", "medio", "dificil" and the "pista" (best move).
- `analysis`: `sobremesa palabras analizar` (`analyze_main`).

The decisions this version takes where the seed is silent are listed in the
docstring of `sobremesa.games.palabras.rules`.
"""
