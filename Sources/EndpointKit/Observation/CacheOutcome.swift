/// How the client's ``ResponseCache`` took part in a call, as its observers hear it
/// (``CallObservation/didConsultCache(_:age:)``): a miss, a fresh or a stale hit, a stored
/// response the server confirmed, or one it replaced.
///
/// An open set of values, as ``ResponseSource`` is: compare with `==` or `switch` with a
/// `default`. Its ``rawValue`` is fit for a metric's dimension, a span's attribute or a log's
/// field: it has a few values, and never a URL or a value of the call.
///
/// ```swift
/// struct CacheReport: CallObservation {
///     func didConsultCache(_ outcome: CacheOutcome, age: Int?) {
///         if outcome.isHit { print("served from the cache (\(outcome)), \(age ?? 0) s old") }
///     }
/// }
/// ```
public struct CacheOutcome: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The outcome's name: `miss`, `fresh`, `stale`, `revalidated` or `replaced`.
    public var rawValue: String

    /// Creates an outcome from its name.
    ///
    /// - Parameter rawValue: The outcome's name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The call went to the server for a whole response: nothing usable was stored for it (or
    /// its ``CacheMode/reload`` said not to look), or validating what was stored failed and
    /// nothing stale could stand in.
    public static let miss = CacheOutcome(rawValue: "miss")
    /// A fresh stored response answered the call before anything was sent
    /// (``ResponseSource/fresh``).
    public static let fresh = CacheOutcome(rawValue: "fresh")
    /// A stored response past its freshness answered the call without being confirmed
    /// (``ResponseSource/stale``): the call allowed it (`max-stale`, ``CacheMode/preferStored``,
    /// ``CacheMode/storedOnly``) or the server did (`stale-while-revalidate`, `stale-if-error`).
    public static let stale = CacheOutcome(rawValue: "stale")
    /// The server confirmed a stored response with `304 Not Modified`
    /// (``ResponseSource/revalidated``).
    public static let revalidated = CacheOutcome(rawValue: "revalidated")
    /// The cache asked the server to confirm a stored response, and the server sent a new one
    /// instead (a `200`), which the call returns and which replaced the stored one.
    public static let replaced = CacheOutcome(rawValue: "replaced")

    /// Whether a stored response answered the call without a request: ``fresh`` or ``stale``.
    public var isHit: Bool { self == .fresh || self == .stale }

    /// Whether the cache asked the server to confirm a stored response: ``revalidated`` or
    /// ``replaced``.
    public var isRevalidation: Bool { self == .revalidated || self == .replaced }

    /// The outcome's name.
    public var description: String { rawValue }
}
