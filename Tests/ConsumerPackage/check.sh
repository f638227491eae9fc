#!/usr/bin/env bash
# Builds the consumer package as a user would (plugin, app target with MainActor default isolation,
# Swift 6 and Swift 5 mode targets), fails on any warning in generated code or in the package's own
# sources, then runs the app, which checks its results.
set -euo pipefail
cd "$(dirname "$0")"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! swift build -debug-info-format none 2>&1 | tee "$log"; then
    echo "consumer package: build FAILED"
    exit 1
fi
if grep -E "(/plugins/outputs/|/Tests/ConsumerPackage/Sources/)[^:]*\.swift:[0-9]+:[0-9]+: warning:" "$log"; then
    echo "consumer package: warnings in generated or consumer code"
    exit 1
fi
swift run --skip-build TechStacksApp
