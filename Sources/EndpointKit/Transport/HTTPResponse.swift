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
    /// The body; empty when there was none, or when it went to ``bodyFile``.
    public var body: Data
    /// The file the body was written to instead of ``body``, for a download (see
    /// ``TransferOptions/responseBodyFile``); `nil` otherwise.
    public var bodyFile: URL?
    /// The URL that answered (after redirects), when known.
    public var url: URL?
    /// For an unacceptable response, its body decoded as the endpoint's or client's error body
    /// type (``Endpoint/errorBodyType``), when there is one and the body decoded.
    public var errorBody: (any JSONObject)?
    /// Whether this is a stored response that the server confirmed with `304 Not Modified`
    /// (see ``ResponseCache``).
    public var isFromCache = false

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

    /// ``errorBody`` as `T`, if it is one.
    ///
    /// ```swift
    /// } catch .unacceptableStatus(let response) {
    ///     print(response.errorBody(as: GitHubAPIError.self)?.message ?? "status \(response.statusCode)")
    /// }
    /// ```
    ///
    /// - Parameter type: The error body type.
    /// - Returns: The decoded error body, or `nil`.
    public func errorBody<T: JSONObject>(as type: T.Type) -> T? {
        errorBody as? T
    }

    /// Compares status, headers, body, body file and URL; the decoded ``errorBody`` follows
    /// from them.
    public static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
        lhs.statusCode == rhs.statusCode && lhs.headers == rhs.headers && lhs.body == rhs.body && lhs.url == rhs.url
            && lhs.bodyFile == rhs.bodyFile && lhs.isFromCache == rhs.isFromCache
    }
}
