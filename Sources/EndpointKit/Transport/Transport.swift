import Foundation

/// Sends a request over the network (or pretends to) and returns the raw response.
///
/// It is the one asynchronous step of a call: the client builds, authenticates, validates and
/// decodes around it. ``URLSessionTransport`` is the default, `AsyncHTTPClientTransport` (the
/// `AsyncHTTPClient` trait) the faster one for Linux servers, and `EndpointKitTesting`'s
/// `StubTransport` the one for tests. A transport of your own needs one method:
///
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
public protocol Transport: Sendable {
    /// Sends `request` and returns the response, whatever its status code.
    ///
    /// - Parameter request: A complete, authenticated request.
    /// - Returns: The status, headers and body, and the URL that answered.
    /// - Throws: `CancellationError` when the calling task is cancelled; any other error for a
    ///   failed exchange. The client reports the latter as ``EndpointError/transportFailed(_:)``.
    func send(_ request: URLRequest) async throws -> HTTPResponse
}

/// A transport that writes a download's body to its file as it arrives, instead of holding it in
/// memory, and reports progress as bytes move: ``URLSessionTransport`` (uploads and downloads),
/// `AsyncHTTPClientTransport` (downloads) and the middleware chain around them.
package protocol TransferringTransport: Transport {
    /// Sends `request`, reporting progress and writing a `2xx` response's body to
    /// ``TransferOptions/responseBodyFile`` (the returned body is then empty).
    func send(_ request: URLRequest, options: TransferOptions) async throws -> HTTPResponse
}

/// A transport that hands a response over as soon as its head arrives and its body as it
/// arrives, holding at most about `bufferSize` bytes of it: ``URLSessionTransport``,
/// `AsyncHTTPClientTransport`, EndpointKitTesting's `StubTransport` and the middleware chain
/// around them. Through any other transport a stream is read whole first, then handed over.
package protocol StreamingTransport: Transport {
    /// Sends `request` and returns the response once its head arrived; the body follows in the
    /// response's buffer, which tells the transport to wait while it holds `bufferSize` bytes or
    /// more. Cancelling the buffer (its reader went away) closes the connection.
    func stream(_ request: URLRequest, bufferSize: Int) async throws -> StreamedResponse
}

extension Transport {
    /// Sends `request` for a streaming call: through the transport's own
    /// ``StreamingTransport/stream(_:bufferSize:)`` when it has one; else with ``send(_:)``, the
    /// whole body then handed over at once.
    package func send(_ request: URLRequest, streamingWith bufferSize: Int) async throws -> StreamedResponse {
        if let streaming = self as? any StreamingTransport {
            return try await streaming.stream(request, bufferSize: bufferSize)
        }
        return StreamedResponse(whole: try await send(request))
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
