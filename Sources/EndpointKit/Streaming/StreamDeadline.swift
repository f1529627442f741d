import Foundation

/// A streaming endpoint's own total deadline over its whole stream, reconnections included: when
/// it passes, the body being read is cancelled, and the reader reports
/// ``EndpointError/timedOut(after:call:)``. A client's default total deadline does not apply to
/// streams, which may last as long as they stay active.
final class StreamDeadline: @unchecked Sendable {
    // `@unchecked`: `passed` and `body` are only touched while holding `lock`.
    let seconds: TimeInterval
    private let clock: ClientClock
    /// When it passes, on the clock's uptime.
    private let end: TimeInterval
    private let lock = NSLock()
    private var passed = false
    private var body: ResponseBodyBuffer?
    private var timer: Task<Void, Never>?

    init(seconds: TimeInterval, clock: ClientClock) {
        self.seconds = seconds
        self.clock = clock
        end = clock.uptime() + max(0, seconds)
        timer = Task { [weak self, seconds] in
            guard (try? await clock.sleep(max(0, seconds))) != nil else { return }
            self?.expire()
        }
    }

    /// Whether the deadline passed.
    var hasPassed: Bool { lock.withLock { passed } }

    /// The seconds left, at least 0.
    var remaining: TimeInterval {
        max(0, end - clock.uptime())
    }

    /// Cancels `body` when the deadline passes (at once if it has).
    func watch(_ body: ResponseBodyBuffer) {
        let passedAlready = lock.withLock {
            self.body = body
            return passed
        }
        if passedAlready { body.cancel() }
    }

    /// Stops the timer: the stream ended.
    func cancel() {
        timer?.cancel()
    }

    private func expire() {
        let body = lock.withLock {
            passed = true
            return self.body
        }
        body?.cancel()
    }
}
