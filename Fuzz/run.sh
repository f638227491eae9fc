#!/usr/bin/env bash
# Builds DTOKit's libFuzzer target and runs it for a fixed time; fails on any crash, hang,
# sanitizer report (AddressSanitizer, LeakSanitizer) or broken round-trip invariant.
#
#   Fuzz/run.sh              one minute (what .ci/run does)
#   Fuzz/run.sh 3600         an hour
#
# DTOKIT_TOOL=path uses that `dtokit` instead of building one in .build (CI passes the one its
# first build made, so that the fuzz run needs no lock on .build while other steps use it).
#
# The target (Fuzz/Sources/FuzzTarget.swift) reads every input with JsonValue(parsing:), with the
# DTOs generated from Tests/Fixtures/EdgeCaseDTOs/edgecases.metadata.json (every value format and
# collection shape; generated here by the repository's own `dtokit`, so it follows generator
# changes), with the value parsers alone, and through the raw-memory room's own types (name tables,
# byte scanner, writer strings, temporary sort: Fuzz/Sources/BytesChecks.swift). Seeds: Fuzz/corpus (checked in). New inputs the
# fuzzer finds go to .build-fuzz/corpus, crashes to .build-fuzz/artifacts.
#
# A crash found: copy the artifact into Fuzz/corpus/regression-<what>.json, add a unit test with
# the same input to Tests/DTOKitTests, fix it. `.build-fuzz/fuzz-dtokit <artifact>` replays one input.
#
# Linux only: libFuzzer comes with the Swift toolchain there (swiftc -sanitize=fuzzer).
set -euo pipefail

SECONDS_TO_RUN="${1:-60}"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="${DTOKIT_FUZZ_BUILD:-$ROOT/.build-fuzz}"
FUZZ="$ROOT/Fuzz"

if [ "$(uname -s)" != "Linux" ]; then
    echo "Fuzz/run.sh: skipped, libFuzzer needs the Swift toolchain for Linux"
    exit 0
fi

mkdir -p "$BUILD/modules" "$BUILD/corpus" "$BUILD/artifacts"
# `-package-name`: the runtime has `package` members (used by DTOKitClient); SwiftPM passes the same.
SWIFTC_FLAGS=(-parse-as-library -swift-version 6 -O -g -sanitize=fuzzer,address -wmo -package-name DTOKit -I "$BUILD/modules")

# True when $1 is missing or older than any of the other files.
stale() {
    local target="$1"; shift
    [ ! -e "$target" ] && return 0
    [ -n "$(find "$@" -newer "$target" -print -quit)" ]
}

echo "== fuzz: generate the edge-case DTOs with dtokit"
if [ -n "${DTOKIT_TOOL:-}" ]; then
    DTOKIT="$DTOKIT_TOOL"
else
    swift build --package-path "$ROOT" --product dtokit >/dev/null
    DTOKIT="$(swift build --package-path "$ROOT" --show-bin-path)/dtokit"
fi
"$DTOKIT" generate "$ROOT/Tests/Fixtures/EdgeCaseDTOs/edgecases.metadata.json" \
    --options "$ROOT/Tests/Fixtures/EdgeCaseDTOs/edgecases.options" --output "$BUILD/EdgeCaseDTOs.swift.new"
# The same snapshot as structs whose enums keep values they do not list (StructChecks.swift).
{ cat "$ROOT/Tests/Fixtures/EdgeCaseDTOs/edgecases.options"; printf '\nExportAsStructs: True\nKeepUnknownEnumValues: True\n'; } \
    > "$BUILD/edgecases-structs.options"
"$DTOKIT" generate "$ROOT/Tests/Fixtures/EdgeCaseDTOs/edgecases.metadata.json" \
    --options "$BUILD/edgecases-structs.options" --output "$BUILD/EdgeCaseStructDTOs.swift.new"
for module in EdgeCaseDTOs EdgeCaseStructDTOs; do
    if ! cmp -s "$BUILD/$module.swift.new" "$BUILD/$module.swift"; then
        mv "$BUILD/$module.swift.new" "$BUILD/$module.swift"
    else
        rm "$BUILD/$module.swift.new"
    fi
done

echo "== fuzz: build (swiftc -sanitize=fuzzer,address -O)"
DTOKIT_SOURCES=()
while IFS= read -r -d '' file; do DTOKIT_SOURCES+=("$file"); done < <(find "$ROOT/Sources/DTOKit" -name '*.swift' -print0 | sort -z)
if stale "$BUILD/DTOKit.o" "${DTOKIT_SOURCES[@]}"; then
    # -enable-testing: BytesChecks.swift reaches the room's internal types with @testable import.
    swiftc "${SWIFTC_FLAGS[@]}" -enable-testing -module-name DTOKit -emit-module -emit-module-path "$BUILD/modules/DTOKit.swiftmodule" \
        -c -o "$BUILD/DTOKit.o" "${DTOKIT_SOURCES[@]}"
fi
# DTOKitStructs' builders are DTOKit's builder files, linked into Builders/ and compiled for the
# struct family (the define Package.swift gives the target).
STRUCTS_SOURCES=()
while IFS= read -r -d '' file; do STRUCTS_SOURCES+=("$file"); done < <(find -L "$ROOT/Sources/DTOKitStructs" -name '*.swift' -print0 | sort -z)
if stale "$BUILD/DTOKitStructs.o" "${STRUCTS_SOURCES[@]}" "$BUILD/DTOKit.o"; then
    swiftc "${SWIFTC_FLAGS[@]}" -D DTOKIT_STRUCT_FAMILY -module-name DTOKitStructs -emit-module \
        -emit-module-path "$BUILD/modules/DTOKitStructs.swiftmodule" -c -o "$BUILD/DTOKitStructs.o" "${STRUCTS_SOURCES[@]}"
fi
for module in EdgeCaseDTOs EdgeCaseStructDTOs; do
    if stale "$BUILD/$module.o" "$BUILD/$module.swift" "$BUILD/DTOKit.o" "$BUILD/DTOKitStructs.o"; then
        swiftc "${SWIFTC_FLAGS[@]}" -module-name "$module" -emit-module -emit-module-path "$BUILD/modules/$module.swiftmodule" \
            -c -o "$BUILD/$module.o" "$BUILD/$module.swift"
    fi
done
OBJECTS=("$BUILD/DTOKit.o" "$BUILD/DTOKitStructs.o" "$BUILD/EdgeCaseDTOs.o" "$BUILD/EdgeCaseStructDTOs.o")
if stale "$BUILD/fuzz-dtokit" "$FUZZ/Sources" "${OBJECTS[@]}"; then
    # From the build folder: the driver leaves the program's partial module files where it runs.
    (cd "$BUILD" && swiftc "${SWIFTC_FLAGS[@]}" -module-name DTOKitFuzz -use-ld=lld -o "$BUILD/fuzz-dtokit" \
        "$FUZZ"/Sources/*.swift "${OBJECTS[@]}") 2> >(grep -v "Cannot export local symbol" >&2)
fi

echo "== fuzz: run for ${SECONDS_TO_RUN} s"
SYMBOLIZER="$(dirname "$(command -v swiftc)")/llvm-symbolizer"
[ -x "$SYMBOLIZER" ] && export ASAN_SYMBOLIZER_PATH="$SYMBOLIZER"
# AddressSanitizer prints the stack of a crash itself; the Swift runtime's backtracer would be a
# second, slower report (and can outlive the process).
export SWIFT_BACKTRACE=enable=no
LOG="$BUILD/fuzz.log"
set +e
"$BUILD/fuzz-dtokit" \
    -max_total_time="$SECONDS_TO_RUN" \
    -timeout=10 \
    -rss_limit_mb=2048 \
    -max_len=16384 \
    -dict="$FUZZ/dtokit.dict" \
    -print_final_stats=1 \
    -artifact_prefix="$BUILD/artifacts/" \
    "$BUILD/corpus" "$FUZZ/corpus" >"$LOG" 2>&1
STATUS=$?
set -e

grep -E "INITED|DONE|stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb" "$LOG" || true
if [ "$STATUS" -ne 0 ]; then
    echo "---- last lines of $LOG"
    tail -n 80 "$LOG"
    echo "== fuzz FAILED (exit $STATUS): the input is in $BUILD/artifacts/; see the comment at the top of Fuzz/run.sh"
    exit 1
fi
echo "== fuzz passed"
