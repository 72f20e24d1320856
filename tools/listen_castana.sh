#!/usr/bin/env bash
# listen_castana.sh - hear a short ABC ¡Castaña! game as the real Orca screen reader
# speaks it, and see what a 40-cell braille display shows (DESIGN.md §2 and §6).
#
# OPT-IN: not run by CI or pytest. It drives Orca 43 + gnome-terminal on a private
# headless X display through /work/shared/tools/listen/listen.sh (read its README).
#
# Needs (Debian 12, once, as root; about 35 s):
#   apt-get update
#   apt-get install -y --no-install-recommends xvfb dbus-daemon dbus-bin at-spi2-core orca \
#       speech-dispatcher gnome-terminal xdotool python3-pyatspi brltty python3-brlapi locales
# and the project installed in .venv (.venv/bin/sobremesa).
#
# Run (from anywhere):
#   tools/listen_castana.sh [OUTDIR]            # OUTDIR defaults to a new /tmp dir
#   LISTEN_WPM=180 tools/listen_castana.sh      # simulate real speaking time (slower)
# Any other LISTEN_* knob of listen.sh is passed through (LISTEN_KEEP=1, LISTEN_DEBUG=1...).
# Overrides: LISTEN_SH (path to listen.sh), SOBREMESA_BIN (the program to run).
#
# What it does: Spanish locale, seed 3, two easy rivals, bot pace 1 s, 10-second
# real-time windows. Presses Intro to start; robs at each turn; answers paso to the
# two steal windows (¡Castaña desde la T/B!), dudo to the challenge of Jorge's PEZ
# (his last word of round 1), Intro for round 2, paso to the windows of FEO and OVE,
# robar, mano in the Ñ race (Lucía throws the Ñ), then F4, PageUp twice, Escape,
# historial 5 and salir. The player answers after the speech has been silent for
# 1.5 s (listen.sh), as a listener who waits for silence would. SOBREMESA_HOME is
# a fresh temporary dir.
#
# Output: OUTDIR/castana.txt (spoken), castana.braille.txt (braille line),
# castana.speechd.txt (what reached the synthesizer), castana.screen.txt (final screen).
# Exit status: 0 = ok; the listen tool's status if it failed (2 setup, 124 timeout, or
# the game's own exit code); 3 = a key announcement was not spoken. Known problems
# (stray echoes, silent review step) are printed as WARN and do not fail the run.
set -u
source "$(dirname "$0")/listen_lib.sh"

KEYS=$'@wait Intro

@wait Tu turno
robar
@wait [Cc]astaña desde
paso
@wait Tu turno
robar
@wait [Cc]astaña desde
paso
@wait Tu turno
robar
@wait Tu turno
robar
@wait Tu turno
robar
@wait PEZ
dudo
@wait Intro

@wait FEO
paso
@wait OVE
paso
@wait Tu turno
robar
@wait Pon la mano
mano
@wait Tu turno
@key F4
@key Prior
@key Prior
@key Escape
historial 5
salir'

LISTEN_TIMEOUT=${LISTEN_TIMEOUT:-600} listen_game castana "${1:-}" "$KEYS" \
  "Tus cartas" "Robas R roja" "¿PEZ" "Dudas de PEZ" "Pon la mano" "Puntos:" "Historial, 5" \
  "Partida guardada" \
  -- jugar castana --semilla 3 --rivales 2 --nivel facil \
  --ritmo 1 --ventana 10
