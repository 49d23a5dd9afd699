#!/usr/bin/env python3
"""Times the line-wrap estimator against Pango on the texts of Scripts/check_wrap_pango.py.

Issue 19: "the estimator at least 10x faster per text than Pango". Both lay out every case of the
check's table (text, locale, fonts, size, weight, width) `--repeat` times, in the same run:

- Pango 1.50 inside Python (PyGObject): a new PangoLayout on one shared PangoCairo context (hinting
  off, as the check sets it), its attributes, font description, wrap mode and width, set_text and
  get_line_count; timed with time.perf_counter over the whole loop;
- the estimator through `pushloc wrap --repeat N --timing`, which times only the estimator's calls
  (no process start, no JSON parsing) and prints its mean per text.

It prints both means per text and their ratio, and exits 1 when the estimator is not at least
`--min-ratio` (default 10) times faster. Measure a release build on a quiet machine:

    swift build -c release --product pushloc
    python3 Benchmarks/wrap_vs_pango.py --binary .build/release/pushloc --repeat 200
"""

import argparse
import os
import re
import sys
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.join(ROOT, "Scripts"))

import check_wrap_pango as check  # noqa: E402  (re-runs this script under /usr/bin/python3 if needed)


def pango_mean(table, repeat):
    """Pango's mean time per text in microseconds."""
    context = check.pango_context()
    start = time.perf_counter()
    for _ in range(repeat):
        for _, locale, text, fonts, size, weight, width in table:
            layout = check.pango_layout(context, locale, text, fonts, size, weight, width)
            layout.get_line_count()
    return (time.perf_counter() - start) / (repeat * len(table)) * 1e6


def estimator_means(binary, table, repeat):
    """The estimator's mean times per text in microseconds, as `pushloc wrap --timing` reports them:
    over all layouts, over the first layout of each case, over the repetitions."""
    # The same styles with the texts reversed come first, untimed: they load the fonts and shaping
    # plans, as a running service has them, without measuring any text of the table.
    warm = [check.request(locale, text[::-1], fonts, size, weight, width)
            for _, locale, text, fonts, size, weight, width in table]
    requests = [check.request(locale, text, fonts, size, weight, width)
                for _, locale, text, fonts, size, weight, width in table]
    _, errors = check.estimates(binary, warm + requests, repeat=repeat, timing=True, line_starts=False,
                                options=["--untimed", str(len(warm))])
    found = re.search(r"mean ([0-9.]+) µs per text \(first layout of each text ([0-9.]+) µs, "
                      r"repetitions ([0-9.]+|-) µs\)", errors)
    if found is None:
        sys.exit(f"wrap_vs_pango: no timing from {binary} wrap --timing:\n{errors}")
    return tuple(float(value) if value != "-" else float("nan") for value in found.groups())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "pushloc"))
    parser.add_argument("--repeat", type=int, default=200, help="layouts of each text on each side")
    parser.add_argument("--min-ratio", type=float, default=10.0)
    arguments = parser.parse_args()

    table = list(check.cases())
    # A first pass warms Pango's font caches, as a long-running process would have them.
    pango_mean(table, 1)
    pango = pango_mean(table, arguments.repeat)
    mean, first, repeated = estimator_means(arguments.binary, table, arguments.repeat)
    print(f"{len(table)} texts x {arguments.repeat} repetitions (Pango {check.Pango.version_string()})")
    print(f"Pango (PyGObject):               {pango:9.2f} µs per text")
    print(f"estimator, all layouts:          {mean:9.2f} µs per text  ratio {pango / mean:6.1f}x")
    print(f"estimator, first layout of each: {first:9.2f} µs per text  ratio {pango / first:6.1f}x")
    print(f"estimator, repeated layouts:     {repeated:9.2f} µs per text  ratio {pango / repeated:6.1f}x")
    print(f"({arguments.binary}; the first layout measures the text, repetitions find it measured)")
    ratio = pango / mean
    print(f"all layouts: {ratio:.1f}x, at least {arguments.min_ratio:g}x required: {'ok' if ratio >= arguments.min_ratio else 'NOT MET'}")
    return 0 if ratio >= arguments.min_ratio else 1


if __name__ == "__main__":
    sys.exit(main())
