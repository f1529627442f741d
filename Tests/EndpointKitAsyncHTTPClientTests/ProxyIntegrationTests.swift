#if AsyncHTTPClient
    import AsyncHTTPClient
    import EndpointKit
    import EndpointKitAsyncHTTPClient
    import Foundation
    import Testing

    /// AsyncHTTPClientTransport through mitmproxy (`Tests/Servers/proxy-servers.sh`): an open proxy and
    /// one that asks for Basic credentials, both leaving CONNECT tunnels alone. Nested in the TLS
    /// suite, whose `.serialized` covers it: both count what the TLS server `good` saw.
    extension TLSIntegrationTests {
        @Suite(
            "Proxies: AsyncHTTPClientTransport through mitmproxy",
            .requiresProxyServers)
        struct ProxyIntegrationTests {

            /// Calls the TLS test server `good` (trusting the test CA) through `proxy`, with an origin
            /// credential, and returns the echo of what the server saw.
            private func callThrough(_ proxy: HTTPProxy?) async throws -> Result<
                TLSIntegrationTests.Echo, EndpointError
            > {
                try await HTTPBin.withHTTPClient(
                    configuration: AsyncHTTPClientTransport.makeDefaultConfiguration(proxy: proxy)
                ) {
                    httpClient in
                    let client = try Client(baseURL: TLSServers.url("good"), authenticator: .bearer("origin-s3cr3t")) {
                        $0.retryPolicy = RetryPolicy(maximumAttempts: 3, initialDelay: 0.01)
                        $0.transport = try AsyncHTTPClientTransport(
                            client: httpClient, tls: TLSPolicy(trust: .only([try TLSServers.ca()])))
                    }
                    return await HTTPBin.result { () async throws(EndpointError) in
                        try await client.get(TLSIntegrationTests.Secret(key: TLSIntegrationTests.key()))
                    }
                }
            }

            private var goodTarget: String {
                "127.0.0.1:\(TLSServers.url("good").port!)"
            }

            @Test(
                "An https call goes through a CONNECT tunnel: the proxy sees the target, never the origin's credential")
            func tunnelsHTTPS() async throws {
                let before = try ProxyRecord.read()
                let echo = try await callThrough(try HTTPProxy(url: ProxyServers.url!)).get()
                let seen = try ProxyRecord.read().dropFirst(before.count)

                #expect(echo.headers["Authorization"] == "Bearer origin-s3cr3t")
                #expect(seen.map(\.kind) == ["connect"], "\(seen)")
                #expect(seen.first?.target == goodTarget)
                #expect(!seen.contains { $0.mentions("origin-s3cr3t") }, "the proxy saw the origin's credential")
            }

            @Test("A proxy that asks for credentials: without them the call fails with ProxyFailure and is not retried")
            func refusesWithoutCredentials() async throws {
                var proxy = try HTTPProxy(url: ProxyServers.authURL!)
                proxy.credentials = nil
                let before = try ProxyRecord.read()
                let result = try await callThrough(proxy)
                let seen = try ProxyRecord.read().dropFirst(before.count)

                guard case .failure(.transportFailed(let failure)) = result else {
                    Issue.record("expected a transport failure, got \(result)")
                    return
                }
                let proxyFailure = try #require(failure.underlying as? ProxyFailure, "\(failure.underlying)")
                #expect(proxyFailure.reason == .authenticationRequired)
                #expect(failure.reason.contains("asked for credentials"), "\(failure.reason)")
                #expect(seen.filter { $0.kind == "connect" }.count == 1, "retried: \(seen)")
            }

            @Test(
                "With credentials the tunnel opens; the proxy's credentials never reach the server, nor the password a log"
            )
            func authenticatesToTheProxy() async throws {
                let proxy = try HTTPProxy(url: ProxyServers.authURL!)
                #expect(!proxy.description.contains("s3cret"))
                let echo = try await callThrough(proxy).get()
                #expect(echo.headers["Proxy-Authorization"] == nil)
                #expect(echo.headers["Authorization"] == "Bearer origin-s3cr3t")
            }

            @Test(
                "Behind a proxy, a refused certificate is not looked at around the proxy: one CONNECT, no direct connection"
            )
            func noDiagnosisAroundTheProxy() async throws {
                let proxy = try HTTPProxy(url: ProxyServers.url!)
                let before = try ProxyRecord.read()
                let serverBefore = try await TLSServers.seen(by: "good")
                let result = try await HTTPBin.withHTTPClient(
                    configuration: AsyncHTTPClientTransport.makeDefaultConfiguration(proxy: proxy)
                ) { httpClient in
                    let client = try Client(baseURL: TLSServers.url("good")) {
                        $0.retryPolicy = .never
                        $0.transport = try AsyncHTTPClientTransport(client: httpClient, tls: .default)
                    }
                    return await HTTPBin.result { () async throws(EndpointError) in
                        try await client.get(TLSIntegrationTests.Secret(key: TLSIntegrationTests.key()))
                    }
                }
                let seen = try ProxyRecord.read().dropFirst(before.count)
                let serverAfter = try await TLSServers.seen(by: "good")
                #expect(result.failureValue?.tlsFailure?.reason == .untrustedCertificate, "\(result)")
                #expect(seen.filter { $0.kind == "connect" }.count == 1, "\(seen)")
                #expect(serverAfter.connections - serverBefore.connections == 1)
            }

            @Test("An http call through the proxy arrives; AsyncHTTPClient tunnels it with CONNECT as well")
            func carriesPlainHTTP() async throws {
                let before = try ProxyRecord.read()
                let proxy = try HTTPProxy(url: ProxyServers.url!)
                let status = try await HTTPBin.withHTTPClient(
                    configuration: AsyncHTTPClientTransport.makeDefaultConfiguration(proxy: proxy)
                ) { httpClient in
                    let client = Client(baseURL: HTTPBin.url!) {
                        $0.transport = AsyncHTTPClientTransport(client: httpClient)
                    }
                    return try await client.send(HTTPBinStatus(code: 204)).statusCode
                }
                let seen = try ProxyRecord.read().dropFirst(before.count)
                #expect(status == 204)
                #expect(seen.map(\.kind) == ["connect"], "\(seen)")
                #expect(seen.first?.target == "\(HTTPBin.url!.host!):\(HTTPBin.url!.port!)")
            }
        }
    }

    /// `GET /status/{code}` of httpbin.
    private struct HTTPBinStatus: GET {
        typealias ResponseType = NoContent
        let code: Int
        var path: String { "/status/\(code)" }
    }

    /// What the proxies recorded (`Tests/Servers/proxy_recorder.py`).
    enum ProxyRecord {
        struct Entry: Decodable {
            let proxy: String
            let kind: String
            let target: String?
            let url: String?
            let headers: [String: String]

            func mentions(_ text: String) -> Bool {
                (url ?? "").contains(text) || headers.values.contains { $0.contains(text) }
            }
        }

        static func read() throws -> [Entry] {
            let text = try String(contentsOf: ProxyServers.recordFile!, encoding: .utf8)
            return try text.split(separator: "\n").map { try JSONDecoder().decode(Entry.self, from: Data($0.utf8)) }
        }
    }
#endif
