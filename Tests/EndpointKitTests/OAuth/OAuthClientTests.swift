import EndpointKit
import EndpointKitTesting
import Foundation
import Testing

@Suite("OAuthClient against an in-memory authorization server")
struct OAuthClientTests {
    private static func oauth(
        _ authentication: ClientAuthentication = .none, clientID: String = "app",
        clock: ManualClock = ManualClock(),
        _ respond: @escaping @Sendable (URLRequest) async throws -> HTTPResponse
    ) -> (OAuthClient, StubTransport) {
        let transport = StubTransport(responder: respond)
        let client = Client(baseURL: URL(string: "https://auth.example.com")!) {
            $0.transport = transport
        }
        let endpoints = OAuthEndpoints(token: "/token", authorization: "/authorize", deviceAuthorization: "/device")
        return (
            OAuthClient(
                clientID: clientID, authentication: authentication, endpoints: endpoints, client: client,
                clock: clock.clock),
            transport
        )
    }

    private static func answer(_ status: Int, _ body: String, type: String = "application/json") -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: ["Content-Type": type], body: Data(body.utf8))
    }

    private static func form(_ request: RecordedRequest) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in String(decoding: request.body ?? Data(), as: UTF8.self).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            }
            fields[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        return fields
    }

    @Test("Token answers as JSON or as a form both give tokens; expires_in counts from the clock")
    func readsJSONAndFormAnswers() async throws {
        let clock = ManualClock()
        for body in [
            #"{"access_token":"a1","token_type":"Bearer","expires_in":3600,"refresh_token":"r1","scope":"read"}"#,
            "access_token=a1&token_type=bearer&expires_in=3600&refresh_token=r1&scope=read",
        ] {
            let type = body.hasPrefix("{") ? "application/json" : "application/x-www-form-urlencoded; charset=utf-8"
            let (oauth, _) = Self.oauth(clock: clock) { _ in Self.answer(200, body, type: type) }

            let tokens = try await oauth.refresh("r0")

            #expect(tokens.accessToken == AccessToken("a1", expiresAt: clock.now.addingTimeInterval(3600)))
            #expect(tokens.refreshToken == "r1")
            #expect(tokens.scope == "read")
        }
    }

    @Test("A refresh answer without a refresh token keeps the one used (no rotation)")
    func refreshWithoutRotationKeepsToken() async throws {
        let (oauth, transport) = Self.oauth { _ in Self.answer(200, #"{"access_token":"a2","token_type":"Bearer"}"#) }

        let tokens = try await oauth.refresh("r1", scope: ["read"])

        #expect(tokens.refreshToken == "r1")
        #expect(tokens.accessToken.expiresAt == nil)
        let sent = try #require(await transport.requests.first)
        #expect(
            Self.form(sent) == [
                "grant_type": "refresh_token", "refresh_token": "r1", "scope": "read", "client_id": "app",
            ])
        #expect(sent.headers["Accept"] == "application/json")
        #expect(sent.headers["Content-Type"] == "application/x-www-form-urlencoded")
    }

    @Test("client_secret_basic form-encodes the client ID and secret before Base64 (RFC 6749 §2.3.1)")
    func basicAuthenticationEncoding() async throws {
        let (oauth, transport) = Self.oauth(.clientSecretBasic("p@ss:wörd /+"), clientID: "my client") { _ in
            Self.answer(200, #"{"access_token":"a","token_type":"Bearer"}"#)
        }

        _ = try await oauth.clientCredentials(scope: ["read", "write"])

        let sent = try #require(await transport.requests.first)
        let expected = Data("my+client:p%40ss%3Aw%C3%B6rd+%2F%2B".utf8).base64EncodedString()
        #expect(sent.headers["Authorization"] == "Basic \(expected)")
        #expect(Self.form(sent) == ["grant_type": "client_credentials", "scope": "read write"])
    }

    @Test("client_secret_post sends the client ID and secret in the body")
    func postAuthentication() async throws {
        let (oauth, transport) = Self.oauth(.clientSecretPost("s3")) { _ in
            Self.answer(200, #"{"access_token":"a","token_type":"Bearer"}"#)
        }
        _ = try await oauth.clientCredentials()
        let sent = try #require(await transport.requests.first)
        #expect(sent.headers["Authorization"] == nil)
        #expect(Self.form(sent) == ["grant_type": "client_credentials", "client_id": "app", "client_secret": "s3"])
    }

    @Test(
        "Bad answers are typed errors that name the endpoint and never show the body",
        arguments: [
            (
                502, "<html><body>Bad gateway access_token=leak</body></html>", "text/html",
                "with text/html, not an OAuth response"
            ),
            (200, "<html>login</html>", "text/html", "with text/html, not an OAuth response"),
            (200, #"{"access_token":"leak","token_type":"Bear"#, "application/json", "not an OAuth response"),
            (200, "", "application/json", "not an OAuth response"),
            (200, #"{"token_type":"Bearer","refresh_token":"leak"}"#, "application/json", "without `access_token`"),
            (
                200, #"{"access_token":"leak","token_type":"Bearer","expires_in":"soon"}"#, "application/json",
                "an invalid `expires_in`"
            ),
            (200, #"{"access_token":"leak","token_type":"mac"}"#, "application/json", "token type `mac`"),
            (200, #"["access_token","leak"]"#, "application/json", "not an OAuth response"),
        ])
    func badAnswers(status: Int, body: String, type: String, problem: String) async throws {
        let (oauth, _) = Self.oauth { _ in Self.answer(status, body, type: type) }

        await #expect {
            _ = try await oauth.refresh("r")
        } throws: { error in
            let text = "\(error)"
            let reasons: [OAuthError.Reason] = [.notOAuthResponse, .missingField, .invalidField, .unsupportedTokenType]
            guard let reason = (error as? OAuthError)?.reason, reasons.contains(reason) else { return false }
            return text.contains(problem) && !text.contains("leak")
                && text.hasPrefix("The token endpoint https://auth.example.com/token answered HTTP \(status)")
        }
    }

    @Test("An OAuth error answer is a typed OAuthError with the server's code, description and URI, sent once")
    func errorAnswers() async throws {
        let (oauth, transport) = Self.oauth { _ in
            Self.answer(
                400, #"{"error":"invalid_grant","error_description":"Refresh token revoked","error_uri":"https://e/x"}"#
            )
        }

        await #expect {
            _ = try await oauth.refresh("r")
        } throws: { error in
            guard let error = error as? OAuthError else { return false }
            return error.reason == .errorResponse && error.code == .invalidGrant
                && error.errorDescription == "Refresh token revoked"
                && error.errorURI == "https://e/x" && error.statusCode == 400
                && "\(error)"
                    == "The token endpoint https://auth.example.com/token refused the request: invalid_grant (Refresh token revoked) (HTTP 400); see https://e/x"
        }
        #expect(await transport.requests.count == 1)
    }

    @Test("GitHub's errors with status 200 in a form are OAuth errors too")
    func errorInSuccessfulForm() async throws {
        let (oauth, _) = Self.oauth { _ in
            Self.answer(
                200, "error=incorrect_client_credentials&error_description=The+client_id+is+wrong",
                type: "application/x-www-form-urlencoded")
        }
        await #expect {
            _ = try await oauth.clientCredentials()
        } throws: { error in
            (error as? OAuthError)?.code == "incorrect_client_credentials"
                && (error as? OAuthError)?.errorDescription == "The client_id is wrong"
        }
    }

    @Test(
        "Device flow: a lost connection while polling waits twice the interval and polls on; the RFC's answers are kept"
    )
    func devicePollingSurvivesTransientFailures() async throws {
        let clock = ManualClock()
        let polls = Counter()
        let (oauth, _) = Self.oauth(clock: clock) { request in
            if request.url?.path == "/device" {
                return Self.answer(
                    200,
                    #"{"device_code":"dc-secret","user_code":"ABCD-EFGH","verification_uri":"https://auth.example.com/device","expires_in":600,"interval":3}"#
                )
            }
            switch polls.next() {
            case 1: return Self.answer(400, #"{"error":"authorization_pending"}"#)
            case 2: throw URLError(.networkConnectionLost)
            case 3: return Self.answer(400, #"{"error":"slow_down"}"#)
            default: return Self.answer(200, #"{"access_token":"a","token_type":"Bearer"}"#)
            }
        }

        let authorization = try await oauth.startDeviceAuthorization()
        let tokens = try await oauth.tokens(for: authorization)

        #expect(tokens.accessToken.value == "a")
        #expect(clock.sleeps == [3, 3, 6, 8])
        #expect(!"\(authorization)".contains("dc-secret") && !String(reflecting: authorization).contains("dc-secret"))
        #expect("\(authorization)".contains("ABCD-EFGH"))
    }

    @Test("Device flow: the device code's lifetime ends polling with expired_token, by the clock")
    func devicePollingStopsAtExpiry() async throws {
        let clock = ManualClock()
        let (oauth, transport) = Self.oauth(clock: clock) { request in
            if request.url?.path == "/device" {
                return Self.answer(
                    200,
                    #"{"device_code":"d","user_code":"U","verification_uri":"https://v","expires_in":20,"interval":5}"#)
            }
            return Self.answer(400, #"{"error":"authorization_pending"}"#)
        }
        let authorization = try await oauth.startDeviceAuthorization()

        await #expect {
            _ = try await oauth.tokens(for: authorization)
        } throws: { error in
            guard let error = error as? OAuthError else { return false }
            return error.reason == .deviceCodeExpired && error.code == .expiredToken && error.statusCode == nil
                && "\(error)" == "The device code of the device authorization U expired before the user approved it"
        }
        #expect(clock.sleeps == [5, 5, 5, 5])
        #expect(await transport.requests.count == 1 + 3)
    }

    @Test("PKCE S256 gives RFC 7636's example challenge, and new verifiers are 43 unreserved characters")
    func pkce() throws {
        let example = try #require(PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"))
        #expect(example.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        #expect(!"\(example)".contains(example.verifier) && !String(reflecting: example).contains(example.verifier))
        let verifiers = (0..<100).map { _ in PKCE().verifier }
        #expect(Set(verifiers).count == 100)
        #expect(verifiers.allSatisfy { $0.count == 43 && PKCE(verifier: $0) != nil })
        #expect(PKCE(verifier: String(repeating: "a", count: 42)) == nil)
        #expect(PKCE(verifier: String(repeating: "a", count: 129)) == nil)
        #expect(PKCE(verifier: String(repeating: "a", count: 42) + "+") == nil)
    }

    @Test(
        "The authorization URL carries the code flow's parameters; the callback must match the redirect URI and state")
    func authorizationRequest() async throws {
        let (oauth, transport) = Self.oauth { _ in Self.answer(200, #"{"access_token":"a","token_type":"Bearer"}"#) }
        let request = try oauth.authorizationRequest(
            redirectURI: "com.example.app:/oauth", scope: ["read", "write"], additionalParameters: ["prompt": "consent"]
        )

        let items = Dictionary(
            uniqueKeysWithValues: (URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? [])
                .map {
                    ($0.name, $0.value ?? "")
                })
        #expect(
            request.url.absoluteString.hasPrefix("https://auth.example.com/authorize?response_type=code&client_id=app&")
        )
        #expect(items["redirect_uri"] == "com.example.app:/oauth")
        #expect(items["scope"] == "read write")
        #expect(items["code_challenge_method"] == "S256")
        #expect(items["code_challenge"]?.count == 43)
        #expect(items["prompt"] == "consent")
        let state = try #require(items["state"])
        #expect(!"\(request)".contains(state))

        let wrongPlace = URL(string: "com.example.app:/other?code=c&state=\(state)")!
        let forged = URL(string: "com.example.app:/oauth?code=c&state=forged")!
        let noCode = URL(string: "com.example.app:/oauth?state=\(state)")!
        for (callback, problem) in [
            (wrongPlace, OAuthError.Reason.callbackAtWrongRedirectURI), (forged, .callbackStateMismatch),
            (noCode, .callbackWithoutCode),
        ] {
            await #expect {
                _ = try await oauth.tokens(fromCallback: callback, of: request)
            } throws: { ($0 as? OAuthError)?.reason == problem }
        }
        #expect(await transport.requests.isEmpty)

        _ = try await oauth.tokens(
            fromCallback: URL(string: "com.example.app:/oauth?code=c%2B1&state=\(state)")!, of: request)
        let sent = try #require(await transport.requests.first)
        let fields = Self.form(sent)
        #expect(fields["code"] == "c+1")
        #expect(fields["redirect_uri"] == "com.example.app:/oauth")
        let verifier = try #require(fields["code_verifier"])
        #expect(PKCE(verifier: verifier)?.challenge == items["code_challenge"])
    }

    @Test("A flow whose endpoint is not set fails with endpointNotConfigured naming it, and sends nothing")
    func missingEndpointsAreConfigurationErrors() async throws {
        let transport = StubTransport(body: "{}")
        let oauth = OAuthClient(
            clientID: "app", endpoints: OAuthEndpoints(token: "/token"),
            client: Client(baseURL: URL(string: "https://auth.example.com")!) { $0.transport = transport })

        #expect {
            _ = try oauth.authorizationRequest(redirectURI: "com.example.app:/oauth")
        } throws: { error in
            let error = error as? OAuthError
            return error?.reason == .endpointNotConfigured && error?.endpoint == "OAuthEndpoints.authorization"
                && error?.statusCode == nil
                && "\(error!)" == "The OAuth client has no endpoint for this flow: set OAuthEndpoints.authorization"
        }
        await #expect {
            _ = try await oauth.startDeviceAuthorization()
        } throws: { error in
            let error = error as? OAuthError
            return error?.reason == .endpointNotConfigured && error?.endpoint == "OAuthEndpoints.deviceAuthorization"
        }
        #expect(await transport.requests.isEmpty)
    }

    @Test("An error in the authorization callback is the server's errorResponse, with no HTTP status")
    func callbackErrorHasNoStatus() async throws {
        let (oauth, transport) = Self.oauth { _ in Self.answer(200, "{}") }
        let request = try oauth.authorizationRequest(redirectURI: "com.example.app:/oauth")
        let state = try #require(
            URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "state" }?
                .value)
        let callback = URL(string: "com.example.app:/oauth?error=access_denied&error_description=No&state=\(state)")!

        await #expect {
            _ = try await oauth.tokens(fromCallback: callback, of: request)
        } throws: { error in
            guard let error = error as? OAuthError else { return false }
            return error.reason == .errorResponse && error.code == .accessDenied && error.statusCode == nil
                && "\(error)" == "The authorization endpoint (callback) refused the request: access_denied (No)"
        }
        #expect(await transport.requests.isEmpty)
    }

    @Test("A token request that cannot reach the server is requestFailed, carrying its EndpointError")
    func unreachableServerIsRequestFailed() async throws {
        let (oauth, _) = Self.oauth { _ in throw URLError(.cannotConnectToHost) }

        await #expect {
            _ = try await oauth.clientCredentials()
        } throws: { error in
            guard let error = error as? OAuthError, case .transportFailed? = error.requestFailure else { return false }
            return error.reason == .requestFailed && error.statusCode == nil
                && "\(error)".hasPrefix("The request to the token endpoint https://auth.example.com/token failed: ")
        }
    }
}

/// Counts calls from any task.
final class Counter: Sendable {
    private let lock = NSLock()
    private nonisolated(unsafe) var count = 0

    /// The next count, from 1.
    func next() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
}
