// swift-tools-version:6.2
// A package as a DTOKit user has it, built by CI (Tests/ConsumerPackage/check.sh, in a checkout on a
// case-insensitive file system): the plugin on real snapshots in an app target with the settings of
// Xcode 26's app template (MainActor default isolation, "Approachable Concurrency"), a library target
// in Swift 6 mode with public DTOs and InternalImportsByDefault, and a Swift 5 mode target. Generated
// code must build without warnings in all three.
import PackageDescription

/// What Xcode 26's app template turns on besides MainActor default isolation.
let approachableConcurrency: [SwiftSetting] = [
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
]

let package = Package(
    name: "ConsumerPackage",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "DTOKit", path: "../..")],
    targets: [
        .executableTarget(
            name: "TechStacksApp",
            dependencies: [
                "AdminDTOs", "Swift5Client",
                .product(name: "DTOKit", package: "DTOKit"), .product(name: "DTOKitStructs", package: "DTOKit"),
                .product(name: "DTOKitClient", package: "DTOKit"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6), .defaultIsolation(MainActor.self)] + approachableConcurrency,
            plugins: [.plugin(name: "DTOKitPlugin", package: "DTOKit")]),
        .target(
            name: "AdminDTOs",
            dependencies: [
                .product(name: "DTOKit", package: "DTOKit"), .product(name: "DTOKitStructs", package: "DTOKit"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6), .enableUpcomingFeature("InternalImportsByDefault")],
            plugins: [.plugin(name: "DTOKitPlugin", package: "DTOKit")]),
        .target(
            name: "Swift5Client",
            dependencies: [
                .product(name: "DTOKit", package: "DTOKit"), .product(name: "DTOKitClient", package: "DTOKit"),
            ],
            swiftSettings: [
                .swiftLanguageMode(.v5), .enableUpcomingFeature("StrictConcurrency"),
                .defaultIsolation(MainActor.self),
            ] + approachableConcurrency,
            plugins: [.plugin(name: "DTOKitPlugin", package: "DTOKit")]),
    ]
)
