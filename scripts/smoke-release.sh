#!/bin/sh
# A release build's smoke test: the commands whose paths only a release build compiles this way
# (a task-local once crashed every `roadtrip sync` in release alone, while every debug test
# passed). The tests build debug; run this after building what the README builds, and before
# measuring.
# usage: scripts/smoke-release.sh [ROADTRIP]   (default .build/release/roadtrip)
set -eu
roadtrip=${1:-.build/release/roadtrip}
[ -x "$roadtrip" ] || { echo "no roadtrip at $roadtrip: build it first (README)" >&2; exit 1; }
roadtrip=$(cd "$(dirname "$roadtrip")" && pwd)/$(basename "$roadtrip")
here=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
export XDG_CACHE_HOME="$work/cache" GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
step() { printf '%s\n' "- $*"; }
fail() { printf 'FAILED: %s\n' "$*" >&2; exit 1; }
rt() { db=$1; shift; "$roadtrip" "$@" --db "$work/$db.sqlite"; }
same() { # the journey tables of two databases
  [ "$(sqlite3 -csv "$work/$1.sqlite" 'SELECT * FROM journey ORDER BY id')" \
    = "$(sqlite3 -csv "$work/$2.sqlite" 'SELECT * FROM journey ORDER BY id')" ] ||
    fail "$1 and $2 differ"
}

step "add, edit, import 3000 (logged as a range), list, export"
rt a add "Morning ride" --transport bike >/dev/null
id=$(rt a list --format ids)
rt a transport "$(echo "$id" | cut -c1-8)" car
python3 "$here/scripts/generate-journeys.py" 3000 "$work/gen" >/dev/null
rt a import "$work/gen.ndjson" 2>/dev/null
[ "$(rt a list --format ids | wc -l)" -eq 3001 ] || fail "import"
rt a export --format ndjson >/dev/null
rt f import "$work/gen.ndjson" 2>/dev/null
rt f undo --yes >/dev/null 2>&1
[ -z "$(rt f list --format ids)" ] || fail "undo of an import"

step "sync through a folder, both ways, with a conflict kept"
rt a sync "$work/folder" 2>/dev/null
rt b sync "$work/folder" 2>/dev/null
same a b
rt a transport "$(echo "$id" | cut -c1-8)" bus
rt b transport "$(echo "$id" | cut -c1-8)" light-rail
rt a sync 2>/dev/null; rt b sync 2>/dev/null; rt a sync 2>/dev/null
same a b
[ "$(rt a sync conflicts --format tsv | wc -l)" -ge 1 ] || fail "no conflict listed"

step "sync through a bare git repository, encrypted"
git init --quiet --bare --initial-branch=main "$work/journeys.git"
ROADTRIP_SYNC_SECRET=smoke rt c sync "$work/journeys.git" 2>/dev/null
ROADTRIP_SYNC_SECRET=smoke rt d sync "$work/journeys.git" 2>/dev/null
rt c add "From c" >/dev/null
ROADTRIP_SYNC_SECRET=smoke rt c sync 2>/dev/null
ROADTRIP_SYNC_SECRET=smoke rt d sync 2>/dev/null
same c d

step "undo a sync's batch and an edit, each synced out; compact; join from the snapshot"
rt a undo --yes >/dev/null 2>&1
rt a sync 2>/dev/null
rt b sync 2>/dev/null
same a b
rt a undo --yes >/dev/null 2>&1 || fail "undo"
rt a sync --compact 2>/dev/null
rt e sync "$work/folder" 2>&1 | grep -q "joined from" || fail "no join from a snapshot"
rt b sync 2>/dev/null
same a e
same a b

step "db check on every database"
for db in a b c d e f; do rt $db db check >/dev/null || fail "db check $db"; done
echo "release smoke test passed: $roadtrip"
