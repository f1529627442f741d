import Foundation

/// A response whose body arrives while it is read: the status, headers and URL at once, the body
/// chunk by chunk through a ``ResponseBodyBuffer``. A transport returns it from
/// ``Transport/stream(_:bufferSize:)`` for a streaming call (``Client/stream(_:)``).
///
/// ```swift
/// func stream(_ request: URLRequest, bufferSize: Int) async throws -> StreamedResponse {
///     let head = HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/x-ndjson"], url: request.url)
///     return StreamedResponse(head: head, bufferSize: bufferSize) { body in
///         try await body.write(Data("{\"index\": 1}\n".utf8))
///         try await body.write(Data("{\"index\": 2}\n".utf8))
///     }
/// }
/// ```
public struct StreamedResponse: Sendable {
    /// The status, headers and URL; its `body` is empty.
    public var head: HTTPResponse
    /// The body, as it arrives.
    public let body: ResponseBodyBuffer

    /// Creates a response from its head and the buffer its body arrives in, which the transport
    /// feeds.
    ///
    /// - Parameters:
    ///   - head: The status, headers and URL; a body in it is dropped.
    ///   - body: The buffer the body arrives in.
    public init(head: HTTPResponse, body: ResponseBodyBuffer) {
        var head = head
        head.body = Data()
        head.isStreamHead = true
        self.head = head
        self.body = body
    }

    /// Creates a response whose body `writeBody` writes, in a task of its own, into a buffer of
    /// `bufferSize` bytes: ``ResponseBodyBuffer/write(_:)`` waits while the reader is behind.
    ///
    /// The body ends when `writeBody` returns, and fails with its error when it throws. When the
    /// reader goes away first (it left its loop, or its task was cancelled), the task is
    /// cancelled and `write` throws `CancellationError`: close the connection then.
    ///
    /// - Parameters:
    ///   - head: The status, headers and URL; a body in it is dropped.
    ///   - bufferSize: The most bytes held for the reader before `write` waits: the
    ///     `bufferSize` that ``Transport/stream(_:bufferSize:)`` was given.
    ///   - writeBody: Writes the body's bytes in order, as they arrive.
    public init(
        head: HTTPResponse, bufferSize: Int,
        writingBody writeBody: @escaping @Sendable (ResponseBodyBuffer) async throws -> Void
    ) {
        let writer = BodyWriter()
        let body = ResponseBodyBuffer(capacity: bufferSize) { writer.cancel() }
        writer.start {
            do {
                try await writeBody(body)
                body.finish()
            } catch {
                body.finish(throwing: error)  // ignored when the reader is gone
            }
        }
        self.init(head: head, body: body)
    }

    /// A response whose whole body is already here: from a transport that does not stream, or a
    /// middleware that answered by itself.
    ///
    /// - Parameter response: The response, with its whole body.
    public init(whole response: HTTPResponse) {
        let body = ResponseBodyBuffer(capacity: .max)
        if !response.body.isEmpty { _ = body.append(response.body) }
        body.finish()
        self.init(head: response, body: body)
    }

    /// Reads the rest of the body into the head, up to `limit` bytes, then closes the connection:
    /// for an error body, which is decoded whole.
    ///
    /// - Parameter limit: The most bytes kept; the rest is not read.
    /// - Returns: The head with the body read.
    /// - Throws: What the transport fails with while the body arrives.
    package func collected(upTo limit: Int) async throws -> HTTPResponse {
        var response = head
        response.isStreamHead = false
        defer { body.cancel() }
        for try await chunk in body.chunks {
            response.body.append(chunk.prefix(limit - response.body.count))
            if response.body.count >= limit { break }
        }
        return response
    }
}

/// The task that runs a ``StreamedResponse/init(head:bufferSize:writingBody:)`` body: cancelled
/// when the body's reader goes away, also if that happens before the task is stored.
private final class BodyWriter: Sendable {
    private struct State {
        var task: Task<Void, Never>?
        var isCancelled = false
    }

    private let state = Locked(State())

    func start(_ operation: @escaping @Sendable () async -> Void) {
        let task = Task { await operation() }
        let cancelledAlready = state.withLock { state in
            state.task = task
            return state.isCancelled
        }
        if cancelledAlready { task.cancel() }
    }

    func cancel() {
        let task = state.withLock { state in
            state.isCancelled = true
            return state.task
        }
        task?.cancel()
    }
}
