#!/usr/bin/env bash
# Builds the DocC documentation of the library products (.spi.yml's documentation_targets: DTOKit,
# DTOKitStructs, DTOKitClient, DTOKitServerEvents, DTOKitMiddleware) with the toolchain's `docc`, without any
# package dependency (no swift-docc-plugin): symbol graphs extracted from the debug build, then
# `docc convert` per catalog, then one merged archive.
#
#   Scripts/build-docs.sh            build into .build-docs/ (git-ignored)
#   Scripts/build-docs.sh --preview  build, then serve the merged archive on http://localhost:8000
#
# Fails when docc reports a warning or error, in a catalog (Sources/*/*.docc) or in the sources' doc
# comments: a link to a symbol that does not exist, an ambiguous link, an undocumented parameter.
# Reuses the debug build that `swift test` leaves behind, so after the tests this takes seconds.
set -euo pipefail
cd "$(dirname "$0")/.."

# The documented modules: those the Swift Package Index builds, listed once, in .spi.yml.
read -r -a modules <<<"$(python3 -c '
import re
text = open(".spi.yml").read()
found = re.search(r"documentation_targets:\s*\[([^\]]*)\]", text)
print(" ".join(name.strip() for name in found.group(1).split(",")) if found else "")
')"
if [ ${#modules[@]} -eq 0 ]; then
    echo "error: .spi.yml lists no documentation_targets" >&2
    exit 1
fi
for catalog in Sources/*/*.docc; do
    module=$(basename "$(dirname "$catalog")")
    if [[ " ${modules[*]} " != *" $module "* ]]; then
        echo "error: $catalog is a catalog .spi.yml's documentation_targets do not list" >&2
        exit 1
    fi
done
output=.build-docs
symbols=$output/symbol-graphs
port=${DOCS_PORT:-8000}

# The toolchain's tools: on the PATH (Linux, swift.org toolchains), else through xcrun (Xcode).
tool() {
    if command -v "$1" >/dev/null 2>&1; then
        command -v "$1"
    elif command -v xcrun >/dev/null 2>&1 && xcrun --find "$1" >/dev/null 2>&1; then
        xcrun --find "$1"
    else
        echo "error: $1 not found; it ships with the Swift toolchain" >&2
        exit 1
    fi
}
docc=$(tool docc)
symbolgraph_extract=$(tool swift-symbolgraph-extract)

rm -rf "$output"
mkdir -p "$symbols"

# 1. The modules, as the debug build has them (a no-op when `swift test` or `swift build` built them).
swift build $(printf -- '--target %s ' "${modules[@]}")
bin=$(swift build --show-bin-path)
modules_dir=$bin/Modules
[ -d "$modules_dir" ] || modules_dir=$bin   # older toolchains keep .swiftmodule files in the bin folder

# 2. Their public symbol graphs.
triple=$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')
sdk=()
if command -v xcrun >/dev/null 2>&1; then
    sdk=(-sdk "$(xcrun --sdk macosx --show-sdk-path)")
fi
for module in "${modules[@]}"; do
    mkdir -p "$symbols/$module"
    "$symbolgraph_extract" -module-name "$module" -target "$triple" ${sdk[@]+"${sdk[@]}"} -I "$modules_dir" \
        -minimum-access-level public -skip-synthesized-members -emit-extension-block-symbols \
        -output-dir "$symbols/$module"
done

# 3. One archive per catalog. DTOKitClient links to DTOKit pages against DTOKit's archive; such links are
#    absolute: ``/DTOKit/ResponseStatus``, <doc:/DTOKit/GettingStarted>.
convert() {
    local module=$1
    shift
    "$docc" convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$symbols/$module" \
        --output-path "$output/$module.doccarchive" \
        --fallback-display-name "$module" --fallback-bundle-identifier "dtokit.$module" \
        --enable-experimental-external-link-support \
        --diagnostics-file "$output/$module.diagnostics.json" \
        "$@" >"$output/$module.log" 2>&1 || { cat "$output/$module.log"; exit 1; }
}
convert DTOKit
convert DTOKitStructs --dependency "$output/DTOKit.doccarchive"
convert DTOKitClient --dependency "$output/DTOKit.doccarchive"
convert DTOKitServerEvents --dependency "$output/DTOKit.doccarchive" --dependency "$output/DTOKitClient.doccarchive"
convert DTOKitMiddleware --dependency "$output/DTOKit.doccarchive" --dependency "$output/DTOKitClient.doccarchive"

# 4. docc's findings, in the catalogs and in the sources' doc comments: any fails the build.
python3 - "$output" "${modules[@]}" <<'PYTHON'
import json, os, sys

output, modules = sys.argv[1], sys.argv[2:]
in_catalogs, in_sources = [], []
for module in modules:
    with open(os.path.join(output, f"{module}.diagnostics.json")) as file:
        report = json.load(file)
    for diagnostic in report.get("diagnostics", []):
        severity = diagnostic.get("severity", "")
        if severity not in ("warning", "error"):
            continue
        source = diagnostic.get("source") or ""
        path = source[len("file://"):] if source.startswith("file://") else source
        start = diagnostic.get("range", {}).get("start", {})
        where = f"{os.path.relpath(path)}:{start.get('line', 0)}:{start.get('column', 0)}" if path else module
        line = f"{where}: {severity}: {diagnostic.get('summary', '')}"
        (in_catalogs if ".docc/" in path else in_sources).append(line)
findings = sorted(in_catalogs) + sorted(in_sources)
if findings:
    print("\n".join(findings), file=sys.stderr)
    print(f"error: docc found {len(in_catalogs)} problem(s) in the catalogs (Sources/*/*.docc) and "
          f"{len(in_sources)} in doc comments of the sources", file=sys.stderr)
    sys.exit(1)
PYTHON

# 5. The modules in one archive, with a landing page listing them.
"$docc" merge "$output/DTOKit.doccarchive" "$output/DTOKitStructs.doccarchive" "$output/DTOKitClient.doccarchive" "$output/DTOKitServerEvents.doccarchive" \
    "$output/DTOKitMiddleware.doccarchive" \
    --output-path "$output/DTOKit-all.doccarchive" >"$output/merge.log" 2>&1 || { cat "$output/merge.log"; exit 1; }

echo "Documentation: $output/DTOKit-all.doccarchive (preview: Scripts/build-docs.sh --preview)"
if [ "${1:-}" = "--preview" ]; then
    echo "Serving http://localhost:$port/documentation/dtokit, …/dtokitclient and …/dtokitserverevents (Ctrl-C stops)"
    python3 -m http.server "$port" --bind 127.0.0.1 --directory "$output/DTOKit-all.doccarchive"
fi
