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

/// The middleware and the transport that every attempt goes through, the first middleware
/// outermost: the one place where a call's ``Delivery`` meets the transport.
///
/// A middleware sees every request, whatever the delivery, and its response: a download's with
/// an empty body (it went to the file), a stream's as its head (status, headers and URL, with an
/// empty body) while the body goes on to the caller as it arrives. A middleware that answers by
/// itself, without calling `next`, answers with its whole body.
struct MiddlewareChain: Sendable {
    let middleware: [any Middleware]
    let transport: any Transport

    /// Sends `request` through the middleware and the transport, as `delivery` says.
    func send(_ request: URLRequest, as delivery: Delivery) async throws -> Sent {
        // Without middleware, straight to the transport: no slice, no recursion.
        guard !middleware.isEmpty else { return try await transmit(request, as: delivery) }
        return try await send(request, as: delivery, through: middleware[...])
    }

    private func send(
        _ request: URLRequest, as delivery: Delivery, through rest: ArraySlice<any Middleware>
    ) async throws -> Sent {
        guard let outer = rest.first else { return try await transmit(request, as: delivery) }
        guard case .stream = delivery else {
            let response = try await outer.intercept(request) { request in
                try await send(request, as: delivery, through: rest.dropFirst()).response
            }
            return Sent(response: response)
        }
        // The middleware's `next` returns only the head: the body travels beside it.
        let latest = LatestBody()
        let response: HTTPResponse
        do {
            response = try await outer.intercept(request) { request in
                let sent = try await send(request, as: delivery, through: rest.dropFirst())
                latest.replace(with: sent.body)
                return sent.response
            }
        } catch {
            latest.replace(with: nil)
            throw error
        }
        guard let body = latest.take() else { return Sent(response: response) }  // answered by itself
        return Sent(response: response, body: body)
    }

    /// The transport's part: a whole body, a transfer, or a stream.
    private func transmit(_ request: URLRequest, as delivery: Delivery) async throws -> Sent {
        switch delivery {
        case .whole:
            return Sent(response: try await transport.send(request))
        case .transfer(let options):
            return Sent(response: try await transport.send(request, transferring: options))
        case .stream(let bufferSize):
            let streamed = try await transport.stream(request, bufferSize: bufferSize)
            return Sent(response: streamed.head, body: streamed.body)
        }
    }
}

/// The body of the last response `next` returned to a middleware: a middleware that calls `next`
/// again (to retry) gets a new one, and the one it dropped is closed.
private final class LatestBody: Sendable {
    private let body = Locked<ResponseBodyBuffer?>(nil)

    func replace(with new: ResponseBodyBuffer?) {
        let old = body.withLock { body in
            defer { body = new }
            return body
        }
        old?.cancel()
    }

    func take() -> ResponseBodyBuffer? {
        body.withLock { body in
            defer { body = nil }
            return body
        }
    }
}
