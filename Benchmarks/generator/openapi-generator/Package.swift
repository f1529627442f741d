// swift-tools-version: 6.1
import PackageDescription

// Only here to build apple/swift-openapi-generator's CLI (its `swift-openapi-generator`
// executable product) in release mode for Benchmarks/generator/run:
//
//     swift build -c release --product swift-openapi-generator --scratch-path ../.build-openapi-generator
//
// It has no targets of its own.
let package = Package(
    name: "OpenAPIGeneratorCLI",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3")
    ],
    targets: []
)
