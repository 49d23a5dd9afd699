#!/usr/bin/env python3
"""Checks the sample catalog (Templates/, Locales/, pushloc.yaml) against the catalog format (docs/catalog-format.md).

A quick guard for translators and CI of the sample catalog itself, independent of the Swift
build: YAML validity, known keys and fields, ICU MessageFormat syntax (braces and apostrophe
quoting as ICU's default ApostropheMode DOUBLE_OPTIONAL), argument names identical to the
source message, CLDR 42 (ICU 72) plural categories per locale, `select` with `other`, and no
bidi controls or stray whitespace in translations.

Usage: python3 Scripts/check_sample_catalog.py [CATALOG_DIR]   (default: repository root)
Exit status 0 when clean, 1 on errors. Needs PyYAML.
"""

import re
import sys
from pathlib import Path

import yaml

# CLDR 42 (ICU 72) plural categories, cross-checked against icu::PluralRules::getKeywords.
# Keyed by language; regional variants share their language's rules in CLDR 42.
CARDINAL = {
    "en": {"one", "other"}, "ar": {"zero", "one", "two", "few", "many", "other"},
    "he": {"one", "two", "other"}, "ru": {"one", "few", "many", "other"},
    "uk": {"one", "few", "many", "other"}, "pl": {"one", "few", "many", "other"},
    "ja": {"other"}, "zh": {"other"}, "ko": {"other"}, "pt": {"one", "many", "other"},
    "es": {"one", "many", "other"}, "fr": {"one", "many", "other"}, "it": {"one", "many", "other"},
    "de": {"one", "other"}, "hi": {"one", "other"}, "tr": {"one", "other"},
    "nl": {"one", "other"}, "sv": {"one", "other"},
}
ORDINAL = {
    "en": {"one", "two", "few", "other"}, "ar": {"other"}, "he": {"other"}, "ru": {"other"},
    "uk": {"few", "other"}, "pl": {"other"}, "ja": {"other"}, "zh": {"other"}, "ko": {"other"},
    "pt": {"other"}, "es": {"other"}, "fr": {"one", "other"}, "it": {"many", "other"},
    "de": {"other"}, "hi": {"one", "two", "few", "many", "other"}, "tr": {"other"},
    "nl": {"other"}, "sv": {"one", "other"},
}
# Locales that deliberately translate only some templates (per-key fallback demonstration).
PARTIAL_LOCALES = {"en-GB"}
TEMPLATE_FIELDS = {"description", "args", "title", "subtitle", "body", "apns", "fcm", "webpush", "data", "loc-keys",
                   "budget"}
MESSAGE_FIELDS = ("title", "subtitle", "body")
ARG_ATTRIBUTES = {"type", "truncate", "max-bytes"}
ARG_TYPES = {"string", "number", "date"}
APNS_FIELDS = {"category", "thread-id", "sound", "interruption-level", "relevance-score", "target-content-id",
               "push-type", "priority", "collapse-id", "expiration"}
FCM_FIELDS = {"priority", "ttl", "collapse-key", "channel-id", "tag", "icon", "color", "sound", "click-action"}
WEBPUSH_FIELDS = {"ttl", "urgency", "topic", "icon", "badge", "tag", "require-interaction"}
SECTION_FIELDS = {"apns": APNS_FIELDS, "fcm": FCM_FIELDS, "webpush": WEBPUSH_FIELDS}
SETTINGS = {"source-locale", "locale-priority", "overflow", "bidi-isolation", "ellipsis"}
KEY_PATTERN = re.compile(r"^[A-Za-z0-9._-]+$")
TAG_PATTERN = re.compile(r"^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?$")
FORBIDDEN = re.compile("[\u200e\u200f\u202a-\u202e\u2066-\u2069\ufffd\x00-\x08\x0b-\x1f]")
PLURAL_SELECTOR = re.compile(r"^(zero|one|two|few|many|other|=-?[0-9]+(\.[0-9]+)?)$")


class MessageError(Exception):
    """A syntax error at a character offset of a message."""

    def __init__(self, offset, message):
        super().__init__(f"offset {offset}: {message}")


class Parser:
    """Recursive-descent reader of ICU MessageFormat 1 that records arguments and branches."""

    def __init__(self, text):
        self.text = text
        self.pos = 0
        self.args = {}      # name -> set of kinds (simple, number, date, time, plural, selectordinal, select)
        self.branches = []  # (name, kind, [selectors], offset)

    def parse(self):
        self.message(in_plural=False, nested=False)
        if self.pos != len(self.text):
            raise MessageError(self.pos, "unmatched '}'")
        return self

    def message(self, in_plural, nested):
        text = self.text
        while self.pos < len(text):
            ch = text[self.pos]
            if ch == "'":
                self.apostrophe(in_plural)
            elif ch == "{":
                self.argument()
            elif ch == "}":
                if nested:
                    return
                raise MessageError(self.pos, "unmatched '}'")
            else:
                self.pos += 1
        if nested:
            raise MessageError(self.pos, "unterminated sub-message: missing '}'")

    def apostrophe(self, in_plural):
        text = self.text
        nxt = text[self.pos + 1] if self.pos + 1 < len(text) else ""
        if nxt == "'":
            self.pos += 2
        elif nxt in "{}" or (in_plural and nxt in "#|"):
            end = self.pos + 1
            while True:
                end = text.find("'", end + 1)
                if end < 0:
                    raise MessageError(self.pos, "apostrophe starts quoting that never ends (swallows the rest)")
                if end + 1 < len(text) and text[end + 1] == "'":
                    end += 1
                    continue
                break
            self.pos = end + 1
        else:
            self.pos += 1

    def skip_space(self):
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def identifier(self):
        self.skip_space()
        start = self.pos
        while self.pos < len(self.text) and (self.text[self.pos].isalnum() or self.text[self.pos] in "_-:./=+"):
            self.pos += 1
        if start == self.pos:
            raise MessageError(self.pos, "expected a name")
        name = self.text[start:self.pos]
        self.skip_space()
        return name

    def expect(self, ch):
        if self.pos >= len(self.text) or self.text[self.pos] != ch:
            raise MessageError(self.pos, f"expected '{ch}'")
        self.pos += 1

    def argument(self):
        start = self.pos
        self.pos += 1
        name = self.identifier()
        if not re.match(r"^[A-Za-z_][A-Za-z0-9_]*$", name):
            raise MessageError(start, f"argument name '{name}' is not a named argument")
        if self.pos < len(self.text) and self.text[self.pos] == "}":
            self.pos += 1
            self.args.setdefault(name, set()).add("simple")
            return
        self.expect(",")
        kind = self.identifier()
        self.args.setdefault(name, set()).add(kind)
        if kind in ("plural", "selectordinal", "select"):
            self.expect(",")
            self.complex_style(name, kind)
        elif kind in ("number", "date", "time", "spellout", "ordinal", "duration"):
            if self.text[self.pos:self.pos + 1] == ",":
                self.pos += 1
                self.simple_style()
            self.expect("}")
        else:
            raise MessageError(start, f"unknown argument type '{kind}'")

    def simple_style(self):
        depth = 0
        while self.pos < len(self.text):
            ch = self.text[self.pos]
            if ch == "'":
                end = self.text.find("'", self.pos + 1)
                if end < 0:
                    raise MessageError(self.pos, "unterminated quote in argument style")
                self.pos = end + 1
                continue
            if ch == "{":
                depth += 1
            elif ch == "}":
                if depth == 0:
                    return
                depth -= 1
            self.pos += 1
        raise MessageError(self.pos, "unterminated argument style")

    def complex_style(self, name, kind):
        selectors = []
        offset = None
        self.skip_space()
        if kind == "plural" and self.text.startswith("offset:", self.pos):
            self.pos += len("offset:")
            match = re.match(r"\s*([0-9]+)", self.text[self.pos:])
            if not match:
                raise MessageError(self.pos, "offset needs a number")
            offset = int(match.group(1))
            self.pos += match.end()
        while True:
            self.skip_space()
            if self.pos >= len(self.text):
                raise MessageError(self.pos, f"unterminated {kind}")
            if self.text[self.pos] == "}":
                self.pos += 1
                break
            selector = self.identifier()
            if kind != "select" and not PLURAL_SELECTOR.match(selector):
                raise MessageError(self.pos, f"'{selector}' is not a plural selector")
            if selector in selectors:
                raise MessageError(self.pos, f"duplicate selector '{selector}'")
            selectors.append(selector)
            self.expect("{")
            self.message(in_plural=kind != "select", nested=True)
            self.expect("}")
        if "other" not in selectors:
            raise MessageError(self.pos, f"{kind} '{name}' has no 'other' branch")
        self.branches.append((name, kind, selectors, offset))


def language(tag):
    return tag.split("-")[0]


class Checker:
    def __init__(self, root):
        self.root = root
        self.errors = []
        self.templates = {}   # key -> template dict
        self.template_files = {}

    def error(self, where, message):
        self.errors.append(f"{where}: {message}")

    def load(self, path):
        try:
            with open(path, encoding="utf-8") as handle:
                return yaml.safe_load(handle)
        except (yaml.YAMLError, UnicodeDecodeError) as problem:
            self.error(path, f"not valid YAML: {problem}")
            return None

    def parse_message(self, where, text):
        if not isinstance(text, str):
            self.error(where, "message is not a string")
            return None
        try:
            return Parser(text).parse()
        except MessageError as problem:
            self.error(where, f"syntax: {problem}")
            return None

    def check_templates(self):
        files = sorted((self.root / "Templates").glob("*.yaml"))
        if not files:
            self.error(self.root / "Templates", "no templates")
        for path in files:
            content = self.load(path)
            if not isinstance(content, dict):
                self.error(path, "top level must be a map of template keys")
                continue
            for key, template in content.items():
                where = f"{path.relative_to(self.root)}:{key}"
                if key in self.templates:
                    self.error(where, f"duplicate key, also in {self.template_files[key]}")
                if not KEY_PATTERN.match(str(key)):
                    self.error(where, "key must be letters, digits, '.', '_' or '-'")
                if not isinstance(template, dict):
                    self.error(where, "template must be a map")
                    continue
                self.templates[key] = template
                self.template_files[key] = path.relative_to(self.root)
                self.check_template(where, template)

    def check_template(self, where, template):
        unknown = set(template) - TEMPLATE_FIELDS
        if unknown:
            self.error(where, f"unknown fields {sorted(unknown)}")
        if "body" not in template and "title" not in template:
            self.error(where, "needs a body or a title")
        args = template.get("args") or {}
        for name, spec in args.items():
            if not isinstance(spec, dict) or spec.get("type") not in ARG_TYPES:
                self.error(f"{where}.args.{name}", f"type must be one of {sorted(ARG_TYPES)}")
                continue
            if set(spec) - ARG_ATTRIBUTES:
                self.error(f"{where}.args.{name}", f"unknown attributes {sorted(set(spec) - ARG_ATTRIBUTES)}")
        used = set()
        for field in MESSAGE_FIELDS:
            if field in template:
                parsed = self.parse_message(f"{where}.{field}", template[field])
                if parsed:
                    used |= set(parsed.args)
                    self.check_types(f"{where}.{field}", parsed, args)
                    self.check_categories(f"{where}.{field}", "en", parsed)
        for section in ("apns", "fcm", "webpush", "data"):
            values = template.get(section) or {}
            known = SECTION_FIELDS.get(section)
            if known is not None and set(values) - known:
                self.error(f"{where}.{section}", f"unknown fields {sorted(set(values) - known)}")
            for field, value in values.items():
                if isinstance(value, str):
                    parsed = self.parse_message(f"{where}.{section}.{field}", value)
                    if parsed:
                        for name in set(parsed.args) - set(args):
                            self.error(f"{where}.{section}.{field}", f"argument '{name}' is not declared")
        if (template.get("apns") or {}).get("push-type") == "voip":
            self.error(f"{where}.apns", "the sample catalog is voip-free")
        collapse = (template.get("apns") or {}).get("collapse-id")
        if isinstance(collapse, str) and len(re.sub(r"\{[^}]*\}", "", collapse).encode()) > 64:
            self.error(f"{where}.apns.collapse-id", "fixed text alone exceeds 64 bytes")
        for name in set(args) - used - self.used_in_payload(template):
            self.error(f"{where}.args.{name}", "declared but never used")
        for name in used - set(args):
            self.error(where, f"argument '{name}' is not declared")
        budget = template.get("budget")
        if budget is not None and (not isinstance(budget, int) or not 256 <= budget <= 5120):
            self.error(f"{where}.budget", "must be an integer byte count up to 5120")

    @staticmethod
    def used_in_payload(template):
        names = set()
        for section in ("apns", "fcm", "webpush", "data"):
            for value in (template.get(section) or {}).values():
                if isinstance(value, str):
                    names |= set(re.findall(r"\{([A-Za-z_][A-Za-z0-9_]*)\}", value))
        return names

    def check_types(self, where, parsed, args):
        for name, kinds in parsed.args.items():
            declared = (args.get(name) or {}).get("type")
            if declared is None:
                continue
            for kind in kinds:
                needs = {"plural": "number", "selectordinal": "number", "number": "number",
                         "date": "date", "time": "date", "select": "string"}.get(kind)
                if needs and needs != declared:
                    self.error(where, f"'{name}' is declared {declared} but used as {kind}")

    def check_categories(self, where, tag, parsed):
        lang = language(tag)
        for name, kind, selectors, _ in parsed.branches:
            if kind == "select":
                continue
            table = CARDINAL if kind == "plural" else ORDINAL
            if lang not in table:
                self.error(where, f"no plural data for '{lang}' in this script")
                continue
            needed = table[lang]
            keywords = {s for s in selectors if not s.startswith("=")}
            if needed - keywords:
                self.error(where, f"{kind} '{name}' misses {sorted(needed - keywords)} ({tag} has {sorted(needed)})")
            if keywords - needed:
                self.error(where, f"{kind} '{name}' has {sorted(keywords - needed)}, unknown in {tag}")

    def check_locales(self, source):
        files = sorted((self.root / "Locales").glob("*.yaml"))
        orders = {}
        for path in files:
            tag = path.stem
            rel = path.relative_to(self.root)
            if not TAG_PATTERN.match(tag):
                self.error(rel, "file name is not a BCP 47 tag of the form ll[-Script][-RR]")
            if tag == source:
                self.error(rel, "the source locale's text lives in the templates")
            content = self.load(path)
            if not isinstance(content, dict):
                self.error(rel, "top level must be a map of template keys")
                continue
            orders[tag] = list(content)
            missing = [key for key in self.templates if key not in content]
            if missing and tag not in PARTIAL_LOCALES:
                self.error(rel, f"missing templates {missing}")
            for key, entry in content.items():
                where = f"{rel}:{key}"
                if key not in self.templates:
                    self.error(where, "obsolete key (no such template)")
                    continue
                if not isinstance(entry, dict):
                    self.error(where, "entry must be a map of title/subtitle/body")
                    continue
                self.check_entry(where, tag, self.templates[key], entry)
        self.check_order(orders)
        return [path.stem for path in files]

    def check_entry(self, where, tag, template, entry):
        if set(entry) - set(MESSAGE_FIELDS):
            self.error(where, f"only messages are translated; unknown {sorted(set(entry) - set(MESSAGE_FIELDS))}")
        for field in MESSAGE_FIELDS:
            if field in template and field not in entry and tag not in PARTIAL_LOCALES:
                self.error(where, f"missing {field}")
            if field in entry and field not in template:
                self.error(where, f"{field} is not in the template")
        for field in MESSAGE_FIELDS:
            if field not in entry or field not in template:
                continue
            text = entry[field]
            parsed = self.parse_message(f"{where}.{field}", text)
            source = Parser(template[field]).parse() if isinstance(template[field], str) else None
            if not parsed or not source:
                continue
            if set(parsed.args) != set(source.args):
                self.error(f"{where}.{field}",
                           f"arguments {sorted(parsed.args)} differ from the source's {sorted(source.args)}")
            for name, kinds in parsed.args.items():
                source_kinds = source.args.get(name, set())
                if {"plural", "selectordinal", "number", "date", "time"} & (kinds ^ source_kinds) - {"simple"}:
                    # A translation may drop a plural it does not need only if the source has none.
                    self.error(f"{where}.{field}", f"'{name}' used as {sorted(kinds)}, source {sorted(source_kinds)}")
            self.check_categories(f"{where}.{field}", tag, parsed)
            if FORBIDDEN.search(text):
                self.error(f"{where}.{field}", "contains bidi controls, U+FFFD or control characters")
            if text != text.strip() or "  " in text:
                self.error(f"{where}.{field}", "leading, trailing or doubled whitespace")
            if "'" in text:
                self.error(f"{where}.{field}", "ASCII apostrophe: write ’ (U+2019) in translations")

    def check_order(self, orders):
        """Every locale file lists its keys in the same order (that of the first complete file)."""
        complete = [tag for tag in sorted(orders) if tag not in PARTIAL_LOCALES]
        if not complete:
            return
        reference = orders[complete[0]]
        for tag, order in orders.items():
            expected = [key for key in reference if key in order]
            if order != expected:
                self.error(f"Locales/{tag}.yaml", f"keys out of the order of Locales/{complete[0]}.yaml: {expected}")

    def check_settings(self, locales):
        path = self.root / "pushloc.yaml"
        if not path.exists():
            return "en"
        settings = self.load(path) or {}
        if set(settings) - SETTINGS:
            self.error("pushloc.yaml", f"unknown settings {sorted(set(settings) - SETTINGS)}")
        if settings.get("overflow", "drop") not in ("drop", "trim"):
            self.error("pushloc.yaml", "overflow must be drop or trim")
        if settings.get("bidi-isolation", "auto") not in ("auto", "always", "never"):
            self.error("pushloc.yaml", "bidi-isolation must be auto, always or never")
        return settings.get("source-locale", "en")

    def check_priority(self, source, locales):
        settings = self.load(self.root / "pushloc.yaml") or {}
        for tag in settings.get("locale-priority", []):
            if tag != source and tag not in locales:
                self.error("pushloc.yaml", f"locale-priority names '{tag}' but Locales/{tag}.yaml does not exist")

    def run(self):
        source = self.check_settings([])
        self.check_templates()
        locales = self.check_locales(source)
        if (self.root / "pushloc.yaml").exists():
            self.check_priority(source, locales)
        return locales


def main():
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent
    checker = Checker(root)
    locales = checker.run()
    for line in checker.errors:
        print(f"error: {line}")
    print(f"{len(checker.templates)} templates, {len(locales)} locales, {len(checker.errors)} errors")
    return 1 if checker.errors else 0


if __name__ == "__main__":
    sys.exit(main())
