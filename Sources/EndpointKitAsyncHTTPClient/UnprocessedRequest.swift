#if AsyncHTTPClient
    import AsyncHTTPClient
    import EndpointKit
    import Foundation
    import NIOCore
    import NIOHTTP2

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// A request that the server did not process, by what AsyncHTTPClient reports, though nobody
    /// cancelled it (the calling task was not cancelled, and none of the response had arrived):
    /// sending it again on another connection is safe.
    ///
    /// - `HTTPClientError.cancelled`: AsyncHTTPClient 1.37 gave the request up before writing any
    ///   of it. It does that when it hands a request to an HTTP/2 connection that is closing after
    ///   the server's `GOAWAY` (`HTTP2Connection`: "the connection may have been asked to shutdown
    ///   while we created the child"), instead of waiting for the next connection. Any method.
    /// - An HTTP/2 stream closed with `REFUSED_STREAM`: RFC 9113 §8.7, the server closed it "prior
    ///   to any processing". Any method.
    /// - An HTTP/2 stream closed with `CANCEL`: SwiftNIO HTTP/2 reports so the streams that a
    ///   `GOAWAY` drops (their IDs are above its last stream ID: the server did not process them),
    ///   but a server's `RST_STREAM` with `CANCEL` reads the same, and promises nothing. Only an
    ///   idempotent method (`GET`, `HEAD`, `PUT`, `DELETE`, `OPTIONS`, `TRACE`): a `POST` or a
    ///   `PATCH` fails with `URLError(.networkConnectionLost)`, which the retry policy leaves alone.
    /// - `ChannelError.ioOnClosedChannel` before any of the response: AsyncHTTPClient 1.37 handed
    ///   the request to a connection that had closed before it wrote any of it (over HTTP/2, the
    ///   stream could not be set up on it, `HTTP2StreamChannel.configure`; over HTTP/1.1,
    ///   `HTTP1Connection.execute0`): after a `GOAWAY`, the server closes the connection while the
    ///   pool still hands it requests. Measured against hypercorn ending connections after 11
    ///   requests (352 `GET`s, 32 in flight, one core kept busy): about 150 requests a run met it,
    ///   and the server's counts showed that it had seen none of them. Before, each was a lost
    ///   connection that cost one of the retry policy's attempts and its backoff, and a call that
    ///   met it on all 5 attempts failed. AsyncHTTPClient's error does not say where the channel
    ///   closed, though, so only for an idempotent method, as for `CANCEL`.
    ///
    /// Load balancers send `GOAWAY` routinely: with calls in flight, a busy client meets these every
    /// few hundred calls (test: "352 GETs, 32 in flight, against a server that sends GOAWAY …").
    /// The transport sends such a request again at once (``AsyncHTTPClientTransport/resendingUnprocessed(_:_:)``).
    struct UnprocessedRequest: Error {
        /// What AsyncHTTPClient threw.
        let underlying: any Error

        private static let idempotentMethods: Set<String> = ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"]

        /// `error` as an ``UnprocessedRequest`` for a request with `method`, when it says the server
        /// did not process it; `nil` otherwise. Only for errors before any of the response arrived
        /// and while the calling task is not cancelled (the transport checks both first).
        init?(_ error: any Error, method: String?) {
            switch error {
            case let error as HTTPClientError where error == .cancelled:
                break
            case let error as NIOHTTP2Errors.StreamClosed where error.errorCode == .refusedStream:
                break
            case let error as NIOHTTP2Errors.StreamClosed where error.errorCode == .cancel:
                guard Self.idempotentMethods.contains(method ?? "GET") else { return nil }
            case ChannelError.ioOnClosedChannel:
                guard Self.idempotentMethods.contains(method ?? "GET") else { return nil }
            default:
                return nil
            }
            underlying = error
        }
    }

    extension AsyncHTTPClientTransport {
        /// How many times in a row a request that the server did not process is sent again before
        /// the transport gives up with `URLError(.networkConnectionLost)`.
        static let maximumResends = 4

        /// Runs `send` for `request`, and runs it again at once each time it throws
        /// ``UnprocessedRequest``, up to ``maximumResends`` times; then, or for a request whose body is
        /// a stream (read once), throws `URLError(.networkConnectionLost)`, which the client's
        /// retry policy retries for an idempotent method.
        func resendingUnprocessed<Response>(
            _ request: URLRequest, _ send: () async throws -> Response
        ) async throws -> Response {
            var resends = 0
            while true {
                do {
                    return try await send()
                } catch let unprocessed as UnprocessedRequest {
                    guard resends < Self.maximumResends, request.httpBodyStream == nil else {
                        throw URLError(.networkConnectionLost, userInfo: [NSUnderlyingErrorKey: unprocessed.underlying])
                    }
                    resends += 1
                }
            }
        }
    }
#endif
