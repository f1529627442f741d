import Foundation

/// When each of ``URLSessionTransport``'s tasks must have made progress by, with one timer that
/// fires at the earliest of those deadlines.
///
/// URLSession on Linux truncates `timeoutInterval` to whole seconds: an idle timeout of 0.9 s
/// failed after 0.00 s, and one of 1.5 s would fire after 1 s (swift-corelibs-foundation 6.3.1;
/// regression test: "An idle timeout below a second fires when set, not at once"). So the
/// transport gives URLSession a timeout it cannot reach first (`rounded up, plus a second`) and
/// enforces the real one here, on every platform, from the delegate's progress calls.
///
/// Progress only moves deadlines later, so the timer is only set earlier when a task starts
/// whose deadline comes before it; a request costs a clock read per delegate call and no timer
/// of its own. When the timer fires, the tasks past their deadline are cancelled and marked, and
/// the timer is set for the earliest deadline left.
final class IdleDeadlines: @unchecked Sendable {
    // `@unchecked`: `timer` is only scheduled while holding the delegate's lock (`schedule` is
    // called from within `exchanges.withLock`), and its handler runs on `queue`.
    private let queue = DispatchQueue(label: "EndpointKit.URLSessionTransport.idle")
    private let timer: any DispatchSourceTimer
    /// When the timer fires next, in `DispatchTime` nanoseconds; `nil` when it is not set.
    private var nextFire: UInt64?

    /// Creates the deadlines, whose timer calls `check` when it fires.
    init(check: @escaping @Sendable () -> Void) {
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler(handler: check)
        timer.resume()
    }

    deinit {
        timer.cancel()
    }

    /// The current time, in the unit deadlines use.
    static var now: UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Makes sure the timer fires no later than `deadline`. Call it while holding the delegate's
    /// lock.
    func fire(noLaterThan deadline: UInt64) {
        if let nextFire, nextFire <= deadline { return }
        nextFire = deadline
        timer.schedule(deadline: DispatchTime(uptimeNanoseconds: deadline), leeway: .milliseconds(1))
    }

    /// Forgets the scheduled fire, at the start of a check; the check then sets the next one.
    /// Call it while holding the delegate's lock.
    func fired() {
        nextFire = nil
    }

    /// `seconds` in nanoseconds, or `nil` for no idle timeout (zero, negative, not finite, or
    /// longer than thirty years).
    static func nanoseconds(_ seconds: TimeInterval) -> UInt64? {
        guard seconds > 0, seconds < 1e9 else { return nil }
        return UInt64(seconds * 1e9)
    }
}
