#!/usr/bin/env bash
# listen_review.sh - hear the history review (PageUp, Ctrl+Home, Ctrl+End, Escape) of
# a Chinchón game as the real Orca screen reader speaks it and the braille line
# shows it (DESIGN.md §6, issue 10).
#
# OPT-IN: not run by CI; pytest runs it only with SOBREMESA_ORCA=1. Needs Orca & co.
#
#   tools/listen_review.sh [OUTDIR]             # LISTEN_WPM=180 for real speaking time
#
# What it does: seed 1, two rivals, bot pace 1 s. Plays one turn (robar, descartar p1),
# waits for the next turn (its prompt Roba>, not the line "Tu turno.", which echoes
# can hold), then PageUp three times, Ctrl+Home, Ctrl+End, Escape, and salir.
set -u
source "$(dirname "$0")/listen_lib.sh"

KEYS=$'@wait Roba>
robar
descartar p1
@wait Roba>
@key Prior
@key Prior
@key Prior
@key ctrl+Home
@key ctrl+End
@key Escape
salir'

LISTEN_TIMEOUT=${LISTEN_TIMEOUT:-300} listen_game review "${1:-}" "$KEYS" \
  "Tiras el" "Partida guardada" \
  -- jugar chinchon --semilla 1 --rivales 2 --ritmo 1
