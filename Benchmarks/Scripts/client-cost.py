#!/usr/bin/env python3
"""What DTOKitClient costs an app that makes calls: its release compile time and object code, its
lines and public functions, for one or more checkouts side by side (before/after a change).

    python3 Benchmarks/Scripts/client-cost.py [--runs N] CHECKOUT [CHECKOUT...]

e.g. `git worktree add /tmp/before <commit>` then `client-cost.py /tmp/before .`. Each checkout is
built in its own scratch folder (`.build-clientcost` inside it): DTOKit once, then DTOKitClient alone
N times from scratch (median wall time, and the median of the compiler's own frontend time for the
module, `-stats-output-dir`, which the rest of the machine disturbs less). Object code is text + data + bss of its object files
(`size`), as build-cost.py counts it. Public functions are the `public func`/`init`/`subscript`
declarations in Sources/DTOKitClient.
"""
import argparse
import glob
import json
import os
import re
import statistics
import subprocess
import sys
import time


def build(checkout, scratch, target, stats=None):
    started = time.monotonic()
    extra = ["-Xswiftc", "-stats-output-dir", "-Xswiftc", stats] if stats else []
    subprocess.run(["swift", "build", "-c", "release", "--package-path", checkout, "--scratch-path", scratch,
                    "--target", target] + extra, check=True, stdout=subprocess.DEVNULL)
    return time.monotonic() - started


def frontend_seconds(stats, module):
    """The frontend's whole wall time for `module`, from the one stats file its compilation wrote."""
    for path in glob.glob(os.path.join(stats, "*-swift-frontend-%s-*.json" % module)):
        with open(path, encoding="utf-8") as f:
            for key, value in json.load(f).items():
                if key.startswith("time.swift-frontend.%s-" % module) and key.endswith(".wall"):
                    return value
    raise SystemExit("no frontend statistics for %s in %s" % (module, stats))


def object_size(folder):
    objects = [os.path.join(folder, name) for name in sorted(os.listdir(folder)) if name.endswith(".o")]
    output = subprocess.run(["size", "--format=berkeley", "--totals"] + objects,
                            check=True, capture_output=True, text=True).stdout.strip().splitlines()
    return int(output[-1].split()[3])


def source_facts(checkout):
    lines, public_functions = 0, 0
    pattern = re.compile(r"^\s*(@[^\n]*\s)?public\s+(static\s+|convenience\s+|mutating\s+)*(func|init|subscript)\b")
    for folder, _, files in os.walk(os.path.join(checkout, "Sources", "DTOKitClient")):
        for name in files:
            if name.endswith(".swift"):
                with open(os.path.join(folder, name), encoding="utf-8") as f:
                    text = f.read().splitlines()
                lines += len(text)
                public_functions += sum(1 for line in text if pattern.match(line))
    return lines, public_functions


def measure(checkout, runs):
    scratch = os.path.join(checkout, ".build-clientcost")
    build(checkout, scratch, "DTOKit")
    module = os.path.join(scratch, "release", "DTOKitClient.build")
    times, frontend = [], []
    sources = os.path.join(checkout, "Sources", "DTOKitClient")
    for _ in range(runs):
        # Its sources touched and its objects gone: the next build compiles it again, and only it.
        for folder, _, files in os.walk(sources):
            for name in files:
                os.utime(os.path.join(folder, name))
        for name in os.listdir(module):
            if name.endswith(".o"):
                os.remove(os.path.join(module, name))
        stats = os.path.join(scratch, "stats")
        if os.path.isdir(stats):
            for name in os.listdir(stats):
                os.remove(os.path.join(stats, name))
        os.makedirs(stats, exist_ok=True)
        times.append(build(checkout, scratch, "DTOKitClient", stats))
        frontend.append(frontend_seconds(stats, "DTOKitClient"))
    lines, public_functions = source_facts(checkout)
    return statistics.median(times), statistics.median(frontend), object_size(module), lines, public_functions


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("checkouts", nargs="+")
    args = parser.parse_args()
    print("%-40s %10s %11s %10s %7s %17s" % ("checkout", "release s", "frontend s", "object KB", "lines",
                                             "public functions"))
    for checkout in args.checkouts:
        wall, frontend, size, lines, public_functions = measure(os.path.abspath(checkout), args.runs)
        print("%-40s %10.1f %11.2f %10.1f %7d %17d" % (checkout, wall, frontend, size / 1000, lines,
                                                       public_functions), flush=True)


if __name__ == "__main__":
    sys.exit(main())
