#!/usr/bin/env python3
"""Builds the package and its tests (`swift build --build-tests`) and fails on what must not be:

- a compiler warning in a Swift file of the repository: DTOKit, its tests and the DTOs its plugin
  generates for the fixtures build without one (the generator's own warnings about odd snapshots
  are not compiler warnings, and are expected of some fixtures);
- unsafe code outside the places named for it. Every target is compiled with strict memory safety
  (SE-0458, `.strictMemorySafety()` in Package.swift), so the compiler flags every unsafe construct
  that is not marked `unsafe` — that is the first rule; and the marks (`unsafe`, `@unsafe`, `@safe`)
  may be written in `Sources/` only in the places `UNSAFE_PLACES` names, each behind a safe API: the
  JSON runtime's room for raw memory, and two files of the client that Foundation and Swift's
  executors hand raw pointers and unowned jobs to. (Tests may mark the raw-memory API they test.)

    python3 Scripts/check-build.py [swift build options…]

Run from a clean build folder to see every file's warnings (CI does): an incremental build prints
only the warnings of the files it compiles.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Where `Sources/` may mark unsafe code, and why.
UNSAFE_PLACES = {
    # The reader, the writer and their tables: raw buffers behind a safe API.
    os.path.join("Sources", "DTOKit", "Bytes"): "the JSON runtime's room for raw memory",
    # A task executor runs the jobs it is given through their unowned references.
    os.path.join("Sources", "DTOKitClient", "Execution", "CallingThreadExecutor.swift"): "a task executor",
    # URLSession reads a request body stream into a raw buffer.
    os.path.join("Sources", "DTOKitClient", "Transport", "BodyInputStream.swift"): "an InputStream",
}
WARNING = re.compile(r"^(/\S+\.swift):(\d+):(\d+): warning: (.*)$", re.M)
# `unsafe` as the expression mark, in `for unsafe`, or as an attribute; `nonisolated(unsafe)`.
UNSAFE_MARK = re.compile(r"(?<![\w.])(@unsafe|@safe|unsafe(?=[\s(\[]))")


def code_only(text):
    """`text` with comments and string literals blanked out, line structure kept."""
    pattern = re.compile(r'//[^\n]*|/\*.*?\*/|#?"""[\s\S]*?"""#?|#"(?:[^"\\\n]|\\.)*"#|"(?:[^"\\\n]|\\.)*"', re.S)
    return pattern.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def allowed(relative):
    return any(relative == place or relative.startswith(place + os.sep) for place in UNSAFE_PLACES)


def marks_outside_room():
    found = []
    for folder, _, files in os.walk(os.path.join(ROOT, "Sources")):
        for name in sorted(files):
            path = os.path.join(folder, name)
            if not name.endswith(".swift") or allowed(os.path.relpath(path, ROOT)):
                continue
            with open(path, encoding="utf-8") as f:
                code = code_only(f.read())
            for number, line in enumerate(code.split("\n"), 1):
                if UNSAFE_MARK.search(line):
                    found.append("%s:%d: `%s` outside the places for unsafe code (%s)"
                                 % (os.path.relpath(path, ROOT), number, line.strip(), ", ".join(sorted(UNSAFE_PLACES))))
    return found


def main():
    build = subprocess.run(["swift", "build", "--build-tests", "--package-path", ROOT] + sys.argv[1:],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    warnings = sorted(set(m.group(0) for m in WARNING.finditer(build.stdout)
                          if os.path.realpath(m.group(1)).startswith(ROOT + os.sep)))
    marks = marks_outside_room()
    if build.returncode != 0:
        print(build.stdout[-20000:])
        print("check-build: the build failed (exit %d)" % build.returncode)
        return 1
    for line in warnings + marks:
        print(line)
    if warnings or marks:
        print("check-build: %d compiler warning(s), %d unsafe mark(s) outside their places" % (len(warnings), len(marks)))
        return 1
    print("check-build: no compiler warning; strict memory safety on every target, unsafe code only in %s"
          % ", ".join(sorted(UNSAFE_PLACES)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
