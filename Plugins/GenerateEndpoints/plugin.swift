// `swift package generate-endpoints`: runs endpointkit-generate for a target of the package.
//
//     swift package --allow-writing-to-package-directory generate-endpoints \
//         --target GitHubAPI openapi/api.github.com.yaml --tag repos --tag issues
//
// The files go to the target's `Generated` directory (or `--output DIR`), and are meant to be
// committed. Every other argument is passed to endpointkit-generate. With no description on the
// command line, the target's own is used (`openapi.yaml`, `.yml` or `.json`), with its
// `endpointkit-config.yaml` when it has one, as the build plugin GenerateEndpointsOnBuild finds
// them: with `--layout combined` the files are the same bytes that plugin writes.

import Foundation
import PackagePlugin

@main
struct GenerateEndpoints: CommandPlugin {
    /// The options of endpointkit-generate that take a value.
    static let optionsWithValue: Set = [
        "--tag", "--operation", "--path", "--module-name", "--access-modifier", "--layout", "--config",
    ]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let outputs = extractor.extractOption(named: "output")
        var remaining = extractor.remainingArguments
        guard targetNames.count == 1, let targetName = targetNames.first else {
            throw PluginFailure("give one target: --target NAME (the module the endpoints are for)")
        }
        guard let target = try context.package.targets(named: [targetName]).first as? SourceModuleTarget else {
            throw PluginFailure("'\(targetName)' is not a Swift target of this package")
        }
        if !Self.namesDescription(remaining) {
            let files = try TargetDescription(of: target)
            remaining.insert(files.description.path, at: 0)
            if let configuration = files.configuration, !remaining.contains("--config") {
                remaining += ["--config", configuration.path]
            }
        }
        let output =
            outputs.first.map { URL(fileURLWithPath: $0, relativeTo: context.package.directoryURL) }
            ?? target.directoryURL.appendingPathComponent("Generated")
        let tool = try context.tool(named: "endpointkit-generate")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = remaining + ["--output", output.path, "--module-name", target.moduleName]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PluginFailure("endpointkit-generate failed with exit status \(process.terminationStatus)")
        }
    }

    /// Whether the arguments hold a description file: an argument that is no option nor an option's value.
    static func namesDescription(_ arguments: [String]) -> Bool {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if optionsWithValue.contains(argument) {
                remaining = remaining.dropFirst()
            } else if !argument.hasPrefix("-") {
                return true
            }
        }
        return false
    }
}
