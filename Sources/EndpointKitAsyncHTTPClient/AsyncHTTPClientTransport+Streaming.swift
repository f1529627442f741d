#if AsyncHTTPClient
    import AsyncHTTPClient
    import EndpointKit
    import Foundation

    extension AsyncHTTPClientTransport {
        /// Sends `request` for a stream: returns once the response's head arrived, following
        /// redirects as ``send(_:)`` does, and hands the body to its buffer as AsyncHTTPClient reads
        /// it; while the buffer is full, AsyncHTTPClient stops reading the socket.
        ///
        /// - Parameters:
        ///   - request: A complete, authenticated request.
        ///   - bufferSize: The most bytes held for a reader slower than the server.
        /// - Returns: The status, headers and URL, and the body as it arrives.
        /// - Throws: `CancellationError` when the calling task is cancelled before the head
        ///   arrived; the transport's error when the exchange fails before then.
        public func stream(_ request: URLRequest, bufferSize: Int) async throws -> StreamedResponse {
            var current = request
            var response = try await resendingUnprocessed(current) {
                try await performStreaming(current, bufferSize: bufferSize)
            }
            var redirects = 0
            while let next = current.redirected(by: response.head) {
                response.body.cancel()
                guard redirects < maximumRedirects else { throw URLError(.httpTooManyRedirects) }
                redirects += 1
                current = next
                response = try await resendingUnprocessed(current) {
                    try await performStreaming(current, bufferSize: bufferSize)
                }
            }
            return response
        }

        /// Sends one request (no redirect followed) and waits for its head.
        private func performStreaming(_ request: URLRequest, bufferSize: Int) async throws -> StreamedResponse {
            let outgoing = try outgoingRequest(for: request)
            let streamer = ResponseStreamer(
                url: request.url, bufferSize: bufferSize, idleTimeout: request.timeoutInterval, watchdog: idleWatchdog)
            // The delegate runs on the connection's own event loop, so that bytes read just before
            // the server closes the connection reach the reader. AsyncHTTPClient 1.37 forwards body
            // parts only once the delegate has asked for more, and drops the ones it holds when the
            // connection then fails (`AsyncHTTPClientStreamingIntegrationTests` reproduces it). On
            // another event loop, the delegate's "more" arrives a hop late: if the server sent its
            // last bytes and closed in between, SwiftNIO read them at the close and AsyncHTTPClient
            // dropped them with the truncation error, so an SSE stream lost its last events (82 of
            // 4,000 streams, four at a time). On the same loop the delegate asks for more before
            // the read ends (0 of 8,000). Still lost: what arrives while the reader is behind and
            // the buffer full; an SSE reconnection asks for it again with Last-Event-ID. The price:
            // a stream does not reuse an idle connection of another event loop.
            let exchange = client.execute(
                request: outgoing, delegate: streamer, eventLoop: .delegateAndChannel(on: client.eventLoopGroup.any()))
            do {
                let response = try await withTaskCancellationHandler {
                    try await withCheckedThrowingContinuation { continuation in
                        streamer.start(exchange, head: continuation)
                    }
                } onCancel: {
                    exchange.cancel()
                }
                answeringServers.noteAnswer(from: request.url)
                return response
            } catch {
                if Task.isCancelled { throw CancellationError() }
                // Thrown before the head: once it arrives, the stream carries the failures.
                if let unprocessed = UnprocessedRequest(error, method: request.httpMethod) { throw unprocessed }
                throw await reported(error, for: request.url, beforeResponse: true)
            }
        }
    }
#endif
