#!/usr/bin/env bash
# Formats (default) or lints (--lint) the Swift sources with the toolchain's `swift format`
# and the repository's .swift-format (the NIO family's style: 4 spaces, 120 columns).
# --lint exits non-zero on any finding, so CI fails on unformatted code.
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Package.swift Sources Tests)
[ -d Benchmarks ] && paths+=(Benchmarks/Package.swift Benchmarks/Benchmarks)
[ -d Fuzz ] && paths+=(Fuzz/Package.swift Fuzz/Sources)
if [ "${1:-}" = "--lint" ]; then
    swift format lint --strict --recursive --parallel "${paths[@]}"
else
    swift format format --in-place --recursive --parallel "${paths[@]}"
fi
