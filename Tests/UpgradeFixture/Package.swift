// swift-tools-version:6.2
import PackageDescription

// Code as users wrote it against DTOKit 1.0.0 (`CodeFrom1_0`, untouched since: it compiled against commit
// 1d8d5f6) and against main before 2.0.0 (`CodeFromMain`, commit 8e7428b), built against the DTOKit of
// this checkout and run (`Checks`): deprecation warnings are allowed, errors are not, and the old forms
// must still work. `.ci/run` runs `Tests/UpgradeFixture/check.sh`.
let package = Package(
    name: "UpgradeFixture",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "DTOKit", path: "../..")],
    targets: [
        .target(
            name: "DTOs", dependencies: [.product(name: "DTOKit", package: "DTOKit")],
            plugins: [.plugin(name: "DTOKitPlugin", package: "DTOKit")]),
        .target(
            name: "CodeFrom1_0",
            dependencies: [
                "DTOs",
                .product(name: "DTOKit", package: "DTOKit"),
                .product(name: "DTOKitClient", package: "DTOKit"),
                .product(name: "DTOKitMiddleware", package: "DTOKit"),
                .product(name: "DTOKitServerEvents", package: "DTOKit"),
            ]),
        // Code written against main before 2.0.0 (commit 8e7428b), which 1.0.0 did not have.
        .target(
            name: "CodeFromMain",
            dependencies: [
                "DTOs",
                .product(name: "DTOKit", package: "DTOKit"),
                .product(name: "DTOKitClient", package: "DTOKit"),
                .product(name: "DTOKitMiddleware", package: "DTOKit"),
            ]),
        .executableTarget(
            name: "Checks",
            dependencies: [
                "CodeFrom1_0", "CodeFromMain", "DTOs",
                .product(name: "DTOKit", package: "DTOKit"),
                .product(name: "DTOKitClient", package: "DTOKit"),
            ]),
    ]
)
