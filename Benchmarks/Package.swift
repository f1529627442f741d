// swift-tools-version: 6.1
import PackageDescription

// The benchmarks live in their own package so that EndpointKit itself keeps zero dependencies.
// Run them with `Benchmarks/run`; see Benchmarks/README.md.
let package = Package(
    name: "EndpointKitBenchmarks",
    platforms: [.macOS(.v12)],
    dependencies: [
        .package(name: "EndpointKit", path: "..", traits: ["AsyncHTTPClient", "Logging", "Metrics", "Tracing"]),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        // AsyncHTTPClient by hand over HTTPS: its TLSConfiguration.
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.27.0"),
        // The Server-Sent Events parser EndpointKit's is compared with.
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
        // What the observers cost, with no backend and with in-memory ones.
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.3.0"),
    ],
    targets: [
        .target(name: "AllocationCounter"),
        .executableTarget(
            name: "endpointkit-benchmarks",
            dependencies: [
                "AllocationCounter",
                .product(name: "EndpointKit", package: "EndpointKit"),
                .product(name: "EndpointKitAsyncHTTPClient", package: "EndpointKit"),
                .product(name: "EndpointKitTesting", package: "EndpointKit"),
                .product(name: "EndpointKitLogging", package: "EndpointKit"),
                .product(name: "EndpointKitMetrics", package: "EndpointKit"),
                .product(name: "EndpointKitTracing", package: "EndpointKit"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            path: "Sources/EndpointKitBenchmarks",
            // Exported, the AllocationCounter's malloc & co. replace glibc's for every library
            // in the process (Foundation included), and release dead-stripping keeps them.
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"], .when(platforms: [.linux]))]
        ),
    ],
    swiftLanguageModes: [.v6]
)
