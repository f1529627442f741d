import Foundation

/// The temporary file of a save, `.<name>.<UUID>.tmp` next to the file: created with
/// `O_CREAT | O_EXCL` and mode `0600`, so nothing that holds a token is ever readable by others,
/// and locked (`flock`) from its creation until it is renamed over the file. The lock dies with
/// its process, so a temporary file that nobody holds locked is one that a killed save left.
extension FileOAuthTokenStorage {
    /// Writes `data` to a new temporary file, flushes it, and renames it over ``url``; removes the
    /// temporary file when a step fails.
    func replaceFile(with data: Data) throws {
        let (path, descriptor) = try makeTemporaryFile()
        defer { close(descriptor) }  // after the rename: until then the lock says "in progress"
        do {
            try Self.writeAll(data, to: descriptor, at: path)
            guard fsync(descriptor) == 0 else { throw Self.failure(errno, "flush", path) }
            do {
                try FileReplacement.rename(URL(fileURLWithPath: path), over: url, durably: true)
            } catch {
                throw Self.failure(error.code.rawValue, "rename over \(url.path)", path)
            }
        } catch {
            unlink(path)
            throw error
        }
    }

    /// Removes the temporary files of this storage that no save holds locked: those that killed
    /// saves left. Best effort: a file that cannot be removed is left for the next time.
    func removeStaleTemporaryFiles() {
        let folder = url.deletingLastPathComponent()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where isTemporaryFileName(name) {
            let path = folder.appendingPathComponent(name).path
            // Never follows a link, never waits on a FIFO put there under that name.
            let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }  // a save in progress
            unlink(path)
        }
    }

    /// Whether `name` is one of this storage's temporary files: `.<name>.<UUID>.tmp`.
    func isTemporaryFileName(_ name: String) -> Bool {
        let prefix = ".\(url.lastPathComponent)."
        guard name.hasPrefix(prefix), name.hasSuffix(".tmp") else { return false }
        return UUID(uuidString: String(name.dropFirst(prefix.count).dropLast(".tmp".count))) != nil
    }

    /// A new temporary file, open for writing and locked. If a cleanup removed it between its
    /// creation and the lock, a new one is made.
    private func makeTemporaryFile() throws -> (path: String, descriptor: Int32) {
        let folder = url.deletingLastPathComponent()
        while true {
            let path = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp").path
            let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw Self.failure(errno, "create", path) }
            var status = stat()
            guard flock(descriptor, LOCK_EX) == 0, fstat(descriptor, &status) == 0 else {
                let code = errno
                unlink(path)
                close(descriptor)
                throw Self.failure(code, "lock", path)
            }
            if status.st_nlink > 0 { return (path, descriptor) }
            close(descriptor)
        }
    }

    private static func writeAll(_ data: Data, to descriptor: Int32, at path: String) throws {
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw failure(errno, "write", path)
                }
                offset += written
            }
        }
    }

    /// "Could not <step> <path>: <the system's message>", with the path and the `POSIXError`.
    private static func failure(_ code: Int32, _ step: String, _ path: String) -> CocoaError {
        let reason = String(cString: strerror(code))
        return CocoaError(
            .fileWriteUnknown,
            userInfo: [
                NSFilePathErrorKey: path,
                NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO),
                NSLocalizedDescriptionKey: "Could not \(step) \(path): \(reason)",
            ])
    }
}
