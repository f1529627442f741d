#if AsyncHTTPClient
    import Foundation
    import NIOCore

    /// The bytes of a request's `httpBodyStream`, read in chunks of 64 KiB while AsyncHTTPClient
    /// uploads them.
    ///
    /// Reading an `InputStream` blocks until bytes are available, which is quick for the data and
    /// file streams a request body usually is.
    struct InputStreamBytes: AsyncSequence, @unchecked Sendable {
        // `@unchecked`: AsyncHTTPClient makes one iterator and reads it from one task at a time, and
        // nothing else touches the stream once the request is handed to the transport.
        typealias Element = ByteBuffer

        let stream: InputStream

        init(_ stream: InputStream) {
            self.stream = stream
        }

        func makeAsyncIterator() -> Iterator {
            Iterator(stream: stream)
        }

        /// Reads the stream chunk by chunk, opening it first and closing it at its end.
        struct Iterator: AsyncIteratorProtocol {
            let stream: InputStream
            private var chunk = [UInt8](repeating: 0, count: 64 << 10)

            init(stream: InputStream) {
                self.stream = stream
            }

            mutating func next() async throws -> ByteBuffer? {
                try read()
            }

            /// The next chunk, read where the loop runs: reading has no suspension point, so a loop
            /// on an actor does not hop threads per chunk (SE-0421).
            mutating func next(isolation actor: isolated (any Actor)?) async throws(any Error) -> ByteBuffer? {
                try read()
            }

            /// Reads the next chunk, opening the stream first and closing it at its end.
            private mutating func read() throws -> ByteBuffer? {
                if stream.streamStatus == .notOpen { stream.open() }
                let count = chunk.withUnsafeMutableBufferPointer { buffer in
                    stream.read(buffer.baseAddress!, maxLength: buffer.count)
                }
                guard count > 0 else {
                    // `streamError` traps on Linux when the stream has no error, so it is only read
                    // for a stream that reports one.
                    let error = count < 0 && stream.streamStatus == .error ? stream.streamError : nil
                    stream.close()
                    if count < 0 { throw BodyStreamError(underlying: error) }
                    return nil
                }
                return ByteBuffer(bytes: chunk[..<count])
            }
        }
    }

    /// Reading a request's `httpBodyStream` failed, so its body could not be sent.
    struct BodyStreamError: Error, CustomStringConvertible {
        /// The stream's error, when it has one.
        var underlying: (any Error)?

        var description: String {
            "the request's body stream could not be read" + (underlying.map { ": \($0)" } ?? "")
        }
    }
#endif
