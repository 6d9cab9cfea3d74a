#!/usr/bin/env bash
# Compares what hanjul sim, stats and compare print with another hanjul's (the one before
# summaries became exact counts, #26) on random seeds and caps, for the built-in rules and
# every mod: scripts/lab/differential.sh OLD_HANJUL NEW_HANJUL [TRIALS]
# sim's text, stats of sim's JSONL, compare's text and SVG must be the same bytes; --json
# may differ in the last digits of sums (counted, not failed).
set -uo pipefail
old=$(realpath "$1") new=$(realpath "$2") trials=${3:-3}
cd "$(dirname "$0")/../.."
rules=("" uniform nokick $(ls Mods))
same=0 differ=0 jsondiff=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for r in "${rules[@]}"; do
    for t in $(seq 1 "$trials"); do
        seed=$((RANDOM * 7 + t)) games=$((RANDOM % 25 + 5)) cap=$(( (RANDOM % 4 == 0) ? 5 : RANDOM % 300 + 5 ))
        mod=(); [ -n "$r" ] && mod=(--mod "$r")
        args=(--games "$games" --seed "$seed" --cap "$cap" --workers 1 --mods-dir Mods)
        rm -f "$tmp"/*
        "$old" sim "${args[@]}" "${mod[@]}" >"$tmp/sim-old" 2>&1
        "$new" sim "${args[@]}" "${mod[@]}" --jsonl "$tmp/games.jsonl" >"$tmp/sim-new" 2>&1
        "$new" stats "$tmp/games.jsonl" >"$tmp/stats-new" 2>&1
        cp "$tmp/sim-old" "$tmp/stats-old"
        figures=scorePerPiece,pieces,meanHeight,holes,survival
        "$old" compare --a "" --b "$r" "${args[@]}" --svg "$tmp/svg-old" --figures $figures >"$tmp/compare-old" 2>&1
        "$new" compare --a "" --b "$r" "${args[@]}" --svg "$tmp/svg-new" --figures $figures >"$tmp/compare-new" 2>&1
        bad=()
        for what in sim stats compare svg; do cmp -s "$tmp/$what-old" "$tmp/$what-new" || bad+=("$what"); done
        if [ ${#bad[@]} = 0 ]; then
            same=$((same + 1))
        else
            differ=$((differ + 1)); echo "DIFFERS (${bad[*]}): ${r:-standard} ${args[*]}"
        fi
        "$old" sim "${args[@]}" "${mod[@]}" --json >"$tmp/json-old" 2>&1
        "$new" sim "${args[@]}" "${mod[@]}" --json >"$tmp/json-new" 2>&1
        cmp -s "$tmp/json-old" "$tmp/json-new" || jsondiff=$((jsondiff + 1))
    done
done
echo "sim text, stats, compare text and SVG identical in $same of $((same + differ)) runs; sim --json identical in $((same + differ - jsondiff)) (the others differ in the last digits of sums)"
[ "$differ" = 0 ]
