import EndpointKit
import EndpointKitTesting
import Foundation
import Testing

@Suite("Streaming calls through a scripted transport")
struct ClientStreamingTests {
    private let eventStream: HTTPHeaders = ["Content-Type": "text/event-stream"]

    @Test("Server-Sent Events split at any byte decode into typed events, with their ids and types")
    func typedEvents() async throws {
        let transport = StubTransport()
        await transport.stub(
            .get, "/ticks",
            with: .sequence([
                .stream([
                    .text("id: 1\ndata: {\"ind"), .text("ex\": 1}\n"), .text("\r"), .text("\nevent: tick\nid: 2\r\n"),
                    .text("data: {\"index\": 2}\n\n"),
                ]),
                .status(204),  // the reconnection after the end: no more
            ]))
        let events = try await collect(Client.stubbed(transport).stream(Ticks()))
        #expect(events.map(\.data) == [Tick(index: 1), Tick(index: 2)])
        #expect(events.map(\.id) == ["1", "2"])
        #expect(events.map(\.type) == ["message", "tick"])
        let sent = try #require(await transport.sentRequests.first)
        #expect(sent.value(forHTTPHeaderField: "Accept") == "text/event-stream")
        #expect(sent.value(forHTTPHeaderField: "Last-Event-ID") == nil)
    }

    @Test("The terminator ends the stream cleanly: nothing after it is read")
    func terminatorEndsTheStream() async throws {
        let transport = StubTransport()
        await transport.stub(
            .post, "/chat",
            with: .stream([.text("data: {\"index\": 1}\n\ndata: [DONE]\n\ndata: {\"index\": 99}\n\n"), .pause(3600)]))
        let started = Date()
        let events = try await collect(Client.stubbed(transport).stream(Chat()))
        #expect(events.map(\.data.index) == [1])
        // Long before the hour's pause ended, however busy the machine: it did not wait for it.
        #expect(Date().timeIntervalSince(started) < 1800)
        let sent = try #require(await transport.lastRequest)
        #expect(sent.httpBody.map { String(decoding: $0, as: UTF8.self) } == #"{"prompt":"hi"}"#)
    }

    @Test("A drop reconnects with Last-Event-ID; the partial event is discarded; one continuous sequence")
    func reconnectsAfterADrop() async throws {
        let transport = StubTransport()
        await transport.stub(
            .get, "/ticks",
            with: .sequence([
                .stream([.text("id: 1\ndata: {\"index\": 1}\n\nid: 2\ndata: {\"index\""), .drop()]),
                .stream([.text("id: 2\ndata: {\"index\": 2}\n\n"), .drop()]),
                .stream([.text("id: 3\ndata: {\"index\": 3}\n\n"), .drop()]),
                .status(204),
            ]))
        let events = try await collect(Client.stubbed(transport).stream(Ticks()))
        #expect(events.map(\.data.index) == [1, 2, 3])
        let lastEventIDs = await transport.sentRequests.map { $0.value(forHTTPHeaderField: "Last-Event-ID") }
        #expect(lastEventIDs == [nil, "1", "2", "3"])
    }

    @Test("A reconnection answered with 204 ends the stream cleanly")
    func noContentStopsReconnecting() async throws {
        let transport = StubTransport()
        await transport.stub(
            .get, "/ticks",
            with: .sequence([.stream([.text("id: 7\ndata: {\"index\": 7}\n\n"), .drop()]), .status(204)]))
        let events = try await collect(Client.stubbed(transport).stream(Ticks()))
        #expect(events.map(\.data.index) == [7])
        #expect(await transport.requests.count == 2)
    }

    @Test("Drops in a row beyond the policy's limit end the stream with the transport failure")
    func reconnectionGivesUp() async throws {
        let transport = StubTransport()
        await transport.stub(.get, "/ticks", with: .stream([.text(": nothing yet\n"), .drop()]))
        await #expect {
            _ = try await collect(Client.stubbed(transport).stream(Ticks()))
        } throws: { error in
            guard case .transportFailed(let failure) = error as? EndpointError else { return false }
            return failure.urlErrorCode == .networkConnectionLost
        }
        #expect(await transport.requests.count == 4)  // the first connection and 3 reconnections
    }

    @Test("A POST stream is not sent again after a drop unless its endpoint opts in")
    func postIsNotResent() async throws {
        let transport = StubTransport()
        await transport.stub(
            .post, "/chat",
            with: .sequence([
                .stream([.text("data: {\"index\": 1}\n\n"), .drop()]), .stream([.text("data: {\"index\": 2}\n\n")]),
            ]))
        let client = Client.stubbed(transport)
        var received: [Int] = []
        await #expect(throws: EndpointError.self) {
            for try await event in client.stream(Chat()) { received.append(event.data.index) }
        }
        #expect(received == [1])
        #expect(await transport.requests.count == 1)

        var optedIn = Chat()
        optedIn.reconnection.resendsNonGETRequests = true
        let events = try await collect(client.stream(optedIn))
        #expect(events.map(\.data.index) == [2])  // the sequence's second answer
    }

    @Test("A response that is not text/event-stream fails with its status, headers and body")
    func wrongContentType() async throws {
        let transport = StubTransport(status: 200, body: #"{"error": "not a stream"}"#)
        await #expect {
            _ = try await collect(Client.stubbed(transport).stream(Ticks()))
        } throws: { error in
            guard case .invalidResponse(.unexpectedContentType(let response, let expected), _) = error as? EndpointError
            else { return false }
            return response.statusCode == 200 && expected == "text/event-stream"
                && String(decoding: response.body, as: UTF8.self) == #"{"error": "not a stream"}"#
                && "\(error)".contains(
                    "expected text/event-stream, but the server answered 200 with Content-Type application/json")
        }
    }

    @Test("An unacceptable status fails as every call does, with the error body read from the stream")
    func unacceptableStatus() async throws {
        let transport = StubTransport()
        await transport.stub(
            .get, "/ticks",
            with: .stream(
                [.text(#"{"message": "#), .text(#""Not Found"}"#)], statusCode: 404,
                headers: ["Content-Type": "application/json"]))
        await #expect {
            _ = try await collect(Client.stubbed(transport).stream(Ticks()))
        } throws: { error in
            guard case .unacceptableStatus(let failure) = error as? EndpointError else { return false }
            return failure.response.statusCode == 404
                && String(decoding: failure.response.body, as: UTF8.self) == #"{"message": "Not Found"}"#
        }
    }

    @Test("An event whose data does not decode fails with the event's id and data, after the events before it")
    func malformedEventData() async throws {
        let transport = StubTransport()
        await transport.stub(
            .get, "/ticks",
            with: .stream([.text("id: 1\ndata: {\"index\": 1}\n\nid: 2\ndata: {\"index\": \"two\"}\n\n")]))
        var received: [Int] = []
        await #expect {
            for try await event in Client.stubbed(transport).stream(Ticks()) { received.append(event.data.index) }
        } throws: { error in
            guard case .decodingFailed(let failure) = error as? EndpointError else { return false }
            return failure.eventID == "2" && failure.codingPath == "index"
                && String(decoding: failure.response.body, as: UTF8.self) == #"{"index": "two"}"#
                && "\(failure)".contains(#"in the event with ID "2""#)
        }
        #expect(received == [1])
    }

    @Test("JSON lines: blank lines skipped, a malformed line fails with its number after the lines before it")
    func jsonLines() async throws {
        let transport = StubTransport()
        let ndjson: HTTPHeaders = ["Content-Type": "application/x-ndjson"]
        await transport.stub(
            .get, "/lines", query: ["good": "1"],
            with: .stream([.text("{\"index\": 1}\n\n{\"ind"), .text("ex\": 2}\r\n{\"index\": 3}")], headers: ndjson))
        await transport.stub(
            .get, "/lines", query: ["good": "0"],
            with: .stream([.text("{\"index\": 1}\n\n{\"index\": \n{\"index\": 4}\n")], headers: ndjson))
        let client = Client.stubbed(transport)
        let lines = try await collect(client.stream(TickLines(query: ["good": "1"])))
        #expect(lines.map(\.index) == [1, 2, 3])

        var received: [Int] = []
        await #expect {
            for try await line in client.stream(TickLines(query: ["good": "0"])) { received.append(line.index) }
        } throws: { error in
            guard case .decodingFailed(let failure) = error as? EndpointError else { return false }
            return failure.line == 3 && "\(failure)".contains("in line 3")
        }
        #expect(received == [1])
    }

    @Test("JSON lines refuse an HTML error page")
    func jsonLinesRefuseHTML() async throws {
        let transport = StubTransport(status: 200, headers: ["Content-Type": "text/html"], body: "<html>oops</html>")
        await #expect {
            _ = try await collect(Client.stubbed(transport).stream(TickLines()))
        } throws: { error in
            guard case .invalidResponse(.unexpectedContentType(let response, _), _) = error as? EndpointError else {
                return false
            }
            return String(decoding: response.body, as: UTF8.self) == "<html>oops</html>"
        }
    }

    @Test("Text lines keep blank lines; bytes arrive in the pieces sent")
    func rawStreams() async throws {
        let transport = StubTransport()
        await transport.stub(.get, "/text", with: .stream([.text("one\r\n\ntw"), .text("o\nthree")], headers: [:]))
        await transport.stub(.get, "/bytes", with: .stream([.bytes(Data([1, 2])), .bytes(Data([3]))], headers: [:]))
        let client = Client.stubbed(transport)
        #expect(try await collect(client.stream(TextLines())) == ["one", "", "two", "three"])
        #expect(try await collect(client.stream(RawBytes())) == [Data([1, 2]), Data([3])])
    }

    @Test("Text events keep their data as sent")
    func textEvents() async throws {
        let transport = StubTransport()
        await transport.stub(
            .get, "/messages", with: .stream([.text("data: a\ndata: b\n\n: comment\ndata: [DONE]\n\n")]))
        let events = try await collect(Client.stubbed(transport).stream(Messages()))
        #expect(events == [ServerSentEvent(data: "a\nb"), ServerSentEvent(data: "[DONE]")])
    }

    @Test("Middleware sees a stream's request and head; the body still streams")
    func middlewareSeesTheHead() async throws {
        let seen = SeenStatuses()
        let transport = StubTransport()
        await transport.stub(
            .get, "/ticks", with: .stream([.text("data: {\"index\": 1}\n\n"), .pause(0.01), .text("data: [DONE]\n\n")]))
        let client = Client(baseURL: URL(string: "https://api.example.com")!) {
            $0.transport = transport
            $0.middleware = [StatusRecorder(seen: seen)]
        }
        let events = try await collect(client.stream(Ticks()))
        #expect(events.count == 1)
        #expect(seen.statuses == [200])
    }

    @Test("A stream's head equals a response with its status, headers and URL, as a middleware would compare it")
    func streamHeadEqualsAPlainResponse() {
        let url = URL(string: "https://api.example.com/ticks")
        let response = HTTPResponse(statusCode: 200, headers: ["Content-Type": "text/event-stream"], url: url)
        let streamed = StreamedResponse(head: response, body: ResponseBodyBuffer(capacity: 16))
        #expect(streamed.head == response)
        #expect(streamed.head != HTTPResponse(statusCode: 204, headers: response.headers, url: url))
    }

    @Test("A streaming endpoint sent as a plain call fails with an error that says to stream it")
    func plainCallOfAStreamingEndpoint() async throws {
        let transport = StubTransport(status: 200, headers: ["Content-Type": "text/event-stream"], body: "data: x\n\n")
        await #expect {
            _ = try await Client.stubbed(transport).send(Ticks())
        } throws: { error in
            "\(error)".contains("read it with Client.stream(_:)")
        }
    }

    @Test("The client's total deadline does not cut a stream; the endpoint's own does")
    func totalDeadline() async throws {
        let transport = StubTransport()
        await transport.stub(
            .get, "/ticks",
            with: .sequence([
                .stream([.text("data: {\"index\": 1}\n\n"), .pause(0.3), .text("data: {\"index\": 2}\n\n")]),
                .status(204),
            ]))
        let client = Client.stubbed(transport, timeouts: Timeouts(idle: 5, total: 0.1))
        let events = try await collect(client.stream(Ticks()))
        #expect(events.map(\.data.index) == [1, 2])

        var bounded = Ticks(path: "/slow")
        bounded.options = CallOptions(timeouts: Timeouts(idle: 60, total: 1))
        await transport.stub(
            .get, "/slow",
            with: .stream([.text("data: {\"index\": 1}\n\n"), .pause(30), .text("data: {\"index\": 2}\n\n")]))
        let time = ManualClock(waitsForAdvance: true)
        let timed = Client.stubbed(transport, timeouts: Timeouts(idle: 5, total: 0.1), clock: time.clock)
        let received = Locked([Int]())
        let reading = Task {
            for try await event in timed.stream(bounded) { received.withLock { $0.append(event.data.index) } }
        }
        await time.waitForSleeps(count: 1)  // the stream's deadline, on the client's clock
        time.advance(by: 1)
        let result = await reading.result
        guard case .failure(let error as EndpointError) = result, case .timedOut(let seconds, _) = error else {
            throw TestFailure("expected .timedOut, got \(result)")
        }
        #expect(seconds == 1)  // the endpoint's own deadline, not the client's 0.1 s
        // Cut during the 30 s pause: the event after it never came.
        #expect(received.withLock { $0.count } <= 1)
    }

    @Test("A transport made with answering: streams a scripted body's parts as they are sent, not whole")
    func answeringStreams() async throws {
        let transport = StubTransport(
            answering: .stream([.text("data: {\"index\": 1}\n\n"), .pause(3600), .text("data: {\"index\": 2}\n\n")]))
        let started = Date()
        var first: Int?
        for try await event in Client.stubbed(transport).stream(Ticks()) {
            first = event.data.index
            break
        }
        #expect(first == 1)
        // Long before the hour's pause ended, however busy the machine: through the responder, the
        // body came whole, after it.
        #expect(Date().timeIntervalSince(started) < 1800)
    }

    @Test("Breaking out of the loop stops the scripted server")
    func breakingOutStopsTheStream() async throws {
        let transport = StubTransport()
        var parts: [Stub.StreamPart] = []
        for index in 1...1000 { parts += [.text("data: {\"index\": \(index)}\n\n"), .pause(0.001)] }
        await transport.stub(.get, "/ticks", with: .stream(parts))
        var received = 0
        for try await _ in Client.stubbed(transport).stream(Ticks()) {
            received += 1
            if received == 3 { break }
        }
        #expect(received == 3)
    }
}

/// The statuses a ``StatusRecorder`` saw.
final class SeenStatuses: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Int] = []
    var statuses: [Int] { lock.withLock { recorded } }
    func add(_ status: Int) { lock.withLock { recorded.append(status) } }
}

/// A middleware that records each response's status.
struct StatusRecorder: Middleware {
    let seen: SeenStatuses
    func intercept(
        _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        let response = try await next(request)
        seen.add(response.statusCode)
        return response
    }
}
