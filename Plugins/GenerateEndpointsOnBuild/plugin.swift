// The generator as a build-tool plugin: a target that lists it and holds an OpenAPI description
// (`openapi.yaml`, `.yml` or `.json`), and optionally `endpointkit-config.yaml`, gets its endpoints
// generated at build time, in the plugin's work directory. Nothing is written into the package.
//
//     .target(
//         name: "GitHubAPI",
//         dependencies: [.product(name: "EndpointKit", package: "EndpointKit")],
//         plugins: [.plugin(name: "GenerateEndpointsOnBuild", package: "EndpointKit")]
//     )
//
// A build-tool command names its output files before it runs, so the plugin asks for the
// `combined` layout, whose two files (GeneratedTypes.swift, GeneratedEndpoints.swift) are the
// same whatever the description holds. SwiftPM runs the command again only when the description,
// the configuration file or endpointkit-generate changed.

import Foundation
import PackagePlugin

@main
struct GenerateEndpointsOnBuild: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else {
            throw PluginFailure("'\(target.name)' is not a Swift target; GenerateEndpointsOnBuild generates Swift")
        }
        return [
            try Self.command(
                for: TargetDescription(of: target), module: target.moduleName, target: target.name,
                workDirectory: context.pluginWorkDirectoryURL, tool: context.tool(named: "endpointkit-generate").url)
        ]
    }

    /// The one command: endpointkit-generate on the target's description, into two files.
    static func command(
        for files: TargetDescription, module: String, target: String, workDirectory: URL, tool: URL
    ) -> Command {
        let output = workDirectory.appendingPathComponent("Generated", isDirectory: true)
        var arguments = [files.description.path]
        if let configuration = files.configuration {
            arguments += ["--config", configuration.path]
        }
        // The command line wins over the file: the output and the layout are the plugin's.
        arguments += ["--output", output.path, "--layout", "combined", "--module-name", module]
        return .buildCommand(
            displayName: "Generating endpoints for \(target) from \(files.description.lastPathComponent)",
            executable: tool,
            arguments: arguments,
            inputFiles: [files.description] + (files.configuration.map { [$0] } ?? []),
            outputFiles: [
                output.appendingPathComponent("GeneratedTypes.swift"),
                output.appendingPathComponent("GeneratedEndpoints.swift"),
            ]
        )
    }
}

// A target of an Xcode project (an app, not a package) that lists the plugin: the same command.
// Apple platforms only (LinuxNotes); nothing here can compile it.
#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension GenerateEndpointsOnBuild: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            let files = try TargetDescription(
                files: target.inputFiles.map(\.url), target: target.displayName,
                folder: context.xcodeProject.directoryURL.path)
            return [
                Self.command(
                    for: files, module: target.displayName, target: target.displayName,
                    workDirectory: context.pluginWorkDirectoryURL,
                    tool: try context.tool(named: "endpointkit-generate").url)
            ]
        }
    }
#endif
