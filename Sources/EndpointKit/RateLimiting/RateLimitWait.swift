import Foundation

/// A wait the client's rate-limit pacer made a call's attempt take before it was sent, as
/// observers hear of it (``CallObservation/didWaitForRateLimit(_:)``): how long, for which host,
/// and why.
public struct RateLimitWait: Sendable, Equatable {
    /// What held an attempt back: an open set, so that a reason added later is an addition.
    ///
    /// ```swift
    /// func describe(_ wait: RateLimitWait) -> String {
    ///     wait.reason == .budgetSpent ? "waited for \(wait.limitName ?? "a budget") to reset" : "\(wait.reason)"
    /// }
    /// ```
    public struct Reason: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The reason's name, such as `budget-spent`.
        public let rawValue: String

        /// The reason named `rawValue`.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// A refusal paused the limit: for its `Retry-After`, or the policy's pause after a
        /// refusal that named no time.
        public static let paused = Reason(rawValue: "paused")
        /// A budget an answer announced was spent: the attempt waited for its reset
        /// (``RateLimitWait/limitName`` names it).
        public static let budgetSpent = Reason(rawValue: "budget-spent")
        /// The policy's cap of calls in flight (``RateLimitPolicy/maximumConcurrentRequests``)
        /// was reached: the attempt waited for one to finish.
        public static let concurrencyLimit = Reason(rawValue: "concurrency-limit")
        /// A mutation waited for the policy's cap of mutations in flight or its spacing between
        /// them (``RateLimitPolicy/mutationSpacing``).
        public static let mutationSpacing = Reason(rawValue: "mutation-spacing")
        /// After a refusal, one call goes alone: the attempt waited for its answer.
        public static let awaitingAnswer = Reason(rawValue: "awaiting-answer")
        /// Other calls waited before it (an earlier one, or one of a higher priority).
        public static let queued = Reason(rawValue: "queued")

        /// The raw value: `budget-spent`.
        public var description: String { rawValue }
    }

    /// How long the attempt waited, in seconds on the client's clock.
    public var duration: TimeInterval
    /// The host whose limits held the attempt back.
    public var host: String
    /// What held the attempt back when it began to wait.
    public var reason: Reason
    /// The name of the announced limit that held it back (GitHub's resource, such as `core`, or
    /// an IETF policy's name), when a spent budget did; `nil` otherwise.
    public var limitName: String?

    /// Creates a wait.
    ///
    /// - Parameters:
    ///   - duration: How long the attempt waited, in seconds.
    ///   - host: The host whose limits held it back.
    ///   - reason: What held it back; ``Reason/queued`` by default.
    ///   - limitName: The announced limit that held it back, if one did.
    public init(duration: TimeInterval, host: String, reason: Reason = .queued, limitName: String? = nil) {
        self.duration = duration
        self.host = host
        self.reason = reason
        self.limitName = limitName
    }
}
