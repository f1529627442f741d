#if GitHubApps
    import EndpointKit
    import EndpointKitGitHub
    import EndpointKitTesting
    import Foundation
    import Testing

    @Suite("GitHub App secrets stay out of descriptions")
    struct GitHubAppSecretsTests {
        /// `String(describing:)`, `String(reflecting:)` and `dump` of `value`.
        private static func texts(of value: Any) -> [String] {
            var dumped = ""
            dump(value, to: &dumped)
            return [String(describing: value), String(reflecting: value), dumped]
        }

        @Test("No description, debug description or dump of an app type or error shows the key, a JWT or a token")
        func secretsAreAbsent() async throws {
            let (clock, _, transport, app) = try AppFixture.make()
            let installation = app.installation(1)
            let jwt = try app.makeJWT()
            let token = try await app.installationToken(for: 1)
            _ = try await Client.gitHub(installation, transport: transport).get(InstallationRepositories())
            _ = try await Client.gitHub(
                app.authenticator, transport: StubTransport { FakeGitHubApps.json(200, "{}", $0) }
            )
            .send(GetValue<JSONValue>(path: "/app"))
            var tokenRequestError: (any Error)?
            do {
                _ = try await app.installationToken(for: 999)
            } catch {
                tokenRequestError = error
            }
            let refused = try GitHubApp.test(
                clock: clock,
                transport: StubTransport { FakeGitHubApps.json(401, #"{"message":"Bad credentials"}"#, $0) })
            var installationError: (any Error)?
            do {
                _ = try await Client.gitHub(refused.installation(1), transport: transport).get(
                    InstallationRepositories())
            } catch {
                installationError = error
            }
            let keyLines = TestKeys.appKey.pemRepresentation.split(separator: "\n").dropFirst().dropLast()
                .map(String.init)
            let secrets = keyLines + [jwt.value, token.accessToken.value, "ghs_", "eyJ"]

            let values: [(String, Any)] = [
                ("GitHubApp", app), ("GitHubAppAuthenticator", app.authenticator),
                ("GitHubInstallationAuthenticator", installation), ("InstallationToken", token), ("JWT", jwt),
                ("token request error", try #require(tokenRequestError)),
                ("installation error", try #require(installationError)),
            ]
            for (name, value) in values {
                for text in Self.texts(of: value) {
                    for secret in secrets {
                        #expect(!text.contains(secret), "\(name) shows a secret: \(text)")
                    }
                }
            }
            #expect(String(describing: app) == "GitHubApp(issuer: Iv23liTestApp, baseURL: https://api.github.com)")
            #expect(String(describing: installation) == "GitHubInstallationAuthenticator(installationID: 1)")
        }
    }
#endif
