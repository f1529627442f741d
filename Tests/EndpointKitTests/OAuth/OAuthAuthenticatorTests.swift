import EndpointKitTesting
import Foundation
import TestGates
import Testing

@testable import EndpointKit

@Suite("OAuthAuthenticator over an in-memory API and authorization server")
struct OAuthAuthenticatorTests {
    /// An authorization server that rotates refresh tokens (`r1` → `r2` …, access `a1` → `a2` …,
    /// each for an hour) and an API that accepts only the newest access token.
    final class Servers: Sendable {
        private let lock = NSLock()
        private nonisolated(unsafe) var generation = 1
        private nonisolated(unsafe) var refreshes = 0
        private nonisolated(unsafe) var apiRejectsEverything = false
        private nonisolated(unsafe) var refreshesWaitFor: (arrivals: ArrivalCounter, count: Int)?
        /// The calls that reached the API client's authenticator, and those that asked it to renew
        /// after a 401 (``clients(_:clock:storage:burst:)`` counts both, and ``renewalWaits``).
        let calls = ArrivalCounter()
        let renewalRequests = ArrivalCounter()
        /// The calls that began to wait for the API client's renewal in progress.
        let renewalWaits = ArrivalCounter()

        var refreshCount: Int { lock.withLock { refreshes } }
        func rejectEverything() { lock.withLock { apiRejectsEverything = true } }

        /// Holds each token request until `count` arrivals have reached `arrivals` (``calls``, ``renewalWaits`` or
        /// ``renewalRequests``): the calls of a burst pile up on one renewal.
        func holdRefreshes(until arrivals: ArrivalCounter, reach count: Int) {
            lock.withLock { refreshesWaitFor = (arrivals, count) }
        }

        func token(_ request: URLRequest) async throws -> HTTPResponse {
            if let hold = lock.withLock({ refreshesWaitFor }) {
                await hold.arrivals.waitForArrivals(count: hold.count)
            }
            let body = String(decoding: request.httpBody ?? Data(), as: UTF8.self)
            return lock.withLock {
                refreshes += 1
                guard body.contains("refresh_token=r\(generation)") else {
                    return HTTPResponse(statusCode: 400, body: Data(#"{"error":"invalid_grant"}"#.utf8))
                }
                generation += 1
                let json =
                    #"{"access_token":"a\#(generation)","token_type":"Bearer","expires_in":3600,"refresh_token":"r\#(generation)"}"#
                return HTTPResponse(
                    statusCode: 200, headers: ["Content-Type": "application/json"], body: Data(json.utf8))
            }
        }

        func api(_ request: URLRequest) -> HTTPResponse {
            let valid = lock.withLock {
                !apiRejectsEverything && request.value(forHTTPHeaderField: "Authorization") == "Bearer a\(generation)"
            }
            return HTTPResponse(statusCode: valid ? 200 : 401, body: Data("[]".utf8), url: request.url)
        }
    }

    /// The API client, whose authenticator counts the calls that reach it in `servers.calls` and
    /// `servers.renewalRequests`, and its transport, which answers no request before `burst` have
    /// arrived.
    private static func clients(
        _ servers: Servers, clock: ManualClock, storage: some OAuthTokenStorage, burst: Int = 1
    ) -> (Client, StubTransport) {
        let oauth = OAuthClient(
            clientID: "app", endpoints: OAuthEndpoints(token: "/token"),
            client: Client(baseURL: URL(string: "https://auth.example.com")!) {
                $0.transport = StubTransport { try await servers.token($0) }
            }, clock: clock.clock)
        let transport = StubTransport.answering(afterBurstOf: burst) { servers.api($0) }
        let oauthAuthenticator = OAuthAuthenticator(oauth, storage: storage)
        oauthAuthenticator.store.renewalWaitObserver.withLock { $0 = { servers.renewalWaits.arrive() } }
        let authenticator = CountingAuthenticator(
            oauthAuthenticator, authentications: servers.calls, renewals: servers.renewalRequests)
        return (Client.stubbed(transport, authenticator: authenticator), transport)
    }

    private static func tokens(_ generation: Int, expiresAt: Date?) -> OAuthTokens {
        OAuthTokens(accessToken: AccessToken("a\(generation)", expiresAt: expiresAt), refreshToken: "r\(generation)")
    }

    @Test("A 401 renews the tokens once for 32 calls in flight; the rotated tokens are saved once")
    func renewsOnceOn401() async throws {
        let servers = Servers()
        let clock = ManualClock()
        // `a0` is stale (the API wants `a1`), its expiry unknown: only a 401 shows it.
        let fresh = InMemoryOAuthTokenStorage(OAuthTokens(accessToken: AccessToken("a0"), refreshToken: "r1"))
        // All 32 go out with `a0` before the first 401, and the refresh holds until all 32 calls
        // have asked for a renewal.
        let (client, _) = Self.clients(servers, clock: clock, storage: fresh, burst: 32)
        servers.holdRefreshes(until: servers.renewalRequests, reach: 32)

        let successes = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<32 { group.addTask { (try? await client.get(UserRepositories())) != nil } }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }

        #expect(successes == 32)
        #expect(servers.refreshCount == 1)
        #expect(servers.renewalRequests.count == 32, "each call had a 401 and asked for the renewal")
        #expect(await fresh.saveCount == 1)
        #expect(try await fresh.load()?.refreshToken == "r2")
    }

    @Test("32 calls in flight whose refresh token is refused share one refresh, and all fail with signInRequired")
    func invalidGrantUnderLoad() async throws {
        let servers = Servers()
        let clock = ManualClock()
        // `r0` is not the refresh token the server wants (`r1`): it answers invalid_grant.
        let storage = InMemoryOAuthTokenStorage(Self.tokens(0, expiresAt: clock.now))
        let (client, transport) = Self.clients(servers, clock: clock, storage: storage)
        // The refresh is held until all 32 calls wait for it in the authenticator's store. Held
        // only until they had reached the authenticator, a call the machine stalled before the
        // store came after the failure, began a renewal of its own and found no tokens (once in
        // 40 runs with a core kept busy).
        servers.holdRefreshes(until: servers.renewalWaits, reach: 32)

        let causes = await withTaskGroup(of: OAuthError.Code?.self) { group in
            for _ in 0..<32 {
                group.addTask {
                    do throws(EndpointError) {
                        _ = try await client.get(UserRepositories())
                        return "succeeded"
                    } catch {
                        guard case .authenticationFailed(let underlying as OAuthError, _) = error,
                            underlying.reason == .signInRequired
                        else {
                            return OAuthError.Code(rawValue: "\(error)")
                        }
                        return underlying.code ?? "no cause"
                    }
                }
            }
            return await group.reduce(into: [OAuthError.Code?]()) { $0.append($1) }
        }

        #expect(causes.count == 32 && causes.allSatisfy { $0 == .invalidGrant }, "causes: \(causes)")
        #expect(servers.refreshCount == 1)
        #expect(await transport.requests.isEmpty)
        #expect(try await storage.load() == nil)
    }

    @Test("Stored tokens that are still valid are used without asking the server")
    func usesStoredTokens() async throws {
        let servers = Servers()
        let clock = ManualClock()
        let storage = InMemoryOAuthTokenStorage(Self.tokens(1, expiresAt: clock.now.addingTimeInterval(3600)))
        let (client, _) = Self.clients(servers, clock: clock, storage: storage)

        _ = try await client.get(UserRepositories())

        #expect(servers.refreshCount == 0)
    }

    @Test("No stored tokens, or expired ones without a refresh token: signInRequired, and nothing is sent")
    func signInRequiredWithoutTokens() async throws {
        let clock = ManualClock()
        for stored in [nil, OAuthTokens(accessToken: AccessToken("a1", expiresAt: clock.now))] {
            let servers = Servers()
            let (client, transport) = Self.clients(servers, clock: clock, storage: InMemoryOAuthTokenStorage(stored))

            await #expect {
                _ = try await client.get(UserRepositories())
            } throws: { error in
                guard case .authenticationFailed(let underlying as OAuthError, _) = error as? EndpointError else {
                    return false
                }
                return underlying.reason == .signInRequired && underlying.code == nil
            }
            #expect(await transport.requests.isEmpty)
            #expect(servers.refreshCount == 0)
        }
    }

    @Test("A 401 that persists after one renewal is returned, not looped on")
    func persistent401() async throws {
        let servers = Servers()
        servers.rejectEverything()
        let clock = ManualClock()
        let storage = InMemoryOAuthTokenStorage(Self.tokens(1, expiresAt: clock.now.addingTimeInterval(3600)))
        let (client, transport) = Self.clients(servers, clock: clock, storage: storage)

        await #expect {
            _ = try await client.get(UserRepositories())
        } throws: { error in
            guard case .unacceptableStatus(let failure) = error as? EndpointError else { return false }
            return failure.statusCode == 401
        }
        #expect(servers.refreshCount == 1)
        #expect(await transport.requests.count == 2)
    }

    @Test("A storage that cannot save fails the renewal with its error, and the new tokens are not used")
    func failedSaveFailsRenewal() async throws {
        struct Full: Error {}
        struct FullStorage: OAuthTokenStorage {
            let tokens: OAuthTokens
            func load() async throws -> OAuthTokens? { tokens }
            func save(_ tokens: OAuthTokens) async throws { throw Full() }
            func remove() async throws {}
        }
        let servers = Servers()
        let clock = ManualClock()
        let (client, transport) = Self.clients(
            servers, clock: clock, storage: FullStorage(tokens: Self.tokens(1, expiresAt: clock.now)))

        await #expect {
            _ = try await client.get(UserRepositories())
        } throws: { error in
            guard case .authenticationFailed(let underlying, _) = error as? EndpointError else { return false }
            return underlying is Full
        }
        #expect(await transport.requests.isEmpty)
    }

    @Test("Client credentials: a token is fetched before the first call, and again once it expires")
    func clientCredentialsRenewal() async throws {
        let clock = ManualClock()
        let issued = Counter()
        let oauth = OAuthClient(
            clientID: "svc", authentication: .clientSecretBasic("s"), endpoints: OAuthEndpoints(token: "/token"),
            client: Client(baseURL: URL(string: "https://auth.example.com")!) {
                $0.transport = StubTransport { _ in
                    let json = #"{"access_token":"c\#(issued.next())","token_type":"Bearer","expires_in":600}"#
                    return HTTPResponse(statusCode: 200, body: Data(json.utf8))
                }
            }, clock: clock.clock)
        let transport = StubTransport(body: "[]")
        let client = Client.stubbed(
            transport, authenticator: OAuthAuthenticator.clientCredentials(oauth, renewalLeadTime: 30))

        _ = try await client.get(UserRepositories())
        clock.advance(by: 560)
        _ = try await client.get(UserRepositories())
        clock.advance(by: 20)
        _ = try await client.get(UserRepositories())

        #expect(
            (await transport.requests).map { $0.headers["Authorization"] } == ["Bearer c1", "Bearer c1", "Bearer c2"])
    }

    @Test("An access token with CR/LF is refused with a typed invalidCredentials, and nothing reaches the API")
    func accessTokenWithLineBreakIsRefused() async throws {
        let clock = ManualClock()
        let oauth = OAuthClient(
            clientID: "svc", authentication: .clientSecretBasic("s"), endpoints: OAuthEndpoints(token: "/token"),
            client: Client(baseURL: URL(string: "https://auth.example.com")!) {
                $0.transport = StubTransport { _ in
                    let json = #"{"access_token":"c1\r\nX-Injected: yes","token_type":"Bearer","expires_in":600}"#
                    return HTTPResponse(statusCode: 200, body: Data(json.utf8))
                }
            }, clock: clock.clock)
        let authenticator = OAuthAuthenticator.clientCredentials(oauth)
        let transport = StubTransport(body: "[]")

        await #expect {
            _ = try await Client.stubbed(transport, authenticator: authenticator).get(UserRepositories())
        } throws: { error in
            guard case .invalidRequest(.invalidCredentials(let reason), _) = error as? EndpointError else {
                return false
            }
            return reason == "the token contains whitespace or control characters"
        }
        #expect(await transport.requests.isEmpty)
        let erased: any Authenticator = authenticator
        #expect(erased is any SetsOnlyValidHeaders, "its requests take the fast path")
    }

    @Test("The cURL command of a token request hides every OAuth secret in the form body")
    func curlRedactsFormSecrets() throws {
        var request = URLRequest(url: URL(string: "https://auth.example.com/token")!)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(
            "grant_type=authorization_code&code=C0DE&code_verifier=V3R&client_id=app&client_secret=S3C&refresh_token=R3F&device_code=D3V&scope=read"
                .utf8)

        let command = CURLCommand(request).description

        #expect(
            command.hasSuffix(
                "--data-binary 'grant_type=authorization_code&code=<redacted>&code_verifier=<redacted>&client_id=app&client_secret=<redacted>&refresh_token=<redacted>&device_code=<redacted>&scope=read'"
            ))
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"code":"kept"}"#.utf8)
        #expect(CURLCommand(request).description.contains("kept"), "only a form's fields are redacted")
    }

    @Test("A file storage writes owner-only JSON atomically, reads it back, and removes it")
    func fileStorage() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tokens-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let storage = FileOAuthTokenStorage(url: directory.appendingPathComponent("tokens.json"))
        let tokens = OAuthTokens(
            accessToken: AccessToken("a", expiresAt: Date(timeIntervalSince1970: 1_800_000_000)), refreshToken: "r",
            scope: "x")

        #expect(try await storage.load() == nil)
        try await storage.save(tokens)
        try await storage.save(tokens)
        #expect(try await storage.load() == tokens)
        let attributes = try FileManager.default.attributesOfItem(atPath: storage.url.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["tokens.json"])
        try await storage.remove()
        try await storage.remove()
        #expect(try await storage.load() == nil)

        try Data("{".utf8).write(to: storage.url)
        await #expect(throws: DecodingError.self) { _ = try await storage.load() }
    }
}
