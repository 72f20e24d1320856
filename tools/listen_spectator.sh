#!/usr/bin/env bash
# listen_spectator.sh - listen to 65 s of a Chinchón game between bots (spectator
# mode) as the real Orca screen reader speaks it, to measure how far the voice falls
# behind the game (DESIGN.md §6, issue 10: spectator lag under 5 s).
#
# OPT-IN: not run by CI; pytest runs it only with SOBREMESA_ORCA=1. Needs Orca & co.
#
#   tools/listen_spectator.sh [OUTDIR]
#   LISTEN_WPM=180 tools/listen_spectator.sh     # the lag is measured at a real rate
#
# What it does: jugar chinchon --espectador --semilla 3 --ritmo 1; no key after the
# launch (and Intro at a start gate, if there is one) for 65 s, then salir.
# The analyzer reports the lag for the lines printed after 60 s.
set -u
source "$(dirname "$0")/listen_lib.sh"

KEYS=$'@sleep 65
salir'

LISTEN_TIMEOUT=${LISTEN_TIMEOUT:-200} listen_game spectator "${1:-}" "$KEYS" \
  "Chinchón" \
  -- jugar chinchon --espectador --semilla 3 --ritmo 1
