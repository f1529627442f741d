import Foundation

/// A streaming endpoint's own total deadline over its whole stream, reconnections included: when
/// it passes, the body being read is cancelled, and the reader reports
/// ``EndpointError/timedOut(after:call:)``. A client's default total deadline does not apply to
/// streams, which may last as long as they stay active.
final class StreamDeadline: Sendable {
    let seconds: TimeInterval
    private let clock: ClientClock
    /// When it passes, on the clock's uptime.
    private let end: TimeInterval
    private struct State {
        var passed = false
        var body: ResponseBodyBuffer?
        var timer: Task<Void, Never>?
    }
    private let state = Locked(State())

    init(seconds: TimeInterval, clock: ClientClock) {
        self.seconds = seconds
        self.clock = clock
        end = clock.uptime() + max(0, seconds)
        let timer = Task { [weak self, seconds] in
            guard (try? await clock.sleep(max(0, seconds))) != nil else { return }
            self?.expire()
        }
        state.withLock { $0.timer = timer }
    }

    /// Whether the deadline passed.
    var hasPassed: Bool { state.withLock { $0.passed } }

    /// The seconds left, at least 0.
    var remaining: TimeInterval {
        max(0, end - clock.uptime())
    }

    /// Cancels `body` when the deadline passes (at once if it has).
    func watch(_ body: ResponseBodyBuffer) {
        let passedAlready = state.withLock { state in
            state.body = body
            return state.passed
        }
        if passedAlready { body.cancel() }
    }

    /// Stops the timer: the stream ended.
    func cancel() {
        state.withLock { $0.timer }?.cancel()
    }

    private func expire() {
        let body = state.withLock { state in
            state.passed = true
            return state.body
        }
        body?.cancel()
    }
}
