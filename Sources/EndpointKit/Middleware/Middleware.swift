import Foundation

/// Sees every request just before the transport sends it, and its response or error after.
///
/// Middleware wraps the transport, in order: the first in the client's list is the outermost,
/// so it sees the request first and the response last. It runs once per attempt, after the
/// authenticator and the cache, so it sees exactly what goes on the wire: use it for logging,
/// metrics, request ids or custom headers. Authentication, retries and caching are the client's
/// own stages, not middleware.
///
/// <!-- snippet needs: url -->
/// ```swift
/// struct RequestID: Middleware {
///     func intercept(
///         _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPResponse
///     ) async throws -> HTTPResponse {
///         var request = request
///         request.setValue(UUID().uuidString, forHTTPHeaderField: "X-Request-ID")
///         return try await next(request)
///     }
/// }
/// let client = Client(baseURL: url) { $0.middleware = [RequestID()] }
/// ```
public protocol Middleware: Sendable {
    /// Handles one attempt: call `next` to pass the request on (changed or not), and return its
    /// response (changed or not), or throw.
    ///
    /// - Parameters:
    ///   - request: The request about to be sent.
    ///   - next: The rest of the chain, ending in the transport.
    /// - Returns: The response.
    /// - Throws: What `next` throws, or an error of your own; the client reports it like a
    ///   transport failure.
    func intercept(
        _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPResponse
    ) async throws -> HTTPResponse
}

extension Transport {
    /// This transport wrapped in `middleware`, the first element outermost.
    func wrapped(in middleware: [any Middleware]) -> any Transport {
        middleware.reversed().reduce(self as any Transport) { inner, outer in
            MiddlewareTransport(middleware: outer, inner: inner)
        }
    }
}

/// One link of the chain: a middleware around the rest. Uploads and downloads pass through it
/// too, their options handed on to the transport (a download's response reaches the middleware
/// with an empty body: it went to the file).
///
/// A stream passes through it too: the middleware sees the request and the response's head
/// (status, headers and URL, with an empty body), and the body then goes to the caller as it
/// arrives. A middleware that answers by itself, without calling `next`, answers with its whole
/// body.
struct MiddlewareTransport: TransferringTransport {
    let middleware: any Middleware
    let inner: any Transport

    func send(_ request: URLRequest) async throws -> HTTPResponse {
        try await middleware.intercept(request) { try await inner.send($0) }
    }

    func send(_ request: URLRequest, options: TransferOptions) async throws -> HTTPResponse {
        try await middleware.intercept(request) { try await inner.send($0, transferring: options) }
    }

    func stream(_ request: URLRequest, bufferSize: Int) async throws -> StreamedResponse {
        let latest = LatestBody()
        let response: HTTPResponse
        do {
            response = try await middleware.intercept(request) { request in
                let streamed = try await inner.stream(request, bufferSize: bufferSize)
                latest.replace(with: streamed.body)
                return streamed.head
            }
        } catch {
            latest.replace(with: nil)
            throw error
        }
        guard let body = latest.take() else { return StreamedResponse(whole: response) }
        return StreamedResponse(head: response, body: body)
    }
}

/// The body of the last response `next` returned to a middleware: a middleware that calls `next`
/// again (to retry) gets a new one, and the one it dropped is closed.
private final class LatestBody: @unchecked Sendable {
    // `@unchecked`: `body` is only touched while holding `lock`.
    private let lock = NSLock()
    private var body: ResponseBodyBuffer?

    func replace(with new: ResponseBodyBuffer?) {
        let old = lock.withLock {
            defer { body = new }
            return body
        }
        old?.cancel()
    }

    func take() -> ResponseBodyBuffer? {
        lock.withLock {
            defer { body = nil }
            return body
        }
    }
}
