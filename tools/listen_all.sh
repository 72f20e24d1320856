#!/usr/bin/env bash
# listen_all.sh - run every listen scenario under the real Orca, plain and at 180 words
# per minute, and write the issue-10 table (tools/listen_report.py) to OUTDIR/TABLE.md.
#
#   tools/listen_all.sh [--rev COMMIT] [OUTDIR]      # OUTDIR defaults to a new /tmp dir
#   tools/listen_all.sh [--rev COMMIT] --table OUTDIR   # only analyze again and
#                                                       # rewrite the reports and TABLE.md
#
# OPT-IN: never run by CI (about 20 minutes; needs Orca & co., see
# ../shared/tools/listen/README.md). Runs go to OUTDIR/plain/ and OUTDIR/wpm180/
# (NAME.txt, .braille.txt, .speechd.txt, .screen.txt, .trace.txt, .report.txt/.json)
# and each run's log to OUTDIR/logs/. OUTDIR/TABLE.md: one row per run.
#
# --rev COMMIT measures that commit instead of the working tree: it is exported with
# git archive to a temporary dir and run by .venv's Python with tools/listen_shim on
# PYTHONPATH, which writes the trace for code that does not write its own (the
# "before" measurement: tools/listen_all.sh --rev 2cb7c71 /tmp/listen_baseline).
# Knobs: LISTEN_SCENARIOS (default: palabras cabanga cabanga_v6 castana chinchon
# spectator review), LISTEN_RATES (default "0 180"), SOBREMESA_BIN, and any LISTEN_*
# knob of listen.sh.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
REV=
TABLE_ONLY=0
if [ "${1:-}" = --rev ]; then REV=$2; shift 2; fi
if [ "${1:-}" = --table ]; then TABLE_ONLY=1; shift; fi
OUTDIR=${1:-$(mktemp -d /tmp/listen_all.XXXXXX)}
mkdir -p "$OUTDIR/logs"
OUTDIR=$(cd "$OUTDIR" && pwd)

if [ -n "$REV" ] && [ "$TABLE_ONLY" = 0 ]; then
  SRC=$(mktemp -d /tmp/listen_rev.XXXXXX)
  trap 'rm -rf -- "$SRC"' EXIT
  git -C "$ROOT" archive "$REV" | tar -x -C "$SRC" || { echo "cannot export $REV" >&2; exit 2; }
  cat > "$SRC/sobremesa" <<WRAP
#!/bin/bash
# $REV of Sobremesa, traced by tools/listen_shim when it has no trace of its own
export PYTHONPATH=$SRC/src:$HERE/listen_shim
exec $ROOT/.venv/bin/python -m sobremesa "\$@"
WRAP
  chmod +x "$SRC/sobremesa"
  export SOBREMESA_BIN=$SRC/sobremesa
  echo "measuring $REV ($(git -C "$ROOT" log -1 --format='%h %s' "$REV" | cut -c1-70)) from $SRC"
fi

SCENARIOS=${LISTEN_SCENARIOS:-palabras cabanga cabanga_v6 castana chinchon spectator review}
RATES=${LISTEN_RATES:-0 180}
[ "$TABLE_ONLY" = 1 ] && RATES=
status=0
for rate in $RATES; do
  dir=$OUTDIR/plain
  [ "$rate" != 0 ] && dir=$OUTDIR/wpm$rate
  for sc in $SCENARIOS; do
    args=()
    script=$HERE/listen_$sc.sh
    if [ "$sc" = cabanga_v6 ]; then script=$HERE/listen_cabanga.sh; args=(--ventana 6); fi
    log=$OUTDIR/logs/$sc.$rate.log
    echo "== $sc at ${rate:-0} wpm -> $dir (log $log)"
    LISTEN_WPM=$rate "$script" "$dir" "${args[@]}" > "$log" 2>&1
    rc=$?
    grep -E '^(run:|WARN|FAIL|OK)' "$log" | sed 's/^/   /'
    [ "$rc" -ne 0 ] && { echo "   exit status $rc"; status=1; }
  done
done

if [ "$TABLE_ONLY" = 1 ]; then
  source "$HERE/listen_lib.sh"
  for out in "$OUTDIR"/*/*.report.txt; do
    out=${out%.report.txt}.txt
    [ -s "$out" ] && listen_report "$(basename "${out%.txt}")" "$out" > /dev/null
  done
fi

# the table: every run in OUTDIR (also those of earlier calls), scenarios in order
outs=()
ALL="palabras cabanga cabanga_v6 castana chinchon spectator review"
for sc in $ALL $(ls "$OUTDIR"/*/ 2>/dev/null | sed -n 's/\.report\.txt$//p' | sort -u); do
  for dir in "$OUTDIR"/plain "$OUTDIR"/wpm*; do
    [ -s "$dir/$sc.txt" ] && [[ " ${outs[*]} " != *" $dir/$sc.txt "* ]] && outs+=("$dir/$sc.txt")
  done
done
{
  echo "# Listen table${REV:+ for $REV}"
  echo
  echo "$(date -u '+%Y-%m-%d %H:%M UTC'); tools/listen_all.sh; each scenario plain and at 180 wpm"
  echo "(LISTEN_WPM). Columns: see tools/listen_report.py. Details per run: */NAME.report.txt."
  echo
  python3 "$HERE/listen_report.py" --table "${outs[@]}"
} > "$OUTDIR/TABLE.md"
echo "table: $OUTDIR/TABLE.md"
cat "$OUTDIR/TABLE.md"
exit $status
