"""The random request lines of the batch corpus (Scripts/batch_corpus.py), from a fixed seed.

Only `random.Random` methods whose results Python keeps stable across versions are used
(random, randrange, choice), and nothing is iterated in hash order, so the lines are the same
on every machine.
"""

import json
import os
import random
import re

SEED = 20261126
ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

# (name, catalog folder relative to the repository, number of lines)
CATALOGS = [
    ("sample", ".", 46000),
    ("lint-warnings", "Tests/PushlocCLITests/Catalogs/LintWarnings", 2500),
    ("likes", "Benchmarks/Fixtures/LikesCatalog", 2500),
    ("broken", "Tests/PushlocCLITests/Catalogs/Broken", 5),
    ("broken-messages", "Tests/PushlocCLITests/Catalogs/BrokenMessages", 5),
    ("load-error-plus-defects", "Tests/PushlocCLITests/Catalogs/LoadErrorPlusDefects", 5),
]

MODES = ["resolved", "content", "loc-key"]
PUSH_TYPES = [
    "alert", "background", "voip", "location", "complication", "fileprovider", "mdm",
    "liveactivity", "pushtotalk", "widgets", "controls",
]
TIME_ZONES = [
    "UTC", "Europe/Berlin", "Asia/Tokyo", "America/Los_Angeles", "Asia/Kolkata", "Australia/Adelaide",
    "Pacific/Chatham", "America/St_Johns", "Asia/Kathmandu", "Etc/GMT+12", "Pacific/Kiritimati",
]
EXTRA_TAGS = [
    "en-AU", "en-US", "de-AT", "de-CH", "pt", "pt-AO", "zh-TW", "zh-CN", "zh-Hant-HK", "es-MX", "es-AR",
    "sr-Latn", "xx-garbage", "", "EN", "fr_CA", "ja-JP", "ar-EG", "he-IL", "iw", "nb", "no", "und",
    "root", "x-private", "en-u-nu-thai", "ar-u-nu-arab", "hi-Latn", "tlh",
]

# Hostile pieces of text: RTL, ZWJ emoji, combining marks, quotes, backslashes, controls.
PIECES = [
    "Ann", "Jörg", "Zoë", "O'Brien", "José María", "李小龍", "さくら", "김민준", "Σωκράτης", "Владимир",
    "محمد", "עִבְרִית", "مرحبا بالعالم", "שלום", "हिन्दी", "ภาษาไทย", "ສະບາຍດີ", "ᄀᄀᄀ각ᆨᆨ",
    "👨‍👩‍👧‍👦", "🏳️‍🌈", "👩🏽‍💻", "🇩🇪🇯🇵", "❤️", "1️⃣", "e\u0301\u0302\u0303", "Z\u0351\u0352\u0353\u0354a\u0300",
    '"quoted"', "back\\slash", "\\\\u0041", "{not_an_arg}", "'{x}'", "#", "{", "}", "\t", "\n", "\r\n",
    "\u0000", "\u0001", "\u001f", "\u007f", "\u0085", "\u2028", "\u2029", "\u200b", "\u200d", "\u200e",
    "\u200f", "\u202e", "\u2066", "\u2069", "\ufeff", "\ufffd", "\U0001F600", "\U00010000", "a" * 40,
    " ", "  ", "…", "—", "&<>", "</script>", "%s%n", "\u00ad", "ﷺ", "ﷻ", "𒐫", "\u0e33\u0e33",
]
WORDS = ["the", "quick", "brown", "fox", "jumps", "über", "très", "日本語の文章", "ไทย", "مرحبا", "שלום", "да"]


def catalog_arguments(catalog_dir):
    """{template key: [(argument name, type)]} read from the templates' `args:` blocks."""
    templates = {}
    folder = os.path.join(ROOT, catalog_dir, "Templates")
    if not os.path.isdir(folder):
        return templates
    for file_name in sorted(os.listdir(folder)):
        key = None
        with open(os.path.join(folder, file_name), encoding="utf-8") as handle:
            for text in handle:
                top = re.match(r"^([A-Za-z0-9_.-]+):\s*$", text)
                if top:
                    key = top.group(1)
                    templates[key] = []
                    continue
                argument = re.match(r"^    ([A-Za-z0-9_]+):\s*\{\s*type:\s*([a-z]+)", text)
                if argument and key is not None:
                    templates[key].append((argument.group(1), argument.group(2)))
    return templates


def catalog_tags(catalog_dir):
    folder = os.path.join(ROOT, catalog_dir, "Locales")
    tags = ["en"]
    if os.path.isdir(folder):
        tags += sorted(name[:-5] for name in os.listdir(folder) if name.endswith(".yaml"))
    return tags


class Maker:
    """One catalog's line maker over one seeded generator."""

    def __init__(self, rng, catalog_dir):
        self.rng = rng
        self.templates = catalog_arguments(catalog_dir)
        self.keys = list(self.templates)
        self.tags = catalog_tags(catalog_dir)

    def chance(self, p):
        return self.rng.random() < p

    def text(self):
        rng = self.rng
        shape = rng.randrange(10)
        if shape < 4:
            return "".join(rng.choice(PIECES) for _ in range(rng.randrange(1, 5)))
        if shape < 6:
            return " ".join(rng.choice(WORDS) for _ in range(rng.randrange(1, 12)))
        if shape < 8:
            # A long name or message: up to ~6 KB of mixed words and hostile pieces.
            parts = [rng.choice(WORDS + PIECES) for _ in range(rng.randrange(20, 400))]
            return " ".join(parts) if rng.randrange(2) else "".join(parts)
        if shape == 8:
            return rng.choice(PIECES) * rng.randrange(1, 300)
        return ""

    def number(self):
        rng = self.rng
        choice = rng.randrange(12)
        if choice < 5:
            return rng.randrange(0, 30)
        if choice < 7:
            return rng.randrange(-1000000, 100000000)
        if choice == 7:
            return round(rng.random() * 1000, rng.randrange(0, 5))
        if choice == 8:
            return rng.choice(["1e400", "-0", "0.5", "1E3", "12345678901234567890", "-9223372036854775808"])
        if choice == 9:
            return rng.choice(["5", "five", "", "1.5"])
        return rng.choice([1, 2, 3, 5, 11, 21, 22, 100, 101, 102])

    def date(self):
        rng = self.rng
        choice = rng.randrange(6)
        if choice < 3:
            return rng.randrange(0, 4102444800000)
        if choice < 5:
            year, month, day = rng.randrange(1970, 2100), rng.randrange(1, 13), rng.randrange(1, 29)
            hour, minute = rng.randrange(24), rng.randrange(60)
            zone = rng.choice(["Z", "+02:00", "-09:30", "+14:00", ""])
            return f"{year:04d}-{month:02d}-{day:02d}T{hour:02d}:{minute:02d}:00{zone}"
        return rng.choice(["tomorrow", "2026-13-01T00:00:00Z", -1, 1.5, "", "2026-02-30T00:00:00Z"])

    def value(self, name, kind):
        if self.chance(0.02):
            return self.rng.choice([None, True, [], {}, 7, "x"])
        if kind == "number":
            return self.number()
        if kind == "date":
            return self.date()
        if name.endswith("_id") and self.rng.randrange(10):
            return str(self.rng.randrange(100000)) if self.rng.randrange(4) else self.rng.choice(PIECES)
        return self.text()

    def locales(self):
        rng = self.rng
        count = rng.choice([0, 1, 1, 1, 2, 2, 3, 5])
        tags = []
        for _ in range(count):
            tag = rng.choice(self.tags) if rng.randrange(3) else rng.choice(EXTRA_TAGS)
            if tag and rng.randrange(8) == 0:
                tag = tag.replace("-", "_")
            tags.append(tag)
        return tags

    def line(self, number):
        rng = self.rng
        request = {"id": number if rng.randrange(5) else rng.choice([f"r-{number}", None, [number]])}
        key = rng.choice(self.keys) if self.keys and rng.randrange(40) else rng.choice(["nope", "", "Photo_Liked"])
        request["key"] = key
        if rng.randrange(30):
            request["locales"] = self.locales()
        mode = rng.choice(MODES)
        if rng.randrange(60) == 0:
            mode = rng.choice(["sideways", "", "Content"])
        if mode != "resolved" or rng.randrange(2):
            request["mode"] = mode
        arguments = {}
        for name, kind in self.templates.get(key, []):
            if rng.randrange(25):
                arguments[name] = self.value(name, kind)
        if rng.randrange(20) == 0:
            arguments["unknown_" + str(rng.randrange(3))] = self.text()
        request["args"] = arguments
        if rng.randrange(3):
            request["budget"] = rng.randrange(200, 5121) if rng.randrange(25) else rng.choice([0, -5, 5121, "300", 1e3])
        if rng.randrange(3) == 0:
            request["pushType"] = rng.choice(PUSH_TYPES) if rng.randrange(15) else "sideways"
        if rng.randrange(3) == 0:
            request["timeZone"] = rng.choice(TIME_ZONES) if rng.randrange(15) else "Mars/Olympus"
        if mode == "content" and rng.randrange(3) or rng.randrange(20) == 0:
            request["overflow"] = rng.choice(["drop", "trim", "trim", "drop"]) if rng.randrange(20) else "cut"
        pairs = list(request.items())
        if rng.randrange(4) == 0:
            rng.shuffle(pairs)
        return json.dumps(dict(pairs), ensure_ascii=bool(rng.randrange(2)), separators=(",", ":")).encode("utf-8")


def generate_lines(name, catalog_dir, count):
    """`count` request lines for one catalog; the seed mixes in the catalog's name."""
    rng = random.Random(f"{SEED}/{name}")
    maker = Maker(rng, catalog_dir)
    return [maker.line(number) for number in range(1, count + 1)]
