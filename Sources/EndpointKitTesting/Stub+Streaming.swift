import EndpointKit
import Foundation

extension Stub {
    /// A response whose body arrives in parts, as a server streams it: text or bytes split at any
    /// byte, pauses between them, and a drop that cuts the connection. Through a streaming call
    /// (``/EndpointKit/Client/stream(_:)``) each part reaches the reader as it is "sent"; a reader
    /// slower than the script makes the script wait, as a real server would.
    ///
    /// <!-- snippet needs: Price -->
    /// ```swift
    /// struct Ticker: GET, StreamingEndpoint {
    ///     typealias Element = ServerSentEvent<Price>
    ///     static var streamFormat: StreamFormat<Element> { .serverSentEvents() }
    ///     let path = "/ticker"
    /// }
    ///
    /// let transport = StubTransport()
    /// await transport.stub(Ticker(), with: .sequence([
    ///     .stream([.text("id: 1\ndata: {\"price\": 1}\n\n"), .pause(0.05), .text("id: 2\ndata: {\"pri"), .drop()]),
    ///     .stream([.text("id: 2\ndata: {\"price\": 2}\n\n")]),
    /// ]))
    /// ```
    ///
    /// - Parameters:
    ///   - parts: The body's parts, in order.
    ///   - statusCode: The status; `200` by default.
    ///   - headers: The headers; `Content-Type: text/event-stream` by default. A
    ///     `StreamFormat.jsonLines` stream refuses that type: pass
    ///     `["Content-Type": "application/x-ndjson"]` for one.
    /// - Returns: The stub.
    public static func stream(
        _ parts: [StreamPart], statusCode: Int = 200, headers: HTTPHeaders = ["Content-Type": "text/event-stream"]
    ) -> Stub {
        Stub(outcome: .stream(statusCode: statusCode, headers: headers, parts: parts))
    }

    /// Answers the first request with the first stub, the second with the second, and so on; the
    /// last stub answers every request after that. For a stream that reconnects: the first
    /// connection's answer, then the next one's.
    ///
    /// - Parameter stubs: The answers, in order; at least one.
    /// - Returns: The stub.
    public static func sequence(_ stubs: [Stub]) -> Stub {
        precondition(!stubs.isEmpty, "a sequence needs at least one stub")
        return Stub(outcome: .sequence(StubSequence(stubs)))
    }

    /// One part of a ``Stub/stream(_:statusCode:headers:)`` body.
    public struct StreamPart: Sendable {
        enum Kind: Sendable {
            case bytes(Data)
            case pause(TimeInterval)
            case drop(any Error)
        }

        let kind: Kind

        /// The UTF-8 bytes of `text`, sent as one chunk.
        public static func text(_ text: String) -> StreamPart {
            StreamPart(kind: .bytes(Data(text.utf8)))
        }

        /// `bytes`, sent as one chunk.
        public static func bytes(_ bytes: Data) -> StreamPart {
            StreamPart(kind: .bytes(bytes))
        }

        /// A pause of `seconds` before the next part.
        public static func pause(_ seconds: TimeInterval) -> StreamPart {
            StreamPart(kind: .pause(seconds))
        }

        /// The connection drops: the body ends with `error`, `URLError(.networkConnectionLost)` by
        /// default. Parts after it are not sent.
        public static func drop(_ error: any Error = URLError(.networkConnectionLost)) -> StreamPart {
            StreamPart(kind: .drop(error))
        }
    }

    /// Answers a streaming call: a stream stub's parts go into the body's buffer as a task sends
    /// them; any other stub's response is handed over whole.
    func answerStreaming(_ request: URLRequest, bufferSize: Int) async throws -> StreamedResponse {
        if delay > 0 {
            try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
        }
        switch outcome {
        case .sequence(let sequence):
            return try await sequence.next().answerStreaming(request, bufferSize: bufferSize)
        case .stream(let statusCode, let headers, let parts):
            let head = HTTPResponse(statusCode: statusCode, headers: headers, url: request.url)
            return StreamedResponse(head: head, bufferSize: bufferSize) { body in
                for part in parts {
                    switch part.kind {
                    case .bytes(let bytes): try await body.write(bytes)
                    case .pause(let seconds): try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
                    case .drop(let error): throw error
                    }
                }
            }
        case .response, .failure:
            return StreamedResponse(whole: try await answer(request))
        }
    }
}

/// The answers of a ``Stub/sequence(_:)``, taken in order.
final class StubSequence: Sendable {
    private let stubs: [Stub]
    private let index = Locked(0)

    init(_ stubs: [Stub]) {
        self.stubs = stubs
    }

    func next() -> Stub {
        index.withLock { index in
            defer { index = min(index + 1, stubs.count - 1) }
            return stubs[index]
        }
    }
}
