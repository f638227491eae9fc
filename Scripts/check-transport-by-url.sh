#!/usr/bin/env bash
# The AsyncHTTPClient transport as a server-side user gets it: by URL. DTOKit (this checkout's HEAD,
# tagged) and the exported transport (Scripts/export-transport.py) are git repositories at file URLs,
# which SwiftPM fetches as it fetches https ones; a package that depends on both by URL builds and runs.
# Also: DTOKit itself resolves no package at all.
#
#   Scripts/check-transport-by-url.sh [SWIFT BUILD OPTIONS...]
#
# The options go to the server's `swift build` (default: --scratch-path Transports/AsyncHTTPClient/.build,
# the transport's build folder, which after its tests holds AsyncHTTPClient and SwiftNIO built already;
# the same options as those tests, or SwiftPM compiles them again).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
options=("$@")
[ ${#options[@]} -gt 0 ] || options=(--scratch-path "$root/Transports/AsyncHTTPClient/.build")
work=$(mktemp -d "${TMPDIR:-/tmp}/dtokit-by-url.XXXXXX")
trap 'rm -rf "$work"' EXIT
version=0.0.1

# DTOKit resolves nothing: its manifest names no package.
dependencies=$(swift package --package-path "$root" show-dependencies --format flatlist)
if [ -n "$dependencies" ]; then
    echo "error: DTOKit's manifest depends on packages: $dependencies" >&2
    exit 1
fi

git clone -q --bare "$root" "$work/DTOKit.git"
git -C "$work/DTOKit.git" tag "$version" HEAD
python3 Scripts/export-transport.py "$work/DTOKitAsyncHTTPClient" \
    --dtokit-url "file://$work/DTOKit.git" --dtokit-version "$version" --git "$version"

mkdir -p "$work/Server/Sources/Server"
cat > "$work/Server/Package.swift" <<MANIFEST
// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Server",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "file://$work/DTOKit.git", from: "$version"),
        .package(url: "file://$work/DTOKitAsyncHTTPClient", from: "$version"),
    ],
    targets: [
        .executableTarget(name: "Server", dependencies: [
            .product(name: "DTOKitClient", package: "DTOKit"),
            .product(name: "DTOKitAsyncHTTPClient", package: "DTOKitAsyncHTTPClient"),
        ]),
    ]
)
MANIFEST
cat > "$work/Server/Sources/Server/main.swift" <<'SWIFT'
import DTOKitAsyncHTTPClient
import DTOKitClient

// Port 9 (discard) on loopback: nothing listens; the call fails at once, as the transport says.
let client = JsonServiceClient(baseUrl: "http://127.0.0.1:9", transport: AsyncHTTPClientTransport())
do {
    _ = try await client.getAsync("/api/Hello", as: String.self)
    print("unexpected: an answer")
} catch let error as ServiceClientError {
    print("\(client): \(error.errorCode)")
}
SWIFT
swift build --package-path "$work/Server" "${options[@]}"
output=$("$(swift build --package-path "$work/Server" "${options[@]}" --show-bin-path)/Server")
echo "$output"
case "$output" in
    *ConnectionRefused*) echo "the transport, by URL: built and ran" ;;
    *) echo "error: expected ConnectionRefused" >&2; exit 1 ;;
esac
