#if AsyncHTTPClient
    import AsyncHTTPClient
    import EndpointKit
    import Foundation
    import NIOCore
    import NIOFoundationCompat
    import NIOHTTP1

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    extension AsyncHTTPClientTransport {
        /// Whether `request` goes through AsyncHTTPClient's async `execute` rather than its
        /// delegate API: an HTTPS request without a body, when the `HTTPClient` may speak HTTP/2.
        ///
        /// Over HTTP/2, AsyncHTTPClient's delegate API costs more than `execute`: with 32 calls
        /// in flight, 305 against 283 µs of CPU per call by hand, and EndpointKit's call cost 22
        /// to 31 µs more than `execute` by hand through `execute`, 42 to 46 through the delegate
        /// API (the Performance article). Over HTTP/1.1 the two cost about the same, and plain
        /// HTTP is always HTTP/1.1. A request with a body keeps the delegate API, which reports
        /// each part sent, for its idle timeout. Both ways have the same limits, errors and idle
        /// timeouts.
        func sendsWithExecute(_ request: URLRequest) -> Bool {
            guard clientMayUseHTTP2, request.httpBody == nil, request.httpBodyStream == nil,
                let scheme = request.url?.scheme
            else { return false }
            return scheme == "https" || scheme.lowercased() == "https"
        }

        /// One exchange of a request without a body, through AsyncHTTPClient's async `execute`,
        /// with the same limits and errors as the delegate API's ``perform(_:)``.
        ///
        /// The idle timeout: nothing is sent after the head of such a request, so until the
        /// response's head it is `execute`'s deadline; then the body is read by a
        /// ``ResponseBodyReader``, which the transport's watchdog stops when it idles.
        func execute(_ request: URLRequest) async throws -> HTTPResponse {
            let outgoing = try executableRequest(for: request)
            let idleTimeout = IdleTimeout(request.timeoutInterval)
            let response: HTTPClientResponse
            do {
                response = try await client.execute(outgoing, deadline: idleTimeout.deadline(after: .now()))
            } catch {
                if Task.isCancelled { throw CancellationError() }
                if let unprocessed = UnprocessedRequest(error, method: request.httpMethod) { throw unprocessed }
                throw await reported(error, for: request.url, beforeResponse: true)
            }
            // An `HTTPClient` whose redirect configuration could not be read (`clientFollowsRedirects`
            // is then false) may have followed one itself: refused, as the delegate API's
            // `didVisitURL` refuses it.
            if response.history.count > 1 {
                throw HTTPClientFollowsRedirectsError(from: request.url, to: response.url)
            }
            let answeringHead = outgoing.method == .HEAD
            if response.headers.announcesBody(largerThan: maximumResponseSize, answeringHead: answeringHead) {
                throw ResponseTooLargeError(limit: maximumResponseSize)  // the unread body is cancelled
            }
            let body: ByteBuffer
            do {
                body = try await ResponseBodyReader.read(
                    response.body, limit: maximumResponseSize, idleTimeout: idleTimeout, watchdog: idleWatchdog)
            } catch let error as ResponseTooLargeError {
                throw error
            } catch {
                if Task.isCancelled { throw CancellationError() }
                throw await reported(error, for: request.url, beforeResponse: false)
            }
            return HTTPResponse(
                status: response.status, headers: response.headers,
                body: Data(buffer: body, byteTransferStrategy: .automatic), url: request.url)
        }

        /// The `HTTPClientRequest` for `request`, an HTTPS request (``sendsWithExecute(_:)``), with
        /// the `TLSPolicy`'s configuration for its host.
        ///
        /// - Throws: ``HTTPClientFollowsRedirectsError``, before anything is sent, when the
        ///   `HTTPClient` follows redirects itself; `URLError(.badURL)` for a request without a URL.
        func executableRequest(for request: URLRequest) throws -> HTTPClientRequest {
            try refuseIfClientFollowsRedirects(request)
            guard let url = request.url else { throw URLError(.badURL) }
            var outgoing = HTTPClientRequest(url: url.absoluteString)
            outgoing.method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
            outgoing.headers = NIOHTTP1.HTTPHeaders(fieldsOf: request)
            if let configuration = tlsConfiguration(isHTTPS: true, host: url.host) {
                outgoing.tlsConfiguration = configuration
            }
            return outgoing
        }
    }
#endif
