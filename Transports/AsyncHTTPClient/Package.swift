// swift-tools-version: 6.0
import PackageDescription

// A Transport for EndpointKit built on AsyncHTTPClient (SwiftNIO), for Linux servers. It lives in
// its own package so that the EndpointKit package itself keeps no third-party dependency.
let package = Package(
    name: "EndpointKitAsyncHTTPClient",
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "EndpointKitAsyncHTTPClient", targets: ["EndpointKitAsyncHTTPClient"])
    ],
    dependencies: [
        .package(name: "EndpointKit", path: "../.."),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.100.0"),
    ],
    targets: [
        .target(
            name: "EndpointKitAsyncHTTPClient",
            dependencies: [
                .product(name: "EndpointKit", package: "EndpointKit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "EndpointKitAsyncHTTPClientTests",
            dependencies: [
                "EndpointKitAsyncHTTPClient",
                .product(name: "EndpointKit", package: "EndpointKit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
