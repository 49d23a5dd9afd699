#!/usr/bin/env python3
"""Checks `pushloc export android` with Android's own resource compiler and against `pushloc render`.

For each catalog (the sample catalog at the repository root, and
Tests/PushlocCLITests/Catalogs/AndroidExport, whose loc-key templates hold every character Android
treats specially):

1. `pushloc export android --output res` writes the resources;
2. Debian's `aapt package` compiles them (installed with apt-get when missing; no android.jar is
   needed for plain string resources), with no error and no warning;
3. every `<string>` is read back by `android_text` below, written from Android's documented rules
   (developer.android.com/guide/topics/resources/string-resource, "Escaping apostrophes and
   quotes", "Formatting strings"), and must equal what aapt compiled (`aapt dump --values`);
4. what the device shows must be what `pushloc render` shows: for each template, locale and field,
   `pushloc batch` renders it in `loc-key` mode (the resource name from the key, and the `loc-args`)
   and in `resolved` mode; the string, formatted with those `loc-args` as Java's
   `String.format` does (only when the server sends arguments, as FCM's `getString(id, args)`),
   must equal the resolved text. Resolved mode wraps arguments in FSI/PDI in right-to-left locales
   and `loc-args` arrive without them, so those two marks are removed from the resolved text
   (catalog messages may not contain them: lint's `invalid-character`). Every exported string must
   be checked this way at least once.

Then it breaks the fixture's files on purpose (an apostrophe unescaped, quotes removed, a `%`
single or doubled, placeholders swapped, a markup escape doubled, a reference or line-break escape
dropped) and requires the rules of step 3 and the comparison of step 4 alone, without aapt, to
catch each break, so the check itself is known to fail when it should.

Usage: python3 Scripts/check_android_export.py [--binary PATH]   (default: the debug build's pushloc)
Exit status 0 when every string matches, 1 otherwise.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = [ROOT, ROOT / "Tests/PushlocCLITests/Catalogs/AndroidExport"]
MANIFEST = """<?xml version="1.0" encoding="utf-8"?>
<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.pushloc.check"/>
"""
ISOLATION_MARKS = {"\u2068", "\u2069"}
FIELDS = {"title": ("title-loc-key", "title-loc-args"), "subtitle": ("subtitle-loc-key", "subtitle-loc-args"),
          "body": ("loc-key", "loc-args")}


class Mismatch(Exception):
    """A string that Android would not show as the catalog means it."""


def ensure_aapt():
    if shutil.which("aapt"):
        return
    print("aapt not found: installing Debian's aapt", file=sys.stderr)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    if subprocess.run(["apt-get", "install", "-y", "-qq", "aapt"], env=env).returncode != 0:
        subprocess.run(["apt-get", "update", "-qq"], env=env, check=True)
        subprocess.run(["apt-get", "install", "-y", "-qq", "aapt"], env=env, check=True)


def android_text(raw):
    """The text Android's resource compiler makes of a `<string>` element's character data.

    Outside double quotes, runs of white space become one space and white space at either end is
    dropped; an unescaped `'` is an error. `"` opens or closes a quoted run, where white space and
    `'` are kept. `\\` escapes: `\\n`, `\\t`, `\\uXXXX`, and `\\'`, `\\"`, `\\\\`, `\\@`, `\\?`
    for the character itself. A `@` or `?` first makes the string a reference."""
    if raw[:1] in ("@", "?"):
        raise Mismatch(f"starts with an unescaped {raw[0]!r}, which makes it a resource reference")
    pieces = []  # (text, is_collapsible_space)
    quoted = False
    index = 0
    while index < len(raw):
        char = raw[index]
        if char == "\\":
            index += 1
            if index >= len(raw):
                raise Mismatch("ends with a lone backslash")
            escape = raw[index]
            if escape == "n":
                pieces.append(("\n", False))
            elif escape == "t":
                pieces.append(("\t", False))
            elif escape == "u":
                digits = raw[index + 1:index + 5]
                if not re.fullmatch(r"[0-9A-Fa-f]{4}", digits):
                    raise Mismatch(f"bad \\u escape {digits!r}")
                pieces.append((chr(int(digits, 16)), False))
                index += 4
            elif escape in "'\"\\@?":
                pieces.append((escape, False))
            else:
                raise Mismatch(f"unknown escape \\{escape} (Android drops it)")
        elif char == '"':
            quoted = not quoted
        elif char == "'" and not quoted:
            raise Mismatch("apostrophe not preceded by a backslash")
        elif char in " \t\n\r\f\v" and not quoted:
            if not (pieces and pieces[-1][1]):
                pieces.append((" ", True))
        else:
            pieces.append((char, False))
        index += 1
    if quoted:
        raise Mismatch("a double quote is never closed")
    while pieces and pieces[0][1]:
        pieces.pop(0)
    while pieces and pieces[-1][1]:
        pieces.pop()
    return "".join(text for text, _ in pieces)


def java_format(template, arguments):
    """`String.format(template, arguments)` for the conversions the export may write: `%%` and
    `%n$s`. Anything else after a `%` is an error Android would throw or print differently."""
    output = []
    index = 0
    while index < len(template):
        char = template[index]
        if char != "%":
            output.append(char)
            index += 1
            continue
        if template.startswith("%%", index):
            output.append("%")
            index += 2
            continue
        match = re.compile(r"%([1-9][0-9]*)\$s").match(template, index)
        if not match:
            raise Mismatch(f"format specifier at {template[index:index + 6]!r} is not %% or %n$s")
        position = int(match.group(1))
        if position > len(arguments):
            raise Mismatch(f"%{position}$s but only {len(arguments)} loc-args are sent")
        output.append(arguments[position - 1])
        index = match.end()
    return "".join(output)


def resource_name(key):
    """Android's resource name for a loc-key, as docs/apple-formats.md states it: every character
    but ASCII letters, digits and `_` becomes `_`, and `_` goes first before a leading digit."""
    name = "".join(c if (c.isascii() and (c.isalnum() or c == "_")) else "_" for c in key)
    return "_" + name if name[:1].isdigit() else name


def run(command, **kwargs):
    return subprocess.run(command, capture_output=True, text=True, **kwargs)


def read_strings(path):
    """{name: (raw text, formatted attribute)} of one strings.xml."""
    strings = {}
    for element in ElementTree.parse(path).getroot():
        if element.tag != "string" or len(element):
            raise Mismatch(f"{path}: unexpected element <{element.tag}> or markup inside it")
        strings[element.get("name")] = (element.text or "", element.get("formatted"))
    return strings


def compiled_strings(aapt_folder, strings_xml, manifest):
    """The values aapt compiles from one strings.xml, by name (`aapt dump --values`)."""
    res = aapt_folder / "res/values"
    res.mkdir(parents=True, exist_ok=True)
    shutil.copy(strings_xml, res / "strings.xml")
    apk = aapt_folder / "single.apk"
    package = run(["aapt", "package", "-f", "-M", str(manifest),
                   "-S", str(aapt_folder / "res"), "-F", str(apk)])
    if package.returncode != 0:
        raise Mismatch(f"aapt refuses {strings_xml}: {package.stderr.strip()}")
    dump = subprocess.run(["aapt", "dump", "--values", "resources", str(apk)], capture_output=True, check=True)
    values = {}
    name = None
    # Lines split on \n only: a value may hold a raw tab or carriage return.
    for line in dump.stdout.decode("utf-8").split("\n"):
        match = re.search(r":string/([A-Za-z0-9_]+): t=", line)
        if match:
            name = match.group(1)
            continue
        match = re.match(r'\s*\(string(?:8|16)\) "(.*)"$', line)
        if match and name:
            text = re.sub(r'\\(.)', lambda m: {"n": "\n"}.get(m.group(1), m.group(1)), match.group(1))
            values[name] = text
            name = None
    return values


def template_keys(catalog):
    keys = []
    for path in sorted((catalog / "Templates").glob("*.yaml")):
        for line in path.read_text(encoding="utf-8").splitlines():
            match = re.match(r"^([A-Za-z0-9_.-]+):\s*(#.*)?$", line)
            if match:
                keys.append(match.group(1))
    return keys


def argument_values(binary, catalog, key):
    """Distinct values for every declared argument: a marked text for strings, a number big
    enough to be grouped, a date."""
    preview = run([binary, "preview", key, "--format", "json", "--locale", "en", "--catalog", str(catalog)])
    if preview.returncode != 0:
        raise Mismatch(f"pushloc preview {key}: {preview.stderr.strip()}")
    values = {}
    for index, argument in enumerate(json.loads(preview.stdout)["arguments"]):
        values[argument["name"]] = {
            "string": f"⟨{argument['name']}⟩",
            "number": 12345 + index,
            "date": "2026-11-22T10:00:00Z",
        }[argument["type"]]
    return values


def export(binary, catalog, res):
    result = run([binary, "export", "android", "--output", str(res), "--catalog", str(catalog)])
    if result.returncode != 0:
        raise Mismatch(f"pushloc export android exited {result.returncode}: {result.stderr.strip()}")


def folder_locale(folder, source_locale):
    return source_locale if folder == "values" else folder[len("values-b+"):].replace("+", "-")


def check_resources(binary, catalog, res, work, use_aapt=True):
    """Every failure found in the resources under `res` exported from `catalog`, and the number of
    strings checked against `pushloc render`. Without `use_aapt`, only the documented rules and
    `pushloc render` judge the strings."""
    failures = []
    if use_aapt:
        package = run(["aapt", "package", "-f", "-M", str(work / "AndroidManifest.xml"), "-S", str(res),
                       "-F", str(work / "all.apk")])
        if package.returncode != 0 or package.stderr.strip():
            failures.append(f"aapt package: exit {package.returncode}: {package.stderr.strip()}")
    source_locale = "en"
    settings = catalog / "pushloc.yaml"
    if settings.exists():
        match = re.search(r"^source-locale:\s*\"?([A-Za-z0-9-]+)", settings.read_text(encoding="utf-8"), re.M)
        source_locale = match.group(1) if match else "en"
    # locale -> name -> (shown text, formatted attribute)
    folders = {}
    for folder in sorted(path.name for path in res.iterdir()):
        path = res / folder / "strings.xml"
        locale = folder_locale(folder, source_locale)
        try:
            strings = read_strings(path)
            compiled = compiled_strings(work / "single" / folder, path, work / "AndroidManifest.xml") if use_aapt else None
        except Mismatch as error:
            failures.append(str(error))
            continue
        folders[locale] = {}
        for name, (raw, formatted) in strings.items():
            try:
                text = android_text(raw)
            except Mismatch as error:
                failures.append(f"{folder} {name}: {error}: {raw!r}")
                continue
            if compiled is not None and compiled.get(name) != text:
                failures.append(f"{folder} {name}: aapt compiled {compiled.get(name)!r}, the rules read {text!r}")
            folders[locale][name] = (text, formatted)
    default = folders.get(source_locale, {})
    for locale, strings in folders.items() if source_locale in folders else []:
        for name in strings.keys() - default.keys():
            failures.append(f"{locale} {name}: not in values/, so devices in other languages have no string")

    requests = []
    for key in template_keys(catalog):
        values = argument_values(binary, catalog, key)
        for locale in folders:
            for mode in ("loc-key", "resolved"):
                requests.append({"id": [key, locale, mode], "key": key, "locales": [locale], "mode": mode,
                                 "args": values, "budget": 5120})
    batch = run([binary, "batch", "--catalog", str(catalog)], input="".join(json.dumps(r) + "\n" for r in requests))
    results = {}
    for line in batch.stdout.splitlines():
        result = json.loads(line)
        if not result["ok"]:
            failures.append(f"pushloc batch {result['id']}: {result['error']}")
            continue
        results[tuple(result["id"])] = result
    checked = set()
    for key in template_keys(catalog):
        for locale, strings in folders.items():
            loc_key = results.get((key, locale, "loc-key"))
            resolved = results.get((key, locale, "resolved"))
            if not loc_key or not resolved:
                continue
            alert = loc_key["payload"]["aps"]["alert"]
            for field, (key_name, args_name) in FIELDS.items():
                if key_name not in alert:
                    continue
                name = resource_name(alert[key_name])
                if name not in strings:
                    continue
                where = f"{key} {field} [{locale}] ({name})"
                shown_locale = resolved["report"]["fieldLocales"].get(field)
                if shown_locale != locale:
                    failures.append(f"{where}: exported for {locale}, but render shows the {shown_locale} text")
                    continue
                text, formatted = strings[name]
                arguments = alert.get(args_name)
                try:
                    if arguments is not None:
                        if formatted == "false":
                            raise Mismatch('formatted="false" on a string the app formats')
                        shown = java_format(text, arguments)
                    else:
                        shown = text
                except Mismatch as error:
                    failures.append(f"{where}: {error}: {text!r}")
                    continue
                expected = "".join(c for c in resolved["payload"]["aps"]["alert"][field] if c not in ISOLATION_MARKS)
                if shown != expected:
                    failures.append(f"{where}: the device shows {shown!r}, pushloc render shows {expected!r}")
                checked.add((locale, name))
    for locale, strings in folders.items():
        for name in strings:
            if (locale, name) not in checked:
                failures.append(f"{locale} {name}: no template field renders to it, so it was not checked")
    return failures, len(checked)


# Deliberate breaks of the fixture's files: (what, folder, string name, old, new).
BREAKS = [
    ("an apostrophe unescaped", "values", "apostrophes_body", "It\\'s", "It's"),
    ("the quotes around leading spaces removed", "values", "SPACES_TITLE", '"  leading and trailing  "',
     "  leading and trailing  "),
    ("a % left single in a formatted string", "values", "PERCENT_BODY", "50%% off", "50% off"),
    ("reordered placeholders swapped", "values-b+fr", "REORDERED_TITLE", "%2$s et %1$s", "%1$s et %2$s"),
    ("a markup escape doubled", "values", "MARKUP_TITLE", "&amp;", "&amp;amp;"),
    ("a reference escape dropped", "values", "REF_TITLE", "\\@home", "@home"),
    ("a line break escape dropped", "values-b+pt+BR", "LINES_BODY", "um\\nLinha", "um\nLinha"),
    ("a % doubled in a string the app does not format", "values-b+fr", "PERCENT_TITLE", "100 % de", "100 %% de"),
]


def check_breaks(binary, catalog, res, work):
    missed = []
    for what, folder, name, old, new in BREAKS:
        broken = work / "broken"
        shutil.rmtree(broken, ignore_errors=True)
        shutil.copytree(res, broken)
        path = broken / folder / "strings.xml"
        text = path.read_text(encoding="utf-8")
        line = next((l for l in text.split("\n") if f'name="{name}"' in l and old in l), None)
        if line is None:
            missed.append(f"{what}: {old!r} is not in {folder} {name}")
            continue
        path.write_text(text.replace(line, line.replace(old, new)), encoding="utf-8")
        # The documented rules alone must catch it, whatever aapt says.
        failures, _ = check_resources(binary, catalog, broken, work, use_aapt=False)
        if not failures:
            missed.append(f"{what}: not caught")
    return missed


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", help="the pushloc binary (default: the debug build's)")
    options = parser.parse_args()
    binary = options.binary or str(ROOT / ".build/debug/pushloc")
    ensure_aapt()
    ok = True
    with tempfile.TemporaryDirectory(prefix="pushloc-android-") as temporary:
        for catalog in CATALOGS:
            work = Path(temporary) / catalog.name
            work.mkdir()
            (work / "AndroidManifest.xml").write_text(MANIFEST, encoding="utf-8")
            res = work / "res"
            try:
                export(binary, catalog, res)
                failures, checked = check_resources(binary, catalog, res, work)
            except Mismatch as error:
                failures, checked = [str(error)], 0
            folders = len(list(res.iterdir())) if res.exists() else 0
            name = catalog.relative_to(ROOT).as_posix() if catalog != ROOT else "sample catalog"
            for failure in failures:
                print(f"{name}: {failure}", file=sys.stderr)
            if not failures and checked == 0:
                print(f"{name}: no string was checked", file=sys.stderr)
                failures = ["nothing checked"]
            if failures:
                ok = False
                continue
            print(f"{name}: {folders} values folders compiled by aapt, {checked} strings show what pushloc render shows")
            if catalog == CATALOGS[-1]:
                missed = check_breaks(binary, catalog, res, work)
                for miss in missed:
                    print(f"{name}: deliberate break {miss}", file=sys.stderr)
                ok = ok and not missed
                if not missed:
                    print(f"{name}: all {len(BREAKS)} deliberate breaks caught")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
