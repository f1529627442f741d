import EndpointKit
import Foundation
import Testing

@Suite("Retry policy decisions")
struct RetryPolicyTests {
    private let policy = RetryPolicy(
        maximumAttempts: 4, initialDelay: 1, multiplier: 2, maximumDelay: 5, jitter: 0.5, budget: 60)

    private func status(_ code: Int, headers: HTTPHeaders = [:]) -> EndpointError {
        .unacceptableStatus(StatusFailure(method: .get, response: HTTPResponse(statusCode: code, headers: headers)))
    }

    private func transport(_ code: URLError.Code) -> EndpointError {
        .transportFailed(TransportFailure(method: .get, url: nil, underlying: URLError(code)))
    }

    @Test("Backoff doubles up to the maximum, and jitter only shortens it")
    func backsOffExponentially() {
        let delays = (1...3).map { policy.delay(after: status(503), attempt: $0, method: .get, elapsed: 0, random: 0) }
        #expect(delays == [1, 2, 4])
        let capped = RetryPolicy(maximumAttempts: 10, initialDelay: 1, maximumDelay: 5, jitter: 0)
        #expect(capped.delay(after: status(503), attempt: 6, method: .get, elapsed: 0) == 5)
        #expect(policy.delay(after: status(503), attempt: 2, method: .get, elapsed: 0, random: 0.999)! > 1)
        #expect(policy.delay(after: status(503), attempt: 2, method: .get, elapsed: 0, random: 0.5) == 1.5)
    }

    @Test("Only the configured statuses are retried", arguments: [408, 429, 500, 502, 503, 504])
    func retriesTransientStatuses(code: Int) {
        #expect(policy.delay(after: status(code), attempt: 1, method: .get, elapsed: 0) != nil)
    }

    @Test("Client errors and other statuses are final", arguments: [400, 401, 403, 404, 409, 422, 501, 505])
    func doesNotRetryOtherStatuses(code: Int) {
        #expect(policy.delay(after: status(code), attempt: 1, method: .get, elapsed: 0) == nil)
    }

    @Test("Only idempotent methods are retried by default")
    func retriesIdempotentMethods() {
        for method: HTTPMethod in [.get, .head, .put, .delete, .options] {
            #expect(policy.delay(after: status(503), attempt: 1, method: method, elapsed: 0) != nil)
        }
        for method: HTTPMethod in [.post, .patch] {
            #expect(policy.delay(after: status(503), attempt: 1, method: method, elapsed: 0) == nil)
        }
    }

    @Test("Connection failures and idle timeouts are retried; other transport errors are not")
    func retriesConnectionFailures() {
        for code: URLError.Code in [.timedOut, .cannotConnectToHost, .networkConnectionLost, .notConnectedToInternet] {
            #expect(policy.delay(after: transport(code), attempt: 1, method: .get, elapsed: 0) != nil)
        }
        for code: URLError.Code in [.badURL, .unsupportedURL, .httpTooManyRedirects] {
            #expect(policy.delay(after: transport(code), attempt: 1, method: .get, elapsed: 0) == nil)
        }
    }

    @Test("Cancellation, deadlines, decoding and invalid requests are never retried")
    func neverRetriesOtherFailures() {
        for error: EndpointError in [.cancelled, .timedOut(after: 1), .invalidRequest(.invalidURL("x"))] {
            #expect(policy.delay(after: error, attempt: 1, method: .get, elapsed: 0) == nil)
        }
    }

    @Test("The number of attempts is capped")
    func capsAttempts() {
        #expect(policy.delay(after: status(503), attempt: 3, method: .get, elapsed: 0) != nil)
        #expect(policy.delay(after: status(503), attempt: 4, method: .get, elapsed: 0) == nil)
        #expect(RetryPolicy.never.delay(after: status(503), attempt: 1, method: .get, elapsed: 0) == nil)
    }

    @Test("Retry-After in seconds and as an HTTP date is honoured, even beyond the maximum backoff")
    func honoursRetryAfter() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(
            policy.delay(
                after: status(429, headers: ["Retry-After": "12"]), attempt: 1, method: .get, elapsed: 0, now: now)
                == 12)
        let date = "Tue, 14 Nov 2023 22:13:50 GMT"  // now + 30 s
        #expect(
            policy.delay(
                after: status(503, headers: ["Retry-After": date]), attempt: 1, method: .get, elapsed: 0, now: now)
                == 30)
        #expect(
            policy.delay(
                after: status(503, headers: ["Retry-After": "soon"]), attempt: 1, method: .get, elapsed: 0, random: 0)
                == 1)
    }

    @Test("A retry that would end past the budget is not made")
    func respectsBudget() {
        #expect(
            policy.delay(after: status(429, headers: ["Retry-After": "120"]), attempt: 1, method: .get, elapsed: 0)
                == nil)
        #expect(policy.delay(after: status(503), attempt: 1, method: .get, elapsed: 59.5, random: 0) == nil)
        #expect(policy.delay(after: status(503), attempt: 1, method: .get, elapsed: 60) == nil)
    }

    @Test(
        "Retry-After values parse in every form RFC 9110 allows",
        arguments: [
            ("0", 0.0), ("120", 120), (" 5 ", 5), ("Tue, 14 Nov 2023 22:14:20 GMT", 60),
            ("Tuesday, 14-Nov-23 22:14:20 GMT", 60), ("Tue Nov 14 22:14:20 2023", 60),
            ("Tue, 14 Nov 2023 22:00:00 GMT", 0),
        ])
    func parsesRetryAfter(value: String, seconds: Double) {
        #expect(RetryAfter(value, now: Date(timeIntervalSince1970: 1_700_000_000))?.delay == seconds)
    }

    @Test("Malformed Retry-After values are ignored", arguments: ["", "-1", "1.5", "soon", "٣", "Tue, 99 Nov 2023"])
    func ignoresBadRetryAfter(value: String) {
        #expect(RetryAfter(value) == nil)
    }
}
