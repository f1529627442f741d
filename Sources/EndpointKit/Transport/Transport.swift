import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends a request over the network (or pretends to) and returns the raw response.
///
/// It is the one asynchronous step of a call: the client builds, authenticates, validates and
/// decodes around it. The default is ``URLSessionTransport``; tests supply an in-memory one:
///
/// ```swift
/// struct CannedTransport: Transport {
///     let body: Data
///     func send(_ request: URLRequest) async throws -> HTTPResponse {
///         HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: body, url: request.url)
///     }
/// }
/// let client = Client(baseURL: url, transport: CannedTransport(body: Data("[]".utf8)))
/// ```
public protocol Transport: Sendable {
    /// Sends `request` and returns the response, whatever its status code.
    ///
    /// - Parameter request: A complete, authenticated request.
    /// - Returns: The status, headers and body.
    /// - Throws: `CancellationError` when the calling task is cancelled; any other error for a
    ///   failed exchange. The client reports the latter as ``EndpointError/transportFailed(_:)``.
    func send(_ request: URLRequest) async throws -> HTTPResponse

    /// Sends `request`, reporting progress and writing a `2xx` response's body to a file as
    /// `options` say (see ``TransferOptions``).
    ///
    /// The client calls this for uploads and downloads and ``send(_:)`` for everything else.
    /// The default implementation calls ``send(_:)``, reports each body as done in one step
    /// and writes the response body to ``TransferOptions/responseBodyFile``; a transport that
    /// can stream, such as ``URLSessionTransport``, reports as bytes move and never holds a
    /// download in memory.
    ///
    /// - Parameters:
    ///   - request: A complete, authenticated request.
    ///   - options: Progress handlers and the file for the response body.
    /// - Returns: The response; its body is empty and ``HTTPResponse/bodyFile`` set when the
    ///   body went to the file.
    /// - Throws: As ``send(_:)``, and the file system's error when the file cannot be written.
    func send(_ request: URLRequest, options: TransferOptions) async throws -> HTTPResponse
}

extension Transport {
    /// Sends `request` with ``send(_:)``, then reports each body as done in one step and writes
    /// a `2xx` response's body to ``TransferOptions/responseBodyFile``.
    ///
    /// - Parameters:
    ///   - request: A complete, authenticated request.
    ///   - options: Progress handlers and the file for the response body.
    /// - Returns: The response; its body is empty and ``HTTPResponse/bodyFile`` set when the
    ///   body went to the file.
    /// - Throws: What ``send(_:)`` throws, and the file system's error when the file cannot be
    ///   written.
    public func send(_ request: URLRequest, options: TransferOptions) async throws -> HTTPResponse {
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
            response.bodyFile = file
        }
        return response
    }
}
