#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ and runs each for SECONDS (default 60), niced.
#   Scripts/fuzz.sh [SECONDS] [TARGET...]     targets: messageformat catalog batch fitter (default: all)
# Each target starts from its seed corpus (Fuzz/Corpus/<target>) plus what earlier runs found
# (Fuzz/.build/corpus/<target>, kept between runs, never committed). A crash or a violated
# invariant stops that target, leaves the input in Fuzz/.build/artifacts/<target>/ and makes the
# script exit 1 after the other targets ran. See docs/fuzzing.md.
# Environment: FUZZ_NICE (default 10), FUZZ_BUILD=0 to skip the build, FUZZ_ARGS for more
# libFuzzer flags (e.g. "-jobs=2 -workers=2"), FUZZ_SCRATCH for the scratch directory (default
# /dev/shm when writable).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(messageformat catalog batch fitter)
nicely=(nice -n "${FUZZ_NICE:-10}")

build=Fuzz/.build
# The toolchain's lld links the targets: SwiftPM points `main` at each executable's Swift entry
# point with --defsym, which GNU gold cannot reconcile with libFuzzer's own `main` (it crashes).
mkdir -p "$build"
lld="$(dirname "$(readlink -f "$(command -v swift)")")/ld.lld"
[ -x "$lld" ] || { echo "fuzz.sh: no ld.lld beside the swift toolchain ($lld)" >&2; exit 2; }
printf '{ "schemaVersion": "1.0", "linker": { "path": "%s" } }\n' "$lld" >"$build/toolset.json"
swift_build=(swift build -c release --package-path Fuzz --build-path "$build" --toolset "$build/toolset.json"
    -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library)
if [ "${FUZZ_BUILD:-1}" != 0 ]; then
    # -sanitize=fuzzer on every Swift module (the library under test included) gives libFuzzer
    # its coverage; each target's @main hands its test to libFuzzer's driver.
    "${nicely[@]}" "${swift_build[@]}"
fi
bin="$("${swift_build[@]}" --show-bin-path)"

# Longest input per target: catalogs are whole files, a batch input several lines.
max_len() {
    case "$1" in
        catalog) echo 16384 ;;
        batch) echo 8192 ;;
        *) echo 4096 ;;
    esac
}

failed=()
for target in "${targets[@]}"; do
    [ -d "Fuzz/Corpus/$target" ] || { echo "fuzz.sh: no target '$target'" >&2; exit 2; }
    corpus="$build/corpus/$target"
    artifacts="$build/artifacts/$target/"
    log="$build/logs/$target-$(date -u +%Y%m%dT%H%M%SZ).log"
    # Scratch files (catalogs, batch input and output) in memory when the machine has /dev/shm,
    # so that a full disk does not pass for a finding.
    scratch_root="${FUZZ_SCRATCH:-$([ -w /dev/shm ] && echo /dev/shm || echo "$build/scratch")}"
    scratch="$scratch_root/pushloc-fuzz-$target.$$"
    mkdir -p "$corpus" "$artifacts" "$(dirname "$log")" "$scratch"
    echo "== fuzz-$target for ${seconds}s (log: $log)"
    # shellcheck disable=SC2086 # FUZZ_ARGS is a list of flags
    if TMPDIR="$scratch" SWIFT_BACKTRACE=enable=no "${nicely[@]}" "$bin/fuzz-$target" \
        -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 -max_len="$(max_len "$target")" \
        -artifact_prefix="$artifacts" -print_final_stats=1 ${FUZZ_ARGS:-} \
        "$corpus" "Fuzz/Corpus/$target" >"$log" 2>&1; then
        status=ok
    else
        status=FAILED
        failed+=("$target")
    fi
    rm -rf "$scratch"
    runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)"
    coverage="$(grep -Eo 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+/[^ ]+' "$log" | tail -1)"
    echo "   $status: ${runs:-?} executions, ${coverage:-no coverage line}"
    if [ "$status" = FAILED ]; then
        grep -E 'INVARIANT VIOLATED|ERROR: libFuzzer|Fatal error|Test unit written|SUMMARY' "$log" | head -8 | sed 's/^/   /'
    fi
done

if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz.sh: failed: ${failed[*]} (inputs in $build/artifacts/)" >&2
    exit 1
fi
