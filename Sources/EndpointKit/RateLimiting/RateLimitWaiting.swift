/// What a call does when the client's rate-limit pacer holds it back because its limit is
/// paused or its announced budget is spent: wait until the limit reopens (the default), or fail
/// at once.
///
/// An interactive screen may rather show "try again in a minute" than keep a spinner going:
///
/// ```swift
/// struct SearchRepositories: GET {
///     typealias ResponseType = Data
///     let path = "/search/repositories"
///     var options: CallOptions {
///         var options = CallOptions()
///         options.rateLimitWaiting = .failImmediately
///         return options
///     }
/// }
/// ```
///
/// A call that only waits for a free slot under the policy's cap of calls in flight, or for a
/// mutation's spacing, waits either way: that wait is short and nothing was refused.
public struct RateLimitWaiting: Sendable, Hashable, CustomStringConvertible {
    private enum Kind: Sendable, Hashable {
        case wait, failImmediately
    }

    private let kind: Kind

    /// The call waits until its limit reopens, within its deadline: a limit that reopens after
    /// the deadline fails the call at once with ``EndpointError/rateLimited(_:)``.
    public static let wait = RateLimitWaiting(kind: .wait)

    /// The call fails at once with ``EndpointError/rateLimited(_:)``, whose
    /// ``RateLimitFailure/retryDate`` says when the limit reopens; nothing is sent.
    public static let failImmediately = RateLimitWaiting(kind: .failImmediately)

    /// `wait` or `failImmediately`.
    public var description: String {
        switch kind {
        case .wait: "wait"
        case .failImmediately: "failImmediately"
        }
    }

    /// The pacer's own value.
    var pacerWaiting: RateLimitPacer.Waiting {
        switch kind {
        case .wait: .wait
        case .failImmediately: .failImmediately
        }
    }
}
