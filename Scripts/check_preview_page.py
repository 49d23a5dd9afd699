#!/usr/bin/env python3
"""Checks `pushloc preview --html` in a real browser (issue 19).

Renders the sample catalog's preview page, loads it in Debian's headless Chromium
(`chromium-headless-shell`, installed with the fonts if missing) and reads back, with
`--dump-dom`, the line counts the page's own script measured (`data-measured-lines`). Then:

- every text element's measured line count is compared with the estimator's (`data-lines`);
  a card agrees when all of its texts agree. It fails unless at least 95 % of all cards and
  every Latin-script card agree; disagreements are printed one per line;
- the HTML holds no `http://` or `https://`;
- an Arabic card whose body starts with an (isolated) English name has `dir="rtl"`;
- every plural category of `ar` and `pl` has its cards for every template that has plurals
  (the categories are CLDR's, listed here, not read from the page's producer).

With `--screenshot PATH` it also writes a PNG of the page's top (the header and the first cards).

Usage: python3 Scripts/check_preview_page.py [--binary PATH] [--screenshot docs/preview.png]
"""

import argparse
import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = ["chromium-headless-shell", "fonts-noto-core", "fonts-noto-cjk", "fonts-noto-color-emoji", "fonts-inter"]
# Unhinted glyph advances, like the estimator's HarfBuzz ones: on the sample catalog Chromium's default
# hinting leaves 34 of 6,780 texts at another line count, --font-render-hinting=none 25. A device
# scale of 1 keeps CSS pixels device pixels (2 gives the same counts); --disable-font-subpixel-positioning
# changes nothing.
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--force-device-scale-factor=1",
    "--font-render-hinting=none",
    "--hide-scrollbars",
    "--virtual-time-budget=60000",
]
# CLDR cardinal categories (the plural rules of CLDR 46), the expected branches of plural cards.
CARDINAL = {"ar": {"zero", "one", "two", "few", "many", "other"}, "pl": {"one", "few", "many", "other"}}


def install_missing():
    missing = [p for p in PACKAGES if subprocess.run(["dpkg", "-s", p], capture_output=True).returncode != 0]
    if not missing:
        return
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run(["apt-get", "install", "-y", "-qq", *missing], check=True, env=env)


class Page(html.parser.HTMLParser):
    """The rows, cards and text elements of a (dumped) preview page."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.rows = []
        self.card = None
        self.text = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if "row" in classes:
            self.rows.append({"attrs": a, "cards": []})
        elif "card" in classes and self.rows:
            self.card = {"attrs": a, "texts": []}
            self.rows[-1]["cards"].append(self.card)
        elif "text" in classes and self.card is not None and "measure" not in classes:
            self.text = {"attrs": a, "content": ""}
            self.card["texts"].append(self.text)

    def handle_endtag(self, tag):
        if tag == "div" and self.text is not None:
            self.text = None
        elif tag == "figure":
            self.card = None

    def handle_data(self, data):
        if self.text is not None:
            self.text["content"] += data


def is_latin(text):
    """Whether every letter of `text` is of the Latin script (digits, punctuation, marks aside)."""
    letters = [c for c in text if unicodedata.category(c).startswith("L")]
    return all("LATIN" in unicodedata.name(c, "") for c in letters)


def describe(row, card, text):
    a = row["attrs"]
    return (
        f"{a.get('data-key')} {a.get('data-locale')} {a.get('data-kind')} [{a.get('data-variant')}] "
        f"{card['attrs'].get('data-surface')} {text['attrs'].get('data-field')}: estimator "
        f"{text['attrs'].get('data-lines')}, Chromium {text['attrs'].get('data-measured-lines')}: "
        f"{text['content']!r}"
    )


def _is_cardinal(key, argument):
    """Whether the template's source messages use `argument` as a `plural` (not `selectordinal`)."""
    for name in os.listdir(os.path.join(ROOT, "Templates")):
        with open(os.path.join(ROOT, "Templates", name), encoding="utf-8") as f:
            text = f.read()
        block = re.search(rf"^{re.escape(key)}:\n(.*?)(?=^\S|\Z)", text, re.S | re.M)
        if block and re.search(rf"\{{\s*{re.escape(argument)}\s*,\s*plural\s*,", block.group(1)):
            return True
    return False


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=None, help="pushloc (default: the debug build's)")
    parser.add_argument("--screenshot", default=None, help="also write a PNG of the page's top here")
    parser.add_argument("--window-size", default="1500,1400", help="the screenshot's size (W,H)")
    parser.add_argument("--keep", default=None, help="copy the page and the dumped DOM into this folder")
    args = parser.parse_args()
    install_missing()
    binary = args.binary or os.path.join(
        subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True, check=True)
        .stdout.strip(),
        "pushloc",
    )
    chromium = shutil.which("chromium-headless-shell") or "/usr/lib/chromium/chromium-headless-shell"
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        page_path = os.path.join(tmp, "preview.html")
        subprocess.run([binary, "preview", "--html", page_path, "--catalog", ROOT], check=True)
        with open(page_path, encoding="utf-8") as f:
            source = f.read()
        if re.search(r"https?://", source):
            failures.append("the page holds an http:// or https:// URL")
        dom = subprocess.run(
            [chromium, *CHROMIUM_FLAGS, "--dump-dom", "file://" + page_path],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        if args.keep:
            os.makedirs(args.keep, exist_ok=True)
            shutil.copy(page_path, os.path.join(args.keep, "preview.html"))
            with open(os.path.join(args.keep, "dom.html"), "w", encoding="utf-8") as f:
                f.write(dom)
        if args.screenshot:
            shot = os.path.abspath(args.screenshot)
            subprocess.run(
                [chromium, *CHROMIUM_FLAGS, f"--window-size={args.window_size}", f"--screenshot={shot}",
                 "file://" + page_path],
                capture_output=True,
                check=True,
            )
            print(f"screenshot: {shot} ({os.path.getsize(shot)} bytes)")

    page = Page()
    page.feed(dom)
    if 'data-measured="done"' not in dom:
        failures.append("the page's measuring script did not finish (no data-measured=\"done\")")
    cards = [(row, card) for row in page.rows for card in row["cards"]]
    agreeing = 0
    latin_cards = 0
    latin_agreeing = 0
    disagreements = []
    for row, card in cards:
        texts = card["texts"]
        wrong = [t for t in texts if t["attrs"].get("data-lines") != t["attrs"].get("data-measured-lines")]
        latin = all(is_latin(t["content"]) for t in texts)
        latin_cards += latin
        if not wrong:
            agreeing += 1
            latin_agreeing += latin
        for text in wrong:
            disagreements.append(("LATIN " if latin else "") + describe(row, card, text))
    for line in disagreements:
        print("disagree:", line)
    share = agreeing / len(cards) if cards else 0
    print(f"cards: {len(cards)}; agree: {agreeing} ({share:.2%}); "
          f"Latin-script cards: {latin_cards}, agree: {latin_agreeing}")
    if not cards:
        failures.append("no cards on the page")
    if share < 0.95:
        failures.append(f"only {share:.2%} of cards agree with Chromium (at least 95 % needed)")
    if latin_agreeing != latin_cards:
        failures.append(f"{latin_cards - latin_agreeing} Latin-script cards disagree with Chromium")

    # An Arabic card whose body begins with an isolated English name and goes on in Arabic (the
    # worst-case row) is rtl: the isolated name must not decide the paragraph's direction. (A body
    # that is the name alone has no strong character outside the isolate and takes the locale's
    # direction, rtl in Arabic.)
    leading = [
        card for row, card in cards
        if row["attrs"].get("data-locale") == "ar"
        for text in card["texts"]
        if text["attrs"].get("data-field") == "body"
        and re.match(r"^\u2068[A-Za-z][^\u2069]*\u2069[^\u2068]*[\u0600-\u06ff]", text["content"])
    ]
    if not leading:
        failures.append("no Arabic card whose body starts with an English name")
    elif any(card["attrs"].get("dir") != "rtl" for card in leading):
        failures.append("an Arabic card with a leading English name is not dir=\"rtl\"")
    else:
        print(f"Arabic cards with a leading English name: {len(leading)}, all dir=\"rtl\"")

    # Every variant `pushloc preview` lists for ar and pl has a sample row with five cards, and the
    # cardinal plural arguments reach every CLDR category of the locale (but for the ones preview
    # names unreachable: every sample taken first by an =N case).
    keys = sorted({row["attrs"].get("data-key") for row in page.rows})
    plural_keys = []
    for key in keys:
        for locale, categories in CARDINAL.items():
            listed = json.loads(subprocess.run(
                [binary, "preview", key, "--locale", locale, "--format", "json", "--catalog", ROOT],
                capture_output=True, text=True, check=True,
            ).stdout)
            labels = [row["attrs"].get("data-variant", "") for row in page.rows
                      if row["attrs"].get("data-key") == key and row["attrs"].get("data-locale") == locale
                      and row["attrs"].get("data-kind") == "sample" and len(row["cards"]) == 5]
            reached = {}
            for field in listed["locales"][0]["fields"]:
                for variant in field["variants"]:
                    parts = [f"{c['argument']}={c['value']} [{c['selector']}]" for c in variant["choices"]]
                    if not any(all(part in label for part in parts) for label in labels):
                        failures.append(f"{key} {locale} {field['field']}: no cards for {', '.join(parts) or 'the text'}")
                    for c in variant["choices"]:
                        reached.setdefault(c["argument"], set()).add(c["selector"])
                for case in field["unreachableCases"]:
                    name, rest = case.split(", ", 1)
                    if rest.startswith("plural: "):
                        reached.setdefault(name, set()).add(rest[len("plural: "):].split(",")[0])
            plurals = {name for name in reached if _is_cardinal(key, name)}
            for name in sorted(plurals):
                if not reached[name] >= categories:
                    failures.append(f"{key} {locale}: {name} reaches {sorted(reached[name])}, "
                                    f"CLDR has {sorted(categories)}")
                if key not in plural_keys:
                    plural_keys.append(key)
    print(f"templates with cardinal plurals: {', '.join(plural_keys)}; every ar and pl branch has its cards")

    for failure in failures:
        print("FAIL:", failure)
    if failures:
        return 1
    print("preview page: OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
