// swift-tools-version: 6.1
import PackageDescription

// How long OpenAPIKit takes to read an OpenAPI description into its model, for the note in
// Performance.md on why endpointkit-generate reads the YAML tree itself. Run:
//
//     swift run -c release --scratch-path .build-openapikit openapikit-decode DESCRIPTION.yaml
let package = Package(
    name: "OpenAPIKitDecode",
    dependencies: [
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", exact: "6.4.0", traits: []),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        .executableTarget(
            name: "openapikit-decode",
            dependencies: [
                .product(name: "OpenAPIKit30", package: "OpenAPIKit"),
                .product(name: "OpenAPIKitCompat", package: "OpenAPIKit"),
                .product(name: "Yams", package: "Yams"),
            ])
    ],
    swiftLanguageModes: [.v6]
)
