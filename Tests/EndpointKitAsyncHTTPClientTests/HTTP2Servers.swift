#if AsyncHTTPClient
    import AsyncHTTPClient
    import EndpointKit
    import EndpointKitAsyncHTTPClient
    import Foundation
    import Testing

    /// The HTTP/2 servers' routes and what they saw (TestServers' `HTTP2Servers` finds them).
    extension HTTP2Servers {
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

        /// The retry policy of the GOAWAY tests under concurrency: 5 attempts. hypercorn, which
        /// ends each connection with GOAWAY once it brought 11 requests, drops the requests it took
        /// but had not answered yet; with 32 in flight, about one attempt in six meets that, and
        /// a GET is lost only when every attempt does: the default 3 attempts lost 1 of 1,760
        /// calls in five runs, 5 attempts none of 4,224 in twelve.
        static let goAwayRetryPolicy = RetryPolicy(maximumAttempts: 5)

        /// 352 `GET /echo?key=K` through `client`, 32 in flight: 32 tasks of 11 calls each.
        static func getConcurrently(_ client: Client, key: String) async -> [Result<Echo, EndpointError>] {
            await withTaskGroup(of: [Result<Echo, EndpointError>].self) { group in
                for _ in 0..<32 {
                    group.addTask {
                        var results: [Result<Echo, EndpointError>] = []
                        for _ in 0..<11 {
                            results.append(
                                await HTTPBin.result { () async throws(EndpointError) in
                                    try await client.get(EchoCall(key: key))
                                })
                        }
                        return results
                    }
                }
                return await group.reduce(into: []) { $0 += $1 }
            }
        }

        /// Expects all 352 calls of ``getConcurrently(_:key:)`` to have succeeded over HTTP/2,
        /// answered on at least `connections` connections.
        ///
        /// hypercorn sends GOAWAY once a connection has brought it 11 requests, and answers none
        /// after it: at least 32 connections answered the 352, and each of the first 31 or more
        /// ended with a GOAWAY that met the calls in flight on it.
        static func expectNoFailure(
            _ results: [Result<Echo, EndpointError>], connections: Int,
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let failures = results.compactMap { result -> EndpointError? in
                guard case .failure(let error) = result else { return nil }
                return error
            }
            let echoes = results.compactMap { try? $0.get() }
            #expect(results.count == 352, sourceLocation: sourceLocation)
            #expect(failures.count == 0, "such as: \(failures.prefix(3))", sourceLocation: sourceLocation)
            let answeringConnections = Set(echoes.map(\.connection))
            #expect(answeringConnections.count >= connections, sourceLocation: sourceLocation)
            #expect(Set(echoes.map(\.http_version)) == ["2"], sourceLocation: sourceLocation)
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

        /// `POST /refuse/{key}` without a body: the first time, its stream is refused
        /// (`REFUSED_STREAM`); then `200` with the count.
        struct RefusedPost: POST {
            typealias ResponseType = Count
            let key: String
            var path: String { "/refuse/\(segment: key)" }
            var body: RequestBody { .empty }
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
#endif
