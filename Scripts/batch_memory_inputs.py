#!/usr/bin/env python3
"""Writes the inputs of Scripts/batch_memory.sh: one JSON Lines file per shape.

usage: batch_memory_inputs.py DIR LINE_LIMIT_BYTES [SHAPE...]   (default: every shape)
"""
import json
import os
import random
import sys

out, limit = sys.argv[1], int(sys.argv[2])
wanted = set(sys.argv[3:])


def want(name):
    return not wanted or name in wanted

under = limit - 4096  # "just under the line limit"


def write(name, lines):
    if not want(name):
        return
    with open(os.path.join(out, name + ".jsonl"), "w", encoding="utf-8") as f:
        for line in lines:
            f.write(line)
            f.write("\n")


def head(key="started_following", locales='["en"]', extra=""):
    return '{"id":1,"key":"%s","locales":%s,%s' % (key, locales, extra)


# An args object of unknown keys, as many as fit.
parts, size, n = [], 0, 0
prefix = head() + '"args":{'
while size + 16 < under:
    item = '"k%d":1,' % n
    parts.append(item)
    size += len(item)
    n += 1
write("args-unknown-keys", [prefix + "".join(parts) + '"user_name":"A","user_id":"1"}}'])

# An id array of empty arrays.
count = (under - 100) // 3
write("id-empty-arrays", ['{"id":[' + ",".join(["[]"] * count) + '],"key":"started_following","locales":["en"]}'])

# locales with millions of entries.
count = (under - 100) // 4
write("locales-millions", ['{"id":1,"key":"started_following","locales":[' + ",".join(['"a"'] * count) + "]}"])

# A long id string.
write("id-long-string", ['{"id":"' + "x" * (under - 100) + '","key":"started_following","locales":["en"]}'])

# 100 lines just under 1 MiB of nested empty arrays.
depth = ((1 << 20) - 64) // 2
write("nested-arrays-100", ["[" * depth + "]" * depth] * 100)

# Three lines just under the limit: a long, truncatable argument.
def long_line(i):
    text = "héllo wörld " * ((under - 200) // 14)
    return '{"id":%d,"key":"message_received","locales":["en"],"args":{"sender_name":"Ann","sender_id":"s","conversation_id":"c","message_text":"%s"}}' % (i, text)


write("three-long-lines", [long_line(i) for i in range(3)])

# Ordinary lines of every mode, arguments up to 15 KB.
random.seed(20)
WORDS = ["Zofia", "سارة", "Олена", "小明", "João", "Jörg", "héllo", "wörld", "🙂", "Konzert"]


def text(limit_bytes):
    words, size = [], 0
    goal = random.randint(1, limit_bytes)
    while size < goal:
        w = random.choice(WORDS)
        words.append(w)
        size += len(w.encode()) + 1
    return " ".join(words)


def ordinary(i, long_bytes=15000):
    mode = ["resolved", "content", "loc-key"][i % 3]
    kind = i % 6
    if kind == 0:
        req = {"key": "started_following", "locales": ["pl-PL", "en"], "args": {"user_name": text(long_bytes), "user_id": "u%d" % i}}
    elif kind == 1:
        req = {"key": "photo_liked", "locales": ["ar-EG"], "args": {"liker_name": text(long_bytes), "like_count": i % 50, "photo_id": "p"}}
    elif kind == 2:
        req = {"key": "event_reminder", "locales": ["de-CH", "en"], "timeZone": "Europe/Zurich",
               "args": {"event_name": text(long_bytes), "when": "2026-11-22T18:30:00Z", "event_id": "e%d" % i}}
    elif kind == 3:
        req = {"key": "game_invite", "locales": ["en"], "budget": 400,
               "args": {"inviter_1": text(long_bytes), "inviter_2": text(200), "game_name": "Chess", "lobby_id": "L"}}
    elif kind == 4:
        req = {"key": "message_received", "locales": ["ja"], "overflow": "trim",
               "args": {"sender_name": "Ann", "sender_id": "s", "conversation_id": "c", "message_text": text(long_bytes)}}
    else:
        req = {"key": "profile_views_weekly", "locales": ["ru"], "args": {"view_count": i}, "badge": i % 100, "data": {"u": i}}
    req["id"] = i
    req["mode"] = mode
    return json.dumps(req, ensure_ascii=False, separators=(",", ":"))


if want("ordinary-4000") or want("ordinary-4000x16"):
    ordinary_lines = [ordinary(i) for i in range(4000)]
    write("ordinary-4000", ordinary_lines)
    write("ordinary-4000x16", ordinary_lines * 16)

# A million mixed lines (short arguments, some bad lines).
random.seed(21)
base = [ordinary(i, 200) for i in range(997)] + ['{"id":1,"key":"started_following","locales":[', "", "[1,2]"]
if want("mixed-1000000"):
    with open(os.path.join(out, "mixed-1000000.jsonl"), "w", encoding="utf-8") as f:
        for i in range(1000):
            f.write("\n".join(base))
            f.write("\n")

# Content mode, overflow trim, a 10 MB Japanese argument.
japanese = "日本語のテキスト、" * (10_000_000 // 27)
write("content-trim-japanese", [
    '{"id":1,"key":"event_reminder","mode":"content","overflow":"trim","locales":["ja"],'
    '"args":{"event_name":"%s","when":"2026-11-22T18:30:00Z","event_id":"e"}}' % japanese
])

# The same just under the line limit (over it, the 10 MB line is answered line-too-long).
japanese = "日本語のテキスト、" * ((under - 200) // 27)
write("content-trim-japanese-at-limit", [
    '{"id":1,"key":"event_reminder","mode":"content","overflow":"trim","locales":["ja"],'
    '"args":{"event_name":"%s","when":"2026-11-22T18:30:00Z","event_id":"e"}}' % japanese
])
