// swift-tools-version:6.2
import PackageDescription

// DTOKit's AsyncHTTPClient transport: its own package, so that DTOKit itself keeps zero
// dependencies, and only apps that want AsyncHTTPClient (Vapor, Hummingbird, other server-side
// Swift) build it.
//
//   swift build --package-path Transports/AsyncHTTPClient
//   swift test --package-path Transports/AsyncHTTPClient      the client's suites over AsyncHTTPClient
let package = Package(
    name: "DTOKitAsyncHTTPClient",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "DTOKitAsyncHTTPClient", targets: ["DTOKitAsyncHTTPClient"])
    ],
    dependencies: [
        // `name:` pins the identity to "DTOKit" whatever the checkout's folder is called.
        .package(name: "DTOKit", path: "../.."),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // AsyncHTTPClient's TLS: its errors are told apart from other failures (not retried).
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    ],
    targets: [
        .target(
            name: "DTOKitAsyncHTTPClient",
            dependencies: [
                .product(name: "DTOKitClient", package: "DTOKit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]),
        // The client's integration suites (linked in from the root package's tests), run over
        // AsyncHTTPClientTransport against the same test server.
        .testTarget(
            name: "DTOKitAsyncHTTPClientTests",
            dependencies: [
                "DTOKitAsyncHTTPClient",
                .product(name: "DTOKit", package: "DTOKit"),
                .product(name: "DTOKitStructs", package: "DTOKit"),
                .product(name: "DTOKitClient", package: "DTOKit"),
                .product(name: "DTOKitServerEvents", package: "DTOKit"),
                .product(name: "DTOKitMiddleware", package: "DTOKit"),
            ],
            exclude: ["Server"],
            resources: [.copy("Payloads")],
            plugins: [.plugin(name: "DTOKitPlugin", package: "DTOKit")]),
    ]
)
