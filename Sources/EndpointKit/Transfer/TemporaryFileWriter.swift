import Foundation

/// EndpointKit's one way to write a file that nobody ever sees half-written: the bytes go to a
/// new temporary file, `.<name>.<UUID>.tmp`, created with `O_CREAT | O_EXCL` and mode `0600` and
/// locked (`flock`) from its creation until it is renamed over the destination, flushed, then
/// renamed in place with ``FileReplacement``. The lock dies with its process, so a temporary file
/// that nobody holds locked is one that a killed write left. `FileOAuthTokenStorage` and
/// `DiskResponseCache` use it.
package enum TemporaryFileWriter {
    /// Writes `data` to a new temporary file named after `name` in `folder`, flushes it, and renames
    /// it over `destination` (durably); removes the temporary file when a step fails.
    ///
    /// - Throws: A `CocoaError` that names the step, the path and the system's error
    ///   (`NSUnderlyingErrorKey`, a `POSIXError`).
    package static func write(_ data: Data, over destination: URL, temporaryIn folder: URL, named name: String) throws {
        let (path, descriptor) = try makeTemporaryFile(in: folder, named: name)
        defer { close(descriptor) }  // after the rename: until then the lock says "in progress"
        do {
            try writeAll(data, to: descriptor, at: path)
            guard fsync(descriptor) == 0 else { throw failure(errno, "flush", path) }
            do {
                try FileReplacement.rename(URL(fileURLWithPath: path), over: destination, durably: true)
            } catch {
                throw failure(error.code.rawValue, "rename over \(destination.path)", path)
            }
        } catch {
            unlink(path)
            throw error
        }
    }

    /// Removes the temporary files named after `name` in `folder` that no write holds locked:
    /// those that killed writes left. Best effort: a file that cannot be removed is left for the
    /// next time.
    package static func removeAbandonedFiles(in folder: URL, named name: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for file in names where isTemporaryFileName(file, named: name) {
            let path = folder.appendingPathComponent(file).path
            // Never follows a link, never waits on a FIFO put there under that name.
            let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }  // a write in progress
            unlink(path)
        }
    }

    /// Whether `file` is one of the temporary files named after `name`: `.<name>.<UUID>.tmp`.
    package static func isTemporaryFileName(_ file: String, named name: String) -> Bool {
        let prefix = ".\(name)."
        guard file.hasPrefix(prefix), file.hasSuffix(".tmp") else { return false }
        return UUID(uuidString: String(file.dropFirst(prefix.count).dropLast(".tmp".count))) != nil
    }

    /// A new temporary file, open for writing and locked. If a cleanup removed it between its
    /// creation and the lock, a new one is made.
    private static func makeTemporaryFile(in folder: URL, named name: String) throws -> (
        path: String, descriptor: Int32
    ) {
        while true {
            let path = folder.appendingPathComponent(".\(name).\(UUID().uuidString).tmp").path
            let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw failure(errno, "create", path) }
            var status = stat()
            guard flock(descriptor, LOCK_EX) == 0, fstat(descriptor, &status) == 0 else {
                let code = errno
                unlink(path)
                close(descriptor)
                throw failure(code, "lock", path)
            }
            if status.st_nlink > 0 { return (path, descriptor) }
            close(descriptor)
        }
    }

    private static func writeAll(_ data: Data, to descriptor: Int32, at path: String) throws {
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
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
