import Foundation

/// EndpointKit's one way to put a finished file in place of another: `rename(2)`, which replaces
/// the destination in one step, so that a reader sees the old file or the new one, never a part
/// of either, and never neither. `FileOAuthTokenStorage` (a token file, renamed durably), a
/// download's store (its partial file over the destination) and both transports' downloads use it.
package enum FileReplacement {
    /// Renames `source` over `destination`, which it replaces in one step if it exists; with
    /// `durably`, then flushes their folder, so that the rename itself survives a crash (flush
    /// the file first). A file system that cannot flush a folder is left as it is.
    ///
    /// - Throws: The `POSIXError` of `rename(2)`; `source` is then where it was.
    package static func rename(_ source: URL, over destination: URL, durably: Bool = false) throws(POSIXError) {
        guard Foundation.rename(source.path, destination.path) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        guard durably else { return }
        let folder = open(destination.deletingLastPathComponent().path, O_RDONLY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)  // EINVAL where a folder cannot be flushed
            close(folder)
        }
    }

    /// Puts `source` in place of `destination`: renamed over it in one step where `rename(2)` can
    /// (one volume); else (a transport that wrote elsewhere: `EXDEV`) `destination` is removed
    /// and `source` moved there, the one case with a moment when neither is in place.
    ///
    /// - Throws: Foundation's error when the move that follows a failed rename fails too.
    package static func move(_ source: URL, over destination: URL) throws {
        // Not `catch … where`: a non-exhaustive typed catch hangs Swift 6.3.1's SIL optimizer.
        guard (try? rename(source, over: destination)) == nil else { return }
        if FileManager.default.fileExists(atPath: destination.path) {
            try FileManager.default.removeItem(at: destination)
        }
        try FileManager.default.moveItem(at: source, to: destination)
    }
}
