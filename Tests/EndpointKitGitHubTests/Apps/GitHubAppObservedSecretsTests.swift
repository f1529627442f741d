#if GitHubApps && Logging && Metrics && Tracing
    import EndpointKit
    import EndpointKitGitHub
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

    @Suite("GitHub App secrets never reach a log line, a cURL command, a span or a metric")
    struct GitHubAppObservedSecretsTests {
        @Test("JWTs, installation tokens, renewals and refusals, with every observer on both clients")
        func secretsStayOutOfObservers() async throws {
            let logs = InMemoryLogHandler()
            let metrics = TestMetrics()
            let tracer = InMemoryTracer()
            let curl = LockedLines()
            let clock = ManualClock()
            let github = FakeGitHubApps(clock: clock)
            let transport = StubTransport { try await github.respond(to: $0) }
            func observe(_ configuration: inout Client.Configuration) {
                configuration.transport = transport
                configuration.retryPolicy = .never
                configuration.observers = [
                    .logging(to: Logger(label: "apps") { _ in logs }), .metrics(factory: metrics),
                    .tracing(tracer: tracer),
                ]
                configuration.middleware = [LoggingMiddleware(includesCURLCommand: true) { curl.append($0) }]
            }
            var appConfiguration = Client.Configuration()
            observe(&appConfiguration)
            let app = try GitHubApp(
                issuer: "Iv23liTestApp", privateKeyPEM: TestKeys.appKey.pemRepresentation, clock: clock.clock,
                configuration: appConfiguration)
            let api = Client(baseURL: URL(string: "https://api.github.com")!, authenticator: app.installation(2)) {
                $0.api = .gitHub
                observe(&$0)
            }

            _ = try await api.get(InstallationRepositories())
            clock.advance(by: 3600)  // the token is renewed, and so is the JWT
            _ = try await api.get(InstallationRepositories())
            _ = try? await app.installationToken(for: 999)  // a refused token request
            let jwt = try app.makeJWT()
            let token = try await app.installationToken(for: 2)

            let text =
                (curl.lines + logs.entries.map { "\($0.message) \($0.metadata)" }
                + metrics.counters.map { "\($0.label) \($0.dimensions)" }
                + metrics.timers.map { "\($0.label) \($0.dimensions)" }
                + tracer.finishedSpans.map { "\($0.operationName) \($0.attributes) \($0.events) \($0.errors)" })
                .joined(separator: "\n")
            #expect(text.contains("/access_tokens") && text.contains("<redacted>"))
            let keyLines = TestKeys.appKey.pemRepresentation.split(separator: "\n").dropFirst().dropLast().map(
                String.init)
            for secret in keyLines + [jwt.value, token.accessToken.value, "eyJ", "ghs_"] {
                #expect(!text.contains(secret), "a secret of \(secret.count) characters was shown")
            }
        }
    }

    /// Lines written from any task.
    final class LockedLines: Sendable {
        private let lock = NSLock()
        private nonisolated(unsafe) var written: [String] = []

        var lines: [String] { lock.withLock { written } }
        func append(_ line: String) { lock.withLock { written.append(line) } }
    }
#endif
