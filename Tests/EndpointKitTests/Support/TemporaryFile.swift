import Foundation

/// A file in a fresh temporary directory, deleted with the directory when the value goes away.
final class TemporaryFile: Sendable {
    let directory: URL
    let url: URL

    /// Writes `bytes` to a new file.
    init(bytes: [UInt8] = [], name: String = "file", pathExtension: String = "bin") throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("endpointkit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        url = directory.appendingPathComponent(name).appendingPathExtension(pathExtension)
        try Data(bytes).write(to: url)
    }

    /// Another path in the same directory, not created.
    func sibling(_ name: String) -> URL {
        directory.appendingPathComponent(name)
    }

    /// The names of the files in the directory.
    var directoryContents: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }
}
