// swift-tools-version: 6.1
import PackageDescription

// EndpointKit depends on no package by default: with default traits, a package that depends on
// it resolves and fetches nothing. The AsyncHTTPClient transport needs async-http-client and
// SwiftNIO; its dependency on them is enabled by the `AsyncHTTPClient` trait, off by default:
//
//     .package(url: "https://github.com/endpointkit/EndpointKit.git", from: "0.1.0", traits: ["AsyncHTTPClient"])

let package = Package(
    name: "EndpointKit",
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "EndpointKit", targets: ["EndpointKit"]),
        .library(name: "EndpointKitTesting", targets: ["EndpointKitTesting"]),
        .library(name: "EndpointKitGitHub", targets: ["EndpointKitGitHub"]),
        .library(name: "EndpointKitAsyncHTTPClient", targets: ["EndpointKitAsyncHTTPClient"]),
    ],
    traits: [
        .trait(
            name: "AsyncHTTPClient",
            description: "AsyncHTTPClientTransport: sends requests with AsyncHTTPClient (SwiftNIO), for Linux servers."
        ),
        .default(enabledTraits: []),
    ],
    // Both packages are gated by the `AsyncHTTPClient` trait: every product of theirs below is a
    // dependency only `.when(traits: ["AsyncHTTPClient"])`, so with default traits SwiftPM
    // resolves and fetches neither (scripts/check-consumer checks: 0 packages resolved).
    dependencies: [
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.100.0"),
    ],
    targets: [
        .target(name: "EndpointKit"),
        .target(name: "EndpointKitTesting", dependencies: ["EndpointKit"]),
        .target(name: "EndpointKitGitHub", dependencies: ["EndpointKit"]),
        .target(
            name: "EndpointKitAsyncHTTPClient",
            dependencies: [
                "EndpointKit",
                .product(
                    name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["AsyncHTTPClient"])
                ),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["AsyncHTTPClient"])),
                .product(
                    name: "NIOConcurrencyHelpers", package: "swift-nio", condition: .when(traits: ["AsyncHTTPClient"])),
                .product(
                    name: "NIOFoundationCompat", package: "swift-nio", condition: .when(traits: ["AsyncHTTPClient"])),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: ["AsyncHTTPClient"])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["AsyncHTTPClient"])),
            ]
        ),

        .executableTarget(name: "tour", dependencies: ["EndpointKit"], path: "Examples/Tour"),
        .executableTarget(name: "github", dependencies: ["EndpointKit", "EndpointKitGitHub"], path: "Examples/GitHub"),
        .executableTarget(name: "transfers", dependencies: ["EndpointKit"], path: "Examples/Transfers"),
        .executableTarget(
            name: "chat", dependencies: ["EndpointKit"], path: "Examples/Chat", exclude: ["server.py"]),
        .target(name: "SampleApp", dependencies: ["EndpointKit", "EndpointKitGitHub"], path: "Examples/SampleApp"),

        .testTarget(
            name: "EndpointKitTests",
            dependencies: [
                "EndpointKit", "EndpointKitTesting",
                // For the suites that run against both transports (streaming).
                "EndpointKitAsyncHTTPClient",
                .product(
                    name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["AsyncHTTPClient"])
                ),
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "EndpointKitGitHubTests", dependencies: ["EndpointKitGitHub", "EndpointKitTesting"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "EndpointKitAsyncHTTPClientTests",
            dependencies: [
                "EndpointKit", "EndpointKitAsyncHTTPClient",
                .product(
                    name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["AsyncHTTPClient"])
                ),
            ]
        ),
        .testTarget(
            name: "SampleAppTests", dependencies: ["SampleApp", "EndpointKitTesting"], resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
