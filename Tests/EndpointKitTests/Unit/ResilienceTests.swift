import EndpointKit
import EndpointKitTesting
import Foundation
import Testing

@Suite("Retries, deadlines and cancellation through the client")
struct ResilienceTests {
    /// A policy with a 1 ms backoff, doubled each time.
    let quickRetries = RetryPolicy(maximumAttempts: 3, initialDelay: 0.001, jitter: 0)
    /// The clients' clock: no test waits for a backoff or a deadline.
    let time = ManualClock()

    @Test("A GET that fails with 503 twice succeeds on the third attempt")
    func retriesUntilSuccess() async throws {
        let transport = StubTransport.answering([503, 503])
        let repos = try await Client.stubbed(transport, retryPolicy: quickRetries, clock: time.clock).get(
            UserRepositories())
        #expect(repos.isEmpty)
        #expect(await transport.sentRequests.count == 3)
        #expect(time.sleeps == [0.001, 0.002])  // the backoff, waited on the client's clock
    }

    @Test("When every attempt fails, the last error is thrown after the maximum attempts")
    func givesUpAfterMaximumAttempts() async throws {
        let transport = StubTransport.answering([503, 502, 500, 500])
        do {
            _ = try await Client.stubbed(transport, retryPolicy: quickRetries, clock: time.clock).get(
                UserRepositories())
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
            try await Client.stubbed(transport, retryPolicy: quickRetries, clock: time.clock).post(
                PostBody(body: .json(["a": 1])))
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
        _ = try await Client.stubbed(transport, clock: time.clock).post(IdempotentPost())
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
        _ = try await Client.stubbed(
            transport, authenticator: authenticator, retryPolicy: quickRetries, clock: time.clock
        ).get(UserRepositories())
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
        _ = try await Client.stubbed(transport, retryPolicy: quickRetries, clock: time.clock).get(UserRepositories())
        #expect(counter.count == 2)
    }

    @Test("Retry-After is waited for before the next attempt")
    func waitsForRetryAfter() async throws {
        let transport = StubTransport.answering([429], headers: ["Retry-After": "1"])
        _ = try await Client.stubbed(transport, retryPolicy: quickRetries, clock: time.clock).get(UserRepositories())
        #expect(time.sleeps == [1])  // not the 1 ms backoff
        #expect(await transport.sentRequests.count == 2)
    }

    @Test("Cancelling during the backoff ends the call at once with .cancelled")
    func cancelsDuringBackoff() async throws {
        let transport = StubTransport.answering([503, 503])
        let slowRetries = RetryPolicy(maximumAttempts: 3, initialDelay: 30, jitter: 0)
        let time = ManualClock(waitsForAdvance: true)
        let client = Client.stubbed(transport, retryPolicy: slowRetries, clock: time.clock)
        let call = Task { try await client.get(UserRepositories()) }
        await time.waitForSleeps(count: 1)
        #expect(time.heldSleeps == [30])  // the call is in its backoff
        call.cancel()
        let result = await call.result  // the clock never moved: the 30 s did not pass
        #expect(time.heldSleeps.isEmpty)
        guard case .failure(let error as EndpointError) = result, case .cancelled = error else {
            throw TestFailure("expected .cancelled, got \(result)")
        }
        #expect(await transport.sentRequests.count == 1)
    }

    @Test("A call past its total deadline throws .timedOut, retries included")
    func enforcesDeadline() async throws {
        let replies = CallCounter()
        let time = ManualClock(waitsForAdvance: true)
        let transport = StubTransport { request in
            try await Task.sleep(nanoseconds: .max)  // answers only when cancelled
            replies.increment()
            return HTTPResponse(statusCode: 200, body: Data("[]".utf8), url: request.url)
        }
        let client = Client.stubbed(transport, timeouts: Timeouts(idle: 5, total: 0.2), clock: time.clock)
        let call = Task { try await client.get(UserRepositories()) }
        await time.waitForSleeps(count: 1)
        #expect(time.heldSleeps == [0.2])  // the deadline's timer, on the client's clock
        time.advance(by: 0.2)
        do {
            _ = try await call.value
            Issue.record("expected a timeout")
        } catch let error as EndpointError {
            guard case .timedOut(after: 0.2, _) = error else { throw TestFailure("\(error)") }
            #expect(error.isTimeout)
            #expect(error.description.contains("deadline of 0.2 s"))
        }
        // The deadline came first: the transport, which answers only when cancelled, never answered.
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
        let time = ManualClock(waitsForAdvance: true)
        let client = Client.stubbed(StubTransport(body: "[]"), timeouts: Timeouts(total: 5), clock: time.clock)
        #expect(try await client.get(UserRepositories()).isEmpty)
        #expect(time.now == ManualClock().now)  // no time passed on the clock
    }

    @Test("Retries and the deadline share the client's clock: the deadline ends the backoff it falls in")
    func deadlineEndsABackoff() async throws {
        let time = ManualClock(waitsForAdvance: true)
        let transport = StubTransport.answering([503, 503, 503])
        let client = Client.stubbed(
            transport, retryPolicy: RetryPolicy(maximumAttempts: 5, initialDelay: 10, jitter: 0),
            timeouts: Timeouts(total: 15), clock: time.clock)
        let call = Task { try await client.get(UserRepositories()) }
        await time.waitForSleeps(count: 2)  // the deadline's timer and the first backoff
        #expect(time.heldSleeps.sorted() == [10, 15])
        time.advance(by: 10)  // the first backoff ends: a second attempt, then a 20 s backoff
        await time.waitForSleeps(count: 3)
        #expect(time.heldSleeps.sorted() == [15, 20])
        time.advance(by: 5)  // the deadline passes during the second backoff
        let result = await call.result
        guard case .failure(let error as EndpointError) = result, case .timedOut(after: 15, _) = error else {
            throw TestFailure("expected .timedOut(after: 15), got \(result)")
        }
        #expect(await transport.sentRequests.count == 2)
    }
}
