#!/usr/bin/env bash
# Peak memory of `pushloc batch` on hostile and ordinary inputs (GNU time's maximum resident set
# size): one run per input shape, a table of shape, peak RSS and wall time, and exit 1 when any
# run peaks over the bound (64 MB by default).
#
# usage: Scripts/batch_memory.sh [--binary PATH] [--bound-mb N] [--quick] [--only SHAPE]...
#   --quick: only the hostile single lines and 4,000 ordinary lines (seconds; what CI runs).
#   The full run (every shape, a million-line run among them) takes a few minutes with a release
#   binary.
# Needs GNU time (/usr/bin/time; Debian package `time`) and python3. Uses the release binary
# when built (swift build -c release), else the debug one (building it if missing).
set -euo pipefail
cd "$(dirname "$0")/.."

binary=""
bound_mb=64
only=()
while [ $# -gt 0 ]; do
    case "$1" in
    --binary) binary="$2"; shift 2 ;;
    --bound-mb) bound_mb="$2"; shift 2 ;;
    --only) only+=("$2"); shift 2 ;;
    --quick)
        only+=(args-unknown-keys id-empty-arrays locales-millions id-long-string nested-arrays-100
            three-long-lines three-long-lines-stdin ordinary-4000 content-trim-japanese)
        shift ;;
    *) echo "usage: $0 [--binary PATH] [--bound-mb N] [--quick] [--only SHAPE]..." >&2; exit 2 ;;
    esac
done
if [ ! -x /usr/bin/time ]; then
    echo "error: GNU time is missing (apt-get install time)" >&2
    exit 2
fi
if [ -z "$binary" ]; then
    if [ -x .build/release/pushloc ]; then
        binary=.build/release/pushloc
    else
        [ -x .build/debug/pushloc ] || swift build --product pushloc >/dev/null
        binary=.build/debug/pushloc
    fi
fi
# The line limit `pushloc batch` applies (BatchRunner.maximumLineBytes).
line_limit=$((4 << 20))

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
shapes=(args-unknown-keys id-empty-arrays locales-millions id-long-string nested-arrays-100
    three-long-lines three-long-lines-stdin ordinary-4000 ordinary-4000x16 mixed-1000000
    content-trim-japanese content-trim-japanese-at-limit)
if [ ${#only[@]} -gt 0 ]; then shapes=("${only[@]}"); fi
python3 Scripts/batch_memory_inputs.py "$work" "$line_limit" "${shapes[@]%-stdin}"

bound_kb=$((bound_mb * 1000))
failed=0
printf '%-26s %12s %10s %6s  %s\n' shape "peak RSS" "wall" exit "answers (ok/failed)"
for shape in "${shapes[@]}"; do
    file="$work/${shape%-stdin}.jsonl"
    log="$work/$shape.time"
    out="$work/$shape.out"
    set +e
    if [ "$shape" != "${shape%-stdin}" ]; then
        /usr/bin/time -v -o "$log" "$binary" batch --catalog . <"$file" >"$out" 2>/dev/null
    else
        /usr/bin/time -v -o "$log" "$binary" batch --catalog . --input "$file" --output "$out" 2>/dev/null
    fi
    status=$?
    set -e
    rss_kb=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$log")
    wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$log")
    ok=$(grep -c '"ok":true' "$out" || true)
    bad=$(grep -c '"ok":false' "$out" || true)
    mark=""
    # Exit 0 (all rendered) and 1 (some lines failed) are the two outcomes of a finished run.
    if [ "$rss_kb" -gt "$bound_kb" ] || [ "$status" -gt 1 ]; then
        mark="  OVER"
        failed=1
    fi
    printf '%-26s %9.1f MB %10s %6s  %s/%s%s\n' "$shape" "$(awk "BEGIN { print $rss_kb / 1000 }")" "$wall" "$status" \
        "$ok" "$bad" "$mark"
done
exit $failed
