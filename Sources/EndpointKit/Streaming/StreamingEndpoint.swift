/// An endpoint whose response is a stream: Server-Sent Events, JSON lines, text lines or bytes,
/// read with ``Client/stream(_:)`` as they arrive instead of as one decoded value.
///
/// Declare the element type and its ``StreamFormat``; everything else (method, path, query,
/// headers, body, options) is declared as for any endpoint, and the call goes through the same
/// authenticator, middleware and validation:
///
/// <!-- snippet needs: Chunk, ChatRequest, client, request -->
/// ```swift
/// struct ChatCompletion: POST, StreamingEndpoint {
///     typealias Element = ServerSentEvent<Chunk>
///     static var streamFormat: StreamFormat<Element> { .serverSentEvents(terminator: "[DONE]") }
///     let path = "/v1/chat/completions"
///     let request: ChatRequest
///     var body: RequestBody { .json(request) }
/// }
///
/// for try await event in client.stream(ChatCompletion(request: request)) {
///     print(event.data.choices[0].delta.content ?? "", terminator: "")
/// }
/// ```
///
/// A Server-Sent Events stream reconnects as the browser's `EventSource` does, when its connection
/// fails and (for a `GET`) when its server ends the response, until a `204` or its terminator (see
/// ``reconnection``); the other formats end with the server's end, or fail with the error.
public protocol StreamingEndpoint: Endpoint {
    /// Not used by ``Client/stream(_:)``: a streaming endpoint has no single response value, and
    /// leaves this type out.
    associatedtype ResponseType = _StreamedBody
    /// What the stream gives: ``ServerSentEvent``s, decoded values (JSON lines), `String` lines
    /// or `Data` chunks.
    associatedtype Element: Sendable

    /// How the body becomes elements.
    static var streamFormat: StreamFormat<Element> { get }

    /// When and how a Server-Sent Events stream whose connection ends is opened again;
    /// ``ReconnectionPolicy/default`` unless the endpoint says otherwise. A request other than
    /// `GET` is sent again only after a failure, and only if the policy's
    /// ``ReconnectionPolicy/resendsNonGETRequests`` is `true`.
    var reconnection: ReconnectionPolicy { get }

    /// The most bytes of the body held for a reader that is slower than the server, before the
    /// transport is told to wait; 256 KiB by default.
    var bufferSize: Int { get }
}

extension StreamingEndpoint {
    /// ``ReconnectionPolicy/default``.
    public var reconnection: ReconnectionPolicy { .default }

    /// 256 KiB.
    public var bufferSize: Int { 256 << 10 }
}

/// The ``Endpoint/ResponseType`` of a ``StreamingEndpoint`` that leaves it out, as each one
/// does: its body is read as a stream with ``Client/stream(_:)`` and has no single value. It has
/// no instances, and decoding one fails with an error that says to call `stream(_:)`.
///
/// Public only because the protocol's default type must be; the underscore keeps it out of the
/// documentation and of code completion, as the standard library's own such types. No code
/// needs to name it.
public enum _StreamedBody: JSONObject {
    /// Fails: a streamed body is read with ``Client/stream(_:)``.
    public init(json: JSON) throws {
        throw StreamedBodyError()
    }

    /// A stream's body is not decoded as one value.
    public static func decode(from body: Data, using decoder: any ResponseDecoder) throws -> _StreamedBody {
        throw StreamedBodyError()
    }
}

/// The default ``Endpoint/ResponseType`` of a ``StreamingEndpoint``, under the name 0.3.0 gave
/// it. Nothing needs to name it: leave it out.
@available(
    *, deprecated,
    message: "A StreamingEndpoint needs no ResponseType: leave it out. StreamedBody will be removed in a later release."
)
public typealias StreamedBody = _StreamedBody

/// Why a streaming endpoint's ``Endpoint/ResponseType`` cannot be decoded.
struct StreamedBodyError: Error, CustomStringConvertible {
    var description: String {
        "the endpoint streams its response: read it with Client.stream(_:), not as one value"
    }
}
