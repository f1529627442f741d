import EndpointKit
import Foundation

/// A ``/EndpointKit/ClientClock`` that a test drives: its time moves only when the test moves it,
/// so no test waits for a retry delay, a deadline, a reconnection or a token's expiry.
///
/// A clock made with `waitsForAdvance: false` (the default) lets each sleep return at once,
/// moving the time forward by its duration: right for delays that only have to be waited out
/// (retries, reconnections, device-flow polls), whose durations ``sleeps`` records. A total
/// deadline is a sleep too, so with that clock it passes as soon as it starts.
///
/// A clock made with `waitsForAdvance: true` holds each sleep until ``advance(by:)`` moves the
/// time to its end: right for a deadline, or for an order between a delay and something else.
/// ``waitForSleeps(count:)`` waits until the call under test has started its sleeps, so the test
/// moves the time only then, with no wall-clock wait:
///
/// <!-- snippet needs: url, UserRepositories -->
/// ```swift
/// import Testing
///
/// @Test func aCallThatOutlivesItsDeadlineTimesOut() async throws {
///     let time = ManualClock(waitsForAdvance: true)
///     let client = Client(baseURL: url) {
///         $0.clock = time.clock
///         $0.timeouts = Timeouts(total: 30)
///     }
///     let call = Task { try await client.get(UserRepositories()) }   // a server that does not answer
///     await time.waitForSleeps(count: 1)   // the deadline's timer has started
///     time.advance(by: 30)
///     await #expect(throws: EndpointError.self) { try await call.value }
/// }
/// ```
public final class ManualClock: Sendable {
    private struct Sleeper {
        let id: Int
        let seconds: TimeInterval
        let end: Date
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Date
        var sleeps: [TimeInterval] = []
        var nextID = 0
        /// Held sleeps, in the order they started.
        var sleepers: [Sleeper] = []
        /// Sleeps started but not held yet.
        var startingIDs: Set<Int> = []
        /// Sleeps cancelled before they were held.
        var cancelledIDs: Set<Int> = []
        /// Tests waiting for a number of sleeps to have started.
        var sleepWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state: Locked<State>
    /// Whether a sleep waits until the time is moved past its end (`true`), or returns at once,
    /// moving the time forward by its duration (`false`).
    public let waitsForAdvance: Bool

    /// Creates a clock.
    ///
    /// - Parameters:
    ///   - start: The clock's time until it moves; 2026-01-01 00:00:00 UTC by default.
    ///   - waitsForAdvance: Whether a sleep waits for ``advance(by:)`` (`true`) or returns at
    ///     once, moving the time (`false`, the default).
    public init(start: Date = Date(timeIntervalSince1970: 1_767_225_600), waitsForAdvance: Bool = false) {
        state = Locked(State(now: start))
        self.waitsForAdvance = waitsForAdvance
    }

    /// The clock's current time.
    public var now: Date { state.withLock { $0.now } }

    /// Each sleep's duration in seconds, in the order they started.
    public var sleeps: [TimeInterval] { state.withLock { $0.sleeps } }

    /// The durations of the sleeps held now, waiting for the time to reach their ends, in the
    /// order they started.
    public var heldSleeps: [TimeInterval] { state.withLock { $0.sleepers.map(\.seconds) } }

    /// Moves the clock forward, and ends every held sleep whose end it reaches, the earliest end
    /// first.
    ///
    /// - Parameter seconds: How far.
    public func advance(by seconds: TimeInterval) {
        let due = state.withLock { state in
            state.now.addTimeInterval(seconds)
            let now = state.now
            let due = state.sleepers.filter { $0.end <= now }.sorted { $0.end < $1.end }
            state.sleepers.removeAll { $0.end <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Waits until at least `count` sleeps have started on this clock since it was made (held or
    /// not): the point at which a test moves the time.
    ///
    /// - Parameter count: How many sleeps.
    public func waitForSleeps(count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if state.sleeps.count >= count { return true }
                state.sleepWaiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// The clock to give to a ``/EndpointKit/Client/Configuration``, an authenticator or an
    /// `OAuthClient`. A sleep throws `CancellationError` when its task is cancelled.
    public var clock: ClientClock {
        ClientClock(now: { [self] in now }, sleep: { [self] seconds in try await sleep(seconds) })
    }

    private func sleep(_ seconds: TimeInterval) async throws {
        try Task.checkCancellation()
        guard waitsForAdvance else {
            let waiters = state.withLock { state in
                state.sleeps.append(seconds)
                state.now.addTimeInterval(max(0, seconds))
                return Self.readyWaiters(&state)
            }
            for waiter in waiters { waiter.resume() }
            await Task.yield()
            try Task.checkCancellation()
            return
        }
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.startingIDs.insert(state.nextID)
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (outcome, waiters): (Result<Void, any Error>?, [CheckedContinuation<Void, Never>]) =
                    state.withLock { state in
                        state.sleeps.append(seconds)
                        state.startingIDs.remove(id)
                        let waiters = Self.readyWaiters(&state)
                        if state.cancelledIDs.remove(id) != nil { return (.failure(CancellationError()), waiters) }
                        let end = state.now.addingTimeInterval(max(0, seconds))
                        if end <= state.now { return (.success(()), waiters) }
                        state.sleepers.append(Sleeper(id: id, seconds: seconds, end: end, continuation: continuation))
                        return (nil, waiters)
                    }
                for waiter in waiters { waiter.resume() }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    // Not held yet: the sleep ends as it starts. (Or over already: nothing to do.)
                    if state.startingIDs.contains(id) { state.cancelledIDs.insert(id) }
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Removes and returns the waiters whose count of sleeps is reached.
    private static func readyWaiters(_ state: inout State) -> [CheckedContinuation<Void, Never>] {
        let count = state.sleeps.count
        let ready = state.sleepWaiters.filter { $0.count <= count }.map(\.continuation)
        state.sleepWaiters.removeAll { $0.count <= count }
        return ready
    }
}

extension ManualClock {
    /// The clock to give to an authenticator or an `OAuthClient`: now ``clock``.
    @available(*, deprecated, renamed: "clock")
    public var tokenClock: ClientClock { clock }
}

/// The clock that tests drive: now ``ManualClock``, whose sleeps by default return at once as
/// this one's did.
@available(*, deprecated, renamed: "ManualClock")
public typealias ManualTokenClock = ManualClock
