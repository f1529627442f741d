import Foundation

/// The time that tokens expire by, and the waits between polls of the device flow.
///
/// ``system`` in production. Tests give a clock they drive, such as EndpointKitTesting's
/// `ManualTokenClock`, so that no test sleeps for a token to expire:
///
/// <!-- snippet needs: fetchToken -->
/// ```swift
/// import EndpointKitTesting
///
/// let clock = ManualTokenClock()
/// let authenticator = RefreshingTokenAuthenticator(clock: clock.tokenClock) { try await fetchToken() }
/// clock.advance(by: 3600)   // the next call renews the token first
/// ```
public struct TokenClock: Sendable {
    /// The current time.
    public var now: @Sendable () -> Date
    /// Waits for the given number of seconds; throws `CancellationError` when the task is
    /// cancelled.
    public var sleep: @Sendable (TimeInterval) async throws -> Void

    /// Creates a clock from its two functions.
    ///
    /// - Parameters:
    ///   - now: Gives the current time.
    ///   - sleep: Waits for the given number of seconds, and throws when cancelled.
    public init(
        now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (TimeInterval) async throws -> Void
    ) {
        self.now = now
        self.sleep = sleep
    }

    /// The system's wall clock, and `Task.sleep`.
    public static let system = TokenClock(
        now: { Date() },
        sleep: { seconds in try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000)) })
}
