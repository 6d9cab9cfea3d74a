#!/bin/sh
# Builds and runs the JSON/record parser fuzzer for SECONDS (default 60).
# Usage: Fuzz/run.sh [SECONDS]
set -eu
cd "$(dirname "$0")/.."
mkdir -p .build/fuzz/corpus Fuzz/corpus
# ld.gold prints "Cannot export local symbol '__asan_…'" warnings; they are harmless noise.
if ! swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name HanJulHashFuzz \
    Sources/HanJulHash/*.swift Fuzz/RecordFuzz.swift -o .build/fuzz/record-fuzz 2>.build/fuzz/build.log; then
    cat .build/fuzz/build.log >&2
    exit 1
fi
SWIFT_BACKTRACE=enable=no .build/fuzz/record-fuzz -max_total_time="${1:-60}" -rss_limit_mb=1024 \
    -timeout=5 .build/fuzz/corpus Fuzz/corpus
