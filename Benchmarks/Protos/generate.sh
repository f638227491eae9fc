#!/usr/bin/env bash
# Regenerates Sources/TechStacksProtobuf/techstacks.pb.swift from techstacks.proto beside this script.
#
# Needs protoc (Debian: `apt-get install protobuf-compiler`) and builds swift-protobuf's Swift plugin,
# protoc-gen-swift, from the swift-protobuf version this package resolves, so that the generated
# code matches the runtime it is compiled with. The generated file is checked in: the package never
# runs protoc or swift-protobuf's build plugin (whose first build takes minutes).
set -euo pipefail
protos="$(cd "$(dirname "$0")" && pwd)"
package="$(dirname "$protos")"

command -v protoc >/dev/null || { echo "generate.sh: protoc not found (apt-get install protobuf-compiler)" >&2; exit 1; }
swift build --package-path "$package" --product protoc-gen-swift
plugin="$(swift build --package-path "$package" --show-bin-path)/protoc-gen-swift"

protoc --plugin=protoc-gen-swift="$plugin" \
    --swift_opt=Visibility=Public \
    --swift_out="$package/Sources/TechStacksProtobuf" \
    --proto_path="$protos" \
    "$protos/techstacks.proto"
echo "generated $package/Sources/TechStacksProtobuf/techstacks.pb.swift with $(protoc --version)"
