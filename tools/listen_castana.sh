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
# What it does: Spanish locale, seed 118, two easy rivals (Mario and Ana), bot pace 1 s,
# 10-second real-time windows. Seed 118 gives the player, in the first minute of
# round 1, a Ñ race (Mario throws the Ñ out of turn), a steal window (¡Castaña desde
# la N!) and a challenge window (Ana's NULA). Presses Intro to start; mano in the Ñ
# race; robar at the first turn; paso to the steal window; dudo to NULA; then F4,
# PageUp twice, Escape, historial 5 and salir. Every @wait waits for the prompt of
# the moment (¡Mano!>, Castaña o paso>, Dudo o paso>, Juega>), which no answer or
# history echo contains. The player answers after the speech has been silent for
# 1.5 s (listen.sh), as a listener who waits for silence would. SOBREMESA_HOME is
# a fresh temporary dir. Seeds were chosen with a scripted run (piped input, windows
# by turns, no start gate): printf 'mano\nrobar\npaso\ndudo\nsalir\n' | SOBREMESA_HOME=$(mktemp -d)
# TERM=dumb .venv/bin/python -m sobremesa jugar castana --semilla 118 --rivales 2
# --nivel facil --ritmo 0 --ventana 10
#
# Output: OUTDIR/castana.txt (spoken), castana.braille.txt (braille line),
# castana.speechd.txt (what reached the synthesizer), castana.screen.txt (final screen).
# Exit status: 0 = ok; the listen tool's status if it failed (2 setup, 124 timeout, or
# the game's own exit code); 3 = a key announcement was not spoken. Known problems
# (stray echoes, silent review step) are printed as WARN and do not fail the run.
set -u
source "$(dirname "$0")/listen_lib.sh"

KEYS='@wait Intro>

@wait ¡Mano!>
mano
@wait Juega>
robar
@wait Castaña o paso>
paso
@wait Dudo o paso>
dudo
@wait Juega>
@key F4
@key Prior
@key Prior
@key Escape
historial 5
salir'

LISTEN_TIMEOUT=${LISTEN_TIMEOUT:-300} listen_game castana "${1:-}" "$KEYS" \
  "Tus cartas" "Pon la mano" "Pones la mano" "Robas O verde" "Castaña desde la N" \
  "¿NULA" "Dudas de NULA" "Puntos:" "Historial, 5" "Partida guardada" \
  -- jugar castana --semilla 118 --rivales 2 --nivel facil \
  --ritmo 1 --ventana 10
