import EndpointKit
import EndpointKitLogging
import EndpointKitMetrics
import EndpointKitTracing
import Foundation
import InMemoryTracing
import Logging
import MetricsTestKit

/// One small call at a time through an in-memory transport: what the client itself costs per
/// request (building, authenticating, validating, decoding), against the hand-written baseline.
struct OverheadScenario {
    let name: String
    let requests: Int

    static let baseURL = URL(string: "https://api.github.com")!
    static let token = "ghp_16C7e42F292c6912E7710c838347Ae178B4a"
    static let repository = "apple/swift"

    init(name: String, options: Options) throws {
        self.name = name
        requests = try options.integer("requests", default: 100_000)
    }

    func run() async throws -> ScenarioResult {
        let transport = InMemoryTransport(body: Issue.body)
        let client = Client(baseURL: Self.baseURL, authenticator: .token(Self.token)) {
            $0.transport = transport
        }
        let baseline = HandWrittenClient(baseURL: Self.baseURL, token: Self.token, transport: transport)
        switch name {
        case "overhead-baseline-get":
            return try await measure { try await baseline.openIssues(repository: Self.repository).number }
        case "overhead-endpointkit-get":
            let endpoint = OpenIssues(repository: Self.repository)
            return try await measure { try await client.get(endpoint).number }
        case "overhead-observed-noop-get":
            // The tracing and metrics observers with the no-op defaults: no tracer and no metrics
            // backend bootstrapped.
            let observed = Client(baseURL: Self.baseURL, authenticator: .token(Self.token)) {
                $0.transport = transport
                $0.observers = [.tracing(), .metrics()]
            }
            let endpoint = OpenIssues(repository: Self.repository)
            return try await measure { try await observed.get(endpoint).number }
        case "overhead-observed-logging-get":
            // The logging observer with swift-log's default: standard error at `info`, which
            // writes nothing for an accepted call.
            let observed = Client(baseURL: Self.baseURL, authenticator: .token(Self.token)) {
                $0.transport = transport
                $0.observers = [.logging(to: Logger(label: "benchmarks"))]
            }
            let endpoint = OpenIssues(repository: Self.repository)
            return try await measure { try await observed.get(endpoint).number }
        case "overhead-observed-memory-get":
            // Tracing and metrics kept in memory: swift-distributed-tracing's in-memory tracer
            // (every span kept) and swift-metrics' test kit.
            let tracer = InMemoryTracer()
            let observed = Client(baseURL: Self.baseURL, authenticator: .token(Self.token)) {
                $0.transport = transport
                $0.observers = [.tracing(tracer: tracer), .metrics(factory: TestMetrics())]
            }
            let endpoint = OpenIssues(repository: Self.repository)
            let result = try await measure { try await observed.get(endpoint).number }
            guard tracer.finishedSpans.count >= 2 * requests else {
                throw UsageError(message: "\(name) recorded \(tracer.finishedSpans.count) spans")
            }
            return result
        case "overhead-baseline-post":
            return try await measure {
                try await baseline.createIssue(repository: Self.repository, issue: .example).number
            }
        case "overhead-endpointkit-post":
            let endpoint = CreateIssue(repository: Self.repository, issue: .example)
            return try await measure { try await client.post(endpoint).number }
        default:
            throw UsageError(message: "unknown overhead scenario \(name)")
        }
    }

    /// Warms up, then runs `call` `requests` times in batches of 1,000; the figure is the median
    /// batch's time per call, so a stray pause does not move it.
    func measure(_ call: () async throws -> Int) async throws -> ScenarioResult {
        for _ in 0..<1_000 {
            guard try await call() == 42 else { throw UsageError(message: "\(name) decoded the wrong issue") }
        }
        let batch = 1_000
        var perCall: [Double] = []
        let allocationsBefore = allocationsSoFar()
        let start = now()
        for _ in 0..<max(1, requests / batch) {
            let batchStart = now()
            for _ in 0..<batch {
                _ = try await call()
            }
            perCall.append(Double(now() - batchStart) / Double(batch))
        }
        let total = max(1, requests / batch) * batch
        let seconds = Double(now() - start) / 1e9
        let allocations = allocationsSoFar() - allocationsBefore
        var result = ScenarioResult(scenario: name)
        result.set("requests", total)
        result.set("seconds", seconds)
        result.set("ns_per_op", median(perCall))
        result.set("allocs_per_op", Double(allocations) / Double(total))
        return result
    }
}
