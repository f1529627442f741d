#if Logging && Metrics && Tracing
    import EndpointKit
    import EndpointKitLogging
    import EndpointKitMetrics
    import EndpointKitTesting
    import EndpointKitTracing
    import Foundation
    import InMemoryLogging
    import InMemoryTracing
    import Logging
    import MetricsTestKit
    import Testing

    @Suite("OAuth secrets never reach an error, a log line, a cURL command, a span or a metric", .requiresOAuthServer)
    struct OAuthSecretsIntegrationTests {
        /// Every observer EndpointKit has, on every client, and what they wrote.
        final class Observers: Sendable {
            let logs = InMemoryLogHandler()
            let metrics = TestMetrics()
            let tracer = InMemoryTracer()
            let recorder = OAuthServer.Recorder()
            private let lock = NSLock()
            private nonisolated(unsafe) var lines: [String] = []

            func configure(_ configuration: inout Client.Configuration) {
                let logger = Logger(label: "oauth.secrets") { _ in self.logs }
                configuration.observers = [.logging(to: logger), .metrics(factory: metrics), .tracing(tracer: tracer)]
                configuration.middleware = [
                    recorder,
                    LoggingMiddleware(includesCURLCommand: true) { [self] line in lock.withLock { lines.append(line) }
                    },
                ]
            }

            /// Everything the observers wrote, as text.
            var text: String {
                var parts = lock.withLock { lines }
                parts += logs.entries.map { "\($0.message) \($0.metadata)" }
                parts += metrics.counters.map { "\($0.label) \($0.dimensions)" }
                parts += metrics.timers.map { "\($0.label) \($0.dimensions)" }
                parts += metrics.recorders.map { "\($0.label) \($0.dimensions)" }
                parts += metrics.meters.map { "\($0.label) \($0.dimensions)" }
                parts += tracer.finishedSpans.map {
                    "\($0.operationName) \($0.attributes) \($0.events) \(String(describing: $0.status)) \($0.errors)"
                }
                return parts.joined(separator: "\n")
            }
        }

        @Test("Client credentials, the device flow, PKCE, refreshes and refusals, with every observer on")
        func secretsStaySecret() async throws {
            let observers = Observers()
            let clock = ManualClock()
            let authServer = Client(baseURL: try #require(OAuthServer.url)) { observers.configure(&$0) }
            func oauth(_ id: String, _ authentication: ClientAuthentication = .none) -> OAuthClient {
                OAuthClient(
                    clientID: id, authentication: authentication, endpoints: OAuthServer.endpoints, client: authServer,
                    clock: clock.clock)
            }
            func api(_ authenticator: some Authenticator) throws -> Client {
                Client(baseURL: try #require(OAuthServer.url), authenticator: authenticator) {
                    observers.configure(&$0)
                }
            }
            var secrets: Set<String> = ["basic-secret", "post-secret", "not-the-secret-91c2"]
            var shown: [String] = []

            // Client credentials, both ways, and a wrong secret.
            let basic = oauth("confidential-basic", .clientSecretBasic("basic-secret"))
            _ = try await api(OAuthAuthenticator.clientCredentials(basic)).get(OAuthServer.Me())
            let post = try await oauth("confidential-post", .clientSecretPost("post-secret")).clientCredentials()
            secrets.insert(post.accessToken.value)
            do {
                _ = try await api(
                    OAuthAuthenticator.clientCredentials(
                        oauth("confidential-basic", .clientSecretPost("not-the-secret-91c2")))
                )
                .get(OAuthServer.Me())
            } catch {
                shown += [String(describing: error), String(reflecting: error)]
            }

            // The device flow, slowed down once, then a refresh that rotates.
            let cli = oauth("cli-tool")
            let authorization = try await cli.startDeviceAuthorization(scope: ["read"])
            try await OAuthServer.script(authorization.userCode, ["authorization_pending", "slow_down", "approve"])
            let signedIn = try await cli.tokens(for: authorization)
            let storage = InMemoryOAuthTokenStorage(signedIn)
            let client = try api(OAuthAuthenticator(cli, storage: storage))
            _ = try await client.get(OAuthServer.Me())
            clock.advance(by: 3600)
            _ = try await client.get(OAuthServer.Me())
            let rotated = try #require(try await storage.load())
            for tokens in [signedIn, rotated] {
                secrets.formUnion([tokens.accessToken.value, try #require(tokens.refreshToken)])
                shown += [String(describing: tokens), String(reflecting: tokens), Self.dumped(tokens)]
            }
            shown += [String(describing: authorization), String(reflecting: authorization), Self.dumped(authorization)]

            // The rotated refresh token again: invalid_grant, and the end of the sign-in.
            let stale = InMemoryOAuthTokenStorage(signedIn)
            do {
                clock.advance(by: 3600)
                _ = try await api(OAuthAuthenticator(cli, storage: stale)).get(OAuthServer.Me())
            } catch {
                shown += [String(describing: error), String(reflecting: error)]
            }

            // The authorization code with PKCE, a wrong verifier, and a used code.
            let app = oauth("public-app")
            let request = try app.authorizationRequest(redirectURI: "com.example.app:/oauth", scope: ["read"])
            let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            secrets.insert(try #require(items.first { $0.name == "state" }?.value))
            shown += [String(describing: request), String(reflecting: request), Self.dumped(request)]
            let approved = try await OAuthServer.approve(request, as: "alice")
            let code = try #require(
                URLComponents(url: approved, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "code" }?
                    .value)
            secrets.insert(code)
            do {
                _ = try await app.exchange(
                    code: code, of: try app.authorizationRequest(redirectURI: "com.example.app:/oauth"))
            } catch {
                shown += [String(describing: error), String(reflecting: error)]
            }
            let exchanged = try await app.tokens(fromCallback: approved, of: request)
            secrets.formUnion([exchanged.accessToken.value, try #require(exchanged.refreshToken)])

            // What went on the wire holds the rest: device codes, verifiers, client secrets.
            for fields in ["urn:ietf:params:oauth:grant-type:device_code", "authorization_code"].flatMap(
                observers.recorder.bodies(withGrantType:))
            {
                secrets.formUnion(
                    [fields["device_code"], fields["code_verifier"], fields["client_secret"]].compactMap { $0 })
            }

            let text = observers.text + "\n" + shown.joined(separator: "\n")
            #expect(text.contains("<redacted>"), "the cURL commands were written")
            #expect(text.contains("/token"))
            #expect(secrets.count >= 14)
            for secret in secrets where !secret.isEmpty {
                #expect(!text.contains(secret), "a secret of \(secret.count) characters was shown")
            }
        }

        private static func dumped(_ value: some Any) -> String {
            var text = ""
            dump(value, to: &text)
            return text
        }
    }
#endif
