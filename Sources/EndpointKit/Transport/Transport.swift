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
}
