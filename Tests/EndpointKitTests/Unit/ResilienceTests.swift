import EndpointKit
import EndpointKitTesting
import Foundation
import Testing

@Suite("Retries, deadlines and cancellation through the client")
struct ResilienceTests {
    /// A fast policy for tests: 1 ms backoff.
    let quickRetries = RetryPolicy(maximumAttempts: 3, initialDelay: 0.001, jitter: 0)

    @Test("A GET that fails with 503 twice succeeds on the third attempt")
    func retriesUntilSuccess() async throws {
        let transport = StubTransport.answering([503, 503])
        let repos = try await Client.stubbed(transport, retryPolicy: quickRetries).get(UserRepositories())
        #expect(repos.isEmpty)
        #expect(await transport.sentRequests.count == 3)
    }

    @Test("When every attempt fails, the last error is thrown after the maximum attempts")
    func givesUpAfterMaximumAttempts() async throws {
        let transport = StubTransport.answering([503, 502, 500, 500])
        do {
            _ = try await Client.stubbed(transport, retryPolicy: quickRetries).get(UserRepositories())
            Issue.record("expected an error")
        } catch {
            guard case .unacceptableStatus(let response) = error else { throw TestFailure("\(error)") }
            #expect(response.statusCode == 500)
        }
        #expect(await transport.sentRequests.count == 3)
    }

    @Test("A POST is not retried by default")
    func doesNotRetryPOST() async throws {
        let transport = StubTransport.answering([503])
        await #expect(throws: EndpointError.self) {
            try await Client.stubbed(transport, retryPolicy: quickRetries).post(PostBody(body: .json(["a": 1])))
        }
        #expect(await transport.sentRequests.count == 1)
    }

    @Test("An endpoint's retry policy overrides the client's, and the body is sent again each time")
    func endpointPolicyWins() async throws {
        struct IdempotentPost: POST {
            typealias ResponseType = NoContent
            let path = "/things"
            var body: RequestBody { .json(["key": "idempotency-1"]) }
            var options: CallOptions {
                CallOptions(
                    retryPolicy: RetryPolicy(maximumAttempts: 2, initialDelay: 0.001, retryableMethods: [.post]))
            }
        }
        let transport = StubTransport.answering([503])
        _ = try await Client.stubbed(transport).post(IdempotentPost())
        let bodies = await transport.sentRequests.map(\.bodyText)
        #expect(bodies == [#"{"key":"idempotency-1"}"#, #"{"key":"idempotency-1"}"#])
    }

    @Test("Every attempt goes through the authenticator again")
    func authenticatesEachAttempt() async throws {
        let counter = CallCounter()
        let authenticator = ClosureAuthenticator { request in
            counter.increment()
            request.setValue("attempt-\(counter.count)", forHTTPHeaderField: "X-Attempt")
        }
        let transport = StubTransport.answering([503, 429])
        _ = try await Client.stubbed(transport, authenticator: authenticator, retryPolicy: quickRetries).get(
            UserRepositories())
        let sent = await transport.sentRequests.map { $0.value(forHTTPHeaderField: "X-Attempt") }
        #expect(sent == ["attempt-1", "attempt-2", "attempt-3"])
    }

    @Test("Transport failures such as a lost connection are retried")
    func retriesTransportFailures() async throws {
        let counter = CallCounter()
        let transport = StubTransport { request in
            counter.increment()
            if counter.count == 1 { throw URLError(.networkConnectionLost) }
            return HTTPResponse(statusCode: 200, body: Data("[]".utf8), url: request.url)
        }
        _ = try await Client.stubbed(transport, retryPolicy: quickRetries).get(UserRepositories())
        #expect(counter.count == 2)
    }

    @Test("Retry-After is waited for before the next attempt")
    func waitsForRetryAfter() async throws {
        let transport = StubTransport.answering([429], headers: ["Retry-After": "1"])
        let start = Date()
        _ = try await Client.stubbed(transport, retryPolicy: quickRetries).get(UserRepositories())
        #expect(Date().timeIntervalSince(start) >= 0.9)
        #expect(await transport.sentRequests.count == 2)
    }

    @Test("Cancelling during the backoff ends the call at once with .cancelled")
    func cancelsDuringBackoff() async throws {
        let transport = StubTransport.answering([503, 503])
        let slowRetries = RetryPolicy(maximumAttempts: 3, initialDelay: 30, jitter: 0)
        let client = Client.stubbed(transport, retryPolicy: slowRetries)
        let call = Task { try await client.get(UserRepositories()) }
        try await Task.sleep(nanoseconds: 100_000_000)
        let start = Date()
        call.cancel()
        let result = await call.result
        #expect(Date().timeIntervalSince(start) < 30)  // before the 30 s backoff ended: it did not wait for it
        guard case .failure(let error as EndpointError) = result, case .cancelled = error else {
            throw TestFailure("expected .cancelled, got \(result)")
        }
        #expect(await transport.sentRequests.count == 1)
    }

    @Test("A call past its total deadline throws .timedOut, retries included")
    func enforcesDeadline() async throws {
        let replies = CallCounter()
        let transport = StubTransport { request in
            try await Task.sleep(nanoseconds: 10_000_000_000)
            replies.increment()
            return HTTPResponse(statusCode: 200, body: Data("[]".utf8), url: request.url)
        }
        let client = Client.stubbed(transport, timeouts: Timeouts(idle: 5, total: 0.2))
        do {
            _ = try await client.get(UserRepositories())
            Issue.record("expected a timeout")
        } catch {
            guard case .timedOut(after: 0.2, _) = error else { throw TestFailure("\(error)") }
            #expect(error.isTimeout)
            #expect(error.description.contains("deadline of 0.2 s"))
        }
        // The deadline came first: the transport, which answers after 10 s, never got to answer.
        // (Not a wall-clock bound: under load the call may end seconds after its deadline.)
        #expect(replies.count == 0)
    }

    @Test("An endpoint's timeouts override the client's; the idle timeout goes on the request")
    func appliesEndpointTimeouts() async throws {
        struct Slow: GET {
            typealias ResponseType = NoContent
            let path = "/slow"
            var options: CallOptions { CallOptions(timeouts: Timeouts(idle: 7, total: 1)) }
        }
        let client = Client.stubbed(StubTransport(body: ""), timeouts: Timeouts(idle: 3))
        #expect(try await client.request(for: Slow()).timeoutInterval == 7)
        #expect(try await client.request(for: UserRepositories()).timeoutInterval == 3)
        #expect(try await client.get(Slow()) == NoContent())
    }

    @Test("A call that finishes before its deadline returns normally")
    func finishesWithinDeadline() async throws {
        let client = Client.stubbed(StubTransport(body: "[]"), timeouts: Timeouts(total: 5))
        #expect(try await client.get(UserRepositories()).isEmpty)
    }
}
