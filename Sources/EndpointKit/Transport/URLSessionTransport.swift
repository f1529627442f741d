import Foundation

/// The default ``Transport``: one long-lived `URLSession` with an ephemeral configuration,
/// owned by the transport (and so by its client).
///
/// It handles, in this one place, what URLSession does on Linux (measured in
/// the Linux Notes article, `LinuxNotes.md`):
/// - a `401` with `WWW-Authenticate: Basic` would hang forever; every authentication challenge
///   is refused, so the `401` comes back as a response (credentials travel in headers, set by
///   the ``Authenticator``);
/// - a redirect to another scheme, host or port would carry `Authorization` and cookies; they
///   are removed. A `307`/`308` would be re-sent with an empty body; the transport re-sends the
///   request with its body itself (`RedirectPolicy`);
/// - cancelling the task gives `URLError(.cancelled)`; it becomes `CancellationError`, and the
///   URLSession task is cancelled off the calling thread (upstream issue #5412);
/// - a body stream sent with a `Content-Length` would go out with that header *and*
///   `Transfer-Encoding: chunked`, a request that servers must reject; such a stream (a
///   multipart body with files) is copied to a temporary file and uploaded from there, with its
///   length and without holding it in memory (`UploadBody`);
/// - no URL cache, no cookies, no credential storage: nothing leaks between clients, and no
///   credential is sent that the ``Authenticator`` did not add;
/// - every delegate call would be queued as an operation on another thread, which cost 6–12 %
///   of the throughput of `data(for:)`; the delegate runs inline instead (`InlineDelegateQueue`).
///
/// URLSession keeps at most `httpMaximumConnectionsPerHost` connections per host: 4 on Linux
/// with ``makeDefaultConfiguration()``, URLSession's own default elsewhere; pass a
/// configuration to change it.
public final class URLSessionTransport: TransferringTransport {
    private let session: URLSession
    private let delegate: URLSessionTransportDelegate

    /// The largest response body accepted, in bytes; a larger one fails with
    /// ``ResponseTooLargeError`` instead of filling memory. A stream's body is not limited.
    public let maximumResponseSize: Int

    /// On Linux, the most bytes of a stream held for a reader that is slower than the server;
    /// beyond them the stream fails with ``StreamReaderTooSlowError``. URLSession cannot pause a
    /// response there, so what the reader has not read yet, beyond the stream's buffer in memory,
    /// waits in a temporary file (removed at once): memory stays flat. Unused on Apple platforms,
    /// where the task is suspended instead.
    public let maximumStreamBacklog: Int

    /// Creates a transport with its own session.
    ///
    /// - Parameters:
    ///   - configuration: The session's configuration; by default ``makeDefaultConfiguration()``.
    ///     Its delegate is always EndpointKit's own.
    ///   - maximumResponseSize: The largest response body accepted, in bytes; 64 MiB by default.
    ///   - maximumStreamBacklog: On Linux, the most bytes of a stream held for a slow reader, on
    ///     disk; 1 GiB by default.
    public init(
        configuration: URLSessionConfiguration = URLSessionTransport.makeDefaultConfiguration(),
        maximumResponseSize: Int = 64 << 20, maximumStreamBacklog: Int = 1 << 30
    ) {
        self.maximumResponseSize = maximumResponseSize
        self.maximumStreamBacklog = maximumStreamBacklog
        delegate = URLSessionTransportDelegate(
            maximumResponseSize: maximumResponseSize, streamBacklog: maximumStreamBacklog)
        #if canImport(FoundationNetworking)
            // Delegate calls run where URLSession makes them, without a hop (see InlineDelegateQueue).
            session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: InlineDelegateQueue())
        #else
            session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        #endif
    }

    /// Creates a transport with its own session, which enforces `tls` or refuses it.
    ///
    /// URLSession enforces the default policy only: the system's roots, no client certificate,
    /// TLS 1.2 or later (the platform's own floor: App Transport Security on Apple platforms,
    /// OpenSSL's default in libcurl on Linux). On Linux, swift-corelibs-foundation offers no way
    /// to add a root, to pin, or to present a client certificate; on Apple platforms those need
    /// a URLSession delegate's trust evaluation, which EndpointKit does not implement. So any
    /// other policy is refused here, before anything is sent, instead of being ignored:
    /// `AsyncHTTPClientTransport` enforces every part of a ``TLSPolicy``.
    ///
    /// ```swift
    /// let transport = try URLSessionTransport(tls: .default)
    /// ```
    ///
    /// - Parameters:
    ///   - configuration: The session's configuration; by default ``makeDefaultConfiguration()``.
    ///   - maximumResponseSize: The largest response body accepted, in bytes; 64 MiB by default.
    ///   - maximumStreamBacklog: On Linux, the most bytes of a stream held for a slow reader.
    ///   - tls: The TLS policy, which must be the default one for every host.
    /// - Throws: ``TLSPolicyError/notEnforceable(transport:requirement:)`` naming the first part
    ///   of `tls` that URLSession cannot enforce.
    public convenience init(
        configuration: URLSessionConfiguration = URLSessionTransport.makeDefaultConfiguration(),
        maximumResponseSize: Int = 64 << 20, maximumStreamBacklog: Int = 1 << 30, tls: TLSPolicy
    ) throws(TLSPolicyError) {
        for (host, policy) in tls.allPolicies {
            let scope = host.map { " for \($0)" } ?? ""
            let refused: String?
            switch policy.trust {
            case .systemRoots: refused = nil
            case .only: refused = "trusting only its own certificates (a private CA or a pin)\(scope)"
            case .systemRootsAnd: refused = "trusting certificates besides the system's roots\(scope)"
            case .insecureAcceptAnyCertificateForLocalDevelopment: refused = "turning verification off\(scope)"
            }
            if let refused {
                throw .notEnforceable(transport: "URLSessionTransport", requirement: refused)
            }
            if policy.clientIdentity != nil {
                throw .notEnforceable(transport: "URLSessionTransport", requirement: "a client certificate\(scope)")
            }
            if policy.minimumVersion > .v1_2 {
                throw .notEnforceable(
                    transport: "URLSessionTransport", requirement: "a minimum of \(policy.minimumVersion)\(scope)")
            }
        }
        self.init(
            configuration: configuration, maximumResponseSize: maximumResponseSize,
            maximumStreamBacklog: maximumStreamBacklog)
    }

    deinit {
        // Only this transport can reach the session, so nothing can use it after this point;
        // invalidating it releases its delegate. Requests still running finish first.
        session.finishTasksAndInvalidate()
    }

    /// An ephemeral configuration without URL cache, cookies or credential storage, and on Linux
    /// at most 4 connections per host.
    ///
    /// Cookies are neither stored nor sent: an API client's credentials go in headers set by its
    /// ``Authenticator``, whereas a stored cookie is sent to every host its `Domain` covers,
    /// without the client asking. On Linux, accepting cookies also costs CPU on every response:
    /// URLSession parses each header line as a possible `Set-Cookie`; turning that off took
    /// 50 µs of CPU off each small request and raised throughput by 14 % against a local nginx
    /// (2 KB bodies, 32 in flight, six interleaved runs). For an API that keeps a session in a
    /// cookie, give the transport a cookie storage of its own:
    ///
    /// <!-- snippet needs: url -->
    /// ```swift
    /// let configuration = URLSessionTransport.makeDefaultConfiguration()
    /// configuration.httpCookieStorage = URLSessionConfiguration.ephemeral.httpCookieStorage
    /// configuration.httpCookieAcceptPolicy = .always
    /// configuration.httpShouldSetCookies = true
    /// let client = Client(baseURL: url) { $0.transport = URLSessionTransport(configuration: configuration) }
    /// ```
    ///
    /// On Linux, with more requests in flight than connections, URLSession closes and reopens
    /// connections when it may keep more than 4 per host: measured against a local nginx with
    /// 32 requests in flight (`Benchmarks/run`, three runs), 8 to 210 new TCP connections per
    /// 10,000 requests with URLSession's default of 6 and 250 to 1,230 with 32, but at most 2
    /// with 4, at the same rate of requests. Against a distant server, where each request waits
    /// for the network, more connections can be faster: pass a configuration with a higher
    /// `httpMaximumConnectionsPerHost`.
    ///
    /// - Returns: A new configuration.
    public static func makeDefaultConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.urlCredentialStorage = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpShouldSetCookies = false
        #if canImport(FoundationNetworking)
            // Measured on Linux only (see above); Apple's URLSession keeps its own default.
            configuration.httpMaximumConnectionsPerHost = 4
        #endif
        return configuration
    }

    /// Sends `request` with the session.
    ///
    /// - Parameter request: The request to send.
    /// - Returns: The response, whatever its status.
    /// - Throws: `CancellationError` when the calling task is cancelled; the `URLError` otherwise.
    public func send(_ request: URLRequest) async throws -> HTTPResponse {
        try await send(request, transfer: nil)
    }

    /// Sends `request` with the session, reporting progress as bytes move; a download
    /// (``TransferOptions/responseBodyFile``) runs as a download task, which writes to disk as
    /// bytes arrive, so its size does not matter.
    package func send(_ request: URLRequest, options: TransferOptions) async throws -> HTTPResponse {
        try await send(request, transfer: options)
    }

    private func send(_ request: URLRequest, transfer: TransferOptions?) async throws -> HTTPResponse {
        var current = request
        var response = try await perform(current, transfer: transfer)
        var redirects = 0
        while redirects < RedirectPolicy.maximumBodyRedirects,
            let next = RedirectPolicy.bodyPreservingRedirect(of: current, response: response)
        {
            current = next
            redirects += 1
            response = try await perform(current, transfer: transfer)
        }
        return response
    }

    /// Sends `request` for a stream: returns once the response's head arrived, and hands the
    /// body to its buffer as it arrives, through the session's delegate.
    ///
    /// - Parameters:
    ///   - request: A complete, authenticated request.
    ///   - bufferSize: The most bytes held in memory for a reader slower than the server; on
    ///     Linux, the rest waits on disk, up to ``maximumStreamBacklog``.
    /// - Returns: The status, headers and URL, and the body as it arrives.
    /// - Throws: `CancellationError` when the calling task is cancelled before the head arrived;
    ///   the transport's error when the exchange fails before then.
    public func stream(_ request: URLRequest, bufferSize: Int) async throws -> StreamedResponse {
        var current = request
        var response = try await performStreaming(current, bufferSize: bufferSize)
        var redirects = 0
        while redirects < RedirectPolicy.maximumBodyRedirects,
            let next = RedirectPolicy.bodyPreservingRedirect(of: current, response: response.head)
        {
            response.body.cancel()
            current = next
            redirects += 1
            response = try await performStreaming(current, bufferSize: bufferSize)
        }
        return response
    }

    /// Runs one task, cancelled with the calling task.
    private func perform(_ request: URLRequest, transfer: TransferOptions?) async throws -> HTTPResponse {
        try await run(request) { sent, upload, handle in
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                let task =
                    if let file = upload.file {
                        session.uploadTask(with: sent, fromFile: file)
                    } else if transfer?.responseBodyFile != nil {
                        session.downloadTask(with: sent)
                    } else {
                        session.dataTask(with: sent)
                    }
                delegate.start(
                    task, handle: handle, options: transfer, idleTimeout: request.timeoutInterval,
                    delivery: .whole(continuation))
            }
        }
    }

    /// Runs one streaming task: cancelled with the calling task until the head arrived, then
    /// when the body's reader goes away.
    private func performStreaming(_ request: URLRequest, bufferSize: Int) async throws -> StreamedResponse {
        try await run(request) { sent, upload, handle in
            #if canImport(FoundationNetworking)
                // URLSession cannot pause here: the buffer spills to disk instead (see the delegate).
                let body = ResponseBodyBuffer(capacity: bufferSize, spillingUpTo: maximumStreamBacklog) {
                    handle.cancel()
                }
            #else
                let body = ResponseBodyBuffer(capacity: bufferSize) { handle.cancel() }
            #endif
            return try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<StreamedResponse, any Error>) in
                let task =
                    if let file = upload.file {
                        session.uploadTask(with: sent, fromFile: file)
                    } else {
                        session.dataTask(with: sent)
                    }
                delegate.start(
                    task, handle: handle, options: nil, idleTimeout: request.timeoutInterval,
                    delivery: .streamed(head: continuation, body: body))
            }
        }
    }

    /// Prepares `request` (its body, its idle timeout) and runs `start` with what it sends,
    /// cancelling the task when the calling task is cancelled while `start` waits.
    private func run<Result>(
        _ request: URLRequest,
        start: (URLRequest, UploadBody, DataTaskHandle) async throws -> Result
    ) async throws -> Result {
        let upload = try await UploadBody(of: request)
        defer { upload.discard() }
        // URLSession truncates `timeoutInterval` to whole seconds on Linux; the delegate enforces
        // the idle timeout itself (IdleDeadlines), and URLSession gets one it cannot reach first.
        var sent = upload.request
        if IdleDeadlines.nanoseconds(request.timeoutInterval) != nil {
            sent.timeoutInterval = request.timeoutInterval.rounded(.up) + 1
        }
        let handle = DataTaskHandle()
        return try await withTaskCancellationHandler {
            try await start(sent, upload, handle)
        } onCancel: {
            handle.cancel()
        }
    }
}
