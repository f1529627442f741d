import Foundation

/// The state of one iteration of a ``ResponseStream``: the connection's body, the parser, the
/// elements parsed but not yet read, and what reconnecting needs (the last event ID, the
/// server's `retry`, the failures in a row). It runs in the reader's task and on its actor.
final class StreamReader<Element: Sendable> {
    private let format: StreamFormat<Element>
    private let connection: Result<StreamConnection, EndpointError>

    private var body: ResponseBodyBuffer?
    private var chunks: ResponseBodyBuffer.Chunks.AsyncIterator?
    private var context: StreamFormat<Element>.Context?
    private var events = ServerSentEventParser()
    private var lines: JSONLinesParser
    /// Elements parsed from the last chunk and not yet returned, from `nextIndex` on.
    private var parsed: [Element] = []
    private var nextIndex = 0
    private var isFinished = false
    /// A failure to throw once the elements parsed before it are read.
    private var pendingFailure: EndpointError?
    /// Reconnections in a row that received no event.
    private var failuresInARow = 0
    private var receivedOnThisConnection = false
    private let deadline: StreamDeadline?

    init(format: StreamFormat<Element>, connection: Result<StreamConnection, EndpointError>) {
        self.format = format
        self.connection = connection
        if case .lines(let skippingBlank) = format.framing {
            lines = JSONLinesParser(skipsBlankLines: skippingBlank)
        } else {
            lines = JSONLinesParser()
        }
        deadline = (try? connection.get())?.deadline.map(StreamDeadline.init(seconds:))
    }

    deinit {
        body?.cancel()
        deadline?.cancel()
    }

    func next(isolation actor: isolated (any Actor)?) async throws(EndpointError) -> Element? {
        while true {
            if nextIndex < parsed.count {
                let element = parsed[nextIndex]
                nextIndex += 1
                if nextIndex == parsed.count {
                    parsed.removeAll(keepingCapacity: true)
                    nextIndex = 0
                }
                return element
            }
            if let failure = pendingFailure {
                pendingFailure = nil
                throw failure
            }
            if isFinished { return nil }
            guard var chunks else {
                try await open(isolation: actor)
                continue
            }
            let chunk: Data?
            do {
                chunk = try await chunks.next(isolation: actor)
                self.chunks = chunks
            } catch {
                try await connectionFailed(with: error, isolation: actor)
                continue
            }
            guard let chunk else {
                try endOfBody()
                continue
            }
            parse(chunk)
        }
    }

    // MARK: - Connections

    /// Opens a connection: the first, or a reconnection after waiting as the policy says.
    private func open(isolation actor: isolated (any Actor)?) async throws(EndpointError) {
        let connection = try connection.get()
        while true {
            if failuresInARow > 0, let policy = connection.reconnection {
                let delay = policy.delay(beforeAttempt: failuresInARow, serverRetry: events.reconnectionTime)
                try await Attempts.sleep(seconds: delay)
            }
            let outcome: Attempts.Outcome
            do {
                let lastEventID = events.lastEventID
                if let deadline {
                    outcome = try await Deadline.run(within: deadline.remaining) { () async throws(EndpointError) in
                        try await connection.open(lastEventID)
                    }
                } else {
                    outcome = try await connection.open(lastEventID)
                }
            } catch {
                // A reconnection that cannot reach the server tries again; any answer ends it.
                guard case .transportFailed = error, canReconnect(connection) else { throw error }
                failuresInARow += 1
                continue
            }
            try await start(outcome, connection: connection, isolation: actor)
            return
        }
    }

    /// Checks a new connection's response and starts reading its body.
    private func start(
        _ outcome: Attempts.Outcome, connection: StreamConnection, isolation actor: isolated (any Actor)?
    ) async throws(EndpointError) {
        let head = outcome.response
        let body = outcome.body ?? StreamedResponse(whole: head).body
        if head.statusCode == 204 {
            body.cancel()  // "No Content": the server says there is nothing (more) to stream
            isFinished = true
            return
        }
        if case .serverSentEvents = format.framing, head.statusCode != 200 {
            body.cancel()
            throw connection.validation.failure(for: head, method: connection.method)
        }
        if let accepts = format.acceptsContentType, !accepts(head.headers["Content-Type"]) {
            let response = try? await StreamedResponse(head: head, body: body).collected(
                upTo: Attempts.streamErrorBodyLimit)
            throw .invalidResponse(.unexpectedContentType(response ?? head, expected: format.expectedContentType))
        }
        self.body = body
        deadline?.watch(body)
        chunks = body.chunks.makeAsyncIterator()
        context = StreamFormat.Context(decoder: connection.decoder, method: connection.method, head: head)
        receivedOnThisConnection = false
    }

    private func canReconnect(_ connection: StreamConnection) -> Bool {
        guard let policy = connection.reconnection else { return false }
        return failuresInARow < policy.maximumAttempts
    }

    /// The body failed: reconnects, if the stream does and the failure is the connection's, or
    /// ends the stream with the failure.
    private func connectionFailed(with error: any Error, isolation actor: isolated (any Actor)?)
        async throws(EndpointError)
    {
        let connection = try connection.get()
        let failure = endpointError(for: error, connection: connection)
        closeBody()
        if receivedOnThisConnection { failuresInARow = 0 }
        guard case .transportFailed = failure, canReconnect(connection) else {
            isFinished = true
            throw failure
        }
        events.finish()  // a partial event is discarded; the last event ID and retry are kept
        failuresInARow += 1
    }

    private func endpointError(for error: any Error, connection: StreamConnection) -> EndpointError {
        if deadline?.hasPassed == true, let seconds = connection.deadline { return .timedOut(after: seconds) }
        switch error {
        case let error as EndpointError: return error
        case is CancellationError: return .cancelled
        case let error as URLError where error.code == .cancelled: return .cancelled
        default:
            return .transportFailed(TransportFailure(method: connection.method, url: connection.url, underlying: error))
        }
    }

    private func closeBody() {
        body?.cancel()
        body = nil
        chunks = nil
    }

    /// The server ended the body: the last line without a line end is a line, a partial event is
    /// discarded, and the stream ends (a clean end is not a drop: it does not reconnect).
    private func endOfBody() throws(EndpointError) {
        if case .lines = format.framing, let context {
            do {
                try lines.finish { number, line in parsed.append(try format.makeElement(.line(number, line), context)) }
            } catch {
                closeBody()
                isFinished = true
                throw error as? EndpointError ?? .cancelled
            }
        }
        closeBody()
        deadline?.cancel()
        isFinished = true
    }

    // MARK: - Parsing

    /// Turns a chunk into elements, appended to `parsed`.
    private func parse(_ chunk: Data) {
        guard let context else { return }
        do {
            switch format.framing {
            case .serverSentEvents(let terminator):
                var terminated = false
                try chunk.withUnsafeBytes { bytes in
                    try events.parse(bytes) { event in
                        guard !terminated else { return }
                        receivedOnThisConnection = true
                        if let terminator, event.data == terminator {
                            terminated = true
                            return
                        }
                        parsed.append(try format.makeElement(.event(event), context))
                    }
                }
                if terminated {
                    closeBody()
                    deadline?.cancel()
                    isFinished = true
                }
            case .lines:
                try chunk.withUnsafeBytes { bytes in
                    try lines.parse(bytes) { number, line in
                        parsed.append(try format.makeElement(.line(number, line), context))
                    }
                }
            case .bytes:
                parsed.append(try format.makeElement(.bytes(chunk), context))
            }
        } catch {
            // The elements parsed before the failure are read first, then the failure.
            closeBody()
            deadline?.cancel()
            isFinished = true
            pendingFailure = error as? EndpointError ?? .cancelled
        }
    }
}
