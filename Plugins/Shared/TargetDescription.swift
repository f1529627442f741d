// The OpenAPI description and configuration file a target holds, found the same way by both
// plugins. (Plugins/GenerateEndpoints and Plugins/GenerateEndpointsOnBuild link this one file:
// a plugin can share code with no other module.)

import Foundation
import PackagePlugin

/// A target's `openapi.yaml` (or `.yml`, `.json`) and its `endpointkit-config.yaml` (or `.yml`), if any.
struct TargetDescription {
    static let descriptionNames = ["openapi.yaml", "openapi.yml", "openapi.json"]
    static let configurationNames = ["endpointkit-config.yaml", "endpointkit-config.yml"]

    var description: URL
    var configuration: URL?

    /// The files of `target`; an error a user can act on when there is no description, or two.
    init(of target: SourceModuleTarget) throws {
        try self.init(files: target.sourceFiles.map(\.url), target: target.name, folder: target.directoryURL.path)
    }

    /// The description and configuration among `files`, the files of the target named `target`,
    /// in `folder`.
    init(files: [URL], target: String, folder: String) throws {
        let descriptions = files.filter { Self.descriptionNames.contains($0.lastPathComponent) }
        let configurations = files.filter { Self.configurationNames.contains($0.lastPathComponent) }
        guard let description = descriptions.first else {
            throw PluginFailure(
                "target '\(target)' has no OpenAPI description: add openapi.yaml, openapi.yml or openapi.json to \(folder)"
            )
        }
        guard descriptions.count == 1 else {
            let names = descriptions.map(\.lastPathComponent).sorted().joined(separator: " and ")
            throw PluginFailure(
                "target '\(target)' has \(descriptions.count) OpenAPI descriptions, \(names): keep one in \(folder)"
            )
        }
        guard configurations.count <= 1 else {
            let names = configurations.map(\.lastPathComponent).sorted().joined(separator: " and ")
            throw PluginFailure(
                "target '\(target)' has \(configurations.count) configuration files, \(names): keep one in \(folder)"
            )
        }
        self.description = description
        self.configuration = configurations.first
    }
}

/// An error the plugin reports, as it is.
struct PluginFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
