import EndpointKit
import Foundation
import Testing

/// How close to its idle timeout a request fails. `scripts/test` runs this suite on its own,
/// after the others: with every other suite running beside it under ThreadSanitizer on two
/// cores, a task can wait hundreds of milliseconds to be resumed, which says nothing about the
/// transport.
@Suite("Idle timeout precision against httpbin", .requiresHTTPBin)
struct IdleTimeoutPrecisionTests {
    /// URLSession on Linux truncates `timeoutInterval` to whole seconds: 0.9 s failed after
    /// 0.00 s, 0.3 s at once too, and 1.5 s after 1 s. The transport enforces it itself.
    @Test(
        "An idle timeout fires no earlier than set and soon after, below and above a second",
        .timeLimit(.minutes(1)), arguments: [0.3, 0.9, 1.5])
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    func idleTimeoutFiresWhenSet(idle: Double) async throws {
        let client = Client(baseURL: HTTPBin.url!) {
            $0.retryPolicy = .never
            $0.timeouts = Timeouts(idle: idle)
        }
        let start = ProcessInfo.processInfo.systemUptime
        let result = await HTTPBin.result { () async throws(EndpointError) in
            try await client.get(HTTPBin.Delay(seconds: 3))
        }
        let elapsed = ProcessInfo.processInfo.systemUptime - start
        guard case .failure(.transportFailed(let failure)) = result, failure.urlErrorCode == .timedOut else {
            throw TestFailure("expected a timeout, got \(result)")
        }
        #expect(elapsed >= idle, "fired after \(elapsed) s")
        // 0.4 to 19 ms after it in a debug build; the margin is for ThreadSanitizer.
        #expect(elapsed < idle + 0.1, "fired after \(elapsed) s")
    }
}
