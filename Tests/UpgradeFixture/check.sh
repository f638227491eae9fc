#!/usr/bin/env bash
# Code written for DTOKit 1.0.0 builds against this checkout (deprecation warnings allowed, errors not)
# and works: `swift run` of the fixture's checks. Takes the repository's build folder when given
# (`--scratch-path DIR`), where DTOKit's modules are compiled already.
set -euo pipefail
cd "$(dirname "$0")"
swift build "$@" 2>&1 | grep -E "warning: .*deprecated|error:" || true
swift run "$@" Checks
