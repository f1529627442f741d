import EndpointKit
import Foundation

/// A ``EndpointKit/TokenClock`` that tests drive: its time moves only when the test moves it, and
/// each sleep moves it at once by the time slept, and is recorded, instead of waiting.
///
/// <!-- snippet needs: fetchToken, url -->
/// ```swift
/// import Testing
///
/// @Test func renewsAnExpiredToken() async throws {
///     let clock = ManualTokenClock()
///     let authenticator = RefreshingTokenAuthenticator(clock: clock.tokenClock) { try await fetchToken() }
///     var request = URLRequest(url: url)
///     try await authenticator.authenticate(&request)
///     clock.advance(by: 3600)          // a token that expired in an hour is renewed by the next call
///     try await authenticator.authenticate(&request)
///     #expect(clock.sleeps.isEmpty)    // what a device-flow poll waited: [5, 10] after two polls
/// }
/// ```
public final class ManualTokenClock: Sendable {
    private struct State {
        var now: Date
        var sleeps: [TimeInterval] = []
    }

    private let lock = NSLock()
    private nonisolated(unsafe) var state: State

    /// Creates a clock that starts at `start`.
    ///
    /// - Parameter start: The clock's time until it moves; 2026-01-01 00:00:00 UTC by default.
    public init(start: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
        state = State(now: start)
    }

    /// The clock's current time.
    public var now: Date { lock.withLock { state.now } }

    /// Each sleep's duration in seconds, in the order they were asked for.
    public var sleeps: [TimeInterval] { lock.withLock { state.sleeps } }

    /// Moves the clock forward.
    ///
    /// - Parameter seconds: How far.
    public func advance(by seconds: TimeInterval) {
        lock.withLock { state.now.addTimeInterval(seconds) }
    }

    /// The clock to give to an authenticator or an `OAuthClient`. A sleep throws
    /// `CancellationError` when its task is cancelled, and otherwise returns at once, the clock
    /// moved forward by its duration.
    public var tokenClock: TokenClock {
        TokenClock(
            now: { [self] in now },
            sleep: { [self] seconds in
                try Task.checkCancellation()
                lock.withLock {
                    state.sleeps.append(seconds)
                    state.now.addTimeInterval(seconds)
                }
                await Task.yield()
                try Task.checkCancellation()
            })
    }
}
