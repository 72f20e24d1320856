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
# What it does: Spanish locale, seed 1, two rivals, bot pace 1 s. Waits for "Tu turno",
# types mano, robar, combinaciones, descartar 1, presses F4, PageUp twice, Escape,
# types historial 5, waits for the next "Tu turno" and types salir. SOBREMESA_HOME is
# a fresh temporary dir (your own saves and settings are not touched).
#
# Output: OUTDIR/chinchon.txt (spoken), chinchon.braille.txt (braille line),
# chinchon.speechd.txt (what reached the synthesizer), chinchon.screen.txt (final screen).
# Exit status: 0 = ok; the listen tool's status if it failed (2 setup, 124 timeout, or
# the game's own exit code); 3 = a key announcement was not spoken. Known problems
# (stray echoes, silent review step) are printed as WARN and do not fail the run.
set -u

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
LISTEN_SH=${LISTEN_SH:-$ROOT/../shared/tools/listen/listen.sh}
SOBREMESA_BIN=${SOBREMESA_BIN:-$ROOT/.venv/bin/sobremesa}
OUTDIR=${1:-$(mktemp -d /tmp/listen_chinchon.XXXXXX)}

[ -x "$LISTEN_SH" ] || { echo "listen_chinchon: listen.sh not found at $LISTEN_SH (set LISTEN_SH)" >&2; exit 2; }
[ -x "$SOBREMESA_BIN" ] || { echo "listen_chinchon: $SOBREMESA_BIN missing (pip install -e . in .venv)" >&2; exit 2; }
mkdir -p "$OUTDIR"
OUT="$OUTDIR/chinchon.txt"

KEYS=$'@wait Tu turno
mano
robar
combinaciones
descartar 1
@key F4
@key Prior
@key Prior
@key Escape
historial 5
@wait Tu turno
salir'

GAME_HOME=$(mktemp -d /tmp/sobremesa_home.XXXXXX)
trap 'rm -rf -- "$GAME_HOME"' EXIT

SOBREMESA_HOME=$GAME_HOME LISTEN_LANG=${LISTEN_LANG:-es_ES.UTF-8} LISTEN_KEYS=$KEYS \
  "$LISTEN_SH" "$OUT" -- "$SOBREMESA_BIN" jugar chinchon --semilla 1 --rivales 2 --ritmo 1
rc=$?

echo "spoken:  $OUT"
echo "braille: $OUTDIR/chinchon.braille.txt"
echo "speechd: $OUTDIR/chinchon.speechd.txt"
echo "screen:  $OUTDIR/chinchon.screen.txt"
if [ "$rc" -ne 0 ] || [ ! -s "$OUT" ]; then
  echo "FAIL: listen.sh exited with status $rc" >&2
  exit $(( rc == 0 ? 2 : rc ))
fi

# Utterances only: drop harness lines ("# ...") and key echoes ("[key] ...").
SPOKEN=$(awk -F'\t' '$2 !~ /^# / && $2 !~ /^\[key\]/ {print $2}' "$OUT")
missing=0
for want in "Tus cartas" "Tu mano, 7 cartas" "Robas el" "Combinaciones:" "Tiras el" \
            "Puntos:" "Historial, 5" "Partida guardada"; do
  if ! grep -qF -- "$want" <<<"$SPOKEN"; then
    echo "FAIL: not spoken: \"$want\"" >&2
    missing=1
  fi
done

# Known problems found when this check was written; warnings only.
strays=$(grep -cE '^ ?[^ ]{1,2}$|^ ?[[:alpha:]]+$' <<<"$SPOKEN")
[ "$strays" -gt 0 ] && echo "WARN: $strays stray one-word utterances (echo of a typed char after a space, or a prompt fragment):" \
  && grep -nE '^ ?[^ ]{1,2}$|^ ?[[:alpha:]]+$' <<<"$SPOKEN" | sed 's/^/  /'
prior=$(awk -F'\t' '$2 ~ /^# key: Prior/ {n++; getline; getline; if ($2 ~ /^# / || $2 ~ /^\[key\]/) s++} END {print s+0}' "$OUT")
[ "$prior" -gt 0 ] && echo "WARN: $prior PageUp review step(s) spoke nothing"

[ "$missing" -eq 0 ] && echo "OK: key announcements spoken" || exit 3
