#!/usr/bin/env bash
# Speed of `pushloc preview --html` (issue 19: 500 cards in under 10 s): builds pushloc in release,
# writes the sample catalog's whole preview page (every template, locale, variant and worst case,
# five surfaces each; about 3,600 cards, laid out by DisplayLayout's LineWrapEstimator) RUNS times,
# and prints the cards and the seconds of each run. Exit 1 when a run has fewer than 500 cards or
# takes 10 s or more.
#
# Usage: Benchmarks/preview_cards.sh [--binary PATH]    (RUNS=3 by default)
set -euo pipefail
cd "$(dirname "$0")/.."
binary=""
if [ "${1:-}" = "--binary" ]; then binary="$2"; fi
if [ -z "$binary" ]; then
    log="$(mktemp)"
    swift build -c release --product pushloc >"$log" 2>&1 || { cat "$log"; exit 1; }
    rm -f "$log"
    binary="$(swift build -c release --show-bin-path)/pushloc"
fi
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
status=0
for run in $(seq 1 "${RUNS:-3}"); do
    start=$(date +%s.%N)
    "$binary" preview --html "$out/preview.html"
    end=$(date +%s.%N)
    cards=$(grep -o 'class="card ' "$out/preview.html" | wc -l)
    awk -v run="$run" -v cards="$cards" -v start="$start" -v end="$end" 'BEGIN {
        seconds = end - start
        printf "run %d: %d cards in %.2f s (%.0f cards/s)\n", run, cards, seconds, cards / seconds
        exit (cards < 500 || seconds >= 10) ? 1 : 0
    }' || status=1
done
exit $status
