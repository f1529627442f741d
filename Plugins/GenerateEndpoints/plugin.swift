// `swift package generate-endpoints`: runs endpointkit-generate for a target of the package.
//
//     swift package --allow-writing-to-package-directory generate-endpoints \
//         --target GitHubAPI openapi/api.github.com.yaml --tag repos --tag issues
//
// The files go to the target's `Generated` directory (or `--output DIR`), and are meant to be
// committed. Every other argument is passed to endpointkit-generate.

import Foundation
import PackagePlugin

@main
struct GenerateEndpoints: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let outputs = extractor.extractOption(named: "output")
        let remaining = extractor.remainingArguments
        guard targetNames.count == 1, let targetName = targetNames.first else {
            throw PluginFailure("give one target: --target NAME (the module the endpoints are for)")
        }
        guard let target = try context.package.targets(named: [targetName]).first as? SourceModuleTarget else {
            throw PluginFailure("'\(targetName)' is not a Swift target of this package")
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
}

struct PluginFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
