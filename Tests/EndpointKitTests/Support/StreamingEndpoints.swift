import EndpointKit
import Foundation

/// One event of the test streams: `{"index": n}`.
struct Tick: Decodable, JSONObject, Equatable {
    let index: Int
}

/// `GET /ticks`: Server-Sent Events with `Tick` data, reconnecting 10 ms after a drop.
struct Ticks: GET, StreamingEndpoint {
    typealias Element = ServerSentEvent<Tick>
    static var streamFormat: StreamFormat<Element> { .serverSentEvents(terminator: "[DONE]") }
    var path = "/ticks"
    var query: Parameters = [:]
    var reconnection = ReconnectionPolicy(maximumAttempts: 3, defaultDelay: 0.01)
    var bufferSize = 256 << 10
    var options = CallOptions()
}

/// `GET /messages`: Server-Sent Events with text data.
struct Messages: GET, StreamingEndpoint {
    typealias Element = ServerSentEvent<String>
    static var streamFormat: StreamFormat<Element> { .serverSentEvents() }
    var path = "/messages"
    var reconnection = ReconnectionPolicy.never
}

/// `POST /chat`: Server-Sent Events ended by `[DONE]`, with a JSON body.
struct Chat: POST, StreamingEndpoint {
    typealias Element = ServerSentEvent<Tick>
    static var streamFormat: StreamFormat<Element> { .serverSentEvents(terminator: "[DONE]") }
    var path = "/chat"
    var prompt = ["prompt": "hi"]
    var body: RequestBody { .json(prompt) }
    var reconnection = ReconnectionPolicy(defaultDelay: 0.01)
}

/// `GET /lines`: JSON lines of `Tick`.
struct TickLines: GET, StreamingEndpoint {
    typealias Element = Tick
    static var streamFormat: StreamFormat<Tick> { .jsonLines }
    var path = "/lines"
    var query: Parameters = [:]
}

/// `GET /text`: text lines.
struct TextLines: GET, StreamingEndpoint {
    typealias Element = String
    static var streamFormat: StreamFormat<String> { .lines }
    var path = "/text"
}

/// `GET /bytes`: the body's bytes.
struct RawBytes: GET, StreamingEndpoint {
    typealias Element = Data
    static var streamFormat: StreamFormat<Data> { .bytes }
    var path = "/bytes"
    var query: Parameters = [:]
}
