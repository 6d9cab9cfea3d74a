#!/usr/bin/env bash
# Memory (peak RSS, /usr/bin/time -f %M) and wall time of hanjul sim, stats and compare at
# 10^4 … 10^7 games of cap 5, single-threaded: scripts/lab/scaling.sh HANJUL [OLD_HANJUL] [MAX_EXPONENT]
# Prints one Markdown row per measurement, with the command that reproduces it.
set -uo pipefail
new=$(realpath "$1") old=${2:+$(realpath "$2")} max=${3:-7}
work=${SCALING_DIR:-/tmp/hanjul-scaling}
mkdir -p "$work" && cd "$work"
measure() {  # label command...
    local label=$1; shift
    local out
    /usr/bin/time -o "$work/time.txt" -f "%e %M" "$@" >/dev/null 2>/dev/null
    out=$(tail -1 "$work/time.txt")
    printf '| %s | %s s | %s MB | `%s` |\n' "$label" "${out% *}" "$(( ${out#* } / 1024 ))" "$*" | sed "s|$work/||g; s|$new|hanjul|g; s|${old:-@@}|hanjul-0.1.1|g"
}
for e in $(seq 4 "$max"); do
    n=$((10 ** e))
    rm -f "games-$n.jsonl" "games-$n.summary"
    measure "sim, 10^$e games" "$new" sim --seeds "1..$n" --cap 5 --workers 1 --quiet --summary "games-$n.summary"
    measure "sim --jsonl, 10^$e games" "$new" sim --seeds "1..$n" --cap 5 --workers 1 --quiet --jsonl "games-$n.jsonl"
    measure "stats JSONL, 10^$e games" "$new" stats "games-$n.jsonl"
    measure "stats summary, 10^$e games" "$new" stats "games-$n.summary"
    measure "compare, 10^$e games" "$new" compare --a "" --b uniform --seeds "1..$n" --cap 5 --workers 1 --quiet
    if [ -n "$old" ] && [ "$e" -le 6 ]; then
        measure "0.1.1 sim, 10^$e games" "$old" sim --seeds "1..$n" --cap 5 --workers 1 --quiet
        measure "0.1.1 stats JSONL, 10^$e games" "$old" stats "games-$n.jsonl"
        measure "0.1.1 compare, 10^$e games" "$old" compare --a "" --b uniform --seeds "1..$n" --cap 5 --workers 1 --quiet
    fi
    [ "$e" -ge 6 ] && rm -f "games-$((n / 10)).jsonl"
done
