#if AsyncHTTPClient
    import AsyncHTTPClient
    import EndpointKit
    import EndpointKitAsyncHTTPClient
    import Foundation
    import NIOConcurrencyHelpers
    import Testing

    @Suite("Size limit, timeouts, cancellation and failures of AsyncHTTPClientTransport", .requiresHTTPBin)
    struct LimitsIntegrationTests {
        @Test("A body up to the limit is returned whole, with or without Content-Length")
        func bodyUpToTheLimit() async throws {
            try await HTTPBin.withHTTPClient { httpClient in
                let client = Client(baseURL: HTTPBin.url!) {
                    $0.transport = AsyncHTTPClientTransport(client: httpClient, maximumResponseSize: 10_000)
                }

                let announced = try await client.get(RandomBytes(count: 10_000))
                let streamed = try await client.get(StreamedBytes(count: 10_000))

                #expect(announced.count == 10_000)
                #expect(streamed.count == 10_000)
            }
        }

        @Test(
            "A body over the limit fails with ResponseTooLargeError, whether Content-Length announces it or not",
            arguments: [false, true])
        func bodyOverTheLimit(streamed: Bool) async throws {
            try await HTTPBin.withHTTPClient { httpClient in
                let client = Client(baseURL: HTTPBin.url!) {
                    $0.retryPolicy = .never
                    $0.transport = AsyncHTTPClientTransport(client: httpClient, maximumResponseSize: 10_000)
                }

                let result = await HTTPBin.result { () async throws(EndpointError) in
                    streamed
                        ? try await client.get(StreamedBytes(count: 10_001))
                        : try await client.get(RandomBytes(count: 10_001))
                }

                #expect(
                    HTTPBin.transportError(of: result) as? ResponseTooLargeError == ResponseTooLargeError(limit: 10_000)
                )
                // The transport stays usable after the transfer was cut short.
                let next = try await client.get(RandomBytes(count: 10))
                #expect(next.count == 10)
            }
        }

        @Test("A HEAD whose Content-Length is over the limit succeeds: it has no body")
        func headIsNotLimited() async throws {
            try await HTTPBin.withHTTPClient { httpClient in
                let transport = AsyncHTTPClientTransport(client: httpClient, maximumResponseSize: 100)
                var request = URLRequest(url: URL(string: HTTPBin.urlString("/bytes/5000"))!)
                request.httpMethod = "HEAD"

                let response = try await transport.send(request)

                #expect(response.statusCode == 200)
                #expect(response.headers["Content-Length"] == "5000")
                #expect(response.body.isEmpty)
            }
        }

        @Test("Cancelling the task stops a slow call with EndpointError.cancelled well before the server answers")
        func cancellation() async throws {
            try await HTTPBin.withHTTPClient { httpClient in
                let client = Client(baseURL: HTTPBin.url!) {
                    $0.transport = AsyncHTTPClientTransport(client: httpClient)
                }
                let start = ProcessInfo.processInfo.systemUptime

                let result = try await HTTPBin.resultCancelledSoon { () async throws(EndpointError) in
                    try await client.get(Delay(seconds: 10))
                }

                guard case .failure(.cancelled) = result else {
                    Issue.record("expected .cancelled, got \(result)")
                    return
                }
                // Before the server's answer (a bound load cannot break: `.cancelled` alone shows the call
                // did not finish, and under load it ends seconds after the cancel).
                #expect(HTTPBin.seconds(since: start) < 10)
                // The client and its HTTPClient are still usable.
                let next = try await client.get(GetEcho(query: ["after": "cancel"]))
                #expect(next.args["after"] == .string("cancel"))
            }
        }

        @Test("The transport itself throws CancellationError, not an AsyncHTTPClient error, when its task is cancelled")
        func transportThrowsCancellationError() async throws {
            try await HTTPBin.withHTTPClient { httpClient in
                let transport = AsyncHTTPClientTransport(client: httpClient)
                let request = URLRequest(url: URL(string: HTTPBin.urlString("/delay/5"))!)

                let task = Task { () -> (any Error)? in
                    do {
                        _ = try await transport.send(request)
                        return nil
                    } catch {
                        return error
                    }
                }
                try await Task.sleep(nanoseconds: 200_000_000)
                task.cancel()

                let error = await task.value
                #expect(error is CancellationError, "got \(String(describing: error))")
            }
        }

        @Test("A server silent for longer than the idle timeout fails with a timeout, before it answers")
        func idleTimeout() async throws {
            try await HTTPBin.withHTTPClient { httpClient in
                let client = Client(baseURL: HTTPBin.url!) {
                    $0.transport = AsyncHTTPClientTransport(client: httpClient)
                }
                let start = ProcessInfo.processInfo.systemUptime

                let result = await HTTPBin.result { () async throws(EndpointError) in
                    try await client.get(Delay(seconds: 10, timeouts: Timeouts(idle: 0.5)))
                }

                guard case .failure(let error) = result else {
                    Issue.record("expected a timeout, got \(result)")
                    return
                }
                #expect(error.isTimeout, "got \(error)")
                #expect((HTTPBin.transportError(of: result) as? URLError)?.code == .timedOut)
                #expect(HTTPBin.seconds(since: start) < 10)  // before the server's answer, not a margin
            }
        }

        @Test(
            "An idle timeout fires no earlier than set, and before a server that answers after 10 s",
            arguments: [0.3, 0.9, 1.5])
        func idleTimeoutFiresWhenSet(idle: Double) async throws {
            try await HTTPBin.withHTTPClient { httpClient in
                let client = Client(baseURL: HTTPBin.url!) {
                    $0.transport = AsyncHTTPClientTransport(client: httpClient)
                }
                let start = ProcessInfo.processInfo.systemUptime

                let result = await HTTPBin.result { () async throws(EndpointError) in
                    try await client.get(Delay(seconds: 10, timeouts: Timeouts(idle: idle)))
                }

                // No upper wall-clock bound: how late it fires is measured by the benchmark.
                let elapsed = HTTPBin.seconds(since: start)
                #expect((HTTPBin.transportError(of: result) as? URLError)?.code == .timedOut, "got \(result)")
                #expect(elapsed >= idle, "fired after \(elapsed) s")
            }
        }

        @Test("A short idle timeout fires while a request with a long one is still in flight")
        func shortIdleTimeoutBesideALongOne() async throws {
            try await HTTPBin.withHTTPClient { httpClient in
                let client = Client(baseURL: HTTPBin.url!) {
                    $0.transport = AsyncHTTPClientTransport(client: httpClient)
                }
                // One request with a 60 s idle timeout in flight (the server answers it after 10 s),
                // then one with 0.2 s: the watchdog's timer must be set again for the short one, and
                // fire before the long one ends.
                let longEnded = NIOLockedValueBox(false)
                let long = Task {
                    defer { longEnded.withLockedValue { $0 = true } }
                    _ = try await client.get(Delay(seconds: 10, timeouts: Timeouts(idle: 60)))
                }
                try await Task.sleep(nanoseconds: 100_000_000)

                let result = await HTTPBin.result { () async throws(EndpointError) in
                    try await client.get(Delay(seconds: 10, timeouts: Timeouts(idle: 0.2)))
                }
                let longIsStillInFlight = !longEnded.withLockedValue { $0 }

                #expect((HTTPBin.transportError(of: result) as? URLError)?.code == .timedOut, "got \(result)")
                #expect(longIsStillInFlight)
                long.cancel()
                _ = await long.result
            }
        }

        @Test("The idle timeout limits silence, not the whole transfer: a body that keeps dripping is received")
        func idleTimeoutIsNotADeadline() async throws {
            try await HTTPBin.withHTTPClient { httpClient in
                let client = Client(baseURL: HTTPBin.url!) {
                    $0.transport = AsyncHTTPClientTransport(client: httpClient)
                }
                let start = ProcessInfo.processInfo.systemUptime

                // 8 bytes, one every 0.5 s: 4 s in all, longer than the idle timeout of 3 s. The gaps
                // are a sixth of the timeout, so that a loaded machine (these suites run side by side
                // under ThreadSanitizer, and a gap of 0.4 s against 1 s once stretched past it in CI)
                // cannot make a silence out of a slow read.
                let bytes = try await client.get(Drip(count: 8, interval: 0.5, timeouts: Timeouts(idle: 3)))

                #expect(bytes.count == 8)
                #expect(HTTPBin.seconds(since: start) > 3)  // the transfer outlasted the idle timeout
            }
        }

        @Test("A body that stops dripping for longer than the idle timeout fails with a timeout")
        func idleTimeoutDuringBody() async throws {
            try await HTTPBin.withHTTPClient { httpClient in
                let client = Client(baseURL: HTTPBin.url!) {
                    $0.transport = AsyncHTTPClientTransport(client: httpClient)
                }

                // 2 bytes 20 s apart, with an idle timeout of 1 s: a silence no stall of this
                // process can hide. The call ends at the timeout.
                let result = await HTTPBin.result { () async throws(EndpointError) in
                    try await client.get(Drip(count: 2, interval: 20, timeouts: Timeouts(idle: 1)))
                }

                #expect((HTTPBin.transportError(of: result) as? URLError)?.code == .timedOut, "got \(result)")
            }
        }

        @Test("A refused connection fails at once with URLError.cannotConnectToHost, as with URLSession")
        func refusedConnection() async throws {
            try await HTTPBin.withHTTPClient { httpClient in
                // Port 1 on loopback: nothing listens there.
                let client = Client(baseURL: URL(string: "http://127.0.0.1:1")!) {
                    $0.retryPolicy = .never
                    $0.transport = AsyncHTTPClientTransport(client: httpClient)
                }
                let start = ProcessInfo.processInfo.systemUptime

                let result = await HTTPBin.result { () async throws(EndpointError) in try await client.get(GetEcho()) }

                #expect(
                    (HTTPBin.transportError(of: result) as? URLError)?.code == .cannotConnectToHost, "got \(result)")
                // The control is the connect timeout (10 s, `makeDefaultConfiguration()`), which
                // AsyncHTTPClient would wait out if it retried: a bound that load cannot reach.
                #expect(HTTPBin.seconds(since: start) < 10, "AsyncHTTPClient must not retry until its connect timeout")
            }
        }
    }
#endif
