import AsyncHTTPClient
import EndpointKit
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// The AsyncHTTPClient delegate of one exchange: collects the response up to the size limit,
/// fails the exchange after the idle timeout, and notices an `HTTPClient` that follows redirects.
///
/// Everything happens in AsyncHTTPClient's callbacks and SwiftNIO timers on the event loop, with
/// no task or async sequence of its own: what the transport adds to a request stays small.
final class ResponseCollector: HTTPClientResponseDelegate {
    typealias Response = HTTPResponse

    private struct State {
        var head: HTTPResponseHead?
        var body = ByteBuffer()
        var visitedURLs = 0
        var lastActivity = NIODeadline.now()
        var idleCheck: Scheduled<Void>?
        var isFinished = false
    }

    /// The URL the request went to, which is the URL that answered.
    private let url: URL?
    private let isHead: Bool
    private let limit: Int
    private let idleTimeout: TimeAmount?
    private let state = NIOLockedValueBox(State())

    /// Creates the delegate of one exchange.
    ///
    /// - Parameters:
    ///   - url: The URL the request goes to.
    ///   - isHead: Whether the request is a `HEAD`, whose `Content-Length` describes no body.
    ///   - limit: The largest body accepted, in bytes.
    ///   - idleTimeout: The longest time without progress, in seconds; zero, negative or not finite
    ///     for none.
    init(url: URL?, isHead: Bool, limit: Int, idleTimeout: TimeInterval) {
        self.url = url
        self.isHead = isHead
        self.limit = limit
        self.idleTimeout =
            idleTimeout > 0 && idleTimeout < 1e9 ? TimeAmount.nanoseconds(Int64(idleTimeout * 1e9)) : nil
    }

    /// Starts the idle timeout of `task`, the exchange this delegate collects.
    func startIdleTimeout(of task: HTTPClient.Task<HTTPResponse>) {
        guard let idleTimeout else { return }
        state.withLockedValue { $0.lastActivity = .now() }
        scheduleIdleCheck(of: task, in: idleTimeout)
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
        let declaredLength = isHead ? nil : head.headers.first(name: "Content-Length").flatMap { Int($0) }
        if let declaredLength, declaredLength > limit {
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
            guard buffer.readableBytes <= limit - state.body.readableBytes else { return false }
            if state.body.readableBytes == 0 {
                // Most bodies come in one part: keep it as it is instead of copying it.
                state.body = buffer
            } else {
                var part = buffer
                state.body.writeBuffer(&part)
            }
            return true
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

    /// Stops the idle timeout; returns the head and body received.
    @discardableResult
    private func finish() -> (HTTPResponseHead?, ByteBuffer) {
        let (head, body, idleCheck) = state.withLockedValue { state in
            state.isFinished = true
            defer {
                state.idleCheck = nil
                state.body = ByteBuffer()
            }
            return (state.head, state.body, state.idleCheck)
        }
        idleCheck?.cancel()
        return (head, body)
    }

    private func recordActivity() {
        state.withLockedValue { $0.lastActivity = .now() }
    }

    /// Checks for idleness after `delay`: fails the exchange with `URLError(.timedOut)` when there
    /// was no activity for the idle timeout, or checks again when the timeout would end.
    private func scheduleIdleCheck(of task: HTTPClient.Task<HTTPResponse>, in delay: TimeAmount) {
        let check = task.eventLoop.scheduleTask(in: delay) { [self] in
            guard let idleTimeout else { return }
            let remaining = state.withLockedValue { state -> TimeAmount? in
                state.isFinished ? nil : idleTimeout - (.now() - state.lastActivity)
            }
            guard let remaining else { return }
            if remaining > .zero {
                scheduleIdleCheck(of: task, in: remaining)
            } else {
                task.fail(reason: URLError(.timedOut))
            }
        }
        let isRunning = state.withLockedValue { state -> Bool in
            guard !state.isFinished else { return false }
            state.idleCheck = check
            return true
        }
        if !isRunning { check.cancel() }
    }
}

extension HTTPResponse {
    /// An EndpointKit response from AsyncHTTPClient's head and the collected body.
    init(_ head: HTTPResponseHead, body: Data, url: URL?) {
        var headers = HTTPHeaders()
        for field in head.headers {
            headers.add(field.value, for: field.name)
        }
        self.init(statusCode: Int(head.status.code), headers: headers, body: body, url: url)
    }
}
