#!/usr/bin/env bash
# Builds the consumer package as a user would (plugin, app target with MainActor default isolation,
# Swift 6 and Swift 5 mode targets), fails on any warning in generated code or in the package's own
# sources, then runs the app, which checks its results.
#
# CI runs it in a clone on a case-insensitive file system, as a Mac user's checkout is
# (Scripts/CaseInsensitive/run-in-checkout.sh), which sets CASE_INSENSITIVE_SCRATCH to the build folder.
set -euo pipefail
cd "$(dirname "$0")"
scratch=(${CASE_INSENSITIVE_SCRATCH:+--scratch-path "$CASE_INSENSITIVE_SCRATCH"})
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! swift build "${scratch[@]}" -debug-info-format none 2>&1 | tee "$log"; then
    echo "consumer package: build FAILED"
    exit 1
fi
if grep -E "(/plugins/outputs/|/Tests/ConsumerPackage/Sources/)[^:]*\.swift:[0-9]+:[0-9]+: warning:" "$log"; then
    echo "consumer package: warnings in generated or consumer code"
    exit 1
fi
swift run "${scratch[@]}" --skip-build TechStacksApp

# `dtokit` runs from a user's package, built from the dependency (no checkout of DTOKit of its own):
# `init` in a new DTOs folder that holds only a snapshot adds its Swift file (named after the folder).
folder=$(mktemp -d)
trap 'rm -f "$log"; rm -rf "$folder"' EXIT
cp Sources/TechStacksApp/techstacks.metadata.json "$folder/"
swift run "${scratch[@]}" dtokit init --target-dir "$folder" >"$log" 2>&1 || { cat "$log"; exit 1; }
if ! compgen -G "$folder/*.swift" >/dev/null; then
    cat "$log"
    echo "consumer package: swift run dtokit init wrote no Swift file"
    exit 1
fi
