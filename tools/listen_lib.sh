# listen_lib.sh - sourced by tools/listen_<game>.sh: run one game under the real Orca
# through ../shared/tools/listen/listen.sh and check what was spoken.
#
#   listen_game NAME OUTDIR KEYS WANT... -- SOBREMESA_ARGS...
#
# NAME names the output files (OUTDIR/NAME.txt, .braille.txt, .speechd.txt,
# .screen.txt; OUTDIR "" = a new /tmp dir). KEYS is LISTEN_KEYS. Every WANT must be
# spoken. Exit status: 0 ok; the listen tool's status if it failed (2 setup, 124
# timeout, or the game's own exit code); 3 = a WANT was not spoken. Known problems
# (stray echoes, silent review step) are printed as WARN and do not fail the run.
# Overrides: LISTEN_SH (path to listen.sh), SOBREMESA_BIN (the program to run); any
# other LISTEN_* knob of listen.sh passes through (LISTEN_WPM=180, LISTEN_KEEP=1...).

LISTEN_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

listen_game() {
  local name=$1 outdir=$2 keys=$3
  shift 3
  local wants=()
  while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do wants+=("$1"); shift; done
  shift
  local listen_sh=${LISTEN_SH:-$LISTEN_ROOT/../shared/tools/listen/listen.sh}
  local bin=${SOBREMESA_BIN:-$LISTEN_ROOT/.venv/bin/sobremesa}
  outdir=${outdir:-$(mktemp -d "/tmp/listen_$name.XXXXXX")}
  [ -x "$listen_sh" ] || { echo "listen_$name: listen.sh not found at $listen_sh (set LISTEN_SH)" >&2; return 2; }
  [ -x "$bin" ] || { echo "listen_$name: $bin missing (pip install -e . in .venv)" >&2; return 2; }
  mkdir -p "$outdir"
  local out="$outdir/$name.txt"
  local game_home
  game_home=$(mktemp -d /tmp/sobremesa_home.XXXXXX)

  SOBREMESA_HOME=$game_home LISTEN_LANG=${LISTEN_LANG:-es_ES.UTF-8} LISTEN_KEYS=$keys \
    "$listen_sh" "$out" -- "$bin" "$@"
  local rc=$?
  rm -rf -- "$game_home"

  echo "spoken:  $out"
  echo "braille: $outdir/$name.braille.txt"
  echo "speechd: $outdir/$name.speechd.txt"
  echo "screen:  $outdir/$name.screen.txt"
  if [ "$rc" -ne 0 ] || [ ! -s "$out" ]; then
    echo "FAIL: listen.sh exited with status $rc" >&2
    return $(( rc == 0 ? 2 : rc ))
  fi

  # Utterances only: drop harness lines ("# ...") and key echoes ("[key] ...").
  local spoken missing=0 want
  spoken=$(awk -F'\t' '$2 !~ /^# / && $2 !~ /^\[key\]/ {print $2}' "$out")
  for want in "${wants[@]}"; do
    if ! grep -qF -- "$want" <<<"$spoken"; then
      echo "FAIL: not spoken: \"$want\"" >&2
      missing=1
    fi
  done

  # Known problems found when these checks were written; warnings only.
  local strays prior
  strays=$(grep -cE '^ ?[^ ]{1,2}$|^ ?[[:alpha:]]+$' <<<"$spoken")
  [ "$strays" -gt 0 ] && echo "WARN: $strays stray one-word utterances (echo of a typed char after a space, or a prompt fragment):" \
    && grep -nE '^ ?[^ ]{1,2}$|^ ?[[:alpha:]]+$' <<<"$spoken" | sed 's/^/  /'
  prior=$(awk -F'\t' '$2 ~ /^# key: Prior/ {n++; getline; getline; if ($2 ~ /^# / || $2 ~ /^\[key\]/) s++} END {print s+0}' "$out")
  [ "$prior" -gt 0 ] && echo "WARN: $prior PageUp review step(s) spoke nothing"

  [ "$missing" -eq 0 ] && echo "OK: key announcements spoken" || return 3
}
