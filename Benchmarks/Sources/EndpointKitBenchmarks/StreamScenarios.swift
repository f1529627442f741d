import AsyncHTTPClient
import EndpointKit
import EndpointKitAsyncHTTPClient
import EndpointKitTesting
import Foundation
import NIOCore
import OpenAPIRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Server-Sent Events parsed in process: the same bytes (`--events` events of `--size` bytes,
/// `data: xxx…\n\n`, in 16 KiB chunks) read through EndpointKit's public API (`client.stream` of
/// `ServerSentEvent<String>` over EndpointKitTesting's scripted stream) or through
/// swift-openapi-runtime's `asDecodedServerSentEvents()`, in a loop on the main actor or off it.
struct StreamParseScenario {
    let name: String
    let events: Int
    let size: Int
    let onMainActor: Bool

    init(name: String, options: Options) throws {
        self.name = name
        events = try options.integer("events", default: 1_000_000)
        size = try options.integer("size", default: 100)
        onMainActor = options.string("place", default: "off") == "main"
        guard size >= 10 else { throw UsageError(message: "--size must be at least 10 bytes") }
    }

    /// `count` events of `size` bytes each, cut into 16 KiB chunks.
    static func body(events count: Int, size: Int) -> [ArraySlice<UInt8>] {
        let event = Array("data: ".utf8) + Array(repeating: UInt8(ascii: "x"), count: size - 8) + Array("\n\n".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * size)
        for _ in 0..<count { bytes += event }
        return stride(from: 0, to: bytes.count, by: 16 << 10).map { bytes[$0..<min($0 + (16 << 10), bytes.count)] }
    }

    func run() async throws -> ScenarioResult {
        let chunks = Self.body(events: events, size: size)
        // Set up before the clock starts: the scripted transport holds the chunks as `Data`.
        let client = await Self.client(streaming: chunks)
        let start = now()
        let counted: Int
        switch (name, onMainActor) {
        case ("sse-parse-endpointkit", true): counted = try await Self.endpointKitOnMain(client)
        case ("sse-parse-endpointkit", false): counted = try await Self.endpointKit(client)
        case ("sse-parse-openapi", true): counted = try await Self.openAPIOnMain(chunks)
        case ("sse-parse-openapi", false): counted = try await Self.openAPI(chunks)
        default: throw UsageError(message: "unknown stream scenario \(name)")
        }
        let seconds = Double(now() - start) / 1e9
        guard counted == events else { throw UsageError(message: "read \(counted) events, expected \(events)") }
        var result = ScenarioResult(scenario: name)
        result.set("place", onMainActor ? "main" : "off")
        result.set("events", events)
        result.set("size", size)
        result.set("seconds", seconds)
        result.set("events_per_s", Double(events) / seconds)
        result.set("mib_per_s", Double(events * size) / seconds / 1_048_576)
        return result
    }

    /// A client whose scripted transport streams `chunks` as they are read.
    static func client(streaming chunks: [ArraySlice<UInt8>]) async -> Client {
        let transport = StubTransport()
        await transport.stub(.get, "/events", with: .stream(chunks.map { .bytes(Data($0)) }))
        return Client(baseURL: URL(string: "http://benchmark.invalid")!) { $0.transport = transport }
    }

    @MainActor static func endpointKitOnMain(_ client: Client) async throws -> Int {
        try await count(client.stream(Events(path: "/events")))
    }

    static func endpointKit(_ client: Client) async throws -> Int {
        try await Task.detached { try await count(client.stream(Events(path: "/events"))) }.value
    }

    /// Reads every event, touching its data as an app would.
    static func count(
        _ stream: ResponseStream<EndpointKit.ServerSentEvent<String>>, isolation: isolated (any Actor)? = #isolation
    ) async throws -> Int {
        var events = 0
        var bytes = 0
        for try await event in stream {
            events += 1
            bytes &+= event.data.utf8.count
        }
        precondition(bytes > 0)
        return events
    }

    @MainActor static func openAPIOnMain(_ chunks: [ArraySlice<UInt8>]) async throws -> Int {
        try await countOpenAPI(chunks)
    }

    static func openAPI(_ chunks: [ArraySlice<UInt8>]) async throws -> Int {
        try await Task.detached { try await countOpenAPI(chunks) }.value
    }

    static func countOpenAPI(
        _ chunks: [ArraySlice<UInt8>], isolation: isolated (any Actor)? = #isolation
    ) async throws -> Int {
        var events = 0
        var bytes = 0
        for try await event in ChunkSequence(chunks: chunks).asDecodedServerSentEvents() {
            events += 1
            bytes &+= event.data?.utf8.count ?? 0
        }
        precondition(bytes > 0)
        return events
    }
}

/// `GET` of a Server-Sent Events stream with text data, without reconnection.
struct Events: GET, StreamingEndpoint {
    typealias Element = EndpointKit.ServerSentEvent<String>
    static var streamFormat: StreamFormat<Element> { .serverSentEvents() }
    let path: String
    var reconnection: ReconnectionPolicy { .never }
}

/// Precomputed chunks as an async sequence, without a hop per chunk (it implements
/// `next(isolation:)`), so that what is measured is the parser's own cost.
struct ChunkSequence: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>
    let chunks: [ArraySlice<UInt8>]

    func makeAsyncIterator() -> Iterator { Iterator(chunks: chunks) }

    struct Iterator: AsyncIteratorProtocol {
        let chunks: [ArraySlice<UInt8>]
        var index = 0

        mutating func next() async -> ArraySlice<UInt8>? { next_() }

        mutating func next(isolation actor: isolated (any Actor)?) async -> ArraySlice<UInt8>? { next_() }

        private mutating func next_() -> ArraySlice<UInt8>? {
            guard index < chunks.count else { return nil }
            defer { index += 1 }
            return chunks[index]
        }
    }
}

/// A Server-Sent Events file served by the local nginx (`events-N.sse`, `--events` events of 100
/// bytes), read whole over loopback: by hand (the transport's bytes through `BlankLineCounter`,
/// a `String` per event's data) or parsed into `ServerSentEvent<String>` through EndpointKit, over
/// URLSession or AsyncHTTPClient.
struct StreamNetworkScenario {
    let name: String
    let url: URL
    let baseURL: URL
    let path: String
    let events: Int

    init(name: String, options: Options) throws {
        self.name = name
        baseURL = try options.url("base-url")
        events = try options.integer("events", default: 1_000_000)
        path = "/events-\(events).sse"
        url = baseURL.appendingPathComponent(path)
    }

    func run() async throws -> ScenarioResult {
        let start = now()
        let counted: Int
        switch name {
        case "sse-urlsession-raw":
            counted = try await RawEventCounter.count(url)
        case "sse-urlsession-endpointkit":
            counted = try await StreamParseScenario.count(Client(baseURL: baseURL).stream(Events(path: path)))
        case "sse-ahc-raw":
            let httpClient = HTTPClient(configuration: AsyncHTTPClientTransport.makeDefaultConfiguration())
            let result = await Result { try await Self.rawAsyncHTTPClient(httpClient, url: url) }
            try await httpClient.shutdown()
            counted = try result.get()
        case "sse-ahc-endpointkit":
            let httpClient = HTTPClient(configuration: AsyncHTTPClientTransport.makeDefaultConfiguration())
            let client = Client(baseURL: baseURL) { $0.transport = AsyncHTTPClientTransport(client: httpClient) }
            let result = await Result { try await StreamParseScenario.count(client.stream(Events(path: path))) }
            try await httpClient.shutdown()
            counted = try result.get()
        default:
            throw UsageError(message: "unknown stream scenario \(name)")
        }
        let seconds = Double(now() - start) / 1e9
        guard counted == events else { throw UsageError(message: "read \(counted) events, expected \(events)") }
        var result = ScenarioResult(scenario: name)
        result.set("events", events)
        result.set("seconds", seconds)
        result.set("events_per_s", Double(events) / seconds)
        result.set("mib_per_s", Double(events * 100) / seconds / 1_048_576)
        return result
    }

    /// AsyncHTTPClient by hand: `execute`, then the body's buffers through `BlankLineCounter`.
    static func rawAsyncHTTPClient(_ client: HTTPClient, url: URL) async throws -> Int {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "Accept", value: "text/event-stream")
        let response = try await client.execute(request, timeout: .seconds(600))
        guard response.status.code == 200 else { throw UsageError(message: "status \(response.status.code)") }
        var counter = BlankLineCounter()
        for try await buffer in response.body {
            buffer.withUnsafeReadableBytes { counter.scan($0) }
        }
        return counter.events
    }
}

/// What an app reading Server-Sent Events by hand does at the least: cut the bytes into lines
/// (across chunks), make a `String` of each `data: ` line, count an event at each blank line.
/// No BOM, CR, comment, `id` or multi-line handling: the standard's parser does more.
struct BlankLineCounter {
    private(set) var events = 0
    private(set) var dataBytes = 0
    private var line: [UInt8] = []
    private var data: String?

    mutating func scan(_ bytes: UnsafeRawBufferPointer) {
        var start = bytes.startIndex
        while let end = bytes[start...].firstIndex(of: 0x0A) {
            if line.isEmpty {
                handle(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
            } else {
                line.append(contentsOf: bytes[start..<end])
                let whole = line
                whole.withUnsafeBytes { handle($0) }
                line.removeAll(keepingCapacity: true)
            }
            start = end + 1
        }
        line.append(contentsOf: bytes[start...])
    }

    private mutating func handle(_ line: UnsafeRawBufferPointer) {
        if line.isEmpty {
            if let data {
                events += 1
                dataBytes &+= data.utf8.count
            }
            data = nil
        } else if line.count >= 6, line.starts(with: "data: ".utf8) {
            data = String(decoding: line[6...], as: UTF8.self)
        }
    }
}

/// URLSession by hand: a data task whose delegate reads each chunk through `BlankLineCounter`.
final class RawEventCounter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // `@unchecked`: `counter` is touched only by URLSession's delegate calls, one at a time.
    private var counter = BlankLineCounter()
    private var continuation: CheckedContinuation<Int, any Error>?

    static func count(_ url: URL) async throws -> Int {
        let delegate = RawEventCounter()
        let session = URLSession(
            configuration: URLSessionTransport.makeDefaultConfiguration(), delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: url)
        request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        return try await withCheckedThrowingContinuation { continuation in
            delegate.continuation = continuation
            session.dataTask(with: request).resume()
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        data.withUnsafeBytes { counter.scan($0) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error { continuation?.resume(throwing: error) } else { continuation?.resume(returning: counter.events) }
        continuation = nil
    }
}
