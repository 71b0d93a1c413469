#!/usr/bin/env bash
# What the journey table's triggers cost another program (the sqlite3 shell): an insert of ROWS
# journeys in one statement, then an UPDATE of all of them, on a file each roadtrip binary given
# created (so at its schema version), in rollback-journal mode. Prints each binary's instructions
# (callgrind, exact) and the wall and user time of RUNS interleaved rounds (noisy on a shared
# machine: read the instructions).
# usage: scripts/bench-outside-writes.sh ROADTRIP [ROADTRIP…]   (ROWS=100000, RUNS=5)
set -euo pipefail
rows=${ROWS:-100000}
runs=${RUNS:-5}
work=$(mktemp -d /tmp/roadtrip-outside.XXXXXX)
trap 'rm -rf "$work"' EXIT
insert="INSERT INTO journey (id, name, transportation_type, start_date, duration)
  WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $rows)
  SELECT printf('00000000-0000-4000-8000-%012d', i), 'j' || i, 'car', i, 60 FROM n;"
update="UPDATE journey SET duration = duration + 1;"
index=0
for roadtrip in "$@"; do
  index=$((index + 1))
  "$roadtrip" add Seed --db "$work/$index.sqlite" >/dev/null
  # One file to copy: the rollback journal rather than the WAL roadtrip leaves.
  sqlite3 "$work/$index.sqlite" "PRAGMA journal_mode = DELETE" >/dev/null
  echo "$index: $roadtrip, schema version $(sqlite3 "$work/$index.sqlite" 'PRAGMA user_version')"
done
for ((round = 0; round < runs; round++)); do
  for ((i = 1; i <= index; i++)); do
    cp "$work/$i.sqlite" "$work/w.sqlite"; rm -f "$work/w.sqlite-wal" "$work/w.sqlite-shm"
    /usr/bin/time -f "$i insert %e s wall, %U s user" sqlite3 "$work/w.sqlite" "$insert"
    /usr/bin/time -f "$i update %e s wall, %U s user" sqlite3 "$work/w.sqlite" "$update"
  done
done 2>&1 | sort
for ((i = 1; i <= index; i++)); do
  cp "$work/$i.sqlite" "$work/w.sqlite"; rm -f "$work/w.sqlite-wal" "$work/w.sqlite-shm"
  for sql in "$insert" "$update"; do
    valgrind --tool=callgrind --callgrind-out-file=/dev/null sqlite3 "$work/w.sqlite" "$sql" 2>&1 \
      | grep -o "Collected : [0-9]*" | sed "s/^/$i ${sql%% *} instructions /"
  done
done
