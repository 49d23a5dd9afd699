#!/usr/bin/env python3
"""Generates differential-cases.json: inputs for DifferentialTests.swift.

The table holds NO expected output: the test runs every case through ICU4C's own
icu::MessageFormat (the ICUOracle target) and through our engine, and compares the two.

Argument values are written as single-key objects: {"string": "…"}, {"int": 5}, {"double": 1.5},
{"decimal": "1.50"} (full-precision decimal text) or {"date": epoch_ms}. Optional keys: "timeZone" (IANA id;
UTC when absent), "note" (why the case exists) and "expectedError" (the MessageFormatError.code our engine
should throw where ICU fails: a documented expectation, checked when present).

Sample numbers per plural category come from CLDR 42 (the data of ICU 72): plurals.xml and
ordinals.xml `@integer`/`@decimal` samples, plus values chosen to sit on rule edges.

Run from this folder:  python3 generate_differential_cases.py  (writes differential-cases.json)
"""
import json
import os

CASES = []


def arg(value):
    """Turns a Python shorthand into an argument object.

    int -> int, float -> double, "d:1.50" -> decimal, "t:123" -> date (epoch ms), other str -> string.
    """
    if isinstance(value, bool):
        raise ValueError("no booleans in MessageFormat")
    if isinstance(value, int):
        return {"int": value}
    if isinstance(value, float):
        return {"double": value}
    if value.startswith("d:"):
        return {"decimal": value[2:]}
    if value.startswith("t:"):
        return {"date": int(value[2:])}
    if value.startswith("s:"):
        return {"string": value[2:]}
    return {"string": value}


def case(pattern, locale, args=None, time_zone=None, note=None, expected_error=None):
    entry = {"pattern": pattern, "locale": locale, "args": {k: arg(v) for k, v in (args or {}).items()}}
    if time_zone is not None:
        entry["timeZone"] = time_zone
    if note is not None:
        entry["note"] = note
    if expected_error is not None:
        entry["expectedError"] = expected_error
    CASES.append(entry)


# --- 1. Plural categories: CLDR sample numbers for every category of every locale used -------------

# locale -> category -> samples. int = integer operand, float = double, "d:…" = decimal text.
CARDINAL_SAMPLES = {
    "en": {"one": [1], "other": [0, 2, 16, 100, 1000, 1.5, 1.0, "d:1.0", 0.0]},
    "de": {"one": [1], "other": [0, 2, 17, 1.5, "d:1.0"]},
    "es": {"one": [1], "many": [1000000, "d:1e6", 2000000], "other": [0, 2, 1.5, 1000, "d:1000000.5"]},
    "fr": {"one": [0, 1, 1.5], "many": [1000000, "d:1e6", 3000000], "other": [2, 17, 100, 1000, 1000001]},
    "pt": {"one": [0, 1, 1.5, "d:0.5"], "many": [1000000, "d:1e6"], "other": [2, 100, 1000001]},
    "pt-PT": {"one": [1], "many": [1000000, "d:1e6"], "other": [0, 2, 1.5, "d:1.0"]},
    "ru": {"one": [1, 21, 101, 1001], "few": [2, 3, 4, 22, 104], "many": [0, 5, 11, 12, 19, 20, 100, 111],
           "other": [1.5, 0.1, "d:1.0", -1.5]},
    "uk": {"one": [1, 21], "few": [2, 23], "many": [0, 5, 11, 14], "other": [1.5, "d:2.0"]},
    "pl": {"one": [1], "few": [2, 3, 4, 22, 24], "many": [0, 5, 12, 21, 100, 1000000, "d:1e6"],
           "other": [1.5, "d:2.0"]},
    "cs": {"one": [1], "few": [2, 3, 4], "many": [1.5, 0.5, "d:1.0"], "other": [0, 5, 100, 1000000]},
    "lt": {"one": [1, 21, 31], "few": [2, 9, 22], "many": [0.1, 1.5, "d:2.50"], "other": [0, 10, 11, 19, 20, 30]},
    "ar": {"zero": [0], "one": [1], "two": [2], "few": [3, 10, 103, 110], "many": [11, 26, 99, 111],
           "other": [100, 101, 102, 0.5, 1.5, "d:2.0"]},
    "cy": {"zero": [0], "one": [1], "two": [2], "few": [3], "many": [6], "other": [4, 5, 7, 15, 1.5]},
    "he": {"one": [1, 0.5], "two": [2], "other": [0, 3, 10, 20, 100, 1.5, "d:2.0"]},
    "ga": {"one": [1], "two": [2], "few": [3, 6], "many": [7, 10], "other": [0, 11, 100, 1.5]},
    "sl": {"one": [1, 101], "two": [2, 102], "few": [3, 4, 103, 1.5], "other": [0, 5, 100]},
    "hi": {"one": [0, 1, 0.5], "other": [2, 10, 1.5]},
    "tr": {"one": [1], "other": [0, 2, 1.5]},
    "ja": {"other": [0, 1, 2, 1.5]},
    "zh": {"other": [0, 1, 1.5]},
    "zh-Hant": {"other": [1, 2]},
    "ko": {"other": [1, 3]},
    "th": {"other": [1, 2]},
}

ORDINAL_SAMPLES = {
    "en": {"one": [1, 21, 101], "two": [2, 22], "few": [3, 23], "other": [0, 4, 11, 12, 13, 111]},
    "cy": {"zero": [0, 7, 8, 9], "one": [1], "two": [2], "few": [3, 4], "many": [5, 6], "other": [10, 21]},
    "fr": {"one": [1], "other": [0, 2, 11]},
    "ga": {"one": [1], "other": [2, 11]},
    "hi": {"one": [1], "two": [2, 3], "few": [4], "many": [6], "other": [0, 5, 7]},
    "uk": {"few": [3, 23], "other": [0, 1, 13]},
    "he": {"other": [1, 2]},
    "ru": {"other": [1, 3]},
    "ar": {"other": [1, 3]},
    "sl": {"other": [1, 2]},
    "pl": {"other": [1]},
    "es": {"other": [1]},
    "ja": {"other": [1]},
}

ALL_CARDINAL = ("{n, plural, zero {zero:#} one {one:#} two {two:#} few {few:#} many {many:#} "
                "other {other:#}}")
ALL_ORDINAL = ("{n, selectordinal, zero {zero:#} one {one:#} two {two:#} few {few:#} many {many:#} "
               "other {other:#}}")

for locale, categories in CARDINAL_SAMPLES.items():
    for category, samples in categories.items():
        for sample in samples:
            case(ALL_CARDINAL, locale, {"n": sample}, note=f"{locale} cardinal sample for {category}")

for locale, categories in ORDINAL_SAMPLES.items():
    for category, samples in categories.items():
        for sample in samples:
            case(ALL_ORDINAL, locale, {"n": sample}, note=f"{locale} ordinal sample for {category}")

# A realistic message per locale (keywords only from that locale), with offset and =N.
for locale in ["en", "ru", "pl", "ar", "cy", "fr", "pt-PT", "he"]:
    for n in [0, 1, 2, 3, 5, 22, 101]:
        case("{who} and {n, plural, offset:1 =0 {nobody} =1 {only you} one {you and # other} "
             "other {you and # others}}", locale, {"who": "Ann", "n": n}, note="offset with =N and #")

# --- 2. Simple arguments ----------------------------------------------------------------------------

SIMPLE_VALUES = ["text", "", "s:{not syntax} 'quoted' #", 0, 5, -1, 1000000, 123456789012, -9007199254740993,
                 1.0, 1.5, 0.0, -2.5, 1e21, 1234.5678, 0.000123, "d:1.50", "d:-0.0",
                 "d:12345678901234567890.123456789", "t:1700000000000"]
for locale in ["en", "de", "fr", "ar", "hi"]:
    for value in SIMPLE_VALUES:
        case("<{a}>", locale, {"a": value}, note="simple argument")
for locale in ["ja", "ru", "th", "he", "zh-Hant"]:
    for value in [1234567, -2.5, "t:1688212800000", "text"]:
        case("<{a}>", locale, {"a": value}, note="simple argument")

# --- 3. number ---------------------------------------------------------------------------------------

NUMBER_STYLES = [
    "", "integer", "percent", "currency", "::currency/EUR", "::percent", "::.00", "::compact-short",
    "::compact-long", "::sign-always", "::precision-integer", "::measure-unit/length-meter unit-width-full-name",
    "::scientific", "::group-off", "::currency/JPY unit-width-iso-code", "::percent .0", "::engineering",
    "#,##0.00", "0.###E0", "00000", "#,##0.00 ¤", "#%", "'#'0",
]
NUMBER_VALUES = [0, 1, -1, 2.5, -2.5, 1234.5678, 1000000, 123456789012, 0.005, "d:1.50", 1e21]
for style in NUMBER_STYLES:
    pattern = "{n, number}" if style == "" else "{n, number, " + style + "}"
    for locale, values in [("en", NUMBER_VALUES), ("de", [1234.5678, -2.5]), ("fr", [1234.5678, 1000000]),
                           ("hi", [123456789012]), ("ar", [1234.5678]), ("ja", [1000000])]:
        for value in values:
            case(pattern, locale, {"n": value}, note=f"number style {style or '(none)'}")
for locale in ["pt", "pt-PT", "zh-Hant", "ko", "tr", "cs", "th", "uk"]:
    for style in ["currency", "percent", "::compact-short", "integer"]:
        case("{n, number, " + style + "}", locale, {"n": 12345.678}, note=f"number style {style}")

# --- 4. spellout, ordinal, duration -------------------------------------------------------------------

for locale in ["en", "de", "fr", "es", "ru", "ja", "he", "pl"]:
    for value in [0, 1, 21, 101, 1234, -5, 2.5]:
        case("{n, spellout}", locale, {"n": value}, note="spellout")
    for value in [1, 2, 3, 11, 22, 103]:
        case("{n, ordinal}", locale, {"n": value}, note="ordinal")
case("{n, spellout, %spellout-ordinal}", "en", {"n": 42}, note="spellout with a rule set")
case("{n, spellout, %spellout-cardinal-feminine}", "ru", {"n": 2}, note="spellout with a rule set")
case("{n, spellout, %no-such-rule-set}", "en", {"n": 42}, note="spellout with an unknown rule set")
for value in [0, 59, 3725, -61, 90061.5]:
    case("{n, duration}", "en", {"n": value}, note="duration")

# --- 5. date and time ---------------------------------------------------------------------------------

DATE_STYLES = [
    ("date", ""), ("date", "short"), ("date", "medium"), ("date", "long"), ("date", "full"),
    ("time", ""), ("time", "short"), ("time", "medium"), ("time", "long"), ("time", "full"),
    ("date", "::yMMMd"), ("date", "::EEEEjmm"), ("date", "::Hm"), ("time", "::Hm"), ("date", "::yMMMMEEEEd"),
    ("date", "::jmmssz"), ("date", "dd.MM.yyyy"), ("date", "dd.MM.yyyy HH:mm:ss.SSS"), ("time", "'at' HH:mm zzzz"),
    ("date", "EEE, d MMM yyyy HH:mm:ss Z"), ("date", "y-MM-dd'T'HH:mm:ssXXX"),
]
ZONES = ["UTC", "Europe/Warsaw", "America/Los_Angeles", "Asia/Kolkata", "Asia/Tokyo", "Australia/Lord_Howe"]
# 2023-11-14T22:13:20Z, 2023-07-01T12:00:00Z, 1970-01-01, 1969-07-20T20:17:40Z,
# 2024-03-31T01:30:00Z (just after Warsaw's spring-forward), 2006-01-02T15:04:05.789Z
DATES = [1700000000000, 1688212800000, 0, -14182940000, 1711848600000, 1136214245789]
for kind, style in DATE_STYLES:
    pattern = "{d, " + kind + ("}" if style == "" else ", " + style + "}")
    for index, zone in enumerate(ZONES):
        # Each style in every zone, with dates rotating so every date meets every zone somewhere.
        for date in (DATES[index % len(DATES)], DATES[(index + 3) % len(DATES)]):
            case(pattern, "en", {"d": "t:%d" % date}, time_zone=zone, note=f"{kind} {style or '(default)'}")
for locale in ["de", "pl", "ja", "ar", "he", "hi", "ko", "zh-Hant", "th", "fr", "ru", "es", "cy", "ga", "lt"]:
    for kind, style in [("date", "full"), ("time", "short"), ("date", "::yMMMd"), ("date", "::EEEEjmm")]:
        case("{d, " + kind + ", " + style + "}", locale, {"d": "t:1700000000000"}, time_zone="Europe/Warsaw",
             note=f"{kind} {style} in {locale}")
case("{d, date, long} {d, time, short}", "en", {"d": "t:1711848600000"}, time_zone="Europe/Warsaw",
     note="after the DST switch")
case("{d, date, long} {d, time, short}", "en", {"d": "t:1711846800000"}, time_zone="Europe/Warsaw",
     note="at the DST switch (01:00Z)")
case("{d, time, full}", "en", {"d": "t:1700000000000"}, time_zone="Australia/Lord_Howe",
     note="half-hour DST zone")
case("{d, date, short}", "en", {"d": "t:-62135596800000"}, note="year 1")
case("{d, date, ::yMMMd}", "en", {"d": 1700000000000.0}, note="double argument formatted as a date")
for pattern in ["{d, date, short}", "{d, time}", "{d, date, dd.MM.yyyy}"]:
    # ICU's DateFormat::format(Formattable) takes a date or a double, and rejects int64 and decimals.
    case(pattern, "en", {"d": 1700000000000.0}, note="double argument formatted as a date")
    for value in [0, "d:1700000000000"]:
        case(pattern, "en", {"d": value}, note="ICU rejects an int64 or decimal date", expected_error="argument-type")

# --- 6. select ------------------------------------------------------------------------------------------

SELECT = "{g, select, female {she} male {he} other {they}}"
for value in ["female", "male", "other", "neutral", "", "Female", "s:female "]:
    case(SELECT, "en", {"g": value}, note="select")
SELECT_DIGITS = "{k, select, a1 {A-one} 2b {two-B} 42 {forty-two} other {?}}"
for value in ["a1", "2b", "42", "4", "A1"]:
    case(SELECT_DIGITS, "en", {"k": value}, note="select keyword with digits")
case("{k, select, other {first} other {second}}", "en", {"k": "x"}, note="duplicate other: the first wins")
case("{k, select, x {one} x {two} other {z}}", "en", {"k": "x"}, note="duplicate keyword: the first wins")
case("{k, select, café {yes} other {no}}", "fr", {"k": "café"}, note="non-ASCII keyword")
case("{k, select,other{o}}", "en", {"k": "a"}, note="no white space")

# --- 7. plural edge cases --------------------------------------------------------------------------------

P = "{n, plural, offset:1 =1 {just one} one {one more: #} other {# others}}"
for value in [0, 1, 2, 3, -1, 1.5, "d:1.0", "d:2"]:
    case(P, "en", {"n": value}, note="=N compared before offset, keyword after")
for value in [0, 2, 3, 4]:
    case("{n, plural, offset:2 =0 {zero} =2 {two} other {#}}", "en", {"n": value}, note="offset:2 with =N")
for value in [1.5, 0, 0.0, 1]:
    case("{n, plural, =1.5 {one and a half} =0 {none} other {#}}", "en", {"n": value}, note="=N with decimals")
for locale in ["en", "ru", "fr", "pl"]:
    for value in [0, 1, 2, 1.5, 5, 21]:
        case("{n, plural, one {# item ({n, number, ::.00})} other {{n, number, ::.00} items (#)}}", locale,
             {"n": value}, note="number argument in other: ICU selects with that formatter")
    case("{n, plural, one {#} other {{n, number, integer}}}", locale, {"n": 1.2},
         note="integer style in other: ICU selects on the rounded number")
    for value in [1, 1.0, 2]:
        case("{n, plural, one {# one} other {{n, number, 0.00} other}}", locale, {"n": value},
             note="pattern-style number in other: ICU selects with that DecimalFormat")
for value in [1, 3, 5]:
    case("{n, plural, offset:1 one {#} other {# / {n}}}", "en", {"n": value}, note="# with offset, {n} without")
case("{n, plural, one {one} other {{g, select, male {# he} other {# they}}}}", "en", {"n": 5, "g": "male"},
     note="# in a select nested in a plural is literal")
case("{n, plural, one {one} other {{g, select, other {{m, plural, other {#}}}}}}", "en",
     {"n": 5, "g": "x", "m": 7}, note="# in the innermost plural is that plural's number")
case("{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}", "en", {"n": 1234},
     note="# in selectordinal is grouped")
case("# at top level {n}", "en", {"n": 1}, note="top-level # is literal")
case("{n, plural, other {'#' is # ''#''}}", "en", {"n": 3}, note="quoted # in plural")
case("{n, plural, other {#}}", "de", {"n": 1234567.891}, note="# uses the locale's grouping")
case("{n, plural, other {#}}", "en", {"n": "d:1.50"}, note="# with a decimal")
case("{n, plural, other {#}}", "en", {"n": -2.5}, note="# negative")
case("{n, plural, other {#}}", "ar", {"n": 1234}, note="# in Arabic")
case("{n, plural, one {one} other {other}}", "en", {"n": -1}, note="negative one")
case("{n, plural, =-1 {minus one} other {other}}", "en", {"n": -1}, note="=-1")
case("{n, plural, few {few} other {other}}", "en", {"n": 3}, note="keyword the locale lacks never matches")
case("{n, plural, other {a} one {b}}", "en", {"n": 1}, note="other first")
case("{n, plural, other {first} other {second}}", "en", {"n": 2}, note="duplicate other")
case("{n, plural, offset:0.5 other {#}}", "en", {"n": 2}, note="fractional offset")
case("{n, plural, =0{zero}=1{one}other{#}}", "en", {"n": 1}, note="no white space between cases")

# --- 8. nesting -----------------------------------------------------------------------------------------

NEST = ("{n, plural, one {{g, select, female {{m, plural, one {she has # message} other {she has # messages}}} "
        "other {{m, plural, one {they have # message} other {they have # messages}}}}} "
        "other {{g, select, female {# women, {m, plural, one {# message} other {# messages}}} "
        "other {# people, {m, plural, one {# message} other {# messages}}}}}}")
for locale in ["en", "ru", "ar"]:
    for n, g, m in [(1, "female", 1), (1, "male", 3), (4, "female", 21), (5, "x", 0), (21, "female", 2)]:
        case(NEST, locale, {"n": n, "g": g, "m": m}, note="plural in select in plural")
case("{a}{b}{c}", "en", {"a": "x", "b": 1, "c": 2.5}, note="adjacent arguments")
case("{a} {a} {a, number} {a, plural, other {#}}", "en", {"a": 1234}, note="one argument used four ways")

# --- 9. apostrophes, white space, braces, case ----------------------------------------------------------

TEXTS = [
    "It''s {a}", "'{'", "'}'", "'{a}'", "I'm {a}", "'{a}' is {a}", "'''{a}'''", "''''", "'", "a'", "'a'",
    "x '{abc", "x '{a}{b}", "'{''}'", "don't '{'", "'#' {a}", "'' {a} ''", "'{{{'{a}'}}}'", "'|'",
    "a } b", "}{a}}", "{ a }", "{\ta\n}", "{a\u200e}", "line1\nline2 {a}", "  lead and trail  ",
    "日本語 {a} 中文", "emoji 👍🏽 {a}", "NUL-free \u00a0nbsp {a}", "{a, select, other {x'}'y}}",
]
for text in TEXTS:
    case(text, "en", {"a": "A", "b": "B"}, note="quoting and braces")
for value in [1, 2]:
    case("{n, plural, one {I'm one '#'} other {# isn''t '{one}'}}", "en", {"n": value}, note="quotes in plural")
    case("{ n , plural , offset:  1 =1 { x } one { # } other { # y } }", "en", {"n": value},
         note="white space everywhere (but none between offset and its colon)")
    case("{n,plural,one{#}other{##}}", "en", {"n": value}, note="no white space")
case("{n, PLURAL, one {#} other {# x}}", "en", {"n": 1}, note="upper-case type")
case("{n, Number, Integer}", "en", {"n": 2.75}, note="mixed-case type and style")
case("{n, number, PERCENT}", "en", {"n": 0.25}, note="upper-case style")
case("{s, SeLeCt, a {A} other {O}}", "en", {"s": "a"}, note="mixed-case select")
case("{d, DATE, SHORT}", "en", {"d": "t:1700000000000"}, note="upper-case date style")
case("{n, SelectOrdinal, one {#st} other {#th}}", "en", {"n": 1}, note="mixed-case selectordinal")
case("{n, number,  integer  }", "en", {"n": 2.5}, note="style with spaces")
case("{1a} {0a} {a1}", "en", {"1a": "x", "0a": "y", "a1": "z"}, note="digits then letters: ICU reads a name")
case("{0} {1} {10}", "en", {"0": "zero", "1": "one", "10": "ten"}, note="numbered arguments passed by name")
case("{d, date, ::yMMMdQQQQ}", "en", {"d": "t:0"}, note="skeleton with a quarter")
case("{n, number, ::  .00}", "en", {"n": 2}, note="skeleton with leading spaces")

# --- 10. invalid patterns and arguments (ICU errors; we must throw) -------------------------------------

ERRORS = [
    ("{", {}, "syntax"), ("{a", {"a": "x"}, "syntax"), ("{a,}", {"a": "x"}, "syntax"),
    ("{a, foo}", {"a": "x"}, "syntax"), ("{n, plural}", {"n": 1}, "syntax"),
    ("{n, plural, one {x}}", {"n": 1}, "syntax"), ("{n, plural, =x {a} other {b}}", {"n": 1}, "syntax"),
    ("{n, select, =1 {a} other {b}}", {"n": "a"}, "syntax"),
    ("{n, plural, one {x} offset:1 other {y}}", {"n": 1}, "syntax"), ("{01}", {"01": "x"}, "syntax"),
    ("{a-b}", {"a": "x"}, "syntax"), ("{n, number, 'abc}", {"n": 1}, "syntax"),
    ("{n, plural, one x other {y}}", {"n": 1}, "syntax"), ("{n, select, a {x} other {y}", {"n": "a"}, "syntax"),
    ("{}", {}, "syntax"), ("{ n , plural , offset : 1 other {y}}", {"n": 1}, "syntax"), ("{n, plural, offset: other {y}}", {"n": 1}, "syntax"),
    ("{n, number, ::currency/XYZW}", {"n": 1}, "invalid-style"), ("{n, number, ::foo}", {"n": 1}, "invalid-style"),
    ("{n, number, #,##0.0.0}", {"n": 1}, "invalid-style"),
    ("{d, date, ::yMMMd}", {"d": 1700000000000}, "argument-type"),
    ("{n, plural, one {#} other {#}}", {"n": "five"}, "argument-type"),
    ("{n, selectordinal, one {#} other {#}}", {"n": "5"}, "argument-type"),
    ("{s, select, a {A} other {O}}", {"s": 5}, "argument-type"),
    ("{s, number}", {"s": "text"}, "argument-type"), ("{s, date, short}", {"s": "text"}, "argument-type"),
    ("{s, spellout}", {"s": "text"}, "argument-type"), ("{d, plural, other {#}}", {"d": "t:0"}, "argument-type"),
]
for pattern, args, code in ERRORS:
    case(pattern, "en", args, note="ICU rejects this", expected_error=code)

# --- write -------------------------------------------------------------------------------------------------

seen = set()
unique = []
for entry in CASES:
    key = json.dumps(entry, sort_keys=True, ensure_ascii=False)
    if key not in seen:
        seen.add(key)
        unique.append(entry)

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "differential-cases.json"), "w", encoding="utf-8") as out:
    out.write("[\n")
    out.write(",\n".join("  " + json.dumps(entry, ensure_ascii=False) for entry in unique))
    out.write("\n]\n")
print(f"{len(unique)} cases")
