import EndpointKit
import EndpointKitTesting
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The calls that the logging, metrics and tracing suites observe, over an in-memory transport:
/// each makes one case of the pipeline happen (retries, a renewal, a `304`, failures).
enum ObservedScenario {
    /// A client for `https://api.example.com` over `transport` with `observers`, retrying up to
    /// three attempts without a noticeable wait.
    static func client(
        _ transport: StubTransport, observers: [any CallObserver],
        authenticator: some Authenticator = NoAuthenticator(), cache: (any ResponseCache)? = nil
    ) -> Client {
        Client(baseURL: URL(string: "https://api.example.com")!, authenticator: authenticator) {
            $0.transport = transport
            $0.observers = observers
            $0.cache = cache
            $0.retryPolicy = RetryPolicy(maximumAttempts: 3, initialDelay: 0.001, maximumDelay: 0.001, jitter: 0)
            // The retry budget counts on a clock the test owns: a starved machine cannot use it up.
            $0.clock = ManualClock().clock
        }
    }

    /// A transport that answers `401` until the request carries `Bearer fresh`, and an
    /// authenticator that starts with an expired token and renews it to `fresh`.
    static func renewal() -> (StubTransport, RefreshingTokenAuthenticator) {
        let transport = StubTransport { request in
            let valid = request.value(forHTTPHeaderField: "Authorization") == "Bearer fresh"
            return HTTPResponse(statusCode: valid ? 200 : 401, body: Data("[]".utf8), url: request.url)
        }
        return (transport, RefreshingTokenAuthenticator(token: "expired") { "fresh" })
    }

    /// A transport that answers the first request `429` with `Retry-After: 5`, and every other
    /// `200` with `[]`: the client's pacer pauses the host, so the retry (attempt 2) waits the
    /// 5 s, reason `paused`, before it is sent. The scenario's manual clock lets the wait return
    /// at once, moving the time by its 5 s.
    static func rateLimitPause() -> StubTransport {
        let counter = CallCounter()
        return StubTransport { request in
            counter.increment()
            let refused = counter.count == 1
            return HTTPResponse(
                statusCode: refused ? 429 : 200, headers: refused ? ["Retry-After": "5"] : [:],
                body: Data((refused ? "" : "[]").utf8), url: request.url)
        }
    }

    /// A transport whose every answer, a `200` with `[]`, says that the IETF policy `hourly` has
    /// no request left until its reset in 10 s: the call after the first waits the 10 s for it,
    /// reason `budget-spent`, limit `hourly`.
    static func spentBudget() -> StubTransport {
        StubTransport { request in
            let spent: HTTPHeaders = ["RateLimit-Policy": #""hourly";q=5;w=10"#, "RateLimit": #""hourly";r=0;t=10"#]
            return HTTPResponse(statusCode: 200, headers: spent, body: Data("[]".utf8), url: request.url)
        }
    }

    /// A transport that answers `304` to a request that carries the `ETag` it gave, `"v1"`.
    static func revalidation() -> StubTransport {
        StubTransport { request in
            let stored = request.value(forHTTPHeaderField: "If-None-Match") == "\"v1\""
            return HTTPResponse(
                statusCode: stored ? 304 : 200, headers: ["ETag": "\"v1\""], body: Data(stored ? [] : Array("[]".utf8)),
                url: request.url)
        }
    }
}

/// Holds a transport's answer until the test opens it: the test can look at a call while it is
/// under way.
actor AsyncGate {
    private var arrived = false
    private var isOpen = false
    private var arrivalWaiters: [CheckedContinuation<Void, Never>] = []
    private var openWaiters: [CheckedContinuation<Void, Never>] = []

    /// Marks the arrival, then waits until the gate opens.
    func arriveAndWait() async {
        arrived = true
        for waiter in arrivalWaiters { waiter.resume() }
        arrivalWaiters.removeAll()
        guard !isOpen else { return }
        await withCheckedContinuation { openWaiters.append($0) }
    }

    /// Waits until something arrived at the gate.
    func waitForArrival() async {
        guard !arrived else { return }
        await withCheckedContinuation { arrivalWaiters.append($0) }
    }

    /// Lets everything waiting, and everything to come, through.
    func open() {
        isOpen = true
        for waiter in openWaiters { waiter.resume() }
        openWaiters.removeAll()
    }
}
