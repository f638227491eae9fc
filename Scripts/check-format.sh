#!/usr/bin/env bash
# Every Swift file of the repository formatted as `.swift-format` says (`swift format`, which the
# toolchain ships): `Scripts/check-format.sh` checks, `Scripts/check-format.sh --fix` formats in place.
# The generator's reference outputs are left out: they are exactly what the generator writes.
set -euo pipefail
cd "$(dirname "$0")/.."

files=()
while IFS= read -r -d '' file; do files+=("$file"); done < <(
    find . -type f -name '*.swift' \
        -not -path '*/.build*' -not -path '*/checkouts/*' \
        -not -path './Tests/DTOKitGeneratorTests/References/*' -print0 | sort -z)

if [[ "${1:-}" == "--fix" ]]; then
    swift format format --in-place --configuration .swift-format "${files[@]}"
    echo "formatted ${#files[@]} files"
else
    swift format lint --strict --configuration .swift-format "${files[@]}"
    echo "format: ${#files[@]} Swift files as .swift-format says"
fi
