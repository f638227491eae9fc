#!/usr/bin/env bash
# Type-checks the Xcode branch of DTOKitPlugin (`#if canImport(XcodeProjectPlugin)`), which only Xcode
# compiles, against a stand-in of Xcode's XcodeProjectPlugin module (Scripts/XcodePluginStandIn) and
# the toolchain's own PackagePlugin module, with the package's tools version, as SwiftPM compiles a
# plugin. Then the stand-in is checked to be needed: without it the branch is skipped.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
toolchain=$(dirname "$(dirname "$(command -v swiftc)")")
plugin_api=$toolchain/lib/swift/pm/PluginAPI
tools_version=$(sed -n '1s/.*swift-tools-version: *\([0-9.]*\).*/\1/p' "$repo/Package.swift")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

swiftc -emit-module -parse-as-library -module-name XcodeProjectPlugin \
    -I "$plugin_api" -package-description-version "$tools_version" \
    -emit-module-path "$work/XcodeProjectPlugin.swiftmodule" "$repo/Scripts/XcodePluginStandIn/XcodeProjectPlugin.swift"

plugin_sources=("$repo"/Plugins/DTOKitPlugin/*.swift)
# With the stand-in: the Xcode branch compiles, without warnings.
swiftc -typecheck -parse-as-library -warnings-as-errors -I "$plugin_api" -I "$work" \
    -package-description-version "$tools_version" "${plugin_sources[@]}"
# A sanity check that the branch really was compiled: a stand-in that lacks XcodeTarget fails it.
sed 's/XcodeTarget\b/XcodeTargetRenamed/g' "$repo/Scripts/XcodePluginStandIn/XcodeProjectPlugin.swift" > "$work/Broken.swift"
mkdir -p "$work/broken"
swiftc -emit-module -parse-as-library -module-name XcodeProjectPlugin -I "$plugin_api" \
    -package-description-version "$tools_version" -emit-module-path "$work/broken/XcodeProjectPlugin.swiftmodule" "$work/Broken.swift"
if swiftc -typecheck -parse-as-library -I "$plugin_api" -I "$work/broken" \
    -package-description-version "$tools_version" "${plugin_sources[@]}" 2>/dev/null; then
    echo "typecheck-xcode-plugin: the Xcode branch was not compiled (a stand-in without XcodeTarget passed)" >&2
    exit 1
fi
echo "typecheck-xcode-plugin: DTOKitPlugin's Xcode branch type-checks against the XcodeProjectPlugin stand-in"
