#if GitHubApps
    import _CryptoExtras
    import EndpointKit
    import EndpointKitGitHub
    import EndpointKitTesting
    import Foundation
    import Testing

    /// Each test asks for tokens of an installation of its own (the server has 1001 to 1999), so
    /// that the server's per-installation counts are its alone while tests run at once.
    @Suite("A GitHub App against the GitHub-like server", .requiresGitHubAppServer)
    struct GitHubAppServerIntegrationTests {
        private static func successes(ofConcurrentCalls count: Int, to client: Client) async -> Int {
            await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<count {
                    group.addTask { (try? await client.get(InstallationRepositories())) != nil }
                }
                return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
        }

        @Test("The server accepts the app's JWT: GET /app returns the app", arguments: GitHubAppServer.transports)
        func jwtIsAccepted(over way: GitHubServerTransport) async throws {
            let app = try GitHubAppServer.app(over: way)
            let authenticated = try await GitHubAppServer.client(app.authenticator, over: way).get(AuthenticatedApp())
            #expect(authenticated.slug == "endpointkit-test-app")
            #expect(String(authenticated.id) == GitHubAppServer.appID)
        }

        enum Refusal: String, CaseIterable, CustomTestStringConvertible {
            case expired, issuedInTheFuture, longerThanTenMinutes, wrongIssuer, badSignature
            var testDescription: String { rawValue }

            var message: String {
                switch self {
                case .expired: "'Expiration time' claim ('exp') must be a numeric value"
                case .issuedInTheFuture: "'Issued at' claim ('iat') must be an Integer representing a time in the past"
                case .longerThanTenMinutes: "'Expiration time' claim ('exp') is too far in the future"
                case .wrongIssuer: "'Issuer' claim ('iss')"
                case .badSignature: "A JSON web token could not be decoded"
                }
            }

            /// The authenticator that sends the JWT the server must refuse.
            func authenticator() throws -> any Authenticator {
                switch self {
                case .expired:
                    try GitHubAppServer.app(clock: ManualClock(start: Date().addingTimeInterval(-11 * 60)))
                        .authenticator
                case .issuedInTheFuture:
                    try GitHubAppServer.app(clock: ManualClock(start: Date().addingTimeInterval(3 * 60)))
                        .authenticator
                case .longerThanTenMinutes:
                    BearerAuthenticator(
                        try GitHubAppServer.jwt(
                            claims: longClaims(), signedWith: _RSA.Signing.PrivateKey(pemRepresentation: serverKey())))
                case .wrongIssuer: try GitHubAppServer.app(issuer: "99999").authenticator
                case .badSignature:
                    try GitHubAppServer.app(privateKeyPEM: TestKeys.otherKey.pemRepresentation).authenticator
                }
            }

            private func serverKey() throws -> String { try #require(GitHubAppServer.privateKeyPEM) }

            private func longClaims() -> String {
                let now = Int(Date().timeIntervalSince1970)
                return #"{"iat":\#(now - 60),"exp":\#(now + 600),"iss":"\#(GitHubAppServer.appID)"}"#
            }
        }

        struct BearerAuthenticator: Authenticator {
            let token: String
            init(_ token: String) { self.token = token }
            func authenticate(_ request: inout URLRequest) async throws {
                request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
            }
        }

        @Test(
            "The server refuses a JWT that is expired, issued in the future, too long, from another issuer or badly signed: a typed 401",
            arguments: Refusal.allCases)
        func jwtIsRefused(_ refusal: Refusal) async throws {
            let client = try GitHubAppServer.client(refusal.authenticator())
            do {
                _ = try await client.get(AuthenticatedApp())
                Issue.record("the server accepted the JWT")
            } catch {
                guard case .unacceptableStatus(let failure) = error else {
                    Issue.record("unexpected error: \(error)")
                    return
                }
                #expect(failure.statusCode == 401)
                let message = failure.errorBody(as: GitHubAPIError.self)?.message ?? ""
                #expect(message.hasPrefix(refusal.message), "\(message)")
            }
        }

        @Test(
            "An installation token is issued for the narrowed repositories and used",
            arguments: GitHubAppServer.transports)
        func installationTokenIsIssuedAndUsed(over way: GitHubServerTransport) async throws {
            let installationID = 1010 + GitHubAppServer.transports.firstIndex(of: way)!
            let app = try GitHubAppServer.app(over: way)
            let before = try await GitHubAppServer.tokenRequests(for: installationID)
            let client = try GitHubAppServer.client(
                app.installation(
                    installationID, repositories: ["repo-001", "repo-002"], permissions: ["issues": "read"]),
                over: way)

            let first = try await client.get(InstallationRepositories())
            let second = try await client.get(InstallationRepositories())

            #expect(first.names == ["repo-001", "repo-002"])
            #expect(second.names == first.names)
            #expect(try await GitHubAppServer.tokenRequests(for: installationID) == before + 1)
        }

        @Test("installationToken(for:) returns the server's token with its expiry and permissions")
        func installationTokenResponse() async throws {
            let app = try GitHubAppServer.app()
            let token = try await app.installationToken(for: 1020, permissions: ["issues": "write"])
            #expect(token.accessToken.value.hasPrefix("ghs_"))
            let expiresAt = try #require(token.accessToken.expiresAt)
            #expect(abs(expiresAt.timeIntervalSinceNow - 3600) < 10)
            #expect(token.permissions == ["issues": "write"])
        }

        @Test("32 calls in flight for one installation make the server issue one token")
        func concurrentCallsShareOneTokenRequest() async throws {
            let installationID = 1030
            let app = try GitHubAppServer.app()
            let client = try GitHubAppServer.client(app.installation(installationID))

            #expect(await Self.successes(ofConcurrentCalls: 32, to: client) == 32)

            #expect(try await GitHubAppServer.tokenRequests(for: installationID) == 1)
        }

        @Test("A token is renewed once the clock says it expires within the lead time, and the new one works")
        func renewsBeforeExpiry() async throws {
            let installationID = 1040
            let clock = ManualClock(start: Date())
            /// Moves the clock to the real time plus `seconds`: the server dates its tokens by the
            /// real time, and a busy machine may take seconds between two calls.
            func advance(toNowPlus seconds: TimeInterval) {
                clock.advance(by: Date().timeIntervalSince(clock.now) + seconds)
            }
            // Tokens that last 330 s: 30 s outside the 5-minute lead time.
            let app = try GitHubAppServer.app(clock: clock, headers: ["X-Test-Token-Lifetime": "330"])
            let client = try GitHubAppServer.client(app.installation(installationID))

            _ = try await client.get(InstallationRepositories())
            advance(toNowPlus: 15)  // about 314 s left (expires_at has whole seconds)
            _ = try await client.get(InstallationRepositories())
            #expect(try await GitHubAppServer.tokenRequests(for: installationID) == 1)

            advance(toNowPlus: 31)  // at most 299 s left: within 5 minutes of expires_at
            #expect(await Self.successes(ofConcurrentCalls: 8, to: client) == 8)
            #expect(try await GitHubAppServer.tokenRequests(for: installationID) == 2)
        }

        @Test("A token the server has expired gets a 401, is renewed once, and the call succeeds with the new one")
        func renewsAfterServerExpiry() async throws {
            let installationID = 1050
            let app = try GitHubAppServer.app()
            let client = try GitHubAppServer.client(app.installation(installationID))
            _ = try await client.get(InstallationRepositories())

            try await GitHubAppServer.expireTokens(of: installationID)
            #expect(await Self.successes(ofConcurrentCalls: 8, to: client) == 8)

            #expect(try await GitHubAppServer.tokenRequests(for: installationID) == 2)
        }

        @Test("The server refuses an expired or unknown installation token with a typed 401")
        func expiredOrUnknownTokenIsRefused() async throws {
            let app = try GitHubAppServer.app(headers: ["X-Test-Token-Lifetime": "0"])
            let expired = try await app.installationToken(for: 1060).accessToken.value
            for token in [expired, "ghs_unknown"] {
                let client = try GitHubAppServer.client(BearerAuthenticator(token))
                await #expect {
                    _ = try await client.get(InstallationRepositories())
                } throws: { error in
                    guard case .unacceptableStatus(let failure) = error as? EndpointError else { return false }
                    return failure.statusCode == 401
                        && failure.errorBody(as: GitHubAPIError.self)?.message == "Bad credentials"
                }
            }
        }

        /// The token request's failure inside the call's `authenticationFailed`, or `nil`.
        private static func tokenRequestFailure(in error: any Error) -> StatusFailure? {
            guard case .authenticationFailed(let tokenRequest as EndpointError, _) = error as? EndpointError,
                case .unacceptableStatus(let failure) = tokenRequest
            else { return nil }
            return failure
        }

        @Test("An unknown installation fails the call with authenticationFailed carrying the token request's typed 404")
        func unknownInstallation() async throws {
            let app = try GitHubAppServer.app()
            let client = try GitHubAppServer.client(app.installation(5))
            await #expect {
                _ = try await client.get(InstallationRepositories())
            } throws: { error in
                guard let failure = Self.tokenRequestFailure(in: error) else { return false }
                return failure.statusCode == 404 && failure.response.url?.path == "/app/installations/5/access_tokens"
                    && failure.errorBody(as: GitHubAPIError.self)?.message == "Not Found"
            }
        }

        @Test(
            "A token request whose JWT the server refuses fails the call with authenticationFailed carrying its typed 401"
        )
        func refusedTokenRequest() async throws {
            let app = try GitHubAppServer.app(issuer: "99999")
            let client = try GitHubAppServer.client(app.installation(1070))
            await #expect {
                _ = try await client.get(InstallationRepositories())
            } throws: { error in
                guard let failure = Self.tokenRequestFailure(in: error) else { return false }
                let message = failure.errorBody(as: GitHubAPIError.self)?.message ?? ""
                return failure.statusCode == 401 && message.hasPrefix(Refusal.wrongIssuer.message)
                    && failure.response.url?.path == "/app/installations/1070/access_tokens"
            }
        }
    }
#endif
