#!/usr/bin/env python3
"""The public API changes only on purpose: every break since the last release is in the changelog.

    python3 Scripts/check-api.py [--build-path .build]        check (CI)
    python3 Scripts/check-api.py --report                     print what the checker reports, and exit 0
    python3 Scripts/check-api.py --record                     write API/Digests from API/baseline.txt's commit

`API/baseline.txt` names the release the API is compared with (its version and commit). `API/Digests/`
holds that release's API, module by module, as the compiler's API digester dumps it
(`swift-api-digester -dump-sdk`, gzipped): every library product of the package, and the AsyncHTTPClient
transport's. The check compares each module as built in --build-path (`swift build` for the package,
the transport's own build for `DTOKitAsyncHTTPClient`) with its digest, as `swift package
diagnose-api-breaking-changes` does, without building the release again.

The version is written once (`Sources/DTOKitGenerator/DTOKitVersion.swift`); the changelog's Unreleased
section and every dependency line of the README, the DocC articles and the sample must name it, and it
must be a major version newer than the release when the API breaks.

The digester compares declarations: it does not see every source break (an attribute such as
`@MainActor` or `noasync` added to a function, a default implementation removed), which
`Tests/UpgradeFixture`, code written for the release compiled against this checkout, looks for instead.

Every break the digester reports must be listed in CHANGELOG.md's Unreleased section, the one for the
next major version, in a ```text block under the entry that says what changed and how to migrate; and
every line listed there must still be reported, so that the changelog and the API agree. A break that
is not meant is fixed in the code (restored, or deprecated with `renamed:`), not listed.

`--record` builds the baseline commit in a worktree (the library products and the transport: several
minutes, the transport's dependencies included) and writes its digests: run it when a release moves the
baseline, then empty the Unreleased section's lists.
"""
import argparse
import gzip
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BASELINE = os.path.join(ROOT, "API", "baseline.txt")
DIGESTS = os.path.join(ROOT, "API", "Digests")
CHANGELOG = os.path.join(ROOT, "CHANGELOG.md")
TRANSPORT = os.path.join("Transports", "AsyncHTTPClient")
# Library products that are not public API: the generator is the build plugin's and the CLI's.
NOT_API = {"DTOKitGenerator"}


def baseline():
    """(version, commit) of the release the API is compared with."""
    fields = {}
    with open(BASELINE, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                key, _, value = line.partition(" ")
                fields[key] = value.strip()
    return fields["version"], fields["commit"]


def digester():
    swift = shutil.which("swift") or "swift"
    found = os.path.join(os.path.dirname(os.path.realpath(swift)), "swift-api-digester")
    return found if os.path.exists(found) else "swift-api-digester"


def target_triple():
    output = subprocess.run(["swift", "-print-target-info"], capture_output=True, text=True, check=True).stdout
    return re.search(r'"triple"\s*:\s*"([^"]+)"', output).group(1)


def library_products(package_path):
    """The library products' modules of the package at `package_path` (one target each here)."""
    import json
    output = subprocess.run(["swift", "package", "--package-path", package_path, "dump-package"],
                            capture_output=True, text=True, check=True).stdout
    products = json.loads(output)["products"]
    return [p["name"] for p in products if "library" in p["type"] and p["name"] not in NOT_API]


def module_paths(build_path):
    """Where the digester finds the modules: the Swift modules, and the module maps of the C targets
    (a dependency's shims), not those SwiftPM writes for Swift targets (`X.build/include`), which would
    define their modules twice."""
    paths = ["-I", os.path.join(build_path, "debug", "Modules")]
    folders = set()
    for folder, _, files in os.walk(build_path):
        if "module.modulemap" in files and not folder.endswith(".build" + os.sep + "include"):
            folders.add(folder)
    for folder in sorted(folders):
        paths += ["-I", folder]
    return paths


def breaks(module, digest_json, build_path, triple):
    """The lines the digester reports for `module` against its digest."""
    command = [digester(), "-diagnose-sdk", "-baseline-path", digest_json, "-module", module,
               "-target", triple, "-disable-fail-on-error"] + module_paths(build_path)
    result = subprocess.run(command, capture_output=True, text=True)
    output = result.stdout + "\n" + result.stderr
    if "Failed to load module" in output or (result.returncode != 0 and not output.strip()):
        sys.exit("error: the API digester could not load %s from %s (is it built there?):\n%s"
                 % (module, build_path, output.strip()))
    lines = []
    for line in output.splitlines():
        line = line.strip()
        if line and not (line.startswith("/*") and line.endswith("*/")):
            # Foundation's types as Apple's SDKs name them (Linux has URLRequest in FoundationNetworking),
            # so that the changelog reads the same on every platform.
            lines.append(line.replace("FoundationNetworking.", "Foundation."))
    return lines


def declared_breaks():
    """The lines listed in ```text blocks of CHANGELOG.md's Unreleased section."""
    with open(CHANGELOG, encoding="utf-8") as f:
        text = f.read()
    match = re.search(r"^## \[Unreleased\].*?(?=^## \[)", text, re.S | re.M)
    if not match:
        sys.exit("error: CHANGELOG.md has no `## [Unreleased]` section before the released versions")
    declared, inside = [], False
    for line in match.group(0).splitlines():
        stripped = line.strip()
        if stripped.startswith("```"):
            inside = stripped == "```text"
            continue
        if inside and stripped:
            declared.append(stripped)
    return declared


# The URLs a user's Package.swift names, each with the version it asks for (README, DocC, the sample).
DEPENDENCY = re.compile(r'\.package\(url: "https://github\.com/DTOKit/DTOKit(?:AsyncHTTPClient)?\.git", from: "([^"]+)"\)')
VERSION_SOURCE = os.path.join(ROOT, "Sources", "DTOKitGenerator", "DTOKitVersion.swift")


def semantic(version):
    return tuple(int(part) for part in version.split("."))


def check_versions(released, breaks_count):
    """The next version, written once (DTOKitVersion.swift), is the one the changelog's Unreleased
    section, the README and the articles' dependency lines name; it is newer than the release, and a
    major version newer when the API breaks."""
    with open(VERSION_SOURCE, encoding="utf-8") as f:
        current = re.search(r'static let current = "([0-9]+\.[0-9]+\.[0-9]+)"', f.read()).group(1)
    errors = []
    with open(CHANGELOG, encoding="utf-8") as f:
        heading = re.search(r"^## \[Unreleased\] — ([0-9.]+)$", f.read(), re.M)
    if not heading or heading.group(1) != current:
        errors.append("CHANGELOG.md's Unreleased section must be headed `## [Unreleased] — %s`" % current)
    if semantic(current) <= semantic(released):
        errors.append("the next version %s is not newer than the release %s" % (current, released))
    elif breaks_count and semantic(current)[0] <= semantic(released)[0]:
        errors.append("the API breaks since %s, so the next version is a major one, not %s" % (released, current))
    documents = ["README.md", os.path.join("Samples", "TechStacks", "Package.swift")]
    for folder, _, files in os.walk(os.path.join(ROOT, "Sources")):
        documents += [os.path.relpath(os.path.join(folder, f), ROOT) for f in files if f.endswith(".md")]
    for document in sorted(documents):
        with open(os.path.join(ROOT, document), encoding="utf-8") as f:
            text = f.read()
        if "your-org" in text:
            errors.append("%s names a placeholder repository (your-org)" % document)
        for found in DEPENDENCY.findall(text):
            if found != current:
                errors.append("%s depends on DTOKit from: \"%s\", not %s" % (document, found, current))
    for error in errors:
        print("error: " + error)
    return not errors


def check(build_path, report_only):
    version, commit = baseline()
    triple = target_triple()
    reported = []
    # Every module of the release is still a library product (a product removed is a break the
    # digester cannot see: the module may still be built).
    products = set(library_products(ROOT)) | set(library_products(os.path.join(ROOT, TRANSPORT)))
    released = sorted(name[: -len(".json.gz")] for name in os.listdir(DIGESTS))
    for module in released:
        if module not in products:
            reported.append("Library product %s has been removed" % module)
    with tempfile.TemporaryDirectory() as scratch:
        for module in released:
            name = module + ".json.gz"
            digest = os.path.join(scratch, module + ".json")
            with gzip.open(os.path.join(DIGESTS, name), "rb") as source, open(digest, "wb") as target:
                shutil.copyfileobj(source, target)
            found = breaks(module, digest, build_path, triple)
            print("%s: %d break%s since %s" % (module, len(found), "" if len(found) == 1 else "s", version))
            reported += found
    if report_only:
        print("\n".join(reported))
        return 0
    versions_agree = check_versions(version, len(reported))
    declared = declared_breaks()
    missing = [line for line in reported if line not in declared]
    stale = [line for line in declared if line not in reported]
    for line in missing:
        print("error: not in CHANGELOG.md's Unreleased section: %s" % line)
    for line in stale:
        print("error: CHANGELOG.md lists a break the API no longer has: %s" % line)
    if not versions_agree:
        return 1
    if missing or stale:
        print("The public API differs from %s (commit %s) other than CHANGELOG.md says. Restore what was not "
              "meant to break (deprecate the old form with `renamed:`); list each intended break, with how to "
              "migrate, in a ```text block of the Unreleased section (python3 Scripts/check-api.py --report "
              "prints them)." % (version, commit[:10]))
        return 1
    print("API: %d breaks since %s, each in CHANGELOG.md" % (len(reported), version))
    return 0


def record():
    version, commit = baseline()
    triple = target_triple()
    worktree = tempfile.mkdtemp(prefix="dtokit-api-")
    subprocess.run(["git", "-C", ROOT, "worktree", "add", "--detach", worktree, commit], check=True)
    try:
        os.makedirs(DIGESTS, exist_ok=True)
        for name in os.listdir(DIGESTS):
            os.remove(os.path.join(DIGESTS, name))
        for package in [worktree, os.path.join(worktree, TRANSPORT)]:
            if not os.path.exists(os.path.join(package, "Package.swift")):
                continue
            build_path = os.path.join(package, ".build")
            modules = library_products(package)
            for module in modules:
                subprocess.run(["swift", "build", "--package-path", package, "--target", module], check=True)
            for module in modules:
                dump = os.path.join(worktree, module + ".json")
                subprocess.run([digester(), "-dump-sdk", "-module", module, "-target", triple, "-o", dump,
                                "-avoid-location", "-avoid-tool-args"] + module_paths(build_path), check=True)
                with open(dump, "rb") as source, gzip.GzipFile(os.path.join(DIGESTS, module + ".json.gz"), "wb",
                                                            mtime=0) as target:
                    shutil.copyfileobj(source, target)
                print("recorded %s of %s" % (module, version))
    finally:
        subprocess.run(["git", "-C", ROOT, "worktree", "remove", "--force", worktree])
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build-path", default=os.path.join(ROOT, ".build"))
    parser.add_argument("--report", action="store_true", help="print every break and exit 0")
    parser.add_argument("--record", action="store_true", help="write the baseline commit's digests")
    args = parser.parse_args()
    if args.record:
        return record()
    return check(os.path.abspath(args.build_path), args.report)


if __name__ == "__main__":
    sys.exit(main())
