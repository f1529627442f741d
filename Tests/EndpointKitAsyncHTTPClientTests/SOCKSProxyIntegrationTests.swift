#if AsyncHTTPClient
    import AsyncHTTPClient
    import EndpointKit
    import EndpointKitAsyncHTTPClient
    import Foundation
    import Testing

    /// AsyncHTTPClientTransport through mitmproxy as a SOCKS5 proxy (`Tests/Servers/proxy-servers.sh`:
    /// an open one, and one that accepts only a user name and password), set up from the
    /// environment as the docs show. Nested in the TLS suite, whose `.serialized` covers it: it
    /// counts what the TLS server `good` saw.
    extension TLSIntegrationTests {
        @Suite(
            "SOCKS5 proxies: AsyncHTTPClientTransport through mitmproxy",
            .requiresProxyServers)
        struct SOCKSProxyIntegrationTests {
            /// `good` at `localhost`, a name the proxy resolves (the test CA's certificate names it).
            private static var goodAtLocalhost: URL {
                var components = URLComponents(url: TLSServers.url("good"), resolvingAgainstBaseURL: false)!
                components.host = "localhost"
                return components.url!
            }

            @Test(
                "32 https calls at once with https_proxy=socks5h:// all go through the proxy, which resolves the name")
            func carriesHTTPSInFlight() async throws {
                let settings = ProxySettings.fromEnvironment(["https_proxy": ProxyServers.socksURL!])
                let url = Self.goodAtLocalhost
                let calls = try await ProxyCalls.observing {
                    try await ProxyCalls.callGood(url, through: settings.proxy(for: url), times: 32)
                }

                let echoed = try calls.value.map { try $0.result.get().path }
                #expect(echoed == calls.value.map { "/\($0.key)" })
                let tunnels = calls.proxiesSaw.filter { $0.proxy == "socks" && $0.kind == "socks" }
                #expect(
                    !tunnels.isEmpty && tunnels.allSatisfy { $0.target == "localhost:\(url.port!)" },
                    "\(calls.proxiesSaw)")
                // Every connection the server took was one the proxy opened: none went direct.
                #expect(calls.serverConnections == tunnels.count)
                #expect(calls.serverRequests == 32)
            }

            @Test("32 http calls at once with all_proxy=socks5:// all reach httpbin through the proxy, which saw each")
            func carriesHTTPInFlight() async throws {
                let proxyURL = ProxyServers.socksURL!.replacingOccurrences(
                    of: "socks5h:", with: "socks5:")
                let settings = ProxySettings.fromEnvironment(["all_proxy": proxyURL])
                let before = try ProxyRecord.read()
                let paths = (0..<32).map { "/anything/socks-\($0)" }
                let statuses = try await HTTPBin.withHTTPClient(
                    configuration: AsyncHTTPClientTransport.makeDefaultConfiguration(
                        proxy: settings.proxy(for: HTTPBin.url!))
                ) { httpClient in
                    let client = Client(baseURL: HTTPBin.url!) {
                        $0.transport = AsyncHTTPClientTransport(client: httpClient)
                    }
                    return try await withThrowingTaskGroup(of: Int.self) { group in
                        for path in paths {
                            group.addTask { try await client.send(HTTPBinPath(path: path)).statusCode }
                        }
                        return try await group.reduce(into: []) { $0.append($1) }
                    }
                }
                let seen = try ProxyRecord.read().dropFirst(before.count).filter { $0.proxy == "socks" }

                #expect(statuses == Array(repeating: 200, count: 32))
                let carried = seen.filter { $0.kind == "request" }.compactMap(\.url).map { URL(string: $0)!.path }
                #expect(carried.sorted() == paths.sorted(), "\(seen)")
                #expect(
                    seen.contains { $0.kind == "socks" && $0.target == "\(HTTPBin.url!.host!):\(HTTPBin.url!.port!)" })
            }

            @Test("A SOCKS5 proxy that asks for credentials refuses the call: ProxyFailure, authenticationRequired")
            func refusedWithoutCredentials() async throws {
                let withoutCredentials = ProxyServers.socksAuthURL!
                    .replacingOccurrences(of: "alice:s3cret@", with: "")
                let proxy = try HTTPProxy(url: URL(string: withoutCredentials)!)
                let calls = try await ProxyCalls.observing {
                    try await ProxyCalls.callGood(TLSServers.url("good"), through: proxy, times: 1)
                }

                let failure = try #require(calls.value.first?.result.failureValue?.proxyFailure, "\(calls.value)")
                #expect(failure.reason == .authenticationRequired)
                #expect(failure.scheme == .socks5)
                #expect(calls.serverConnections == 0)
            }
        }
    }

    /// `GET` of any httpbin path, such as `/anything/x`.
    struct HTTPBinPath: GET {
        typealias ResponseType = NoContent
        let path: String
    }

    /// Calls of the TLS server `good` through a proxy.
    enum ProxyCalls {
        /// What `body` returned, and what the proxies and the TLS server `good` saw while it ran.
        struct Observed<Value> {
            let value: Value
            /// What the proxies recorded.
            let proxiesSaw: [ProxyRecord.Entry]
            /// How many connections, and how many requests, `good` took.
            let serverConnections: Int
            let serverRequests: Int
        }

        /// Runs `body`, and returns its value with what the proxies and `good` saw meanwhile.
        static func observing<Value>(_ body: () async throws -> Value) async throws -> Observed<Value> {
            let before = try ProxyRecord.read()
            let serverBefore = try await TLSServers.seen(by: "good")
            let value = try await body()
            let serverAfter = try await TLSServers.seen(by: "good")
            return Observed(
                value: value, proxiesSaw: Array(try ProxyRecord.read().dropFirst(before.count)),
                serverConnections: serverAfter.connections - serverBefore.connections,
                serverRequests: serverAfter.requests.count - serverBefore.requests.count)
        }

        /// Calls `url` (the TLS server `good`, trusting the test CA) `times` times at once with an
        /// `HTTPClient` made with `proxy`, each with a key of its own, with the client's default
        /// retry policy; returns each call's key and result, in the order of the keys.
        static func callGood(_ url: URL, through proxy: HTTPProxy?, times: Int) async throws -> [(
            key: String, result: Result<TLSIntegrationTests.Echo, EndpointError>
        )] {
            try await HTTPBin.withHTTPClient(
                configuration: AsyncHTTPClientTransport.makeDefaultConfiguration(proxy: proxy)
            ) { httpClient in
                let client = try Client(baseURL: url, authenticator: .bearer("origin-s3cr3t")) {
                    $0.transport = try AsyncHTTPClientTransport(
                        client: httpClient, tls: TLSPolicy(trust: .only([try TLSServers.ca()])))
                }
                let keys = (0..<times).map { _ in TLSIntegrationTests.key() }
                let results = await withTaskGroup(of: (String, Result<TLSIntegrationTests.Echo, EndpointError>).self) {
                    group in
                    for key in keys {
                        group.addTask {
                            await (
                                key,
                                HTTPBin.result { () async throws(EndpointError) in
                                    try await client.get(TLSIntegrationTests.Secret(key: key))
                                }
                            )
                        }
                    }
                    return await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
                }
                return keys.map { (key: $0, result: results[$0]!) }
            }
        }
    }
#endif
