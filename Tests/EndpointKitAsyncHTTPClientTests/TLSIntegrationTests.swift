#if AsyncHTTPClient
    import AsyncHTTPClient
    import EndpointKit
    @testable import EndpointKitAsyncHTTPClient
    import Foundation
    import NIOSSL
    import Testing

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// Real TLS servers with a test PKI made for the run: what each transport enforces, and the
    /// `TLSFailure` each refusal gives. Serialized: each test reads how many connections and
    /// requests a server saw, before and after.
    @Suite("TLS against real servers", .requiresTLSServers, .serialized)
    struct TLSIntegrationTests {
        /// The echo every TLS server answers with.
        struct Echo: Decodable, JSONObject {
            let path: String
            let headers: [String: String]
            let client_certificate: String?
        }

        /// `GET /{key}` with a credential: the server must never see it when it is refused.
        struct Secret: GET {
            typealias ResponseType = Echo
            let key: String
            var path: String { "/\(segment: key)" }
        }

        static func key() -> String { "tls-\(UUID().uuidString.prefix(8).lowercased())" }

        /// `GET /{key}` read as lines: a streamed call, which AsyncHTTPClientTransport sends
        /// through its streaming delegate.
        struct SecretLines: GET, StreamingEndpoint {
            typealias Element = String
            static var streamFormat: StreamFormat<String> { .lines }
            let key: String
            var path: String { "/\(segment: key)" }
        }

        /// Calls `server` through AsyncHTTPClientTransport with `tls`, retrying up to 3 times.
        private func call(
            _ server: String, tls: TLSPolicy, configuration: HTTPClient.Configuration? = nil, key: String = key(),
            retryPolicy: RetryPolicy = RetryPolicy(maximumAttempts: 3, initialDelay: 0.01),
            timeouts: Timeouts = .default
        ) async throws -> Result<Echo, EndpointError> {
            try await withClient(
                server, tls: tls, configuration: configuration, retryPolicy: retryPolicy, timeouts: timeouts
            ) { client in
                await HTTPBin.result { () async throws(EndpointError) in try await client.get(Secret(key: key)) }
            }
        }

        /// Streams `server`'s answer as lines, through AsyncHTTPClientTransport with `tls`,
        /// retrying up to 3 times.
        private func stream(
            _ server: String, tls: TLSPolicy, configuration: HTTPClient.Configuration? = nil, key: String = key()
        ) async throws -> Result<[String], EndpointError> {
            try await withClient(server, tls: tls, configuration: configuration) { client in
                await HTTPBin.result { () async throws(EndpointError) in
                    var lines: [String] = []
                    for try await line in client.stream(SecretLines(key: key)) { lines.append(line) }
                    return lines
                }
            }
        }

        /// `body` with a client of `server` that sends a credential, over a new `HTTPClient`.
        private func withClient<Value>(
            _ server: String, tls: TLSPolicy, configuration: HTTPClient.Configuration? = nil,
            retryPolicy: RetryPolicy = RetryPolicy(maximumAttempts: 3, initialDelay: 0.01),
            timeouts: Timeouts = .default, _ body: (Client) async -> Value
        ) async throws -> Value {
            try await HTTPBin.withHTTPClient(
                configuration: configuration ?? AsyncHTTPClientTransport.makeDefaultConfiguration()
            ) { httpClient in
                let client = try Client(baseURL: TLSServers.url(server), authenticator: .bearer("s3cr3t-token")) {
                    $0.retryPolicy = retryPolicy
                    $0.timeouts = timeouts
                    $0.transport = try AsyncHTTPClientTransport(client: httpClient, tls: tls)
                }
                return await body(client)
            }
        }

        /// Checks that a refused call to `server` failed once (not retried) with `reason`, and
        /// that no request reached the server.
        private func expectRefused(
            _ server: String, tls: TLSPolicy, configuration: HTTPClient.Configuration? = nil,
            reason: TLSFailure.Reason, detail: String? = nil, streamed: Bool = false,
            sourceLocation: SourceLocation = #_sourceLocation
        ) async throws {
            let before = try await TLSServers.seen(by: server)
            let result: Result<String, EndpointError> =
                streamed
                ? try await stream(server, tls: tls, configuration: configuration).map { $0.joined(separator: "\n") }
                : try await call(server, tls: tls, configuration: configuration).map { "\($0)" }
            let after = try await TLSServers.seen(by: server)

            guard case .failure(let error) = result, let failure = error.tlsFailure else {
                Issue.record("expected a TLS failure, got \(result)", sourceLocation: sourceLocation)
                return
            }
            #expect(failure.reason == reason, "\(failure)", sourceLocation: sourceLocation)
            #expect(
                error.description.contains("the TLS handshake with 127.0.0.1:\(TLSServers.url(server).port!) failed"),
                "\(error)", sourceLocation: sourceLocation)
            if let detail {
                #expect(failure.detail?.contains(detail) == true, "\(failure)", sourceLocation: sourceLocation)
            }
            #expect(!error.description.contains("s3cr3t"), sourceLocation: sourceLocation)
            #expect(
                after.requests.count == before.requests.count, "a request reached \(server)",
                sourceLocation: sourceLocation)
            // One refused connection, plus at most the one that read the certificate to say why.
            #expect(after.connections - before.connections <= 2, "retried", sourceLocation: sourceLocation)
        }

        @Test("A server whose certificate chains to the policy's CA is called, and sees the request")
        func trustsTheGivenCA() async throws {
            let key = Self.key()
            for tls in [
                TLSPolicy(trust: .only([try TLSServers.ca()])),
                TLSPolicy(trust: .systemRootsAnd([try TLSServers.ca()])),
            ] {
                let echo = try await call("good", tls: tls, key: key).get()
                #expect(echo.path == "/\(key)")
                #expect(echo.headers["Authorization"] == "Bearer s3cr3t-token")
            }
        }

        @Test("With the system's roots only, a private CA's certificate is refused as an unknown CA")
        func systemRootsRefuseThePrivateCA() async throws {
            try await expectRefused("good", tls: .default, reason: .unknownIssuer, detail: "issued by")
        }

        @Test("An expired certificate is refused, and the failure says when it expired")
        func refusesExpired() async throws {
            try await expectRefused(
                "expired", tls: TLSPolicy(trust: .only([try TLSServers.ca()])), reason: .expiredCertificate,
                detail: "it expired on")
        }

        @Test("A streamed call meets the same refusal: a typed TLS failure, not retried, and no request")
        func refusesStreamedCall() async throws {
            try await expectRefused(
                "expired", tls: TLSPolicy(trust: .only([try TLSServers.ca()])), reason: .expiredCertificate,
                detail: "it expired on", streamed: true)
        }

        @Test("A certificate for another host is refused")
        func refusesWrongHost() async throws {
            try await expectRefused(
                "wrong-host", tls: TLSPolicy(trust: .only([try TLSServers.ca()])), reason: .wrongHost)
        }

        @Test("A self-signed certificate is refused as self-signed")
        func refusesSelfSigned() async throws {
            try await expectRefused(
                "self-signed", tls: TLSPolicy(trust: .systemRootsAnd([try TLSServers.ca()])),
                reason: .selfSignedCertificate)
        }

        @Test("A certificate from an unknown CA is refused, and the failure names its issuer")
        func refusesUnknownCA() async throws {
            try await expectRefused(
                "other-ca", tls: TLSPolicy(trust: .systemRootsAnd([try TLSServers.ca()])), reason: .unknownIssuer,
                detail: "EndpointKit untrusted CA")
        }

        @Test("A pinned policy refuses a certificate that the rest of the policy would trust")
        func pinRefusesOtherwiseTrustedCertificate() async throws {
            let pinned = TLSPolicy(trust: .only([try TLSCertificate(pemFile: TLSServers.file("other-ca.pem"))]))
            try await expectRefused("good", tls: pinned, reason: .notPinned, detail: "none of the 1 pinned")
        }

        @Test("A leaf certificate pinned by itself is refused, never let through: SwiftNIO SSL needs a root")
        func leafPinIsRefused() async throws {
            // BoringSSL, as SwiftNIO SSL 2.37 sets it up, verifies a chain up to a root and offers
            // no partial-chain verification: a leaf is no trust anchor, even a self-signed one.
            let pinned = TLSPolicy(trust: .only([try TLSCertificate(pemFile: TLSServers.file("self-signed.pem"))]))
            try await expectRefused("self-signed", tls: pinned, reason: .notPinned)
        }

        @Test("Mutual TLS: the client certificate is presented; without one, or with a stranger's, the call is refused")
        func mutualTLS() async throws {
            let ca = try TLSServers.ca()
            let identity = try TLSClientIdentity(
                certificatePEMFile: TLSServers.file("client.pem"), privateKeyPEMFile: TLSServers.file("client.key"))
            let echo = try await call("mutual", tls: TLSPolicy(trust: .only([ca]), clientIdentity: identity)).get()
            #expect(echo.client_certificate == "test client")

            try await expectRefused("mutual", tls: TLSPolicy(trust: .only([ca])), reason: .clientCertificateRequired)
            let stranger = try TLSClientIdentity(
                certificatePEMFile: TLSServers.file("other-client.pem"),
                privateKeyPEMFile: TLSServers.file("other-client.key"))
            let refused = try await call("mutual", tls: TLSPolicy(trust: .only([ca]), clientIdentity: stranger))
            #expect(
                [.clientCertificateRefused, .handshakeFailed].contains(refused.failureValue?.tlsFailure?.reason),
                "\(refused)")
        }

        @Test("A minimum of TLS 1.3 refuses a server that stops at TLS 1.2")
        func refusesOldVersion() async throws {
            let ca = try TLSServers.ca()
            _ = try await call("tls12", tls: TLSPolicy(trust: .only([ca]))).get()
            try await expectRefused(
                "tls12", tls: TLSPolicy(trust: .only([ca]), minimumVersion: .v1_3), reason: .unsupportedVersion)
        }

        @Test("A stalled handshake fails at AsyncHTTPClient's connect timeout as a TLS failure, and is not retried")
        func stalledHandshake() async throws {
            var configuration = AsyncHTTPClientTransport.makeDefaultConfiguration()
            configuration.timeout.connect = .seconds(1)
            let before = try await TLSServers.seen(by: "stall")
            let result = try await call("stall", tls: .default, configuration: configuration)
            let after = try await TLSServers.seen(by: "stall")
            // AsyncHTTPClient 1.37 reports it as its handshake timeout or as its connect timeout,
            // whichever of its two timers fires first. After its connect timeout the transport
            // connects once more and finds that handshake stalled too: two connections then. A
            // retry would have made more.
            let error = try #require(result.failureValue)
            #expect(error.tlsFailure?.reason == .handshakeTimedOut, "\(error)")
            #expect((1...2).contains(after.connections - before.connections))
            #expect(after.requests.count == before.requests.count)
        }

        @Test("The idle timeout applies to a stalled handshake: a TLS failure, not retried")
        func stalledHandshakeWithinTheIdleTimeout() async throws {
            let before = try await TLSServers.seen(by: "stall")
            // AsyncHTTPClient's connect timeout stays at 10 s: the idle timeout fires first.
            let result = try await call("stall", tls: .default, timeouts: Timeouts(idle: 0.5))
            let after = try await TLSServers.seen(by: "stall")
            let error = try #require(result.failureValue)
            #expect(error.tlsFailure?.reason == .handshakeTimedOut, "\(error)")
            // The call's connection and the transport's second look; a retry would make two more.
            #expect(after.connections - before.connections == 2)
            #expect(after.requests.count == before.requests.count)
        }

        @Test(
            "A timeout waiting for a server that has answered is a timeout, with no second look at its handshake",
            arguments: [HTTPClient.Configuration.HTTPVersion.automatic, .http1Only])
        func timeoutOfAnAnsweringServerStaysATimeout(httpVersion: HTTPClient.Configuration.HTTPVersion) async throws {
            // `goes-silent` answers the first call; the second it holds unanswered, and stalls
            // every new connection from then until `speak()`: a second look at its handshake
            // would stall too, however fast the machine is. The transport knows that the server
            // completes handshakes: it has answered.
            var configuration = AsyncHTTPClientTransport.makeDefaultConfiguration()
            configuration.httpVersion = httpVersion
            try await TLSServers.speak()
            let before = try await TLSServers.seen(by: "goes-silent")
            let silentKey = "go-silent-\(Self.key())"
            let (answered, silent) = try await withClient(
                "goes-silent", tls: TLSPolicy(trust: .only([TLSServers.ca()])), configuration: configuration,
                retryPolicy: .never, timeouts: Timeouts(idle: 1)
            ) { client in
                let answered = await HTTPBin.result { () async throws(EndpointError) in
                    try await client.get(Secret(key: Self.key()))
                }
                let silent = await HTTPBin.result { () async throws(EndpointError) in
                    try await client.get(Secret(key: silentKey))
                }
                return (answered, silent)
            }
            let after = try await TLSServers.seen(by: "goes-silent")
            try await TLSServers.speak()
            #expect(answered.failureValue == nil, "\(answered)")
            let error = try #require(silent.failureValue)
            #expect(error.isTimeout, "\(error)")
            #expect(error.tlsFailure == nil, "\(error)")
            // The server had the silent request: the timeout is its silence, not a handshake's.
            #expect(after.requests.dropFirst(before.requests.count).map(\.path).contains("/\(silentKey)"))
            #expect(after.handshake_errors.count == before.handshake_errors.count, "a second look: \(after)")
        }

        @Test(
            "A handshake the server closes, before or after part of its reply, is connectionClosedDuringHandshake, not retried",
            arguments: ["cutoff", "half-reply"])
        func closedHandshake(server: String) async throws {
            let before = try await TLSServers.seen(by: server)
            let result = try await call(server, tls: .default)
            let after = try await TLSServers.seen(by: server)
            #expect(result.failureValue?.tlsFailure?.reason == .connectionClosedDuringHandshake, "\(result)")
            #expect(after.connections - before.connections == 1)
        }

        @Test("A handshake the server resets is a lost connection, and a GET is retried")
        func resetHandshake() async throws {
            let before = try await TLSServers.seen(by: "reset")
            let result = try await call("reset", tls: .default)
            let after = try await TLSServers.seen(by: "reset")
            guard case .failure(.transportFailed(let failure)) = result else {
                Issue.record("expected a transport failure, got \(result)")
                return
            }
            #expect(failure.urlErrorCode == .networkConnectionLost, "\(failure.underlying)")
            #expect(after.connections - before.connections == 3)
        }

        @Test("A policy for one host applies to it only: the same server under another name is refused")
        func appliesPerHost() async throws {
            let tls = TLSPolicy(perHost: ["127.0.0.1": TLSPolicy(trust: .only([try TLSServers.ca()]))])
            _ = try await call("good", tls: tls).get()
            try await HTTPBin.withHTTPClient { httpClient in
                var localhost = URLComponents(url: TLSServers.url("good"), resolvingAgainstBaseURL: false)!
                localhost.host = "localhost"
                let client = try Client(baseURL: localhost.url!) {
                    $0.retryPolicy = .never
                    $0.transport = try AsyncHTTPClientTransport(client: httpClient, tls: tls)
                }
                let result = await HTTPBin.result { () async throws(EndpointError) in
                    try await client.get(Secret(key: Self.key()))
                }
                #expect(result.failureValue?.tlsFailure?.reason == .unknownIssuer, "\(result)")
            }
        }

        @Test("A policy given to the HTTPClient as well is enforced the same: trusted, refused, mutual TLS")
        func policyOnTheHTTPClient() async throws {
            let ca = try TLSServers.ca()
            let trusted = TLSPolicy(trust: .only([ca]))
            let echo = try await call(
                "good", tls: trusted, configuration: try AsyncHTTPClientTransport.makeDefaultConfiguration(tls: trusted)
            ).get()
            #expect(echo.headers["Authorization"] == "Bearer s3cr3t-token")

            for (server, reason) in [
                ("other-ca", TLSFailure.Reason.notPinned), ("expired", .expiredCertificate), ("wrong-host", .wrongHost),
                ("mutual", .clientCertificateRequired),
            ] {
                try await expectRefused(
                    server, tls: trusted,
                    configuration: try AsyncHTTPClientTransport.makeDefaultConfiguration(tls: trusted),
                    reason: reason)
            }
            let pinned = TLSPolicy(trust: .only([try TLSCertificate(pemFile: TLSServers.file("other-ca.pem"))]))
            try await expectRefused(
                "good", tls: pinned, configuration: try AsyncHTTPClientTransport.makeDefaultConfiguration(tls: pinned),
                reason: .notPinned)

            let identity = try TLSClientIdentity(
                certificatePEMFile: TLSServers.file("client.pem"), privateKeyPEMFile: TLSServers.file("client.key"))
            let mutual = TLSPolicy(trust: .only([ca]), clientIdentity: identity)
            let presented = try await call(
                "mutual", tls: mutual, configuration: try AsyncHTTPClientTransport.makeDefaultConfiguration(tls: mutual)
            ).get()
            #expect(presented.client_certificate == "test client")
        }

        @Test("Requests carry a TLS configuration of their own only where the HTTPClient's is not the policy's")
        func requestsLeaveTheDefaultToTheHTTPClient() async throws {
            let ca = try TLSServers.ca()
            let other = try TLSCertificate(pemFile: TLSServers.file("other-ca.pem"))
            let policy = TLSPolicy(trust: .only([ca]), perHost: ["vault.internal": TLSPolicy(trust: .only([other]))])
            func configurations(
                _ configuration: HTTPClient.Configuration, policy: TLSPolicy
            ) async throws -> [String: TLSConfiguration] {
                try await HTTPBin.withHTTPClient(configuration: configuration) { httpClient in
                    let transport = try AsyncHTTPClientTransport(client: httpClient, tls: policy)
                    var seen: [String: TLSConfiguration] = [:]
                    for url in ["https://api.example.com/a", "https://vault.internal/b", "http://api.example.com/c"] {
                        seen[url] = try transport.outgoingRequest(for: URLRequest(url: URL(string: url)!))
                            .tlsConfiguration
                    }
                    return seen
                }
            }
            let vaultPolicy = policy.policy(forHost: "vault.internal")
            let defaultConfiguration = try #require(
                try AsyncHTTPClientTransport.makeDefaultConfiguration(tls: policy).tlsConfiguration)
            let vault = try #require(
                try AsyncHTTPClientTransport.makeDefaultConfiguration(tls: vaultPolicy).tlsConfiguration)

            // The HTTPClient made with the same policy applies its default: only vault.internal's requests carry one.
            let left = try await configurations(
                try AsyncHTTPClientTransport.makeDefaultConfiguration(tls: policy), policy: policy)
            #expect(left["https://api.example.com/a"] == nil)
            #expect(left["https://vault.internal/b"].map { TLSConfigurations.sameSettings($0, vault) } == true)
            #expect(left["http://api.example.com/c"] == nil)

            // Any other HTTPClient: each HTTPS request carries its host's configuration.
            for configuration in [
                AsyncHTTPClientTransport.makeDefaultConfiguration(),
                try AsyncHTTPClientTransport.makeDefaultConfiguration(tls: TLSPolicy(trust: .only([other]))),
            ] {
                let carried = try await configurations(configuration, policy: policy)
                #expect(
                    carried["https://api.example.com/a"].map {
                        TLSConfigurations.sameSettings($0, defaultConfiguration)
                    } == true)
                #expect(carried["https://vault.internal/b"].map { TLSConfigurations.sameSettings($0, vault) } == true)
                #expect(carried["http://api.example.com/c"] == nil)
            }
        }

        @Test("A request's host is read only when the policy may give it a configuration of its own")
        func readsTheHostOnlyWhenItMatters() async throws {
            let ca = try TLSServers.ca()
            let other = try TLSCertificate(pemFile: TLSServers.file("other-ca.pem"))
            let plain = TLSPolicy(trust: .only([ca]))
            let perHost = TLSPolicy(trust: .only([ca]), perHost: ["vault.internal": TLSPolicy(trust: .only([other]))])
            func readsHost(_ policy: TLSPolicy, client configuration: HTTPClient.Configuration) async throws -> Bool {
                try await HTTPBin.withHTTPClient(configuration: configuration) { httpClient in
                    let transport = try AsyncHTTPClientTransport(client: httpClient, tls: policy)
                    var read = false
                    _ = transport.tlsConfiguration(
                        isHTTPS: true,
                        host: {
                            read = true
                            return "api.example.com"
                        }())
                    return read
                }
            }
            // The HTTPClient applies the policy, which has no per-host policies: no host is read.
            #expect(
                try await readsHost(plain, client: try AsyncHTTPClientTransport.makeDefaultConfiguration(tls: plain))
                    == false)
            // A per-host policy, or an HTTPClient that does not apply the policy: the host decides.
            #expect(
                try await readsHost(
                    perHost, client: try AsyncHTTPClientTransport.makeDefaultConfiguration(tls: perHost)))
            #expect(try await readsHost(plain, client: AsyncHTTPClientTransport.makeDefaultConfiguration()))
        }

        @Test("Turning verification off, for local development, accepts any certificate")
        func insecureAcceptsAnything() async throws {
            _ = try await call("expired", tls: TLSPolicy(trust: .insecureAcceptAnyCertificateForLocalDevelopment)).get()
        }

        @Test("A certificate or key that is not one is refused when the transport is made")
        func refusesUnreadableCertificate() async throws {
            let garbage = try TLSCertificate(derBytes: Data([0x30, 0x82, 0x00, 0x03, 1, 2, 3]), source: "garbage.der")
            _ = try await HTTPBin.withHTTPClient { httpClient in
                #expect(throws: TLSPolicyError.invalidCertificate(source: "garbage.der")) {
                    try AsyncHTTPClientTransport(client: httpClient, tls: TLSPolicy(trust: .only([garbage])))
                }
            }
        }

        // URLSession on Linux trusts the system's store only: the refusals are what can be proved.

        @Test("URLSession on Linux reports a refused certificate as URLError(-1) with libcurl's message")
        func urlSessionReportsUnknownError() async throws {
            #if canImport(FoundationNetworking)
                do {
                    _ = try await URLSession.shared.data(from: TLSServers.url("self-signed"))
                    Issue.record("URLSession accepted a self-signed certificate")
                } catch let error as URLError {
                    // The reproduction of what TLSFailure(urlSessionError:url:) works around.
                    #expect(error.code == .unknown)
                    #expect((error.userInfo[NSLocalizedDescriptionKey] as? String)?.contains("self-signed") == true)
                }
            #endif
        }

        @Test(
            "URLSessionTransport: a closed handshake is connectionClosedDuringHandshake, sent once; a reset one is retried"
        )
        func urlSessionClosedHandshakes() async throws {
            for (server, reason, connections) in [
                ("cutoff", TLSFailure.Reason?.some(.connectionClosedDuringHandshake), 1),
                ("half-reply", .connectionClosedDuringHandshake, 1), ("reset", nil, 3),
            ] {
                let before = try await TLSServers.seen(by: server)
                let client = Client(baseURL: TLSServers.url(server)) {
                    $0.retryPolicy = RetryPolicy(maximumAttempts: 3, initialDelay: 0.01)
                }
                let result = await HTTPBin.result { () async throws(EndpointError) in
                    try await client.get(Secret(key: Self.key()))
                }
                let after = try await TLSServers.seen(by: server)
                if let reason {
                    #expect(result.failureValue?.tlsFailure?.reason == reason, "\(server): \(result)")
                } else if case .failure(.transportFailed(let failure)) = result {
                    #expect(failure.urlErrorCode == .networkConnectionLost, "\(server): \(failure.underlying)")
                } else {
                    Issue.record("\(server): expected a lost connection, got \(result)")
                }
                #expect(after.connections - before.connections == connections, "\(server)")
            }
        }

        @Test("URLSessionTransport reports refused certificates as typed TLS failures, and sends no request")
        func urlSessionRefusals() async throws {
            for (server, reason) in [
                ("self-signed", TLSFailure.Reason.selfSignedCertificate), ("good", .unknownIssuer),
            ] {
                let before = try await TLSServers.seen(by: server)
                let client = Client(baseURL: TLSServers.url(server), authenticator: .bearer("s3cr3t-token")) {
                    $0.retryPolicy = RetryPolicy(maximumAttempts: 3, initialDelay: 0.01)
                }
                let result = await HTTPBin.result { () async throws(EndpointError) in
                    try await client.get(Secret(key: Self.key()))
                }
                let after = try await TLSServers.seen(by: server)
                #expect(result.failureValue?.tlsFailure?.reason == reason, "\(result)")
                #expect(after.requests.count == before.requests.count)
                #expect(after.connections - before.connections == 1, "retried")
            }
        }
    }

    extension Result {
        /// The error of a failure, `nil` for a success.
        var failureValue: Failure? {
            if case .failure(let error) = self { return error }
            return nil
        }
    }
#endif
