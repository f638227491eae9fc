#!/usr/bin/env python3
"""Fails when raw-memory code appears outside its one room, Sources/DTOKit/Bytes.

    Scripts/lint-unsafe.py

DTOKit reads and writes JSON through raw pointers for speed. All of that code lives in
Sources/DTOKit/Bytes (the reader, the writer, the name and accessor tables, the byte scanner,
Base64), behind a safe API; everything else in the package (the rest of the runtime, the client,
the generator, the command line) uses that API. This check keeps it so: it reports every line
outside the room that uses raw pointers, unchecked casts, unmanaged or unowned(unsafe) references,
the `withUnsafe…` family, C memory functions, or the room's internal entry points that hand out raw
memory (the reader's cursor, `withStringBytes`, `NameTable.name(at:)`, `read(unsafeBytes:)`).
(`@unchecked Sendable`, an assertion about threads rather than memory, is not counted.) Access
control cannot draw this line inside one module; the lint does.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOM = os.path.join("Sources", "DTOKit", "Bytes") + os.sep
UNSAFE = re.compile(
    r"\bUnsafe(Mutable)?(Raw)?(Buffer)?Pointer\b|\bOpaquePointer\b|\bunsafeDowncast\b|\bunsafeBitCast\b"
    r"|\bUnmanaged\b|\b_withUnsafeGuaranteedRef\b|\bwithUnsafe[A-Za-z]*\b|\bunsafeUninitializedCapacity\b"
    r"|\.pointee\b|\bloadUnaligned\b|\bassumingMemoryBound\b|\bbindMemory\b|\bnonisolated\(unsafe\)"
    r"|\bunowned\(unsafe\)|\bunsafelyUnwrapped\b|\bbytesNoCopy\b|\b(memcpy|memmove|memcmp|malloc|free)\("
    # The room's own internal API that hands out raw memory or positions in it.
    r"|\.cursor\b|\breader\.(start|end)\b|\bwithStringBytes\b|\bname\(at:|\bunsafeBytes:|\bunsafeUTF8:")
# A `//` comment: at the start of a line or after white space (not the `//` of a URL in a string).
COMMENT = re.compile(r"(^|\s)//")


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
                    comment = COMMENT.search(line)
                    code = line[:comment.start()] if comment else line
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
