#!/usr/bin/env bash
# Benchmark of `pushloc serve` (not a test): wrk on loopback, the server pinned to core 0 and the
# load generator to core 1. Reports requests/s and p50/p99 latency of /livez (the floor) and of
# /v1/render over the sample templates; renders/s of /v1/render:batch with 1, 100 and 10,000
# lines per request, as a ratio to `pushloc batch` on the same core in the same run; the
# server's peak RSS before, during and after the load, and while a 1,000,000-line body streams.
#
# Usage: Scripts/bench_serve.sh [seconds per run, default 10]
# Needs a release build (swift build -c release) and wrk (apt-get install wrk), curl, taskset.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-10}"
bin="${PUSHLOC_BINARY:-.build/release/pushloc}"
[ -x "$bin" ] || { echo "build first: swift build -c release" >&2; exit 2; }
source Scripts/serve_common.sh
need_wrk
work="$(mktemp -d)"
port=18080
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT

# Request bodies: the sample templates, one request each.
sample_requests "$work/requests.jsonl"
lua_body_file() {  # a wrk script that POSTs the whole file $1 to $3
    printf 'wrk.method = "POST"\nwrk.path = "%s"\nwrk.headers["content-type"] = "application/x-ndjson"\nlocal f = io.open("%s", "rb")\nwrk.body = f:read("*a")\nf:close()\n' "$3" "$1" > "$2"
}
lines_of() {  # N request lines cycling through the sample requests
    python3 -c "
import sys
lines = open('$work/requests.jsonl').read().splitlines()
n = int(sys.argv[1])
sys.stdout.write(''.join(lines[i % len(lines)] + '\n' for i in range(n)))" "$1"
}
rss() { awk '/^VmRSS/ {print $2}' "/proc/$server/status"; }
hwm() { awk '/^VmHWM/ {print $2}' "/proc/$server/status"; }
reset_peak() { echo 5 > "/proc/$server/clear_refs" 2>/dev/null || true; }
wrk_run() {  # connections script-or-empty path → "req/s p50 p99 non2xx"
    local connections="$1" script="$2" path="$3" out
    if [ -n "$script" ]; then
        out="$(taskset -c 1 wrk -t1 -c"$connections" -d"${seconds}s" --latency -s "$script" "http://127.0.0.1:$port$path")"
    else
        out="$(taskset -c 1 wrk -t1 -c"$connections" -d"${seconds}s" --latency "http://127.0.0.1:$port$path")"
    fi
    local rps p50 p99 non2xx
    rps="$(awk '/Requests\/sec/ {print $2}' <<<"$out")"
    p50="$(awk '$1 == "50%" {print $2}' <<<"$out")"
    p99="$(awk '$1 == "99%" {print $2}' <<<"$out")"
    non2xx="$(awk '/Non-2xx/ {print $5}' <<<"$out")"
    echo "$rps $p50 $p99 ${non2xx:-0}"
}

start_server "$bin" . "$port"
rss_before="$(rss)"
reset_peak

echo "pushloc serve benchmark: $(nproc) cores (load average $(cut -d' ' -f1-3 /proc/loadavg)), server on core 0, wrk on core 1, ${seconds}s per run"
echo
echo "| run | requests/s | p50 | p99 | non-2xx |"
echo "| --- | ---: | ---: | ---: | ---: |"
read -r rps p50 p99 bad <<<"$(wrk_run 32 "" /livez)"; livez="$rps"
echo "| GET /livez (floor), 32 connections | $rps | $p50 | $p99 | $bad |"
lua_render "$work/requests.jsonl" "$work/render.lua"
read -r rps p50 p99 bad <<<"$(wrk_run 32 "$work/render.lua" /v1/render)"; render="$rps"
echo "| POST /v1/render (4 sample requests), 32 connections | $rps | $p50 | $p99 | $bad |"
echo
python3 -c "print(f'/v1/render is {100*$render/$livez:.0f} % of /livez (target: at least 70 %)')"
echo

# pushloc batch on the same core: renders/s over 200,000 lines.
lines_of 200000 > "$work/batch.jsonl"
start=$(date +%s.%N)
taskset -c 0 "$bin" batch --catalog . --input "$work/batch.jsonl" --output /dev/null 2>/dev/null
end=$(date +%s.%N)
batch_rate="$(python3 -c "print(round(200000/($end-$start)))")"
echo "pushloc batch (core 0): $batch_rate renders/s"
echo
echo "| /v1/render:batch lines per request | requests/s | renders/s | ratio to pushloc batch | p99 |"
echo "| ---: | ---: | ---: | ---: | ---: |"
for n in 1 100 10000; do
    lines_of "$n" > "$work/body-$n.jsonl"
    lua_body_file "$work/body-$n.jsonl" "$work/body-$n.lua" "/v1/render:batch"
    connections=$([ "$n" -ge 10000 ] && echo 2 || echo 16)
    read -r rps p50 p99 bad <<<"$(wrk_run "$connections" "$work/body-$n.lua" /v1/render:batch)"
    python3 -c "r=$rps*$n; print(f'| {$n:,} | $rps | {r:,.0f} | {r/$batch_rate:.2f} | $p99 |')"
done
rss_during="$(hwm)"
echo

# A 1,000,000-line body streamed through (about 150 MB), the server's peak RSS meanwhile.
lines_of 1000000 > "$work/million.jsonl"
reset_peak
peak=0
taskset -c 1 curl -sS -X POST -H 'content-type: application/x-ndjson' -T "$work/million.jsonl" \
    "http://127.0.0.1:$port/v1/render:batch" -o "$work/million.out" &
upload=$!
while kill -0 "$upload" 2>/dev/null; do
    now="$(rss)"; [ "$now" -gt "$peak" ] && peak="$now"; sleep 0.05
done
wait "$upload"
stream_hwm="$(hwm)"
answered="$(wc -l < "$work/million.out")"
sleep 1
rss_after="$(rss)"
echo "| server memory | KiB |"
echo "| --- | ---: |"
echo "| RSS before load | $rss_before |"
echo "| peak RSS during the wrk runs | $rss_during |"
echo "| peak RSS while a 1,000,000-line body streams ($answered answer lines) | $stream_hwm (sampled max $peak) |"
echo "| RSS after | $rss_after |"
kill -TERM "$server"
wait "$server" && echo "SIGTERM: exit 0"
server=""
