#if AsyncHTTPClient
    import EndpointKit
    import Foundation
    import Testing

    /// `URLSessionTransport` behind mitmproxy. URLSession on Linux takes its proxy from the
    /// process's environment only (LinuxNotes), so this suite runs only in a run of its own that
    /// sets `https_proxy` to mitmproxy and `http_proxy` to a value libcurl refuses (`scripts/test`,
    /// with ENDPOINTKIT_URLSESSION_PROXY_RUN=1): set in this process, they would reach every other
    /// suite's URLSession calls too.
    @Suite(
        "URLSession behind a proxy",
        .requiresTLSServers, .requiresURLSessionProxyRun)
    struct URLSessionProxyIntegrationTests {
        @Test("Behind a proxy, URLSession's certificate failure is a TLSFailure, sent once")
        func certificateFailureBehindAProxy() async throws {
            // `good`'s certificate comes from the test CA, which the system's store does not hold.
            let server = TLSServers.url("good")
            let target = "127.0.0.1:\(server.port!)"
            let client = Client(baseURL: server) { $0.transport = URLSessionTransport() }  // default retries
            let before = try ProxyRecord.read().filter { $0.kind == "connect" && $0.target == target }.count
            let result = await HTTPBin.result { () async throws(EndpointError) in
                try await client.get(TLSIntegrationTests.Secret(key: TLSIntegrationTests.key()))
            }
            let after = try ProxyRecord.read().filter { $0.kind == "connect" && $0.target == target }.count

            guard case .failure(let error) = result else {
                Issue.record("expected a TLS failure, got \(result)")
                return
            }
            #expect(error.tlsFailure?.reason == .unknownIssuer, "\(error)")
            #expect(after - before == 1, "the proxy saw \(after - before) CONNECTs")
        }

        @Test("URLSession's refusal of an http_proxy it cannot use is a ProxyFailure naming it, without the password")
        func unusableVariable() async throws {
            // scripts/test's run sets http_proxy=gopher://alice:s3cret@127.0.0.1:1 (libcurl: "Unsupported proxy scheme").
            let client = Client(baseURL: HTTPBin.url!) { $0.transport = URLSessionTransport() }
            let result = await HTTPBin.result { () async throws(EndpointError) in
                try await client.send(HTTPBinPath(path: "/get"))
            }
            let error = try #require(result.failureValue, "\(result)")
            let failure = try #require(error.proxyFailure, "\(error)")
            #expect(failure.reason == .unsupportedProxy)
            #expect(failure.environmentVariable == "http_proxy")
            #expect(!String(describing: error).contains("s3cret"), "\(error)")
        }
    }
#endif
