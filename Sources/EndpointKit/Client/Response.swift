import Foundation

/// A decoded response value together with the response's metadata.
///
/// ``Client/send(_:)`` returns one; the method-named calls (``Client/get(_:)`` and so on)
/// return only ``value``.
///
/// <!-- snippet needs: client, UserRepositories -->
/// ```swift
/// let response = try await client.send(UserRepositories())
/// print(response.statusCode, response.headers["Link"] ?? "", response.value.count)
/// ```
public struct Response<Value: Sendable>: Sendable {
    /// The decoded body.
    public var value: Value
    /// The status code.
    public var statusCode: Int
    /// The response headers.
    public var headers: HTTPHeaders
    /// The URL that answered (after redirects), when known.
    public var url: URL?
    /// Whether the value comes from the client's ``ResponseCache``, confirmed by a `304`.
    public var isFromCache: Bool

    /// Creates a response.
    ///
    /// - Parameters:
    ///   - value: The decoded body.
    ///   - statusCode: The status code.
    ///   - headers: The response headers.
    ///   - url: The URL that answered.
    ///   - isFromCache: Whether the value comes from the cache.
    public init(value: Value, statusCode: Int, headers: HTTPHeaders, url: URL?, isFromCache: Bool = false) {
        self.value = value
        self.statusCode = statusCode
        self.headers = headers
        self.url = url
        self.isFromCache = isFromCache
    }
}
