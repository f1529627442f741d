import EndpointKit
import Foundation
import Testing

/// When an idle timeout fires, proven by order, not by a wall-clock margin: no earlier than set
/// (a lower bound that load cannot break), and before a control that comes much later: the
/// server's answer after 10 s, which would make the call succeed. How soon after the timeout it
/// fires is a figure for the benchmark (`Benchmarks/run --only idle-timeout`), not a test: on a
/// busy machine the awaiting task may resume hundreds of milliseconds late, which says nothing
/// about the transport.
@Suite("Idle timeouts against httpbin", .requiresHTTPBin)
struct IdleTimeoutIntegrationTests {
    /// URLSession on Linux truncates `timeoutInterval` to whole seconds: 0.9 s failed after
    /// 0.00 s, 0.3 s at once too, and 1.5 s after 1 s. The transport enforces it itself.
    @Test(
        "An idle timeout fires no earlier than set, and before a server that answers after 10 s, below and above a second",
        .timeLimit(.minutes(1)), arguments: TransportUnderTest.allCases, [0.3, 0.9, 1.5])
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    func idleTimeoutFiresWhenSet(transport: TransportUnderTest, idle: Double) async throws {
        let client = Client(baseURL: HTTPBin.url!) {
            $0.retryPolicy = .never
            $0.timeouts = Timeouts(idle: idle)
            $0.transport = transport.make()
        }
        let start = ProcessInfo.processInfo.systemUptime

        let result = await HTTPBin.result { () async throws(EndpointError) in
            try await client.get(HTTPBin.Delay(seconds: 10))
        }

        let elapsed = ProcessInfo.processInfo.systemUptime - start
        guard case .failure(.transportFailed(let failure)) = result, failure.urlErrorCode == .timedOut else {
            throw TestFailure("expected a timeout before the server's answer, got \(result)")
        }
        #expect(elapsed >= idle, "fired after \(elapsed) s, before the \(idle) s it was set to")
    }
}
