import EndpointKit
import Foundation
import Testing

/// The stream server's routes (TestServers' `StreamServer` finds it).
extension StreamServer {
    /// A key no other test uses.
    static func uniqueKey() -> String {
        "s-\(UUID().uuidString.prefix(8))"
    }

    /// `GET /log/{key}`: the connections the server saw for a key.
    struct Log: GET {
        struct Connections: Decodable, JSONObject {
            struct Connection: Decodable, Sendable {
                let method: String
                let lastEventID: String?
                let authorization: String?
                /// The response's status; `nil` while it runs, or when the client left first.
                let status: Int?
                let started: Double
                let ended: Double?
                let disconnectedByClient: Bool

                enum CodingKeys: String, CodingKey {
                    case lastEventID = "last_event_id"
                    case method, authorization, status, started, ended
                    case disconnectedByClient = "disconnected_by_client"
                }
            }
            let connections: [Connection]
        }
        typealias ResponseType = Connections
        let key: String
        var path: String { "/log/\(segment: key)" }
    }

    /// `POST /sse/{key}/auth/refresh`.
    struct Refresh: POST {
        struct Token: Decodable, JSONObject { let token: String }
        typealias ResponseType = Token
        let key: String
        var path: String { "/sse/\(segment: key)/auth/refresh" }
        var body: RequestBody { .empty }
    }
}

/// An event of the streaming server: `{"index": i, "text": "event i"}`.
struct ServerEvent: Decodable, JSONObject, Equatable {
    let index: Int
}

/// `GET /sse/{key}/{route}`: the streaming server's Server-Sent Events. The route `batches` sends
/// at most `per` events per response, each response ended as `end` says (`close`, `chunked` or
/// `length`), then `204` once all `count` were sent.
struct ServerEvents: GET, StreamingEndpoint {
    typealias Element = ServerSentEvent<ServerEvent>
    static var streamFormat: StreamFormat<Element> { .serverSentEvents() }
    let key: String
    var route = "events"
    var query: Parameters = [:]
    var reconnection = ReconnectionPolicy(maximumAttempts: 3, defaultDelay: 0.05)
    var path: String { "/sse/\(segment: key)/\(route)" }
}

/// `POST /sse/{key}/batches`: as ``ServerEvents`` with the route `batches`, sent as a `POST`.
struct PostedBatchEvents: POST, StreamingEndpoint {
    typealias Element = ServerSentEvent<ServerEvent>
    static var streamFormat: StreamFormat<Element> { .serverSentEvents() }
    let key: String
    var query: Parameters
    var reconnection = ReconnectionPolicy(maximumAttempts: 3, defaultDelay: 0.05)
    var path: String { "/sse/\(segment: key)/batches" }
    var body: RequestBody { .empty }
}

/// `GET /sse/{key}/flood`: events of `x`s, as fast as the reader takes them; no reconnection.
struct FloodEvents: GET, StreamingEndpoint {
    typealias Element = ServerSentEvent<String>
    static var streamFormat: StreamFormat<Element> { .serverSentEvents() }
    let key: String
    var query: Parameters = [:]
    var reconnection: ReconnectionPolicy { .never }
    var path: String { "/sse/\(segment: key)/flood" }
}

/// httpbin's `GET /redirect-to`, answered with a `302` to `target`: a stream that starts on
/// another origin.
struct RedirectedEvents: GET, StreamingEndpoint {
    typealias Element = ServerSentEvent<ServerEvent>
    static var streamFormat: StreamFormat<Element> { .serverSentEvents() }
    let target: String
    var path: String { "/redirect-to" }
    var query: Parameters { ["url": target] }
    var reconnection: ReconnectionPolicy { .never }
}

/// `GET /ndjson/{key}`.
struct ServerLines: GET, StreamingEndpoint {
    typealias Element = ServerEvent
    static var streamFormat: StreamFormat<ServerEvent> { .jsonLines }
    let key: String
    var query: Parameters = [:]
    var path: String { "/ndjson/\(segment: key)" }
}

/// `POST /v1/chat/completions`: OpenAI-style chat completion chunks, ended by `[DONE]`.
struct ChatCompletion: POST, StreamingEndpoint {
    struct Message: Encodable, Sendable {
        let role: String
        let content: String
    }
    struct Request: Encodable, Sendable {
        let model: String
        let messages: [Message]
        let stream: Bool
    }
    struct Chunk: Decodable, JSONObject {
        struct Choice: Decodable, Sendable {
            struct Delta: Decodable, Sendable { let content: String? }
            let delta: Delta
        }
        let choices: [Choice]
    }
    typealias Element = ServerSentEvent<Chunk>
    static var streamFormat: StreamFormat<Element> { .serverSentEvents(terminator: "[DONE]") }
    let prompt: String
    var key: String?
    var path: String { "/v1/chat/completions" }
    var query: Parameters { key.map { ["key": $0] } ?? [:] }
    var body: RequestBody {
        .json(Request(model: "local", messages: [Message(role: "user", content: prompt)], stream: true))
    }
}
