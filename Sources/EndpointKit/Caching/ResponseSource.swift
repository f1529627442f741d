/// Where a response came from: the network, or the client's ``ResponseCache`` — fresh, confirmed
/// by the server, or stale.
///
/// An open set of values, as ``HTTPMethod`` is: compare with `==` or `switch` with a `default`.
///
/// <!-- snippet needs: client, UserRepositories -->
/// ```swift
/// let response = try await client.send(UserRepositories())
/// if response.source == .fresh {
///     print("served from the cache, \(response.age ?? 0) s old, without a request")
/// }
/// ```
public struct ResponseSource: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The name of the source: `network`, `fresh`, `revalidated` or `stale`.
    public var rawValue: String

    /// Creates a source from its name.
    ///
    /// - Parameter rawValue: The source's name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The server sent it in answer to this call.
    public static let network = ResponseSource(rawValue: "network")
    /// A stored response that was fresh: no request was sent.
    public static let fresh = ResponseSource(rawValue: "fresh")
    /// A stored response the server confirmed with `304 Not Modified`.
    public static let revalidated = ResponseSource(rawValue: "revalidated")
    /// A stored response past its freshness, served without confirmation because the call allowed
    /// it (`max-stale`, ``CacheMode/preferStored``, ``CacheMode/storedOnly``) or the server did
    /// (`stale-while-revalidate`, `stale-if-error`).
    public static let stale = ResponseSource(rawValue: "stale")

    /// Whether the response came from the cache: any source but ``network``.
    public var isCache: Bool { self != .network }

    /// The source's name.
    public var description: String { rawValue }
}
