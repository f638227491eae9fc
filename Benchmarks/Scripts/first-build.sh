#!/usr/bin/env bash
# A new user's first build: a package with one target that depends on DTOKit and DTOKitClient, uses
# DTOKitPlugin and holds the TechStacks snapshot; clean `swift build` (debug), timed.
#
#   Benchmarks/Scripts/first-build.sh [RUNS]      (default 3; prints each run's time and the median)
#
# Also prints where the time went (the plugin's tool, the plugins, DTOKit, DTOKitClient, the DTOs),
# read from `swift build -v` timestamps of the last run.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
runs=${1:-3}
work=$(mktemp -d /tmp/dtokit-first-build.XXXXXX)
trap 'rm -rf "$work"' EXIT

mkdir -p "$work/Sources/App"
cp "$root/Tests/Fixtures/TechStacksDTOs/techstacks.metadata.json" "$work/Sources/App/"
cat > "$work/Sources/App/main.swift" <<'SWIFT'
import DTOKit
import DTOKitClient

let client = JsonServiceClient(baseUrl: "https://techstacks.io")
print(GetTechnology().toJson(), client.baseUrl)
SWIFT
cat > "$work/Package.swift" <<SWIFT
// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "FirstBuild",
    dependencies: [.package(name: "DTOKit", path: "$root")],
    targets: [
        .executableTarget(
            name: "App",
            dependencies: [.product(name: "DTOKit", package: "DTOKit"), .product(name: "DTOKitClient", package: "DTOKit")],
            plugins: [.plugin(name: "DTOKitPlugin", package: "DTOKit")]),
    ]
)
SWIFT

times=()
for run in $(seq 1 "$runs"); do
    rm -rf "$work/.build"
    log="$work/build-$run.log"
    started=$(date +%s.%N)
    swift build --package-path "$work" -v 2>&1 | python3 -c '
import sys, time
t0 = time.time()
for line in sys.stdin:
    print("%.2f %s" % (time.time() - t0, line.rstrip()[:300]))
' > "$log"
    ended=$(date +%s.%N)
    seconds=$(python3 -c "print(round($ended - $started, 1))")
    grep -q "Build complete" "$log" || { tail -40 "$log"; echo "first build FAILED"; exit 1; }
    times+=("$seconds")
    echo "run $run: ${seconds} s"
done
median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
echo "median of $runs clean debug builds: ${median} s (load average now: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime))"

# Phases of the last run: when each module's compile started, and the plugin steps.
python3 - "$log" <<'PY'
import re, sys
events = []
for line in open(sys.argv[1]):
    stamp, _, text = line.partition(" ")
    match = re.search(r"swiftc -module-name (\S+) ", text)
    if match:
        events.append((float(stamp), "compile " + match.group(1)))
    elif "Compiling plugin" in text:
        events.append((float(stamp), text.strip()))
    elif "PluginTool-tool generate" in text:
        events.append((float(stamp), "run the generator"))
    elif "Build complete" in text:
        events.append((float(stamp), "done"))
seen = set()
print("phases (seconds from the start):")
for stamp, what in events:
    if what not in seen:
        seen.add(what)
        print("  %6.1f  %s" % (stamp, what))
PY
