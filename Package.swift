// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "DTOKit",
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .macCatalyst(.v15)],
    products: [
        .library(name: "DTOKit", targets: ["DTOKit"]),
    ],
    targets: [
        .target(name: "DTOKit"),
        .testTarget(name: "DTOKitTests", dependencies: ["DTOKit"]),
    ]
)
