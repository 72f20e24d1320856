#!/usr/bin/env bash
# listen_cabanga.sh - hear ¡Cabanga! with reaction windows for the player as the real
# Orca screen reader speaks it (DESIGN.md §6, issue 10).
#
# OPT-IN: not run by CI; pytest runs it only with SOBREMESA_ORCA=1. Needs Orca & co.
# (see tools/listen_chinchon.sh and ../shared/tools/listen/README.md).
#
#   tools/listen_cabanga.sh [OUTDIR]              # default settings, seed 4
#   tools/listen_cabanga.sh [OUTDIR] --ventana 6  # extra arguments go to the game;
#                                                 # the files are then cabanga_v6.*
#   LISTEN_WPM=180 tools/listen_cabanga.sh        # real speaking time
#
# What it does: seed 4 (three rivals, the default table), bot pace 1 s. The player
# gets four windows in the first three own turns (seed 4 played with paso). Presses
# Intro to start; answers paso in every window offered to the player (a listener
# who waits for silence, so late answers show); plays rojo 6, azul 1 and rojo 12 on
# the left; then salir.
set -u
source "$(dirname "$0")/listen_lib.sh"

OUTDIR=${1:-}
shift $(( $# > 0 ? 1 : 0 ))
NAME=cabanga
[ "$*" = "--ventana 6" ] && NAME=cabanga_v6
[ "$#" -gt 0 ] && [ "$NAME" = cabanga ] && NAME=cabanga_x

# Every @wait waits for a prompt, which no answer or history echo contains: a window
# the player can answer is its prompt "Cabanga o paso>" (never "no te entra"), a turn
# is "Juega>" (the line "Tu turno." may be in an echo).
WIN='Cabanga o paso>'
TURN='Juega>'
KEYS="@wait Intro

@wait $WIN
paso
@wait $TURN
jugar rojo 6 izquierda
@wait $TURN
jugar azul 1 izquierda
@wait $WIN
paso
@wait $TURN
jugar rojo 12 izquierda
@wait $WIN
paso
@wait $WIN
paso
@wait $TURN
salir"

LISTEN_TIMEOUT=${LISTEN_TIMEOUT:-480} listen_game "$NAME" "$OUTDIR" "$KEYS" \
  "Tus cartas" "Juegas rojo 6" "Partida guardada" \
  -- jugar cabanga --semilla 4 --ritmo 1 "$@"
