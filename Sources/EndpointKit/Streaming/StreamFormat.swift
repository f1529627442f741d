import Foundation

/// How a ``StreamingEndpoint``'s body becomes its elements: Server-Sent Events (their `data` as
/// text, or decoded from JSON), JSON lines, text lines, or the bytes as they arrive.
///
/// <!-- snippet needs: Chunk, Price -->
/// ```swift
/// let chat: StreamFormat<ServerSentEvent<Chunk>> = .serverSentEvents(terminator: "[DONE]")
/// let events: StreamFormat<ServerSentEvent<String>> = .serverSentEvents()
/// let prices: StreamFormat<Price> = .jsonLines
/// let lines: StreamFormat<String> = .lines
/// let bytes: StreamFormat<Data> = .bytes
/// ```
public struct StreamFormat<Element: Sendable>: Sendable {
    /// A piece of the body, as the framing cuts it.
    @usableFromInline enum Piece {
        case event(ServerSentEvent<String>)
        /// A line's number (from 1) and its bytes.
        case line(Int, Data)
        case bytes(Data)
    }

    @usableFromInline let framing: StreamFraming
    /// The `Accept` header of the request, unless the endpoint sets one.
    let accept: String
    /// Whether a response's `Content-Type` is one this format reads; `nil` reads any.
    let acceptsContentType: (@Sendable (String?) -> Bool)?
    /// What the media types `acceptsContentType` accepts are called, in an error.
    let expectedContentType: String
    /// Whether the elements are the parser's `ServerSentEvent<String>`s as they are: then they
    /// are handed over without `makeElement`.
    @usableFromInline let passesEventsThrough: Bool
    @usableFromInline let makeElement: @Sendable (Piece, StreamContext) throws(EndpointError) -> Element

    init(
        framing: StreamFraming, accept: String, acceptsContentType: (@Sendable (String?) -> Bool)?,
        expectedContentType: String, passesEventsThrough: Bool = false,
        makeElement: @escaping @Sendable (Piece, StreamContext) throws(EndpointError) -> Element
    ) {
        self.framing = framing
        self.accept = accept
        self.acceptsContentType = acceptsContentType
        self.expectedContentType = expectedContentType
        self.passesEventsThrough = passesEventsThrough
        self.makeElement = makeElement
    }
}

/// How a stream's body is cut into pieces.
@usableFromInline enum StreamFraming: Sendable {
    case serverSentEvents(terminator: String?)
    case lines(skippingBlank: Bool)
    case bytes
}

/// What turning a piece into an element needs to know: the decoder, and the call and response to
/// name in an error.
@usableFromInline struct StreamContext: Sendable {
    let decoder: any ResponseDecoder
    let method: HTTPMethod
    let head: HTTPResponse
}

extension StreamFormat {
    /// Server-Sent Events (`text/event-stream`) whose `data` is JSON, decoded into `Payload` with
    /// the call's decoder. A malformed event fails with ``EndpointError/decodingFailed(_:)``.
    ///
    /// - Parameter terminator: An event `data` that ends the stream cleanly, such as `[DONE]`;
    ///   it is not decoded and the connection is closed.
    /// - Returns: The format.
    public static func serverSentEvents<Payload: JSONObject>(terminator: String? = nil) -> Self
    where Element == ServerSentEvent<Payload> {
        StreamFormat(
            framing: .serverSentEvents(terminator: terminator), accept: eventStreamType,
            acceptsContentType: isEventStream, expectedContentType: eventStreamType
        ) { piece, context throws(EndpointError) in
            guard case .event(let event) = piece else { preconditionFailure("an event stream gives events") }
            let data = Data(event.data.utf8)
            do {
                let payload = try Payload.decode(from: data, using: context.decoder)
                return ServerSentEvent(type: event.type, data: payload, id: event.id, retry: event.retry)
            } catch {
                var response = context.head
                response.body = data
                var failure = DecodingFailure(
                    decoding: Payload.self, error: error, method: context.method, response: response)
                failure.eventID = event.id
                throw .decodingFailed(failure)
            }
        }
    }

    static var eventStreamType: String { "text/event-stream" }

    @Sendable static func isEventStream(_ contentType: String?) -> Bool {
        mediaType(of: contentType) == eventStreamType
    }

    /// The media type of a `Content-Type` value, lowercased, without parameters.
    static func mediaType(of contentType: String?) -> String? {
        guard let contentType else { return nil }
        let type = contentType.prefix { $0 != ";" }
        return type.trimmingCharacters(in: .whitespaces).lowercased()
    }
}

extension StreamFormat where Element == ServerSentEvent<String> {
    /// Server-Sent Events (`text/event-stream`) with their `data` as text.
    ///
    /// - Parameter terminator: An event `data` that ends the stream cleanly, such as `[DONE]`.
    /// - Returns: The format.
    public static func serverSentEvents(terminator: String? = nil) -> Self {
        StreamFormat(
            framing: .serverSentEvents(terminator: terminator), accept: eventStreamType,
            acceptsContentType: isEventStream, expectedContentType: eventStreamType, passesEventsThrough: true
        ) { piece, _ throws(EndpointError) in
            guard case .event(let event) = piece else { preconditionFailure("an event stream gives events") }
            return event
        }
    }
}

extension StreamFormat where Element: JSONObject {
    /// JSON lines (`application/x-ndjson`, `application/jsonl`): one JSON value per line, decoded
    /// with the call's decoder. Blank lines are skipped. A malformed line fails with
    /// ``EndpointError/decodingFailed(_:)``, whose ``DecodingFailure/line`` is its number.
    ///
    /// The response's `Content-Type` must be a JSON type (`application/x-ndjson`,
    /// `application/jsonl`, `application/json`, …); an HTML error page is refused.
    public static var jsonLines: Self {
        StreamFormat(
            framing: .lines(skippingBlank: true),
            accept: "application/x-ndjson, application/jsonl, application/json;q=0.9",
            acceptsContentType: { mediaType(of: $0)?.contains("json") ?? true },
            expectedContentType: "a JSON lines type such as application/x-ndjson"
        ) { piece, context throws(EndpointError) in
            guard case .line(let number, let data) = piece else { preconditionFailure("JSON lines gives lines") }
            do {
                return try Element.decode(from: data, using: context.decoder)
            } catch {
                var response = context.head
                response.body = data
                var failure = DecodingFailure(
                    decoding: Element.self, error: error, method: context.method, response: response)
                failure.line = number
                throw .decodingFailed(failure)
            }
        }
    }
}

extension StreamFormat where Element == String {
    /// The body's lines as text, as they arrive, without their line ends (LF or CR LF); blank
    /// lines included. Invalid UTF-8 becomes U+FFFD.
    public static var lines: Self {
        StreamFormat(
            framing: .lines(skippingBlank: false), accept: "*/*", acceptsContentType: nil, expectedContentType: "any"
        ) { piece, _ throws(EndpointError) in
            guard case .line(_, let bytes) = piece else { preconditionFailure("lines gives lines") }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}

extension StreamFormat where Element == Data {
    /// The body's bytes in the pieces they arrive in.
    public static var bytes: Self {
        StreamFormat(framing: .bytes, accept: "*/*", acceptsContentType: nil, expectedContentType: "any") {
            piece, _ throws(EndpointError) in
            guard case .bytes(let data) = piece else { preconditionFailure("bytes gives bytes") }
            return data
        }
    }
}
