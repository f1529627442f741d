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
        /// The largest request body, in bytes, that goes through `execute` (64 KiB): one held in
        /// memory (`httpBody`), written at once.
        static let largestBodySentWithExecute = 64 << 10

        /// Whether `request` goes through AsyncHTTPClient's async `execute` rather than its
        /// delegate API: an HTTPS request without a body when the `HTTPClient` may speak HTTP/2,
        /// and a request whose body is in memory (`httpBody`, at most
        /// ``largestBodySentWithExecute``) when it goes over HTTP/1.1 (plain HTTP, or HTTPS on an
        /// `HTTPClient` held to `.http1Only`).
        ///
        /// Over HTTP/2, AsyncHTTPClient's delegate API costs more than `execute`: with 32 calls
        /// in flight, 305 against 283 µs of CPU per call by hand, and EndpointKit's call cost 22
        /// to 31 µs more than `execute` by hand through `execute`, 42 to 46 through the delegate
        /// API (the Performance article). For a request without a body over HTTP/1.1 the two cost
        /// about the same (0.99× to 1.03× for a `GET` by hand), and plain HTTP is always HTTP/1.1.
        /// For a request with a body, the delegate API writes the body through a stream writer (a
        /// promise and its callbacks on the event loop): with 32 `POST`s in flight over HTTP/1.1 it
        /// cost 72 to 74 µs of CPU and 138 allocations a call by hand, `execute` 58 to 61 µs and
        /// 118.
        ///
        /// A request with a body stays on the delegate API over HTTP/2, as before: AsyncHTTPClient
        /// 1.37.0 stops the process when the server refuses (`REFUSED_STREAM`) the stream of a
        /// request whose body it is still sending (a force unwrap in `HTTP2ClientRequestHandler`,
        /// which both APIs share; the FasterOnLinuxServers article). Against hypercorn's refusing
        /// server, a `POST` with a JSON body crashed so in 2 of 3 runs through the delegate API and
        /// in none of 10 through `execute`: too few runs to call `execute` safe there, and its cost
        /// over HTTP/2 with a body is not measured. A body stream (`httpBodyStream`, which includes an
        /// upload from a file) and a larger body keep the delegate API, which sees each part sent
        /// for the idle timeout; so does any other scheme. Both ways have the same limits, errors
        /// and idle timeouts. An upload's progress does not depend on the API: `send(_:options:)`
        /// reports it in one step, as the body is handed over.
        func sendsWithExecute(_ request: URLRequest) -> Bool {
            guard request.httpBodyStream == nil, let scheme = request.url?.scheme else { return false }
            let isHTTPS = scheme == "https" || scheme.lowercased() == "https"
            guard let body = request.httpBody else { return isHTTPS && clientMayUseHTTP2 }
            guard body.count <= Self.largestBodySentWithExecute else { return false }
            if isHTTPS { return !clientMayUseHTTP2 }
            return scheme == "http" || scheme.lowercased() == "http"
        }

        /// One exchange of a request without a body, or with a small body in memory
        /// (``sendsWithExecute(_:)``), through AsyncHTTPClient's async `execute`, with the same
        /// limits and errors as the delegate API's `perform(_:)`.
        ///
        /// The idle timeout: until the response's head, it is `execute`'s deadline, one window
        /// from the start of the request (the wait for a connection and its set-up included). Such
        /// a request is written at once, its head and its body (at most 64 KiB, one buffer)
        /// together, so that window covers its sending too; only a server that takes such a body
        /// slowly would see a difference, as the delegate API starts the window again once the
        /// body is written. Then the response body is read by a ``ResponseBodyReader``, which the
        /// transport's watchdog stops when no part of it arrives for the idle timeout.
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
            answeringServers.noteAnswer(from: request.url)
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

        /// The `HTTPClientRequest` for `request` (``sendsWithExecute(_:)``): its body, if any, as
        /// bytes (AsyncHTTPClient sets its `Content-Length`, as for the delegate API), and over
        /// HTTPS the `TLSPolicy`'s configuration for its host.
        ///
        /// - Throws: ``HTTPClientFollowsRedirectsError`` or a `ProxyFailure`, before anything is
        ///   sent (``refuseBeforeSending(_:)``); `URLError(.badURL)` for a request without a URL.
        func executableRequest(for request: URLRequest) throws -> HTTPClientRequest {
            try refuseBeforeSending(request)
            guard let url = request.url else { throw URLError(.badURL) }
            var outgoing = HTTPClientRequest(url: url.absoluteString)
            outgoing.method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
            outgoing.headers = NIOHTTP1.HTTPHeaders(fieldsOf: request)
            if let body = request.httpBody {
                outgoing.body = .bytes(ByteBuffer(data: body))
            }
            let isHTTPS = url.scheme == "https" || url.scheme?.lowercased() == "https"
            if let configuration = tlsConfiguration(isHTTPS: isHTTPS, host: url.host) {
                outgoing.tlsConfiguration = configuration
            }
            return outgoing
        }
    }
#endif
