/// How one call uses the client's ``ResponseCache``: by the HTTP caching rules (the default), or
/// as the caller chooses. Set it in an endpoint's ``CallOptions/cacheMode``.
///
/// An open set of values, as ``HTTPMethod`` is.
///
/// ```swift
/// struct Feed: GET {
///     typealias ResponseType = Data
///     let path = "/feed"
///     var isOffline = false
///     var options: CallOptions {
///         var options = CallOptions()
///         options.cacheMode = isOffline ? .storedOnly : .standard
///         return options
///     }
/// }
/// ```
public struct CacheMode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The mode's name.
    public var rawValue: String

    /// Creates a mode from its name.
    ///
    /// - Parameter rawValue: The mode's name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// RFC 9111's rules: a fresh stored response is used without a request, a stale one is
    /// validated first, and what the server allows is stored.
    public static let standard = CacheMode(rawValue: "standard")
    /// Every request goes to the server, with no validators of the cache's own; the response is
    /// stored by the rules, replacing the stored one.
    public static let reload = CacheMode(rawValue: "reload")
    /// A stored response is used however old it is, without asking the server; the server is
    /// asked only when nothing is stored, or when what is stored must be revalidated once stale
    /// (`must-revalidate`, `no-cache`, or the request's own `no-cache`: RFC 9111 §4.2.4).
    public static let preferStored = CacheMode(rawValue: "preferStored")
    /// Only a stored response, however old, and never the server (offline): when nothing stored
    /// fits (or only a stale response that must be revalidated first), the call fails with ``EndpointError/unacceptableStatus(_:)`` and status `504`, as
    /// RFC 9111's `only-if-cached` says, with nothing sent.
    public static let storedOnly = CacheMode(rawValue: "storedOnly")

    /// The mode's name.
    public var description: String { rawValue }
}
