import EndpointKit

/// `POST /v1/chat/completions` with `"stream": true`, as OpenAI-compatible servers answer it:
/// Server-Sent Events whose `data` is a JSON chunk with the next piece of the reply, ended by
/// `data: [DONE]`.
struct ChatCompletion: POST, StreamingEndpoint {
    struct Message: Encodable, Sendable {
        let role: String
        let content: String
    }

    struct Request: Encodable, Sendable {
        let model: String
        let messages: [Message]
        let stream = true
    }

    /// One chunk of the reply.
    struct Chunk: Decodable, JSONObject {
        struct Choice: Decodable, Sendable {
            struct Delta: Decodable, Sendable {
                let content: String?
            }
            let delta: Delta
            let finishReason: String?
        }
        let choices: [Choice]
    }

    typealias Element = ServerSentEvent<Chunk>
    static var streamFormat: StreamFormat<Element> { .serverSentEvents(terminator: "[DONE]") }

    let path = "/v1/chat/completions"
    let model: String
    let messages: [Message]
    var body: RequestBody { .json(Request(model: model, messages: messages)) }
}
