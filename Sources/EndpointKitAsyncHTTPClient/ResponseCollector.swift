#if AsyncHTTPClient
    import AsyncHTTPClient
    import EndpointKit
    import Foundation
    import NIOConcurrencyHelpers
    import NIOCore
    import NIOFoundationCompat
    import NIOHTTP1

    /// The AsyncHTTPClient delegate of one exchange: collects the response up to the size limit,
    /// is failed by the transport's ``IdleWatchdog`` when it makes no progress for its idle timeout,
    /// and notices an `HTTPClient` that follows redirects.
    ///
    /// Everything happens in AsyncHTTPClient's callbacks on the event loop, with no task, async
    /// sequence or timer of its own: what the transport adds to a request stays small.
    final class ResponseCollector: HTTPClientResponseDelegate, IdleWatched {
        typealias Response = HTTPResponse

        private struct State {
            var head: HTTPResponseHead?
            var body = ByteBuffer()
            var visitedURLs = 0
            var lastActivity = NIODeadline.now()
            /// The exchange, once it is under way: what the idle timeout fails.
            var task: HTTPClient.Task<HTTPResponse>?
            var isFinished = false
        }

        /// The URL the request went to, which is the URL that answered.
        private let url: URL?
        private let isHead: Bool
        private let limit: Int
        let idleTimeout: TimeAmount
        /// What enforces the idle timeout; `nil` when there is none.
        private let watchdog: IdleWatchdog?
        private let state = NIOLockedValueBox(State())

        /// Creates the delegate of one exchange.
        ///
        /// - Parameters:
        ///   - url: The URL the request goes to.
        ///   - isHead: Whether the request is a `HEAD`, whose `Content-Length` describes no body.
        ///   - limit: The largest body accepted, in bytes.
        ///   - idleTimeout: The longest time without progress, in seconds; zero, negative or not finite
        ///     for none.
        ///   - watchdog: What enforces the idle timeout.
        init(url: URL?, isHead: Bool, limit: Int, idleTimeout: TimeInterval, watchdog: IdleWatchdog) {
            self.url = url
            self.isHead = isHead
            self.limit = limit
            let idle = IdleTimeout(idleTimeout)
            self.idleTimeout = idle.amount ?? .nanoseconds(.max)
            self.watchdog = idle.amount == nil ? nil : watchdog
        }

        /// Whether the response's head has arrived.
        var hasReceivedHead: Bool {
            state.withLockedValue { $0.head != nil }
        }

        /// Records `task` as the exchange this delegate collects and has the watchdog fail it after
        /// its idle timeout without progress, unless it is already over.
        func start(_ task: HTTPClient.Task<HTTPResponse>) {
            guard let watchdog else { return }
            state.withLockedValue { state in
                guard !state.isFinished else { return }
                state.task = task
                state.lastActivity = .now()
                // Under the lock, so that `finish()` cannot stop the watching before it starts.
                watchdog.watch(self)
            }
        }

        func failIfIdle(at now: NIODeadline) -> NIODeadline? {
            let (next, idleTask) = state.withLockedValue { state -> (NIODeadline?, HTTPClient.Task<HTTPResponse>?) in
                if state.isFinished { return (nil, nil) }
                let deadline = state.lastActivity + idleTimeout
                guard now >= deadline else { return (deadline, nil) }
                return (nil, state.task)
            }
            idleTask?.fail(reason: URLError(.timedOut))
            return next
        }

        func didVisitURL(task: HTTPClient.Task<HTTPResponse>, _ request: HTTPClient.Request, _ head: HTTPResponseHead) {
            let visits = state.withLockedValue {
                $0.visitedURLs += 1
                return $0.visitedURLs
            }
            if visits > 1 {
                task.fail(reason: HTTPClientFollowsRedirectsError(from: url, to: request.url))
            }
        }

        func didSendRequestPart(task: HTTPClient.Task<HTTPResponse>, _ part: IOData) {
            recordActivity()
        }

        func didReceiveHead(task: HTTPClient.Task<HTTPResponse>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
            if head.headers.announcesBody(largerThan: limit, answeringHead: isHead) {
                return task.eventLoop.makeFailedFuture(ResponseTooLargeError(limit: limit))
            }
            state.withLockedValue {
                $0.head = head
                $0.lastActivity = .now()
            }
            return task.eventLoop.makeSucceededVoidFuture()
        }

        func didReceiveBodyPart(task: HTTPClient.Task<HTTPResponse>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
            let fits = state.withLockedValue { state -> Bool in
                state.lastActivity = .now()
                return state.body.appendBodyPart(buffer, upTo: limit)
            }
            guard fits else { return task.eventLoop.makeFailedFuture(ResponseTooLargeError(limit: limit)) }
            return task.eventLoop.makeSucceededVoidFuture()
        }

        func didReceiveError(task: HTTPClient.Task<HTTPResponse>, _ error: any Error) {
            finish()
        }

        func didFinishRequest(task: HTTPClient.Task<HTTPResponse>) throws -> HTTPResponse {
            let (head, body) = finish()
            guard let head else { throw URLError(.badServerResponse) }
            return HTTPResponse(head, body: Data(buffer: body, byteTransferStrategy: .automatic), url: url)
        }

        /// Marks the exchange as over; returns the head and body received.
        @discardableResult
        private func finish() -> (HTTPResponseHead?, ByteBuffer) {
            let received = state.withLockedValue { state in
                state.isFinished = true
                defer {
                    state.task = nil
                    state.body = ByteBuffer()
                }
                return (state.head, state.body)
            }
            watchdog?.stopWatching(self)
            return received
        }

        private func recordActivity() {
            state.withLockedValue { $0.lastActivity = .now() }
        }
    }

    extension HTTPResponse {
        /// An EndpointKit response from AsyncHTTPClient's head and the collected body.
        init(_ head: HTTPResponseHead, body: Data, url: URL?) {
            self.init(status: head.status, headers: head.headers, body: body, url: url)
        }

        /// An EndpointKit response from AsyncHTTPClient's status, header fields and body.
        init(status: HTTPResponseStatus, headers fields: NIOHTTP1.HTTPHeaders, body: Data, url: URL?) {
            // One array, made at its size: `add` grew it field by field.
            let headers = HTTPHeaders(fields.map { HTTPHeaders.Field(name: $0.name, value: $0.value) })
            self.init(statusCode: Int(status.code), headers: headers, body: body, url: url)
        }
    }
#endif
