import Foundation

/// Stores validated responses for conditional requests (`ETag`, `Last-Modified`).
///
/// When a client has a cache, a `GET` whose earlier response carried an `ETag` or
/// `Last-Modified` is sent with `If-None-Match` / `If-Modified-Since`; a `304 Not Modified` is
/// answered with the stored response (GitHub does not count 304s against the rate limit). Keys
/// include the credential's identity, so users never share entries. ``InMemoryResponseCache``
/// is the built-in store; conform to keep entries elsewhere (on disk, say).
public protocol ResponseCache: Sendable {
    /// The stored response for `key`, if any.
    ///
    /// - Parameter key: The request's key.
    /// - Returns: The entry, or `nil`.
    func cachedResponse(for key: CacheKey) async -> CachedResponse?

    /// Stores `response` for `key`, replacing any earlier entry.
    ///
    /// - Parameters:
    ///   - response: The response to keep.
    ///   - key: The request's key.
    func store(_ response: CachedResponse, for key: CacheKey) async
}

/// What a cache entry is stored under: method, URL and the credential's identity.
public struct CacheKey: Hashable, Sendable {
    /// The request's method.
    public var method: HTTPMethod
    /// The request's absolute URL, query included.
    public var url: String
    /// A SHA-256 digest (hex) of the request's `Authorization` header, or `""` without one: it
    /// tells users apart without keeping their credentials.
    public var credentialIdentity: String

    /// Creates a key.
    ///
    /// - Parameters:
    ///   - method: The request's method.
    ///   - url: The request's absolute URL.
    ///   - credentialIdentity: A digest of the credential.
    public init(method: HTTPMethod, url: String, credentialIdentity: String) {
        self.method = method
        self.url = url
        self.credentialIdentity = credentialIdentity
    }

    /// The key of an authenticated request, or `nil` when it has no URL or method.
    init?(request: URLRequest) {
        guard let url = request.url?.absoluteString, let method = request.httpMethod else { return nil }
        let authorization = request.value(forHTTPHeaderField: "Authorization")
        self.init(
            method: HTTPMethod(rawValue: method), url: url,
            credentialIdentity: authorization.map { SHA256.hexDigest(of: Data($0.utf8)) } ?? "")
    }
}

/// A stored response and its validators.
public struct CachedResponse: Sendable, Equatable {
    /// The response as it first arrived.
    public var response: HTTPResponse
    /// Its `ETag`, if any.
    public var entityTag: String?
    /// Its `Last-Modified`, if any.
    public var lastModified: String?

    /// Creates an entry from a response that has a validator.
    ///
    /// - Parameter response: A `200` response.
    /// - Returns: `nil` when the response has neither `ETag` nor `Last-Modified`, or says
    ///   `Cache-Control: no-store`.
    public init?(_ response: HTTPResponse) {
        let entityTag = response.headers["ETag"]
        let lastModified = response.headers["Last-Modified"]
        let noStore = response.headers["Cache-Control"]?.lowercased().contains("no-store") ?? false
        guard entityTag != nil || lastModified != nil, !noStore else { return nil }
        self.response = response
        self.entityTag = entityTag
        self.lastModified = lastModified
    }

    /// The body size in bytes, for the cache's budget.
    public var cost: Int { response.body.count }
}
