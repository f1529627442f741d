import Dispatch
import Foundation
import NIOConcurrencyHelpers

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs an exchange that reports its progress, and fails it with `URLError(.timedOut)` once it
/// has made none for the idle timeout: URLSession's `timeoutInterval`, for AsyncHTTPClient.
///
/// AsyncHTTPClient has a per-request deadline only for the response head and a read timeout only
/// per `HTTPClient`, so the transport keeps its own clock: the exchange calls
/// ``ActivityClock/record()`` when the head and each body chunk arrive, and a watchdog task
/// sleeps until the last activity plus the timeout, then either gives up or sleeps again.
enum IdleTimeout {
    /// Runs `exchange`, cancelled with `URLError(.timedOut)` after `seconds` without activity.
    ///
    /// - Parameters:
    ///   - seconds: The idle timeout; zero, negative or infinite for none.
    ///   - exchange: The work; it records its activity on the clock it is given.
    /// - Returns: What `exchange` returns.
    /// - Throws: `URLError(.timedOut)`, or what `exchange` throws.
    static func run<Value: Sendable>(
        seconds: TimeInterval, _ exchange: @escaping @Sendable (ActivityClock) async throws -> Value
    ) async throws -> Value {
        let clock = ActivityClock()
        guard seconds > 0, seconds < Double(UInt64.max / 2_000_000_000) else { return try await exchange(clock) }
        let limit = UInt64(seconds * 1_000_000_000)
        return try await withThrowingTaskGroup(of: Value.self) { group in
            group.addTask { try await exchange(clock) }
            group.addTask {
                try await clock.waitUntilIdle(for: limit)
                throw URLError(.timedOut)
            }
            defer { group.cancelAll() }
            // The watchdog never returns a value, so the first value is the exchange's.
            guard let value = try await group.next() else { throw CancellationError() }
            return value
        }
    }
}

/// When an exchange last made progress, in `DispatchTime` uptime nanoseconds.
final class ActivityClock: Sendable {
    private let lastActivity = NIOLockedValueBox(DispatchTime.now().uptimeNanoseconds)

    /// Notes that the exchange made progress now.
    func record() {
        let now = DispatchTime.now().uptimeNanoseconds
        lastActivity.withLockedValue { $0 = now }
    }

    /// Returns once there has been no activity for `limit` nanoseconds.
    ///
    /// - Throws: `CancellationError` when the task is cancelled first.
    func waitUntilIdle(for limit: UInt64) async throws {
        while true {
            let last = lastActivity.withLockedValue { $0 }
            let idle = DispatchTime.now().uptimeNanoseconds &- last
            if idle >= limit { return }
            try await Task.sleep(nanoseconds: limit - idle)
        }
    }
}
