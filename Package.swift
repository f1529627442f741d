// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "EndpointKit",
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "EndpointKit", targets: ["EndpointKit"]),
        .library(name: "EndpointKitTesting", targets: ["EndpointKitTesting"]),
    ],
    targets: [
        .target(name: "EndpointKit"),
        .target(name: "EndpointKitTesting", dependencies: ["EndpointKit"]),
        .executableTarget(
            name: "tour",
            dependencies: ["EndpointKit"],
            path: "Examples/Tour"
        ),
        .executableTarget(
            name: "github",
            dependencies: ["EndpointKit"],
            path: "Examples/GitHub"
        ),
        .executableTarget(
            name: "transfers",
            dependencies: ["EndpointKit"],
            path: "Examples/Transfers"
        ),
        .target(
            name: "SampleApp",
            dependencies: ["EndpointKit"],
            path: "Tests/SampleApp"
        ),
        .testTarget(
            name: "SampleAppTests",
            dependencies: ["SampleApp", "EndpointKitTesting"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "EndpointKitTests",
            dependencies: ["EndpointKit"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
