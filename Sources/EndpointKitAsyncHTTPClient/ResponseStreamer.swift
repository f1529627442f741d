#if AsyncHTTPClient
    import AsyncHTTPClient
    import EndpointKit
    import Foundation
    import NIOConcurrencyHelpers
    import NIOCore
    import NIOFoundationCompat
    import NIOHTTP1

    /// The AsyncHTTPClient delegate of one streamed exchange: hands the head over as soon as it
    /// arrives and each part of the body to the reader's buffer, with backpressure: while the buffer
    /// is full, the future `didReceiveBodyPart` returns is not completed, so AsyncHTTPClient stops
    /// reading the socket, and the idle timeout is not counted. The reader going away cancels the
    /// exchange.
    final class ResponseStreamer: HTTPClientResponseDelegate, IdleWatched {
        typealias Response = Void

        private struct State {
            /// Who waits for the head, until it is handed over.
            var head: CheckedContinuation<StreamedResponse, any Error>?
            /// The head or the failure, when it came before `start` (AsyncHTTPClient may call the
            /// delegate before `execute` returns).
            var early: Result<StreamedResponse, any Error>?
            var isHeadHandedOver = false
            var visitedURLs = 0
            var lastActivity = NIODeadline.now()
            var isPaused = false
            var task: HTTPClient.Task<Void>?
            var isFinished = false
        }

        private let url: URL?
        let idleTimeout: TimeAmount
        private let watchdog: IdleWatchdog?
        let body: ResponseBodyBuffer
        private let state = NIOLockedValueBox(State())

        /// Creates the delegate of one streamed exchange.
        ///
        /// - Parameters:
        ///   - url: The URL the request goes to.
        ///   - bufferSize: The most bytes held for the reader before AsyncHTTPClient is told to wait.
        ///   - idleTimeout: The longest time without progress, in seconds; zero, negative or not finite
        ///     for none. Time spent waiting for the reader does not count.
        ///   - watchdog: What enforces the idle timeout.
        init(url: URL?, bufferSize: Int, idleTimeout: TimeInterval, watchdog: IdleWatchdog) {
            self.url = url
            let idle = IdleTimeout(idleTimeout)
            self.idleTimeout = idle.amount ?? .nanoseconds(.max)
            self.watchdog = idle.amount == nil ? nil : watchdog
            let state = state
            body = ResponseBodyBuffer(capacity: bufferSize) {
                state.withLockedValue { $0.task }?.cancel()
            }
        }

        /// Starts waiting for the head of `task`'s response, which resumes `head`.
        func start(_ task: HTTPClient.Task<Void>, head: CheckedContinuation<StreamedResponse, any Error>) {
            let early = state.withLockedValue { state -> Result<StreamedResponse, any Error>? in
                state.task = task
                state.lastActivity = .now()
                if !state.isFinished { watchdog?.watch(self) }
                guard let early = state.early else {
                    state.head = head
                    return nil
                }
                state.early = nil
                return early
            }
            if let early { head.resume(with: early) }
            // A failure before any delegate call (no connection) still ends the wait for the head.
            task.futureResult.whenFailure { [self] error in fail(error) }
        }

        func failIfIdle(at now: NIODeadline) -> NIODeadline? {
            let (next, idleTask) = state.withLockedValue { state -> (NIODeadline?, HTTPClient.Task<Void>?) in
                if state.isFinished { return (nil, nil) }
                // While the reader is behind, the timeout is not counted; it starts again on resuming.
                if state.isPaused { return (now + idleTimeout, nil) }
                let deadline = state.lastActivity + idleTimeout
                guard now >= deadline else { return (deadline, nil) }
                return (nil, state.task)
            }
            idleTask?.fail(reason: URLError(.timedOut))
            return next
        }

        func didVisitURL(task: HTTPClient.Task<Void>, _ request: HTTPClient.Request, _ head: HTTPResponseHead) {
            let visits = state.withLockedValue {
                $0.visitedURLs += 1
                return $0.visitedURLs
            }
            if visits > 1 {
                task.fail(reason: HTTPClientFollowsRedirectsError(from: url, to: request.url))
            }
        }

        func didSendRequestPart(task: HTTPClient.Task<Void>, _ part: IOData) {
            state.withLockedValue { $0.lastActivity = .now() }
        }

        func didReceiveHead(task: HTTPClient.Task<Void>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
            state.withLockedValue { $0.lastActivity = .now() }
            handOver(.success(StreamedResponse(head: HTTPResponse(head, body: Data(), url: url), body: body)))
            return task.eventLoop.makeSucceededVoidFuture()
        }

        func didReceiveBodyPart(task: HTTPClient.Task<Void>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
            state.withLockedValue { $0.lastActivity = .now() }
            switch body.append(Data(buffer: buffer, byteTransferStrategy: .automatic)) {
            case .more:
                return task.eventLoop.makeSucceededVoidFuture()
            case .stop:
                return task.eventLoop.makeFailedFuture(CancellationError())
            case .wait:
                state.withLockedValue { $0.isPaused = true }
                let room = task.eventLoop.makePromise(of: Void.self)
                body.whenRoom { [state] in
                    state.withLockedValue {
                        $0.isPaused = false
                        $0.lastActivity = .now()
                    }
                    room.succeed()
                }
                return room.futureResult
            }
        }

        func didReceiveError(task: HTTPClient.Task<Void>, _ error: any Error) {
            fail(error)
        }

        func didFinishRequest(task: HTTPClient.Task<Void>) throws {
            finish()
            body.finish()
            handOver(.failure(URLError(.badServerResponse)))  // no head came: nothing happens if it did
        }

        /// Ends the exchange with `error`: the wait for the head, or the body.
        private func fail(_ error: any Error) {
            finish()
            let reported = URLError(asyncHTTPClientError: error) ?? error
            body.finish(throwing: reported)
            handOver(.failure(reported))
        }

        /// Hands the head (or why there is none) to whoever waits for it, once; keeps it for
        /// `start` if nobody waits yet.
        private func handOver(_ result: Result<StreamedResponse, any Error>) {
            let waiting = state.withLockedValue { state -> CheckedContinuation<StreamedResponse, any Error>? in
                guard !state.isHeadHandedOver else { return nil }
                state.isHeadHandedOver = true
                guard let head = state.head else {
                    state.early = result
                    return nil
                }
                state.head = nil
                return head
            }
            waiting?.resume(with: result)
        }

        /// Marks the exchange as over.
        private func finish() {
            state.withLockedValue { $0.isFinished = true }
            watchdog?.stopWatching(self)
        }
    }
#endif
