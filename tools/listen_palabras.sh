#!/usr/bin/env bash
# listen_palabras.sh - hear a Palabras session as the real Orca screen reader speaks
# it, and see what a 40-cell braille display shows (DESIGN.md §6, issue 10).
#
# OPT-IN: not run by CI; pytest runs it only with SOBREMESA_ORCA=1. Needs Orca & co.
# (see tools/listen_chinchon.sh and ../shared/tools/listen/README.md).
#
#   tools/listen_palabras.sh [OUTDIR]          # LISTEN_WPM=180 for real speaking time
#
# What it does: seed 1, one easy rival, bot pace 1 s. At the prompt "Tu jugada>" (the
# @waits wait for prompts, which no echo holds) types explorar,
# takes six arrow steps (Right, Right, Down, Down, Left, Up), Escape, ficha 1, fila 8,
# plays ALEUDE at 8H (the hint for this seed), waits for the rival's reply and the
# next turn, and types salir. Output and exit status as in tools/listen_lib.sh.
set -u
source "$(dirname "$0")/listen_lib.sh"

KEYS=$'@wait Tu jugada>
explorar
@key Right
@key Right
@key Down
@key Down
@key Left
@key Up
@key Escape
ficha 1
fila 8
jugar ALEUDE 8H
@wait Marta (juega|forma|pasa|cambia)
@wait Tu jugada>
salir'

LISTEN_TIMEOUT=${LISTEN_TIMEOUT:-300} listen_game palabras "${1:-}" "$KEYS" \
  "Tu turno" "Fila 8" "Juegas ALEUDE" "Marta" "Partida guardada" \
  -- jugar palabras --semilla 1 --rivales 1 --nivel facil --ritmo 1
