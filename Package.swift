// swift-tools-version: 6.1
import PackageDescription

// EndpointKit depends on no package by default: with default traits, a package that depends on
// it resolves and fetches nothing. The AsyncHTTPClient transport needs async-http-client and
// SwiftNIO; its dependency on them is enabled by the `AsyncHTTPClient` trait, off by default:
//
//     .package(url: "https://github.com/endpointkit/EndpointKit.git", from: "0.3.0", traits: ["AsyncHTTPClient"])

let package = Package(
    name: "EndpointKit",
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "EndpointKit", targets: ["EndpointKit"]),
        .library(name: "EndpointKitTesting", targets: ["EndpointKitTesting"]),
        .library(name: "EndpointKitGitHub", targets: ["EndpointKitGitHub"]),
        .library(name: "EndpointKitAsyncHTTPClient", targets: ["EndpointKitAsyncHTTPClient"]),
        .library(name: "EndpointKitLogging", targets: ["EndpointKitLogging"]),
        .library(name: "EndpointKitMetrics", targets: ["EndpointKitMetrics"]),
        .library(name: "EndpointKitTracing", targets: ["EndpointKitTracing"]),
        .executable(name: "endpointkit-generate", targets: ["endpointkit-generate"]),
    ],
    traits: [
        .trait(
            name: "AsyncHTTPClient",
            description: "AsyncHTTPClientTransport: sends requests with AsyncHTTPClient (SwiftNIO), for Linux servers."
        ),
        .trait(
            name: "OpenAPIGenerator",
            description:
                "endpointkit-generate and `swift package generate-endpoints`: endpoint structs from an OpenAPI description (needs Yams and OpenAPIKit)."
        ),
        .trait(
            name: "Logging",
            description:
                "EndpointKitLogging: one swift-log line per attempt, with structured metadata (needs swift-log)."
        ),
        .trait(
            name: "Metrics",
            description:
                "EndpointKitMetrics: request durations, active requests, retries, renewals, cache hits and stream events (needs swift-metrics)."
        ),
        .trait(
            name: "Tracing",
            description:
                "EndpointKitTracing: a span per call and per attempt, and `traceparent` on every attempt (needs swift-distributed-tracing)."
        ),
        .trait(
            name: "GitHubApps",
            description:
                "GitHubAppAuthenticator and installation tokens: signs GitHub App JWTs with RS256 (needs swift-crypto)."
        ),
        .default(enabledTraits: []),
    ],
    // Every package is gated by a trait: async-http-client, swift-nio, swift-nio-ssl,
    // swift-nio-http2 and swift-nio-extras (which async-http-client depends on too) by `AsyncHTTPClient`, Yams
    // and OpenAPIKit by `OpenAPIGenerator`, swift-log by `Logging`, swift-metrics by `Metrics` and
    // swift-distributed-tracing by `Tracing`, and swift-crypto by `GitHubApps`. Every product of
    // theirs below is a dependency only `.when(traits:)`, so with default traits SwiftPM resolves
    // and fetches none of them (scripts/checks/check-consumer checks: 0 packages resolved).
    dependencies: [
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.100.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.27.0"),
        .package(url: "https://github.com/apple/swift-nio-http2", from: "1.36.0"),
        // NIOSOCKS, whose errors name a SOCKS proxy's refusals (already a dependency of async-http-client).
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.26.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // Without its default trait (ExternalLoading), which the generator does not use.
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", from: "6.4.0", traits: []),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.3.0"),
        // RSA for GitHub App JWTs. 3.12.3 and 4.x both have `_CryptoExtras`' `_RSA.Signing`; the
        // range lets a consumer share whichever swift-crypto the rest of its graph needs.
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        .target(name: "EndpointKit"),
        .target(name: "EndpointKitTesting", dependencies: ["EndpointKit"]),
        .target(
            name: "EndpointKitGitHub",
            dependencies: [
                "EndpointKit",
                .product(name: "Crypto", package: "swift-crypto", condition: .when(traits: ["GitHubApps"])),
                .product(name: "_CryptoExtras", package: "swift-crypto", condition: .when(traits: ["GitHubApps"])),
            ]
        ),
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
                .product(
                    name: "NIOHTTP2", package: "swift-nio-http2", condition: .when(traits: ["AsyncHTTPClient"])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["AsyncHTTPClient"])),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(traits: ["AsyncHTTPClient"])),
                .product(name: "NIOTLS", package: "swift-nio", condition: .when(traits: ["AsyncHTTPClient"])),
                .product(
                    name: "NIOSOCKS", package: "swift-nio-extras", condition: .when(traits: ["AsyncHTTPClient"])),
            ]
        ),
        .target(
            name: "EndpointKitLogging",
            dependencies: [
                "EndpointKit", .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Logging"])),
            ]
        ),
        .target(
            name: "EndpointKitMetrics",
            dependencies: [
                "EndpointKit",
                .product(name: "CoreMetrics", package: "swift-metrics", condition: .when(traits: ["Metrics"])),
            ]
        ),
        .target(
            name: "EndpointKitTracing",
            dependencies: [
                "EndpointKit",
                .product(name: "Tracing", package: "swift-distributed-tracing", condition: .when(traits: ["Tracing"])),
            ]
        ),

        .target(
            name: "EndpointKitGenerator",
            dependencies: [
                .product(name: "Yams", package: "Yams", condition: .when(traits: ["OpenAPIGenerator"])),
                .product(name: "OpenAPIKit", package: "OpenAPIKit", condition: .when(traits: ["OpenAPIGenerator"])),
                .product(name: "OpenAPIKit30", package: "OpenAPIKit", condition: .when(traits: ["OpenAPIGenerator"])),
            ]
        ),
        .executableTarget(name: "endpointkit-generate", dependencies: ["EndpointKitGenerator"]),

        .executableTarget(name: "tour", dependencies: ["EndpointKit"], path: "Examples/Tour"),
        .executableTarget(name: "github", dependencies: ["EndpointKit", "EndpointKitGitHub"], path: "Examples/GitHub"),
        .executableTarget(name: "transfers", dependencies: ["EndpointKit"], path: "Examples/Transfers"),
        .executableTarget(
            name: "chat", dependencies: ["EndpointKit"], path: "Examples/Chat", exclude: ["server.py"]),
        .target(name: "GitHubGenerated", dependencies: ["EndpointKit"], path: "Examples/GitHubGenerated/Endpoints"),
        .executableTarget(
            name: "github-generated", dependencies: ["EndpointKit", "GitHubGenerated"],
            path: "Examples/GitHubGenerated/Tool"),
        .target(name: "SampleApp", dependencies: ["EndpointKit", "EndpointKitGitHub"], path: "Examples/SampleApp"),

        // How a test target finds each local test server, and the `.requires…` trait that skips a
        // suite without it (Tests/Servers/README.md): one module that every test target depends on.
        // No product and no trait: nothing but the test targets depends on it.
        .target(name: "TestServers", dependencies: ["EndpointKit"], path: "Tests/Servers/Locators"),
        // What a concurrency test holds a renewal with until a burst of calls has piled up on it
        // (an `ArrivalCounter`, an authenticator that counts the calls reaching it), instead of
        // sleeping for it. A plain target, like TestServers, for the test targets only.
        .target(name: "TestGates", dependencies: ["EndpointKit"], path: "Tests/Gates"),
        // A process that saves tokens until it is killed, for FileOAuthTokenStorageTests.
        .executableTarget(name: "token-file-writer", dependencies: ["EndpointKit"], path: "Tests/TokenFileWriter"),
        // A process that writes cache entries until it is killed, for DiskResponseCacheTests.
        .executableTarget(name: "cache-writer", dependencies: ["EndpointKit"], path: "Tests/CacheWriter"),
        .testTarget(
            name: "EndpointKitTests",
            dependencies: [
                "EndpointKit", "EndpointKitTesting", "token-file-writer", "cache-writer", "TestServers", "TestGates",
                // For the suites that run against both transports (streaming, observing).
                "EndpointKitAsyncHTTPClient", "EndpointKitLogging", "EndpointKitMetrics", "EndpointKitTracing",
                .product(
                    name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["AsyncHTTPClient"])
                ),
                .product(name: "InMemoryLogging", package: "swift-log", condition: .when(traits: ["Logging"])),
                .product(name: "MetricsTestKit", package: "swift-metrics", condition: .when(traits: ["Metrics"])),
                .product(
                    name: "InMemoryTracing", package: "swift-distributed-tracing", condition: .when(traits: ["Tracing"])
                ),
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "EndpointKitGitHubTests",
            dependencies: [
                "EndpointKitGitHub", "EndpointKitTesting", "TestServers", "TestGates",
                // Keys made at test time, and signatures checked, for the GitHub App suites.
                .product(name: "Crypto", package: "swift-crypto", condition: .when(traits: ["GitHubApps"])),
                .product(name: "_CryptoExtras", package: "swift-crypto", condition: .when(traits: ["GitHubApps"])),
                // The GitHub-like server over HTTPS, which URLSession on Linux cannot trust.
                "EndpointKitAsyncHTTPClient",
                .product(
                    name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["AsyncHTTPClient"])
                ),
                // Every observer on, to see that no app secret reaches one.
                "EndpointKitLogging", "EndpointKitMetrics", "EndpointKitTracing",
                .product(name: "InMemoryLogging", package: "swift-log", condition: .when(traits: ["Logging"])),
                .product(name: "MetricsTestKit", package: "swift-metrics", condition: .when(traits: ["Metrics"])),
                .product(
                    name: "InMemoryTracing", package: "swift-distributed-tracing", condition: .when(traits: ["Tracing"])
                ),
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "EndpointKitAsyncHTTPClientTests",
            dependencies: [
                "EndpointKit", "EndpointKitAsyncHTTPClient", "TestServers",
                .product(
                    name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["AsyncHTTPClient"])
                ),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["AsyncHTTPClient"])),
                .product(
                    name: "NIOConcurrencyHelpers", package: "swift-nio", condition: .when(traits: ["AsyncHTTPClient"])),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(traits: ["AsyncHTTPClient"])),
                // An event loop with virtual time, for the idle watchdog's timer.
                .product(name: "NIOEmbedded", package: "swift-nio", condition: .when(traits: ["AsyncHTTPClient"])),
            ]
        ),
        .testTarget(
            name: "EndpointKitGeneratorTests",
            dependencies: [
                "EndpointKitGenerator", "endpointkit-generate", "EndpointKit", "EndpointKitTesting", "GitHubGenerated",
                "TestServers",
            ],
            resources: [.copy("Descriptions"), .copy("Golden"), .copy("Fixtures")]
        ),
        // The round-trip harness: code that endpointkit-generate wrote from Descriptions/ (in
        // Generated/, a module of its own, since its support types would clash with
        // EndpointKitGeneratorTests' own generated code), called against connexion
        // (Tests/Servers/roundtrip-server.sh). It needs no trait.
        .testTarget(
            name: "EndpointKitRoundTripTests", dependencies: ["EndpointKit", "TestServers"], exclude: ["Descriptions"]
        ),
        .testTarget(
            name: "SampleAppTests", dependencies: ["SampleApp", "EndpointKitTesting"], resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// `swift package generate-endpoints`: the generator as a command plugin. `swift build --build-tests`
// builds every target, a plugin's too, and SwiftPM builds a plugin's tool apart, for the host:
// endpointkit-generate with OpenAPIKit and Yams compiled a second time (about 100 s of CPU on the
// CI machine). scripts/test's build stage, which builds the generator for its own tests, leaves
// the plugin out with ENDPOINTKIT_WITHOUT_PLUGIN=1; scripts/checks/check-consumer runs it as a user does.
// The build-tool plugin, GenerateEndpointsOnBuild, generates at build time from the description in
// a target that lists it; left out the same way.
if Context.environment["ENDPOINTKIT_WITHOUT_PLUGIN"] != "1" {
    package.products.append(.plugin(name: "GenerateEndpoints", targets: ["GenerateEndpoints"]))
    package.products.append(.plugin(name: "GenerateEndpointsOnBuild", targets: ["GenerateEndpointsOnBuild"]))
    package.targets.append(
        .plugin(name: "GenerateEndpointsOnBuild", capability: .buildTool(), dependencies: ["endpointkit-generate"])
    )
    package.targets.append(
        .plugin(
            name: "GenerateEndpoints",
            capability: .command(
                intent: .custom(
                    verb: "generate-endpoints",
                    description: "Generates EndpointKit endpoint structs from an OpenAPI description."),
                permissions: [.writeToPackageDirectory(reason: "Writes the generated endpoints into the package.")]
            ),
            dependencies: ["endpointkit-generate"]
        )
    )
}
