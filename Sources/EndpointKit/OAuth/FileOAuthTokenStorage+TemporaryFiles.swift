import Foundation

/// The temporary file of a save, `.<name>.<UUID>.tmp` next to the file, written with
/// ``TemporaryFileWriter``: owner-only (`0600`), so nothing that holds a token is ever readable
/// by others, and locked until it is renamed over the file, so that a temporary file nobody
/// holds locked is one that a killed save left.
extension FileOAuthTokenStorage {
    /// Writes `data` to a new temporary file, flushes it, and renames it over ``url``; removes the
    /// temporary file when a step fails.
    func replaceFile(with data: Data) throws {
        try TemporaryFileWriter.write(
            data, over: url, temporaryIn: url.deletingLastPathComponent(), named: url.lastPathComponent)
    }

    /// Removes the temporary files of this storage that no save holds locked: those that killed
    /// saves left. Best effort: a file that cannot be removed is left for the next time.
    func removeStaleTemporaryFiles() {
        TemporaryFileWriter.removeAbandonedFiles(in: url.deletingLastPathComponent(), named: url.lastPathComponent)
    }

}
