import Foundation

/// When a Server-Sent Events stream is opened again, as the browser's `EventSource` does: after
/// the server's last `retry` time (or ``defaultDelay``), growing by ``backoffMultiplier`` for each
/// reconnection in a row that brought no event, with the `Last-Event-ID` header set to the ID of
/// the last complete event. The reader sees one continuous sequence.
///
/// A `GET` stream reconnects whenever its connection ends, "whether the connection is closed
/// gracefully or unexpectedly" (WHATWG HTML, §9.2.3): when the server ends the response (closes
/// the connection, sends the last chunk or the whole `Content-Length`), even in the middle of an
/// event, and when the connection fails (a transport failure, an idle timeout). A partial event
/// is dropped. Only these end the stream:
/// - a reconnection answered with `204 No Content`, cleanly;
/// - an event whose data is the format's terminator (`.serverSentEvents(terminator: "[DONE]")`),
///   cleanly;
/// - leaving the loop, or cancelling its task;
/// - ``maximumAttempts`` reconnections in a row that bring no event: the stream then fails with
///   the last connection's error, `URLError(.networkConnectionLost)` when the server ended it;
/// - a reconnection answered with another status, or without `text/event-stream`: the stream
///   fails with that error.
///
/// With ``endsOnClose``, a stream ends cleanly when its server ends the response, and reconnects
/// only after a failure. A request other than `GET` (a chat completion's `POST`) always ends when
/// its server ends the response, and is sent again after a failure only with
/// ``resendsNonGETRequests``.
///
/// ```swift
/// struct Feed: GET, StreamingEndpoint {
///     typealias Element = ServerSentEvent<String>
///     static var streamFormat: StreamFormat<Element> { .serverSentEvents() }
///     var reconnection: ReconnectionPolicy { ReconnectionPolicy(maximumAttempts: 10, defaultDelay: 1) }
///     let path = "/feed"
/// }
/// ```
public struct ReconnectionPolicy: Sendable, Equatable {
    /// The most reconnections in a row that bring no event; the stream then fails with the last
    /// connection's error. So at most `1 + maximumAttempts` connections in a row end without an
    /// event: with `2`, a server that never sends one sees 3 connections. An event resets the
    /// count. `0` never reconnects.
    public var maximumAttempts: Int
    /// The wait before the first reconnection, in seconds, until the server sets one with
    /// `retry`.
    public var defaultDelay: TimeInterval
    /// What each further reconnection in a row without an event multiplies the wait by.
    public var backoffMultiplier: Double
    /// The longest wait, in seconds.
    public var maximumDelay: TimeInterval
    /// Whether a request other than `GET` (a `POST` with a body) is sent again after its
    /// connection fails. Off by default: sending it again may repeat what it does.
    public var resendsNonGETRequests: Bool
    /// Whether a stream ends cleanly when its server ends the response (closes the connection,
    /// sends the last chunk or the whole `Content-Length`), instead of reconnecting as
    /// `EventSource` does. Off by default; a request other than `GET` always ends then.
    public var endsOnClose: Bool

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - maximumAttempts: The most reconnections in a row without an event; 5 by default.
    ///   - defaultDelay: The first wait, until the server sets one; 3 seconds by default.
    ///   - backoffMultiplier: The growth of the wait per reconnection in a row without an event;
    ///     2 by default.
    ///   - maximumDelay: The longest wait; 60 seconds by default.
    ///   - resendsNonGETRequests: Whether a request other than `GET` is sent again after a
    ///     failure; `false` by default.
    ///   - endsOnClose: Whether the stream ends when its server ends the response, instead of
    ///     reconnecting; `false` by default.
    public init(
        maximumAttempts: Int = 5, defaultDelay: TimeInterval = 3, backoffMultiplier: Double = 2,
        maximumDelay: TimeInterval = 60, resendsNonGETRequests: Bool = false, endsOnClose: Bool = false
    ) {
        self.maximumAttempts = maximumAttempts
        self.defaultDelay = defaultDelay
        self.backoffMultiplier = backoffMultiplier
        self.maximumDelay = maximumDelay
        self.resendsNonGETRequests = resendsNonGETRequests
        self.endsOnClose = endsOnClose
    }

    /// Five reconnections in a row without an event at most, 3 s apart until the server says
    /// otherwise, doubling up to 60 s; after a failure or the server's end of the response;
    /// `GET` only.
    public static let `default` = ReconnectionPolicy()

    /// As ``default``, but the stream ends cleanly when its server ends the response: it
    /// reconnects only after a failure (EndpointKit 0.1's behaviour).
    public static let endingOnClose = ReconnectionPolicy(endsOnClose: true)

    /// Never reconnects: a failure ends the stream with its error, the server's end of the
    /// response ends it cleanly.
    public static let never = ReconnectionPolicy(maximumAttempts: 0)

    /// Whether a stream of `method` reconnects at all.
    func reconnects(_ method: HTTPMethod) -> Bool {
        maximumAttempts > 0 && (method == .get || resendsNonGETRequests)
    }

    /// Whether a stream of `method` that reconnects does so when its server ends the response:
    /// a `GET` unless ``endsOnClose``.
    func reconnectsOnClose(_ method: HTTPMethod) -> Bool {
        method == .get && !endsOnClose
    }

    /// The wait before reconnection number `failures` in a row (from 1), given the server's
    /// `retry` in milliseconds, if it sent one.
    func delay(beforeAttempt failures: Int, serverRetry: Int?) -> TimeInterval {
        let base = serverRetry.map { TimeInterval($0) / 1000 } ?? defaultDelay
        let grown = base * pow(backoffMultiplier, Double(max(failures - 1, 0)))
        return min(grown, maximumDelay)
    }
}
