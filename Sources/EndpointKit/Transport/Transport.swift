import Foundation

/// Sends a request over the network (or pretends to) and returns the raw response.
///
/// It is the one asynchronous step of a call: the client builds, authenticates, validates and
/// decodes around it. ``URLSessionTransport`` is the default, `AsyncHTTPClientTransport` (the
/// `AsyncHTTPClient` trait) the faster one for Linux servers, and `EndpointKitTesting`'s
/// `StubTransport` the one for tests. A transport of your own needs one method:
///
/// <!-- snippet needs: url -->
/// ```swift
/// struct CannedTransport: Transport {
///     let body: Data
///     func send(_ request: URLRequest) async throws -> HTTPResponse {
///         HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: body, url: request.url)
///     }
/// }
/// let client = Client(baseURL: url) { $0.transport = CannedTransport(body: Data("[]".utf8)) }
/// ```
///
/// Return every response, whatever its status: the client decides which are acceptable. Follow
/// redirects only to the same origin with credentials (`Authorization`, cookies, API-key
/// headers), or not at all. Uploads and downloads work through any transport: the client reports
/// the body as sent or received in one step, and writes a download from memory to its file.
/// Streams (``Client/stream(_:)``) work through any transport too: implement
/// ``stream(_:bufferSize:)`` to hand the body over as it arrives, instead of whole.
public protocol Transport: Sendable {
    /// Sends `request` and returns the response, whatever its status code.
    ///
    /// - Parameter request: A complete, authenticated request.
    /// - Returns: The status, headers and body, and the URL that answered.
    /// - Throws: `CancellationError` when the calling task is cancelled; any other error for a
    ///   failed exchange. The client reports the latter as ``EndpointError/transportFailed(_:)``.
    func send(_ request: URLRequest) async throws -> HTTPResponse

    /// Sends `request` for a streaming call (``Client/stream(_:)``) and returns the response as
    /// soon as its head (status and headers) arrived; the body follows in the response's
    /// ``ResponseBodyBuffer`` as it arrives.
    ///
    /// The default sends the request with ``send(_:)`` and hands the whole body over at once.
    /// Implement it to stream: write each piece of the body into the buffer as it arrives, wait
    /// while the buffer holds `bufferSize` bytes or more (the reader is behind), and close the
    /// connection when the buffer is cancelled (the reader went away). The easiest way is
    /// ``StreamedResponse/init(head:bufferSize:writingBody:)``, whose body runs in a task of its
    /// own:
    ///
    /// ```swift
    /// struct TickerTransport: Transport {
    ///     func send(_ request: URLRequest) async throws -> HTTPResponse {
    ///         HTTPResponse(statusCode: 404, url: request.url)
    ///     }
    ///
    ///     func stream(_ request: URLRequest, bufferSize: Int) async throws -> StreamedResponse {
    ///         let head = HTTPResponse(statusCode: 200, headers: ["Content-Type": "text/event-stream"], url: request.url)
    ///         return StreamedResponse(head: head, bufferSize: bufferSize) { body in
    ///             for tick in 1...3 {
    ///                 // Waits while the reader is behind.
    ///                 try await body.write(Data("id: \(tick)\ndata: tick \(tick)\n\n".utf8))
    ///                 try await Task.sleep(nanoseconds: 10_000_000)
    ///             }
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// A transport driven by callbacks creates the buffer itself, with
    /// ``ResponseBodyBuffer/init(capacity:onCancel:)``, and feeds it with
    /// ``ResponseBodyBuffer/append(_:)``, ``ResponseBodyBuffer/whenRoom(_:)`` and
    /// ``ResponseBodyBuffer/finish(throwing:)``.
    ///
    /// - Parameters:
    ///   - request: A complete, authenticated request.
    ///   - bufferSize: The most bytes of the body to hold for a reader slower than the server
    ///     before waiting (the endpoint's ``StreamingEndpoint/bufferSize``).
    /// - Returns: The status, headers and URL, and the body as it arrives.
    /// - Throws: As ``send(_:)``, until the head arrived; then the body's buffer carries the
    ///   errors (``ResponseBodyBuffer/finish(throwing:)``).
    func stream(_ request: URLRequest, bufferSize: Int) async throws -> StreamedResponse
}

/// A transport that writes a download's body to its file as it arrives, instead of holding it in
/// memory, and reports progress as bytes move: ``URLSessionTransport`` (uploads and downloads),
/// `AsyncHTTPClientTransport` (downloads) and the middleware chain around them.
package protocol TransferringTransport: Transport {
    /// Sends `request`, reporting progress and writing a `2xx` response's body to
    /// ``TransferOptions/responseBodyFile`` (the returned body is then empty).
    func send(_ request: URLRequest, options: TransferOptions) async throws -> HTTPResponse
}

extension Transport {
    /// Sends `request` with ``send(_:)`` and hands the whole body over at once: the default for a
    /// transport that does not stream. ``URLSessionTransport``, `AsyncHTTPClientTransport`,
    /// EndpointKitTesting's `StubTransport` and the middleware chain around them stream.
    ///
    /// - Parameters:
    ///   - request: A complete, authenticated request.
    ///   - bufferSize: Unused: the whole body is held.
    /// - Returns: The response, its body already complete.
    /// - Throws: What ``send(_:)`` throws.
    public func stream(_ request: URLRequest, bufferSize: Int) async throws -> StreamedResponse {
        StreamedResponse(whole: try await send(request))
    }

    /// Sends `request` as an upload or download: through the transport's own
    /// ``TransferringTransport/send(_:options:)`` when it has one; else with ``send(_:)``, then
    /// reporting each body as done in one step and writing a `2xx` response's body to
    /// ``TransferOptions/responseBodyFile``.
    package func send(_ request: URLRequest, transferring options: TransferOptions) async throws -> HTTPResponse {
        if let transferring = self as? any TransferringTransport {
            return try await transferring.send(request, options: options)
        }
        return try await sendWhole(request, transferring: options)
    }

    /// Sends `request` with ``send(_:)``, reporting each body as done in one step and writing a
    /// `2xx` response's body to ``TransferOptions/responseBodyFile``: how a transport that does not
    /// report progress as bytes move transfers.
    package func sendWhole(_ request: URLRequest, transferring options: TransferOptions) async throws -> HTTPResponse {
        // A streamed body (a multipart body with files) has no `httpBody`, but its length.
        let uploaded = request.httpBody?.count ?? request.value(forHTTPHeaderField: "Content-Length").flatMap(Int.init)
        if let uploaded, let progress = options.uploadProgress {
            progress(TransferProgress(completedBytes: Int64(uploaded), expectedBytes: Int64(uploaded)))
        }
        var response = try await send(request)
        let received = Int64(response.body.count)
        options.downloadProgress?(TransferProgress(completedBytes: received, expectedBytes: received))
        if let file = options.responseBodyFile, (200..<300).contains(response.statusCode) {
            try response.body.write(to: file)
            response.body = Data()
        }
        return response
    }
}
