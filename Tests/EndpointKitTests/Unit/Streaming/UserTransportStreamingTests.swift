import EndpointKit
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Transports written as a user writes one: with `import EndpointKit` alone, no `@testable`, and
// only public API (checked once by building this file in a package outside this one).

/// The example of `Transport.stream(_:bufferSize:)`'s documentation and of Streaming.md: three
/// ticks, 10 ms apart.
struct TickerTransport: Transport {
    func send(_ request: URLRequest) async throws -> HTTPResponse {
        HTTPResponse(statusCode: 404, url: request.url)
    }

    func stream(_ request: URLRequest, bufferSize: Int) async throws -> StreamedResponse {
        let head = HTTPResponse(statusCode: 200, headers: ["Content-Type": "text/event-stream"], url: request.url)
        return StreamedResponse(head: head, bufferSize: bufferSize) { body in
            for tick in 1...3 {
                // Waits while the reader is behind.
                try await body.write(Data("id: \(tick)\ndata: tick \(tick)\n\n".utf8))
                try await Task.sleep(nanoseconds: 10_000_000)
            }
        }
    }
}

/// A transport whose body `writeBody` writes, event by event; a plain `send` fails, so a stream
/// that is not read through `stream(_:bufferSize:)` fails too.
private struct WritingTransport: Transport {
    let writeBody: @Sendable (ResponseBodyBuffer) async throws -> Void

    func send(_ request: URLRequest) async throws -> HTTPResponse {
        throw URLError(.unsupportedURL)
    }

    func stream(_ request: URLRequest, bufferSize: Int) async throws -> StreamedResponse {
        let head = HTTPResponse(statusCode: 200, headers: ["Content-Type": "text/event-stream"], url: request.url)
        return StreamedResponse(head: head, bufferSize: bufferSize, writingBody: writeBody)
    }
}

/// A transport driven by callbacks, as one over an event loop is: it feeds the buffer with
/// `append`, waits with `whenRoom`, stops on `.stop` and ends with `finish`.
private struct CallbackTransport: Transport {
    let pieces: [String]

    func send(_ request: URLRequest) async throws -> HTTPResponse {
        throw URLError(.unsupportedURL)
    }

    func stream(_ request: URLRequest, bufferSize: Int) async throws -> StreamedResponse {
        let body = ResponseBodyBuffer(capacity: bufferSize)
        let pieces = pieces.map { Data($0.utf8) }
        @Sendable func send(from index: Int) {
            guard index < pieces.count else { return body.finish() }
            switch body.append(pieces[index]) {
            case .more: DispatchQueue.global().async { send(from: index + 1) }
            case .wait: body.whenRoom { send(from: index + 1) }
            case .stop: return
            }
        }
        DispatchQueue.global().async { send(from: 0) }
        let head = HTTPResponse(statusCode: 200, headers: ["Content-Type": "text/event-stream"], url: request.url)
        return StreamedResponse(head: head, body: body)
    }
}

/// `GET /feed`: text events, with the buffer size the test sets; no reconnection.
private struct Feed: GET, StreamingEndpoint {
    typealias Element = ServerSentEvent<String>
    static var streamFormat: StreamFormat<Element> { .serverSentEvents() }
    let path = "/feed"
    var bufferSize = 256 << 10
    var reconnection: ReconnectionPolicy { .never }
}

/// What the writer and the reader did, in order.
private final class Journal: @unchecked Sendable {
    // @unchecked: `entries` is only read and written under `lock` (Mutex needs macOS 15).
    private let lock = NSLock()
    private var entries: [String] = []
    var all: [String] { lock.withLock { entries } }
    var count: Int { lock.withLock { entries.count } }
    func add(_ entry: String) { lock.withLock { entries.append(entry) } }
}

@Suite("A transport of the user's own streams through the public API")
struct UserTransportStreamingTests {
    private func client(_ transport: some Transport) -> Client {
        Client(baseURL: URL(string: "https://feed.example.com")!) { $0.transport = transport }
    }

    @Test("The documentation's transport streams its three ticks")
    func documentationExample() async throws {
        var data: [String] = []
        for try await event in client(TickerTransport()).stream(Feed()) { data.append(event.data) }
        #expect(data == ["tick 1", "tick 2", "tick 3"])
    }

    @Test("Each event reaches the loop before the transport writes the next")
    func pieceByPiece() async throws {
        let journal = Journal()
        let (reads, reader) = AsyncStream.makeStream(of: Void.self)
        let transport = WritingTransport { body in
            var read = reads.makeAsyncIterator()
            for index in 1...3 {
                journal.add("wrote \(index)")
                try await body.write(Data("data: \(index)\n\n".utf8))
                await read.next()  // the loop got it: only then the next one
            }
        }
        for try await event in client(transport).stream(Feed()) {
            journal.add("read \(event.data)")
            reader.yield()
        }
        #expect(journal.all == ["wrote 1", "read 1", "wrote 2", "read 2", "wrote 3", "read 3"])
    }

    @Test("A reader that pauses holds the writer back at the endpoint's buffer size")
    func backpressure() async throws {
        let written = Journal()
        let transport = WritingTransport { body in
            for index in 1...200 {
                try await body.write(Data("data: \(index)\n\n".utf8))  // 10 to 14 bytes
                written.add("\(index)")
            }
        }
        var received = 0
        var writtenDuringThePause = 0
        for try await _ in client(transport).stream(Feed(bufferSize: 100)) {
            received += 1
            if received == 1 {
                try await Task.sleep(nanoseconds: 300_000_000)
                writtenDuringThePause = written.count
            }
        }
        #expect(received == 200)
        // 100 bytes hold at most 10 events; without the wait, all 200 were written during the pause.
        #expect(writtenDuringThePause <= 12, "\(writtenDuringThePause) events written while the reader paused")
    }

    @Test("Leaving the loop cancels the writer: its write throws CancellationError")
    func leavingTheLoopStopsTheWriter() async throws {
        let (stopped, stop) = AsyncStream.makeStream(of: String.self)
        let transport = WritingTransport { body in
            do {
                var index = 0
                while true {
                    index += 1
                    try await body.write(Data("data: \(index)\n\n".utf8))
                }
            } catch {
                stop.yield(String(describing: type(of: error)))
                throw error
            }
        }
        var received = 0
        for try await _ in client(transport).stream(Feed(bufferSize: 64)) {
            received += 1
            if received == 3 { break }
        }
        var reasons = stopped.makeAsyncIterator()
        #expect(await reasons.next() == "CancellationError")
    }

    @Test("A transport driven by callbacks feeds the buffer piece by piece, split anywhere")
    func callbackTransport() async throws {
        let pieces = ["data: o", "ne\n", "\ndata: two\n\nda", "ta: three\n\n"]
        var data: [String] = []
        for try await event in client(CallbackTransport(pieces: pieces)).stream(Feed(bufferSize: 8)) {
            data.append(event.data)
        }
        #expect(data == ["one", "two", "three"])
    }
}
