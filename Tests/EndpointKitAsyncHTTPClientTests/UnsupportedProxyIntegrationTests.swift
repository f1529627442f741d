#if AsyncHTTPClient
    import AsyncHTTPClient
    import EndpointKit
    import EndpointKitAsyncHTTPClient
    import Foundation
    import Testing

    /// A proxy variable that names a proxy EndpointKit cannot use fails every call before anything
    /// is sent, unless the settings say to go direct. Nested in the TLS suite, whose `.serialized`
    /// covers it: it counts what the TLS server `good` and the proxies saw.
    extension TLSIntegrationTests {
        @Suite(
            "Unsupported proxies: nothing is sent, neither through them nor around them",
            .requiresProxyServers)
        struct UnsupportedProxyIntegrationTests {
            /// Values that name a proxy EndpointKit cannot use, each with the scheme it names.
            static let unusableValues: [(value: String, scheme: String)] = [
                ("socks4://127.0.0.1:1080", "socks4"), ("socks4a://127.0.0.1:1080", "socks4a"),
                ("https://127.0.0.1:3129", "https"), ("gopher://127.0.0.1:70", "gopher"), ("http://", "http"),
                (ProxyServers.socksAuthURL ?? "socks5h://alice:s3cret@127.0.0.1:1", "socks5h"),
            ]

            @Test(
                "An https_proxy EndpointKit cannot use fails the call with ProxyFailure before anything is sent",
                arguments: unusableValues)
            func failsClosed(value: String, scheme: String) async throws {
                let settings = ProxySettings.fromEnvironment(["https_proxy": value, "HTTPS_PROXY": "http://ignored:1"])
                let url = TLSServers.url("good")
                let calls = try await ProxyCalls.observing {
                    try await ProxyCalls.callGood(url, through: settings.proxy(for: url), times: 2)
                }

                #expect(calls.serverConnections == 0, "the server was called directly")
                #expect(calls.proxiesSaw.isEmpty, "a proxy saw \(calls.proxiesSaw)")
                #expect(settings.unusableVariables == ["https_proxy"])
                for (_, result) in calls.value {
                    let failure = try #require(result.failureValue?.proxyFailure, "\(result)")
                    #expect(failure.reason == .unsupportedProxy)
                    #expect(failure.environmentVariable == "https_proxy")
                    #expect(failure.scheme?.rawValue == scheme)
                    let text = String(describing: try #require(result.failureValue))
                    #expect(text.contains("https_proxy") && text.contains("bypassesUnusableProxies"), "\(text)")
                    #expect(!text.contains("s3cret"), "\(text)")
                }
            }

            @Test("With bypassesUnusableProxies, a call whose proxy EndpointKit cannot use goes direct")
            func optOutGoesDirect() async throws {
                var settings = ProxySettings.fromEnvironment(["all_proxy": "socks4://127.0.0.1:1080"])
                settings.bypassesUnusableProxies = true
                let url = TLSServers.url("good")
                let calls = try await ProxyCalls.observing {
                    try await ProxyCalls.callGood(url, through: settings.proxy(for: url), times: 1)
                }

                #expect(settings.proxy(for: url) == nil)
                #expect(try calls.value.map { try $0.result.get().path } == calls.value.map { "/\($0.key)" })
                #expect(calls.serverConnections == 1 && calls.serverRequests == 1)
                #expect(calls.proxiesSaw.isEmpty, "a proxy saw \(calls.proxiesSaw)")
            }
        }
    }
#endif
