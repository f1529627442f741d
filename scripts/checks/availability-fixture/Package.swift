// swift-tools-version: 6.1
// A package that is never built: scripts/checks/check-availability --self-test checks it and expects
// exactly the findings its sources mark with `// expect: NAME`.
import PackageDescription

let package = Package(
    name: "Fixture",
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8)],
    targets: [.target(name: "Fixture")]
)
