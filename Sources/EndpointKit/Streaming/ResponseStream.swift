import Foundation

/// The elements of a streaming call, as they arrive: what ``Client/stream(_:)`` returns.
///
/// Iterating it sends the request; each iteration sends it anew. Its errors are
/// ``EndpointError``s, as for every call. Leaving the loop early (`break`, a thrown error) or
/// cancelling the task closes the connection.
///
/// ```swift
/// for try await event in client.stream(ChatCompletion(request: request)) {
///     print(event.data.choices[0].delta.content ?? "", terminator: "")
/// }
/// ```
///
/// Its iterator implements `next(isolation:)` (SE-0421): a loop on the main actor reads without a
/// hop to another thread per element.
public struct ResponseStream<Element: Sendable>: AsyncSequence, Sendable {
    /// Every failure of a stream is an ``EndpointError``.
    public typealias Failure = EndpointError

    let format: StreamFormat<Element>
    /// How to open the stream's connections, or why the request could not be built.
    let connection: Result<StreamConnection, EndpointError>

    /// An iterator that sends the request when it is first asked for an element.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(reader: StreamReader(format: format, connection: connection))
    }

    /// Reads the elements of a ``ResponseStream``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let reader: StreamReader<Element>

        /// The next element, or `nil` at the end of the stream.
        public mutating func next() async throws(EndpointError) -> Element? {
            try await reader.next(isolation: nil)
        }

        /// The next element, or `nil` at the end of the stream, read on the caller's actor.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(EndpointError) -> Element? {
            try await reader.next(isolation: actor)
        }
    }
}

/// What a ``ResponseStream`` needs from its client to open connections.
struct StreamConnection: Sendable {
    let method: HTTPMethod
    let url: URL?
    /// When the stream reconnects; `nil` for a format other than Server-Sent Events, or a method
    /// the policy does not send again.
    let reconnection: ReconnectionPolicy?
    /// The endpoint's own total deadline, in seconds, for the whole stream.
    let deadline: TimeInterval?
    let decoder: any ResponseDecoder
    let validation: StatusValidation
    /// Sends the request through the client's pipeline, with `Last-Event-ID` when given, and
    /// returns its acceptable response with the body still arriving.
    let open: @Sendable (_ lastEventID: String?) async throws(EndpointError) -> Attempts.Outcome
}
