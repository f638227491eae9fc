// swift-tools-version:6.0
import PackageDescription

// The TechStacks sample: a command-line app that calls the TechStacks services through DTOs that
// DTOKitPlugin generates from Sources/techstacks/techstacks.metadata.json at build time.
let package = Package(
    name: "TechStacksSample",
    platforms: [.macOS(.v12), .iOS(.v15)],
    dependencies: [
        // In your own package: .package(url: "https://github.com/your-org/DTOKit.git", from: "1.0.0")
        .package(name: "DTOKit", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "techstacks",
            dependencies: [
                .product(name: "DTOKit", package: "DTOKit"),
                .product(name: "DTOKitClient", package: "DTOKit"),
            ],
            plugins: [.plugin(name: "DTOKitPlugin", package: "DTOKit")]
        ),
    ]
)
