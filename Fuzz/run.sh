#!/bin/sh
# Opt-in fuzzing (RELIABILITY §4; not part of scripts/test or CI): builds the libFuzzer
# driver in Fuzz/ with SwiftPM (--sanitize fuzzer --sanitize address) and runs each target
# for SECONDS (default 60).
#
# Usage: Fuzz/run.sh [SECONDS] [TARGET…]
#   targets: action-script replay key-decoder mod-loader host-api record game-api net-frames serve-protocol (default: all)
#
# Inputs that crash, time out or break an oracle land in .build/fuzz/findings/<target>/;
# copy each into Fuzz/regressions/<target>/ (FuzzRegressionTests replays that folder in
# every test run) and fix the bug. The working corpus grows in .build/fuzz/corpus/<target>/,
# seeded from Fuzz/regressions and, for the mod targets, Tests/HostileMods.
set -eu
cd "$(dirname "$0")/.."
SECONDS_PER_TARGET="${1:-60}"
[ $# -gt 0 ] && shift
TARGETS="${*:-action-script replay key-decoder mod-loader host-api record game-api net-frames serve-protocol}"
mkdir -p .build/fuzz
echo "== building the fuzz driver (log: .build/fuzz/build.log)"
# ld.gold prints "Cannot export local symbol '__asan_…'" warnings; they are harmless noise.
# SwiftPM's --sanitize fuzzer links libFuzzer but does not add coverage to Swift code
# (only to C targets): -Xswiftc -sanitize=fuzzer instruments every Swift module too.
BUILD="swift build --package-path Fuzz --scratch-path .build/fuzz/spm -c release --sanitize fuzzer --sanitize address -Xswiftc -sanitize=fuzzer"
if ! $BUILD >.build/fuzz/build.log 2>&1; then
    grep -E 'error' .build/fuzz/build.log | head -n 40 >&2
    exit 1
fi
DRIVER="$($BUILD --show-bin-path)/hanjul-fuzz"
# Lua runs are not hermetic by accident: point everything at an empty sandbox.
REPO="$(pwd)"
SANDBOX="$(mktemp -d)"
mkdir -p "$SANDBOX/home" "$SANDBOX/work"
status=0
for target in $TARGETS; do
    corpus=".build/fuzz/corpus/$target"
    findings=".build/fuzz/findings/$target"
    mkdir -p "$corpus" "$findings"
    cp Fuzz/regressions/"$target"/* "$corpus"/ 2>/dev/null || true
    case "$target" in
        mod-loader) for f in Tests/HostileMods/*/mod.lua; do cp "$f" "$corpus/hostile-$(basename "$(dirname "$f")").lua"; done ;;
    esac
    dict=""
    [ -f "Fuzz/dictionaries/$target.dict" ] && dict="-dict=$REPO/Fuzz/dictionaries/$target.dict"
    echo "== $target for ${SECONDS_PER_TARGET}s"
    # -timeout: one input may run at most 10 s (the mods' budgets stop loops far sooner).
    if ! (cd "$SANDBOX/work" && HOME="$SANDBOX/home" XDG_DATA_HOME="$SANDBOX/home/data" SWIFT_BACKTRACE=enable=no \
        HANJUL_FUZZ_TARGET="$target" "$DRIVER" -max_total_time="$SECONDS_PER_TARGET" -rss_limit_mb=2048 \
        -timeout=10 -max_len=8192 -print_final_stats=1 -artifact_prefix="$REPO/$findings/" $dict \
        "$REPO/$corpus") >".build/fuzz/$target.log" 2>&1; then
        status=1
        echo "   FOUND something: see .build/fuzz/$target.log and $findings/"
    fi
    grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb' ".build/fuzz/$target.log" | sed 's/^/   /'
done
if [ -n "$(find "$SANDBOX" -mindepth 2)" ]; then
    echo "the fuzzed code created files:"; find "$SANDBOX" -mindepth 2; status=1
fi
rm -rf "$SANDBOX"
exit $status
