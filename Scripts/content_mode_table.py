#!/usr/bin/env python3
"""Prints docs/content-mode.md's table: for each sample template at 4096 bytes, in content mode for a
Polish user, how many locales fit under `overflow: drop`, and how long the optional locales' bodies
become under `overflow: trim` — with the example arguments and with long user input.

Usage: python3 Scripts/content_mode_table.py [path/to/pushloc]   (default .build/debug/pushloc)
"""
import json
import subprocess
import sys

PUSHLOC = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/pushloc"
NAME = "Zofia Anna Maria Kowalska-Wiśniewska"  # 41 bytes
LONG_TEXT = ("Hej! Widziałaś zdjęcia z wczorajszego koncertu? Są niesamowite, musisz je zobaczyć. " * 18)[:1500]

EXAMPLES = {
    "started_following": {"user_name": "Ann", "user_id": "8842"},
    "photo_liked": {"liker_name": "Ann", "like_count": 4, "photo_id": "p-1207"},
    "story_mention": {"user_name": "Ann", "user_gender": "female", "story_id": "s-77"},
    "comment_reply": {"user_name": "Ann", "comment_text": "Great shot! Where was this taken?", "post_id": "9001",
                      "comment_id": "c-5"},
    "friend_birthday": {"friend_name": "Ann", "friend_id": "u-31"},
    "profile_views_weekly": {"view_count": 12},
    "message_received": {"sender_name": "Ann", "sender_id": "u-8", "message_text": "See you at 7?",
                         "conversation_id": "c-9"},
    "game_invite": {"inviter_1": "Ann", "inviter_2": "Bob", "game_name": "Chess", "lobby_id": "L-42"},
    "event_reminder": {"event_name": "Book club", "when": "2026-11-22T18:30:00Z", "event_id": "e-5"},
    "order_milestone": {"order_count": 3},
    "payment_received": {"sender_name": "Ann", "amount": 12.5, "transaction_id": "pay-1"},
}


def long_args(args):
    result = {}
    for name, value in args.items():
        if isinstance(value, str) and name.endswith(("_text",)):
            result[name] = LONG_TEXT
        elif isinstance(value, str) and (name.endswith("_name") or name.startswith("inviter")):
            result[name] = NAME
        else:
            result[name] = value
    return result


def render(key, args, overflow):
    request = {"key": key, "locales": ["pl"], "mode": "content", "overflow": overflow, "args": args}
    out = subprocess.run([PUSHLOC, "batch"], input=json.dumps(request) + "\n", capture_output=True, text=True).stdout
    return json.loads(out)


def describe(key, args):
    drop = render(key, args, "drop")
    trim = render(key, args, "trim")
    if not drop["ok"]:
        return f"{drop['error']['code']}", "", ""
    report = drop["report"]
    included = len(report["includedLocales"])
    total = included + len(report["droppedLocales"])
    if not trim["ok"]:
        return f"{included} of {total}", trim["error"]["code"], ""
    bodies = [v.get("body", "") for v in trim["payload"]["localization_content"].values() if isinstance(v, dict)]
    lengths = sorted(len(b.encode()) for b in bodies)
    trimmed = sum(1 for b in bodies if b.endswith("…"))
    return f"{included} of {total}", f"{lengths[0]}–{lengths[-1]} bytes", f"{trimmed}"


def main():
    template_keys = [k for k in EXAMPLES]
    print("| template | arguments | locales kept (drop) | optional bodies (trim) | bodies cut (trim) |")
    print("| --- | --- | --- | --- | --- |")
    for key in template_keys:
        for label, args in (("example", EXAMPLES[key]), ("long", long_args(EXAMPLES[key]))):
            if label == "long" and args == EXAMPLES[key]:
                continue
            drop, trim, cut = describe(key, args)
            print(f"| `{key}` | {label} | {drop} | {trim} | {cut} |")


main()
