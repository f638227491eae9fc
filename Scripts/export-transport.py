#!/usr/bin/env python3
"""Writes Transports/AsyncHTTPClient as the package users depend on by URL: a repository of its own.

SwiftPM depends on a package by the URL of a repository whose root holds its manifest; it cannot
depend on a folder inside DTOKit's repository. And DTOKit itself depends on no package, so its
manifest cannot carry AsyncHTTPClient (not even behind a trait). So the transport is developed here,
beside DTOKit and tested with the client's own suites (its manifest depends on DTOKit by path), and
published as a repository of its own — the layout of apple/swift-openapi-async-http-client beside
swift-openapi-runtime — whose manifest is this one with DTOKit by URL and without the test target:

    python3 Scripts/export-transport.py OUT_DIR --dtokit-url URL --dtokit-version X.Y.Z [--git TAG]

OUT_DIR gets Package.swift, Sources/ and README.md; with --git, a git repository whose one commit
is tagged TAG, ready to push. `.ci/run` exports it with DTOKit at a file URL and builds a package
that depends on both by URL, as a server-side app does.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TRANSPORT = os.path.join(ROOT, "Transports", "AsyncHTTPClient")
PATH_DEPENDENCY = '.package(name: "DTOKit", path: "../..")'


def exported_manifest(url, version):
    with open(os.path.join(TRANSPORT, "Package.swift"), encoding="utf-8") as f:
        manifest = f.read()
    if PATH_DEPENDENCY not in manifest:
        sys.exit("Transports/AsyncHTTPClient/Package.swift no longer has %s: update this script" % PATH_DEPENDENCY)
    # By URL the identity is the repository's name (`DTOKit.git` → DTOKit), which `package: "DTOKit"` names.
    manifest = manifest.replace(PATH_DEPENDENCY, '.package(url: "%s", from: "%s")' % (url, version))
    manifest = manifest.replace("        // `name:` pins the identity to \"DTOKit\" whatever the checkout's folder is called.\n", "")
    # The test target links the root package's suites by relative links: it stays here.
    start = manifest.find("        // The client's integration suites")
    end = manifest.find("\n    ]\n)", start)
    if start < 0 or end < 0 or ".testTarget(" not in manifest[start:end]:
        sys.exit("no test target found in Transports/AsyncHTTPClient/Package.swift: update this script")
    manifest = manifest[:start].rstrip() + manifest[end:]
    # The comment's commands are the development checkout's.
    manifest = re.sub(r"^//\n//   swift build --package-path .*\n", "", manifest, flags=re.M)
    manifest = re.sub(r"^//   swift test --package-path .*\n", "", manifest, flags=re.M)
    return manifest


README = """# DTOKitAsyncHTTPClient

DTOKit's transport over AsyncHTTPClient and SwiftNIO, for server-side Swift (Vapor, Hummingbird):
`JsonServiceClient(baseUrl:transport: AsyncHTTPClientTransport())`. Developed, documented and tested
in DTOKit's repository (`Transports/AsyncHTTPClient`), where the client's suites run over it; this
repository is exported from there by `Scripts/export-transport.py`.

```swift
.package(url: "%(dtokit)s", from: "%(version)s"),
.package(url: "<this repository>", from: "%(version)s"),
// the target:
.product(name: "DTOKitClient", package: "DTOKit"),
.product(name: "DTOKitAsyncHTTPClient", package: "DTOKitAsyncHTTPClient"),
```
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out")
    parser.add_argument("--dtokit-url", required=True)
    parser.add_argument("--dtokit-version", required=True)
    parser.add_argument("--git", metavar="TAG")
    args = parser.parse_args()
    if os.path.exists(args.out):
        shutil.rmtree(args.out)
    os.makedirs(args.out)
    with open(os.path.join(args.out, "Package.swift"), "w", encoding="utf-8") as f:
        f.write(exported_manifest(args.dtokit_url, args.dtokit_version))
    shutil.copytree(os.path.join(TRANSPORT, "Sources"), os.path.join(args.out, "Sources"))
    with open(os.path.join(args.out, "README.md"), "w", encoding="utf-8") as f:
        f.write(README % {"dtokit": args.dtokit_url, "version": args.dtokit_version})
    with open(os.path.join(args.out, ".gitignore"), "w", encoding="utf-8") as f:
        f.write(".build/\nPackage.resolved\n")
    if args.git:
        def git(*command):
            subprocess.run(["git", "-C", args.out] + list(command), check=True, stdout=subprocess.DEVNULL)
        git("init", "-q")
        git("add", "-A")
        git("-c", "user.name=DTOKit export", "-c", "user.email=export@dtokit.invalid", "commit", "-q",
            "-m", "DTOKitAsyncHTTPClient, exported from DTOKit's Transports/AsyncHTTPClient")
        git("tag", args.git)
    print("exported Transports/AsyncHTTPClient to %s (DTOKit from %s, %s)" % (args.out, args.dtokit_url, args.dtokit_version))


if __name__ == "__main__":
    main()
