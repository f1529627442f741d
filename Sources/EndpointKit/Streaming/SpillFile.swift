import Foundation  // and with it the C library (Glibc, Musl or Darwin): open, pread, pwrite, unlink

/// A temporary file that holds the part of a streamed body its reader has not read yet, when the
/// transport cannot be told to wait (``URLSessionTransport`` on Linux): bytes are appended at the
/// end and read from the front, and the file is emptied whenever the reader catches up. It is
/// removed from the directory as soon as it is opened, so nothing is left behind, even if the
/// process dies; its space is freed when it is closed, once no copy of it is left.
///
/// A value, so that the ``ResponseBodyBuffer`` state that holds it is `Sendable`: the buffer
/// reads and writes it only while holding its lock, and keeps one copy.
struct SpillFile: Sendable {
    /// The open file, closed when the last copy of the spill file goes away.
    private final class Descriptor: Sendable {
        let rawValue: Int32

        init(_ rawValue: Int32) {
            self.rawValue = rawValue
        }

        deinit {
            close(rawValue)
        }
    }

    private let file: Descriptor
    private var readOffset: off_t = 0
    private var writeOffset: off_t = 0

    /// The bytes written and not read yet.
    var unread: Int { Int(writeOffset - readOffset) }

    /// Creates and opens an empty file in the temporary directory.
    ///
    /// - Throws: `CocoaError(.fileWriteUnknown)` when no file can be created.
    init() throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("EndpointKit-stream-\(UUID().uuidString)").path
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
        unlink(path)
        file = Descriptor(descriptor)
    }

    /// Appends `data`.
    ///
    /// - Throws: `CocoaError(.fileWriteUnknown)` when the disk does not take it (full, for one).
    mutating func append(_ data: Data) throws {
        let descriptor = file.rawValue
        try data.withUnsafeBytes { bytes in
            var written = 0
            while written < bytes.count {
                let result = pwrite(descriptor, bytes.baseAddress! + written, bytes.count - written, writeOffset)
                guard result > 0 else { throw CocoaError(.fileWriteUnknown) }
                written += result
                writeOffset += off_t(result)
            }
        }
    }

    /// Reads up to `count` bytes from the front; once everything written was read, the file is
    /// emptied.
    ///
    /// - Throws: `CocoaError(.fileReadUnknown)` when the read fails.
    mutating func read(upTo count: Int) throws -> Data {
        let descriptor = file.rawValue
        let length = min(count, unread)
        var data = Data(count: length)
        let read = data.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, length, readOffset) }
        guard read == length else { throw CocoaError(.fileReadUnknown) }
        readOffset += off_t(length)
        if readOffset == writeOffset {
            readOffset = 0
            writeOffset = 0
            _ = ftruncate(descriptor, 0)
        }
        return data
    }
}
