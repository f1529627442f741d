/// One event of a Server-Sent Events stream (`text/event-stream`), as the WHATWG HTML standard's
/// parser (§9.2.6) dispatches it, with its `data` as text (`ServerSentEvent<String>`) or decoded
/// from JSON into the type the endpoint declares.
///
/// <!-- snippet needs: client, ChatCompletion, request -->
/// ```swift
/// for try await event in client.stream(ChatCompletion(request: request)) {
///     print(event.data.choices.first?.delta.content ?? "", terminator: "")
/// }
/// ```
///
/// For the stream
///
/// ```
/// data: first
///
/// event: price
/// id: 7
/// retry: 5000
/// data: 12.5
///
/// data: third
///
/// ```
///
/// the events are `(type: "message", data: "first", id: nil, retry: nil)`,
/// `(type: "price", data: "12.5", id: "7", retry: 5000)` and
/// `(type: "message", data: "third", id: "7", retry: nil)`: an ID holds until another `id` field
/// changes it, and a reconnection sends it as `Last-Event-ID`; a `retry` sets the wait before
/// reconnections from then on, but only its own event shows it.
public struct ServerSentEvent<Payload: Sendable>: Sendable {
    /// The event type: the last `event` field of the event, or `message` without one.
    public var type: String
    /// The `data` fields of the event, joined with line feeds; decoded, when `Payload` is not
    /// `String`.
    public var data: Payload
    /// The last event ID when the event was dispatched: set by an `id` field of this event or of
    /// an earlier one, on this connection or an earlier one of the stream (an empty `id` field sets
    /// it to ""); `nil` before any `id` field. A reconnection sends it as `Last-Event-ID`. An `id`
    /// value that contains NUL is ignored.
    public var id: String?
    /// The reconnection time in milliseconds that a `retry` field of this event set (ASCII digits
    /// only; another value is ignored), `nil` when it has none. It sets the wait before every
    /// later reconnection, until another `retry` changes it.
    public var retry: Int?

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - type: The event type; `message` by default.
    ///   - data: The data.
    ///   - id: The last event ID.
    ///   - retry: The reconnection time in milliseconds that the event set.
    public init(type: String = "message", data: Payload, id: String? = nil, retry: Int? = nil) {
        self.type = type
        self.data = data
        self.id = id
        self.retry = retry
    }
}

extension ServerSentEvent: Equatable where Payload: Equatable {}

extension ServerSentEvent: CustomStringConvertible {
    /// The event in the wire format's field order, for test failures and logs.
    public var description: String {
        var fields = ["event: \(type)", "data: \(String(reflecting: data))"]
        if let id { fields.append("id: \(id.debugDescription)") }
        if let retry { fields.append("retry: \(retry)") }
        return "ServerSentEvent(\(fields.joined(separator: ", ")))"
    }
}
