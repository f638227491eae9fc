#!/usr/bin/env python3
"""Fails on integer conversions and literals that trap only where `Int` is 32 bits (watchOS arm64_32).

    Scripts/lint-32bit.py

This toolchain has no 32-bit target, so the check reads the type-checked AST instead
(`swiftc -dump-ast`) of the runtime (DTOKit), the client (DTOKitClient) and the generated code of
every reference snapshot, and reports:

- `Int(x)` / `UInt(x)` (the trapping `init(_:)`) from a type wider than 32 bits or from a floating-
  point value (Int64, UInt64, UInt32 into Int, UInt into Int, Double, Float, a generic integer):
  fine on a 64-bit `Int`, a trap on watchOS for values past 2^31;
- an integer literal typed `Int` or `UInt` beyond the 32-bit range (a compile error there).

A line may say why it is safe with a comment containing `32-bit:` (e.g. `// 32-bit: at most 256`).
Arithmetic that overflows only on 32 bits is not found this way: values that can pass 2^31 (ticks,
milliseconds, byte counts) are kept in Int64/UInt64, and the tests decode 32-bit integers through the
same generic code `Int` uses (see Tests/DTOKitTests/Int32PlatformTests.swift).
"""
import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONVERSION = re.compile(r'constructor_ref_call_expr type="\((?P<source>[^()]+)\) -> (?P<target>Int|UInt)" location=(?P<loc>[^ ]+)')
INIT_DECL = re.compile(r'decl="Swift\.\(file\)\.[^"]*\.init\((?P<label>[^)]*)\)')
LITERAL = re.compile(r'integer_literal_expr type="(?P<type>Int|UInt)" location=(?P<loc>[^ ]+) .*? value="(?P<value>-?\d+)"')

# Source types a conversion into `Int` / `UInt` cannot trap on for fitting only in 64 bits.
NARROW = {
    "Int": {"Int", "Int8", "Int16", "Int32", "UInt8", "UInt16"},
    "UInt": {"UInt", "UInt8", "UInt16", "UInt32", "Int8", "Int16", "Int32", "Int"},
}
# Names the AST gives some byte types.
BYTE_ALIASES = {"UnsafeRawBufferPointer.Element", "UnsafeMutableRawBufferPointer.Element", "String.UTF8View.Element",
                "Substring.UTF8View.Element", "Data.Element", "UTF8.CodeUnit", "Unicode.UTF8.CodeUnit"}
LIMITS = {"Int": (-(2**31), 2**31 - 1), "UInt": (0, 2**32 - 1)}


def dump_ast(module, files, modules_dir):
    command = ["swiftc", "-dump-ast", "-parse-as-library", "-package-name", "dtokit", "-module-name", module,
               "-I", modules_dir] + files
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    # The dump goes to stdout for one file, to stderr for several.
    lines = result.stdout.splitlines() + result.stderr.splitlines()
    errors = [line for line in lines if ": error:" in line]
    if errors or result.returncode != 0:
        sys.exit(f"lint-32bit: {module} does not type-check:\n" + "\n".join(errors[:10]))
    return lines


def source_line(location, cache={}):
    path, line, _ = location.rsplit(":", 2)
    if path not in cache:
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            cache[path] = f.read().splitlines()
    return cache[path][int(line) - 1]


def findings(lines):
    """(location, message) for each finding, once (the AST repeats some expressions)."""
    found = {}
    for location, message in raw_findings(lines):
        found.setdefault((location, message), None)
    return list(found)


def raw_findings(lines):
    for index, line in enumerate(lines):
        match = CONVERSION.search(line)
        if match:
            decl = next((INIT_DECL.search(l) for l in lines[index + 1:index + 3] if INIT_DECL.search(l)), None)
            source, target = match["source"], match["target"]
            source = "UInt8" if source in BYTE_ALIASES else source
            if decl and decl["label"] == "_:" and source not in NARROW[target]:
                yield match["loc"], f"{target}(_:) from {source} traps for values past the 32-bit range"
            continue
        match = LITERAL.search(line)
        if match:
            low, high = LIMITS[match["type"]]
            if not low <= int(match["value"]) <= high:
                yield match["loc"], f"{match['type']} literal {match['value']} does not fit in 32 bits"


def emit_runtime_module(files, modules_dir):
    """DTOKit's module, for type-checking the client and the generated code against it."""
    command = ["swiftc", "-emit-module", "-parse-as-library", "-package-name", "dtokit", "-module-name", "DTOKit",
               "-emit-module-path", os.path.join(modules_dir, "DTOKit.swiftmodule")] + files
    subprocess.run(command, cwd=ROOT, check=True)


SELF_TEST = """
func sample(_ small: UInt32, _ wide: Int64, _ seconds: Double, _ byte: UInt8) -> [Int] {
    let big: Int = 3_000_000_000
    return [Int(small), Int(wide), Int(seconds), Int(exactly: wide) ?? 0, Int(byte), Int(truncatingIfNeeded: wide),
            Int(UInt32.max), big]
}
"""


def self_test(modules_dir):
    """The lint finds what it is for: four conversions and one literal, and nothing else."""
    path = os.path.join(modules_dir, "SelfTest.swift")
    with open(path, "w") as f:
        f.write(SELF_TEST)
    found = sorted(message for _, message in findings(dump_ast("SelfTest", [path], modules_dir)))
    expected = sorted([
        "Int(_:) from UInt32 traps for values past the 32-bit range",
        "Int(_:) from UInt32 traps for values past the 32-bit range",
        "Int(_:) from Int64 traps for values past the 32-bit range",
        "Int(_:) from Double traps for values past the 32-bit range",
        "Int literal 3000000000 does not fit in 32 bits",
    ])
    if found != expected:
        sys.exit("lint-32bit: self-test failed; found:\n  " + "\n  ".join(found))


def main():
    argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter).parse_args()
    modules_dir = tempfile.mkdtemp(prefix="lint-32bit.")
    self_test(modules_dir)
    targets = [
        ("DTOKit", sorted(glob.glob("Sources/DTOKit/**/*.swift", root_dir=ROOT, recursive=True))),
        ("DTOKitClient", sorted(glob.glob("Sources/DTOKitClient/**/*.swift", root_dir=ROOT, recursive=True))),
    ]
    for reference in sorted(glob.glob("Tests/DTOKitGeneratorTests/References/*.dtos.swift", root_dir=ROOT)):
        targets.append(("Generated", [reference]))
    emit_runtime_module(targets[0][1], modules_dir)
    problems = []
    checked = 0
    for module, files in targets:
        checked += len(files)
        for location, message in findings(dump_ast(module, files, modules_dir)):
            if "32-bit:" in source_line(location):
                continue
            problems.append((location, message))
    for location, message in sorted(set(problems)):
        print(f"{location}: error: {message}\n    {source_line(location).strip()}")
    if problems:
        print(f"lint-32bit: {len(set(problems))} conversions that trap only where Int is 32 bits "
              "(use Int64, Int(exactly:), or say why with a `32-bit:` comment)")
        return 1
    print(f"lint-32bit: {checked} files, no conversion that traps only where Int is 32 bits")
    return 0


if __name__ == "__main__":
    sys.exit(main())
