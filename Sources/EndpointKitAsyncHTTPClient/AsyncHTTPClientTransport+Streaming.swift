#if AsyncHTTPClient
    import AsyncHTTPClient
    import EndpointKit
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    extension AsyncHTTPClientTransport: StreamingTransport {
        /// Sends `request` for a stream: returns once the response's head arrived, following
        /// redirects as ``send(_:)`` does, and hands the body to its buffer as AsyncHTTPClient reads
        /// it; while the buffer is full, AsyncHTTPClient stops reading the socket.
        package func stream(_ request: URLRequest, bufferSize: Int) async throws -> StreamedResponse {
            var current = request
            var response = try await performStreaming(current, bufferSize: bufferSize)
            var redirects = 0
            while let next = current.redirected(by: response.head) {
                response.body.cancel()
                guard redirects < maximumRedirects else { throw URLError(.httpTooManyRedirects) }
                redirects += 1
                current = next
                response = try await performStreaming(current, bufferSize: bufferSize)
            }
            return response
        }

        /// Sends one request (no redirect followed) and waits for its head.
        private func performStreaming(_ request: URLRequest, bufferSize: Int) async throws -> StreamedResponse {
            let outgoing = try HTTPClient.Request(request, eventLoopGroup: client.eventLoopGroup)
            let streamer = ResponseStreamer(
                url: request.url, bufferSize: bufferSize, idleTimeout: request.timeoutInterval, watchdog: idleWatchdog)
            let exchange = client.execute(request: outgoing, delegate: streamer)
            do {
                return try await withTaskCancellationHandler {
                    try await withCheckedThrowingContinuation { continuation in
                        streamer.start(exchange, head: continuation)
                    }
                } onCancel: {
                    exchange.cancel()
                }
            } catch {
                if Task.isCancelled { throw CancellationError() }
                throw error
            }
        }
    }
#endif
