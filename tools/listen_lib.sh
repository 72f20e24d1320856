# listen_lib.sh - sourced by tools/listen_<scenario>.sh: run one game under the real Orca
# through ../shared/tools/listen/listen.sh, check what was spoken and print the
# tools/listen_report.py row (issue 10, "How it is checked").
#
#   listen_game NAME OUTDIR KEYS WANT... -- SOBREMESA_ARGS...
#
# NAME names the output files (OUTDIR/NAME.txt, .braille.txt, .speechd.txt,
# .screen.txt; OUTDIR "" = a new /tmp dir), plus the game's own trace of what it
# printed, NAME.trace.txt (SOBREMESA_TRACE), and the analysis: NAME.report.txt (the
# row and the lines behind every count) and NAME.report.json. KEYS is LISTEN_KEYS.
# Every WANT must be spoken. Exit status: 0 ok; the listen tool's status if it failed
# (2 setup, 124 timeout, or the game's own exit code); 3 = a WANT was not spoken.
# What the analyzer counts (lines never spoken, lines that lost their head, lines
# spoken twice, prompt fragments spoken alone, digit-only utterances) is printed as
# WARN and does not fail the run: the targets are in issue 10.
#
# Overrides: LISTEN_SH (path to listen.sh), SOBREMESA_BIN (the program to run),
# LISTEN_PYTHON (runs the analyzer; default python3); any other LISTEN_* knob of
# listen.sh passes through (LISTEN_WPM=180, LISTEN_KEEP=1...); LISTEN_MAX_WAIT defaults
# to 60 s here (listen.sh: 20). For code that has no trace of its own, run it through a
# wrapper that puts tools/listen_shim on its PYTHONPATH (tools/listen_all.sh --rev COMMIT
# makes one).
#
# Opt-in: never run by CI. pytest runs every scenario only with SOBREMESA_ORCA=1
# (tests/test_listen_orca.py); tools/listen_all.sh runs them all, plain and at
# 180 words per minute, and writes OUTDIR/TABLE.md.

LISTEN_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

listen_game() {
  local name=$1 outdir=$2 keys=$3
  shift 3
  local wants=()
  while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do wants+=("$1"); shift; done
  shift
  local listen_sh=${LISTEN_SH:-$LISTEN_ROOT/../shared/tools/listen/listen.sh}
  local bin=${SOBREMESA_BIN:-$LISTEN_ROOT/.venv/bin/sobremesa}
  local py=${LISTEN_PYTHON:-python3}
  outdir=${outdir:-$(mktemp -d "/tmp/listen_$name.XXXXXX")}
  [ -x "$listen_sh" ] || { echo "listen_$name: listen.sh not found at $listen_sh (set LISTEN_SH)" >&2; return 2; }
  [ -x "$bin" ] || { echo "listen_$name: $bin missing (pip install -e . in .venv)" >&2; return 2; }
  mkdir -p "$outdir"
  outdir=$(cd "$outdir" && pwd)
  local out="$outdir/$name.txt" trace="$outdir/$name.trace.txt"
  rm -f -- "$trace"  # the game appends to it
  local game_home
  game_home=$(mktemp -d /tmp/sobremesa_home.XXXXXX)

  # A listener who waits for silence waits as long as it takes (listen.sh's default
  # is 20 s; a 180-wpm burst or a speech-paced game takes longer); it also bounds @wait.
  LISTEN_MAX_WAIT=${LISTEN_MAX_WAIT:-60} SOBREMESA_TRACE=$trace SOBREMESA_HOME=$game_home \
    LISTEN_LANG=${LISTEN_LANG:-es_ES.UTF-8} LISTEN_KEYS=$keys \
    "$listen_sh" "$out" -- "$bin" "$@"
  local rc=$?
  rm -rf -- "$game_home"

  echo "spoken:  $out"
  echo "braille: $outdir/$name.braille.txt"
  echo "speechd: $outdir/$name.speechd.txt"
  echo "screen:  $outdir/$name.screen.txt"
  echo "trace:   $trace"
  if [ "$rc" -ne 0 ] || [ ! -s "$out" ]; then
    echo "FAIL: listen.sh exited with status $rc" >&2
    [ -s "$out" ] && listen_report "$name" "$out"
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

  local prior waits
  prior=$(awk -F'\t' '$2 ~ /^# key: Prior/ {n++; getline; getline; if ($2 ~ /^# / || $2 ~ /^\[key\]/) s++} END {print s+0}' "$out")
  [ "$prior" -gt 0 ] && echo "WARN: $prior PageUp review step(s) spoke nothing"
  waits=$(grep -c $'\t# @wait timed out' "$out")
  [ "$waits" -gt 0 ] && echo "WARN: $waits @wait timed out (the game did not say what the script expected):" \
    && grep $'\t# @wait timed out' "$out" | sed 's/^/  /'

  listen_report "$name" "$out"
  [ "$missing" -eq 0 ] && echo "OK: key announcements spoken" || return 3
}

# listen_report NAME OUTPUT.txt: the analyzer's row, details in NAME.report.txt/.json,
# and a WARN for every count that misses its target.
listen_report() {
  local name=$1 out=$2 py=${LISTEN_PYTHON:-python3}
  local base=${out%.txt}
  "$py" "$LISTEN_ROOT/tools/listen_report.py" --details --name "$name" "$out" > "$base.report.txt" \
    || { echo "WARN: listen_report.py failed" >&2; return 0; }
  "$py" "$LISTEN_ROOT/tools/listen_report.py" --json --name "$name" "$out" > "$base.report.json" || true
  echo "report:  $base.report.txt"
  head -2 "$base.report.txt"
  "$py" - "$base.report.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))[0]
for key, what in [("never", "lines never spoken"), ("partly", "lines lost their head"),
                  ("twice", "lines spoken twice"), ("fragments", "prompt fragments spoken alone"),
                  ("digits", "digit-only utterances")]:
    if r[key]:
        print(f"WARN: {r[key]} {what}")
if r.get("windows") and r.get("windows_answerable") is not None and r["windows_answerable"] < r["windows"]:
    print(f"WARN: {r['windows'] - r['windows_answerable']} of {r['windows']} windows not answerable")
if r.get("lag_max") is not None and r["lag_max"] >= 5:
    print(f"WARN: spectator lag {r['lag_max']} s (target < 5 s)")
if r.get("prompt_share") is not None and r["prompt_share"] > 10:
    print(f"WARN: prompts are {r['prompt_share']} % of speech (target <= 10 %)")
if r.get("long_prompts"):
    print(f"WARN: {len(r['long_prompts'])} prompts longer than 30 cells")
EOF
}
