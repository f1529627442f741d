/// One event of a Server-Sent Events stream (`text/event-stream`), as the WHATWG HTML standard's
/// parser (§9.2.6) dispatches it.
///
/// ```swift
/// var parser = ServerSentEventParser()
/// let events = parser.parse(Data("event: delta\ndata: {\"text\":\"Hi\"}\n\n".utf8))
/// // [ServerSentEvent(type: "delta", data: "{\"text\":\"Hi\"}", id: nil, retry: nil)]
/// ```
package struct ServerSentEvent: Sendable, Equatable, CustomStringConvertible {
    /// The event type: the last `event` field of the event, or `message` without one.
    package var type: String
    /// The `data` fields of the event, joined with line feeds.
    package var data: String
    /// The last event ID when the event was dispatched: set by an `id` field of this event or of
    /// an earlier one (an empty `id` field sets it to ""), `nil` while no event has set it. A
    /// reconnection sends it as `Last-Event-ID`.
    package var id: String?
    /// The reconnection time in milliseconds that a `retry` field of this event set, if any.
    package var retry: Int?

    /// Creates an event.
    package init(type: String = "message", data: String, id: String? = nil, retry: Int? = nil) {
        self.type = type
        self.data = data
        self.id = id
        self.retry = retry
    }

    /// The event in the wire format's field order, for test failures and logs.
    package var description: String {
        var fields = ["event: \(type)", "data: \(data.debugDescription)"]
        if let id { fields.append("id: \(id.debugDescription)") }
        if let retry { fields.append("retry: \(retry)") }
        return "ServerSentEvent(\(fields.joined(separator: ", ")))"
    }
}
