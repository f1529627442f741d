import EndpointKit
import EndpointKitTesting
import Foundation
import Testing

/// How the stream server's `/sse/{key}/batches` ends each response: a close-delimited body (no
/// `Content-Length`, no chunking) and a clean close, the zero chunk, or a `Content-Length`.
enum ResponseEnding: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case close, chunked, length

    var testDescription: String { rawValue }
}

/// A GET event stream behaves as the browser's `EventSource` does: whichever way its server ends
/// the response, it reconnects with `Last-Event-ID`; only a `204`, a terminator, the reader or the
/// policy's limit ends it. (Named `…StreamingIntegrationTests`: `scripts/test` runs these in the
/// streaming suites' own invocation.)
@Suite("Event streams whose server ends the response, over each transport", .requiresStreamServer)
struct ReconnectionStreamingIntegrationTests {
    private let server = StreamServer.url ?? URL(string: "http://127.0.0.1:9")!
    /// The clients' clock: the reconnection waits are recorded, not waited for.
    private let time = ManualClock()

    private func client(_ transport: TransportUnderTest) -> Client {
        Client(baseURL: server) { [time] in
            $0.clock = time.clock
            $0.transport = transport.make()
            $0.retryPolicy = .never  // a retry would hide a failure the test should see
        }
    }

    private func log(_ key: String) async throws -> [StreamServer.Log.Connections.Connection] {
        try await client(.urlSession).get(StreamServer.Log(key: key)).connections
    }

    @Test(
        "A GET stream reconnects with Last-Event-ID whenever its server ends the response, until a 204",
        arguments: TransportUnderTest.allCases, ResponseEnding.allCases)
    func reconnectsAfterEachEnd(over transport: TransportUnderTest, ending: ResponseEnding) async throws {
        let key = StreamServer.uniqueKey()
        var indexes: [Int] = []
        let endpoint = ServerEvents(key: key, route: "batches", query: ["count": 6, "per": 3, "end": ending.rawValue])
        for try await event in client(transport).stream(endpoint) { indexes.append(event.data.index) }
        #expect(indexes == [1, 2, 3, 4, 5, 6])
        let connections = try await log(key)
        #expect(connections.map(\.lastEventID) == [nil, "3", "6"])
        #expect(connections.map(\.status) == [200, 200, 204])
    }

    @Test(
        "A response that ends in the middle of an event reconnects; the partial event and its id are dropped",
        arguments: TransportUnderTest.allCases, ResponseEnding.allCases)
    func dropsAPartialEventAndReconnects(over transport: TransportUnderTest, ending: ResponseEnding) async throws {
        let key = StreamServer.uniqueKey()
        var indexes: [Int] = []
        let endpoint = ServerEvents(
            key: key, route: "batches", query: ["count": 6, "per": 3, "end": ending.rawValue, "cut": 1])
        for try await event in client(transport).stream(endpoint) { indexes.append(event.data.index) }
        #expect(indexes == [1, 2, 3, 4, 5, 6])  // the partial `{"index": ` would not decode
        #expect(try await log(key).map(\.lastEventID) == [nil, "3", "6"])  // not "4": its id was cut off
    }

    @Test(
        "Responses that end without an event: maximumAttempts reconnections, then the stream fails",
        arguments: TransportUnderTest.allCases)
    func reconnectionLimit(over transport: TransportUnderTest) async throws {
        let key = StreamServer.uniqueKey()
        var endpoint = ServerEvents(key: key, route: "batches", query: ["count": 6, "per": 0])
        endpoint.reconnection = ReconnectionPolicy(maximumAttempts: 2, defaultDelay: 0.05)
        var received = 0
        await #expect {
            for try await _ in client(transport).stream(endpoint) { received += 1 }
        } throws: { error in
            guard case .transportFailed(let failure) = error as? EndpointError else { return false }
            return failure.urlErrorCode == .networkConnectionLost
        }
        #expect(received == 0)
        #expect(try await log(key).count == 3)  // the first connection and 2 reconnections
        #expect(time.sleeps.count == 2)  // each reconnection waited first, on the client's clock
    }

    @Test(
        "A policy that ends on close ends a GET stream cleanly when its server ends the response",
        arguments: TransportUnderTest.allCases, ResponseEnding.allCases)
    func endsOnClose(over transport: TransportUnderTest, ending: ResponseEnding) async throws {
        let key = StreamServer.uniqueKey()
        var endpoint = ServerEvents(key: key, route: "batches", query: ["count": 6, "per": 3, "end": ending.rawValue])
        endpoint.reconnection = ReconnectionPolicy(maximumAttempts: 3, defaultDelay: 0.05, endsOnClose: true)
        var indexes: [Int] = []
        for try await event in client(transport).stream(endpoint) { indexes.append(event.data.index) }
        #expect(indexes == [1, 2, 3])
        #expect(try await log(key).count == 1)
    }

    @Test(
        "A POST stream ends when its server closes, even when its policy sends it again after a drop",
        arguments: TransportUnderTest.allCases, [false, true])
    func postEndsOnClose(over transport: TransportUnderTest, resends: Bool) async throws {
        let key = StreamServer.uniqueKey()
        var endpoint = PostedBatchEvents(key: key, query: ["count": 6, "per": 3])
        endpoint.reconnection.resendsNonGETRequests = resends
        var indexes: [Int] = []
        for try await event in client(transport).stream(endpoint) { indexes.append(event.data.index) }
        #expect(indexes == [1, 2, 3])
        #expect(try await log(key).map(\.method) == ["POST"])
    }
}
