#!/usr/bin/env python3
"""Generates Sources/NotificationContentPicker/LocaleTables.swift, the locale data the picker embeds.

The picker runs in the app, without ICU, yet must negotiate exactly as the server does. So its
tables are asked of the server's own seam: Sources/CICU/Locales.cpp is compiled into a small
shared library (a second, independent reading of ICU's data would be a second source of truth),
and ICU's C API is called through ctypes only to list what to ask about (available locales,
ISO 3166 regions and UN M.49 areas, scripts, the alias tables). Nothing to install beyond what
the server builds with: libicu-dev and a C++ compiler.

  Scripts/locale_tables.py            print the file
  Scripts/locale_tables.py --write    write it
  Scripts/locale_tables.py --check    exit 1, with a diff, when the committed file differs (CI)

The output depends on the ICU found (the file names its version); after an ICU upgrade, run it
with --write and review what changed in the picker's tests.
"""

import ctypes
import difflib
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
TABLE = os.path.join(ROOT, "Sources", "NotificationContentPicker", "LocaleTables.swift")
WIDTH = 117
INDENT = " " * 8


# MARK: ICU and the seam


def build_seam(directory):
    """Compiles the server's locale functions (Sources/CICU/Locales.cpp) into a shared library."""
    compiler = os.environ.get("CXX") or shutil.which("clang++") or shutil.which("g++") or "c++"
    flags = subprocess.run(
        ["pkg-config", "--cflags", "--libs", "icu-uc", "icu-i18n"], check=True, capture_output=True, text=True
    ).stdout.split()
    library = os.path.join(directory, "libseam.so")
    cicu = os.path.join(ROOT, "Sources", "CICU")
    subprocess.run(
        [compiler, "-std=c++17", "-O1", "-shared", "-fPIC", "-I" + os.path.join(cicu, "include"), "-I" + cicu,
         os.path.join(cicu, "Locales.cpp"), "-o", library] + flags,
        check=True,
    )
    return ctypes.CDLL(library)


class ICU:
    """The seam's locale functions, and the few ICU C calls that list what to ask them about."""

    def __init__(self, seam):
        self.seam = seam
        for name in ("cicu_locale_maximize", "cicu_locale_canonicalize", "cicu_locale_parent", "cicu_icu_version"):
            function = getattr(seam, name)
            function.restype = ctypes.c_int32
        self.version = self._text(seam.cicu_icu_version)
        suffix = "_" + self.version.split(".")[0]
        # ICU's C symbols carry its major version (uloc_getAvailable_72); the seam already loaded
        # the very libraries it was linked with, so they are found by name.
        self.uc = ctypes.CDLL("libicuuc.so." + self.version.split(".")[0])
        self.i18n = ctypes.CDLL("libicui18n.so." + self.version.split(".")[0])

        def bind(library, name, result, *arguments):
            function = getattr(library, name + suffix)
            function.restype = result
            function.argtypes = list(arguments)
            return function

        status = ctypes.POINTER(ctypes.c_int)
        pointer = ctypes.c_void_p
        self.count_available = bind(self.uc, "uloc_countAvailable", ctypes.c_int32)
        self.get_available = bind(self.uc, "uloc_getAvailable", ctypes.c_char_p, ctypes.c_int32)
        self.iso_countries = bind(self.uc, "uloc_getISOCountries", ctypes.POINTER(ctypes.c_char_p))
        self.script_short_name = bind(self.uc, "uscript_getShortName", ctypes.c_char_p, ctypes.c_int)
        self.ures_open = bind(self.uc, "ures_open", pointer, ctypes.c_char_p, ctypes.c_char_p, status)
        self.ures_get_by_key = bind(self.uc, "ures_getByKey", pointer, pointer, ctypes.c_char_p, pointer, status)
        self.ures_get_by_index = bind(self.uc, "ures_getByIndex", pointer, pointer, ctypes.c_int32, pointer, status)
        self.ures_get_size = bind(self.uc, "ures_getSize", ctypes.c_int32, pointer)
        self.ures_get_key = bind(self.uc, "ures_getKey", ctypes.c_char_p, pointer)
        self.ures_get_string_by_key = bind(
            self.uc, "ures_getStringByKey", pointer, pointer, ctypes.c_char_p, ctypes.POINTER(ctypes.c_int32), status
        )
        self.ures_close = bind(self.uc, "ures_close", None, pointer)
        self.uenum_next = bind(self.uc, "uenum_next", ctypes.c_char_p, pointer, ctypes.POINTER(ctypes.c_int32), status)
        self.uenum_close = bind(self.uc, "uenum_close", None, pointer)
        self.region_available = bind(self.i18n, "uregion_getAvailable", pointer, ctypes.c_int, status)
        self.cldr_version = bind(self.i18n, "ulocdata_getCLDRVersion", None, ctypes.c_uint8 * 4, status)

    def _text(self, function, *arguments):
        buffer = ctypes.create_string_buffer(256)
        length = function(*arguments, buffer, len(buffer))
        if length < 0 or length > len(buffer):
            return None
        return buffer.raw[:length].decode()

    def maximize(self, tag):
        return self._text(self.seam.cicu_locale_maximize, tag.encode())

    def canonicalize(self, tag):
        return self._text(self.seam.cicu_locale_canonicalize, tag.encode())

    def parent(self, tag):
        """The CLDR parent as the server reads it; "" at the root."""
        return self._text(self.seam.cicu_locale_parent, tag.encode())

    def cldr(self):
        version = (ctypes.c_uint8 * 4)()
        status = ctypes.c_int(0)
        self.cldr_version(version, ctypes.byref(status))
        return str(version[0]) if version[1] == 0 else "%d.%d" % (version[0], version[1])

    def available_locales(self):
        return [self.get_available(index).decode() for index in range(self.count_available())]

    def regions(self):
        """ISO 3166 regions, then the UN M.49 areas ICU knows (world, continents, subcontinents, groupings)."""
        codes = []
        countries = self.iso_countries()
        index = 0
        while countries[index]:
            codes.append(countries[index].decode())
            index += 1
        for region_type in (2, 3, 4, 5):  # URGN_WORLD, URGN_CONTINENT, URGN_SUBCONTINENT, URGN_GROUPING
            status = ctypes.c_int(0)
            enumeration = self.region_available(region_type, ctypes.byref(status))
            while True:
                code = self.uenum_next(enumeration, None, ctypes.byref(status))
                if not code:
                    break
                codes.append(code.decode())
            self.uenum_close(enumeration)
        return codes

    def scripts(self):
        """ISO 15924 codes in ICU's UScriptCode order (which is what `scriptRegions` follows)."""
        codes = []
        code = 0
        while True:
            name = self.script_short_name(code)
            if not name:
                return codes
            codes.append(name.decode())
            code += 1

    def aliases(self, kind):
        """ICU's `metadata/alias/<kind>` table: (alias, replacement) in the table's (sorted) order."""
        status = ctypes.c_int(0)
        metadata = self.ures_open(None, b"metadata", ctypes.byref(status))
        alias = self.ures_get_by_key(metadata, b"alias", None, ctypes.byref(status))
        table = self.ures_get_by_key(alias, kind.encode(), None, ctypes.byref(status))
        if status.value > 0:
            sys.exit("locale_tables.py: ICU has no metadata/alias/%s (error %d)" % (kind, status.value))
        pairs = []
        for index in range(self.ures_get_size(table)):
            item = self.ures_get_by_index(table, index, None, ctypes.byref(status))
            length = ctypes.c_int32(0)
            replacement = self.ures_get_string_by_key(item, b"replacement", ctypes.byref(length), ctypes.byref(status))
            text = bytes((ctypes.c_uint16 * length.value).from_address(replacement)).decode("utf-16-le")
            pairs.append((self.ures_get_key(item).decode(), text))
            self.ures_close(item)
        for bundle in (table, alias, metadata):
            self.ures_close(bundle)
        return pairs


# MARK: The tables


def languages(icu):
    """Maximized tags of the languages of ICU's available locales, by language ("no" reads as nb)."""
    likely = {}
    for locale in icu.available_locales():
        tag = icu.maximize(locale.split("_")[0])
        likely[tag.split("-")[0]] = tag
    return likely


def implied_elsewhere(likely, subtags, position, maximize):
    """language-Script-REGION for each language and added subtag whose maximized tag differs from the
    language's own likely tag at `position` (1: the script a region implies, 2: the region a script
    implies)."""
    entries = []
    for language in sorted(likely):
        own = likely[language].split("-")[position]
        for subtag in subtags:
            tag = maximize(language + "-" + subtag)
            if tag.split("-")[position] != own:
                entries.append(tag)
    return entries


def language_aliases(icu, likely):
    """alias>replacement for the single-subtag aliases whose replacement is of a known language,
    the replacement as the server canonicalizes it; plus `no`, which the server reads as `nb`."""
    pairs = {}
    for alias, replacement in icu.aliases("language"):
        if "_" in alias:
            continue
        target = icu.canonicalize(replacement.replace("_", "-"))
        if target is not None and target.split("-")[0] in likely:
            pairs[alias] = target
    pairs["no"] = icu.canonicalize("no")
    return [alias + ">" + pairs[alias] for alias in sorted(pairs)]


def territory_aliases(icu):
    """Deprecated two-letter region codes, each to its first replacement."""
    entries = []
    for alias, replacement in icu.aliases("territory"):
        if len(alias) == 2 and alias.isalpha():
            # A region split in several (CS: RS ME) has no one answer without the language; the
            # picker takes the first, as it was generated.
            entries.append(alias + ">" + replacement.split(" ")[0])
    return entries


def parents(icu, likely):
    """parent -> children: CLDR parents that differ from truncation and add a step to a lineage."""
    table = {}
    for locale in icu.available_locales():
        tag = icu.canonicalize(locale.replace("_", "-"))
        parts = tag.split("-")
        language = parts[0]
        if language not in likely or len(parts) < 2:
            continue
        maximized = icu.maximize(tag).split("-")
        default_script = likely[language].split("-")[1]
        # The picker looks parents up by the tag without the language's default script.
        lookup = [part for part in parts if part != default_script] if maximized[1] == default_script else parts
        base = language if maximized[1] == default_script else language + "-" + maximized[1]
        parent = icu.parent(tag)
        if not parent or parent == "-".join(lookup[:-1]):
            continue
        parent_key = icu.maximize(parent).split("-")
        # Another language or script, or the base itself, ends the walk as truncation would.
        if parent_key[:2] != maximized[:2] or "-".join(parent_key) == icu.maximize(base):
            continue
        table.setdefault(parent, []).append("-".join(lookup))
    return {parent: sorted(children) for parent, children in sorted(table.items())}


# MARK: The file


def wrap(words, indent=INDENT):
    """Words joined by spaces in lines of at most WIDTH characters, each starting with `indent`."""
    lines = []
    line = ""
    for word in words:
        if line and len(indent) + len(line) + 1 + len(word) > WIDTH:
            lines.append(indent + line)
            line = ""
        line += (" " if line else "") + word
    lines.append(indent + line)
    return "\n".join(lines)


def wrap_parent(parent, children):
    """`parent: child child …`, the children wrapped as a list of their own, one level deeper."""
    lines = wrap(children, INDENT + "    ").split("\n")
    return "\n".join([INDENT + parent + ": " + lines[0].lstrip()] + lines[1:])


def string_literal(name, body):
    return '    static let %s = """\n%s\n        """\n' % (name, body)


def render(icu):
    likely = languages(icu)
    version = icu.version
    cldr = icu.cldr()
    parent_lines = "\n".join(wrap_parent(parent, children) for parent, children in parents(icu, likely).items())
    header = HEADER.format(version=version, cldr=cldr, count=len(likely))
    data = "\n".join(
        [
            string_literal("languages", wrap(sorted(likely.values()))),
            string_literal("regionScripts", wrap(implied_elsewhere(likely, icu.regions(), 1, icu.maximize))),
            string_literal("scriptRegions", wrap(implied_elsewhere(likely, icu.scripts(), 2, icu.maximize))),
            string_literal("languageAliases", wrap(language_aliases(icu, likely))),
            string_literal("territoryAliases", wrap(territory_aliases(icu))),
            string_literal("parents", parent_lines),
        ]
    )
    return header + "enum LocaleTables {\n" + data + "}\n"


HEADER = """\
/// The locale data the picker embeds instead of ICU: likely subtags, aliases and CLDR parent locales.
///
/// Generated by `Scripts/locale_tables.py` (do not edit; CI checks this file is its output) from
/// ICU {version} (CLDR {cldr}), the ICU the server links, through the server's own seam
/// (`cicu_locale_maximize`, `cicu_locale_canonicalize`, `cicu_locale_parent`), so that the picker
/// and the server agree on every tag of these languages. The lookups made of them are in
/// `LocaleTables+Lookups.swift`.
///
/// - `languages`: the maximized form of every language that has ICU locale data ({count} of them):
///   its likely script and region.
/// - `regionScripts`: language + region pairs whose likely script is not the language's own
///   (`zh-TW` → Hant, `sr-ME` → Latn, `pa-PK` → Arab), every ISO 3166 and UN M.49 region tried.
/// - `scriptRegions`: language + script pairs whose likely region is not the language's own
///   (`zh-Hant` → TW, `pa-Arab` → PK), every ISO 15924 script tried.
/// - `languageAliases`, `territoryAliases`: the CLDR aliases (ICU's `metadata/alias`) whose target
///   is one of `languages`, plus `no` → `nb` (Norwegian text is Bokmål; CLDR {cldr} keeps `no`).
/// - `parents`: the CLDR parent locales that differ from truncation *and* add a step to a lineage
///   (`en-AU` → `en-001`, not `zh-CN` → `zh-Hans`, which ends the walk exactly as `zh` does).
///
/// Tags of other languages keep their written subtags: they are compared without likely subtags.
"""


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    if mode not in ("", "--write", "--check"):
        sys.exit("usage: Scripts/locale_tables.py [--write | --check]")
    with tempfile.TemporaryDirectory() as directory:
        text = render(ICU(build_seam(directory)))
    if mode == "--write":
        with open(TABLE, "w", encoding="utf-8") as file:
            file.write(text)
    elif mode == "--check":
        with open(TABLE, encoding="utf-8") as file:
            committed = file.read()
        if committed != text:
            sys.stdout.writelines(
                difflib.unified_diff(
                    committed.splitlines(True), text.splitlines(True), "committed", "Scripts/locale_tables.py"
                )
            )
            sys.exit("locale_tables.py: %s is not what the generator makes" % os.path.relpath(TABLE, ROOT))
        print("locale_tables.py: %s is the generator's output, byte for byte" % os.path.relpath(TABLE, ROOT))
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
