# Shell helpers shared by Scripts/bench_serve.sh and Scripts/serve_under_load.sh (sourced, not run).
# They expect `$work` (a scratch folder) and set `$server` (the pid of `pushloc serve`).

# The sample render requests (valid ones, one per line) into $1.
sample_requests() {
    cat > "$1" <<'JSONL'
{"id":1,"key":"started_following","locales":["pl-PL","en"],"args":{"user_name":"Zofia","user_id":"u1"}}
{"id":2,"key":"photo_liked","locales":["ar-EG"],"args":{"liker_name":"سارة","like_count":3,"photo_id":"p"}}
{"id":3,"key":"message_received","locales":["de-CH"],"args":{"sender_name":"Jörg","sender_id":"s","conversation_id":"c","message_text":"Hallo, wie geht es dir? Wir sehen uns morgen um acht."}}
{"id":4,"key":"message_received","locales":["ja"],"mode":"content","args":{"sender_name":"さくら","sender_id":"s","conversation_id":"c","message_text":"明日の会議は十時からです。資料を忘れないでください。"}}
JSONL
}

# A wrk script into $2 that POSTs the lines of $1 round-robin. With a third argument `check`,
# it also looks at every response and prints, when wrk is done, one line
#   checked: responses=N non2xx=N bad_body=N no_version=N versions=V1,V2,…
# (bad_body: a 200 whose body is not one complete `"ok":true` answer line; versions: each
# x-catalog-version seen, in order of first sight).
lua_render() {
    {
        echo 'wrk.method = "POST"'
        echo 'wrk.headers["content-type"] = "application/json"'
        echo 'local bodies = {}'
        while IFS= read -r line; do
            printf 'table.insert(bodies, [==[%s]==])\n' "$line"
        done < "$1"
        echo 'local i = 0'
        echo 'request = function() i = i % #bodies + 1; return wrk.format(nil, nil, nil, bodies[i]) end'
        if [ "${3:-}" = check ]; then
            cat <<'LUA'
responses, non2xx, bad_body, no_version, versions = 0, 0, 0, 0, ""
local seen = {}
response = function(status, headers, body)
    responses = responses + 1
    if status < 200 or status > 299 then
        non2xx = non2xx + 1
    elseif body:sub(-1) ~= "\n" or not body:find('"ok":true', 1, true) then
        bad_body = bad_body + 1
    end
    local version = headers["x-catalog-version"]
    if version == nil then
        no_version = no_version + 1
    elseif not seen[version] then
        seen[version] = true
        versions = versions == "" and version or (versions .. "," .. version)
    end
end
local threads = {}
setup = function(thread) table.insert(threads, thread) end
done = function(summary, latency, requests)
    local total = {responses = 0, non2xx = 0, bad_body = 0, no_version = 0}
    local all = {}
    for _, thread in ipairs(threads) do
        for name, _ in pairs(total) do total[name] = total[name] + thread:get(name) end
        for version in string.gmatch(thread:get("versions"), "[^,]+") do
            if not all[version] then all[version] = true; table.insert(all, version) end
        end
    end
    io.write(string.format("checked: responses=%d non2xx=%d bad_body=%d no_version=%d versions=%s\n",
        total.responses, total.non2xx, total.bad_body, total.no_version, table.concat(all, ",")))
end
LUA
        fi
    } > "$2"
}

# Starts `pushloc serve` (binary $1, catalog $2, port $3) pinned to core 0, its log in
# $work/serve.log; sets $server and waits for the ready line.
start_server() {
    taskset -c 0 "$1" serve --catalog "$2" --port "$3" > "$work/serve.log" 2>&1 &
    server=$!
    for _ in $(seq 200); do grep -qs "listening on" "$work/serve.log" && return 0; sleep 0.1; done
    cat "$work/serve.log" >&2
    return 1
}

# wrk must be there; as root with apt-get (CI) it is installed from Debian.
need_wrk() {
    command -v wrk > /dev/null && return 0
    if [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk > /dev/null ||
            { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk > /dev/null; }
    fi
    command -v wrk > /dev/null || { echo "install wrk: apt-get install -y wrk" >&2; exit 2; }
}
