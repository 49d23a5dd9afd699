#!/usr/bin/env bash
# `pushloc serve` under load (not a test, not in CI): wrk POSTs the sample render requests to
# /v1/render on loopback (server pinned to core 0, wrk to core 1) and a Lua script checks every
# response (status, a complete answer line, x-catalog-version). Three runs on a copy of the
# sample catalog:
#
# 1. broken reloads: mid-run, a locale file gains a translation of a key no template has (it
#    loads, lint reports an error) and SIGHUP is sent; then a template file gets broken YAML and
#    SIGHUP again. Passes when every response is 2xx with one and the same x-catalog-version,
#    and /metrics counts 2 failed reloads.
# 2. good reload (the control: shows the check sees a change): the files are made good again,
#    with another German title, and SIGHUP is sent mid-run. Passes when two versions answered,
#    with 0 non-2xx.
# 3. SIGTERM mid-run, with a second wrk streaming 100-line /v1/render:batch bodies at the same
#    time, and Scripts/serve_drain_client.py's keep-alive clients on both routes. Passes when the
#    server exits 0 within 5 s of the signal, every response wrk and those clients read is 2xx
#    and complete (a 200 with all its answer lines), no wrk timeout, and no truncated response:
#    no connection closed after some but not all bytes of a response. wrk's "read" errors also
#    count a connection closed before any byte of the answer to the next request (the server
#    had not started it); the drain clients count those apart, as "unanswered". Connect errors
#    after the signal are expected: the server no longer accepts.
#
# Usage: Scripts/serve_under_load.sh [seconds per run, default 8]
# Binary: $PUSHLOC_BINARY, else .build/release/pushloc, else .build/debug/pushloc.
# Needs wrk (installed from Debian when missing and run as root), curl, taskset.
# Exit 0 when every run passes.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-8}"
bin="${PUSHLOC_BINARY:-}"
[ -n "$bin" ] || for candidate in .build/release/pushloc .build/debug/pushloc; do
    [ -x "$candidate" ] && { bin="$candidate"; break; }
done
[ -x "$bin" ] || { echo "build first: swift build -c release" >&2; exit 2; }
source Scripts/serve_common.sh
need_wrk
work="$(mktemp -d)"
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
port=18081
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
field() { sed -n "s/.*$1=\([^ ]*\).*/\1/p" <<<"$2"; }  # name, "checked:" line → value
socket_errors() { sed -n 's/.*Socket errors: //p' <<<"$1"; }
elapsed() { python3 -c "print(f'{$2 - $1:.2f}')"; }

cp -r Templates Locales pushloc.yaml "$work/"
catalog="$work"
sample_requests "$work/requests.jsonl"
lua_render "$work/requests.jsonl" "$work/render.lua" check
python3 -c "
import sys
lines = open('$work/requests.jsonl').read().splitlines()
sys.stdout.write(''.join(lines[i % len(lines)] + '\n' for i in range(100)))" > "$work/batch-100.jsonl"
cat > "$work/batch.lua" <<LUA
wrk.method = "POST"
wrk.path = "/v1/render:batch"
wrk.headers["content-type"] = "application/x-ndjson"
local f = io.open("$work/batch-100.jsonl", "rb")
wrk.body = f:read("*a")
f:close()
responses, non2xx, bad_body = 0, 0, 0
response = function(status, headers, body)
    responses = responses + 1
    if status ~= 200 then non2xx = non2xx + 1; return end
    local _, lines = body:gsub("\n", "")
    local _, good = body:gsub('"ok":true', "")
    if lines ~= 100 or good ~= 100 or body:sub(-1) ~= "\n" then bad_body = bad_body + 1 end
end
local threads = {}
setup = function(thread) table.insert(threads, thread) end
done = function(summary, latency, requests)
    local t = {responses = 0, non2xx = 0, bad_body = 0}
    for _, thread in ipairs(threads) do
        for name, _ in pairs(t) do t[name] = t[name] + thread:get(name) end
    end
    io.write(string.format("checked: responses=%d non2xx=%d bad_body=%d\n", t.responses, t.non2xx, t.bad_body))
end
LUA

# wrk in the background on core 1 (connections, script, path, output file).
load() {
    taskset -c 1 wrk -t1 -c"$1" -d"${seconds}s" --timeout 5s -s "$2" "http://127.0.0.1:$port$3" > "$4" 2>&1 &
}
version() { curl -s -o /dev/null -w '%header{x-catalog-version}' "http://127.0.0.1:$port/livez"; }
metric() { curl -s "http://127.0.0.1:$port/metrics" | awk -v name="$1" '$1 == name {print $2}'; }

start_server "$bin" "$catalog" "$port"
echo "pushloc serve under load: $bin, $(nproc) cores (load average $(cut -d' ' -f1-3 /proc/loadavg)), server on core 0, wrk on core 1, ${seconds}s per run"
echo

# 1. Broken catalogs reloaded during load.
before="$(version)"
load 32 "$work/render.lua" /v1/render "$work/wrk-broken.txt"
wrk_pid=$!
sleep "$(python3 -c "print($seconds / 4)")"
printf '\nno_such_template_anywhere:\n  title: "x"\n' >> "$catalog/Locales/de.yaml"
kill -HUP "$server"
sleep "$(python3 -c "print($seconds / 4)")"
cp "$catalog/Templates/social.yaml" "$work/social.yaml.good"
printf '\n  : : [unclosed\n' >> "$catalog/Templates/social.yaml"
kill -HUP "$server"
wait "$wrk_pid"
out="$(cat "$work/wrk-broken.txt")"
checked="$(grep '^checked:' <<<"$out")"
rejected="$(metric 'pushloc_catalog_reloads_total{result="failure"}')"
echo "1. broken catalogs (lint error, then broken YAML), SIGHUP during load"
echo "   wrk: $(awk '/requests in/ {print $1}' <<<"$out") requests, $(awk '/Requests\/sec/ {print $2}' <<<"$out") requests/s; socket errors: $(socket_errors "$out")"
echo "   $checked"
echo "   version before $before, after $(version); failed reloads counted: ${rejected:-0}"
[ "$(field non2xx "$checked")" = 0 ] || fail "non-2xx answers during broken reloads"
[ "$(field bad_body "$checked")" = 0 ] || fail "incomplete answers during broken reloads"
[ "$(field no_version "$checked")" = 0 ] || fail "answers without x-catalog-version"
[ "$(field versions "$checked")" = "$before" ] || fail "x-catalog-version changed: $(field versions "$checked")"
[ "$(version)" = "$before" ] || fail "the version in service changed"
[ "${rejected:-0}" = 2 ] || fail "expected 2 failed reloads in /metrics, got ${rejected:-0}"
grep -q "catalog reload rejected" "$work/serve.log" || fail "no 'catalog reload rejected' in the log"
echo

# 2. The control: a good catalog reloaded during load is seen by clients.
cp "$work/social.yaml.good" "$catalog/Templates/social.yaml"
cp Locales/de.yaml "$catalog/Locales/de.yaml"
sed -i 's/title: "Neuer Follower"/title: "Neue Followerin"/' "$catalog/Locales/de.yaml"
load 32 "$work/render.lua" /v1/render "$work/wrk-good.txt"
wrk_pid=$!
sleep "$(python3 -c "print($seconds / 2)")"
kill -HUP "$server"
wait "$wrk_pid"
out="$(cat "$work/wrk-good.txt")"
checked="$(grep '^checked:' <<<"$out")"
after="$(version)"
echo "2. control: a good catalog, SIGHUP during load"
echo "   wrk: $(awk '/requests in/ {print $1}' <<<"$out") requests; socket errors: $(socket_errors "$out")"
echo "   $checked"
echo "   version now $after"
[ "$(field non2xx "$checked")" = 0 ] || fail "non-2xx answers during a good reload"
[ "$(field versions "$checked")" = "$before,$after" ] && [ "$after" != "$before" ] ||
    fail "the good reload was not seen: versions $(field versions "$checked"), now $after"
echo

# 3. SIGTERM during load: /v1/render and streamed /v1/render:batch at once, from wrk and from
# the clients that tell a truncated response from an unanswered request.
head -1 "$work/requests.jsonl" > "$work/render-1.json"
load 32 "$work/render.lua" /v1/render "$work/wrk-term.txt"
render_pid=$!
load 4 "$work/batch.lua" /v1/render:batch "$work/wrk-term-batch.txt"
batch_pid=$!
taskset -c 1 python3 Scripts/serve_drain_client.py "$port" "$seconds" "$work/render-1.json" "$work/batch-100.jsonl" \
    > "$work/drain.txt" 2>&1 &
drain_pid=$!
sleep "$(python3 -c "print($seconds / 2)")"
signalled="$(date +%s.%N)"
kill -TERM "$server"
exited=""
for _ in $(seq 1000); do
    state="$(awk '{print $3}' "/proc/$server/stat" 2> /dev/null || true)"
    [ -z "$state" ] || [ "$state" = Z ] && { exited="$(date +%s.%N)"; break; }
    sleep 0.01
done
set +e
wait "$server"
code=$?
set -e
server=""
wait "$render_pid" "$batch_pid" "$drain_pid"
drain="$(cat "$work/drain.txt")"
echo "3. SIGTERM during load (32 connections on /v1/render, 4 streaming 100-line /v1/render:batch bodies)"
[ -n "$exited" ] && echo "   exit $code, $(elapsed "$signalled" "$exited") s after the signal" ||
    echo "   still running 10 s after the signal"
for name in term term-batch; do
    out="$(cat "$work/wrk-$name.txt")"
    checked="$(grep '^checked:' <<<"$out" || true)"
    errors="$(socket_errors "$out")"
    echo "   $name: $(awk '/requests in/ {print $1}' <<<"$out") requests; socket errors: ${errors:-none}"
    echo "   $checked"
    [ "$(field non2xx "$checked")" = 0 ] || fail "$name: non-2xx answers"
    [ "$(field bad_body "$checked")" = 0 ] || fail "$name: incomplete answers"
    timeouts="$(sed -n 's/.*timeout \([0-9]*\).*/\1/p' <<<"$errors")"
    [ "${timeouts:-0}" = 0 ] || fail "$name: $timeouts timeouts"
done
echo "   $drain"
[ "$(field truncated "$drain")" = 0 ] || fail "truncated responses: $(field truncated "$drain")"
[ "$(field non2xx "$drain")" = 0 ] || fail "drain clients: non-2xx answers"
[ "$(field bad_body "$drain")" = 0 ] || fail "drain clients: incomplete answers"
[ "$(field complete "$drain")" -gt 0 ] || fail "drain clients: no complete response"
[ -n "$exited" ] && [ "$(python3 -c "print(int($exited - $signalled < 5))")" = 1 ] || fail "not gone within 5 s"
[ "$code" = 0 ] || fail "exit $code after SIGTERM"
echo
echo "serve_under_load: $failures failed"
[ "$failures" = 0 ]
