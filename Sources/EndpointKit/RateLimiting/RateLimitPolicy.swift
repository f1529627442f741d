import Foundation

/// How a client paces its calls to the limits an API sets, before they are sent: caps on the
/// calls in flight, a spacing between mutations, and whether it follows what the responses
/// announce (`Retry-After`, the IETF `RateLimit` fields, and what the client's ``APIProfile``
/// reads).
///
/// Each limit is kept per host, credential and resource (``APIProfile/rateLimitResource(for:)``):
/// one user's refusal does not hold another user's calls back. A call that a pause, a spent
/// budget, a cap or a spacing holds back waits, within its deadline and cancellably, and waiting
/// calls go in priority order (``CallOptions/rateLimitPriority``); after a pause one goes alone
/// and the rest follow its accepted answer, never all at one instant. A refused call is sent
/// again when its limit reopens, while the retry policy's attempts last.
///
/// Every property has a default, so a policy names only what it changes, and a property added
/// later changes nothing for a policy written before it:
///
/// ```swift
/// let client = Client(baseURL: URL(string: "https://api.example.com")!) {
///     $0.rateLimitPolicy = RateLimitPolicy(maximumConcurrentRequests: 8, maximumConcurrentMutations: 1, mutationSpacing: 1)
/// }
/// ```
///
/// A client without one takes its API profile's (``APIProfile/rateLimitPolicy``):
/// ``standard`` for plain HTTP. ``unpaced`` turns pacing off.
public struct RateLimitPolicy: Sendable, Equatable {
    /// The most calls of one partition in flight at once; `nil` for no cap.
    public var maximumConcurrentRequests: Int?
    /// The most mutations (`POST`, `PUT`, `PATCH`, `DELETE`) of one partition in flight at once;
    /// `nil` for no cap.
    public var maximumConcurrentMutations: Int?
    /// The least time in seconds between the starts of two mutations of one partition; 0 for
    /// none.
    public var mutationSpacing: TimeInterval
    /// Whether the pacer follows what responses announce: the budgets of `RateLimit` (a call
    /// waits for the reset when none is left) and the pause a refusal's `Retry-After` asks for.
    public var followsAnnouncedLimits: Bool
    /// The pause in seconds after a refusal that names no time (a `429` without `Retry-After`),
    /// doubled for each such refusal in a row and reset by an accepted answer; 0 for none.
    public var pauseAfterUntimedRefusal: TimeInterval
    /// The longest pause in seconds that the doubling of ``pauseAfterUntimedRefusal`` reaches.
    public var maximumPause: TimeInterval

    /// Creates a policy; each value left out is ``standard``'s.
    ///
    /// - Parameters:
    ///   - maximumConcurrentRequests: The most calls of a partition in flight; `nil` for no cap.
    ///   - maximumConcurrentMutations: The most mutations of a partition in flight; `nil` for no
    ///     cap.
    ///   - mutationSpacing: The least time between the starts of two mutations of a partition.
    ///   - followsAnnouncedLimits: Whether announced budgets and `Retry-After` pauses are followed.
    ///   - pauseAfterUntimedRefusal: The first pause after a refusal that names no time.
    ///   - maximumPause: The cap on the doubled pause.
    public init(
        maximumConcurrentRequests: Int? = nil, maximumConcurrentMutations: Int? = nil,
        mutationSpacing: TimeInterval = 0, followsAnnouncedLimits: Bool = true,
        pauseAfterUntimedRefusal: TimeInterval = 60, maximumPause: TimeInterval = 15 * 60
    ) {
        self.maximumConcurrentRequests = maximumConcurrentRequests
        self.maximumConcurrentMutations = maximumConcurrentMutations
        self.mutationSpacing = mutationSpacing
        self.followsAnnouncedLimits = followsAnnouncedLimits
        self.pauseAfterUntimedRefusal = pauseAfterUntimedRefusal
        self.maximumPause = maximumPause
    }

    /// No caps; follows announced budgets and `Retry-After`; 60 s after an untimed refusal,
    /// doubling up to 15 minutes.
    public static let standard = RateLimitPolicy()

    /// No pacing at all: every call goes at once, whatever the responses say.
    public static let unpaced = RateLimitPolicy(followsAnnouncedLimits: false, pauseAfterUntimedRefusal: 0)

    /// Whether a pacer with this policy would hold nothing back and follow nothing: the client
    /// then has no pacing stage at all.
    var pacesNothing: Bool {
        maximumConcurrentRequests == nil && maximumConcurrentMutations == nil && mutationSpacing <= 0
            && !followsAnnouncedLimits
    }

    /// The pause after `count` untimed refusals in a row (1 for the first): the first pause,
    /// doubled for each one after it, at most ``maximumPause``.
    func pause(afterUntimedRefusals count: Int) -> TimeInterval {
        guard pauseAfterUntimedRefusal > 0 else { return 0 }
        let doublings = Double(min(max(count - 1, 0), 62))
        return min(pauseAfterUntimedRefusal * pow(2, doublings), max(maximumPause, pauseAfterUntimedRefusal))
    }
}

extension HTTPMethod {
    /// Whether a pacer counts a call with this method as a mutation: `POST`, `PUT`, `PATCH` or
    /// `DELETE`.
    var isMutation: Bool {
        self == .post || self == .put || self == .patch || self == .delete
    }
}
