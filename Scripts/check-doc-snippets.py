#!/usr/bin/env python3
"""Compiles every Swift example of the README and the DocC articles as a user would paste it.

    python3 Scripts/check-doc-snippets.py [--scratch DIR] [--build-path DIR] [--list]

Each ```swift block becomes a file of its own in a scratch package that uses DTOKit the way the
README says to: a `DTOs` target built by DTOKitPlugin from the TechStacks snapshot, and, per document,
a target that depends on it, DTOKit, DTOKitStructs, DTOKitClient, DTOKitServerEvents and DTOKitMiddleware, with the settings of an Xcode 26 app target
(Swift 6, MainActor default isolation, NonisolatedNonsendingByDefault, InferIsolatedConformances).
A block is compiled with exactly the imports it writes (plus FoundationNetworking on Linux, which
Apple platforms do not have): one that uses `JsonServiceClient` without `import DTOKitClient` fails,
as it would for the user who pastes it.

- Declarations (types, extensions, functions) stay at file scope, so the blocks of one document see
  each other's types, as the files of an app do. Statements go into a function of their own: `async
  throws` when they await, else `throws` (blocking calls are unavailable from async code).
- An HTML comment on the line before a block changes that:
  `<!-- snippet: continues -->` adds the block to the previous one of the document (same file, same
  function: its values carry over); `<!-- snippet: skip REASON -->` leaves it out, saying why (an
  excerpt of generated code, a diagram).
- A block that starts with `// swift-tools-version` is a package manifest: it is evaluated with
  `swift package dump-package` in a folder with the targets it declares.

Fails on any error in a snippet file or manifest.
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCUMENTS = ["README.md"] + sorted(glob.glob("Sources/*/*.docc/*.md", root_dir=ROOT))
SNAPSHOT = os.path.join(ROOT, "Samples", "TechStacks", "Sources", "DTOs", "techstacks.metadata.json")
OPTIONS = os.path.join(ROOT, "Samples", "TechStacks", "Sources", "DTOs", "techstacks.options")
DIRECTIVE = re.compile(r"^\s*<!--\s*snippet:\s*(continues|skip)\b\s*(.*?)\s*-->\s*$")
DECLARATION = re.compile(
    r"^(@\w+(\([^)]*\))?\s+)*((public|private|fileprivate|internal|package|final|nonisolated|open)\s+)*"
    r"(struct|class|enum|extension|protocol|actor|func|typealias)\b")
LINUX_IMPORTS = "#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\n"


class Block:
    def __init__(self, document, line, lines, directive):
        self.document, self.line, self.lines, self.directive = document, line, lines, directive

    @property
    def where(self):
        return "%s:%d" % (self.document, self.line)


def blocks(document):
    """The ```swift blocks of a document, with their directives and indentation removed."""
    with open(os.path.join(ROOT, document), encoding="utf-8") as f:
        lines = f.read().split("\n")
    found, index = [], 0
    while index < len(lines):
        fence = lines[index]
        if fence.strip() == "```swift":
            indent = len(fence) - len(fence.lstrip())
            end = index + 1
            while lines[end].strip() != "```":
                end += 1
            body = [line[indent:] if line[:indent].strip() == "" else line for line in lines[index + 1:end]]
            previous = next((lines[i] for i in range(index - 1, -1, -1) if lines[i].strip()), "")
            match = DIRECTIVE.match(previous)
            found.append(Block(document, index + 1, body, (match.group(1), match.group(2)) if match else None))
            index = end
        index += 1
    return found


def depth_changes(line, state):
    """Bracket depth change of one line (`{[(` against `}])`), skipping strings and comments;
    `state` carries multi-line strings and block comments across lines."""
    change, i = 0, 0
    while i < len(line):
        if state.get("block_comment"):
            end = line.find("*/", i)
            if end < 0:
                return change
            state["block_comment"], i = False, end + 2
            continue
        if state.get("multiline"):
            end = line.find('"""', i)
            if end < 0:
                return change
            state["multiline"], i = False, end + 3
            continue
        if line.startswith("//", i):
            return change
        if line.startswith("/*", i):
            state["block_comment"], i = True, i + 2
            continue
        if line.startswith('"""', i) or line.startswith('#"""', i):
            state["multiline"], i = True, i + (4 if line[i] == "#" else 3)
            continue
        if line[i] == '"' or line.startswith('#"', i):
            raw = line[i] == "#"
            i += 2 if raw else 1
            while i < len(line):
                if not raw and line[i] == "\\":
                    i += 2
                    continue
                if line[i] == '"' and (not raw or line.startswith('"#', i)):
                    i += 2 if raw else 1
                    break
                i += 1
            continue
        if line[i] in "{[(":
            change += 1
        elif line[i] in "}])":
            change -= 1
        i += 1
    return change


IMPORT = re.compile(r"^((public|internal|package|private|fileprivate)\s+)?import\s")
ATTRIBUTE_ONLY = re.compile(r"^(@\w+(\([^)]*\))?\s*)+$")


def split(lines):
    """(imports, declaration lines, statement lines) of a block, item by top-level item."""
    imports, declarations, statements = [], [], []
    depth, state, pending, target = 0, {}, [], statements
    for line in lines:
        stripped = line.strip()
        if depth == 0:
            if IMPORT.match(stripped):
                imports.append(stripped)
                continue
            # Comments, blank lines and attributes on lines of their own go with the item that follows.
            if not stripped or stripped.startswith("//") or ATTRIBUTE_ONLY.match(stripped):
                pending.append(line)
                continue
            target = declarations if DECLARATION.match(stripped) else statements
            target += pending
            pending = []
        target.append(line)
        depth += depth_changes(line, state)
    (statements if statements else declarations).extend(pending)
    return imports, declarations, statements


class Snippet:
    """One file of the snippet package: one block, or a block and those that continue it."""

    def __init__(self, first):
        self.first = first
        self.imports, self.declarations, self.statements = [], [], []

    def add(self, block):
        imports, declarations, statements = split(block.lines)
        self.imports += [i for i in imports if i not in self.imports]
        self.declarations += declarations
        if statements:
            self.statements += ["    // %s" % block.where] + ["    " + l if l.strip() else "" for l in statements]

    def source(self, function_name):
        text = "// From %s (Scripts/check-doc-snippets.py).\n" % self.first.where
        text += "\n".join(self.imports) + "\n" + LINUX_IMPORTS + "\n"
        text += "\n".join(self.declarations) + "\n"
        if self.statements:
            awaits = any(re.search(r"\bawait\b", l) for l in self.statements)
            signature = "async throws" if awaits else "throws"
            text += "\nfunc %s() %s {\n%s\n}\n" % (function_name, signature, "\n".join(self.statements))
        return text


def module_name(document):
    base = os.path.splitext(os.path.basename(document))[0]
    return "Snippets" + re.sub(r"[^A-Za-z0-9]", "", base.title() if base.isupper() else base)


def write_package(scratch, documents):
    shutil.rmtree(os.path.join(scratch, "Sources"), ignore_errors=True)
    dtos = os.path.join(scratch, "Sources", "DTOs")
    os.makedirs(dtos)
    shutil.copy(SNAPSHOT, os.path.join(dtos, "techstacks.metadata.json"))
    shutil.copy(OPTIONS, os.path.join(dtos, "techstacks.options"))
    with open(os.path.join(dtos, "DTOs.swift"), "w") as f:
        f.write("import DTOKit\n")
    targets, manifests, skipped, count = [], [], [], 0
    for document in documents:
        snippets = []
        for block in blocks(document):
            if block.directive and block.directive[0] == "skip":
                if not block.directive[1]:
                    sys.exit("%s: `snippet: skip` needs a reason" % block.where)
                skipped.append((block.where, block.directive[1]))
                continue
            if block.lines and block.lines[0].startswith("// swift-tools-version"):
                manifests.append(block)
                continue
            if block.directive and block.directive[0] == "continues":
                if not snippets:
                    sys.exit("%s: `snippet: continues` without a block before it" % block.where)
                snippets[-1].add(block)
            else:
                snippet = Snippet(block)
                snippet.add(block)
                snippets.append(snippet)
            count += 1
        if not snippets:
            continue
        module = module_name(document)
        folder = os.path.join(scratch, "Sources", module)
        os.makedirs(folder)
        for index, snippet in enumerate(snippets, 1):
            with open(os.path.join(folder, "Snippet%02d.swift" % index), "w", encoding="utf-8") as f:
                f.write(snippet.source("snippet%02d" % index))
        targets.append(module)
    settings = ('[.swiftLanguageMode(.v6), .defaultIsolation(MainActor.self), '
                '.enableUpcomingFeature("NonisolatedNonsendingByDefault"), '
                '.enableUpcomingFeature("InferIsolatedConformances")]')
    products = ('.product(name: "DTOKit", package: "DTOKit"), .product(name: "DTOKitStructs", package: "DTOKit"), '
                '.product(name: "DTOKitClient", package: "DTOKit"), '
                '.product(name: "DTOKitServerEvents", package: "DTOKit"), .product(name: "DTOKitMiddleware", package: "DTOKit")')
    lines = [
        "// swift-tools-version:6.2",
        "// Generated by Scripts/check-doc-snippets.py; do not edit.",
        "import PackageDescription",
        "",
        "let package = Package(",
        '    name: "DocSnippets",',
        "    platforms: [.macOS(.v14), .iOS(.v17)],",
        '    dependencies: [.package(name: "DTOKit", path: "%s")],' % ROOT,
        "    targets: [",
        '        .target(name: "DTOs", dependencies: [.product(name: "DTOKit", package: "DTOKit")],',
        '                plugins: [.plugin(name: "DTOKitPlugin", package: "DTOKit")]),',
    ]
    for module in targets:
        lines.append('        .target(name: "%s", dependencies: ["DTOs", %s], swiftSettings: %s),'
                     % (module, products, settings))
    lines += ["    ]", ")", ""]
    with open(os.path.join(scratch, "Package.swift"), "w") as f:
        f.write("\n".join(lines))
    return targets, manifests, skipped, count


def check_manifest(block, scratch):
    """Evaluates a Package.swift block in a folder with the source folders it names."""
    folder = os.path.join(scratch, "manifest")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    text = "\n".join(block.lines) + "\n"
    with open(os.path.join(folder, "Package.swift"), "w") as f:
        f.write(text)
    for name in re.findall(r'\.(?:target|executableTarget)\(\s*name:\s*"([^"]+)"', text):
        os.makedirs(os.path.join(folder, "Sources", name), exist_ok=True)
        with open(os.path.join(folder, "Sources", name, "main.swift"), "w") as f:
            f.write("")
    result = subprocess.run(["swift", "package", "dump-package", "--package-path", folder],
                            capture_output=True, text=True)
    return None if result.returncode == 0 else result.stderr.strip()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scratch", default=os.path.join(ROOT, ".build-snippets"))
    parser.add_argument("--build-path", help="build in this folder (e.g. the repository's .build, whose DTOKit "
                        "modules then need no compiling again); otherwise in the scratch package's own")
    parser.add_argument("--list", action="store_true", help="write the package and list the snippets, build nothing")
    args = parser.parse_args()
    os.makedirs(args.scratch, exist_ok=True)
    targets, manifests, skipped, count = write_package(args.scratch, DOCUMENTS)
    for where, reason in skipped:
        print("skipped %s: %s" % (where, reason))
    if args.list:
        print("%d snippets in %d targets, %d manifests: %s" % (count, len(targets), len(manifests), args.scratch))
        return 0
    failures = []
    for block in manifests:
        problem = check_manifest(block, args.scratch)
        if problem:
            failures.append("%s: the manifest does not evaluate:\n%s" % (block.where, problem))
    # Beside another package's build the flags must be that build's (debug information included),
    # or SwiftPM compiles DTOKit again.
    where = ["--scratch-path", args.build_path] if args.build_path else ["-debug-info-format", "none"]
    build = subprocess.run(["swift", "build", "--package-path", args.scratch] + where,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    errors = sorted(set(re.findall(r"^(/\S*/Sources/Snippets\w+/\S+\.swift:\d+:\d+: error: .*)$", build.stdout, re.M)))
    if build.returncode != 0 and not errors:
        failures.append(build.stdout[-6000:])
    failures += errors
    if failures:
        print("\n".join(failures))
        print("doc snippets FAILED: %d problems (%d snippets, %d manifests; files in %s)"
              % (len(failures), count, len(manifests), args.scratch))
        return 1
    print("doc snippets passed: %d Swift blocks in %d documents and %d manifests compile as written"
          % (count, len(targets), len(manifests)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
