#!/usr/bin/env python3
"""Measures, and writes what it measured into the README and the DocC articles: the figures there come
from these runs, not from memory.

    python3 Scripts/update-readme-figures.py [sample] [ratios] [client-load] [build-cost SERVICESTACK_SWIFT_PATH]
    python3 Scripts/update-readme-figures.py check

- `sample`: a clean release build of Samples/TechStacks (seconds) and the speed line the sample prints
  (DTOKit against JSONDecoder on the 1 MB response);
- `ratios`: the decode and encode tables of `swift run --package-path Benchmarks -c release ratios`;
- `client-load`: the rounds and the summary of `Benchmarks/ClientLoad`'s `clientload` (both transports);
- `build-cost PATH`: the package and same-classes tables of Benchmarks/Scripts/build-cost.sh (PATH: a
  copy of ServiceStack.Swift, e.g. ../shared/anchors/servicestack-swift);
- `check`: measures nothing; says where each figure is, and fails when one is missing.

Each figure sits between `<!-- figure: NAME -->` and `<!-- /figure -->` in whichever document holds it:
README.md or a DocC article (Sources/*/*.docc/*.md); only that text is replaced, wherever the marker is.
A figure that no document holds stops the script before it measures anything. The machine, the
toolchain and the date go in the documents' own words next to them.
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The documents that may hold figures, relative to ROOT.
DOCUMENTS = ["README.md"] + sorted(glob.glob("Sources/*/*.docc/*.md", root_dir=ROOT))
# The figures each measurement writes.
FIGURES = {
    "sample": ["sample-build", "sample-speed"],
    "ratios": ["ratios"],
    "client-load": ["client-load"],
    "build-cost": ["build-cost-package", "build-cost-same-classes", "build-cost-share"],
}


def figure_pattern(name):
    return re.compile(r"(<!-- figure: %s -->)(.*?)(<!-- /figure -->)" % re.escape(name), re.S)


def read(document):
    with open(os.path.join(ROOT, document), encoding="utf-8") as f:
        return f.read()


def holders(name):
    """The documents that hold figure `name`, in DOCUMENTS' order."""
    pattern = figure_pattern(name)
    return [document for document in DOCUMENTS if pattern.search(read(document))]


def require_figures(names):
    """Stops, naming each missing figure and where it was looked for, unless every one is held somewhere."""
    missing = [name for name in names if not holders(name)]
    if missing:
        sys.exit("no document holds figure %s: looked for `<!-- figure: NAME -->` … `<!-- /figure -->` in "
                 "README.md and Sources/*/*.docc/*.md (%d documents); put the marker back where the figure belongs"
                 % (", ".join(repr(name) for name in missing), len(DOCUMENTS)))


def replace_figure(name, text):
    pattern = figure_pattern(name)
    documents = holders(name)
    if not documents:
        require_figures([name])
    for document in documents:
        contents = pattern.sub(lambda m: m.group(1) + text + m.group(3), read(document))
        with open(os.path.join(ROOT, document), "w", encoding="utf-8") as f:
            f.write(contents)
    print("figure %s (%s): %s" % (name, ", ".join(documents),
                                  text.strip().splitlines()[0] if text.strip() else "(empty)"))


def check():
    for names in FIGURES.values():
        for name in names:
            print("figure %s: %s" % (name, ", ".join(holders(name)) or "MISSING"))
    require_figures([name for names in FIGURES.values() for name in names])


def run(command, **options):
    print("$", " ".join(command), flush=True)
    return subprocess.run(command, check=True, capture_output=True, text=True, **options).stdout


def sample():
    scratch = tempfile.mkdtemp(prefix="dtokit-sample.")
    try:
        started = time.time()
        run(["swift", "build", "-c", "release", "--package-path", os.path.join(ROOT, "Samples", "TechStacks"),
             "--scratch-path", scratch])
        seconds = time.time() - started
        output = run([os.path.join(scratch, "release", "techstacks")])
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    speed = re.search(r"— ([0-9.]+)× faster", output)
    if not speed:
        sys.exit("the sample printed no speed line:\n" + output[-2000:])
    replace_figure("sample-build", "%.0f s" % seconds)
    replace_figure("sample-speed", "%s×" % speed.group(1))


def ratios():
    # A clean build: an incremental release build of Benchmarks after a change to a DTOKit struct's
    # layout has been seen to keep stale code (a crash in JsonReader.read), and timings need a clean one anyway.
    scratch = tempfile.mkdtemp(prefix="dtokit-ratios.")
    try:
        output = run(["swift", "run", "--package-path", os.path.join(ROOT, "Benchmarks"), "--scratch-path", scratch,
                      "-c", "release", "ratios", "--no-details"])
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    tables = re.search(r"^decode .*?(?=\n\n\S|\Z)\n\n^encode .*?(?=\n\n|\Z)", output, re.M | re.S)
    if not tables:
        sys.exit("ratios printed no decode and encode tables:\n" + output[-3000:])
    # The tables only: their header, rule and rows (the line after them belongs to the details).
    rows = [line for line in tables.group(0).splitlines()
            if not line or line.startswith(("decode", "encode", "-", " ")) or line[0].isdigit()]
    replace_figure("ratios", "\n```\n%s\n```\n" % "\n".join(rows).rstrip())


def client_load():
    package = os.path.join(ROOT, "Benchmarks", "ClientLoad")
    # The whole package: `clientload` starts `loadserver` from its own folder, and `swift run` builds
    # only the product it runs.
    run(["swift", "build", "--package-path", package, "-c", "release"])
    output = run(["swift", "run", "--package-path", package, "-c", "release",
                  "clientload", "--calls", "3000", "--rounds", "5"])
    start = output.find("transport        path")
    if start < 0 or "no call failed" not in output:
        sys.exit("clientload printed no table, or calls failed:\n" + output[-3000:])
    replace_figure("client-load", "\n```\n%s\n```\n" % output[start:].rstrip())


def build_cost(servicestack_swift):
    output = run([os.path.join(ROOT, "Benchmarks", "Scripts", "build-cost.sh"), "--only", "same-classes,package",
                  servicestack_swift])

    def row(label):
        match = re.search(r"^%s\s+(.*)$" % re.escape(label), output, re.M)
        if not match:
            sys.exit("build-cost printed no %r line:\n%s" % (label, output[-3000:]))
        return match.group(1).split()

    dtokit, servicestack, ratio = row("DTOKit"), row("ServiceStack.Swift"), row("ratio")
    package = "\n".join([
        "",
        "| | DTOKit | ServiceStack.Swift + Codable `dtos.swift` | ratio |",
        "|---|---|---|---|",
        "| clean release build of the package | %s s | %s s | %s |" % (dtokit[0], servicestack[0], ratio[0].replace("x", "×")),
        "| clean debug build | %s s | %s s | %s |" % (dtokit[2], servicestack[2], ratio[2].replace("x", "×")),
        "| stripped release binary | %s MB | %s MB | %s |" % (dtokit[4], servicestack[4], ratio[4].replace("x", "×")),
        "",
    ])
    replace_figure("build-cost-package", package)
    plain = row("plain classes")
    added = re.search(r"what the accessors add: ([0-9.]+) s release, ([0-9]+) KB \(([0-9]+) bytes per property\), ([0-9.]+) s debug", output)
    codable_added = re.search(r"what Codable adds:\s+([0-9.]+) s release, ([0-9]+) KB \(([0-9]+) bytes per property\), ([0-9.]+) s debug", output)
    if not added or not codable_added:
        sys.exit("build-cost printed no same-classes summary:\n" + output[-3000:])
    same = "\n".join([
        "",
        "| | compile | object code | debug compile |",
        "|---|---|---|---|",
        "| plain classes (`AddModelExtensions: False`) | %s s | %s KB | %s s |" % (plain[0], plain[2], plain[3]),
        "| + DTOKit's accessor tables (the default) | +%s s | +%s KB (%s bytes per property) | +%s s |" % added.groups(),
        "| + Codable members instead (`AddCodable: True`, Codable-only) | +%s s | +%s KB | +%s s |"
        % (codable_added.group(1), codable_added.group(2), codable_added.group(4)),
        "",
    ])
    replace_figure("build-cost-same-classes", same)
    share = float(added.group(1)) / float(codable_added.group(1))
    replace_figure("build-cost-share", "%.2f×" % share)


def main():
    arguments = sys.argv[1:]
    if not arguments or arguments[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if arguments else 2
    if arguments == ["check"]:
        check()
        return 0
    # Every figure the measurements asked for must have a place before minutes are spent measuring it.
    require_figures([name for what in arguments if what in FIGURES for name in FIGURES[what]])
    while arguments:
        what = arguments.pop(0)
        if what == "sample":
            sample()
        elif what == "ratios":
            ratios()
        elif what == "client-load":
            client_load()
        elif what == "build-cost":
            if not arguments:
                sys.exit("build-cost needs the path of ServiceStack.Swift")
            build_cost(os.path.abspath(arguments.pop(0)))
        else:
            sys.exit("unknown figure %r (sample, ratios, client-load, build-cost PATH, check)" % what)
    return 0


if __name__ == "__main__":
    sys.exit(main())
