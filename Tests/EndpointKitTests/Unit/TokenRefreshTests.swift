import EndpointKit
import EndpointKitTesting
import Foundation
import TestGates
import Testing

@Suite("Renewing an expired token")
struct TokenRefreshTests {
    /// A server whose valid token is the one `issue()` handed out last; anything else is a 401.
    final class TokenServer: @unchecked Sendable {
        // `@unchecked`: all state is only touched while holding `lock`.
        private let lock = NSLock()
        private var generation = 0
        private var issued = 0

        var refreshes: Int {
            lock.lock()
            defer { lock.unlock() }
            return issued
        }

        func issue() -> String {
            lock.lock()
            defer { lock.unlock() }
            generation += 1
            issued += 1
            return "token-\(generation)"
        }

        func respond(to request: URLRequest) -> HTTPResponse {
            lock.lock()
            let valid =
                generation > 0 && request.value(forHTTPHeaderField: "Authorization") == "Bearer token-\(generation)"
            lock.unlock()
            return HTTPResponse(statusCode: valid ? 200 : 401, body: Data("[]".utf8), url: request.url)
        }
    }

    /// Makes `count` calls at once and returns the errors of those that failed, each counted in
    /// `failures` as it fails.
    private static func errors(
        ofConcurrentCalls count: Int, to client: Client, countingIn failures: ArrivalCounter = ArrivalCounter()
    ) async -> [EndpointError] {
        await withTaskGroup(of: EndpointError?.self) { group in
            for _ in 0..<count {
                group.addTask {
                    do throws(EndpointError) {
                        _ = try await client.get(UserRepositories())
                        return nil
                    } catch {
                        failures.arrive()
                        return error
                    }
                }
            }
            return await group.compactMap { $0 }.reduce(into: []) { $0.append($1) }
        }
    }

    @Test("100 concurrent requests with an expired token cause exactly one refresh and 100 successes")
    func refreshesOnceUnderLoad() async throws {
        let server = TokenServer()
        // All 100 requests go out with the expired token before the first 401, and the renewal
        // holds until all 100 calls have asked for it: they pile up on it.
        let renewalRequests = ArrivalCounter()
        let authenticator = CountingAuthenticator(
            RefreshingTokenAuthenticator(token: "expired") {
                await renewalRequests.waitForArrivals(count: 100)
                return server.issue()
            }, renewals: renewalRequests)
        let client = Client.stubbed(
            .answering(afterBurstOf: 100) { server.respond(to: $0) }, authenticator: authenticator)
        let successes = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<100 {
                group.addTask { (try? await client.get(UserRepositories())) != nil }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(successes == 100)
        #expect(server.refreshes == 1)
        #expect(renewalRequests.count == 100, "each call had a 401 and asked for the renewal")
    }

    @Test("Without a token, one is fetched before the first request")
    func fetchesInitialToken() async throws {
        let server = TokenServer()
        let transport = StubTransport { server.respond(to: $0) }
        let client = Client.stubbed(transport, authenticator: RefreshingTokenAuthenticator { server.issue() })
        _ = try await client.get(UserRepositories())
        #expect(server.refreshes == 1)
        #expect(await transport.sentRequests.count == 1)
    }

    @Test("A failed refresh fails every waiting call with authenticationFailed, and the next call tries again")
    func failedRefreshFailsAll() async throws {
        struct RefreshDenied: Error {}
        let attempts = CallCounter()
        // All 20 requests go out with the expired token before the first 401, and the renewal
        // fails only once all 20 calls have asked for it: they all wait for it.
        let renewalRequests = ArrivalCounter()
        let authenticator = CountingAuthenticator(
            RefreshingTokenAuthenticator(token: "expired") {
                attempts.increment()
                await renewalRequests.waitForArrivals(count: 20)
                throw RefreshDenied()
            }, renewals: renewalRequests)
        let client = Client.stubbed(
            .answering(afterBurstOf: 20) { HTTPResponse(statusCode: 401, url: $0.url) }, authenticator: authenticator)
        let errors = await Self.errors(ofConcurrentCalls: 20, to: client)
        #expect(errors.count == 20)
        for error in errors {
            guard case .authenticationFailed(let underlying, _) = error else { throw TestFailure("\(error)") }
            #expect(underlying is RefreshDenied)
        }
        #expect(attempts.count == 1)
        await #expect(throws: EndpointError.self) { try await client.get(UserRepositories()) }
        #expect(attempts.count == 2)
    }

    @Test("A failed refresh fails a whole burst of 50 calls, also those whose 401 arrives after it failed")
    func failedRefreshFailsLateArrivals() async throws {
        struct RefreshDenied: Error {}
        let attempts = CallCounter()
        let authenticator = RefreshingTokenAuthenticator(token: "expired") {
            attempts.increment()
            throw RefreshDenied()
        }
        // No 401 is answered before every call has been sent (a call that starts after the
        // renewal failed would fail without being sent). Then the first call's 401 is answered:
        // its renewal fails, and so does the call. Only then are the other 49 answered: each 401
        // arrives after the renewal has failed.
        let sent = ArrivalCounter()
        let failedCalls = ArrivalCounter()
        let transport = StubTransport { request in
            let position = sent.arrive()
            await sent.waitForArrivals(count: 50)
            if position > 1 { await failedCalls.waitForArrivals(count: 1) }
            return HTTPResponse(statusCode: 401, url: request.url)
        }
        let client = Client.stubbed(transport, authenticator: authenticator)
        let errors = await Self.errors(ofConcurrentCalls: 50, to: client, countingIn: failedCalls)
        #expect(errors.count == 50)
        for error in errors {
            guard case .authenticationFailed(let underlying, _) = error else { throw TestFailure("\(error)") }
            #expect(underlying is RefreshDenied)
        }
        #expect(attempts.count == 1)
        #expect(await transport.sentRequests.count == 50)  // none sent again
    }

    @Test("A 401 to a request sent with the old token after a refresh retries without refreshing again")
    func staleRequestDoesNotRefreshTwice() async throws {
        let server = TokenServer()
        let authenticator = RefreshingTokenAuthenticator(token: "expired") { server.issue() }
        let client = Client.stubbed(StubTransport { server.respond(to: $0) }, authenticator: authenticator)
        _ = try await client.get(UserRepositories())
        #expect(server.refreshes == 1)
        var stale = URLRequest(url: URL(string: "https://api.example.com/user/repos")!)
        stale.setValue("Bearer expired", forHTTPHeaderField: "Authorization")
        let renewed = try await authenticator.renewCredential(
            after: HTTPResponse(statusCode: 401), sentWith: stale)
        #expect(renewed)
        #expect(server.refreshes == 1)
    }

    @Test("A 401 that persists after one refresh is returned, not looped on")
    func refreshesOncePerCall() async throws {
        let refreshes = CallCounter()
        let authenticator = RefreshingTokenAuthenticator(token: "a") {
            refreshes.increment()
            return "b-\(refreshes.count)"
        }
        let transport = StubTransport { HTTPResponse(statusCode: 401, url: $0.url) }
        do {
            _ = try await Client.stubbed(transport, authenticator: authenticator).get(UserRepositories())
        } catch {
            guard case .unacceptableStatus(let response) = error else { throw TestFailure("\(error)") }
            #expect(response.statusCode == 401)
        }
        #expect(refreshes.count == 1)
        #expect(await transport.sentRequests.count == 2)
    }

    @Test("Statuses other than 401 do not refresh")
    func ignoresOtherStatuses() async throws {
        let refreshes = CallCounter()
        let authenticator = RefreshingTokenAuthenticator(token: "a") {
            refreshes.increment()
            return "b"
        }
        let transport = StubTransport { HTTPResponse(statusCode: 403, url: $0.url) }
        await #expect(throws: EndpointError.self) {
            try await Client.stubbed(transport, authenticator: authenticator).get(UserRepositories())
        }
        #expect(refreshes.count == 0)
    }

    /// An authenticator written against 0.3.0: it implements the renewal under its old name.
    struct RefreshNamedAuthenticator: Authenticator {
        let renewals = CallCounter()
        func authenticate(_ request: inout URLRequest) async throws {
            request.setValue("session-\(renewals.count)", forHTTPHeaderField: "X-Session")
        }
        func refreshCredential(after response: HTTPResponse, sentWith request: URLRequest) async throws -> Bool {
            renewals.increment()
            return response.statusCode == 401
        }
    }

    /// An authenticator written now: it implements the renewal under its new name.
    struct RenewNamedAuthenticator: Authenticator {
        let renewals = CallCounter()
        func authenticate(_ request: inout URLRequest) async throws {
            request.setValue("session-\(renewals.count)", forHTTPHeaderField: "X-Session")
        }
        func renewCredential(after response: HTTPResponse, sentWith request: URLRequest) async throws -> Bool {
            renewals.increment()
            return response.statusCode == 401
        }
    }

    /// A server that accepts only the session of one renewal.
    private static func sessionTransport() -> StubTransport {
        StubTransport { request in
            let valid = request.value(forHTTPHeaderField: "X-Session") == "session-1"
            return HTTPResponse(statusCode: valid ? 200 : 401, body: Data("[]".utf8), url: request.url)
        }
    }

    @Test("An authenticator that implements refreshCredential, 0.3.0's name, is still asked to renew after a 401")
    func oldNameIsStillCalled() async throws {
        let authenticator = RefreshNamedAuthenticator()
        let transport = Self.sessionTransport()

        _ = try await Client.stubbed(transport, authenticator: authenticator).get(UserRepositories())

        #expect(authenticator.renewals.count == 1)
        #expect(await transport.requests.map { $0.headers["X-Session"] } == ["session-0", "session-1"])
    }

    @Test("An authenticator that implements renewCredential is asked to renew after a 401")
    func newNameIsCalled() async throws {
        let authenticator = RenewNamedAuthenticator()
        let transport = Self.sessionTransport()

        _ = try await Client.stubbed(transport, authenticator: authenticator).get(UserRepositories())

        #expect(authenticator.renewals.count == 1)
        #expect(await transport.requests.map { $0.headers["X-Session"] } == ["session-0", "session-1"])
    }

    @Test("An authenticator that implements neither name never renews: a 401 is final, sent once")
    func neitherNameNeverRenews() async throws {
        let transport = Self.sessionTransport()
        let authenticator = ClosureAuthenticator { $0.setValue("session-0", forHTTPHeaderField: "X-Session") }

        await #expect {
            _ = try await Client.stubbed(transport, authenticator: authenticator).get(UserRepositories())
        } throws: { error in
            guard case .unacceptableStatus(let failure) = error as? EndpointError else { return false }
            return failure.statusCode == 401
        }
        #expect(await transport.requests.count == 1)
        #expect(
            try await !authenticator.renewCredential(
                after: HTTPResponse(statusCode: 401), sentWith: URLRequest(url: URL(string: "https://api.example.com")!)
            ))
    }
}
