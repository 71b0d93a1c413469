#!/bin/sh
# A client's build of JourneyStore has no warning (issue 27): builds a temporary package that
# depends on this project by path, in Swift 6 language mode, whose code uses the public API as an
# app would (scripts/client/main.swift), runs it, and fails on any warning in the library's sources
# or the client's. It compiles JourneyStore and its dependencies anew (minutes on 2 cores), which
# is why it is a script rather than a test of the suite.
#
# Usage: scripts/check-client-build.sh        (exit 0: no warning; 1: warnings, listed)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
folder=$(sh "$root/scripts/make-client-package.sh" "$root/scripts/client/main.swift")
trap 'rm -rf "$folder"' EXIT
log="$folder/build.log"
if ! swift build --package-path "$folder" >"$log" 2>&1; then
  cat "$log" >&2
  echo "check-client-build: the client package does not build" >&2
  exit 1
fi
# Warnings in JourneyStore's sources or the client's; those of other packages (swift-crypto's C
# code) are theirs.
pattern="^($root/Sources/|$folder/Sources/).*warning:"
if grep -Eq "$pattern" "$log"; then
  grep -EA3 "$pattern" "$log" >&2
  echo "check-client-build: a client's build shows $(grep -Ec "$pattern" "$log") warnings" >&2
  exit 1
fi
"$folder/.build/debug/Client" "$folder/journeys.sqlite"
echo "check-client-build: no warning in a client's build of JourneyStore (Swift 6 mode); the client ran"
