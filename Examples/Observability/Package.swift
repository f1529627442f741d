// swift-tools-version: 6.2
import PackageDescription

// An end-to-end OpenTelemetry example: EndpointKit's observers, exported by swift-otel over OTLP/HTTP
// to a local receiver (otlp_receiver.py). A package of its own, so that EndpointKit's own package
// resolves none of swift-otel's dependencies; `scripts/run-examples --observability` builds and runs it.
let package = Package(
    name: "Observability",
    platforms: [.macOS(.v13)],  // swift-otel's clock APIs
    dependencies: [
        .package(name: "EndpointKit", path: "../..", traits: ["Logging", "Metrics", "Tracing"]),
        // Only the OTLP/HTTP exporter: without gRPC, swift-otel builds much faster.
        .package(url: "https://github.com/swift-otel/swift-otel", from: "1.6.0", traits: ["OTLPHTTP"]),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.3.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.4.1"),
    ],
    targets: [
        .executableTarget(
            name: "observability",
            dependencies: [
                .product(name: "EndpointKit", package: "EndpointKit"),
                .product(name: "EndpointKitGitHub", package: "EndpointKit"),
                .product(name: "EndpointKitLogging", package: "EndpointKit"),
                .product(name: "EndpointKitMetrics", package: "EndpointKit"),
                .product(name: "EndpointKitTracing", package: "EndpointKit"),
                .product(name: "OTel", package: "swift-otel"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
