import EndpointKit
import Foundation
import Testing

@Suite("Authentication against httpbin", .requiresHTTPBin)
struct AuthenticationIntegrationTests {
    struct BasicAuthResult: Decodable, JSONObject {
        let authenticated: Bool
        let user: String
    }

    struct BasicAuthCheck: GET {
        typealias ResponseType = BasicAuthResult
        let path = "/basic-auth/user/passwd"
    }

    struct BearerResult: Decodable, JSONObject {
        let authenticated: Bool
        let token: String
    }

    struct BearerCheck: GET {
        typealias ResponseType = BearerResult
        let path = "/bearer"
    }

    @Test("Correct Basic credentials are accepted")
    func basicSucceeds() async throws {
        let client = Client(baseURL: HTTPBin.url!, authenticator: .basic(username: "user", password: "passwd"))

        let result = try await client.get(BasicAuthCheck())

        #expect(result.authenticated)
        #expect(result.user == "user")
    }

    // Regression: URLSession on Linux waited forever on a 401 with `WWW-Authenticate: Basic`.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("A wrong Basic password gives a 401 error instead of hanging", .timeLimit(.minutes(1)))
    func wrongBasicPasswordFailsPromptly() async throws {
        let client = Client(baseURL: HTTPBin.url!, authenticator: .basic(username: "user", password: "wrong"))
        let start = ContinuousClock.now

        let result = await HTTPBin.result { () async throws(EndpointError) in try await client.get(BasicAuthCheck()) }

        #expect(HTTPBin.unacceptableStatusCode(of: result) == 401, "got \(result)")
        #expect(ContinuousClock.now - start < .seconds(30))  // it hung forever before; the time limit is 1 minute
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("A wrong Basic password gives a 401 error through the completion handler too", .timeLimit(.minutes(1)))
    func wrongBasicPasswordFailsWithCompletionHandler() async throws {
        let client = Client(baseURL: HTTPBin.url!, authenticator: .basic(username: "user", password: "wrong"))

        let result = await withCheckedContinuation { continuation in
            client.get(BasicAuthCheck()) { continuation.resume(returning: $0) }
        }

        #expect(HTTPBin.unacceptableStatusCode(of: result) == 401, "got \(result)")
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("Basic without any credentials gives a 401 error instead of hanging", .timeLimit(.minutes(1)))
    func missingBasicCredentialsFailPromptly() async throws {
        let client = Client(baseURL: HTTPBin.url!)

        let result = await HTTPBin.result { () async throws(EndpointError) in try await client.get(BasicAuthCheck()) }

        #expect(HTTPBin.unacceptableStatusCode(of: result) == 401, "got \(result)")
    }

    @Test("A bearer token is accepted by /bearer")
    func bearerSucceeds() async throws {
        let client = Client(baseURL: HTTPBin.url!, authenticator: .bearer("token"))

        let result = try await client.get(BearerCheck())

        #expect(result.authenticated)
        #expect(result.token == "token")
    }

    @Test("Without an authenticator /bearer answers 401")
    func bearerMissing() async throws {
        let client = Client(baseURL: HTTPBin.url!)

        let result = await HTTPBin.result { () async throws(EndpointError) in try await client.get(BearerCheck()) }

        #expect(HTTPBin.unacceptableStatusCode(of: result) == 401, "got \(result)")
    }

    @Test("GitHub-style .token sends Authorization: token <token>")
    func gitHubToken() async throws {
        let client = Client(baseURL: HTTPBin.url!, authenticator: .token("abc"))

        let echo = try await client.get(HTTPBin.Headers())

        #expect(echo.header("Authorization") == "token abc")
    }

    @Test("A custom authenticator's header is sent")
    func closureAuthenticator() async throws {
        let client = Client(
            baseURL: HTTPBin.url!,
            authenticator: ClosureAuthenticator { request in
                request.setValue("key-123", forHTTPHeaderField: "X-API-Key")
            })

        let echo = try await client.get(HTTPBin.Headers())

        #expect(echo.header("X-API-Key") == "key-123")
    }

    @Test("An authenticator that throws sends nothing and reports authenticationFailed")
    func throwingAuthenticator() async throws {
        struct KeychainLocked: Error {}
        let client = Client(baseURL: HTTPBin.url!, authenticator: ClosureAuthenticator { _ in throw KeychainLocked() })

        let result = await HTTPBin.result { () async throws(EndpointError) in try await client.get(HTTPBin.Headers()) }

        guard case .failure(.authenticationFailed(let underlying, _)) = result else {
            Issue.record("expected authenticationFailed, got \(result)")
            return
        }
        #expect(underlying is KeychainLocked)
    }
}
