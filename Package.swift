// swift-tools-version:6.2
import PackageDescription

// DTOKit depends on no package: only the Swift toolchain (stdlib, Foundation, XCTest).
// Tools version 6.2: generated DTOs are declared `nonisolated` (SE-0449, Swift 6.1), so that they
// compile in targets with MainActor default isolation; and since SwiftPM 6.2 a package used by URL
// may set compiler flags (`unsafeFlags`) when its manifest says 6.2 or later, which the generator's
// and the client's targets use (below).

/// The generator and its command-line edges are not optimized, in release builds either. SwiftPM
/// compiles the build plugin's tool before anything else in every clean build (CI, archives), in the
/// build's configuration: optimized, that took about 20 s of a 60 s clean release build of a
/// TechStacks app on 2 cores, for a tool that generates TechStacks in 0.05 s (0.12 s unoptimized).
/// The runtime (`DTOKit`, `DTOKitStructs`) stays optimized: its speed is the product's.
let unoptimizedInRelease: [SwiftSetting] = [.unsafeFlags(["-Onone"], .when(configuration: .release))]

/// The client's modules are optimized for size in release builds: a call spends its time waiting for
/// the network (300–400 µs of URLSession's CPU per call against about 15 µs of the client's own), so
/// what the client costs every app's build and binary weighs more than the last few percent of its
/// CPU. On a TechStacks app (2 cores): DTOKitClient's object code 722 → 650 KB, its release compile
/// 20 → 14.5 s of frontend time, the client's own CPU per call 2–4% more. The runtime (`DTOKit`,
/// `DTOKitStructs`), which reads and writes the JSON, stays optimized for speed.
let sizeOptimizedInRelease: [SwiftSetting] = [.unsafeFlags(["-Osize"], .when(configuration: .release))]

/// Every target is compiled with strict memory safety (SE-0458): the compiler flags every use of raw
/// memory and other unsafe constructs not marked `unsafe`. Such code lives only in
/// `Sources/DTOKit/Bytes`, behind a safe API (`.ci/run` fails on any such warning, and on `unsafe`
/// written anywhere else in `Sources`). Generated DTOs compile cleanly under it too (the fixtures).
let memorySafe: [SwiftSetting] = [.strictMemorySafety()]
let unoptimizedMemorySafe: [SwiftSetting] = unoptimizedInRelease + memorySafe
let clientMemorySafe: [SwiftSetting] = sizeOptimizedInRelease + memorySafe

/// The builder files DTOKit and DTOKitStructs share (`Sources/DTOKit/Serialization/Builders`) import
/// DTOKit where they are compiled for DTO structs.
let structFamily: [SwiftSetting] = [.define("DTOKIT_STRUCT_FAMILY")]
let package = Package(
    name: "DTOKit",
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .macCatalyst(.v15)],
    products: [
        .library(name: "DTOKit", targets: ["DTOKit"]),
        .library(name: "DTOKitClient", targets: ["DTOKitClient"]),
        .library(name: "DTOKitServerEvents", targets: ["DTOKitServerEvents"]),
        .library(name: "DTOKitMiddleware", targets: ["DTOKitMiddleware"]),
        .library(name: "DTOKitStructs", targets: ["DTOKitStructs"]),
        .library(name: "DTOKitGenerator", targets: ["DTOKitGenerator"]),
        .executable(name: "dtokit", targets: ["DTOKitCLI"]),
        .plugin(name: "DTOKitPlugin", targets: ["DTOKitPlugin"]),
        .plugin(name: "UpdateDTOs", targets: ["UpdateDTOs"]),
        .plugin(name: "GenerateDTOs", targets: ["GenerateDTOs"]),
    ],
    targets: [
        // Runtime: JSON reader/writer, accessor metadata, value formats, ServiceStack built-ins.
        .target(name: "DTOKit", swiftSettings: memorySafe),
        // What DTOs generated as structs (`ExportAsStructs`) use: their property builders, the
        // built-ins' struct forms, `Indirect`. A module of its own, so that an app with classes
        // neither compiles nor links it. Its builders are DTOKit's builder files, linked
        // (`Builders/`), compiled for the struct family (`structFamily`).
        .target(name: "DTOKitStructs", dependencies: ["DTOKit"], swiftSettings: memorySafe + structFamily),
        // Typed HTTP client on URLSession.
        .target(name: "DTOKitClient", dependencies: ["DTOKit"], swiftSettings: clientMemorySafe),
        // Server Events on any ServiceClient: a module of its own, so that an app that only calls
        // services neither compiles nor links it.
        .target(name: "DTOKitServerEvents", dependencies: ["DTOKit", "DTOKitClient"], swiftSettings: clientMemorySafe),
        .target(name: "DTOKitMiddleware", dependencies: ["DTOKit", "DTOKitClient"], swiftSettings: clientMemorySafe),
        // The generator: snapshot + options -> Swift source text; no files, no arguments.
        .target(name: "DTOKitGenerator", swiftSettings: unoptimizedMemorySafe),
        // `generate`, the generator's command-line edge: arguments, files, exit codes.
        .target(name: "DTOKitGenerateCommand", dependencies: ["DTOKitGenerator"], swiftSettings: unoptimizedMemorySafe),
        // The rest of the command line: `fetch` (URLSession), `update`, `init`, help.
        .target(
            name: "DTOKitCommandLine", dependencies: ["DTOKitGenerator", "DTOKitGenerateCommand"],
            swiftSettings: unoptimizedMemorySafe),
        // `dtokit` command line tool. No two paths in the package may differ only by case (module
        // `DTOKitCLI`, not `dtokit`): a Mac's volume folds them into one; CI checks (Scripts/check-case.py).
        .executableTarget(name: "DTOKitCLI", dependencies: ["DTOKitCommandLine"], swiftSettings: unoptimizedMemorySafe),
        // The build plugin's tool: `generate` only, so that a user's first build compiles no more of the
        // generator than it runs (the tool is compiled before anything else, in the build's configuration).
        .executableTarget(
            name: "DTOKitPluginTool", dependencies: ["DTOKitGenerateCommand"], swiftSettings: unoptimizedMemorySafe),
        // The whole command line again, for the command plugins. A separate target because SwiftPM cannot
        // hand a plugin an executable target whose product is named differently (swiftlang/swift-package-manager#8831).
        .executableTarget(
            name: "DTOKitCommandTool", dependencies: ["DTOKitCommandLine"], swiftSettings: unoptimizedMemorySafe),

        .plugin(name: "DTOKitPlugin", capability: .buildTool(), dependencies: ["DTOKitPluginTool"]),
        .plugin(
            name: "UpdateDTOs",
            capability: .command(
                intent: .custom(
                    verb: "update-dtos",
                    description: "Refresh each NAME.metadata.json from the BaseUrl in its NAME.options"),
                permissions: [
                    .allowNetworkConnections(
                        scope: .all(), reason: "Downloads /types/metadata from the BaseUrl in NAME.options"),
                    .writeToPackageDirectory(reason: "Rewrites the NAME.metadata.json snapshots"),
                ]),
            dependencies: ["DTOKitCommandTool"]),
        .plugin(
            name: "GenerateDTOs",
            capability: .command(
                intent: .custom(
                    verb: "generate-dtos",
                    description: "Write the generated Swift DTOs into the package, for checking them in"),
                permissions: [.writeToPackageDirectory(reason: "Writes NAME.dtos.swift next to each snapshot")]),
            dependencies: ["DTOKitPluginTool"]),

        // Tests: runtime unit tests, generator/CLI tests, and integration (plugin-generated code + HTTP client).
        .testTarget(name: "DTOKitTests", dependencies: ["DTOKit", "DTOKitStructs"], swiftSettings: memorySafe),
        .testTarget(
            name: "DTOKitGeneratorTests",
            dependencies: ["DTOKit", "DTOKitStructs", "DTOKitGenerator", "DTOKitGenerateCommand", "DTOKitCommandLine"],
            exclude: ["References"], swiftSettings: memorySafe),
        .testTarget(
            name: "DTOKitClientTests", dependencies: ["DTOKit", "DTOKitClient", "DTOKitMiddleware"],
            swiftSettings: memorySafe),
    ]
)

/// The integration tests and the real fixture modules the plugin generates for them: most of a clean
/// `swift test`'s build. `DTOKIT_FAST_TESTS=1 swift test` leaves them out, for a quick loop on the
/// runtime, the generator and the client's rules (CI runs everything).
let integrationTargets: [Target] = [
    // Real fixture snapshots, each in its own module (their type names overlap), built by the plugin.
    .target(
        name: "BlazorGalleryDTOs", dependencies: ["DTOKit"], path: "Tests/Fixtures/BlazorGalleryDTOs",
        swiftSettings: memorySafe, plugins: [.plugin(name: "DTOKitPlugin")]),
    .target(
        name: "PvqDTOs", dependencies: ["DTOKit"], path: "Tests/Fixtures/PvqDTOs",
        swiftSettings: memorySafe, plugins: [.plugin(name: "DTOKitPlugin")]),
    .target(
        name: "AdminUiDTOs", dependencies: ["DTOKit"], path: "Tests/Fixtures/AdminUiDTOs",
        swiftSettings: memorySafe, plugins: [.plugin(name: "DTOKitPlugin")]),
    .target(
        name: "TechStacksDTOs", dependencies: ["DTOKit"], path: "Tests/Fixtures/TechStacksDTOs",
        swiftSettings: memorySafe, plugins: [.plugin(name: "DTOKitPlugin")]),
    // Hand-written snapshot in the shapes of older servers (pre-2022 members, `Nullable`1[]`).
    .target(
        name: "OldServerDTOs", dependencies: ["DTOKit"], path: "Tests/Fixtures/OldServerDTOs",
        swiftSettings: memorySafe, plugins: [.plugin(name: "DTOKitPlugin")]),
    // Hand-written snapshot of awkward names and every property shape, generated with AddCodable.
    .target(
        name: "EdgeCaseDTOs", dependencies: ["DTOKit"], path: "Tests/Fixtures/EdgeCaseDTOs",
        swiftSettings: memorySafe, plugins: [.plugin(name: "DTOKitPlugin")]),
    // The test services as structs (ExportAsStructs), for the client's families with struct DTOs.
    .target(
        name: "TestServicesStructDTOs", dependencies: ["DTOKit", "DTOKitStructs"],
        path: "Tests/Fixtures/TestServicesStructDTOs",
        swiftSettings: memorySafe, plugins: [.plugin(name: "DTOKitPlugin")]),
    .testTarget(
        name: "DTOKitIntegrationTests",
        dependencies: [
            "DTOKit", "DTOKitStructs", "DTOKitClient", "DTOKitServerEvents", "DTOKitMiddleware", "BlazorGalleryDTOs",
            "PvqDTOs", "AdminUiDTOs", "TechStacksDTOs",
            "EdgeCaseDTOs", "OldServerDTOs", "TestServicesStructDTOs",
        ],
        exclude: ["Server"],
        resources: [.copy("Payloads")],
        swiftSettings: memorySafe, plugins: [.plugin(name: "DTOKitPlugin")]),
]

if Context.environment["DTOKIT_FAST_TESTS"] == nil {
    package.targets += integrationTargets
}
