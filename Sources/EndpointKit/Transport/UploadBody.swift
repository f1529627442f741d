import Foundation

/// A request's body as ``URLSessionTransport`` hands it to URLSession on this platform.
///
/// On Linux (swift-corelibs-foundation 6.3.1) URLSession can only send an `httpBodyStream`
/// chunked, and sends `Transfer-Encoding: chunked` even when the request has a
/// `Content-Length`, so the request carries both, which RFC 9112 forbids and servers reject
/// or misread (regression test: "a streamed body with a length goes out with both headers" in
/// TransportIntegrationTests). An upload task from a file is sent with its length. So a stream
/// with a `Content-Length` is copied to a temporary file, 64 KiB at a time, and uploaded from
/// it; a stream without a length is left to URLSession, chunked. Elsewhere the request is sent
/// as it is.
struct UploadBody {
    /// The request to send; without its stream when ``file`` holds the body.
    let request: URLRequest
    /// A temporary file holding the body, or `nil` when the body is in ``request``.
    let file: URL?

    init(of request: URLRequest) async throws {
        #if canImport(FoundationNetworking)
            if let stream = request.httpBodyStream,
                let length = request.value(forHTTPHeaderField: "Content-Length").flatMap(Int64.init)
            {
                var withoutStream = request
                withoutStream.httpBodyStream = nil
                self.request = withoutStream
                self.file = try await Self.copy(stream, expecting: length)
                return
            }
        #endif
        self.request = request
        self.file = nil
    }

    /// Deletes the temporary file, if there is one.
    func discard() {
        if let file { try? FileManager.default.removeItem(at: file) }
    }

    /// Copies `stream` into a new temporary file off the cooperative thread pool, checking that
    /// it holds exactly `length` bytes.
    private static func copy(_ stream: InputStream, expecting length: Int64) async throws -> URL {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("endpointkit-upload-\(UUID().uuidString)")
        let unsentStream = UnsafeTransfer(stream)
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                do {
                    try write(unsentStream.value, to: file, expecting: length)
                    continuation.resume(returning: file)
                } catch {
                    try? FileManager.default.removeItem(at: file)
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    private static func write(_ stream: InputStream, to file: URL, expecting length: Int64) throws {
        guard FileManager.default.createFile(atPath: file.path, contents: nil),
            let output = FileHandle(forWritingAtPath: file.path)
        else {
            throw FileTransferError(file: file, reason: "the temporary file for the request body cannot be created")
        }
        defer { try? output.close() }
        stream.open()
        defer { stream.close() }
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var written: Int64 = 0
        while true {
            let count = buffer.withUnsafeMutableBufferPointer { stream.read($0.baseAddress!, maxLength: $0.count) }
            if count < 0 {
                let reason = stream.streamError.map { String(describing: $0) } ?? "unknown error"
                throw FileTransferError(file: file, reason: "the request body stream failed: \(reason)")
            }
            if count == 0 { break }
            try output.write(contentsOf: buffer[0..<count])
            written += Int64(count)
        }
        guard written == length else {
            throw FileTransferError(
                file: file, reason: "the request body stream gave \(written) bytes, its Content-Length says \(length)")
        }
    }
}

/// A non-`Sendable` value handed to exactly one other thread, which alone uses it afterwards.
private struct UnsafeTransfer<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
