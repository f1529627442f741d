#if AsyncHTTPClient
    import AsyncHTTPClient
    import EndpointKit
    import EndpointKitAsyncHTTPClient
    import Foundation
    import Testing

    /// The HTTP/2 test servers (`Tests/Servers/h2_server.py`, started by `Tests/Servers/h2-server.sh` with the
    /// TLS servers' test PKI): hypercorn with ALPN `h2` and `http/1.1`, and a server that sends
    /// `GOAWAY` in the middle of a call.
    enum HTTP2Servers {
        private static let environment = ProcessInfo.processInfo.environment

        /// hypercorn (H2_SERVER_URL).
        static let url = URL(string: environment["H2_SERVER_URL"] ?? "https://127.0.0.1:1")!
        /// The GOAWAY server (H2_GOAWAY_URL).
        static let goAwayURL = URL(string: environment["H2_GOAWAY_URL"] ?? "https://127.0.0.1:1")!

        static var isAvailable: Bool {
            !(environment["H2_SERVER_URL"] ?? "").isEmpty && !(environment["H2_GOAWAY_URL"] ?? "").isEmpty
                && TLSServers.pki != nil
        }

        static func key() -> String { "h2-\(UUID().uuidString.prefix(8).lowercased())" }

        /// Runs `body` with a client for `baseURL` that sends through an `AsyncHTTPClientTransport`
        /// trusting the test CA only, over a new `HTTPClient` made with `configuration` (the
        /// transport's default one, which lets AsyncHTTPClient negotiate HTTP/2, unless given).
        static func withClient<Value>(
            baseURL: URL = url, authenticator: some Authenticator = NoAuthenticator(),
            retryPolicy: RetryPolicy = .never,
            configuration: HTTPClient.Configuration = AsyncHTTPClientTransport.makeDefaultConfiguration(),
            _ body: (Client) async throws -> Value
        ) async throws -> Value {
            let tls = TLSPolicy(trust: .only([try TLSServers.ca()]))
            return try await HTTPBin.withHTTPClient(configuration: configuration) { httpClient in
                let client = try Client(baseURL: baseURL, authenticator: authenticator) {
                    $0.retryPolicy = retryPolicy
                    $0.transport = try AsyncHTTPClientTransport(client: httpClient, tls: tls)
                }
                return try await body(client)
            }
        }

        /// What hypercorn echoes: the HTTP version it served the request with, the client's
        /// connection (its address and port) and the request's headers.
        struct Echo: Decodable, JSONObject {
            let key: String
            let http_version: String
            let connection: String
            let headers: [String: String]
            /// With `gather`: whether all the requests it waited for arrived while it was held.
            let gathered: Bool?
        }

        /// `GET /echo?key=K`; with `gather`, held by the server until that many requests for `key`
        /// are open at once.
        struct EchoCall: GET {
            typealias ResponseType = Echo
            let key: String
            var gather: Int?
            let path = "/echo"
            var query: Parameters {
                guard let gather else { return ["key": key] }
                return ["key": key, "gather": gather]
            }
        }

        /// What hypercorn has seen since it started.
        struct Stats: GET {
            struct Seen: Decodable, JSONObject {
                let connections: Int
                let handshakes: Int
                let keys: [String: Int]
                let http_versions: [String]
            }
            typealias ResponseType = Seen
            let path = "/stats"
        }

        /// How many requests for `/goaway/{key}` the GOAWAY server saw.
        struct Count: Decodable, JSONObject {
            let key: String
            let requests: Int
        }

        /// `/goaway/{key}`: the first time, `GOAWAY` below the request's stream and the connection
        /// closed; then `200` with the count.
        struct GoAwayGet: GET {
            typealias ResponseType = Count
            let key: String
            var path: String { "/goaway/\(segment: key)" }
        }

        /// `POST /goaway/{key}` with a small JSON body.
        struct GoAwayPost: POST {
            typealias ResponseType = Count
            let key: String
            var path: String { "/goaway/\(segment: key)" }
            var body: RequestBody { .json(["order": key]) }
        }

        /// `GET /count/{key}`, which the GOAWAY server does not count.
        struct GoAwayCount: GET {
            typealias ResponseType = Count
            let key: String
            var path: String { "/count/\(segment: key)" }
        }

        /// How many `/goaway/{key}` requests the GOAWAY server saw.
        static func goAwayRequests(for key: String) async throws -> Int {
            try await withClient(baseURL: goAwayURL) { try await $0.get(GoAwayCount(key: key)) }.requests
        }

        /// What hypercorn has seen so far; the TLS handshake of this call's own connection included.
        static func stats() async throws -> Stats.Seen {
            try await withClient { try await $0.get(Stats()) }
        }

        /// How many requests for `key` hypercorn saw.
        static func requests(for key: String) async throws -> Int {
            try await stats().keys[key] ?? 0
        }
    }

    extension Trait where Self == ConditionTrait {
        /// Runs a suite only when the HTTP/2 servers run.
        static var requiresHTTP2Servers: Self {
            .enabled(if: HTTP2Servers.isAvailable, "H2_SERVER_URL is not set: run scripts/test")
        }
    }
#endif
