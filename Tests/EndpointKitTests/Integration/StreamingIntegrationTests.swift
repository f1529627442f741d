import EndpointKit
import Foundation
import Testing

@Suite("Streaming from a real server over each transport", .requiresStreamServer)
struct StreamingIntegrationTests {
    private let server = StreamServer.url ?? URL(string: "http://127.0.0.1:9")!

    /// The server, or its HTTPS twin for the transport over TLS.
    private func server(_ transport: TransportUnderTest) -> URL {
        transport.url(plain: server, tls: StreamServer.tlsURL)
    }

    private func client(
        _ transport: TransportUnderTest, authenticator: some Authenticator = NoAuthenticator(),
        timeouts: Timeouts = .default
    ) -> Client {
        client(transport.make(), authenticator: authenticator, timeouts: timeouts, server: server(transport))
    }

    private func client(
        _ transport: any Transport, authenticator: some Authenticator = NoAuthenticator(),
        timeouts: Timeouts = .default, server: URL? = nil
    ) -> Client {
        Client(baseURL: server ?? self.server, authenticator: authenticator) {
            $0.transport = transport
            $0.timeouts = timeouts
            $0.retryPolicy = .never  // a retry would hide a failure the test should see
        }
    }

    /// What the server that `transport` talks to saw for `key`.
    private func log(_ key: String, over transport: TransportUnderTest = .urlSession) async throws
        -> StreamServer.Log.Connections
    {
        try await client(transport.usesTLS ? transport : .urlSession).get(StreamServer.Log(key: key))
    }

    @Test(
        "A drop in the middle of an event reconnects with Last-Event-ID: one continuous sequence",
        arguments: TransportUnderTest.allCasesWithTLS)
    func reconnectsWithLastEventID(over transport: TransportUnderTest) async throws {
        let key = StreamServer.uniqueKey()
        var indexes: [Int] = []
        for try await event in client(transport).stream(
            ServerEvents(key: key, query: ["count": 5, "drop_after": 2, "drops": 2]))
        {
            indexes.append(event.data.index)
        }
        #expect(indexes == [1, 2, 3, 4, 5])
        let connections = try await log(key, over: transport).connections
        // After event 5 the server ends the response; the reconnection that follows gets 204.
        #expect(connections.map(\.lastEventID) == [nil, "2", "4", "5"])
        #expect(connections.last?.status == 204)
    }

    @Test("The server's retry sets the wait before reconnecting", arguments: TransportUnderTest.allCasesWithTLS)
    func honoursRetry(over transport: TransportUnderTest) async throws {
        let key = StreamServer.uniqueKey()
        var endpoint = ServerEvents(key: key, query: ["count": 2, "drop_after": 1, "retry": 400])
        endpoint.reconnection = ReconnectionPolicy(defaultDelay: 30)  // the server's 0.4 s wins
        var indexes: [Int] = []
        for try await event in client(transport).stream(endpoint) { indexes.append(event.data.index) }
        #expect(indexes == [1, 2])
        let connections = try await log(key, over: transport).connections
        try #require(connections.count == 3)  // the third, after the end of event 2, gets 204
        let wait = connections[1].started - (connections[0].ended ?? connections[0].started)
        // No earlier than the server's retry, and well before the policy's own 30 s: an order that
        // load cannot break (a busy machine has taken over 2 s for the 0.4 s wait).
        #expect(wait >= 0.4 && wait < 30, "waited \(wait) s")
    }

    @Test("A reconnection answered with 204 ends the stream cleanly", arguments: TransportUnderTest.allCasesWithTLS)
    func noContentStops(over transport: TransportUnderTest) async throws {
        let key = StreamServer.uniqueKey()
        var indexes: [Int] = []
        for try await event in client(transport).stream(ServerEvents(key: key, route: "then-204", query: ["count": 3]))
        {
            indexes.append(event.data.index)
        }
        #expect(indexes == [1, 2, 3])
        #expect(try await log(key, over: transport).connections.count == 2)
    }

    @Test(
        "A response that is not text/event-stream fails with its status and body",
        arguments: TransportUnderTest.allCasesWithTLS)
    func wrongContentType(over transport: TransportUnderTest) async throws {
        let stream = client(transport).stream(ServerEvents(key: StreamServer.uniqueKey(), route: "wrong-type"))
        await #expect {
            for try await _ in stream {}
        } throws: { error in
            guard case .invalidResponse(.unexpectedContentType(let response, _), _) = error as? EndpointError else {
                return false
            }
            return response.statusCode == 200 && String(decoding: response.body, as: UTF8.self).contains("not a stream")
        }
    }

    @Test("A 401 renews the token once, then the stream flows", arguments: TransportUnderTest.allCasesWithTLS)
    func renewsTheTokenBeforeTheStream(over transport: TransportUnderTest) async throws {
        let key = StreamServer.uniqueKey()
        let plain = client(transport)
        let authenticator = RefreshingTokenAuthenticator(token: "expired") {
            try await plain.post(StreamServer.Refresh(key: key)).token
        }
        var indexes: [Int] = []
        for try await event in client(transport, authenticator: authenticator).stream(
            ServerEvents(key: key, route: "auth", query: ["count": 3]))
        {
            indexes.append(event.data.index)
        }
        #expect(indexes == [1, 2, 3])
        // The log also has the renewal's POST, which sends no token, and the reconnection after
        // the end of the events, which the server answers with 204.
        let connections = try await log(key, over: transport).connections
        let authorizations = connections.compactMap(\.authorization)
        #expect(authorizations == ["Bearer expired", "Bearer token-1", "Bearer token-1"])
    }

    @Test(
        "A stream redirected to another origin arrives there without its credentials",
        .enabled(if: HTTPBin.url != nil, "HTTPBIN_URL is not set"), arguments: TransportUnderTest.allCasesWithTLS)
    func redirectToAnotherOriginDropsCredentials(over transport: TransportUnderTest) async throws {
        let key = StreamServer.uniqueKey()
        let target = server(transport).appendingPathComponent("sse/\(key)/events").absoluteString + "?count=2"
        let httpbin = try #require(HTTPBin.url)
        let client = Client(baseURL: httpbin, authenticator: .bearer("s3cret")) {
            $0.transport = transport.make()
            $0.retryPolicy = .never
        }
        var indexes: [Int] = []
        for try await event in client.stream(RedirectedEvents(target: target)) { indexes.append(event.data.index) }
        #expect(indexes == [1, 2])
        #expect(try await log(key, over: transport).connections.map(\.authorization) == [nil])
    }

    /// The first connection of `key`'s stream, once the server has seen it end: the route
    /// "forever" never ends on its own, so only the client can end it. Waits up to 10 seconds.
    /// How soon the disconnect arrives is not asserted: a busy machine stretches it (0.14 s once
    /// in CI, against the 0.1 s these tests asserted).
    private func endedConnection(
        _ key: String, over transport: TransportUnderTest
    ) async throws -> StreamServer.Log.Connections.Connection? {
        for _ in 0..<200 {
            if let connection = try await log(key, over: transport).connections.first, connection.ended != nil {
                return connection
            }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        return nil
    }

    @Test(
        "Leaving the loop closes the connection: the server sees the client disconnect",
        arguments: TransportUnderTest.allCasesWithTLS)
    func leavingTheLoopDisconnects(over transport: TransportUnderTest) async throws {
        let key = StreamServer.uniqueKey()
        var received = 0
        for try await _ in client(transport).stream(ServerEvents(key: key, route: "forever")) {
            received += 1
            if received == 3 { break }
        }
        let connection = try #require(try await endedConnection(key, over: transport), "the stream never ended")
        #expect(connection.disconnectedByClient)
    }

    @Test(
        "Cancelling the reading task closes the connection: the server sees the client disconnect",
        arguments: TransportUnderTest.allCasesWithTLS)
    func cancellingDisconnects(over transport: TransportUnderTest) async throws {
        let key = StreamServer.uniqueKey()
        let client = client(transport)
        let reader = Task {
            var received = 0
            for try await _ in client.stream(ServerEvents(key: key, route: "forever")) { received += 1 }
            return received
        }
        // Cancelled once the server has the request: a fixed wait was too short for a TLS handshake
        // under ThreadSanitizer on two busy cores, and the server then saw no request at all.
        for _ in 0..<200 where try await log(key, over: transport).connections.isEmpty {
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        reader.cancel()
        await #expect(throws: EndpointError.self) { try await reader.value }
        let connection = try #require(try await endedConnection(key, over: transport), "the stream never ended")
        #expect(connection.disconnectedByClient)
    }

    @Test(
        "JSON lines: a malformed line fails with its number after the lines before it",
        arguments: TransportUnderTest.allCasesWithTLS)
    func jsonLinesWithAMalformedLine(over transport: TransportUnderTest) async throws {
        var indexes: [Int] = []
        let stream = client(transport).stream(
            ServerLines(key: StreamServer.uniqueKey(), query: ["count": 5, "bad": 4, "blank_every": 2]))
        await #expect {
            for try await line in stream { indexes.append(line.index) }
        } throws: { error in
            guard case .decodingFailed(let failure) = error as? EndpointError else { return false }
            return failure.line == 4
        }
        #expect(indexes == [1, 2])  // line 3 is blank, line 4 is the malformed one
    }

    @Test("A POST stream of chat chunks ends at [DONE]", arguments: TransportUnderTest.allCasesWithTLS)
    func chatCompletionEndsAtDone(over transport: TransportUnderTest) async throws {
        var text = ""
        for try await event in client(transport).stream(ChatCompletion(prompt: "streams arrive token by token")) {
            text += event.data.choices.first?.delta.content ?? ""
        }
        #expect(text == "streams arrive token by token")
    }

    @Test("The idle timeout applies between arriving bytes", arguments: TransportUnderTest.allCasesWithTLS)
    func idleTimeoutBetweenBytes(over transport: TransportUnderTest) async throws {
        var endpoint = ServerEvents(key: StreamServer.uniqueKey(), query: ["count": 3, "interval": 1500])
        endpoint.reconnection = .never
        var indexes: [Int] = []
        let stream = client(transport, timeouts: Timeouts(idle: 0.5)).stream(endpoint)
        await #expect {
            for try await event in stream { indexes.append(event.data.index) }
        } throws: { error in
            (error as? EndpointError)?.isTimeout == true
        }
        #expect(indexes == [1])
    }

    @Test("Keep-alive comments count as activity for the idle timeout", arguments: TransportUnderTest.allCasesWithTLS)
    func commentsKeepTheStreamAlive(over transport: TransportUnderTest) async throws {
        let endpoint = ServerEvents(
            key: StreamServer.uniqueKey(), query: ["count": 4, "interval": 300, "comment_every": 1])
        var indexes: [Int] = []
        for try await event in client(transport, timeouts: Timeouts(idle: 1)).stream(endpoint) {
            indexes.append(event.data.index)
        }
        #expect(indexes == [1, 2, 3, 4])
    }

    @Test("On Linux, a URLSession stream whose reader falls too far behind fails with StreamReaderTooSlowError")
    func readerTooSlow() async throws {
        #if canImport(FoundationNetworking)
            let transport = URLSessionTransport(maximumStreamBacklog: 1 << 20)
            let endpoint = FloodEvents(key: StreamServer.uniqueKey(), query: ["count": 20_000, "size": 1000])
            var received = 0
            await #expect {
                for try await _ in client(transport).stream(endpoint) {
                    received += 1
                    if received == 1 { try await Task.sleep(nanoseconds: 1_000_000_000) }
                }
            } throws: { error in
                guard case .transportFailed(let failure) = error as? EndpointError else { return false }
                return failure.underlying as? StreamReaderTooSlowError == StreamReaderTooSlowError(limit: 1 << 20)
            }
            #expect(received < 20_000)
        #endif
    }

    @Test("A URLSession stream whose reader pauses longer than the server takes to send everything arrives whole")
    func slowReaderSpillsToDisk() async throws {
        // On Linux, URLSession cannot pause: the 20 MB arrive while the reader sleeps, and wait on disk
        // beyond the 256 KiB buffer (ResponseBodyBufferTests shows the bytes held in memory stay
        // bounded; Benchmarks/run measures the peak memory over a million events).
        let endpoint = FloodEvents(key: StreamServer.uniqueKey(), query: ["count": 20_000, "size": 1000])
        let sent = String(repeating: "x", count: 1000)
        var received = 0
        var damaged = 0
        for try await event in client(.urlSession).stream(endpoint) {
            received += 1
            if event.data != sent || event.id != String(received) { damaged += 1 }
            if received == 1 { try await Task.sleep(nanoseconds: 1_000_000_000) }
        }
        #expect(received == 20_000)
        #expect(damaged == 0)
    }

    #if AsyncHTTPClient
        @Test("A slow reader holds the server back: AsyncHTTPClient stops reading while the buffer is full")
        func slowReaderAppliesBackpressure() async throws {
            // 50 MB: more than the buffer (256 KiB) and the kernel's socket buffers on loopback
            // (a few MB while the reader does not read) can hold while the reader pauses.
            let key = StreamServer.uniqueKey()
            let endpoint = FloodEvents(key: key, query: ["count": 50_000, "size": 1000])
            var received = 0
            var endedDuringThePause: Double?
            for try await _ in client(.asyncHTTPClient).stream(endpoint) {
                received += 1
                if received == 1 {
                    try await Task.sleep(nanoseconds: 1_000_000_000)
                    endedDuringThePause = try await log(key).connections.first?.ended
                }
            }
            #expect(received == 50_000)
            #expect(endedDuringThePause == nil, "the server sent everything while the reader paused")
        }
    #endif
}
