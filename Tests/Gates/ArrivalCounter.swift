import EndpointKit

/// Counts the callers that reach a point of a test, and lets the test wait until a number of them
/// have: the gate that holds a renewal until a burst of calls has piled up on it, with no
/// wall-clock wait. A ``CountingAuthenticator`` counts in one the calls that reach an
/// authenticator, and a test's renewal waits with ``waitForArrivals(count:)`` until a whole burst
/// of them has.
package final class ArrivalCounter: Sendable {
    private struct State {
        var count = 0
        /// Waits for a number of arrivals, in the order they began.
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Locked(State())

    package init() {}

    /// How many have arrived so far.
    package var count: Int { state.withLock { $0.count } }

    /// Counts one arrival, and ends every wait that it completes.
    ///
    /// - Returns: How many have arrived, this one included: 1 for the first.
    @discardableResult
    package func arrive() -> Int {
        let (count, completed) = state.withLock { state in
            state.count += 1
            let count = state.count
            let completed = state.waiters.filter { $0.count <= count }.map(\.continuation)
            state.waiters.removeAll { $0.count <= count }
            return (count, completed)
        }
        for continuation in completed { continuation.resume() }
        return count
    }

    /// Waits until at least `count` have arrived since the counter was made; returns at once if
    /// they have.
    ///
    /// - Parameter count: How many arrivals.
    package func waitForArrivals(count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let arrived = state.withLock { state in
                if state.count >= count { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if arrived { continuation.resume() }
        }
    }
}
