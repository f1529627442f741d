import EndpointKit
import EndpointKitTesting
import Foundation
import Testing

/// What ends a Server-Sent Events stream, through a scripted transport: a `GET` stream reconnects
/// whenever its server ends the response, as `EventSource` does, until a `204`, its terminator or
/// its policy's limit; a policy that ends on close, and a `POST`, end there.
@Suite("What ends an event stream, through a scripted transport")
struct ClientStreamEndTests {
    /// The clients' clock: no test waits for a reconnection delay.
    let time = ManualClock()

    private func lastEventIDs(_ transport: StubTransport) async -> [String?] {
        await transport.sentRequests.map { $0.value(forHTTPHeaderField: "Last-Event-ID") }
    }

    @Test("A GET stream whose server ends the response reconnects with Last-Event-ID, the partial event dropped")
    func reconnectsAfterTheServerEndsTheResponse() async throws {
        let transport = StubTransport()
        await transport.stub(
            .get, "/ticks",
            with: .sequence([
                .stream([.text("id: 1\ndata: {\"index\": 1}\n\nid: 2\ndata: {\"ind")]),  // ends mid-event
                .stream([.text("id: 2\ndata: {\"index\": 2}\n\n")]),  // ends after a complete event
                .status(204),
            ]))
        let events = try await collect(Client.stubbed(transport, clock: time.clock).stream(Ticks()))
        #expect(events.map(\.data.index) == [1, 2])
        #expect(await lastEventIDs(transport) == [nil, "1", "2"])
    }

    @Test("The terminator ends a GET stream without a reconnection")
    func terminatorEndsWithoutReconnecting() async throws {
        let transport = StubTransport()
        await transport.stub(.get, "/ticks", with: .stream([.text("id: 1\ndata: {\"index\": 1}\n\ndata: [DONE]\n\n")]))
        let events = try await collect(Client.stubbed(transport, clock: time.clock).stream(Ticks()))
        #expect(events.map(\.data.index) == [1])
        #expect(await transport.requests.count == 1)
    }

    @Test("Responses that end without an event: maximumAttempts reconnections, then the connection-lost failure")
    func reconnectionLimitAfterEnds() async throws {
        let transport = StubTransport()
        await transport.stub(.get, "/ticks", with: .stream([.text(": nothing yet\n")]))
        var endpoint = Ticks()
        endpoint.reconnection = ReconnectionPolicy(maximumAttempts: 2, defaultDelay: 0.01)
        await #expect {
            _ = try await collect(Client.stubbed(transport, clock: time.clock).stream(endpoint))
        } throws: { error in
            guard case .transportFailed(let failure) = error as? EndpointError else { return false }
            return failure.urlErrorCode == .networkConnectionLost
        }
        #expect(await transport.requests.count == 3)  // the first connection and 2 reconnections
        #expect(time.sleeps.count == 2)  // each reconnection waited, on the client's clock
    }

    @Test("An event resets the count of reconnections in a row")
    func anEventResetsTheLimit() async throws {
        let transport = StubTransport()
        let empty = Stub.stream([.text(": nothing\n")])
        await transport.stub(
            .get, "/ticks",
            with: .sequence([
                empty, empty, .stream([.text("id: 1\ndata: {\"index\": 1}\n\n")]), empty, .status(204),
            ]))
        var endpoint = Ticks()
        endpoint.reconnection = ReconnectionPolicy(maximumAttempts: 2, defaultDelay: 0.01)
        let events = try await collect(Client.stubbed(transport, clock: time.clock).stream(endpoint))
        #expect(events.map(\.data.index) == [1])  // without the reset, the third connection's end was the last
        #expect(await transport.requests.count == 5)
    }

    @Test("A policy that ends on close ends the stream cleanly when the server ends the response")
    func endsOnClose() async throws {
        let transport = StubTransport()
        await transport.stub(
            .get, "/ticks",
            with: .sequence([
                .stream([.text("id: 1\ndata: {\"index\": 1}\n\n"), .drop()]),  // a failure still reconnects
                .stream([.text("id: 2\ndata: {\"index\": 2}\n\n")]),
                .stream([.text("id: 3\ndata: {\"index\": 3}\n\n")]),
            ]))
        var endpoint = Ticks()
        endpoint.reconnection = ReconnectionPolicy(maximumAttempts: 3, defaultDelay: 0.01, endsOnClose: true)
        let events = try await collect(Client.stubbed(transport, clock: time.clock).stream(endpoint))
        #expect(events.map(\.data.index) == [1, 2])
        #expect(await lastEventIDs(transport) == [nil, "1"])
        #expect(ReconnectionPolicy.endingOnClose == ReconnectionPolicy(endsOnClose: true))
    }

    @Test("A POST stream ends when its server ends the response, even when it is sent again after a drop")
    func postEndsWhenTheServerEnds() async throws {
        let transport = StubTransport()
        await transport.stub(
            .post, "/chat",
            with: .sequence([
                .stream([.text("data: {\"index\": 1}\n\n"), .drop()]), .stream([.text("data: {\"index\": 2}\n\n")]),
                .stream([.text("data: {\"index\": 3}\n\n")]),
            ]))
        var chat = Chat()
        chat.reconnection.resendsNonGETRequests = true
        let events = try await collect(Client.stubbed(transport, clock: time.clock).stream(chat))
        #expect(events.map(\.data.index) == [1, 2])
        #expect(await transport.requests.count == 2)
    }

    @Test("JSON lines end when the server ends the response: no reconnection")
    func jsonLinesEndAtTheEnd() async throws {
        let transport = StubTransport()
        await transport.stub(
            .get, "/lines",
            with: .stream([.text("{\"index\": 1}\n")], headers: ["Content-Type": "application/x-ndjson"]))
        #expect(try await collect(Client.stubbed(transport, clock: time.clock).stream(TickLines())).map(\.index) == [1])
        #expect(await transport.requests.count == 1)
    }
}
