#!/bin/sh
# P12's join figure (PERFORMANCE.md): a new replica joins a remote holding a snapshot of N
# journeys, against `roadtrip import` of the same N into a new file, in the same run.
# usage: scripts/p12-join.sh [N] [ROADTRIP]   (N default 100000; ROADTRIP default the release
# build's .build/release/roadtrip)
set -eu
n=${1:-100000}
roadtrip=${2:-.build/release/roadtrip}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 scripts/generate-journeys.py "$n" "$work/journeys" >/dev/null
seconds() { python3 -c 'import time; print(f"{time.monotonic():.3f}")'; }
timed() {
  label=$1; shift
  start=$(seconds)
  "$@" >/dev/null 2>"$work/stderr" || { cat "$work/stderr" >&2; exit 1; }
  end=$(seconds)
  python3 -c "print(f'$label: {$end - $start:.2f} s')"
}
timed "import $n into a new file" "$roadtrip" import "$work/journeys.ndjson" --db "$work/import.sqlite"
"$roadtrip" import "$work/journeys.ndjson" --db "$work/a.sqlite" >/dev/null
timed "A's first sync (sends $n)" "$roadtrip" sync "$work/remote" --db "$work/a.sqlite"
timed "A compacts (snapshot of $n)" "$roadtrip" sync --compact --db "$work/a.sqlite"
ls -l "$work/remote/snapshots" | tail -n +2 | awk '{print "snapshot bytes: " $5}'
timed "B joins from the snapshot" "$roadtrip" sync "$work/remote" --db "$work/b.sqlite"
grep -h "joined from" "$work/stderr" || echo "B did not join from a snapshot" >&2
a=$(sqlite3 -csv "$work/a.sqlite" 'SELECT * FROM journey ORDER BY id' | md5sum)
b=$(sqlite3 -csv "$work/b.sqlite" 'SELECT * FROM journey ORDER BY id' | md5sum)
[ "$a" = "$b" ] && echo "A and B hold identical journeys" || echo "A and B differ" >&2
timed "import $n into a new file, again" "$roadtrip" import "$work/journeys.ndjson" --db "$work/import2.sqlite"
