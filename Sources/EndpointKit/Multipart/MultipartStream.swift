import Foundation

/// An input stream over a multipart body's segments that reads each file only as the bytes are
/// asked for, so sending a file of any size needs one buffer of memory.
///
/// One reader uses it (URLSession, or ``URLSessionTransport`` copying it to a temporary file),
/// from one thread at a time.
final class MultipartStream: InputStream {
    private let segments: [MultipartEncoding.Segment]
    private var index = 0
    private var offsetInSegment = 0
    private var file: FileHandle?
    private var status: Stream.Status = .notOpen
    private var error: (any Error)?

    init(_ segments: [MultipartEncoding.Segment]) {
        self.segments = segments
        super.init(data: Data())
    }

    override var streamStatus: Stream.Status { status }
    override var streamError: (any Error)? { error }
    override var hasBytesAvailable: Bool { status == .open }

    override func open() {
        guard status == .notOpen else { return }
        status = segments.isEmpty ? .atEnd : .open
    }

    override func close() {
        try? file?.close()
        file = nil
        status = .closed
    }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength: Int) -> Int {
        guard status == .open else { return status == .atEnd ? 0 : -1 }
        var filled = 0
        while filled < maxLength, index < segments.count {
            do {
                let count = try readSegment(into: buffer + filled, maxLength: maxLength - filled)
                if count == 0 { nextSegment() } else { filled += count }
            } catch {
                self.error = error
                status = .error
                return -1
            }
        }
        if index == segments.count { status = .atEnd }
        return filled
    }

    override func getBuffer(
        _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length: UnsafeMutablePointer<Int>
    ) -> Bool {
        false
    }

    /// Reads from the current segment; 0 when it is used up.
    private func readSegment(into buffer: UnsafeMutablePointer<UInt8>, maxLength: Int) throws -> Int {
        switch segments[index] {
        case .bytes(let data):
            let count = min(maxLength, data.count - offsetInSegment)
            let start = data.startIndex + offsetInSegment
            data.copyBytes(to: buffer, from: start..<start + count)
            offsetInSegment += count
            return count
        case .file(let url, let size):
            let remaining = Int(size) - offsetInSegment
            guard remaining > 0 else { return 0 }
            if file == nil { file = try FileHandle(forReadingFrom: url) }
            let chunk = try file?.read(upToCount: min(maxLength, remaining)) ?? Data()
            guard !chunk.isEmpty else {
                throw FileTransferError(file: url, reason: "the file became shorter while it was being sent")
            }
            chunk.copyBytes(to: buffer, count: chunk.count)
            offsetInSegment += chunk.count
            return chunk.count
        }
    }

    private func nextSegment() {
        try? file?.close()
        file = nil
        index += 1
        offsetInSegment = 0
    }
}
