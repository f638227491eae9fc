// swift-tools-version:6.2
// A package as a DTOKit user has it, built by CI (.ci/consumer-package.sh): the plugin on real
// snapshots in an app target with MainActor default isolation (Xcode's app template setting), a
// library target in Swift 6 mode, and a Swift 5 mode target. Generated code must build without
// warnings in all three.
import PackageDescription

let package = Package(
    name: "ConsumerPackage",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "DTOKit", path: "../..")],
    targets: [
        .executableTarget(
            name: "TechStacksApp",
            dependencies: ["AdminDTOs", "Swift5Client",
                           .product(name: "DTOKit", package: "DTOKit"), .product(name: "DTOKitClient", package: "DTOKit")],
            swiftSettings: [.swiftLanguageMode(.v6), .defaultIsolation(MainActor.self)],
            plugins: [.plugin(name: "DTOKitPlugin", package: "DTOKit")]),
        .target(
            name: "AdminDTOs",
            dependencies: [.product(name: "DTOKit", package: "DTOKit")],
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "DTOKitPlugin", package: "DTOKit")]),
        .target(
            name: "Swift5Client",
            dependencies: [.product(name: "DTOKit", package: "DTOKit"), .product(name: "DTOKitClient", package: "DTOKit")],
            swiftSettings: [.swiftLanguageMode(.v5), .enableUpcomingFeature("StrictConcurrency"),
                            .defaultIsolation(MainActor.self)],
            plugins: [.plugin(name: "DTOKitPlugin", package: "DTOKit")]),
    ]
)
