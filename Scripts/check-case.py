#!/usr/bin/env python3
"""Fails when two paths in the repository differ only by case (or Unicode normalization).

A Mac's default volume, Xcode's SourcePackages and SwiftPM's .build/checkouts fold such paths into
one: `Sources/DTOKit/` and `Sources/dtokit/` become one folder holding both targets' files, and the
package no longer builds. Checks every tracked file and every folder above one.
"""
import subprocess
import sys
import unicodedata


def fold(path):
    return unicodedata.normalize("NFD", path).casefold()


def main():
    files = subprocess.run(["git", "ls-files", "-z"], capture_output=True, check=True).stdout.decode().split("\0")
    paths = set()
    for file in filter(None, files):
        parts = file.split("/")
        paths.update("/".join(parts[: i + 1]) for i in range(len(parts)))
    seen = {}
    clashes = []
    for path in sorted(paths):
        other = seen.setdefault(fold(path), path)
        if other != path:
            clashes.append((other, path))
    for first, second in clashes:
        print(f"error: '{first}' and '{second}' differ only by case: a case-insensitive volume folds them into one")
    if clashes:
        return 1
    print(f"{len(paths)} paths, none differing only by case")
    return 0


if __name__ == "__main__":
    sys.exit(main())
