import Foundation

/// When a Server-Sent Events stream that drops is opened again, as the browser's `EventSource`
/// does: after the server's last `retry` time (or ``defaultDelay``), growing by
/// ``backoffMultiplier`` for each failure in a row, with the `Last-Event-ID` header set to the
/// last event ID received. The reader sees one continuous sequence.
///
/// A stream reconnects when its connection fails or is cut (a transport failure, an idle
/// timeout); it ends cleanly when the server ends the body, or answers a reconnection with
/// `204 No Content`. A reconnection answered with another status, or without
/// `text/event-stream`, ends the stream with that error.
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
    /// The most reconnections in a row that receive no event; the stream then ends with the last
    /// failure. `0` never reconnects.
    public var maximumAttempts: Int
    /// The wait before the first reconnection, in seconds, until the server sets one with
    /// `retry`.
    public var defaultDelay: TimeInterval
    /// What each further failure in a row multiplies the wait by.
    public var backoffMultiplier: Double
    /// The longest wait, in seconds.
    public var maximumDelay: TimeInterval
    /// Whether a request other than `GET` (a `POST` with a body) is sent again. Off by default:
    /// sending it again may repeat what it does.
    public var resendsNonGETRequests: Bool

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - maximumAttempts: The most reconnections in a row without an event; 5 by default.
    ///   - defaultDelay: The first wait, until the server sets one; 3 seconds by default.
    ///   - backoffMultiplier: The growth of the wait per failure in a row; 2 by default.
    ///   - maximumDelay: The longest wait; 60 seconds by default.
    ///   - resendsNonGETRequests: Whether a request other than `GET` is sent again; `false` by
    ///     default.
    public init(
        maximumAttempts: Int = 5, defaultDelay: TimeInterval = 3, backoffMultiplier: Double = 2,
        maximumDelay: TimeInterval = 60, resendsNonGETRequests: Bool = false
    ) {
        self.maximumAttempts = maximumAttempts
        self.defaultDelay = defaultDelay
        self.backoffMultiplier = backoffMultiplier
        self.maximumDelay = maximumDelay
        self.resendsNonGETRequests = resendsNonGETRequests
    }

    /// Five reconnections in a row at most, 3 s apart until the server says otherwise, doubling
    /// up to 60 s; `GET` only.
    public static let `default` = ReconnectionPolicy()

    /// Never reconnects: a drop ends the stream with its error.
    public static let never = ReconnectionPolicy(maximumAttempts: 0)

    /// Whether a stream of `method` reconnects at all.
    func reconnects(_ method: HTTPMethod) -> Bool {
        maximumAttempts > 0 && (method == .get || resendsNonGETRequests)
    }

    /// The wait before reconnection number `failures` in a row (from 1), given the server's
    /// `retry` in milliseconds, if it sent one.
    func delay(beforeAttempt failures: Int, serverRetry: Int?) -> TimeInterval {
        let base = serverRetry.map { TimeInterval($0) / 1000 } ?? defaultDelay
        let grown = base * pow(backoffMultiplier, Double(max(failures - 1, 0)))
        return min(grown, maximumDelay)
    }
}
