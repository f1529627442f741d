import Foundation

/// What cache entries are stored under: method, URL and whose credential the request carried.
///
/// The entries of one key are the variants of one URL for one user (``CachedResponse/variant``).
public struct CacheKey: Hashable, Sendable {
    /// The request's method.
    public var method: HTTPMethod
    /// The request's absolute URL, query included.
    public var url: String
    /// Whose credential the request carries, from the client's authenticator
    /// (``Authenticator/credentialIdentity(for:)``): the same across renewals of one credential,
    /// never a credential itself; `""` for a request that carries none.
    public var credentialIdentity: String

    /// Creates a key.
    ///
    /// - Parameters:
    ///   - method: The request's method.
    ///   - url: The request's absolute URL.
    ///   - credentialIdentity: Whose credential the request carries; `""` for none.
    public init(method: HTTPMethod, url: String, credentialIdentity: String) {
        self.method = method
        self.url = url
        self.credentialIdentity = credentialIdentity
    }
}
