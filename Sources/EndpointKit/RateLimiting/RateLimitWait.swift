import Foundation

/// A wait the client's rate-limit pacer made a call's attempt take before it was sent, as
/// observers hear of it (``CallObservation/didWaitForRateLimit(_:)``).
public struct RateLimitWait: Sendable, Equatable {
    /// How long the attempt waited, in seconds on the client's clock.
    public var duration: TimeInterval
    /// The host whose limits held the attempt back.
    public var host: String

    /// Creates a wait.
    ///
    /// - Parameters:
    ///   - duration: How long the attempt waited, in seconds.
    ///   - host: The host whose limits held it back.
    public init(duration: TimeInterval, host: String) {
        self.duration = duration
        self.host = host
    }
}
