#!/bin/sh
# Makes a client package of JourneyStore in a new temporary folder and prints the folder's path:
# a Swift package that depends on this project by path (`.package(path:)`), as a user's app would,
# in Swift 6 language mode, whose one executable target `Client` is the Swift file given.
#
# Usage: scripts/make-client-package.sh SOURCE.swift
# Used by scripts/check-client-build.sh and scripts/bench-follow.py; the caller removes the folder.
set -eu
source_file=$1
root=$(cd "$(dirname "$0")/.." && pwd)
folder=$(mktemp -d "${TMPDIR:-/tmp}/roadtrip-client-XXXXXX")
mkdir -p "$folder/Sources/Client"
cp "$source_file" "$folder/Sources/Client/main.swift"
# A package depended on by path is known by its folder's name, whatever the clone is called.
identity=$(basename "$root" | tr 'A-Z' 'a-z')
cat > "$folder/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "Client",
  dependencies: [.package(path: "$root")],
  targets: [
    .executableTarget(name: "Client", dependencies: [.product(name: "JourneyStore", package: "$identity")])
  ],
  swiftLanguageModes: [.v6]
)
MANIFEST
echo "$folder"
