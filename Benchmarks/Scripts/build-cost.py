#!/usr/bin/env python3
"""What DTOKit costs a user's build (run through build-cost.sh).

Three measurements, each side by side in one run, on the TechStacks API:

same-classes  The same TechStacks classes generated three ways by `dtokit generate`: plain classes
              (`AddModelExtensions: False`), with DTOKit's accessor extensions (the default), and with
              Codable members instead (`AddModelExtensions: False`, `AddCodable: True`); and the same three
              as structs (`ExportAsStructs: True`). Each is a library target of its own; its compile
              (release and debug) is timed and its object code measured. What the accessors and Codable
              add is each one's cost above the plain classes (or structs).
package       A package as a DTOKit user has it: a `DTOs` target with DTOKitPlugin and the snapshot, and
              an `App` that uses DTOKit and DTOKitClient. Clean release and debug builds, timed, and the
              stripped release binary. Given ServiceStack.Swift's path, the same app with ServiceStack.Swift
              and its Codable TechStacks dtos.swift, built the same way, alternating with DTOKit's.
linear        The accessors' compile on a snapshot four times TechStacks' size (its types copied under
              new names) against TechStacks itself: time and code per property should stay the same.

Times are wall-clock seconds of `swift build` (the null build's planning overhead, printed, included);
CPU is user + system time of everything the build ran. Object code is text + data of the target's
object files (`size`), debug information excluded.
"""

import argparse
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SNAPSHOT = os.path.join(ROOT, "Tests/Fixtures/TechStacksDTOs/techstacks.metadata.json")
PAYLOAD = os.path.join(ROOT, "Benchmarks/Sources/BenchmarkCases/Payloads/get-all-technologies.1000.json")
# The options ServiceStack.Swift's TechStacks dtos.swift was generated with (its header's overrides), so
# that both apps hold the same API: a user migrating pastes that header into NAME.options.
PACKAGE_OPTIONS = """\
ExcludeTypes: Hello,HelloResponse,Authenticate,AuthenticateResponse,AssignRoles,AssignRolesResponse,UnAssignRoles,UnAssignRolesResponse,Ping,ConvertSessionToToken,GetAccessToken
InitializeCollections: True
"""
FILE_COUNT = 4  # as DTOKitPlugin spreads a snapshot's types

VARIANTS = [
    ("Plain", "AddModelExtensions: False\n"),
    ("Accessors", ""),
    ("Codable", "AddModelExtensions: False\nAddCodable: True\n"),
    # The same three as structs (ExportAsStructs).
    ("PlainStructs", "ExportAsStructs: True\nAddModelExtensions: False\n"),
    ("StructAccessors", "ExportAsStructs: True\n"),
    ("CodableStructs", "ExportAsStructs: True\nAddModelExtensions: False\nAddCodable: True\n"),
]
LABELS = {"Plain": "plain classes", "Accessors": "+ DTOKit accessors (default)",
          "Codable": "+ Codable members (Codable-only)", "PlainStructs": "plain structs",
          "StructAccessors": "+ DTOKit accessors (structs)", "CodableStructs": "+ Codable members (structs)"}

# The same small program on both sides: decode a response from a file, encode it, call a service.
DTOKIT_MAIN = """\
import DTOKit
import DTOKitClient
import DTOs
import Foundation

let arguments = CommandLine.arguments
if arguments.count > 1, let data = FileManager.default.contents(atPath: arguments[1]) {
    let response = try GetAllTechnologiesResponse.fromJson(data)
    print(response.results.count, response.toJson().utf8.count)
}
if arguments.count > 2 {
    let client = JsonServiceClient(baseUrl: arguments[2])
    let request = GetTechnology()
    request.slug = "servicestack"
    let response = try await client.sendAsync(request)
    print(response.technology?.name ?? "")
}
"""
ANCHOR_MAIN = """\
import Foundation
import ServiceStack

let arguments = CommandLine.arguments
if arguments.count > 1, let data = FileManager.default.contents(atPath: arguments[1]) {
    let response = try fromJsonDataThrows(GetAllTechnologiesResponse.self, data)
    print(response.results.count, (toJson(response) ?? "").utf8.count)
}
if arguments.count > 2 {
    let client = JsonServiceClient(baseUrl: arguments[2])
    let request = GetTechnology()
    request.slug = "servicestack"
    let response = try await client.sendAsync(request)
    print(response.technology?.name ?? "")
}
"""


def log(message):
    print(message, flush=True)


def run(command, cwd, timed=False, stamp=False):
    """Runs a command; returns (wall seconds, CPU seconds, output lines). With `stamp`, each output line
    is prefixed with its arrival time (for build phases). Fails loudly with the output's tail."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = []
    for line in process.stdout:
        lines.append((time.monotonic() - started, line.rstrip("\n")) if stamp else line.rstrip("\n"))
    process.wait()
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if process.returncode != 0:
        tail = [entry[1] if stamp else entry for entry in lines[-40:]]
        sys.exit("command failed: %s (in %s)\n%s" % (" ".join(command), cwd, "\n".join(tail)))
    return wall, cpu, lines


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as file:
        file.write(text)


def object_size(folder):
    """text + data + bss of the object files in a build folder."""
    objects = [os.path.join(folder, name) for name in sorted(os.listdir(folder)) if name.endswith(".o")]
    output = subprocess.run(["size", "--format=berkeley", "--totals"] + objects,
                            capture_output=True, text=True, check=True).stdout.strip().splitlines()
    return int(output[-1].split()[3])  # the totals line: text data bss dec


SYMBOL_KINDS = [
    # (kind, test on the demangled name), first match wins
    ("accessor closures (get/set)", lambda n: n.startswith("closure") and "variable initialization" in n),
    ("table initializers", lambda n: n.startswith("one-time initialization function")),
    ("class property accessors", lambda n: n.endswith((".getter", ".setter", ".modify"))),
    ("protocol witnesses", lambda n: n.startswith("protocol witness")),
    ("specializations", lambda n: "specializ" in n),
    ("thunks and partial applies", lambda n: "thunk" in n or n.startswith("partial apply")),
    ("initializers and deinitializers", lambda n: "init" in n),
]


def profile_objects(folder):
    """Where a module's object code goes: bytes per section, and code bytes per kind of symbol."""
    objects = [os.path.join(folder, name) for name in sorted(os.listdir(folder)) if name.endswith(".o")]
    sections = {}
    for path in objects:
        for line in subprocess.run(["size", "-A", path], capture_output=True, text=True, check=True).stdout.splitlines():
            parts = line.split()
            if len(parts) >= 2 and parts[0].startswith(".") and parts[1].isdigit() and not parts[0].startswith(".debug"):
                sections[parts[0]] = sections.get(parts[0], 0) + int(parts[1])
    symbols = []
    for path in objects:
        for line in subprocess.run(["nm", "-S", path], capture_output=True, text=True, check=True).stdout.splitlines():
            parts = line.split()
            if len(parts) == 4 and parts[2] in "TtWw":
                symbols.append((int(parts[1], 16), parts[3]))
    demangled = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(name for _, name in symbols),
                               capture_output=True, text=True, check=True).stdout.splitlines()
    kinds = {}
    for (size, _), name in zip(symbols, demangled):
        kind = next((kind for kind, test in SYMBOL_KINDS if test(name)), "other")
        count, total = kinds.get(kind, (0, 0))
        kinds[kind] = (count + 1, total + size)
    return sections, kinds


def triple_folder(package, configuration):
    path = subprocess.run(["swift", "build", "--package-path", package, "-c", configuration, "--show-bin-path"],
                          capture_output=True, text=True, check=True).stdout.strip()
    return path


def median(values):
    return statistics.median(values) if values else float("nan")


def api_name(snapshot):
    return os.path.basename(snapshot)[: -len(".metadata.json")]


def dtokit_tool():
    """`dtokit` as DTOKIT_TOOL names it, else built (debug) in the repository's own build folder."""
    if os.environ.get("DTOKIT_TOOL"):
        return os.environ["DTOKIT_TOOL"]
    log("== building dtokit (debug) to generate the same-classes variants")
    run(["swift", "build", "--package-path", ROOT, "--product", "dtokit"], ROOT)
    return os.path.join(triple_folder(ROOT, "debug"), "dtokit")


def generate(tool, snapshot, options, folder):
    os.makedirs(folder, exist_ok=True)
    options_path = os.path.join(folder, "..", os.path.basename(folder) + ".options")
    write(options_path, options)
    run([tool, "generate", snapshot, "--options", options_path, "--output-dir", folder,
         "--file-count", str(FILE_COUNT)], ROOT)
    os.remove(options_path)


def count_properties(folder):
    """Stored properties declared by the generated classes (`public final var` lines, `public var` in
    structs)."""
    count = 0
    for name in os.listdir(folder):
        with open(os.path.join(folder, name)) as file:
            count += sum(1 for line in file if re.match(r"\s+public (final )?var ", line))
    return count


def library_package(work, targets):
    write(os.path.join(work, "Package.swift"), """\
// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "SameClasses",
    dependencies: [.package(name: "DTOKit", path: "%s")],
    targets: [
%s
    ]
)
""" % (ROOT, "\n".join('        .target(name: "%s", dependencies: [.product(name: "DTOKit", package: "DTOKit"), '
                                 '.product(name: "DTOKitStructs", package: "DTOKit")]),' % name for name in targets)))


def force_rebuild(work, bin_path, target):
    """Makes the next build compile `target` again from scratch: its sources touched, its objects gone
    (deleting the whole build folder would lose files SwiftPM writes only when it plans the build)."""
    sources = os.path.join(work, "Sources", target)
    for name in os.listdir(sources):
        os.utime(os.path.join(sources, name))
    build = os.path.join(bin_path, target + ".build")
    for name in os.listdir(build) if os.path.isdir(build) else []:
        if name.endswith((".o", ".swiftdeps", ".priors")):
            os.remove(os.path.join(build, name))


def time_targets(work, targets, configurations, runs):
    """Compile time (median wall, CPU) and object size of each target, per configuration; DTOKit (and
    DTOKitStructs, through the first struct target) is built first, so only the target itself compiles."""
    results = {}
    for configuration in configurations:
        run(["swift", "build", "--package-path", work, "-c", configuration, "--target", "DTOKit"], work)
        if "PlainStructs" in targets:
            run(["swift", "build", "--package-path", work, "-c", configuration, "--target", "PlainStructs"], work)
        bin_path = triple_folder(work, configuration)
        null_wall, _, _ = run(["swift", "build", "--package-path", work, "-c", configuration, "--target", "DTOKit"], work)
        log("   %s: null build %.1f s" % (configuration, null_wall))
        for run_index in range(runs):
            for target in targets:
                force_rebuild(work, bin_path, target)
                wall, cpu, _ = run(["swift", "build", "--package-path", work, "-c", configuration, "--target", target], work)
                size = object_size(os.path.join(bin_path, target + ".build"))
                entry = results.setdefault((target, configuration), {"wall": [], "cpu": [], "size": size,
                                                                     "folder": os.path.join(bin_path, target + ".build")})
                entry["wall"].append(wall)
                entry["cpu"].append(cpu)
                log("   %-9s %-7s run %d: %6.1f s (CPU %6.1f s), %8d bytes" % (target, configuration, run_index + 1, wall, cpu, size))
    return {key: {"wall": median(value["wall"]), "cpu": median(value["cpu"]), "size": value["size"],
                  "folder": value["folder"]} for key, value in results.items()}


def same_classes(work, tool, runs, snapshot):
    log("== same classes: plain / accessors / Codable-only, %s" % api_name(snapshot))
    for name, options in VARIANTS:
        generate(tool, snapshot, options, os.path.join(work, "Sources", name))
    # Per property: the properties the classes declare with the default options (the plain variant
    # also declares the members of runtime bases such as QueryDb<T>, which the others inherit).
    properties = count_properties(os.path.join(work, "Sources", "Accessors"))
    library_package(work, [name for name, _ in VARIANTS])
    results = time_targets(work, [name for name, _ in VARIANTS], ["release", "debug"], runs)
    return properties, results


def multiply_snapshot(source, copies, destination):
    """A snapshot `copies` times the size of `source`: every type it defines again under new names
    (`Technology2`, `Technology3`…), with every reference to them renamed alike."""
    with open(source) as file:
        snapshot = json.load(file)
    defined = {definition["name"] for definition in snapshot.get("types", [])}
    for operation in snapshot.get("operations", []):
        defined.update(operation[key]["name"] for key in ("request", "response") if operation.get(key))
    defined = {name for name in defined if "`" not in name}  # generic definitions are not copied

    def rename_text(text, suffix):
        return re.sub(r"[A-Za-z_][A-Za-z0-9_]*", lambda m: m.group(0) + suffix if m.group(0) in defined else m.group(0), text)

    def rename(value, suffix):
        if isinstance(value, list):
            return [rename(item, suffix) for item in value]
        if not isinstance(value, dict):
            return value
        renamed = {}
        for key, item in value.items():
            if key == "attributes":
                renamed[key] = item
            elif key == "properties":  # a property keeps its name; its type is renamed
                renamed[key] = [dict(rename({k: v for k, v in prop.items() if k != "name"}, suffix), name=prop["name"])
                                for prop in item]
            elif key in ("name", "type") and isinstance(item, str):
                renamed[key] = rename_text(item, suffix)
            elif key == "genericArgs" and isinstance(item, list):
                renamed[key] = [rename_text(arg, suffix) if isinstance(arg, str) else arg for arg in item]
            else:
                renamed[key] = rename(item, suffix)
        return renamed

    result = dict(snapshot)
    result["types"] = list(snapshot.get("types", []))
    result["operations"] = list(snapshot.get("operations", []))
    for copy in range(2, copies + 1):
        suffix = str(copy)
        result["types"] += [rename(t, suffix) for t in snapshot.get("types", []) if t["name"] in defined]
        result["operations"] += [rename(o, suffix) for o in snapshot.get("operations", [])]
    write(destination, json.dumps(result))


def linear(work, tool, runs):
    log("== linear: accessors on TechStacks and on a snapshot four times its size")
    big = os.path.join(work, "techstacks4x.metadata.json")
    multiply_snapshot(SNAPSHOT, 4, big)
    generate(tool, SNAPSHOT, "", os.path.join(work, "Sources", "Accessors1x"))
    generate(tool, big, "", os.path.join(work, "Sources", "Accessors4x"))
    counts = {name: count_properties(os.path.join(work, "Sources", name)) for name in ("Accessors1x", "Accessors4x")}
    library_package(work, ["Accessors1x", "Accessors4x"])
    results = time_targets(work, ["Accessors1x", "Accessors4x"], ["release"], runs)
    return counts, results


def app_package(work, name, dependency, app_files, extra_targets):
    write(os.path.join(work, "Package.swift"), """\
// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "%s",
    dependencies: [%s],
    targets: [
%s
    ]
)
""" % (name, dependency, extra_targets))
    for file_name, text in app_files.items():
        write(os.path.join(work, file_name), text)


def build_phases(lines):
    """When each module's compile started, from `swift build -v` lines with their arrival times."""
    phases, seen = [], set()
    for stamp, text in lines:
        match = re.search(r"swiftc -module-name (\S+) ", text)
        what = None
        if match:
            what = "compile " + match.group(1)
        elif "Compiling plugin" in text:
            what = text.strip()
        elif re.search(r"PluginTool(-tool)? generate", text):
            what = "run the generator"
        elif "Build complete" in text:
            what = "done"
        if what and what not in seen:
            seen.add(what)
            phases.append((stamp, what))
    return phases


def package(work, anchor, runs):
    log("== package: clean release and debug builds, stripped release binary")
    sides = []
    ours = os.path.join(work, "dtokit-app")
    app_package(ours, "DTOKitApp", '.package(name: "DTOKit", path: "%s")' % ROOT, {
        "Sources/DTOs/DTOs.swift": "import DTOKit\n",
        "Sources/DTOs/techstacks.options": PACKAGE_OPTIONS,
        "Sources/App/main.swift": DTOKIT_MAIN,
    }, """\
        .target(name: "DTOs", dependencies: [.product(name: "DTOKit", package: "DTOKit")],
                plugins: [.plugin(name: "DTOKitPlugin", package: "DTOKit")]),
        .executableTarget(name: "App", dependencies: ["DTOs", .product(name: "DTOKit", package: "DTOKit"),
                                                      .product(name: "DTOKitClient", package: "DTOKit")]),""")
    shutil.copy(SNAPSHOT, os.path.join(ours, "Sources/DTOs/techstacks.metadata.json"))
    sides.append(("DTOKit", ours))
    if anchor:
        theirs = os.path.join(work, "servicestack-app")
        app_package(theirs, "ServiceStackApp", '.package(name: "ServiceStack", path: "%s")' % anchor, {
            "Sources/App/main.swift": ANCHOR_MAIN,
        }, """\
        .executableTarget(name: "App", dependencies: [.product(name: "ServiceStack", package: "ServiceStack")]),""")
        shutil.copy(os.path.join(anchor, "dtos", "TechStacks.dtos.swift"), os.path.join(theirs, "Sources/App/"))
        sides.append(("ServiceStack.Swift", theirs))

    results, phases = {}, []
    for run_index in range(runs):
        for configuration in ("release", "debug"):
            order = sides if run_index % 2 == 0 else list(reversed(sides))
            for side, folder in order:
                shutil.rmtree(os.path.join(folder, ".build"), ignore_errors=True)
                wall, cpu, lines = run(["swift", "build", "--package-path", folder, "-c", configuration, "-v"],
                                       folder, stamp=True)
                entry = results.setdefault((side, configuration), {"wall": [], "cpu": []})
                entry["wall"].append(wall)
                entry["cpu"].append(cpu)
                if side == "DTOKit" and configuration == "release":
                    phases = build_phases(lines)
                if configuration == "release":
                    binary = os.path.join(triple_folder(folder, "release"), "App")
                    stripped = os.path.join(folder, "App.stripped")
                    subprocess.run(["strip", "-o", stripped, binary], check=True)
                    entry["binary"] = os.path.getsize(stripped)
                    # The app must work: both decode the same payload to the same number of results.
                    _, _, output = run([binary, PAYLOAD], folder)
                    entry["output"] = output[-1] if output else ""
                log("   %-18s %-7s run %d: %6.1f s (CPU %6.1f s)%s" % (
                    side, configuration, run_index + 1, wall, cpu,
                    ", binary %d bytes, prints %s" % (entry["binary"], entry["output"]) if configuration == "release" else ""))
    summary = {key: {"wall": median(value["wall"]), "cpu": median(value["cpu"]), "binary": value.get("binary")}
               for key, value in results.items()}
    return summary, phases


def print_profile(results):
    """Section and symbol sizes of the plain and accessor variants (release), and the difference."""
    profiles = {name: profile_objects(results[(name, "release")]["folder"]) for name in ("Plain", "Accessors")}
    print("Where the accessors' object code goes (release; bytes, plain -> with accessors):")
    sections = sorted(set(profiles["Plain"][0]) | set(profiles["Accessors"][0]),
                      key=lambda name: -(profiles["Accessors"][0].get(name, 0) - profiles["Plain"][0].get(name, 0)))
    for name in sections[:12]:
        before, after = profiles["Plain"][0].get(name, 0), profiles["Accessors"][0].get(name, 0)
        if before != after:
            print("  section %-36s %9d -> %9d  (%+d)" % (name, before, after, after - before))
    kinds = sorted(set(profiles["Plain"][1]) | set(profiles["Accessors"][1]),
                   key=lambda kind: -(profiles["Accessors"][1].get(kind, (0, 0))[1] - profiles["Plain"][1].get(kind, (0, 0))[1]))
    for kind in kinds:
        (count_before, before), (count_after, after) = profiles["Plain"][1].get(kind, (0, 0)), profiles["Accessors"][1].get(kind, (0, 0))
        print("  code   %-36s %9d -> %9d  (%+d; %d -> %d symbols)" % (kind, before, after, after - before, count_before, count_after))


def report(args, same, lin, pkg):
    goals = []
    print()
    if same:
        properties, results = same
        print("Same classes, %s (%d properties), compile of the generated module alone:" % (api_name(args.snapshot), properties))
        print("%-34s %12s %12s %12s %12s" % ("", "release s", "release CPU", "object KB", "debug s"))
        for name, _ in VARIANTS:
            r, d = results[(name, "release")], results[(name, "debug")]
            print("%-34s %12.1f %12.1f %12.0f %12.1f" % (LABELS[name], r["wall"], r["cpu"], r["size"] / 1000, d["wall"]))
        plain_r, acc_r, cod_r = (results[(n, "release")] for n in ("Plain", "Accessors", "Codable"))
        plain_d, acc_d, cod_d = (results[(n, "debug")] for n in ("Plain", "Accessors", "Codable"))
        acc_time, cod_time = acc_r["wall"] - plain_r["wall"], cod_r["wall"] - plain_r["wall"]
        acc_size, cod_size = acc_r["size"] - plain_r["size"], cod_r["size"] - plain_r["size"]
        print("what the accessors add: %.1f s release, %.0f KB (%.0f bytes per property), %.1f s debug" % (
            acc_time, acc_size / 1000, acc_size / properties, acc_d["wall"] - plain_d["wall"]))
        print("what Codable adds:      %.1f s release, %.0f KB (%.0f bytes per property), %.1f s debug" % (
            cod_time, cod_size / 1000, cod_size / properties, cod_d["wall"] - plain_d["wall"]))
        if args.profile:
            print_profile(results)
        goals.append(("accessors' release compile time <= 0.5x Codable's", acc_time / cod_time, 0.5))
        goals.append(("accessors' object code <= 0.5x Codable's", acc_size / cod_size, 0.5))
        goals.append(("accessors' object code per property <= 400 bytes", acc_size / properties, 400))
        goals.append(("accessors' debug compile time < Codable's",
                      (acc_d["wall"] - plain_d["wall"]) / max(0.01, cod_d["wall"] - plain_d["wall"]), 1.0))
        splain, sacc, scod = (results[(n, "release")] for n in ("PlainStructs", "StructAccessors", "CodableStructs"))
        sacc_time, scod_time = sacc["wall"] - splain["wall"], scod["wall"] - splain["wall"]
        sacc_size, scod_size = sacc["size"] - splain["size"], scod["size"] - splain["size"]
        print("structs, the accessors add: %.1f s release, %.0f KB; Codable adds: %.1f s release, %.0f KB" % (
            sacc_time, sacc_size / 1000, scod_time, scod_size / 1000))
        goals.append(("structs: accessors' release compile time <= 0.5x Codable's", sacc_time / max(0.01, scod_time), 0.5))
    if lin:
        counts, results = lin
        one, four = results[("Accessors1x", "release")], results[("Accessors4x", "release")]
        print()
        print("Linear growth, accessors, release:")
        for name, label in (("Accessors1x", "TechStacks"), ("Accessors4x", "TechStacks x 4")):
            r = results[(name, "release")]
            print("%-16s %6d properties %8.1f s %10.0f KB  %6.2f ms and %5.0f bytes per property" % (
                label, counts[name], r["wall"], r["size"] / 1000, 1000 * r["wall"] / counts[name], r["size"] / counts[name]))
        per_one, per_four = one["wall"] / counts["Accessors1x"], four["wall"] / counts["Accessors4x"]
        goals.append(("compile time per property at 4x <= 1.2x that at 1x (linear)", per_four / per_one, 1.2))
    if pkg:
        results, phases = pkg
        print()
        print("Package (DTOs target with the plugin + App using DTOKit and DTOKitClient), clean builds:")
        sides = ["DTOKit"] + (["ServiceStack.Swift"] if args.anchor else [])
        print("%-20s %12s %12s %12s %12s %16s" % ("", "release s", "release CPU", "debug s", "debug CPU", "stripped binary"))
        for side in sides:
            r, d = results[(side, "release")], results[(side, "debug")]
            print("%-20s %12.1f %12.1f %12.1f %12.1f %14.2f MB" % (side, r["wall"], r["cpu"], d["wall"], d["cpu"], r["binary"] / 1e6))
        if args.anchor:
            ours_r, theirs_r = results[("DTOKit", "release")], results[("ServiceStack.Swift", "release")]
            ours_d, theirs_d = results[("DTOKit", "debug")], results[("ServiceStack.Swift", "debug")]
            print("%-20s %12.2fx %11.2fx %11.2fx %11.2fx %15.2fx" % (
                "ratio", ours_r["wall"] / theirs_r["wall"], ours_r["cpu"] / theirs_r["cpu"], ours_d["wall"] / theirs_d["wall"],
                ours_d["cpu"] / theirs_d["cpu"], ours_r["binary"] / theirs_r["binary"]))
            goals.append(("clean release build <= 1.0x ServiceStack.Swift's", ours_r["wall"] / theirs_r["wall"], 1.0))
            goals.append(("clean debug build <= 1.0x ServiceStack.Swift's", ours_d["wall"] / theirs_d["wall"], 1.0))
            goals.append(("stripped release binary <= 1.0x ServiceStack.Swift's", ours_r["binary"] / theirs_r["binary"], 1.0))
        if phases:
            print("DTOKit's release build, when each step started (seconds from the start, last run):")
            for stamp, what in phases:
                print("  %6.1f  %s" % (stamp, what))
    if goals:
        print()
        print("Goals:")
        for text, value, limit in goals:
            print("  %-4s %-62s %8.2f (limit %g)" % ("met" if value <= limit else "MISS", text, value, limit))
        print("%d of %d goals met" % (sum(1 for _, v, l in goals if v <= l), len(goals)))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("anchor", nargs="?", help="path of ServiceStack.Swift (e.g. ../shared/anchors/servicestack-swift)")
    parser.add_argument("--runs", type=int, default=1, help="builds per measurement (medians are reported)")
    parser.add_argument("--only", default="same-classes,package,linear", help="comma-separated parts to run")
    parser.add_argument("--snapshot", default=SNAPSHOT,
                        help="the API whose classes same-classes compares (default: TechStacks, as the figures are)")
    parser.add_argument("--keep", action="store_true", help="keep the work folder (printed)")
    parser.add_argument("--profile", action="store_true",
                        help="also print where the accessors' object code goes (sections, kinds of symbols)")
    args = parser.parse_args()
    if args.anchor:
        args.anchor = os.path.abspath(args.anchor)
        if not os.path.exists(os.path.join(args.anchor, "dtos", "TechStacks.dtos.swift")):
            sys.exit("%s: not ServiceStack.Swift's anchor (no dtos/TechStacks.dtos.swift)" % args.anchor)
    parts = set(args.only.split(","))
    work = tempfile.mkdtemp(prefix="dtokit-build-cost.")
    log("work folder: %s; %d core(s); load average %s" % (work, os.cpu_count(), " ".join(open("/proc/loadavg").read().split()[:3])
                                                         if os.path.exists("/proc/loadavg") else "?"))
    try:
        tool = dtokit_tool() if parts & {"same-classes", "linear"} else None
        same = same_classes(os.path.join(work, "same-classes"), tool, args.runs, args.snapshot) if "same-classes" in parts else None
        lin = linear(os.path.join(work, "linear"), tool, args.runs) if "linear" in parts else None
        pkg = package(os.path.join(work, "package"), args.anchor, args.runs) if "package" in parts else None
        report(args, same, lin, pkg)
    finally:
        if args.keep:
            log("kept %s" % work)
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
