import AsyncHTTPClient
import EndpointKit
import EndpointKitAsyncHTTPClient
import Foundation
import NIOCore
import NIOSSL

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A GET of a fixture from the local nginx, `requests` times with `concurrency` in flight, done
/// raw or through EndpointKit over URLSession or AsyncHTTPClient. Every request checks the status
/// and decodes `[Repo]`.
///
/// Over HTTPS (an `https` `--base-url`), `--ca FILE` is the test CA that AsyncHTTPClient trusts:
/// by hand as the `HTTPClient`'s `tlsConfiguration`, through EndpointKit as a `TLSPolicy`.
/// URLSession on Linux trusts the system's store only, to which `Benchmarks/run` adds the CA.
/// `--http-version 1.1` keeps AsyncHTTPClient on HTTP/1.1; by default it negotiates HTTP/2 when
/// the server offers it.
///
/// `--versus OTHER` measures scenario OTHER in the same process: `--blocks N` blocks of each,
/// alternating (A B, then B A), so that both meet the same machine. Two runs seconds apart do not:
/// on this 2-core virtual machine a run's throughput moves by up to 40 % from one to the next
/// (time taken by other guests, seen as steal time in `/proc/stat`).
struct NetworkScenario {
    let name: String
    let baseURL: URL
    let fixturePath: String
    let expectedCount: Int
    let requests: Int
    let concurrency: Int
    let status: ServerStatus
    let maximumConnectionsPerHost: Int?
    let certificateAuthority: String?
    let http1Only: Bool
    /// With `--versus`, the scenario measured in the same process, in blocks that alternate with
    /// this one's.
    let versus: String?
    let blocks: Int
    /// For the `generated-` scenarios, the `GET` of the issues or the `POST` of one (`--call`).
    let call: IssuesCall
    /// With `--location max-age` or `--location no-store`, every contender fetches the fixture
    /// from the nginx location of that name, which adds `Cache-Control: max-age=86400` or
    /// `Cache-Control: no-store` (the cache scenarios, `NetworkScenario+Cache.swift`); `nil` for
    /// the root, which sends no `Cache-Control`.
    let location: String?

    init(name: String, options: Options) throws {
        self.name = name
        baseURL = try options.url("base-url")
        let payload = options.string("payload", default: "2k")
        // The camelCase fixtures: raw and EndpointKit decode the same model with matching keys.
        let location = options.string("location", default: "")
        guard ["", "max-age", "no-store"].contains(location) else {
            throw UsageError(message: "--location is max-age or no-store")
        }
        self.location = location.isEmpty ? nil : location
        fixturePath = (self.location.map { "/\($0)" } ?? "") + "/repos-\(payload)-camel.json"
        expectedCount = try options.integer("expect", default: 1, allowsZero: true)
        requests = try options.integer("requests", default: 1000)
        concurrency = try options.integer("concurrency", default: 1)
        status = ServerStatus(url: try options.url("status-url"))
        maximumConnectionsPerHost =
            options.string("max-connections", default: "").isEmpty
            ? nil : try options.integer("max-connections", default: 6)
        let ca = options.string("ca", default: "")
        certificateAuthority = ca.isEmpty ? nil : ca
        switch options.string("http-version", default: "automatic") {
        case "automatic": http1Only = false
        case "1.1": http1Only = true
        default: throw UsageError(message: "--http-version is automatic or 1.1")
        }
        let versus = options.string("versus", default: "")
        self.versus = versus.isEmpty ? nil : versus
        blocks = self.versus == nil ? 1 : try options.integer("blocks", default: 10)
        guard let call = IssuesCall(rawValue: options.string("call", default: "list")) else {
            throw UsageError(message: "--call is list or create")
        }
        self.call = call
        guard requests >= blocks else { throw UsageError(message: "--requests must be at least --blocks") }
    }

    /// The `HTTPClient` configuration EndpointKit's transport uses by default, over HTTP/1.1 only
    /// if asked.
    func asyncHTTPClientConfiguration(tls: TLSPolicy? = nil) throws -> HTTPClient.Configuration {
        var configuration =
            try tls.map { try AsyncHTTPClientTransport.makeDefaultConfiguration(tls: $0) }
            ?? AsyncHTTPClientTransport.makeDefaultConfiguration()
        if http1Only {
            configuration.httpVersion = .http1Only
        }
        return configuration
    }

    /// What a user does by hand to trust the CA: the client's `tlsConfiguration`.
    func rawAsyncHTTPClientConfiguration() throws -> HTTPClient.Configuration {
        var configuration = try asyncHTTPClientConfiguration()
        if let certificateAuthority {
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.trustRoots = .file(certificateAuthority)
            configuration.tlsConfiguration = tls
        }
        return configuration
    }

    /// What an EndpointKit user does: a `TLSPolicy` that trusts the CA only, or none.
    var tlsPolicy: TLSPolicy? {
        get throws {
            try certificateAuthority.map {
                TLSPolicy(trust: .only([try TLSCertificate(pemFile: URL(fileURLWithPath: $0))]))
            }
        }
    }

    /// The transport with ``tlsPolicy``, or without one over plain HTTP.
    func asyncHTTPClientTransport(_ httpClient: HTTPClient) throws -> AsyncHTTPClientTransport {
        guard let policy = try tlsPolicy else { return AsyncHTTPClientTransport(client: httpClient) }
        return try AsyncHTTPClientTransport(client: httpClient, tls: policy)
    }

    /// The configuration EndpointKit's transport uses by default, with `--max-connections` applied.
    func tunedConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionTransport.makeDefaultConfiguration()
        if let maximumConnectionsPerHost {
            configuration.httpMaximumConnectionsPerHost = maximumConnectionsPerHost
        }
        return configuration
    }

    /// Runs the scenario, or with `--versus` the two in alternating blocks: a result for each.
    func run() async throws -> [ScenarioResult] {
        var contenders: [Contender] = []
        let results = await Result {
            contenders.append(try await contender(named: name))
            if let versus {
                let other = try await contender(named: versus)
                // A scenario against itself (the spread between two identical sides): the second
                // is named apart, so that each side has its own RESULT line.
                contenders.append(versus == name ? other.renamed(versus + "-again") : other)
            }
            return try await measure(contenders)
        }
        for contender in contenders {
            try await contender.shutdown()
        }
        return try results.get()
    }

    /// The call of scenario `name`, ready to measure.
    func contender(named name: String) async throws -> Contender {
        let url = baseURL.appendingPathComponent(fixturePath)
        switch name {
        case "urlsession-shared":
            return Contender(
                name: name, fetch: Self.rawURLSession(.shared, url: url),
                probe: Self.protocolHeader(URLSession.shared, url: url))
        case "urlsession-raw":
            let session = URLSession(configuration: tunedConfiguration())
            return Contender(
                name: name, fetch: Self.rawURLSession(session, url: url), probe: Self.protocolHeader(session, url: url))
        case "urlsession-endpointkit":
            let client: Client
            if maximumConnectionsPerHost == nil {
                client = Client(baseURL: baseURL)  // everything as it is by default
            } else {
                client = Client(baseURL: baseURL) {
                    $0.transport = URLSessionTransport(configuration: tunedConfiguration())
                }
            }
            return endpointKit(name, client)
        case "ahc-raw":
            // The same HTTPClient configuration as through EndpointKit: the transport's own (and
            // over HTTPS the CA, set where a user of AsyncHTTPClient alone would set it).
            let httpClient = HTTPClient(configuration: try rawAsyncHTTPClientConfiguration())
            return Contender(
                name: name, fetch: Self.rawAsyncHTTPClient(httpClient, url: url),
                probe: Self.protocolHeader(httpClient, url: url), shutdown: httpClient.stop)
        case "ahc-raw-urlrequest":
            // By hand as an app built on `URLRequest` would call AsyncHTTPClient: a `URL` and a
            // `URLRequest` per call, its header set with `setValue(_:forHTTPHeaderField:)`, turned
            // into an `HTTPClientRequest`. On Linux most of its cost over `ahc-raw` is that setter,
            // which EndpointKit does not call (it sets all of a request's headers in one assignment).
            let httpClient = HTTPClient(configuration: try rawAsyncHTTPClientConfiguration())
            let fetch = Self.rawAsyncHTTPClientFromURLRequest(httpClient, baseURL: baseURL, path: fixturePath)
            return Contender(
                name: name, fetch: fetch, probe: Self.protocolHeader(httpClient, url: url), shutdown: httpClient.stop)
        case "ahc-raw-delegate":
            // By hand with AsyncHTTPClient's delegate API, which EndpointKit's transport uses.
            let httpClient = HTTPClient(configuration: try rawAsyncHTTPClientConfiguration())
            return Contender(
                name: name, fetch: Self.rawAsyncHTTPClientDelegate(httpClient, url: url),
                probe: Self.protocolHeader(httpClient, url: url), shutdown: httpClient.stop)
        case "ahc-raw-delegate-request-tls":
            // By hand with the delegate API, the CA in each request's `tlsConfiguration` (parsed
            // once), as a `TLSPolicy` has AsyncHTTPClientTransport do.
            let perRequest = try certificateAuthority.map { path in
                var tls = TLSConfiguration.makeClientConfiguration()
                tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(path))
                return tls
            }
            let httpClient = HTTPClient(configuration: try rawAsyncHTTPClientConfiguration())
            return Contender(
                name: name, fetch: Self.rawAsyncHTTPClientDelegate(httpClient, url: url, tlsConfiguration: perRequest),
                probe: Self.protocolHeader(httpClient, url: url), shutdown: httpClient.stop)
        case "ahc-endpointkit-minimal-transport":
            return try await endpointKit(name, over: try rawAsyncHTTPClientConfiguration()) {
                MinimalAsyncHTTPClientTransport(client: $0)
            }
        case "ahc-endpointkit-minimal-async-transport":
            return try await endpointKit(name, over: try rawAsyncHTTPClientConfiguration()) {
                MinimalAsyncAPITransport(client: $0)
            }
        case "ahc-endpointkit-request-tls":
            // Through EndpointKit, the TLSPolicy on the transport only: each request carries it.
            return try await endpointKit(name, over: try asyncHTTPClientConfiguration()) {
                try asyncHTTPClientTransport($0)
            }
        case "ahc-endpointkit-no-idle-timeout":
            // Diagnosis: `ahc-endpointkit` without an idle timeout, so that the body is read in the
            // calling task, not by a task of its own that the idle watchdog can stop.
            return try await endpointKit(
                name, over: try asyncHTTPClientConfiguration(tls: tlsPolicy), timeouts: Timeouts(idle: .infinity)
            ) {
                try asyncHTTPClientTransport($0)
            }
        case "ahc-endpointkit":
            // As the Security article says: the TLSPolicy on the HTTPClient and on the transport.
            return try await endpointKit(name, over: try asyncHTTPClientConfiguration(tls: tlsPolicy)) {
                try asyncHTTPClientTransport($0)
            }
        case let generated where generated.hasPrefix("generated-"):
            return try await generatedContender(named: generated)
        case let cached where cached.hasPrefix("cache-"):
            return try await cacheContender(named: cached)
        default:
            throw UsageError(message: "unknown network scenario \(name)")
        }
    }

    /// The fixture's call through `client`.
    private func endpointKit(_ name: String, _ client: Client) -> Contender {
        Contender(
            name: name, fetch: Self.endpointKit(client, path: fixturePath),
            probe: Self.protocolHeader(client, path: fixturePath))
    }

    /// The fixture's call through a client with `timeouts` whose transport `makeTransport` makes
    /// over an `HTTPClient` of `configuration`, which the contender's `shutdown` stops (and which is
    /// stopped at once when `makeTransport` throws).
    private func endpointKit(
        _ name: String, over configuration: HTTPClient.Configuration, timeouts: Timeouts = .default,
        transport makeTransport: (HTTPClient) throws -> any Transport
    ) async throws -> Contender {
        let httpClient = HTTPClient(configuration: configuration)
        do {
            let transport = try makeTransport(httpClient)
            let client = Client(baseURL: baseURL) {
                $0.transport = transport
                $0.timeouts = timeouts
            }
            var contender = endpointKit(name, client)
            contender.shutdown = httpClient.stop
            return contender
        } catch {
            try await httpClient.shutdown()
            throw error
        }
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

    /// AsyncHTTPClient by hand from a `URLRequest`: per call, the URL (base URL and path, parsed
    /// as `URL(string:)` does) and a `URLRequest` that accepts JSON, then an `HTTPClientRequest` of
    /// its URL, method and header fields; `execute`, check the status, collect the body,
    /// `JSONDecoder`.
    static func rawAsyncHTTPClientFromURLRequest(
        _ client: HTTPClient, baseURL: URL, path: String
    ) -> @Sendable () async throws -> Int {
        let decoder = JSONDecoder()
        let base = baseURL.absoluteString
        return {
            guard let url = URL(string: base + path) else { throw UsageError(message: "bad URL") }
            var request = URLRequest(url: url)
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            var outgoing = HTTPClientRequest(url: url.absoluteString)
            outgoing.method = .init(rawValue: request.httpMethod ?? "GET")
            for (name, value) in request.allHTTPHeaderFields ?? [:] {
                outgoing.headers.add(name: name, value: value)
            }
            let response = try await client.execute(outgoing, timeout: .seconds(60))
            guard (200..<300).contains(response.status.code) else {
                throw UsageError(message: "unexpected status \(response.status.code)")
            }
            let body = try await response.body.collect(upTo: 64 << 20)
            return try decoder.decode([Repo].self, from: Data(body.readableBytesView)).count
        }
    }

    /// The HTTP version nginx saw, from the `X-Protocol` header that `Benchmarks/run` has it add
    /// (`$server_protocol`); `-` when there is none.
    static func protocolHeader(_ session: URLSession, url: URL) -> @Sendable () async throws -> String {
        {
            let (_, response) = try await session.data(from: url)
            return (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "X-Protocol") ?? "-"
        }
    }

    static func protocolHeader(_ client: HTTPClient, url: URL) -> @Sendable () async throws -> String {
        {
            let response = try await client.execute(HTTPClientRequest(url: url.absoluteString), timeout: .seconds(60))
            _ = try await response.body.collect(upTo: 64 << 20)
            return response.headers.first(name: "X-Protocol") ?? "-"
        }
    }

    static func protocolHeader(_ client: Client, path: String) -> @Sendable () async throws -> String {
        let endpoint = Repositories(path: path)
        return { try await client.send(endpoint).headers["X-Protocol"] ?? "-" }
    }

    /// AsyncHTTPClient by hand through its delegate API: `execute(request:delegate:)` with its own
    /// `ResponseAccumulator`, check the status, `JSONDecoder`.
    static func rawAsyncHTTPClientDelegate(
        _ client: HTTPClient, url: URL, tlsConfiguration: TLSConfiguration? = nil
    ) -> @Sendable () async throws -> Int {
        let decoder = JSONDecoder()
        return {
            var request = try HTTPClient.Request(url: url.absoluteString)
            request.tlsConfiguration = tlsConfiguration
            request.headers.add(name: "Accept", value: "application/json")
            let response = try await client.execute(request: request, delegate: ResponseAccumulator(request: request))
                .futureResult.get()
            guard (200..<300).contains(response.status.code), let body = response.body else {
                throw UsageError(message: "unexpected status \(response.status.code)")
            }
            return try decoder.decode([Repo].self, from: Data(body.readableBytesView)).count
        }
    }

    /// The same call through EndpointKit: `client.get` of a `GET` endpoint returning `[Repo]`.
    static func endpointKit(_ client: Client, path: String) -> @Sendable () async throws -> Int {
        let endpoint = Repositories(path: path)
        return { try await client.get(endpoint).count }
    }
}

/// Diagnosis only: the least a transport over AsyncHTTPClient's delegate API can do (AsyncHTTPClient's
/// own `ResponseAccumulator`; no idle timeout, size limit or redirects).
struct MinimalAsyncHTTPClientTransport: Transport {
    let client: HTTPClient

    func send(_ request: URLRequest) async throws -> HTTPResponse {
        var outgoing = try HTTPClient.Request(url: request.url!.absoluteString)
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            outgoing.headers.add(name: name, value: value)
        }
        let response = try await client.execute(request: outgoing, delegate: ResponseAccumulator(request: outgoing))
            .futureResult.get()
        var headers = HTTPHeaders()
        for field in response.headers {
            headers.add(field.value, for: field.name)
        }
        return HTTPResponse(
            statusCode: Int(response.status.code), headers: headers,
            body: response.body.map { Data($0.readableBytesView) } ?? Data(), url: request.url)
    }
}

/// Diagnosis only: the least a transport over AsyncHTTPClient's async `execute` can do (no idle
/// timeout, size limit of its own or redirects); beside ``MinimalAsyncHTTPClientTransport``, it
/// shows what the delegate API costs a call.
struct MinimalAsyncAPITransport: Transport {
    let client: HTTPClient

    func send(_ request: URLRequest) async throws -> HTTPResponse {
        var outgoing = HTTPClientRequest(url: request.url!.absoluteString)
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            outgoing.headers.add(name: name, value: value)
        }
        let response = try await client.execute(outgoing, timeout: .seconds(60))
        let body = try await response.body.collect(upTo: 64 << 20)
        var headers = HTTPHeaders()
        for field in response.headers {
            headers.add(field.value, for: field.name)
        }
        return HTTPResponse(
            statusCode: Int(response.status.code), headers: headers, body: Data(body.readableBytesView),
            url: request.url)
    }
}
