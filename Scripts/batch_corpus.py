#!/usr/bin/env python3
"""The byte-identity corpus of `pushloc batch`.

A fixed seed makes the same random request lines on every run (sample catalog, the CLI test
catalogs and the benchmarks' catalog; every mode, hostile texts, budgets 200-5120, push types,
time zones, overflow policies, and some malformed values). `record` runs a `pushloc` binary over
them and writes one line of hashes per answer line to Tests/BatchCorpus/batch-corpus.sha; `check`
replays them with another binary and names the first answers that differ, input and new output in
full.

Each answer line is hashed in two parts (the first 16 hex digits of a SHA-256 each):
  * everything but the report, byte for byte, with the `apns-expiration` header's value masked
    (it is the render time plus the template's lifetime);
  * the report object, re-serialized compactly after `--mask FIELD` removed the named report
    fields (for fields a later change added on purpose). "-" when the line has no report.
A catalog that does not load gives one record of the whole run (exit status, stdout, stderr).

  Scripts/batch_corpus.py generate DIR                 # write the input files, one per catalog
  Scripts/batch_corpus.py record --binary PATH         # re-record (write the .sha file)
  Scripts/batch_corpus.py check --binary PATH [--mask report.FIELD]... [--show N]
"""

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

from batch_corpus_lines import CATALOGS, SEED, generate_lines

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
RECORD = os.path.join(ROOT, "Tests", "BatchCorpus", "batch-corpus.sha")
EXPIRATION = re.compile(rb'"apns-expiration":"[0-9]+"')
REPORT = b',"report":'


def digest(data):
    return hashlib.sha256(data).hexdigest()[:16]


def split_report(line):
    """(line without the report, report bytes or None). The report is a success line's last member."""
    at = line.rfind(REPORT)
    if at < 0 or not line.startswith(b'{"id":') or b',"ok":true,' not in line:
        return line, None
    return line[:at], line[at + len(REPORT) : -1]


def report_hash(report, masks):
    if report is None:
        return "-"
    value = json.loads(report.decode("utf-8"))
    for field in masks:
        value.pop(field, None)
    canonical = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return digest(canonical.encode("utf-8"))


def line_hashes(line, masks):
    main, report = split_report(line)
    return digest(EXPIRATION.sub(b'"apns-expiration":"*"', main)), report_hash(report, masks)


def run_catalog(binary, catalog_dir, lines):
    with tempfile.NamedTemporaryFile("wb", suffix=".jsonl", delete=False) as handle:
        handle.write(b"".join(line + b"\n" for line in lines))
        path = handle.name
    try:
        result = subprocess.run(
            [binary, "batch", "--catalog", os.path.join(ROOT, catalog_dir), "--input", path],
            capture_output=True,
        )
    finally:
        os.unlink(path)
    return result


def answers(binary, name, catalog_dir, lines, masks):
    """The records for one catalog: [(hash pair as text, output line or whole run)]."""
    result = run_catalog(binary, catalog_dir, lines)
    out = result.stdout.split(b"\n")
    if out and out[-1] == b"":
        out.pop()
    if result.returncode == 2 and not out:
        whole = b"exit %d\n" % result.returncode + result.stdout + b"\n--\n" + result.stderr
        return [("run " + digest(whole), whole)]
    records = [" ".join(line_hashes(line, masks)) for line in out]
    if len(out) != len(lines):
        sys.exit(f"{name}: {len(lines)} lines in, {len(out)} out (exit {result.returncode}): {result.stderr[:400]!r}")
    return list(zip(records, out))


def head_commit():
    try:
        commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "HEAD"], capture_output=True, text=True).stdout
        return commit.strip()
    except OSError:
        return "unknown"


def record(args):
    os.makedirs(os.path.dirname(RECORD), exist_ok=True)
    total = 0
    with open(RECORD, "w", encoding="utf-8") as handle:
        handle.write(f"# pushloc batch corpus: Scripts/batch_corpus.py, seed {SEED}\n")
        handle.write(f"# recorded with the pushloc binary of commit {args.commit or head_commit()}\n")
        handle.write("# per answer line: hash of the line without its report (apns-expiration masked),\n")
        handle.write("# hash of the report ('-': none); 'run HASH' for a catalog that does not load\n")
        for name, catalog_dir, count in CATALOGS:
            lines = generate_lines(name, catalog_dir, count)
            records = answers(args.binary, name, catalog_dir, lines, [])
            handle.write(f"[{name}] {len(lines)} lines, requests {requests_hash(lines)}\n")
            handle.write("".join(text + "\n" for text, _ in records))
            total += len(lines)
            print(f"{name}: {len(lines)} lines, {len(records)} records", file=sys.stderr)
    print(f"recorded {total} lines into {os.path.relpath(RECORD, ROOT)}", file=sys.stderr)


def requests_hash(lines):
    """What the generator made for a catalog: it changes when the catalog's templates, arguments or
    locales do, and every answer is then expected to differ."""
    return digest(b"\n".join(lines))


def read_record():
    sections, current = {}, None
    inputs = {}
    with open(RECORD, encoding="utf-8") as handle:
        for text in handle:
            text = text.rstrip("\n")
            if text.startswith("#"):
                continue
            if text.startswith("["):
                current = text[1 : text.index("]")]
                sections[current] = []
                inputs[current] = text.rsplit(" ", 1)[-1] if "requests" in text else None
            else:
                sections[current].append(text)
    return sections, inputs


def check(args):
    masks = []
    for field in args.mask:
        if not field.startswith("report."):
            sys.exit(f"--mask {field}: only report fields can be masked (report.NAME)")
        masks.append(field[len("report.") :])
    recorded, inputs = read_record()
    differences, total = 0, 0
    for name, catalog_dir, count in CATALOGS:
        lines = generate_lines(name, catalog_dir, count)
        total += len(lines)
        expected = recorded.get(name)
        if expected is None:
            sys.exit(f"{name}: not in {RECORD}; record again")
        if inputs.get(name) not in (None, requests_hash(lines)):
            print(f"{name}: the generated requests are not those recorded (the catalog's templates, arguments")
            print(f"or locales changed?): record again with the binary before the change, then check")
            differences += 1
            continue
        got = answers(args.binary, name, catalog_dir, lines, masks)
        if len(got) != len(expected):
            print(f"{name}: {len(expected)} records expected, {len(got)} now")
            differences += 1
            continue
        for number, ((now, output), before) in enumerate(zip(got, expected), start=1):
            if now == before:
                continue
            differences += 1
            if differences <= args.show:
                part = "report" if now.split()[0] == before.split()[0] else "payload, headers or error"
                request = lines[number - 1] if number <= len(lines) else b""
                print(f"--- {name} line {number}: the {part} differs (recorded {before}, now {now})")
                print("request:", request.decode("utf-8", "replace"))
                print("answer: ", output.decode("utf-8", "replace").rstrip("\n"))
    if differences:
        print(f"{differences} of {total} lines differ from the recording")
        sys.exit(1)
    print(f"all {total} lines byte-identical to the recording")


def generate(args):
    os.makedirs(args.directory, exist_ok=True)
    for name, catalog_dir, count in CATALOGS:
        lines = generate_lines(name, catalog_dir, count)
        with open(os.path.join(args.directory, f"{name}.jsonl"), "wb") as handle:
            handle.write(b"".join(line + b"\n" for line in lines))
        print(f"{name}: {len(lines)} lines for {catalog_dir}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser("generate")
    command.add_argument("directory")
    command.set_defaults(run=generate)
    command = commands.add_parser("record")
    command.add_argument("--binary", required=True)
    command.add_argument("--commit", help="the binary's commit, for the header (default: HEAD)")
    command.set_defaults(run=record)
    command = commands.add_parser("check")
    command.add_argument("--binary", required=True)
    command.add_argument("--mask", action="append", default=[], metavar="report.FIELD")
    command.add_argument("--show", type=int, default=5, help="how many differing lines to print")
    command.set_defaults(run=check)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
