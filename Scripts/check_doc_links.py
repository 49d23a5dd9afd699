#!/usr/bin/env python3
"""Checks that every relative link in README.md and docs/*.md leads somewhere.

A link `[text](path)` or `[text](path#anchor)` must name an existing file or folder, relative to
the document that holds it; an anchor into a Markdown file (`cli.md#the-render-report`, or
`#arguments` within the same file) must be one of that file's headings as GitHub makes anchors of
them (lower case, punctuation but `-` and `_` dropped, spaces as `-`, `-1`, `-2`… for repeats).
Links inside code blocks and code spans are not links. Web links (`https:`, `mailto:`) are not
checked. Exits 1 and prints `file:line: broken link …` for each broken one.

Usage: python3 Scripts/check_doc_links.py [FILE.md ...]   (default: README.md docs/*.md)
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
LINK = re.compile(r"(?<!!)\[(?:[^\]\\]|\\.)*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)|!\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^\s*(```|~~~)")
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")


def prose_lines(text):
    """(line number, line) pairs outside fenced code blocks, code spans removed."""
    fenced = False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            yield number, CODE_SPAN.sub("", line)


def anchors(path):
    """The heading anchors GitHub gives a Markdown file."""
    seen = {}
    result = set()
    fenced = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        match = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if fenced or not match:
            continue
        slug = re.sub(r"[^\w\- ]", "", match.group(1).lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        result.add(slug if count == 0 else f"{slug}-{count}")
    for explicit in re.findall(r"<a\s+(?:name|id)=\"([^\"]+)\"", path.read_text(encoding="utf-8")):
        result.add(explicit)
    return result


def check(document):
    problems = []
    text = document.read_text(encoding="utf-8")
    for number, line in prose_lines(text):
        for match in LINK.finditer(line):
            target = match.group(1) or match.group(2)
            if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target):
                continue
            path_part, _, anchor = target.partition("#")
            resolved = (document.parent / path_part).resolve() if path_part else document
            where = f"{document.relative_to(ROOT)}:{number}"
            if not resolved.exists():
                problems.append(f"{where}: broken link '{target}': {path_part} does not exist")
            elif anchor and resolved.suffix == ".md" and anchor not in anchors(resolved):
                problems.append(f"{where}: broken link '{target}': {resolved.name} has no heading '#{anchor}'")
    return problems


def main(arguments):
    documents = [pathlib.Path(a).resolve() for a in arguments] or [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    problems = [problem for document in documents for problem in check(document)]
    for problem in problems:
        print(problem)
    print(f"{len(documents)} documents checked, {len(problems)} broken links", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
