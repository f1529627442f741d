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
    /// Whether the value comes from the client's ``ResponseCache``: fresh, confirmed by a `304`,
    /// or stale (``source``).
    public var isFromCache: Bool
    /// Where the response came from: the network, or the cache (fresh, revalidated or stale).
    public var source: ResponseSource

    /// How old the response is in seconds, by its `Age` header: set on every response the cache
    /// serves; `nil` without one.
    public var age: Int? { headers["Age"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } }

    /// Creates a response.
    ///
    /// - Parameters:
    ///   - value: The decoded body.
    ///   - statusCode: The status code.
    ///   - headers: The response headers.
    ///   - url: The URL that answered.
    ///   - isFromCache: Whether the value comes from the cache.
    public init(value: Value, statusCode: Int, headers: HTTPHeaders, url: URL?, isFromCache: Bool = false) {
        self.init(
            value: value, statusCode: statusCode, headers: headers, url: url,
            source: isFromCache ? .revalidated : .network)
    }

    /// Creates a response from a source.
    ///
    /// - Parameters:
    ///   - value: The decoded body.
    ///   - statusCode: The status code.
    ///   - headers: The response headers.
    ///   - url: The URL that answered.
    ///   - source: Where it came from.
    public init(value: Value, statusCode: Int, headers: HTTPHeaders, url: URL?, source: ResponseSource) {
        self.value = value
        self.statusCode = statusCode
        self.headers = headers
        self.url = url
        self.isFromCache = source.isCache
        self.source = source
    }
}
