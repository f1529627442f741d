import Foundation

/// The time a client runs by: what every wait and every expiry of its calls reads.
///
/// One clock, ``Client/Configuration/clock``, serves the whole client: the total deadline of a
/// call, the delays between its attempts (a `Retry-After` date included), a stream's deadline
/// and its waits before reconnecting. Token renewal (``RefreshingTokenAuthenticator``), OAuth
/// (`OAuthClient`, its device-flow polls) and GitHub Apps take one too. ``system`` in production.
///
/// A struct of two functions, not Swift's `Clock`, which needs macOS 13. Tests give a clock they
/// drive, such as EndpointKitTesting's `ManualClock`, so that no test sleeps for a delay, a
/// deadline or an expiry:
///
/// <!-- snippet needs: url, fetchToken -->
/// ```swift
/// import EndpointKitTesting
///
/// let time = ManualClock()
/// let authenticator = RefreshingTokenAuthenticator(clock: time.clock) { try await fetchToken() }
/// let client = Client(baseURL: url, authenticator: authenticator) { $0.clock = time.clock }
/// time.advance(by: 3600)   // the next call renews the token first
/// ```
public struct ClientClock: Sendable {
    /// The current time: what expiries and `Retry-After` dates are judged by.
    public let now: @Sendable () -> Date
    /// Waits for the given number of seconds; throws `CancellationError` when the task is
    /// cancelled.
    public let sleep: @Sendable (TimeInterval) async throws -> Void
    /// Seconds on a clock that never goes back, for measuring how long something took: the
    /// system's uptime for ``system``, else ``now``'s.
    let uptime: @Sendable () -> TimeInterval

    /// Creates a clock from its two functions.
    ///
    /// - Parameters:
    ///   - now: Gives the current time; elapsed times are measured with it too.
    ///   - sleep: Waits for the given number of seconds, and throws when cancelled.
    public init(
        now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (TimeInterval) async throws -> Void
    ) {
        self.init(now: now, sleep: sleep, uptime: { now().timeIntervalSinceReferenceDate })
    }

    private init(
        now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (TimeInterval) async throws -> Void,
        uptime: @escaping @Sendable () -> TimeInterval
    ) {
        self.now = now
        self.sleep = sleep
        self.uptime = uptime
    }

    /// The system's wall clock, `Task.sleep`, and the monotonic uptime for elapsed times (so a
    /// change of the wall clock does not shorten or lengthen a retry budget).
    public static let system = ClientClock(
        now: { Date() },
        sleep: { seconds in try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000)) },
        // DispatchTime: the monotonic clock, without `ProcessInfo`'s singleton (seen in a profile).
        uptime: { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 })

    /// Waits `seconds` between steps of a call; cancelling the task ends the wait at once with
    /// ``EndpointError/cancelled(call:)``, and so does any other error the clock's sleep throws.
    func pause(seconds: TimeInterval) async throws(EndpointError) {
        guard seconds > 0 else { return }
        do {
            try await sleep(seconds)
        } catch {
            throw .cancelled
        }
    }
}

/// The clock of token expiries: now ``ClientClock``, which every part of a client shares.
@available(*, deprecated, renamed: "ClientClock")
public typealias TokenClock = ClientClock
