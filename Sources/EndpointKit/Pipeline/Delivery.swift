import Foundation

/// How a call's response body reaches its caller: the one value that tells the stages of a call
/// a download or a stream from a plain call.
enum Delivery: Sendable {
    /// The whole body, in memory: ``Client/send(_:)`` and everything built on it.
    case whole
    /// An upload's or a download's: progress reported as bytes go and come, and a download's
    /// body written to a file.
    case transfer(TransferOptions)
    /// A stream's: the body handed over as it arrives, at most `bufferSize` bytes held for its
    /// reader.
    case stream(bufferSize: Int)

    /// The most bytes of an unacceptable stream's body read for its error.
    static let streamErrorBodyLimit = 1 << 20

    /// Whether a response delivered this way can be kept in a ``ResponseCache``: not a download's
    /// (its body is in a file) nor a stream's (its body is not there yet).
    var isCacheable: Bool {
        switch self {
        case .whole: true
        case .transfer(let options): options.responseBodyFile == nil
        case .stream: false
        }
    }

    /// Sends `request` through `chain` this way. A stream's body comes back still arriving when
    /// `validation` accepts its status; otherwise it is read (up to 1 MiB), for the error. (A
    /// stream a middleware answered by itself is its whole body.)
    func send(
        _ request: URLRequest, through chain: MiddlewareChain, validation: StatusValidation
    ) async throws -> Sent {
        let sent = try await chain.send(request, as: self)
        guard case .stream = self else { return sent }
        let streamed =
            if let body = sent.body {
                StreamedResponse(head: sent.response, body: body)
            } else {
                StreamedResponse(whole: sent.response)
            }
        guard !Task.isCancelled else {
            streamed.body.cancel()
            throw CancellationError()
        }
        if validation.accepts(streamed.head) { return Sent(response: streamed.head, body: streamed.body) }
        return Sent(response: try await streamed.collected(upTo: Self.streamErrorBodyLimit))
    }
}

/// What one attempt got back: the response, and a stream's body, still arriving.
struct Sent: Sendable {
    /// The response; its body is empty while ``body`` delivers it.
    var response: HTTPResponse
    /// A stream's accepted body, still arriving; `nil` otherwise.
    var body: ResponseBodyBuffer? = nil
}
