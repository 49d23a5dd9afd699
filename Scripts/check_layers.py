#!/usr/bin/env python3
"""Checks that the render core's folders of Sources/PushLocalizer use only the folders below them.

The render core is layered, each folder using only those after it in LAYERS:

  Rendering  the entry points: Catalog.render, PreparedTemplate, RenderShape (one render route)
  Budget     fitting: argument binding, fair shares, text cuts, BudgetFitter
  Compiled   the catalog as compiled: templates, payload plans, the composer that plans and writes
  Payload    JSON bytes: the writer, escaping, plan segments
  Requests   the request and result vocabulary: RenderRequest, RenderError, RenderReport

Swift has no imports within a module, so the check reads type names: a table of which folder
declares which top-level type (struct, class, enum, protocol, actor, typealias), then every
identifier of a file in a layer that names a type declared only in a higher layer is a violation.
It does not see a member that an upper folder adds by `extension` to a lower folder's type and
that a lower folder calls; `extension` members of the core are few, and reviewed by reading.

  Scripts/check_layers.py        exit 1 and list every use of a higher layer's type
"""

import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "PushLocalizer"))
LAYERS = ["Rendering", "Budget", "Compiled", "Payload", "Requests"]

DECLARATION = re.compile(
    r"^(?:(?:public|package|internal|fileprivate|private|final|indirect|nonisolated|@\w+(?:\([^)]*\))?)\s+)*"
    r"(?:struct|class|enum|protocol|actor|typealias)\s+([A-Z]\w*)",
    re.M,
)


def code(text):
    """`text` without comments and string literals (which may name types in prose)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"#?\"\"\"(?:.|\n)*?\"\"\"#?", '""', text)
    text = re.sub(r"//.*", "", text)
    text = re.sub(r'#"(?:[^"\n]|"(?!#))*"#', '""', text)
    return re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)


def swift_files(folder):
    for directory, _, names in os.walk(os.path.join(ROOT, folder)):
        for name in sorted(names):
            if name.endswith(".swift"):
                path = os.path.join(directory, name)
                with open(path, encoding="utf-8") as handle:
                    yield path, code(handle.read())


def main():
    declared = {}
    texts = {}
    for layer in LAYERS:
        for path, text in swift_files(layer):
            texts[path] = (layer, text)
            for match in DECLARATION.finditer(text):
                declared.setdefault(match.group(1), set()).add(layer)
    violations = []
    for path, (layer, text) in sorted(texts.items()):
        rank = LAYERS.index(layer)
        for name in sorted(set(re.findall(r"\b[A-Z]\w*\b", text))):
            layers = declared.get(name, set())
            if layers and all(LAYERS.index(other) < rank for other in layers):
                violations.append(f"{os.path.relpath(path, ROOT)}: uses {name}, declared in {sorted(layers)[0]}")
    if not any(texts):
        sys.exit("check_layers: no Swift files found under " + ROOT)
    for line in violations:
        print(line)
    if violations:
        print(f"{len(violations)} uses of a higher layer (order: {' > '.join(LAYERS)})")
        return 1
    print(f"layers in order, {len(texts)} files: {' > '.join(LAYERS)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
