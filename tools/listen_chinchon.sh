#!/usr/bin/env bash
# listen_chinchon.sh - hear a short Chinchón game as the real Orca screen reader
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
#   tools/listen_chinchon.sh [OUTDIR]            # OUTDIR defaults to a new /tmp dir
#   LISTEN_WPM=180 tools/listen_chinchon.sh      # simulate real speaking time (slower)
# Any other LISTEN_* knob of listen.sh is passed through (LISTEN_KEEP=1, LISTEN_DEBUG=1...).
# Overrides: LISTEN_SH (path to listen.sh), SOBREMESA_BIN (the program to run).
#
# What it does: Spanish locale, seed 5, two rivals, bot pace 1 s. At the first turn
# (prompt Roba>) types mano, robar, combinaciones, descartar 7 de espadas (the card
# drawn), presses F4, PageUp twice, Escape, types historial 5; at the next turn
# (the next Roba> prompt: the history answer holds "Tu turno." too, so the script
# waits for the prompt, never for that line) robar (the rey de bastos) and descartar
# rey de bastos; Elena then closes; the player types listo at the lay-off prompt
# (Coloca o listo>), Intro at the round end (Intro>), and salir at the first turn of
# round 2. SOBREMESA_HOME is a fresh temporary dir (your own saves and settings are
# not touched).
#
# Output: OUTDIR/chinchon.txt (spoken), chinchon.braille.txt (braille line),
# chinchon.speechd.txt (what reached the synthesizer), chinchon.screen.txt (final screen).
# Exit status: 0 = ok; the listen tool's status if it failed (2 setup, 124 timeout, or
# the game's own exit code); 3 = a key announcement was not spoken. Known problems
# (stray echoes, silent review step) are printed as WARN and do not fail the run.
set -u
source "$(dirname "$0")/listen_lib.sh"

KEYS='@wait Roba>
mano
robar
combinaciones
descartar 7 de espadas
@key F4
@key Prior
@key Prior
@key Escape
historial 5
@wait Roba>
robar
descartar rey de bastos
@wait Coloca o listo>
listo
@wait Intro>

@wait Roba>
salir'

LISTEN_TIMEOUT=${LISTEN_TIMEOUT:-400} listen_game chinchon "${1:-}" "$KEYS" \
  "Tus cartas" "Tu mano, 7 cartas" "Robas el" "Combinaciones:" "Tiras el" \
  "Puntos:" "Historial, 5" "Robas el rey de bastos" "Elena roba del mazo y cierra" \
  "Te toca colocar" "Terminas de colocar" "Ronda 2" "Partida guardada" \
  -- jugar chinchon --semilla 5 --rivales 2 --ritmo 1
