import Foundation

/// A response whose body arrives while it is read: the status, headers and URL at once, the body
/// chunk by chunk through a ``ResponseBodyBuffer``. A ``StreamingTransport`` returns it for a
/// streaming call (``Client/stream(_:)``).
package struct StreamedResponse: Sendable {
    /// The status, headers and URL; its `body` is empty.
    package var head: HTTPResponse
    /// The body, as it arrives.
    package let body: ResponseBodyBuffer

    /// Creates a response from its head and the buffer its body arrives in.
    package init(head: HTTPResponse, body: ResponseBodyBuffer) {
        var head = head
        head.body = Data()
        head.isStreamHead = true
        self.head = head
        self.body = body
    }

    /// A response whose whole body is already here: from a transport that does not stream, or a
    /// middleware that answered by itself.
    package init(whole response: HTTPResponse) {
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
