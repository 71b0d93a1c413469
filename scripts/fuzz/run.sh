#!/usr/bin/env bash
# Builds the libFuzzer target (scripts/fuzz/FuzzTarget.swift compiled into the JourneyStore module,
# with -sanitize=fuzzer,address) and runs it for each target, seeded from ../shared/conformance.
#
#   scripts/fuzz/run.sh [RUNS] [TARGET...]
#
# RUNS is the number of executions per target (default 200000; MAX_TIME=seconds stops each target
# earlier); TARGETs are json, ndjson, csv, tsv, date, duration, edit, changeset and
# changeset-written (default all). Corpora grow in .build-fuzz/corpus/TARGET; a crash leaves
# its input in .build-fuzz/crashes/. Each run prints libFuzzer's final statistics (cov: is the
# number of covered edges).
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-200000}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(json ndjson csv tsv date duration edit changeset changeset-written)
conformance=../shared/conformance
out=.build-fuzz
mkdir -p "$out/crashes"

if [ ! -x "$out/fuzz" ] || [ -n "$(find Sources/JourneyStore scripts/fuzz -newer "$out/fuzz" -name '*.swift' | head -1)" ]; then
  echo "building $out/fuzz" >&2
  # swift-crypto (sync's encryption) comes from the package's own debug build: its modules, its
  # C headers' module maps and its objects, linked uninstrumented.
  swift build --product roadtrip >&2
  crypto=.build/checkouts/swift-crypto/Sources
  mapfile -d '' objects < <(find .build/debug/{Crypto,CryptoExtras,_CryptoExtras,CryptoBoringWrapper,SwiftASN1}.build \
    .build/debug/{CCryptoBoringSSL,CCryptoBoringSSLShims,CXKCP,CXKCPShims}.build -name '*.o' -print0)
  swiftc -O -swift-version 6 -sanitize=fuzzer,address -parse-as-library -module-name JourneyStore \
    -I Sources/CSQLite -I .build/debug/Modules -lsqlite3 \
    -Xcc -fmodule-map-file=$crypto/CCryptoBoringSSL/include/module.modulemap -Xcc -I$crypto/CCryptoBoringSSL/include \
    -Xcc -fmodule-map-file=$crypto/CCryptoBoringSSLShims/include/module.modulemap \
    -Xcc -I$crypto/CCryptoBoringSSLShims/include \
    $(find Sources/JourneyStore -name '*.swift') scripts/fuzz/FuzzTarget.swift "${objects[@]}" -o "$out/fuzz" \
    2> >(grep -v 'Cannot export local symbol' >&2)
fi

seed() {
  local target=$1 corpus=$out/corpus/$1
  [ -d "$corpus" ] && return
  mkdir -p "$corpus"
  case $target in
    json) cp "$conformance"/jts/test_parsing/*.json "$corpus"/ ;;
    ndjson)
      cp "$conformance"/jts/test_parsing/*.json "$corpus"/
      cp fixtures/*.ndjson "$corpus"/ 2>/dev/null || true ;;
    csv)
      for file in "$conformance"/csv-spectrum/csvs/*.csv; do cp "$file" "$corpus/spectrum-${file##*/}"; done
      for file in "$conformance"/csv-test-data/csv/*.csv; do cp "$file" "$corpus/test-data-${file##*/}"; done ;;
    tsv)
      local index=0
      while IFS= read -r line; do
        printf 'id\tname\ttransportationType\tstartDate\tduration\tendDate\n0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0001\t%s\tbike\t2026-11-21T08:00:00Z\t5400\t2026-11-21T09:30:00Z\n' "$line" \
          > "$corpus/blns-$index.tsv"
        index=$((index + 1))
      done < <(grep -v '^#' "$conformance/blns/blns.txt" | grep -v '^$' | head -200) ;;
    changeset)
      # A table header (item: 3 columns, the first the key), then an insert, an update, a delete.
      local header='T\x03\x01\x00\x00item\x00'
      printf "$header"'\x12\x00\x03\x01a\x01\x00\x00\x00\x00\x00\x00\x00\x07\x05' > "$corpus/insert"
      printf "$header"'\x17\x00\x03\x01b\x02\x3f\xf0\x00\x00\x00\x00\x00\x00\x00\x00\x04\x01\xff\x00' > "$corpus/update"
      printf "$header"'\x09\x00\x03\x00\x04\x00\x03\x02\xc3\x28' > "$corpus/delete"
      cat "$corpus/insert" "$corpus/update" "$corpus/delete" > "$corpus/all" ;;
    changeset-written)
      printf '\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f' > "$corpus/counting"
      printf 'T\x02\x11\x0f\x22\x33\x44\x55\x66\x77\x88\x99\xaa\xbb\xcc\xdd\xee\xff' > "$corpus/tables" ;;
    date | duration | edit)
      local index=0
      while IFS= read -r line; do
        printf '%s' "$line" > "$corpus/seed-$index"
        index=$((index + 1))
      done < "scripts/fuzz/seeds/$target.txt" ;;
  esac
}

for target in "${targets[@]}"; do
  seed "$target"
  echo "== $target: $runs runs" >&2
  # Swift's own backtracer would read memory under AddressSanitizer and hide a trap's message.
  SWIFT_BACKTRACE=enable=no FUZZ_TARGET=$target "$out/fuzz" -runs="$runs" -max_total_time="${MAX_TIME:-0}" -max_len=16384 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$out/crashes/$target-" -print_final_stats=1 "$out/corpus/$target" 2>&1 \
    | grep -E '^(#[0-9]+[[:space:]]+DONE|stat::|==[0-9]+==|SUMMARY|Fatal|.*Fatal error|INFO: seed)' || true
done
