/// Whose responses a client's ``ResponseCache`` keeps: one user's (private, the default) or
/// many users' (shared), as RFC 9111 §1 tells the two apart.
///
/// An app, or a server acting for one user at a time, has a private cache. A server that calls
/// an API for many users through one client with one cache has a shared one: it honours
/// `s-maxage` and `proxy-revalidate`, never stores a `private` response, and stores the answer
/// to a request with credentials only where the response allows it (`public`, `s-maxage` or
/// `must-revalidate`, RFC 9111 §3.5). Entries are always kept apart by credential (``CacheKey``).
///
/// <!-- snippet needs: url -->
/// ```swift
/// let client = Client(baseURL: url) {
///     $0.cache = InMemoryResponseCache()
///     $0.cacheSharing = .shared
/// }
/// ```
public struct CacheSharing: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The sharing's name: `private` or `shared`.
    public var rawValue: String

    /// Creates a sharing from its name.
    ///
    /// - Parameter rawValue: The sharing's name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// One user's cache: `private` responses are stored.
    public static let `private` = CacheSharing(rawValue: "private")
    /// A cache for many users: `private` responses are not stored; `s-maxage` counts.
    public static let shared = CacheSharing(rawValue: "shared")

    /// The sharing's name.
    public var description: String { rawValue }
}
