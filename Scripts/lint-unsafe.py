#!/usr/bin/env python3
"""Fails when raw-memory code appears outside its one room, Sources/DTOKit/Bytes.

    Scripts/lint-unsafe.py

DTOKit reads and writes JSON through raw pointers for speed. All of that code lives in
Sources/DTOKit/Bytes (the reader, the writer, the name and accessor tables, the byte scanner,
Base64), behind a safe API; everything else in the package (the rest of the runtime, the client,
the generator, the command line) uses that API. This check keeps it so: it reports every line
outside the room that uses raw pointers, unchecked casts, unmanaged references or the
`withUnsafe…` family. (`@unchecked Sendable`, an assertion about threads rather than memory, is
not counted.)
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOM = os.path.join("Sources", "DTOKit", "Bytes") + os.sep
UNSAFE = re.compile(
    r"\bUnsafe(Mutable)?(Raw)?(Buffer)?Pointer\b|\bunsafeDowncast\b|\bunsafeBitCast\b|\bUnmanaged\b"
    r"|\b_withUnsafeGuaranteedRef\b|\bwithUnsafe[A-Za-z]*\b|\bunsafeUninitializedCapacity\b|\.pointee\b"
    r"|\bloadUnaligned\b|\bassumingMemoryBound\b|\bbindMemory\b|\bnonisolated\(unsafe\)")


def main():
    found = []
    for folder, _, files in os.walk(os.path.join(ROOT, "Sources")):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            relative = os.path.relpath(path, ROOT)
            if relative.startswith(ROOM):
                continue
            with open(path, encoding="utf-8") as f:
                for number, line in enumerate(f, 1):
                    code = line.split("//", 1)[0]
                    if UNSAFE.search(code):
                        found.append("%s:%d: %s" % (relative, number, line.strip()))
    if found:
        print("lint-unsafe: raw-memory code outside %s (move it into the room, behind a safe API):" % ROOM)
        print("\n".join(found))
        return 1
    print("lint-unsafe: every raw-memory line is in %s" % ROOM)
    return 0


if __name__ == "__main__":
    sys.exit(main())
