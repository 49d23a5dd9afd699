#!/usr/bin/env python3
"""FCM, Web Push and APNs output of `pushloc batch`, checked from outside with other people's code.

Generates a few thousand random batch lines from a seed (printed; `--seed` replays a run) over every
template of the catalog, every platform and every mode: random locale lists, hostile arguments
(0-6000 bytes in many scripts, ZWJ emoji, flags, combining marks, controls, quotes, RTL), budgets
200-4096, per-user data and badges, FCM targets, and a few requests that must be refused. Runs
`pushloc batch` once on all of them, checks every answer, then renders again every line whose
arguments were trimmed, with the trimmed values the report gives, and checks that this gives the
same payload.

What is checked (the failures name the check, the line and the input):
  * every line is answered, in order, `ok` or an error whose code docs/cli.md documents; requests
    made invalid on purpose are refused with `invalid-request`;
  * FCM: the message against Google's discovery document of the FCM v1 API (read at run time from
    SHARED/fixtures/fcm-v1-discovery.json), the same message built and encoded by the Firebase Admin
    SDK compared with ours, the counting rule (title + body + data keys and values, raw UTF-8) within
    the budget, `messageBytes`, targets, data mode's `locale` and `localization_content`, and the
    `apns` part within APNs's own budget;
  * Web Push: the payload's members and types, the headers (`TTL`, `Urgency`, `Topic`), the whole
    payload within the budget, and the payload encrypted with `aes128gcm` (RFC 8291, http-ece) being
    one record of at most 4096 bytes that decrypts back;
  * every platform: valid UTF-8 (no lone surrogate), within the budget by the platform's own rule and
    as the report says, pinned arguments byte-identical where the template puts them, every trimmed
    argument a prefix of the original ending on an ICU grapheme boundary (PyICU) plus the ellipsis,
    and the budget used maximally (the rule of Tests/PushLocalizerTests/Support/BudgetInvariants.swift,
    `maximalBound`, which docs/content-mode.md states in words).

  python3 Scripts/check_platforms.py --binary .build/debug/pushloc [--lines 3000] [--seed N]
  python3 Scripts/check_platforms.py --self-test      # each check against hand-written payloads

The checkers themselves are in Scripts/platform_checks.py.

Needs: pip install PyYAML PyICU http-ece cryptography firebase-admin (PyICU: apt-get install
pkg-config libicu-dev). Encoding with the Firebase SDK needs neither network nor credentials.
"""

import argparse
import collections
import datetime
import json
import os
import random
import re
import subprocess
import sys
import tempfile

from platform_checks import (
    compact, EXIT_STATUS_WRONG, RAN, Catalog, documented_error_codes, grapheme_boundaries, DiscoveryValidator,
    FCM_TARGETS, fcm_counted_bytes, fcm_schema_errors, fcm_sdk_errors, WebPushKeys,
    webpush_encryption_errors, request_platform, request_line, Context, split_answer, check_success,
    trimmed_bodies_errors, next_locale_errors, body_cut_errors, check_error, apns_part_differences,
)

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
DEFAULT_SEED = 20261127
DEFAULT_LINES = 3000

PLATFORM_MODES = {
    "apns": ["resolved", "content", "loc-key"],
    "fcm": ["resolved", "loc-key", "data", "content"],  # content is taken as data on FCM
    "webpush": ["resolved", "content"],
}
TIME_ZONES = ["UTC", "Europe/Warsaw", "Asia/Tokyo", "America/Los_Angeles", "Asia/Kathmandu", "Pacific/Chatham"]
EXTRA_TAGS = [
    "en-AU", "en-US", "de-AT", "pt", "pt-AO", "zh-TW", "zh-CN", "es-MX", "sr-Latn", "xx-garbage", "",
    "EN", "fr_CA", "ja-JP", "ar-EG", "he-IL", "iw", "nb", "und", "en-u-nu-thai", "hi-Latn", "tlh",
]

# Hostile text, piece by piece: many scripts, ZWJ emoji, flags and tag sequences, keycaps,
# combining marks, Hangul (precomposed and jamo), RTL and bidi controls, quotes, backslashes,
# controls, line and paragraph separators.
PIECES = [
    "Ann", "Jörg", "Zoë", "O'Brien", "José María", "李小龍", "さくら", "김민준", "Σωκράτης", "Владимир",
    "محمد", "עִבְרִית", "مرحبا بالعالم", "שלום", "हिन्दी", "क्षत्रिय", "ภาษาไทย", "ສະບາຍດີ", "தமிழ்",
    "ᄀᄀᄀ각ᆨᆨ", "한국어", "👨‍👩‍👧‍👦", "🏳️‍🌈", "👩🏽‍💻", "🧑🏿‍🤝‍🧑🏻", "🇩🇪🇯🇵", "🇺🇦", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "❤️", "1️⃣",
    "e\u0301\u0302\u0303", "Z\u0351\u0352\u0353\u0354a\u0300", "ñ", "n\u0303", '"quoted"', "back\\slash",
    "\\\\u0041", "{not_an_arg}", "'{x}'", "#", "{", "}", "\t", "\n", "\r\n", "\u0000", "\u0001", "\u001f",
    "\u007f", "\u0085", "\u2028", "\u2029", "\u200b", "\u200d", "\u200e", "\u200f", "\u202e", "\u2066",
    "\u2069", "\ufeff", "\ufffd", "\U0001F600", "\U00010000", "\U00020000", "𒐫", "ﷺ", "\u0e33\u0e33",
    "…", "—", "&<>", "</script>", "%s%n", "\u00ad", " ", "  ", "a" * 40,
]
WORDS = ["the", "quick", "brown", "fox", "jumps", "über", "très", "日本語の文章", "ไทย", "مرحبا", "שלום", "да",
         "Łódź", "naïve", "Ελλάδα", "தமிழ்நாடு", "🙂", "x"]


# ---------------------------------------------------------------------------------------------
# Request lines


class Generator:
    """Random request lines over one catalog, from one seeded `random.Random`."""

    def __init__(self, catalog, seed):
        self.catalog = catalog
        self.rng = random.Random(seed)
        self.keys = sorted(catalog.templates)

    def text(self, limit=None):
        rng = self.rng
        shape = rng.randrange(10)
        if shape == 0:
            return ""
        if shape < 4:
            target = rng.randrange(1, 40)
        elif shape < 7:
            target = rng.randrange(40, 400)
        else:
            target = rng.randrange(400, 6001)
        if limit is not None:
            target = min(target, limit)
        parts, size = [], 0
        repeat = rng.choice(PIECES) if rng.randrange(6) == 0 else None
        while size < target:
            if repeat is not None:
                part = repeat
            elif rng.randrange(3):
                part = rng.choice(WORDS) + rng.choice([" ", " ", "", ", ", "\n"])
            else:
                part = rng.choice(PIECES)
            parts.append(part)
            size += len(part.encode("utf-8"))
        text = "".join(parts)
        data = text.encode("utf-8")[:target]
        # Cut at a code point (not a grapheme) boundary: the renderer must cope with a split cluster.
        return data.decode("utf-8", "ignore")

    def identifier(self):
        rng = self.rng
        if rng.randrange(12):
            return "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789-_") for _ in range(rng.randrange(1, 24)))
        return self.text(limit=rng.choice([10, 60, 300]))

    def number(self):
        rng = self.rng
        choice = rng.randrange(6)
        if choice < 3:
            return rng.randrange(0, 30)
        if choice == 3:
            return rng.randrange(-1000000, 1000000000)
        if choice == 4:
            return round(rng.random() * 1000, rng.randrange(0, 4))
        return rng.choice([1, 2, 3, 11, 21, 22, 101, "5", "1.5"])

    def date(self):
        rng = self.rng
        if rng.randrange(2):
            return rng.randrange(0, 4102444800000)
        year, month, day = rng.randrange(1970, 2100), rng.randrange(1, 13), rng.randrange(1, 29)
        zone = rng.choice(["Z", "+02:00", "-09:30", "+14:00"])
        return f"{year:04d}-{month:02d}-{day:02d}T{rng.randrange(24):02d}:{rng.randrange(60):02d}:00{zone}"

    def arguments(self, key):
        values = {}
        for name, kind, truncate, _ in self.catalog.arguments(key):
            if kind == "number":
                values[name] = self.number()
            elif kind == "date":
                values[name] = self.date()
            elif truncate:
                values[name] = self.text()
            elif name.endswith(("_id", "_gender")) or self.rng.randrange(3):
                values[name] = self.identifier() if not name.endswith("_gender") else self.rng.choice(
                    ["female", "male", "other", "", "nonbinary"])
            else:
                values[name] = self.text(limit=200)
        return values

    def locales(self):
        rng = self.rng
        tags = []
        for _ in range(rng.choice([0, 1, 1, 1, 2, 2, 3, 5])):
            tag = rng.choice(self.catalog.tags) if rng.randrange(3) else rng.choice(EXTRA_TAGS)
            if tag and rng.randrange(10) == 0:
                tag = tag.replace("-", "_")
            tags.append(tag)
        return tags

    def data(self, key, platform):
        rng = self.rng
        taken = set((self.catalog.templates[key].get("data") or {}).keys()) | {"aps", "localization_content", "locale"}
        data = {}
        for _ in range(rng.randrange(1, 5)):
            name = rng.choice(["campaign", "user", "ü_key", "k", "trace-id", "日本", "x" * rng.randrange(1, 60)])
            if name in taken:
                continue
            if platform == "fcm" or rng.randrange(2):
                data[name] = self.text(limit=rng.choice([20, 200]))
            else:
                data[name] = rng.choice([1, 2.5, True, None, [1, "a"], {"n": {"m": "ü"}}, self.text(limit=30)])
        return data

    def target(self):
        rng = self.rng
        kind = rng.choice(FCM_TARGETS)
        if kind == "token":
            return kind, "".join(rng.choice("ABCDEFabcdef0123456789:_-") for _ in range(rng.randrange(20, 180)))
        if kind == "topic":
            return kind, "".join(rng.choice("abcXYZ019-_.~%") for _ in range(rng.randrange(1, 40)))
        return kind, rng.choice(["'stocks' in topics && 'news' in topics",
                                 "'a' in topics || ('b' in topics && 'c' in topics)", "'weather' in topics"])

    def request(self, number):
        """(request object, what is expected: 'valid' or 'invalid')."""
        rng = self.rng
        key = self.keys[number % len(self.keys)] if rng.randrange(4) else rng.choice(self.keys)
        platform = rng.choice(["apns", "fcm", "fcm", "webpush", "webpush"])
        request = {"id": number, "key": key, "locales": self.locales()}
        if platform != "apns" or rng.randrange(2):
            request["platform"] = platform
        mode = rng.choice(PLATFORM_MODES[platform])
        if mode != "resolved" or rng.randrange(2):
            request["mode"] = mode
        request["args"] = self.arguments(key)
        if rng.randrange(4):
            if platform == "webpush" and rng.randrange(8) == 0:
                # Over what one 4096-byte record carries: refused.
                request["budget"] = rng.randrange(3994, 4097)
            elif rng.randrange(4) == 0:
                request["budget"] = rng.randrange(200, 600)  # tight: the body step and payloadTooLarge
            else:
                request["budget"] = rng.randrange(200, 4097)
        if rng.randrange(5) == 0:
            request["data"] = self.data(key, platform)
        badge = rng.randrange(5 if platform == "apns" or platform == "fcm" and mode in ("resolved", "loc-key") else 25) == 0
        if badge:
            request["badge"] = rng.choice([0, 1, 7, 99, 2147483647])
        if platform == "fcm" and rng.randrange(2):
            kind, value = self.target()
            request[kind] = value
        if rng.randrange(4) == 0:
            request["timeZone"] = rng.choice(TIME_ZONES)
        if mode in ("content", "data") and rng.randrange(2):
            request["overflow"] = rng.choice(["drop", "trim"])
        if platform in ("apns", "fcm") and rng.randrange(8) == 0:
            request["pushType"] = rng.choice(["alert", "alert", "background", "voip"])
        expectation = "valid"
        if platform == "webpush" and request.get("budget", 0) > 3993:
            expectation = "invalid"
        if badge and (platform == "webpush" or platform == "fcm" and mode in ("data", "content")):
            # A badge is a notification's count: Web Push has none, nor has an FCM data message.
            expectation = "invalid"
        if platform == "fcm" and "data" in request and rng.randrange(6) == 0:
            # Not a string: FCM data values are strings, so either its JSON text or invalid-request.
            request["data"]["n"] = rng.choice([1, 2.5, True, None, [1, "ü"], {"a": "b"}])
            expectation = "either"
        if rng.randrange(30) == 0:
            # Requests the documented rules refuse: invalid-request.
            broken = rng.randrange(7)
            if broken == 0:
                request["platform"] = "fcm"
                request["token"], request["topic"] = "t0k3n", "news"
            elif broken == 1:
                request["platform"] = rng.choice(["apns", "webpush"])
                request["mode"] = "resolved"
                request.pop("pushType", None)
                request[rng.choice(FCM_TARGETS)] = "news"
            elif broken == 2:
                request["platform"] = "webpush"
                request["mode"] = "loc-key"
            elif broken == 3:
                request["platform"] = "apns"
                request["mode"] = "data"
            elif broken == 4:
                request["platform"] = rng.choice(["android", "FCM", "web-push"])
            elif broken == 5:
                # FCM refuses data keys that are reserved words or start with "google" or "gcm".
                request["platform"] = "fcm"
                request["mode"] = rng.choice(["resolved", "data"])
                request.pop("badge", None)
                # (Not "notification": FCM's docs once listed it, but FCM takes it.)
                request["data"] = {rng.choice(["from", "message_type", "google.c.a.e", "gcm.n.e",
                                               "google_sent_time", "gcm"]): "x"}
            else:
                # A target FCM cannot send to: an empty token, a malformed topic.
                request["platform"] = "fcm"
                for key in FCM_TARGETS:
                    request.pop(key, None)
                kind, value = rng.choice([("token", ""), ("topic", ""), ("topic", "news and weather"),
                                          ("topic", "/topics/a/b"), ("condition", "")])
                request[kind] = value
            expectation = "invalid"
        return request, expectation


# ---------------------------------------------------------------------------------------------
# Running the binary, and the summary


def run_batch(binary, catalog_root, lines):
    with tempfile.NamedTemporaryFile("wb", suffix=".jsonl", delete=False) as handle:
        handle.write(b"".join(line + b"\n" for line in lines))
        path = handle.name
    try:
        result = subprocess.run([binary, "batch", "--catalog", catalog_root, "--input", path], capture_output=True)
    finally:
        os.unlink(path)
    if result.returncode not in (0, 1):
        sys.exit(f"pushloc batch exited {result.returncode}: {result.stderr.decode(errors='replace')[:2000]}")
    answers = result.stdout.split(b"\n")
    if answers and answers[-1] == b"":
        answers.pop()
    failed = sum(1 for answer in answers if b',"ok":false,' in answer[:2000])
    if (result.returncode == 1) != (failed > 0):
        print(f"error: pushloc batch exited {result.returncode} with {failed} failed lines "
              f"(docs/cli.md: 1 exactly when a line failed)")
        EXIT_STATUS_WRONG.append(result.returncode)
    return answers


class Findings:
    def __init__(self, show):
        self.show = show
        self.failures = collections.OrderedDict()  # check -> [(line, input, detail)]
        self.counts = collections.Counter()

    def add(self, check, number, line, detail):
        self.failures.setdefault(check, []).append((number, line, detail))

    def total(self):
        return sum(len(items) for items in self.failures.values())


def check_label(detail):
    """A failure's group: the message with numbers and quoted values taken out."""
    label = re.sub(r"\[[^\]]*\]|'[^']*'|\"[^\"]*\"|[0-9]+", "…", detail)
    return label[:110]


def check_answers(ctx, findings, requests, lines, answers, phase):
    """Checks `answers` against `requests`; returns the re-render requests (or payloadTooLarge probes)."""
    follow = []
    if len(answers) != len(lines):
        findings.add(f"{phase}: answers", 0, b"", f"{len(lines)} lines, {len(answers)} answers")
    for number, (line, (request, expectation), raw) in enumerate(zip(lines, requests, answers), start=1):
        platform = request.get("platform", "apns")
        label = f"{platform}/{request.get('mode', 'resolved')}"
        try:
            answer = json.loads(raw)
        except ValueError as error:
            findings.add(f"{phase}: answer is not JSON", number, line, f"{error}: {raw[:200]!r}")
            continue
        errors = []
        if answer.get("id") != request.get("id"):
            errors.append(f"answer id {answer.get('id')!r} for request id {request.get('id')!r} (out of order?)")
        if answer.get("ok") is True:
            findings.counts[(phase, label, "ok")] += 1
            if expectation == "invalid":
                errors.append("an invalid request was rendered (expected invalid-request)")

            else:
                try:
                    more, follow_ups = check_success(ctx, request, answer, raw)
                except Exception as error:  # a checker crash is a finding too, never a silent pass
                    more, follow_ups = [f"the checker failed on this answer: {type(error).__name__}: {error}"], []
                errors += more
                if phase == "batch":
                    follow += [(kind, request, answer, probe) for kind, probe in follow_ups]
        elif answer.get("ok") is False:
            code = (answer.get("error") or {}).get("code")
            findings.counts[(phase, label, code)] += 1
            errors += check_error(ctx, request, expectation, answer)
            if code == "payloadTooLarge" and expectation == "valid" and phase == "batch":
                truncatable = [name for name, _, truncate, _ in ctx.catalog.arguments(request["key"]) if truncate]
                if truncatable:
                    probe = dict(request, args=dict(request.get("args", {}), **{name: "" for name in truncatable}))
                    follow.append(("too-large", request, answer, probe))
        else:
            errors.append("neither ok nor failed")
        for error in errors:
            findings.add(f"{phase}: {label}: {check_label(error)}", number, line, error)
    return follow


def compare_rerenders(ctx, findings, follow, answers):
    apns_parts = collections.defaultdict(dict)
    trims = collections.defaultdict(list)
    for (kind, request, first, again), raw in zip(follow, answers):
        line = request_line(request)
        answer = json.loads(raw)
        label = f"{request.get('platform', 'apns')}/{request.get('mode', 'resolved')}"
        if kind.startswith("apns-part"):
            apns_parts[request["id"]][kind] = (request, apns_part_differences(first, answer))
            continue
        if kind == "too-large":
            if answer.get("ok"):
                findings.add(f"payloadTooLarge: {label}", request["id"], line,
                             f"payloadTooLarge ({first['error']['message'][:200]}), yet with every truncatable "
                             f"argument empty it renders in {answer['bytes']} bytes")
            continue
        if kind.startswith("trim-"):
            answer["_raw"] = raw
            trims[request["id"]].append((request, first, answer, again))
            continue
        if kind == "next-locale":
            answer["_raw"] = raw
            for error in next_locale_errors(ctx.catalog, request, first, answer):
                findings.add(f"locales: {label}: {check_label(error)}", request["id"], line, error)
            continue
        if kind == "body":
            if not answer.get("ok"):
                findings.add(f"body: {label}: whole body does not render", request["id"], line,
                             f"the request with the reported argument values and the largest budget fails: {answer.get('error')}")
                continue
            for error in body_cut_errors(ctx.catalog, request, first, json.loads(split_answer(raw))):
                findings.add(f"body: {label}: {check_label(error)}", request["id"], line, error)
            continue
        if not answer.get("ok"):
            findings.add(f"re-render: {label}: fails", request["id"], line,
                         f"rendering with the reported trimmed values fails: {answer.get('error')}")
            continue
        report = answer["report"]
        if report.get("steps") != ["full"] or report.get("trimmedArguments"):
            findings.add(f"re-render: {label}: not whole", request["id"], line,
                         f"the reported trimmed values need fitting again: steps {report.get('steps')}, "
                         f"{report.get('trimmedArguments')}")
        before, after = split_answer(first_raw(first)), split_answer(raw)
        if request.get("platform") == "fcm":
            before_message = dict(json.loads(before)["message"])
            after_message = dict(json.loads(after)["message"])
            before_message.pop("apns", None)
            after_message.pop("apns", None)
            same = before_message == after_message
        else:
            same = before == after
        if not same:
            findings.add(f"re-render: {label}: differs", request["id"], line,
                         "the payload is not the template rendered with the reported trimmed values:\n"
                         f"      got:      {before[:600].decode(errors='replace')}\n"
                         f"      expected: {after[:600].decode(errors='replace')}")


    for number, items in trims.items():
        request, first = items[0][0], items[0][1]
        label = f"{request.get('platform', 'apns')}/{request.get('mode', 'resolved')}"
        for error in trimmed_bodies_errors(ctx.catalog, request, first, [(answer, probe) for _, _, answer, probe in items]):
            findings.add(f"trim: {label}: {check_label(error)}", number, request_line(request), error)
    for number, kinds in apns_parts.items():
        request, found = kinds["apns-part"]
        label = f"{request.get('platform', 'apns')}/{request.get('mode', 'resolved')}"
        RAN["FCM apns parts compared with the APNs render of the same request"] += 1
        if not found:
            RAN["  … equal to the APNs render with APNs's own budget"] += 1
            continue
        if "apns-part-budget" in kinds and not kinds["apns-part-budget"][1]:
            RAN["  … equal to the APNs render with the request's budget (not APNs's own)"] += 1
            continue
        for difference in found[:3]:
            findings.add(f"apns part: {label}: {check_label(difference)}", number, request_line(request),
                         "the apns part is not the APNs render of the same request: " + difference)


def first_raw(answer):
    return answer["_raw"]


args_show_chars = 700
args_failures = None


def summary(findings, seed, started):
    print(f"seed {seed}")
    table = collections.defaultdict(collections.Counter)
    for (phase, label, code), count in findings.counts.items():
        if phase == "batch":
            table[label][code] += count
    for label in sorted(table):
        parts = ", ".join(f"{code} {count}" for code, count in sorted(table[label].items(), key=lambda item: -item[1]))
        print(f"  {label:18} {sum(table[label].values()):5} lines: {parts}")
    followed = sum(count for (phase, _, _), count in findings.counts.items() if phase != "batch")
    print(f"  re-rendered with the reported trimmed values (or empty truncatable arguments): {followed}")
    for check, count in sorted(RAN.items()):
        print(f"  {check}: {count}")
    if args_failures:
        with open(args_failures, "w", encoding="utf-8") as handle:
            for check, items in findings.failures.items():
                for number, line, detail in items:
                    handle.write(json.dumps({"check": check, "line": number, "detail": detail,
                                             "input": line.decode("utf-8", "replace")}, ensure_ascii=False) + "\n")
        print(f"every failure, with its whole input line: {args_failures}")
    if EXIT_STATUS_WRONG:
        findings.add("batch exit status", 0, b"", f"exit status {EXIT_STATUS_WRONG}")
    if not findings.failures:
        print(f"every check passed ({datetime.datetime.now() - started} s)")
        return 0
    print(f"\n{findings.total()} failures in {len(findings.failures)} checks:")
    for check, items in findings.failures.items():
        print(f"\n[{len(items)}] {check}")
        for number, line, detail in items[:findings.show]:
            # Invisible and reordering characters (C1 controls, line separators, bidi controls) as
            # escapes, so that a log shows the line as it is.
            text = re.sub("[\u0080-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]",
                          lambda match: f"\\u{ord(match.group()):04x}", line.decode("utf-8", "replace"))
            print(f"  line {number}: {detail}")
            print(f"    input: {text[:args_show_chars]}{' …(' + str(len(line)) + ' bytes)' if len(text) > args_show_chars else ''}")
    return 1


def discovery_validator(shared):
    """The FCM v1 schema, read from the shared fixtures (never copied into the repository)."""
    path = os.path.join(shared, "fixtures", "fcm-v1-discovery.json")
    if not os.path.isfile(path):
        sys.exit(f"error: no FCM discovery document at {path}; give the shared folder with --shared")
    with open(path, encoding="utf-8") as handle:
        return DiscoveryValidator(json.load(handle))


def run(args):
    started = datetime.datetime.now()
    catalog = Catalog(args.catalog)
    validator = discovery_validator(args.shared)
    ctx = Context(catalog, validator, WebPushKeys(), documented_error_codes(ROOT))
    generator = Generator(catalog, args.seed)
    requests = [generator.request(number) for number in range(1, args.lines + 1)]
    lines = [request_line(request) for request, _ in requests]
    print(f"pushloc batch: {len(lines)} lines (seed {args.seed}), catalog {catalog.root}, "
          f"{len(catalog.templates)} templates, {len(catalog.tags)} locales", flush=True)
    answers = run_batch(args.binary, catalog.root, lines)
    findings = Findings(args.show)
    # The answer's own bytes travel with it, for the re-render comparison.
    follow = check_answers(ctx, findings, requests, lines, answers, "batch")
    raws = {request.get("id"): raw for (request, _), raw in zip(requests, answers)}
    for kind, request, answer, _ in follow:
        answer["_raw"] = raws[request["id"]]
    if follow:
        again = [dict(probe, id=f"again-{request['id']}") for _, request, _, probe in follow]
        print(f"pushloc batch: {len(again)} lines again (trimmed values, or empty truncatable arguments)", flush=True)
        again_answers = run_batch(args.binary, catalog.root, [request_line(request) for request in again])
        for (kind, request, answer, probe), raw in zip(follow, again_answers):
            findings.counts[("again", kind, "ok" if json.loads(raw).get("ok") else "failed")] += 1
        compare_rerenders(ctx, findings, follow, again_answers)
    return summary(findings, args.seed, started)


# ---------------------------------------------------------------------------------------------
# Self-test: every check against hand-written answers, correct ones and broken ones

SELF_TEST_TEMPLATES = """\
greet:
  args:
    name: { type: string, truncate: true }
    uid: { type: string }
  title: "Hi"
  body: "{name} says hi"
  apns: { category: GREET, target-content-id: "u-{uid}" }
  fcm: { priority: high, ttl: 3600, collapse-key: "greet-{uid}", channel-id: social, tag: greet, icon: ic_hi,
         color: "#336699", sound: default, click-action: OPEN }
  webpush: { urgency: high, topic: "greet-{uid}", icon: "https://e.x/i.png", tag: greet, require-interaction: true }
  data: { path: "app://u/{uid}" }
"""


def self_test_catalog(folder):
    os.makedirs(os.path.join(folder, "Templates"))
    os.makedirs(os.path.join(folder, "Locales"))
    with open(os.path.join(folder, "Templates", "t.yaml"), "w", encoding="utf-8") as handle:
        handle.write(SELF_TEST_TEMPLATES)
    with open(os.path.join(folder, "Locales", "pl.yaml"), "w", encoding="utf-8") as handle:
        handle.write('greet:\n  title: "Cześć"\n  body: "{name} mówi cześć"\n')
    with open(os.path.join(folder, "pushloc.yaml"), "w", encoding="utf-8") as handle:
        handle.write("source-locale: en\nlocale-priority: [en, pl]\noverflow: drop\nellipsis: \"…\"\n")
    return Catalog(folder)




def answer_line(request, payload, headers, report_fields, counted=None):
    """A success line as `pushloc batch` writes it, with a report made consistent with the payload."""
    raw = compact(payload)
    platform = request_platform(request)
    report = {"bytes": counted if counted is not None else len(raw), "budget": request.get("budget"),
              "fieldLocales": {}, "includedLocales": [], "droppedLocales": [], "trimmedArguments": [],
              "bodyBytesTrimmed": 0, "steps": ["full"], "negotiation": []}
    if platform == "fcm":
        report["bytes"] = fcm_counted_bytes(payload["message"])
        report["messageBytes"] = len(raw)
    report.update(report_fields)
    line = (b'{"id":' + compact(request["id"]) + b',"ok":true,"bytes":' + str(len(raw)).encode()
            + b',"locale":"pl","headers":' + compact(headers) + b',"payload":' + raw + b',"report":' + compact(report) + b"}")
    return json.loads(line), line


def self_test(args):
    validator = discovery_validator(args.shared)
    folder = tempfile.mkdtemp(prefix="check-platforms-")
    catalog = self_test_catalog(folder)
    ctx = Context(catalog, validator, WebPushKeys(), documented_error_codes(ROOT))
    results = []

    def case(name, errors, fails_with=None):
        ok = (not errors) if fails_with is None else any(fails_with in error for error in errors)
        results.append(ok)
        shown = "; ".join(errors)[:300] if errors else "no findings"
        print(f"  {'ok  ' if ok else 'FAIL'} {name}: {shown}")

    name = "Zoë 👩‍👩‍👧 Kowalska"
    original = name.encode("utf-8")
    family_end = original.index("👧".encode()) + 4  # after the whole ZWJ family: a grapheme boundary
    inside = original.index("\u200d".encode()) + 3  # right after the first ZWJ: inside the cluster
    kept = original[:family_end].decode() + "…"
    fcm_message = {
        "token": "abc",
        "notification": {"title": "Cześć", "body": f"{kept} mówi cześć"},
        "data": {"path": "app://u/42", "campaign": "c1"},
        "android": {"priority": "HIGH", "ttl": "3600s", "collapse_key": "greet-42",
                    "notification": {"channel_id": "social", "tag": "greet", "icon": "ic_hi", "color": "#336699",
                                     "sound": "default", "click_action": "OPEN", "notification_count": 3}},
        "apns": {"headers": {"apns-push-type": "alert", "apns-priority": "10"},
                 "payload": {"aps": {"alert": {"title": "Cześć", "body": f"{name} mówi cześć"}, "badge": 3,
                                     "category": "GREET", "target-content-id": "u-42", "mutable-content": 1,
                                     "interruption-level": "active", "relevance-score": 0.5},
                             "path": "app://u/42"}},
    }
    counted = fcm_counted_bytes(fcm_message)
    trimmed = [{"name": "name", "bytesBefore": len(original), "bytesAfter": family_end + 3, "occurrences": 1,
                "reason": "budget"}]
    request = {"id": 1, "key": "greet", "locales": ["pl"], "platform": "fcm", "args": {"name": name, "uid": "42"},
               "budget": counted + 2, "token": "abc", "data": {"campaign": "c1"}, "badge": 3}
    steps = {"steps": ["full", "arguments"], "trimmedArguments": trimmed}

    def fcm(message, request=request, report=steps):
        answer, line = answer_line(request, {"message": message}, {}, report)
        return check_success(ctx, request, answer, line)[0]

    def changed(path, value, base=fcm_message):
        message = json.loads(json.dumps(base))
        target = message
        for key in path[:-1]:
            target = target[key]
        if value is KeyError:
            del target[path[-1]]
        else:
            target[path[-1]] = value
        return message

    print("FCM:")
    case("a correct message (resolved, token, data, android, apns)", fcm(fcm_message))
    case("the counting rule: title + body + data keys and values, raw UTF-8",
         [] if counted == len("Cześć".encode()) + len(f"{kept} mówi cześć".encode()) + len("pathapp://u/42campaignc1") else [f"counted {counted}"])
    case("an unknown field fails", validator.validate(changed(["android", "notification", "subtitle"], "x"), {"$ref": "Message"}),
         "unknown field 'subtitle'")
    case("an unknown top-level member fails", fcm(changed(["priority"], "high")), "unknown field 'priority'")
    case("a number in data fails the schema", fcm(changed(["data", "campaign"], 7)), "expected a string")
    case("a number in data fails the SDK", fcm_sdk_errors(changed(["data", "campaign"], 7)), "SDK refuses")
    case("ttl: 3600 fails the schema", validator.validate(changed(["android", "ttl"], 3600), {"$ref": "Message"}), "expected a string")
    case("ttl: 3600 differs from the SDK", fcm_sdk_errors(changed(["android", "ttl"], 3600)), "SDK")
    case("ttl: \"1h\" fails", validator.validate(changed(["android", "ttl"], "1h"), {"$ref": "Message"}), "google-duration")
    case("priority 'high' fails the enum", validator.validate(changed(["android", "priority"], "high"), {"$ref": "Message"}), "not one of")
    case("notification_count 1.5 fails", validator.validate(changed(["android", "notification", "notification_count"], 1.5), {"$ref": "Message"}), "integer")
    case("notification_count 2^31 fails", validator.validate(changed(["android", "notification", "notification_count"], 2**31), {"$ref": "Message"}), "range")
    case("two targets fail", fcm_schema_errors(validator, {"message": changed(["topic"], "news")}), "more than one target")
    case("two targets fail the SDK", fcm_sdk_errors(changed(["topic"], "news")), "Exactly one")
    case("collapse_key beside collapseKey fails", validator.validate(changed(["android", "collapseKey"], "x"), {"$ref": "Message"}), "same field")
    case("an output-only field (name) fails", validator.validate(changed(["name"], "projects/p/messages/1"), {"$ref": "Message"}), "output-only")
    case("a key the SDK does not write (android.notification.ticker) differs", fcm_sdk_errors(changed(["android", "notification", "ticker"], "t")), "only ours")
    case("loc args without a loc key fail the SDK", fcm_sdk_errors(changed(["android", "notification", "title_loc_args"], ["a"])), "SDK refuses")
    case("a color that is not #rrggbb fails the SDK", fcm_sdk_errors(changed(["android", "notification", "color"], "blue")), "SDK refuses")
    case("a wrong target fails", fcm(changed(["token"], "abd")), "message.token")
    case("a priority other than the template's fails", fcm(changed(["android", "priority"], "NORMAL")), "android.priority")
    case("a ttl other than the template's fails", fcm(changed(["android", "ttl"], "60s")), "android.ttl")
    case("a channel other than the template's fails",
         fcm(changed(["android", "notification", "channel_id"], "other")), "channel_id")
    case("a collapse key not made from the pinned argument fails",
         fcm(changed(["android", "collapse_key"], "greet-4")), "collapse_key")
    case("an apns.payload over 4096 bytes fails",
         fcm(changed(["apns", "payload", "pad"], "x" * 4100)), "over APNs's budget")
    case("a wrong pinned data value fails", fcm(changed(["data", "path"], "app://u/4")), "(pinned)")
    case("a missing request data key fails", fcm(changed(["data", "campaign"], KeyError)), "request data")
    case("a wrong notification_count fails", fcm(changed(["android", "notification", "notification_count"], 4)), "notification_count")
    over = dict(request, budget=counted - 1)
    case("over the budget fails", fcm(fcm_message, request=over), "over the budget")
    roomy = dict(request, budget=counted + 40)
    case("40 bytes left unused after trimming fails (not maximal)", fcm(fcm_message, request=roomy), "not maximal")
    split = dict(steps, trimmedArguments=[dict(trimmed[0], bytesAfter=inside + 3)])
    case("a cut inside the ZWJ family fails", fcm(fcm_message, report=split), "grapheme-boundary")
    case("a report naming the pinned argument fails",
         fcm(fcm_message, report=dict(steps, trimmedArguments=trimmed + [dict(trimmed[0], name="uid")])), "pinned")
    case("trimmed without the arguments step fails", fcm(fcm_message, report=dict(steps, steps=["full"])), "steps")
    case("a trimmed value missing from the payload fails",
         fcm(changed(["notification", "body"], f"{name[:3]}… mówi cześć")), "nowhere in the payload")
    answer, line = answer_line(request, {"message": fcm_message}, {}, dict(steps, bytes=counted + 1))
    case("report.bytes not by the counting rule fails", check_success(ctx, request, answer, line)[0], "report.bytes")

    data_request = dict(request, mode="data", budget=400)
    data_request.pop("badge")
    content = {"pl": {"title": "Cześć", "body": f"{name} mówi cześć"}, "en": {"title": "Hi", "body": f"{name} says hi"}}
    data_message = {"token": "abc", "data": {"path": "app://u/42", "campaign": "c1", "locale": "pl",
                                             "localization_content": compact(content).decode()},
                    "android": {"priority": "HIGH", "ttl": "3600s", "collapse_key": "greet-42"},
                    "apns": fcm_message["apns"]}
    content_report = {"includedLocales": ["pl", "en"], "steps": ["full"]}
    case("a correct data-mode message", fcm(data_message, request=data_request, report=content_report))
    case("includedLocales other than the content's order fails",
         fcm(data_message, request=data_request, report=dict(content_report, includedLocales=["en", "pl"])),
         "is not the localization_content order")
    case("droppedLocales that overlap the included ones fail",
         fcm(data_message, request=data_request, report=dict(content_report, droppedLocales=["en"])),
         "both included and dropped")
    aliased = {"en": "pl", "pl": content["pl"]}
    case("an alias to a later entry fails",
         fcm(changed(["data", "localization_content"], compact(aliased).decode(), data_message), request=data_request,
             report=dict(content_report, includedLocales=["en", "pl"])), "names no earlier object entry")
    case("a data-mode message with a notification fails",
         fcm(changed(["notification"], {"title": "x"}, data_message), request=data_request, report=content_report), "data mode with a notification")

    long_name = "Anna Maria Konstantinopoulou-Vasilakopoulou"
    backed = dict(fcm_message, notification={"title": "Cześć", "body": "Anna Maria… mówi cześć"})
    backed_counted = fcm_counted_bytes(backed)
    backed_report = dict(steps, trimmedArguments=[{"name": "name", "bytesBefore": len(long_name), "bytesAfter": 13,
                                                   "occurrences": 1, "reason": "budget"}])
    # Moved back from a cut in "Konstantinopoulou" to the word boundary: at most 24 bytes given back,
    # plus the next character: fewer than 25 unused is maximal, 25 is not.
    for unused, fails_with in ((24, None), (25, "not maximal")):
        backed_request = dict(request, args={"name": long_name, "uid": "42"}, budget=backed_counted + unused)
        case(f"{unused} bytes unused after a word back-off {'fails' if fails_with else 'passes'}",
             fcm(backed, request=backed_request, report=backed_report), fails_with)

    fcm_first = {"_raw": b'{"id":1,"payload":' + compact({"message": fcm_message}) + b',"report":{}}'}
    apns_answer = {"ok": True, "payload": fcm_message["apns"]["payload"], "headers": fcm_message["apns"]["headers"]}
    case("an apns part equal to the APNs render", apns_part_differences(fcm_first, apns_answer))
    case("an apns part that is not the APNs render fails",
         apns_part_differences(fcm_first, dict(apns_answer, payload=dict(apns_answer["payload"], path="app://u/4"))),
         "message.apns.payload.path")
    case("apns part headers that differ fail",
         apns_part_differences(fcm_first, dict(apns_answer, headers={"apns-push-type": "alert"})), "apns-priority")

    answer, line = answer_line(request, {"message": fcm_message}, {}, dict(steps, messageBytes=5))
    case("a wrong messageBytes fails", check_success(ctx, request, answer, line)[0], "messageBytes")

    print("Second renders:")
    answer, line = answer_line(request, {"message": fcm_message}, {}, steps)
    answer["_raw"] = line
    again_ok, again_line = answer_line(request, {"message": fcm_message}, {}, {})
    changed_line = answer_line(request, {"message": changed(["data", "path"], "app://u/43")}, {}, {})[1]
    too_large = {"error": {"code": "payloadTooLarge", "message": "needs 500 bytes"}}

    def second(kind, raw):
        found = Findings(0)
        compare_rerenders(ctx, found, [(kind, request, answer if kind != "too-large" else too_large, request)], [raw])
        return [detail for items in found.failures.values() for _, _, detail in items]

    case("the same payload from the reported trimmed values", second("rerender", again_line))
    case("another payload from the reported trimmed values fails", second("rerender", changed_line),
         "not the template rendered with the reported trimmed values")
    case("payloadTooLarge, yet it renders with empty truncatable arguments, fails", second("too-large", again_line),
         "yet with every truncatable argument empty")

    print("Body cut (step 4):")
    whole = {"aps": {"alert": {"title": "Cześć", "body": f"{name} mówi cześć"}, "category": "GREET",
                     "target-content-id": "u-42"}, "path": "app://u/42"}
    body_request = {"id": 4, "key": "greet", "locales": ["pl"], "args": {"name": name, "uid": "42"}}

    def body_case(body, budget_slack, trimmed_bytes=None, other=None):
        cut_payload = json.loads(json.dumps(whole))
        cut_payload["aps"]["alert"]["body"] = body
        if other:
            cut_payload["path"] = other
        raw = compact(cut_payload)
        given = trimmed_bytes if trimmed_bytes is not None else len(f"{name} mówi cześć".encode()) - len(body.encode()) + 3
        first = {"_raw": b'{"id":4,"ok":true,"payload":' + raw + b',"report":{}}',
                 "report": {"bytes": len(raw), "budget": len(raw) + budget_slack, "bodyBytesTrimmed": given}}
        return body_cut_errors(catalog, body_request, first, whole)

    good_body = original[:family_end].decode() + "…"
    case("a body cut after the ZWJ family", body_case(good_body, 2))
    case("a body cut inside the ZWJ family fails", body_case(original[:inside].decode() + "…", 2, trimmed_bytes=0), "grapheme-boundary")
    case("a wrong bodyBytesTrimmed fails", body_case(good_body, 2, trimmed_bytes=5), "bodyBytesTrimmed")
    case("a body cut leaving 30 bytes unused fails", body_case(good_body, 30), "not maximal")
    case("a cut body with another change fails", body_case(good_body, 2, other="app://u/4"), "more than the body")

    print("Web Push:")
    keys = ctx.keys
    case("3993 bytes encrypt to one 4096-byte record", webpush_encryption_errors(keys, b"x" * 3993))
    case("3994 bytes fail", webpush_encryption_errors(keys, b"x" * 3994), "over 4096")
    web_request = {"id": 2, "key": "greet", "locales": ["pl"], "platform": "webpush", "args": {"name": "Zoë", "uid": "42"},
                   "budget": 3993, "data": {"campaign": {"n": 1}}}
    web_payload = {"title": "Cześć", "body": "Zoë mówi cześć", "lang": "pl", "icon": "https://e.x/i.png",
                   "tag": "greet", "requireInteraction": True, "data": {"path": "app://u/42", "campaign": {"n": 1}}}
    headers = {"TTL": "2419200", "Urgency": "high", "Topic": "greet-42"}

    def web(payload, request=web_request, headers=headers):
        answer, line = answer_line(request, payload, headers, {})
        return check_success(ctx, request, answer, line)[0]

    case("a correct payload", web(web_payload))
    content_request = dict(web_request, mode="content")
    entries = {"pl": {"title": "Cześć", "body": "Zoë mówi cześć"}, "en": {"title": "Hi", "body": "Zoë says hi"}}
    nested = dict(web_payload, data=dict(web_payload["data"], localization_content=entries))
    content_fields = {"includedLocales": ["pl", "en"]}

    def web_content(payload):
        answer, line = answer_line(content_request, payload, headers, content_fields)
        return check_success(ctx, content_request, answer, line)[0]

    case("content mode, localization_content in data", web_content(nested))
    case("content mode, localization_content at the root", web_content(dict(web_payload, localization_content=entries)))
    case("content mode, localization_content in both places fails",
         web_content(dict(nested, localization_content=entries)), "localization_content in")
    case("content mode without localization_content fails", web_content(web_payload), "neither")
    case("content mode showing other text than the negotiated entry fails",
         web_content(dict(nested, body="Zoë mówi hej")), "not the negotiated entry's")
    case("a payload without lang fails", web({key: value for key, value in web_payload.items() if key != "lang"}), "no lang")
    roomy_payload = dict(nested, data=dict(nested["data"], localization_content=dict(entries, es={"title": "Hola", "body": "Zoë dice hola"})))
    es_size = 1 + len(compact({"es": roomy_payload["data"]["localization_content"]["es"]})) - 2

    def dropped_case(unused):
        first = {"_raw": b'{"id":2,"payload":' + compact(nested) + b',"report":{}}',
                 "report": {"budget": 500 + unused, "bytes": 500, "droppedLocales": ["es"]}}
        again = {"ok": True, "_raw": b'{"id":2,"payload":' + compact(roomy_payload) + b',"report":{}}'}
        return next_locale_errors(catalog, content_request, first, again)

    case(f"a dropped locale of {es_size} bytes with {es_size - 1} unused", dropped_case(es_size - 1))

    def trim_case(es_entry):
        tight = dict(nested, data=dict(nested["data"], localization_content=dict(entries, es=es_entry)))
        first = {"_raw": b'{"id":2,"payload":' + compact(tight) + b',"report":{}}', "locale": "pl"}
        roomy = dict(nested, data=dict(nested["data"], localization_content=dict(entries, es={"title": "Hola", "body": "Ze\u0301 dice hola"})))
        return trimmed_bodies_errors(catalog, content_request, first, [({"ok": True, "_raw": b'{"id":2,"payload":' + compact(roomy) + b',"report":{}}'}, content_request)])

    case("an optional body cut after a combining sequence", trim_case({"title": "Hola", "body": "Ze\u0301…"}))
    case("an optional body cut inside a combining sequence fails", trim_case({"title": "Hola", "body": "Ze…"}), "grapheme-boundary")
    case("an optional entry whose title changed fails", trim_case({"title": "Hol…", "body": ""}), "title changed")
    case(f"a dropped locale of {es_size} bytes with {es_size} unused fails", dropped_case(es_size), "was dropped, yet")
    padded = dict(web_payload, data=dict(web_payload["data"], pad=""))
    padded["data"]["pad"] = "x" * (3993 - len(compact(padded)))
    case("a payload of exactly 3993 bytes", web(padded))
    padded["data"]["pad"] += "x"
    case("a payload of 3994 bytes fails", web(padded, request=dict(web_request, budget=4096)), "over 3993")
    case("a 33-character Topic fails", web(web_payload, headers=dict(headers, Topic="t" * 33)), "Topic")
    case("a Topic with '=' fails", web(web_payload, headers=dict(headers, Topic="abc=")), "Topic")
    case("no TTL fails", web(web_payload, headers={"Urgency": "high"}), "TTL")
    case("an Urgency other than the template's fails", web(web_payload, headers=dict(headers, Urgency="low")), "headers.Urgency")
    case("a Topic other than the template's fails", web(web_payload, headers=dict(headers, Topic="greet-4")), "headers.Topic")
    case("requireInteraction other than the template's fails", web(dict(web_payload, requireInteraction=False)), "requireInteraction")
    case("a tag other than the template's fails", web(dict(web_payload, tag="x")), "payload.tag")
    case("a TTL the template does not set (default 2419200) fails", web(web_payload, headers=dict(headers, TTL="60")), "headers.TTL")
    case("Urgency 'urgent' fails", web(web_payload, headers=dict(headers, Urgency="urgent")), "Urgency")
    case("requireInteraction as text fails", web(dict(web_payload, requireInteraction="true")), "requireInteraction")
    case("an unknown member fails", web(dict(web_payload, sound="x")), "unknown member")
    case("lang other than the negotiated locale fails", web(dict(web_payload, lang="en")), "lang")
    case("a lone surrogate fails", web(dict(web_payload, body="\ud83d x")), "lone surrogate")

    print("APNs and errors:")
    apns_request = {"id": 3, "key": "greet", "locales": ["pl"], "args": {"name": "Zoë", "uid": "42"}, "budget": 300, "badge": 2}
    apns_payload = {"aps": {"badge": 2, "alert": {"title": "Cześć", "body": "Zoë mówi cześć"}, "category": "GREET",
                            "target-content-id": "u-42"}, "path": "app://u/42"}
    answer, line = answer_line(apns_request, apns_payload, {"apns-push-type": "alert"}, {})
    case("a correct APNs payload", check_success(ctx, apns_request, answer, line)[0])
    answer, line = answer_line(apns_request, dict(apns_payload, aps=dict(apns_payload["aps"], **{"target-content-id": "u-4"})),
                               {"apns-push-type": "alert"}, {})
    case("a changed pinned aps field fails", check_success(ctx, apns_request, answer, line)[0], "aps.target-content-id")
    case("an undocumented error code fails", check_error(ctx, apns_request, "valid", {"line": 1, "error": {"code": "oops"}}), "not documented")
    case("a valid request refused with argument-type fails",
         check_error(ctx, apns_request, "valid", {"line": 1, "error": {"code": "argument-type", "message": "x"}}), "valid request refused")
    case("an invalid request refused otherwise fails",
         check_error(ctx, apns_request, "invalid", {"line": 1, "error": {"code": "payloadTooLarge"}}), "expected invalid-request")
    case("grapheme boundaries of a flag pair and a combining sequence",
         [] if grapheme_boundaries("🇩🇪e\u0301".encode()) == [0, 8, 11] else [str(grapheme_boundaries("🇩🇪e\u0301".encode()))])

    failed = results.count(False)
    print(f"self-test: {len(results) - failed} of {len(results)} cases as expected")
    return 1 if failed else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", help="the pushloc binary")
    parser.add_argument("--catalog", default=ROOT, help="the catalog root (default: the repository root)")
    parser.add_argument("--shared", default=os.path.normpath(os.path.join(ROOT, "..", "shared")),
                        help="the shared folder holding fixtures/fcm-v1-discovery.json (default: ../shared)")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--lines", type=int, default=DEFAULT_LINES)
    parser.add_argument("--show", type=int, default=3, help="examples printed per failing check")
    parser.add_argument("--failures", help="also write every failure, with its whole input line, to this JSON Lines file")
    parser.add_argument("--self-test", action="store_true", help="run each check on hand-written answers")
    args = parser.parse_args()
    global args_failures
    args_failures = args.failures
    if args.self_test:
        return self_test(args)
    if not args.binary:
        parser.error("--binary is required (or --self-test)")
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
