import Foundation

/// A raw HTTP response: status, headers and body bytes, as a ``Transport`` returns it.
///
/// An ``EndpointError/unacceptableStatus(_:)`` error carries one, so you can read the status
/// code, headers and body the server sent with an error status.
public struct HTTPResponse: Sendable, Equatable {
    /// The status code, for example `200`.
    public var statusCode: Int
    /// The response headers.
    public var headers: HTTPHeaders
    /// The body; empty when there was none.
    public var body: Data
    /// The URL that answered (after redirects), when known.
    public var url: URL?

    /// Creates a response.
    ///
    /// - Parameters:
    ///   - statusCode: The status code.
    ///   - headers: The response headers.
    ///   - body: The body bytes.
    ///   - url: The URL that answered.
    public init(statusCode: Int, headers: HTTPHeaders = [:], body: Data = Data(), url: URL? = nil) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.url = url
    }
}
