import Foundation

/// The state of one iteration of a ``ResponseStream``: the connection's body, the parser, the
/// pieces parsed but not yet read, and what reconnecting needs (the last event ID, the server's
/// `retry`, the failures in a row). It runs in the reader's task and on its actor.
///
/// It is not generic: it cuts the body into pieces (events, numbered lines or chunks) that the
/// iterator, which knows the element type, turns into elements as it hands them out. A piece
/// that does not decode then ends the stream after the elements before it.
@usableFromInline final class StreamReader {
    private let framing: StreamFraming
    private let acceptsContentType: (@Sendable (String?) -> Bool)?
    private let expectedContentType: String
    private let connection: Result<StreamConnection, EndpointError>

    // The next three are read and written per element by the iterator, in the reading task only,
    // never while another access is under way: `@exclusivity(unchecked)` spares a run-time
    // exclusivity check on each access (5 to 10 % more events per second).

    /// The events parsed from the last chunk (Server-Sent Events) and not handed out yet.
    @usableFromInline @exclusivity(unchecked) var events = PieceQueue<ServerSentEvent<String>>()
    /// The numbered lines parsed from the last chunk (lines) and not handed out yet.
    @usableFromInline @exclusivity(unchecked) var lines = PieceQueue<(Int, Data)>()
    /// The last chunk (bytes), until it is handed out.
    @usableFromInline @exclusivity(unchecked) var pieces = PieceQueue<Data>()
    /// What turning a piece into an element needs: set before the first piece.
    @usableFromInline var context: StreamContext!

    private var body: ResponseBodyBuffer?
    private var chunks: ResponseBodyBuffer.Chunks.AsyncIterator?
    private var eventParser = ServerSentEventParser()
    private var lineParser: JSONLinesParser
    private var isFinished = false
    /// Reconnections in a row that received no event.
    private var failuresInARow = 0
    private var receivedOnThisConnection = false
    private let deadline: StreamDeadline?
    /// Who watches this iteration.
    private let observing: StreamObserving
    /// The client's observation of this iteration, made when it first opens; `nil` without
    /// observers.
    private var observation: (any CallObservation)?
    /// Whether the observation has heard the end of the stream.
    private var hasReportedEnd = false
    /// The pieces received, for the observation.
    private var received = 0
    /// How the last connection ended, for the observation of the reconnection.
    private var lastFailure: EndpointError?

    init(
        framing: StreamFraming, acceptsContentType: (@Sendable (String?) -> Bool)?, expectedContentType: String,
        connection: Result<StreamConnection, EndpointError>, observing: StreamObserving
    ) {
        self.framing = framing
        self.acceptsContentType = acceptsContentType
        self.expectedContentType = expectedContentType
        self.connection = connection
        self.observing = observing
        if case .lines(let skippingBlank) = framing {
            lineParser = JSONLinesParser(skipsBlankLines: skippingBlank)
        } else {
            lineParser = JSONLinesParser()
        }
        deadline = (try? connection.get()).flatMap { connection in
            connection.deadline.map { StreamDeadline(seconds: $0, clock: connection.clock) }
        }
    }

    deinit {
        body?.cancel()
        deadline?.cancel()
        reportEnd(failure: nil)  // the reader left the loop, or finished
    }

    /// Parses pieces until there is at least one to hand out: reads the body, opening (or
    /// reopening) the connection as needed.
    ///
    /// - Returns: `false` at the end of the stream.
    /// - Throws: ``EndpointError``, naming the stream's call.
    @usableFromInline
    func refill(isolation actor: isolated (any Actor)?) async throws(EndpointError) -> Bool {
        do {
            let refilled = try await refillPieces(isolation: actor)
            if let observation {
                let count = events.count + lines.count + pieces.count
                received += count
                if count > 0 { observation.didReceiveStreamPieces(count) }
                if !refilled { reportEnd(failure: nil) }
            }
            return refilled
        } catch {
            // Where a stream's errors leave it: the call is named in those that do not name it yet
            // (a request that could not be built names it already).
            let attributed =
                if case .success(let connection) = connection {
                    error.attributed(to: CallContext(method: connection.method, url: connection.url))
                } else {
                    error
                }
            reportEnd(failure: attributed)
            throw attributed
        }
    }

    /// Tells the observation, once, that the stream ended.
    private func reportEnd(failure: EndpointError?) {
        guard let observation, !hasReportedEnd else { return }
        hasReportedEnd = true
        observation.didEndStream(receiving: received, failure: failure)
    }

    /// ``refill(isolation:)`` without naming the call in its errors.
    private func refillPieces(isolation actor: isolated (any Actor)?) async throws(EndpointError) -> Bool {
        events.removeAll()
        lines.removeAll()
        pieces.removeAll()
        while true {
            if isFinished { return false }
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
            if let chunk { parse(chunk) } else { try endOfBody() }
            if !events.isEmpty || !lines.isEmpty || !pieces.isEmpty { return true }
        }
    }

    /// Ends the stream after a piece failed to decode.
    @usableFromInline
    func fail(_ error: EndpointError) {
        reportEnd(failure: error)
        closeBody()
        deadline?.cancel()
        isFinished = true
        events.removeAll()
        lines.removeAll()
        pieces.removeAll()
    }

    // MARK: - Connections

    /// Opens a connection: the first, or a reconnection after waiting as the policy says.
    private func open(isolation actor: isolated (any Actor)?) async throws(EndpointError) {
        if observation == nil, !hasReportedEnd {
            observation = observing.pipeline.observation(
                of: observing.endpoint, url: try? connection.get().url, isStream: true)
        }
        let connection = try connection.get()
        while true {
            if failuresInARow > 0, let policy = connection.reconnection {
                let delay = policy.delay(beforeAttempt: failuresInARow, serverRetry: eventParser.reconnectionTime)
                if let observation, let lastFailure {
                    observation.willReconnect(after: lastFailure, delay: delay, lastEventID: eventParser.lastEventID)
                }
                try await connection.clock.pause(seconds: delay)
            }
            let outcome: Attempts.Outcome
            do {
                outcome = try await connection.open(
                    lastEventID: eventParser.lastEventID, observation: observation, within: deadline?.remaining)
            } catch {
                // The deadline that ran out is the stream's own, not what was left of it.
                if case .timedOut = error, let seconds = connection.deadline { throw .timedOut(after: seconds) }
                // A reconnection that cannot reach the server tries again; any answer ends it.
                guard case .transportFailed = error, canReconnect(connection) else { throw error }
                failuresInARow += 1
                lastFailure = error
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
        if case .serverSentEvents = framing, head.statusCode != 200 {
            body.cancel()
            throw connection.validation.failure(for: head, method: connection.method, now: connection.clock.now())
        }
        if let acceptsContentType, !acceptsContentType(head.headers["Content-Type"]) {
            let response = try? await StreamedResponse(head: head, body: body).collected(
                upTo: Delivery.streamErrorBodyLimit)
            throw .invalidResponse(.unexpectedContentType(response ?? head, expected: expectedContentType))
        }
        self.body = body
        deadline?.watch(body)
        chunks = body.chunks.makeAsyncIterator()
        context = StreamContext(decoder: connection.decoder, method: connection.method, head: head)
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
        try connectionEnded(with: endpointError(for: error, connection: connection), connection: connection)
    }

    /// The connection ended with `failure`: the next ``open(isolation:)`` reconnects, if the
    /// stream does, the failure is the connection's and the policy's limit is not reached; else
    /// the stream ends with the failure.
    private func connectionEnded(with failure: EndpointError, connection: StreamConnection) throws(EndpointError) {
        closeBody()
        if receivedOnThisConnection { failuresInARow = 0 }
        guard case .transportFailed = failure, canReconnect(connection) else {
            isFinished = true
            throw failure
        }
        eventParser.finish()  // a partial event is discarded; the last event ID and retry are kept
        failuresInARow += 1
        lastFailure = failure
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

    /// The server ended the body. An event stream that reconnects on close (a `GET`, as
    /// `EventSource` does "whether the connection is closed gracefully or unexpectedly") drops a
    /// partial event and reconnects; its policy's limit fails it with
    /// `URLError(.networkConnectionLost)`. Any other stream ends cleanly, the last line without a
    /// line end handed over as a line, a partial event discarded.
    private func endOfBody() throws(EndpointError) {
        if case .serverSentEvents = framing, case .success(let connection) = connection,
            let policy = connection.reconnection, policy.reconnectsOnClose(connection.method)
        {
            let closed = TransportFailure(
                method: connection.method, url: connection.url, underlying: URLError(.networkConnectionLost))
            try connectionEnded(with: .transportFailed(closed), connection: connection)
            return
        }
        if case .lines = framing {
            lineParser.finish { number, line in lines.append((number, Data(line))) }
        }
        closeBody()
        deadline?.cancel()
        isFinished = true
    }

    // MARK: - Parsing

    /// Cuts a chunk into pieces.
    private func parse(_ chunk: Data) {
        switch framing {
        case .serverSentEvents(let terminator):
            // The parser into a local, not used in place: each access to a property of this
            // class inside the closure costs an exclusivity check (7 % more events per second).
            var terminated = false
            var parser = ServerSentEventParser()
            swap(&parser, &eventParser)  // moved, so that the local copy is unique: no copy on write
            chunk.withUnsafeBytes { bytes in
                parser.parse(bytes) { event in
                    guard !terminated else { return }
                    if let terminator, event.data == terminator {
                        terminated = true
                        return
                    }
                    events.append(event)
                }
            }
            eventParser = parser
            if !events.isEmpty || terminated { receivedOnThisConnection = true }
            if terminated {
                closeBody()
                deadline?.cancel()
                isFinished = true
            }
        case .lines:
            var parser = JSONLinesParser()
            swap(&parser, &lineParser)
            chunk.withUnsafeBytes { bytes in
                parser.parse(bytes) { number, line in lines.append((number, Data(line))) }
            }
            lineParser = parser
        case .bytes:
            pieces.append(chunk)
        }
    }
}
