// swift-tools-version:6.2
import PackageDescription

// The TechStacks sample, in the recommended layout: a `DTOs` target that holds only the server's
// snapshot (Sources/DTOs/techstacks.metadata.json), its options and a one-line Swift file, built by
// DTOKitPlugin; and the `techstacks` command-line app that depends on it and calls the services.
let package = Package(
    name: "TechStacksSample",
    platforms: [.macOS(.v12), .iOS(.v15)],
    dependencies: [
        // In your own package: .package(url: "https://github.com/DTOKit/DTOKit.git", from: "2.0.0")
        .package(name: "DTOKit", path: "../..")
    ],
    targets: [
        // The generated DTOs. AddCodable in techstacks.options adds Codable, for the timing comparison.
        .target(
            name: "DTOs",
            dependencies: [.product(name: "DTOKit", package: "DTOKit")],
            plugins: [.plugin(name: "DTOKitPlugin", package: "DTOKit")]
        ),
        .executableTarget(
            name: "techstacks",
            dependencies: [
                "DTOs",
                .product(name: "DTOKit", package: "DTOKit"),
                .product(name: "DTOKitClient", package: "DTOKit"),
                .product(name: "DTOKitServerEvents", package: "DTOKit"),
            ]
        ),
    ]
)
