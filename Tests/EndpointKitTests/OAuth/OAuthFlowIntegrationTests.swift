import EndpointKit
import EndpointKitTesting
import Foundation
import Testing

@Suite("OAuth 2.0 flows against an Authlib authorization server", .requiresOAuthServer)
struct OAuthFlowIntegrationTests {
    private static func oauth(
        _ clientID: String, _ authentication: ClientAuthentication = .none,
        endpoints: OAuthEndpoints = OAuthServer.endpoints, clock: ManualClock = ManualClock(),
        middleware: [any Middleware] = []
    ) throws -> OAuthClient {
        OAuthClient(
            clientID: clientID, authentication: authentication, endpoints: endpoints,
            client: try OAuthServer.client(middleware: middleware), clock: clock.clock)
    }

    private static func api(_ authenticator: some Authenticator) throws -> Client {
        Client(baseURL: try #require(OAuthServer.url), authenticator: authenticator)
    }

    // MARK: Client credentials

    @Test("Client credentials with the secret in a Basic header: a token the API accepts; no secret in the body")
    func clientCredentialsWithBasic() async throws {
        let recorder = OAuthServer.Recorder()
        let oauth = try Self.oauth("confidential-basic", .clientSecretBasic("basic-secret"), middleware: [recorder])

        let me = try await Self.api(OAuthAuthenticator.clientCredentials(oauth, scope: ["read", "write"]))
            .get(OAuthServer.Me())

        #expect(me == OAuthServer.Me.Identity(clientID: "confidential-basic", user: nil, scope: "read write"))
        let sent = try #require(recorder.requests.first)
        #expect(sent.value(forHTTPHeaderField: "Authorization")?.hasPrefix("Basic ") == true)
        #expect(recorder.bodies(withGrantType: "client_credentials").first?["client_secret"] == nil)
        let seen = try await OAuthServer.client().get(OAuthServer.Requests())
            .filter { $0.clientID == "confidential-basic" && $0.grantType == "client_credentials" }
        #expect(!seen.isEmpty && seen.allSatisfy { $0.auth == "basic" && !$0.fields.contains("client_secret") })
    }

    @Test("Client credentials with the secret in the body")
    func clientCredentialsInBody() async throws {
        let tokens = try await Self.oauth("confidential-post", .clientSecretPost("post-secret")).clientCredentials()

        #expect(tokens.refreshToken == nil)
        #expect(tokens.scope == "read")
        let me = try await Self.api(TokenAuthenticator.bearer(tokens.accessToken.value)).get(OAuthServer.Me())
        #expect(me.clientID == "confidential-post")
    }

    @Test("A wrong client secret is a typed invalid_client error, sent once and never retried")
    func wrongSecretIsInvalidClient() async throws {
        let recorder = OAuthServer.Recorder()
        let oauth = try Self.oauth(
            "confidential-basic", .clientSecretBasic("not-the-secret-7f3a"), middleware: [recorder])

        await #expect {
            _ = try await Self.api(OAuthAuthenticator.clientCredentials(oauth)).get(OAuthServer.Me())
        } throws: { error in
            guard case .authenticationFailed(let underlying as OAuthError, _) = error as? EndpointError else {
                return false
            }
            return underlying.reason == .errorResponse && underlying.code == .invalidClient
                && underlying.statusCode == 401
                && !"\(error)".contains("not-the-secret-7f3a")
        }
        #expect(recorder.requests.count == 1)
    }

    @Test("An unknown scope is invalid_scope, with the server's description")
    func unknownScope() async throws {
        await #expect {
            _ = try await Self.oauth("confidential-post", .clientSecretPost("post-secret")).clientCredentials(scope: [
                "root"
            ])
        } throws: { error in
            guard let error = error as? OAuthError else { return false }
            return error.code == .invalidScope && error.errorDescription?.isEmpty == false
                && "\(error)".hasPrefix("The token endpoint http://127.0.0.1:")
        }
    }

    // MARK: Device authorization

    @Test("Device flow: pending, slow_down, pending, approval; polls wait 5, 5, 10 and 10 seconds")
    func deviceFlowKeepsTheInterval() async throws {
        let clock = ManualClock()
        let oauth = try Self.oauth("cli-tool", clock: clock)
        let authorization = try await oauth.startDeviceAuthorization(scope: ["read"])
        try await OAuthServer.script(
            authorization.userCode, ["authorization_pending", "slow_down", "authorization_pending", "approve"],
            user: "dana")

        let tokens = try await oauth.tokens(for: authorization)

        #expect(clock.sleeps == [5, 5, 10, 10])
        #expect(authorization.verificationURI.hasSuffix("/device"))
        let me = try await Self.api(TokenAuthenticator.bearer(tokens.accessToken.value)).get(OAuthServer.Me())
        #expect(me.user == "dana")
    }

    @Test("Device flow: a denied request ends polling with access_denied, an expired one with expired_token")
    func deviceFlowStopsOnDenialAndExpiry() async throws {
        for (hook, code) in [("deny", OAuthError.Code.accessDenied), ("expire", .expiredToken)] {
            let oauth = try Self.oauth("cli-tool")
            let authorization = try await oauth.startDeviceAuthorization()
            try await OAuthServer.script(authorization.userCode, ["authorization_pending"])
            try await OAuthServer.device(hook, authorization.userCode)

            await #expect {
                _ = try await oauth.tokens(for: authorization)
            } throws: { error in
                (error as? OAuthError)?.code == code
            }
        }
    }

    @Test("Device flow: once the device code's lifetime has passed on the clock, polling stops without asking again")
    func deviceFlowStopsAtExpiry() async throws {
        let clock = ManualClock()
        let recorder = OAuthServer.Recorder()
        let oauth = try Self.oauth("cli-tool", clock: clock, middleware: [recorder])
        let authorization = try await oauth.startDeviceAuthorization()

        await #expect {
            _ = try await oauth.tokens(for: authorization)
        } throws: { error in
            (error as? OAuthError)?.code == .expiredToken
        }
        // 600 s at 5 s per poll, slowed down by the server's real-time rule: never more than 120 polls.
        #expect(clock.now >= authorization.expiresAt)
        #expect(
            (1...120).contains(recorder.bodies(withGrantType: "urn:ietf:params:oauth:grant-type:device_code").count))
    }

    @Test("Device flow: cancelling the task stops polling")
    func deviceFlowIsCancellable() async throws {
        let oauth = OAuthClient(
            clientID: "cli-tool", endpoints: OAuthServer.endpoints, client: try OAuthServer.client(), clock: .system)
        let authorization = try await oauth.startDeviceAuthorization()
        let polling = Task { try await oauth.tokens(for: authorization) }
        polling.cancel()

        await #expect {
            try await polling.value
        } throws: { ($0 as? OAuthError)?.reason == .cancelled }
    }

    @Test("GitHub's device flow: errors with HTTP 200, and form-encoded answers when JSON is not asked for")
    func gitHubDeviceFlow() async throws {
        struct AcceptsAnything: Middleware {
            func intercept(
                _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPResponse
            ) async throws -> HTTPResponse {
                var request = request
                request.setValue("*/*", forHTTPHeaderField: "Accept")
                return try await next(request)
            }
        }
        for middleware in [[], [AcceptsAnything()] as [any Middleware]] {
            let clock = ManualClock()
            let oauth = try Self.oauth(
                "cli-tool", endpoints: OAuthServer.gitHubEndpoints, clock: clock, middleware: middleware)
            let authorization = try await oauth.startDeviceAuthorization(scope: ["read", "write"])
            try await OAuthServer.script(authorization.userCode, ["authorization_pending", "slow_down", "approve"])

            let tokens = try await oauth.tokens(for: authorization)

            #expect(clock.sleeps == [5, 5, 10])
            #expect(tokens.scope == "read,write")
            let me = try await Self.api(TokenAuthenticator.bearer(tokens.accessToken.value)).get(OAuthServer.Me())
            #expect(me.user == "alice")
        }
    }

    // MARK: Authorization code with PKCE

    @Test("Authorization code with PKCE S256: the callback's code is exchanged with the verifier")
    func authorizationCodeWithPKCE() async throws {
        let oauth = try Self.oauth("public-app")
        let request = try oauth.authorizationRequest(redirectURI: "http://127.0.0.1:53111/callback", scope: ["read"])

        let callback = try await OAuthServer.approve(request, as: "erin")
        let tokens = try await oauth.tokens(fromCallback: callback, of: request)

        let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(items.first { $0.name == "code_challenge_method" }?.value == "S256")
        #expect(tokens.refreshToken != nil)
        let me = try await Self.api(TokenAuthenticator.bearer(tokens.accessToken.value)).get(OAuthServer.Me())
        #expect(me == OAuthServer.Me.Identity(clientID: "public-app", user: "erin", scope: "read"))
    }

    @Test("Authorization code: a wrong verifier and a used code are invalid_grant; a forged state sends nothing")
    func authorizationCodeFailures() async throws {
        let recorder = OAuthServer.Recorder()
        let oauth = try Self.oauth("public-app", middleware: [recorder])
        let request = try oauth.authorizationRequest(redirectURI: "com.example.app:/oauth")
        let callback = try await OAuthServer.approve(request, as: "frank")
        let code = try #require(
            URLComponents(url: callback, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "code" }?.value
        )

        let otherRequest = try oauth.authorizationRequest(redirectURI: "com.example.app:/oauth")
        await #expect {
            _ = try await oauth.exchange(code: code, of: otherRequest)  // another sign-in's verifier
        } throws: { ($0 as? OAuthError)?.code == .invalidGrant }

        await #expect {
            _ = try await oauth.tokens(fromCallback: callback, of: otherRequest)
        } throws: { ($0 as? OAuthError)?.reason == .callbackStateMismatch }
        #expect(recorder.requests.count == 1, "the forged state sent nothing")

        _ = try await oauth.tokens(fromCallback: callback, of: request)
        await #expect {
            _ = try await oauth.tokens(fromCallback: callback, of: request)
        } throws: { ($0 as? OAuthError)?.code == .invalidGrant }
    }

    @Test("Authorization code: a denial in the callback is access_denied")
    func authorizationDenied() async throws {
        let oauth = try Self.oauth("public-app")
        let request = try oauth.authorizationRequest(redirectURI: "com.example.app:/oauth")

        let callback = try await OAuthServer.approve(request, as: nil)

        await #expect {
            _ = try await oauth.tokens(fromCallback: callback, of: request)
        } throws: { ($0 as? OAuthError)?.code == .accessDenied }
    }
}
