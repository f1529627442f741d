import EndpointKitTesting
import Foundation
import Testing

@testable import EndpointKit

@Suite("OAuth 2.0 refresh and rotation against an Authlib authorization server", .requiresOAuthServer)
struct OAuthRefreshIntegrationTests {
    /// What happened, in order: the storage's saves and the API requests' tokens.
    actor EventLog {
        private(set) var events: [String] = []
        func record(_ event: String) { events.append(event) }
    }

    /// Storage that logs each save to `log`.
    struct LoggingStorage: OAuthTokenStorage {
        let storage: InMemoryOAuthTokenStorage
        let log: EventLog

        func load() async throws -> OAuthTokens? { try await storage.load() }
        func save(_ tokens: OAuthTokens) async throws {
            try await storage.save(tokens)
            await log.record("saved \(tokens.accessToken.value)")
        }
        func remove() async throws { try await storage.remove() }
    }

    /// Logs the bearer token of each request to `log`.
    struct LoggingMiddleware: Middleware {
        let log: EventLog

        func intercept(
            _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPResponse
        ) async throws -> HTTPResponse {
            let token = request.value(forHTTPHeaderField: "Authorization")?.replacingOccurrences(
                of: "Bearer ", with: "")
            await log.record("sent \(token ?? "nothing")")
            return try await next(request)
        }
    }

    /// Signs `cli-tool` in with the device flow, approved at once, and returns its tokens.
    private static func signIn(_ oauth: OAuthClient) async throws -> OAuthTokens {
        let authorization = try await oauth.startDeviceAuthorization(scope: ["read"])
        try await OAuthServer.script(authorization.userCode, ["approve"])
        return try await oauth.tokens(for: authorization)
    }

    private static func oauth(_ clock: ManualClock, recorder: OAuthServer.Recorder = OAuthServer.Recorder()) throws
        -> OAuthClient
    {
        OAuthClient(
            clientID: "cli-tool", endpoints: OAuthServer.endpoints,
            client: try OAuthServer.client(middleware: [recorder]),
            clock: clock.clock)
    }

    @Test(
        "A refresh rotates the refresh token, saves the new tokens before their access token is used, and kills the old one"
    )
    func refreshRotatesAndSavesFirst() async throws {
        let clock = ManualClock()
        let oauth = try Self.oauth(clock)
        let first = try await Self.signIn(oauth)
        let log = EventLog()
        let storage = LoggingStorage(storage: InMemoryOAuthTokenStorage(first), log: log)
        let api = Client(
            baseURL: try #require(OAuthServer.url), authenticator: OAuthAuthenticator(oauth, storage: storage)
        ) {
            $0.middleware = [LoggingMiddleware(log: log)]
        }

        _ = try await api.get(OAuthServer.Me())
        clock.advance(by: 3600 - 30)  // within the 60 s lead time
        let me = try await api.get(OAuthServer.Me())

        let second = try #require(try await storage.load())
        #expect(me.user == "alice")
        #expect(second.refreshToken != first.refreshToken)
        #expect(
            await log.events == [
                "sent \(first.accessToken.value)", "saved \(second.accessToken.value)",
                "sent \(second.accessToken.value)",
            ])
        await #expect {
            _ = try await oauth.refresh(try #require(first.refreshToken))
        } throws: { ($0 as? OAuthError)?.code == .invalidGrant && ($0 as? OAuthError)?.reason == .errorResponse }
    }

    @Test("32 calls in flight with an expiring token share one refresh")
    func concurrentCallsShareOneRefresh() async throws {
        let clock = ManualClock()
        let recorder = OAuthServer.Recorder()
        let oauth = try Self.oauth(clock, recorder: recorder)
        let storage = InMemoryOAuthTokenStorage(try await Self.signIn(oauth))
        let api = Client(
            baseURL: try #require(OAuthServer.url), authenticator: OAuthAuthenticator(oauth, storage: storage))
        clock.advance(by: 3600)

        let successes = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<32 {
                group.addTask { (try? await api.get(OAuthServer.Me())) != nil }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }

        #expect(successes == 32)
        #expect(recorder.bodies(withGrantType: "refresh_token").count == 1)
        #expect(await storage.saveCount == 1)
    }

    @Test(
        "A refused refresh token ends the sign-in: signInRequired with invalid_grant, the storage emptied, no more asking"
    )
    func invalidGrantEndsSignIn() async throws {
        let clock = ManualClock()
        let recorder = OAuthServer.Recorder()
        let oauth = try Self.oauth(clock, recorder: recorder)
        let stale = try await Self.signIn(oauth)
        _ = try await oauth.refresh(try #require(stale.refreshToken))  // rotated: `stale`'s refresh token is dead
        let storage = InMemoryOAuthTokenStorage(stale)
        let api = Client(
            baseURL: try #require(OAuthServer.url), authenticator: OAuthAuthenticator(oauth, storage: storage))
        clock.advance(by: 3600)
        let refreshesBefore = recorder.bodies(withGrantType: "refresh_token").count

        var causes: [OAuthError.Code?] = []
        for _ in 0..<3 {
            do {
                _ = try await api.get(OAuthServer.Me())
            } catch {
                // Not `catch … where`: Swift 6.3.1's SIL passes hang on that shape here.
                guard case .authenticationFailed(let underlying as OAuthError, _) = error,
                    underlying.reason == .signInRequired
                else { throw error }
                causes.append(underlying.code)
            }
        }

        #expect(causes == [.invalidGrant, nil, nil])
        #expect(try await storage.load() == nil)
        #expect(recorder.bodies(withGrantType: "refresh_token").count == refreshesBefore + 1)
    }

    @Test("Tokens saved to a file outlive the authenticator: a new one loads them without asking the server")
    func fileStorageAcrossLaunches() async throws {
        let clock = ManualClock()
        let recorder = OAuthServer.Recorder()
        let oauth = try Self.oauth(clock, recorder: recorder)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oauth-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let storage = FileOAuthTokenStorage(url: directory.appendingPathComponent("tokens.json"))
        try await storage.save(try await Self.signIn(oauth))
        let requestsAfterSignIn = recorder.requests.count

        for _ in 0..<2 {  // two launches
            let api = Client(
                baseURL: try #require(OAuthServer.url), authenticator: OAuthAuthenticator(oauth, storage: storage))
            _ = try await api.get(OAuthServer.Me())
        }

        #expect(recorder.requests.count == requestsAfterSignIn)
        let attributes = try FileManager.default.attributesOfItem(atPath: storage.url.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }
}
