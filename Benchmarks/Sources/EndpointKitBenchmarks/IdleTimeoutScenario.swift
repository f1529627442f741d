import AsyncHTTPClient
import EndpointKit
import EndpointKitAsyncHTTPClient
import Foundation

/// How late an idle timeout fires: `--requests` calls, one after another, through a `Client` with
/// `Timeouts(idle: --idle)` and no retries, to a ``SilentServer`` that takes the connection and
/// never answers. Each call must fail with the transport's timeout; its lateness is the time from
/// just before the call to the failure, minus the idle timeout.
struct IdleTimeoutScenario {
    let name: String
    let idleTimeout: TimeInterval
    let requests: Int

    init(name: String, options: Options) throws {
        self.name = name
        idleTimeout = try options.seconds("idle", default: 0.3)
        requests = try options.integer("requests", default: 20)
    }

    func run() async throws -> ScenarioResult {
        // A connection per call (a timed-out one is closed), the untimed one and a few to spare.
        let server = try SilentServer(connections: requests + 10)
        defer { server.stop() }
        let baseURL = URL(string: "http://127.0.0.1:\(server.port)")!
        let lateness: [Double]
        switch name {
        case "idle-timeout-urlsession":
            lateness = try await measure(client(baseURL: baseURL, transport: URLSessionTransport()))
        case "idle-timeout-ahc":
            let httpClient = HTTPClient(configuration: AsyncHTTPClientTransport.makeDefaultConfiguration())
            let transport = AsyncHTTPClientTransport(client: httpClient)
            let result = await Result { try await measure(client(baseURL: baseURL, transport: transport)) }
            try await httpClient.shutdown()
            lateness = try result.get()
        default:
            throw UsageError(message: "unknown idle-timeout scenario \(name)")
        }
        let sorted = lateness.sorted()
        var result = ScenarioResult(scenario: name)
        result.set("idle_s", idleTimeout)
        result.set("requests", requests)
        result.set("median_ms", median(sorted))
        result.set("p90_ms", sorted[Int((Double(sorted.count) * 0.9).rounded(.up)) - 1])  // nearest rank
        result.set("max_ms", sorted[sorted.count - 1])
        return result
    }

    func client(baseURL: URL, transport: any Transport) -> Client {
        Client(baseURL: baseURL) {
            $0.transport = transport
            $0.retryPolicy = .never
            $0.timeouts = Timeouts(idle: idleTimeout)
        }
    }

    /// Makes the untimed call, then `requests` timed ones, and returns how late each timed one
    /// failed, in milliseconds.
    func measure(_ client: Client) async throws -> [Double] {
        let endpoint = Repositories(path: "/silent")
        // It starts the transport, and checks that a call fails as it should.
        _ = try await timeUntilTimeout(of: endpoint, through: client)
        var lateness: [Double] = []
        for _ in 0..<requests {
            let seconds = try await timeUntilTimeout(of: endpoint, through: client)
            lateness.append((seconds - idleTimeout) * 1000)
        }
        return lateness
    }

    /// Seconds from just before the call of `endpoint` to its failure, which must be a transport
    /// timeout.
    func timeUntilTimeout(of endpoint: Repositories, through client: Client) async throws -> Double {
        let start = now()
        do throws(EndpointError) {
            _ = try await client.get(endpoint)
        } catch {
            guard case .transportFailed = error, error.isTimeout else { throw error }
            return Double(now() - start) / 1e9
        }
        throw UsageError(message: "the silent server answered")
    }
}
