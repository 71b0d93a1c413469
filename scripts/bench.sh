#!/usr/bin/env bash
# Compares the release roadtrip binary with the sqlite3 shell on the same journeys, in one run,
# with hyperfine, and prints the ratios (PERFORMANCE.md, P1-P4 and P7). hyperfine runs all runs of
# one command, then all of the other: a change of load between the two blocks biases a ratio, so
# rerun, or interleave by hand, on a busy machine.
# usage: scripts/bench.sh [ROWS]   (default 1000000; RUNS=n sets hyperfine's runs;
# ONLY="edit batch" runs only those of: import export edit batch batchfile list)
set -euo pipefail
rows=${1:-1000000}
runs=${RUNS:-5}
only=" ${ONLY:-import export edit batch batchfile list} "
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/roadtrip-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
command -v hyperfine >/dev/null || { echo "bench.sh needs hyperfine (apt-get install hyperfine)" >&2; exit 1; }

# Built as the README tells users to build it.
(cd "$root" && swift build -c release -Xswiftc -static-executable --product roadtrip >/dev/null)
roadtrip="$root/.build/release/roadtrip"
cd "$work"
python3 "$root/scripts/generate-journeys.py" "$rows" journeys
head -n $((rows / 10)) journeys.ids > batch.ids

# An empty roadtrip database, and an equivalent one for sqlite3: the same journey table, with the
# same constraints and indexes, without roadtrip's change log.
"$roadtrip" import --db empty.sqlite < /dev/null 2>/dev/null
sqlite3 equivalent.sqlite "PRAGMA journal_mode = WAL;" >/dev/null
# The table and its indexes, not the change log's triggers (which need roadtrip's other tables).
sqlite3 empty.sqlite "SELECT sql || ';' FROM sqlite_schema WHERE tbl_name = 'journey' AND type IN ('table', 'index') AND sql IS NOT NULL" \
  | sqlite3 equivalent.sqlite

results=()
ratio() {  # name, json, our command's index, anchor's index, "higher is better" when the anchor's time is the numerator
  python3 - "$@" <<'PY'
import json, sys
name, path, ours, anchor = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
r = json.load(open(path))["results"]
o, a = r[ours]["median"], r[anchor]["median"]
# CPU time (user + system, means over the runs) moves less than wall time on a shared machine.
oc, ac = (r[i]["user"] + r[i]["system"] for i in (ours, anchor))
print(f"| {name} | {o*1000:.1f} ms | {a*1000:.1f} ms | {a/o:.2f}× | {oc*1000:.1f} ms | {ac*1000:.1f} ms | {ac/oc:.2f}× |")
PY
}
wants() { [[ "$only" == *" $1 "* ]]; }
bench() {  # name, our prepare, our command, the anchor's prepare, the anchor's command
  wants "$1" || return 0
  hyperfine -N --style none --runs "$runs" --export-json "$work/$1.json" \
    --prepare "$2" "$3" --prepare "$4" "$5" >&2
  results+=("$(ratio "$1" "$work/$1.json" 0 1)")
}

# P1: import of every journey as NDJSON vs sqlite3 .import of the same journeys as CSV, each into
# a fresh copy of its empty database before every run.
bench import "sh -c 'cp empty.sqlite import.sqlite; rm -f import.sqlite-*'" \
  "$roadtrip import journeys.ndjson --db import.sqlite" \
  "sh -c 'cp equivalent.sqlite anchor.sqlite; rm -f anchor.sqlite-*'" \
  "sqlite3 anchor.sqlite -cmd '.mode csv' '.import journeys.csv journey'"
if ! wants import && { wants export || wants batch || wants batchfile || wants list; }; then  # they read what import wrote
  cp empty.sqlite import.sqlite && "$roadtrip" import journeys.ndjson --db import.sqlite 2>/dev/null
  cp equivalent.sqlite anchor.sqlite && sqlite3 anchor.sqlite -cmd '.mode csv' '.import journeys.csv journey'
fi
# P2: export of every journey vs sqlite3 -json.
bench export true "sh -c '$roadtrip export --db import.sqlite > /dev/null'" \
  true "sh -c 'sqlite3 -json anchor.sqlite \"SELECT * FROM journey\" > /dev/null'"
# P3: one edit per process on 100,000 journeys; the journey is set back to car before each run,
# so that both commands really write.
head -n 100000 journeys.ndjson > small.ndjson
"$roadtrip" import small.ndjson --db small.sqlite 2>/dev/null
cp small.sqlite small-anchor.sqlite
id=$(head -n 1 journeys.ids)
reset="UPDATE journey SET transportation_type = 'car' WHERE id = '$id'"
bench edit "sqlite3 small.sqlite \"$reset\"" "$roadtrip transport $id bike --db small.sqlite" \
  "sqlite3 small-anchor.sqlite \"$reset\"" \
  "sqlite3 small-anchor.sqlite \"UPDATE journey SET transportation_type = 'bike' WHERE id = '$id'\""
# P4: a batch edit of a tenth of the journeys, ids piped in, vs a SQL script in one transaction.
{ echo "BEGIN;"; sed "s/.*/UPDATE journey SET transportation_type = 'bike' WHERE id = '&';/" batch.ids; echo "COMMIT;"; } > batch.sql
sed "s/'bike'/'car'/" batch.sql > reset.sql
# Each run starts from a copy of the same file, the ids' journeys set to car: a reset by sqlite3
# before every run would add 20,000 outside batches to roadtrip's log each time, and the log's
# index by journey, which every edit adds to, would grow from run to run.
sqlite3 import.sqlite < reset.sql && sqlite3 import.sqlite "PRAGMA wal_checkpoint(TRUNCATE)" > /dev/null
sqlite3 anchor.sqlite < reset.sql && sqlite3 anchor.sqlite "PRAGMA wal_checkpoint(TRUNCATE)" > /dev/null
cp import.sqlite batch-start.sqlite && cp anchor.sqlite batch-anchor-start.sqlite
bench batch "sh -c 'cp batch-start.sqlite batch.sqlite; rm -f batch.sqlite-*'" \
  "sh -c '$roadtrip transport - bike --db batch.sqlite < batch.ids'" \
  "sh -c 'cp batch-anchor-start.sqlite batch-anchor.sqlite; rm -f batch-anchor.sqlite-*'" \
  "sh -c 'sqlite3 batch-anchor.sqlite < batch.sql'"
# The same UPDATEs run by sqlite3 on roadtrip's own file, whose triggers log them as roadtrip logs
# its own: the same work, recorded.
bench batchfile "sh -c 'cp batch-start.sqlite batch.sqlite; rm -f batch.sqlite-*'" \
  "sh -c '$roadtrip transport - bike --db batch.sqlite < batch.ids'" \
  "sh -c 'cp batch-start.sqlite batch-file.sqlite; rm -f batch-file.sqlite-*'" \
  "sh -c 'sqlite3 batch-file.sqlite < batch.sql'"
# P7: issue 25's listing, a type and three days, ids only, against sqlite3 running the SELECT
# roadtrip runs (the id only) on the same file; no shell around either (hyperfine -N discards
# the output). scripts/p7-list.py interleaves the runs.
bench list true \
  "$roadtrip list --transport scooter --since 2026-03-01T00:00:00Z --until 2026-03-04T00:00:00Z --format ids --db import.sqlite" \
  true "sqlite3 import.sqlite \"SELECT id FROM journey WHERE transportation_type IN ('scooter') AND start_date >= 794016000 AND start_date < 794275200 ORDER BY start_date, rowid\""

echo
echo "$(date -u +%Y-%m-%d), $(uname -m), $(nproc) cores, SQLite $(sqlite3 --version | cut -d' ' -f1), $rows journeys, median of $runs runs"
echo
echo "| work | roadtrip | sqlite3 | roadtrip speed ÷ sqlite3 speed | roadtrip CPU | sqlite3 CPU | CPU ratio |"
echo "|---|---|---|---|---|---|---|"
printf '%s\n' "${results[@]}"
