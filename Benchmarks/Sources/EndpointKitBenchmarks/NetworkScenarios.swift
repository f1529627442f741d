import AsyncHTTPClient
import EndpointKit
import EndpointKitAsyncHTTPClient
import Foundation
import NIOCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A GET of a fixture from the local nginx, `requests` times with `concurrency` in flight, done
/// raw or through EndpointKit over URLSession or AsyncHTTPClient. Every request checks the status
/// and decodes `[Repo]`.
struct NetworkScenario {
    let name: String
    let baseURL: URL
    let fixturePath: String
    let expectedCount: Int
    let requests: Int
    let concurrency: Int
    let status: ServerStatus
    let maximumConnectionsPerHost: Int?

    init(name: String, options: Options) throws {
        self.name = name
        baseURL = try options.url("base-url")
        let payload = options.string("payload", default: "2k")
        // The camelCase fixtures: raw and EndpointKit decode the same model with matching keys.
        fixturePath = "/repos-\(payload)-camel.json"
        expectedCount = try options.integer("expect", default: 1)
        requests = try options.integer("requests", default: 1000)
        concurrency = try options.integer("concurrency", default: 1)
        status = ServerStatus(url: try options.url("status-url"))
        maximumConnectionsPerHost =
            options.string("max-connections", default: "").isEmpty
            ? nil : try options.integer("max-connections", default: 6)
    }

    /// The configuration EndpointKit's transport uses by default, with `--max-connections` applied.
    func tunedConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionTransport.makeDefaultConfiguration()
        if let maximumConnectionsPerHost {
            configuration.httpMaximumConnectionsPerHost = maximumConnectionsPerHost
        }
        return configuration
    }

    func run() async throws -> ScenarioResult {
        let url = baseURL.appendingPathComponent(fixturePath)
        switch name {
        case "urlsession-shared":
            return try await measure(Self.rawURLSession(.shared, url: url))
        case "urlsession-raw":
            return try await measure(Self.rawURLSession(URLSession(configuration: tunedConfiguration()), url: url))
        case "urlsession-endpointkit":
            let client: Client
            if maximumConnectionsPerHost == nil {
                client = Client(baseURL: baseURL)  // everything as it is by default
            } else {
                client = Client(baseURL: baseURL) {
                    $0.transport = URLSessionTransport(configuration: tunedConfiguration())
                }
            }
            return try await measure(Self.endpointKit(client, path: fixturePath))
        case "ahc-raw":
            // The same HTTPClient configuration as through EndpointKit: the transport's own.
            let httpClient = HTTPClient(configuration: AsyncHTTPClientTransport.makeDefaultConfiguration())
            let result = await Result(catching: { try await measure(Self.rawAsyncHTTPClient(httpClient, url: url)) })
            try await httpClient.shutdown()
            return try result.get()
        case "ahc-endpointkit":
            let httpClient = HTTPClient(configuration: AsyncHTTPClientTransport.makeDefaultConfiguration())
            let client = Client(baseURL: baseURL) {
                $0.transport = AsyncHTTPClientTransport(client: httpClient)
            }
            let result = await Result(catching: { try await measure(Self.endpointKit(client, path: fixturePath)) })
            try await httpClient.shutdown()
            return try result.get()
        default:
            throw UsageError(message: "unknown network scenario \(name)")
        }
    }

    /// Warms up, then times `requests` calls of `fetch` and counts the connections they opened.
    func measure(_ fetch: @escaping @Sendable () async throws -> Int) async throws -> ScenarioResult {
        let first = try await fetch()
        guard first == expectedCount else {
            throw UsageError(message: "decoded \(first) repositories, expected \(expectedCount)")
        }
        try await runConcurrently(total: max(concurrency * 4, 100), concurrency: concurrency) { _ = try await fetch() }
        let acceptedBefore = try await status.acceptedConnections()
        let allocationsBefore = allocationsSoFar()
        let start = now()
        try await runConcurrently(total: requests, concurrency: concurrency) { _ = try await fetch() }
        let seconds = Double(now() - start) / 1e9
        let allocations = allocationsSoFar() - allocationsBefore
        let opened = try await status.acceptedConnections() - acceptedBefore
        var result = ScenarioResult(scenario: name)
        result.set("requests", requests)
        result.set("concurrency", concurrency)
        result.set("seconds", seconds)
        result.set("rps", Double(requests) / seconds)
        result.set("connections", opened)
        result.set("connections_per_10k", Double(opened) * 10_000 / Double(requests))
        result.set("allocs_per_op", Double(allocations) / Double(requests))
        return result
    }

    /// What an app does by hand: the same request as EndpointKit's (a `GET` that accepts JSON),
    /// `data(for:)`, check the status, `JSONDecoder`.
    static func rawURLSession(_ session: URLSession, url: URL) -> @Sendable () async throws -> Int {
        let decoder = JSONDecoder()
        return {
            var request = URLRequest(url: url)
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            let (data, response) = try await session.data(for: request)
            guard let response = response as? HTTPURLResponse, (200..<300).contains(response.statusCode) else {
                throw UsageError(message: "unexpected response \(response)")
            }
            return try decoder.decode([Repo].self, from: data).count
        }
    }

    /// AsyncHTTPClient by hand: the same request as EndpointKit's, `execute`, check the status,
    /// collect the body, `JSONDecoder`.
    static func rawAsyncHTTPClient(_ client: HTTPClient, url: URL) -> @Sendable () async throws -> Int {
        let decoder = JSONDecoder()
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "Accept", value: "application/json")
        return { [request] in
            let response = try await client.execute(request, timeout: .seconds(60))
            guard (200..<300).contains(response.status.code) else {
                throw UsageError(message: "unexpected status \(response.status.code)")
            }
            let body = try await response.body.collect(upTo: 64 << 20)
            return try decoder.decode([Repo].self, from: Data(body.readableBytesView)).count
        }
    }

    /// The same call through EndpointKit: `client.get` of a `GET` endpoint returning `[Repo]`.
    static func endpointKit(_ client: Client, path: String) -> @Sendable () async throws -> Int {
        let endpoint = Repositories(path: path)
        return { try await client.get(endpoint).count }
    }
}
