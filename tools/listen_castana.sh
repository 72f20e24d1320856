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
# What it does: Spanish locale, seed 1, two easy rivals, bot pace 1 s, 10-second
# real-time windows. Presses Intro to start, waits for "Tu turno", types mano,
# palabras, mesa, robar; waits for the challenge window of Marta's word and types
# paso; presses F4, PageUp twice, Escape; types historial 5, waits for the next
# "Tu turno" and types salir. SOBREMESA_HOME is a fresh temporary dir.
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
mano
palabras
mesa
robar
@wait Dudas de
paso
@key F4
@key Prior
@key Prior
@key Escape
historial 5
@wait Tu turno
salir'

listen_game castana "${1:-}" "$KEYS" \
  "Tus cartas" "6 cartas, " "Desde la C" "Arriba: C roja" "Robas I azul" \
  "Dudas de CAIS" "Marta forma CAIS" "Pasas" "Puntos:" "Historial, 5" \
  "Partida guardada" \
  -- jugar castana --semilla 1 --rivales 2 --nivel facil \
  --ritmo 1 --ventana 10
