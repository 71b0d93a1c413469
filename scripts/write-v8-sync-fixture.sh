#!/bin/sh
# Writes fixtures/journeys-v8-sync/ with a roadtrip binary of schema version 8 (main at e7ecc11):
# two replicas, a and b, synced through a folder remote, with a conflict on a name and a delete on
# a against an edit on b (so that b's registers hold a deleted journey's values), then a's further
# writes sent to the remote. It keeps b and the remote as they are then (`b.sqlite`, `remote/`),
# lets the version-8 binary sync b, and keeps what b holds after: its journeys, its conflicts and
# its registers (`expected-*.txt`), which a version-9 b must get from the same sync
# (`MigrationTests.aVersion8ReplicaMigratesAndSyncsAsVersion8Did`), but for conflict 1, which a
# restored: b now marks it restored by the batch that brought the restoring write; and a
# clock's time now ends at its millisecond (.866Z, not .8659999Z): expected-conflicts.txt was
# edited for both.
# Usage: scripts/write-v8-sync-fixture.sh /path/to/v8/roadtrip
set -eu
R=$1
out=$(cd "$(dirname "$0")/.." && pwd)/fixtures/journeys-v8-sync
work=$(mktemp -d)
cd "$work"
a() { "$R" "$@" --db a.sqlite; }
b() { "$R" "$@" --db b.sqlite; }
a add "Coast road" --transport car --start 2026-11-21T08:00:00Z --duration 1h30m
a add "School run" --transport car --start 2026-11-22T08:15:00Z --duration 20m
a add "Doomed" --transport bike --start 2026-11-23T08:15:00Z --duration 2h
a add "Kept" --transport bus --start 2026-11-24T08:15:00Z --duration 1.5
a sync "$work/remote"
b sync "$work/remote"
coast=$(a list --format ids --search "Coast road")
doomed=$(a list --format ids --search "Doomed")
school=$(a list --format ids --search "School run")
a set "$coast" "name=Coast road (a)"
a delete "$doomed"
b set "$coast" "name=Coast road (b)" duration=2h
b set "$doomed" duration=3h transport=car
a sync
b sync
a sync
b sync
a set "$school" "name=School run, later" duration=25m
a sync conflicts --restore 1
a sync
sqlite3 b.sqlite 'PRAGMA wal_checkpoint(TRUNCATE)' >/dev/null
rm -rf "$out"
mkdir -p "$out"
cp b.sqlite "$out/b.sqlite"
cp -R remote "$out/remote"
b sync
b list --format ndjson --sort name > "$out/expected-journeys.txt"
b sync conflicts > "$out/expected-conflicts.txt"
sqlite3 b.sqlite "SELECT * FROM sync_register ORDER BY journey" > "$out/expected-registers.txt"
rm -rf "$work"
