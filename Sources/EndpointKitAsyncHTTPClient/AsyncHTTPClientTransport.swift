#if AsyncHTTPClient
    import AsyncHTTPClient
    import EndpointKit
    import Foundation
    import NIOSSL

    /// A `Transport` that sends requests with AsyncHTTPClient (SwiftNIO) instead of URLSession:
    /// faster on Linux servers, with the same guarantees as `URLSessionTransport`.
    ///
    /// It adds little to AsyncHTTPClient itself. An HTTPS request without a body (a `GET`, a
    /// `DELETE`) when the `HTTPClient` may speak HTTP/2, and a request with a body of at most
    /// 64 KiB in memory over HTTP/1.1 (plain HTTP, or an `HTTPClient` held to `.http1Only`), is
    /// one async `execute`, its response body collected by a task of its own; any other request
    /// is one `execute` with a delegate that collects the response body on the event loop and sees
    /// each part of the request body sent (whichever costs AsyncHTTPClient less; the two have the
    /// same limits, errors and idle timeouts).
    /// Idle timeouts are checked for all requests at once by one timer.
    ///
    /// The app owns the `HTTPClient`: it creates it (with ``makeDefaultConfiguration()``, which
    /// turns AsyncHTTPClient's own redirect handling off), shares it between clients, and shuts it
    /// down when it is done with it.
    ///
    /// <!-- snippet needs: apiURL, UserRepositories -->
    /// ```swift
    /// import AsyncHTTPClient
    ///
    /// func listRepositories() async throws {
    ///     let httpClient = HTTPClient(configuration: AsyncHTTPClientTransport.makeDefaultConfiguration())
    ///     let client = Client(baseURL: apiURL) { $0.transport = AsyncHTTPClientTransport(client: httpClient) }
    ///     let repos = try await client.get(UserRepositories())
    ///     print(repos.count)
    ///     try await httpClient.shutdown()   // after the app's last call
    /// }
    /// ```
    ///
    /// What it promises, as `URLSessionTransport` does:
    /// - **Redirects** are followed by the transport itself, with EndpointKit's rules
    ///   (`URLRequest.redirected(by:)`): only credential-free headers go to another origin, a
    ///   `307`/`308` keeps method and body, a `301`/`302`/`303` of a `POST` becomes a `GET`. The
    ///   `HTTPClient` must not follow redirects itself (AsyncHTTPClient would forward custom headers
    ///   such as `X-API-Key` to another origin). The transport reads the `HTTPClient`'s redirect
    ///   configuration when it is made; if it follows redirects, every call fails with
    ///   ``HTTPClientFollowsRedirectsError`` before anything is sent. So `HTTPClient.shared`,
    ///   which follows redirects, does not suit this transport.
    /// - **Timeouts**: the request's `timeoutInterval` (the client's or endpoint's `Timeouts.idle`)
    ///   is an idle timeout, as in URLSession, not a deadline: the longest time without progress,
    ///   from the start of the request (waiting for a connection, connecting, sending) to the last
    ///   byte of the response. Each part of the response received starts it again, and so does each
    ///   part of a request body sent. For a request without a body or with a body of at most
    ///   64 KiB held in memory (sent at once), the wait until the response's head is one window
    ///   from the start, the connection's set-up included, as with `URLSessionTransport`. A slow
    ///   but steady download never trips it. One timer, set for the earliest moment any request can time out, checks the
    ///   rest, so a request fails when its timeout is reached, not a polling interval later. It
    ///   fails with `URLError(.timedOut)`, which EndpointKit reports as a retryable
    ///   `transportFailed` whose `isTimeout` is `true`, also when it fires during the connection's
    ///   TLS handshake. The one exception is a server that has never answered this transport and
    ///   whose handshake stalls on a second connection too: a `TLSFailure` whose reason is
    ///   `.handshakeTimedOut`, not retried. The call's total deadline
    ///   (`Timeouts.total`) is enforced by the `Client` as with any transport.
    /// - **Cancellation** of the calling task stops the request at once and throws
    ///   `CancellationError` (so the client throws `EndpointError.cancelled`).
    /// - **Size**: a body larger than ``maximumResponseSize`` fails with `ResponseTooLargeError`,
    ///   as soon as `Content-Length` or the bytes received say so.
    /// - **Errors** that have a `URLError` equivalent (timeouts, refused or lost connections) are
    ///   thrown as that `URLError`, with AsyncHTTPClient's error under `NSUnderlyingErrorKey`, so
    ///   that `RetryPolicy` and `EndpointError.isTimeout` read them as they read URLSession's.
    /// - **Authentication challenges** do not exist here: a `401` is returned as it is, with its body.
    /// - **HTTP/2** is negotiated over TLS when the server offers it and the `HTTPClient`'s
    ///   `httpVersion` is `.automatic` (the default).
    /// - **`GOAWAY`** and refused streams: a request that AsyncHTTPClient never wrote, or whose
    ///   stream the server refused (`REFUSED_STREAM`), is sent again at once on a new connection,
    ///   whatever its method; one whose stream a `GOAWAY` dropped (SwiftNIO says `CANCEL`), or that
    ///   AsyncHTTPClient handed to a connection that had just closed (`ChannelError.ioOnClosedChannel`
    ///   before any response), is sent again at once only for an idempotent method; up to 4 times.
    ///   Otherwise a connection that closed under a request is `URLError(.networkConnectionLost)`,
    ///   which the client's `RetryPolicy` retries for an idempotent method (the
    ///   FasterOnLinuxServers article).
    /// - **Tracing** is EndpointKitTracing's: its attempt span stands for each request, inside the
    ///   call's trace, with secrets redacted from its URL. ``makeDefaultConfiguration()`` turns
    ///   AsyncHTTPClient's own tracer off; see there what its span records before you turn it on.
    public struct AsyncHTTPClientTransport: Transport {
        /// The AsyncHTTPClient client that sends the requests; the app shuts it down.
        public let client: HTTPClient
        /// The largest response body accepted, in bytes; a larger one fails with
        /// `ResponseTooLargeError` instead of filling memory.
        public let maximumResponseSize: Int
        /// How many redirects one request may follow; one more fails with
        /// `URLError(.httpTooManyRedirects)`.
        public let maximumRedirects: Int
        /// Enforces the idle timeouts of this transport's requests (shared by its copies).
        let idleWatchdog: IdleWatchdog
        /// The HTTPS servers that have answered this transport (shared by its copies): a timeout
        /// waiting for one of them is never reported as a stalled handshake.
        let answeringServers: AnsweringServers
        /// Whether `client` follows redirects itself, as read when the transport was made: then
        /// every request is refused before anything is sent.
        let clientFollowsRedirects: Bool
        /// Whether `client` may speak HTTP/2 (its `httpVersion` is not `.http1Only`), as read when
        /// the transport was made: then HTTPS requests without a body go through `execute`, and
        /// HTTPS requests with a body through the delegate API (``sendsWithExecute(_:)``).
        let clientMayUseHTTP2: Bool
        /// The TLS policy as SwiftNIO SSL configurations, when the transport was given one; else
        /// the `HTTPClient`'s own TLS configuration applies.
        let tlsConfigurations: TLSConfigurations?
        /// The failure of every request when `client`'s proxy stands for one EndpointKit cannot
        /// use (``makeDefaultConfiguration(proxy:)``), as read when the transport was made.
        let proxyRefusal: ProxyFailure?

        /// The TLS policy this transport enforces; `nil` when it was made without one, and the
        /// `HTTPClient`'s own `tlsConfiguration` (by default, the system's roots) applies.
        public var tls: TLSPolicy? { tlsConfigurations?.policy }

        /// Creates a transport that sends requests with `client`.
        ///
        /// - Parameters:
        ///   - client: An `HTTPClient` that does not follow redirects, such as one created with
        ///     ``makeDefaultConfiguration()``. The app keeps it and shuts it down
        ///     (`try await client.shutdown()`) once no call uses it any more.
        ///   - maximumResponseSize: The largest response body accepted, in bytes; 64 MiB by default.
        ///   - maximumRedirects: How many redirects one request may follow; 10 by default.
        public init(client: HTTPClient, maximumResponseSize: Int = 64 << 20, maximumRedirects: Int = 10) {
            self.client = client
            self.maximumResponseSize = maximumResponseSize
            self.maximumRedirects = maximumRedirects
            idleWatchdog = IdleWatchdog(eventLoop: client.eventLoopGroup.next())
            answeringServers = AnsweringServers()
            clientFollowsRedirects = client.followsRedirectsItself == true
            clientMayUseHTTP2 = client.configuredHTTPVersion != .http1Only
            tlsConfigurations = nil
            proxyRefusal = client.configuredProxy?.refusal
        }

        /// Creates a transport that sends requests with `client` and enforces `tls` on every
        /// HTTPS request: its roots or pins, its client certificate, its minimum version, each for
        /// the hosts it names. It replaces the `HTTPClient`'s own `tlsConfiguration`.
        ///
        /// ```swift
        /// import AsyncHTTPClient
        ///
        /// let privateCA = try TLSCertificate(pemFile: URL(fileURLWithPath: "/etc/ssl/private-ca.pem"))
        /// let policy = TLSPolicy(trust: .only([privateCA]))
        /// let httpClient = HTTPClient(configuration: try AsyncHTTPClientTransport.makeDefaultConfiguration(tls: policy))
        /// let transport = try AsyncHTTPClientTransport(client: httpClient, tls: policy)
        /// ```
        ///
        /// Make the `HTTPClient` with ``makeDefaultConfiguration(tls:proxy:)`` and the same policy,
        /// as above: its requests then leave the policy to the `HTTPClient`, which AsyncHTTPClient
        /// handles faster than a configuration on each request (see the Performance article). With
        /// any other `HTTPClient`, each HTTPS request carries its host's configuration, with the
        /// same effect.
        ///
        /// A certificate refused by the policy fails the call with a ``TLSFailure`` that says why
        /// (expired, another host, self-signed, an unknown CA, not pinned): BoringSSL does not say,
        /// so the transport looks at the certificate the server presents on a second connection,
        /// on which no request is sent. HTTP/2 is negotiated over TLS when the server offers it.
        ///
        /// - Parameters:
        ///   - client: An `HTTPClient` that does not follow redirects, such as one created with
        ///     ``makeDefaultConfiguration()``; the app shuts it down.
        ///   - tls: The TLS policy to enforce.
        ///   - maximumResponseSize: The largest response body accepted, in bytes; 64 MiB by default.
        ///   - maximumRedirects: How many redirects one request may follow; 10 by default.
        /// - Throws: ``TLSPolicyError/invalidCertificate(source:)`` or
        ///   ``TLSPolicyError/invalidPrivateKey(source:)`` for a certificate or key SwiftNIO SSL
        ///   cannot read.
        public init(
            client: HTTPClient, tls: TLSPolicy, maximumResponseSize: Int = 64 << 20, maximumRedirects: Int = 10
        ) throws(TLSPolicyError) {
            self.init(client: client, maximumResponseSize: maximumResponseSize, maximumRedirects: maximumRedirects)
            self = Self(
                copying: self,
                tlsConfigurations: try TLSConfigurations(tls, clientConfiguration: client.configuredTLSConfiguration))
        }

        private init(copying transport: Self, tlsConfigurations: TLSConfigurations) {
            client = transport.client
            maximumResponseSize = transport.maximumResponseSize
            maximumRedirects = transport.maximumRedirects
            idleWatchdog = transport.idleWatchdog
            answeringServers = transport.answeringServers
            clientFollowsRedirects = transport.clientFollowsRedirects
            clientMayUseHTTP2 = transport.clientMayUseHTTP2
            proxyRefusal = transport.proxyRefusal
            self.tlsConfigurations = tlsConfigurations
        }

        /// The `HTTPClient` configuration this transport expects: redirects are not followed by
        /// AsyncHTTPClient (the transport follows them with EndpointKit's rules), gzip and deflate
        /// responses are decompressed (at most 25 times their size; the result counts towards
        /// ``maximumResponseSize``), connecting times out after 10 seconds, and a refused connection
        /// fails at once, as with URLSession, instead of being tried again by AsyncHTTPClient until
        /// the connect timeout: the client's `RetryPolicy` decides whether to try again.
        ///
        /// AsyncHTTPClient's other defaults stay: up to 8 connections per host (more requests wait
        /// for one), idle connections kept for 60 seconds, no read timeout of its own (the transport
        /// applies the request's idle timeout).
        ///
        /// AsyncHTTPClient's own tracer is off (`tracing.tracer` is `nil`); EndpointKitTracing's
        /// attempt span stands for each request. AsyncHTTPClient 1.37 starts the span of a request
        /// sent through its delegate API (a body stream or a body over 64 KiB, a request with a
        /// body over HTTP/2, a plain HTTP request without a body) on its event loop, where the
        /// caller's trace is not known: each would be the root of a trace of its own. Only a
        /// request sent with its async `execute` gets a span inside the caller's trace, a child of
        /// the attempt span.
        ///
        /// - Warning: AsyncHTTPClient's span records the request's URL as it is, in `url.full` and
        ///   `url.query`, with the values of query items such as `access_token` or `api_key` that
        ///   EndpointKit redacts everywhere it shows a URL (only the user-info is left out). Before
        ///   you set `configuration.tracing.tracer`, keep credentials out of your URLs (send them in
        ///   a header), or make sure your traces may hold them. A configuration made with
        ///   `HTTPClient.Configuration()` rather than this method takes the bootstrapped tracer.
        ///
        /// ```swift
        /// import AsyncHTTPClient
        ///
        /// var configuration = AsyncHTTPClientTransport.makeDefaultConfiguration()
        /// configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 32
        /// let httpClient = HTTPClient(configuration: configuration)
        /// ```
        ///
        /// - Returns: A new configuration; change anything but `redirectConfiguration`.
        public static func makeDefaultConfiguration() -> HTTPClient.Configuration {
            var configuration = HTTPClient.Configuration()
            configuration.redirectConfiguration = .disallow
            configuration.timeout = HTTPClient.Configuration.Timeout(connect: .seconds(10))
            configuration.decompression = .enabled(limit: .ratio(25))
            configuration.connectionPool.retryConnectionEstablishment = false
            // AsyncHTTPClient 1.37 starts its span for a request sent with a delegate (as this
            // transport sends body streams and large bodies, among others) on its event loop, outside
            // the caller's task: the span cannot see the caller's trace context, so each request
            // became the root of a trace of its own, and nothing was injected into the request.
            // Its span also records the query's secrets. EndpointKitTracing's attempt span covers
            // the same request, inside the call's trace. Its tracer is then off here (the tests
            // "AsyncHTTPClient starts its delegate request's span outside the caller's trace" and
            // "AsyncHTTPClient's own span records the query's secrets" show why, and fail once
            // AsyncHTTPClient changes either).
            configuration.tracing.tracer = nil
            return configuration
        }

        /// ``makeDefaultConfiguration()`` with every request sent through `proxy`: for an HTTP
        /// proxy, a `CONNECT` tunnel to the server (for `https` URLs, and AsyncHTTPClient tunnels
        /// `http` URLs too), with `Proxy-Authorization: Basic …` on the `CONNECT` only when the
        /// proxy has credentials; for a SOCKS5 proxy (``HTTPProxy/Scheme/socks5`` or
        /// ``HTTPProxy/Scheme/socks5h``), a SOCKS5 connection to the server, whose host name the
        /// proxy resolves. The server's own credentials travel inside the tunnel, encrypted for
        /// `https`; the proxy's never reach the server.
        ///
        /// <!-- snippet needs: apiURL -->
        /// ```swift
        /// import AsyncHTTPClient
        ///
        /// let proxy = ProxySettings.fromEnvironment().proxy(for: apiURL)
        /// let httpClient = HTTPClient(configuration: AsyncHTTPClientTransport.makeDefaultConfiguration(proxy: proxy))
        /// ```
        ///
        /// A proxy EndpointKit cannot use (``HTTPProxy/isSupported`` is `false`: SOCKS4, a TLS
        /// proxy, SOCKS5 with credentials, which AsyncHTTPClient 1.37 cannot send, a variable
        /// that is not a URL) is never gone around: every call of an ``AsyncHTTPClientTransport``
        /// made with this `HTTPClient` fails with a `ProxyFailure` whose reason is
        /// ``ProxyFailure/Reason/unsupportedProxy``, naming the proxy and its variable, before
        /// anything is sent. (Its proxy is at a `.invalid` host, which never resolves: used
        /// without this transport, the `HTTPClient`'s requests fail at the DNS lookup.)
        ///
        /// One `HTTPClient` has one proxy: a client of a host that `NO_PROXY` names gets an
        /// `HTTPClient` made with `proxy: nil`. A proxy that refuses fails the call with a
        /// `ProxyFailure` (`407`, or a SOCKS5 proxy that wants credentials:
        /// `.authenticationRequired`).
        ///
        /// - Parameter proxy: The proxy, or `nil` to connect directly.
        /// - Returns: A new configuration; change anything but `redirectConfiguration` and `proxy`.
        public static func makeDefaultConfiguration(proxy: HTTPProxy?) -> HTTPClient.Configuration {
            var configuration = makeDefaultConfiguration()
            configuration.proxy = proxy.map(HTTPClient.Configuration.Proxy.init)
            return configuration
        }

        /// ``makeDefaultConfiguration(proxy:)`` with the `HTTPClient`'s own TLS configuration made
        /// from `tls`, for the hosts its `perHost` does not name: give the transport the same policy
        /// (``init(client:tls:maximumResponseSize:maximumRedirects:)``), which then leaves those
        /// hosts to the `HTTPClient` and sets only the `perHost` hosts' configuration on their
        /// requests.
        ///
        /// <!-- snippet needs: apiURL -->
        /// ```swift
        /// import AsyncHTTPClient
        ///
        /// let privateCA = try TLSCertificate(pemFile: URL(fileURLWithPath: "/etc/ssl/private-ca.pem"))
        /// let policy = TLSPolicy(trust: .only([privateCA]))
        /// let httpClient = HTTPClient(configuration: try AsyncHTTPClientTransport.makeDefaultConfiguration(tls: policy))
        /// let client = try Client(baseURL: apiURL) { $0.transport = try AsyncHTTPClientTransport(client: httpClient, tls: policy) }
        /// ```
        ///
        /// AsyncHTTPClient keys its connection pools by each request's TLS configuration, and
        /// hashes that configuration, certificates included, for every request that has one: one
        /// given to the `HTTPClient` instead costs nothing per request. A policy that turns
        /// verification off writes a warning to standard error here too.
        ///
        /// - Parameters:
        ///   - tls: The TLS policy.
        ///   - proxy: The proxy, or `nil` (the default) to connect directly.
        /// - Returns: A new configuration; change anything but `redirectConfiguration` and
        ///   `tlsConfiguration`.
        /// - Throws: ``TLSPolicyError/invalidCertificate(source:)`` or
        ///   ``TLSPolicyError/invalidPrivateKey(source:)`` for a certificate or key SwiftNIO SSL
        ///   cannot read.
        public static func makeDefaultConfiguration(
            tls: TLSPolicy, proxy: HTTPProxy? = nil
        ) throws(TLSPolicyError) -> HTTPClient.Configuration {
            var configuration = makeDefaultConfiguration(proxy: proxy)
            configuration.tlsConfiguration = try TLSConfigurations.defaultConfiguration(of: tls)
            return configuration
        }

        /// Sends `request` with the `HTTPClient`, following redirects with EndpointKit's rules.
        ///
        /// - Parameter request: The request to send.
        /// - Returns: The final response, whatever its status, with `url` set to the URL that answered.
        /// - Throws: `CancellationError` when the calling task is cancelled; `ResponseTooLargeError`
        ///   for a body over ``maximumResponseSize``; ``HTTPClientFollowsRedirectsError`` when the
        ///   `HTTPClient` followed a redirect itself; a `ProxyFailure` when its proxy refused, or is
        ///   one EndpointKit cannot use (then nothing is sent); a `URLError` for a timeout or a
        ///   failed connection; AsyncHTTPClient's or SwiftNIO's error otherwise.
        public func send(_ request: URLRequest) async throws -> HTTPResponse {
            var current = request
            var response = try await perform(current)
            var redirects = 0
            while let next = current.redirected(by: response) {
                guard redirects < maximumRedirects else { throw URLError(.httpTooManyRedirects) }
                redirects += 1
                current = next
                response = try await perform(current)
            }
            return response
        }

        /// The AsyncHTTPClient request for `request`, the one way every request of this transport
        /// is made.
        ///
        /// - Throws: ``HTTPClientFollowsRedirectsError`` or a `ProxyFailure`, before anything is
        ///   sent (``refuseBeforeSending(_:)``); else what `HTTPClient.Request` throws.
        func outgoingRequest(for request: URLRequest) throws -> HTTPClient.Request {
            try refuseBeforeSending(request)
            var outgoing = try HTTPClient.Request(request, eventLoopGroup: client.eventLoopGroup)
            // AsyncHTTPClient's scheme is already lower case: nothing is allocated per request.
            if let configuration = tlsConfiguration(isHTTPS: outgoing.scheme == "https", host: outgoing.url.host) {
                outgoing.tlsConfiguration = configuration
            }
            return outgoing
        }

        /// Throws, before anything is sent, the ``proxyRefusal`` of an `HTTPClient` whose proxy
        /// EndpointKit cannot use, or ``HTTPClientFollowsRedirectsError`` for `request` when the
        /// `HTTPClient` follows redirects itself.
        func refuseBeforeSending(_ request: URLRequest) throws {
            if let proxyRefusal { throw proxyRefusal }
            guard !clientFollowsRedirects else {
                throw HTTPClientFollowsRedirectsError(from: request.url, to: nil)
            }
        }

        /// The `TLSPolicy`'s configuration for a request to `host`; `nil` for plain HTTP, without a
        /// policy (the `HTTPClient`'s own applies), or when the policy leaves `host` to it. `host`
        /// is only read when the policy may give some host a configuration of its own.
        func tlsConfiguration(isHTTPS: Bool, host: @autoclosure () -> String?) -> TLSConfiguration? {
            guard isHTTPS, let tlsConfigurations, !tlsConfigurations.clientAppliesEveryConfiguration,
                let host = host()
            else { return nil }
            return tlsConfigurations.configuration(forHost: host)
        }

        /// What a request to `url` that failed with AsyncHTTPClient's `error` throws: a
        /// ``TLSFailure`` (its certificate refusal explained), a `URLError` where one fits, else
        /// `error`.
        ///
        /// A timeout before any response (AsyncHTTPClient's connect timeout, or the idle timeout)
        /// of an `https` request to a server that has never answered this transport is a
        /// ``TLSFailure/Reason/handshakeTimedOut`` when a second connection to the server is made
        /// but completes no handshake either: a server that takes connections and stalls their
        /// handshakes, which sending the request again would not help. Otherwise it stays a
        /// timeout, which the retry policy may try again: always for a server that has answered
        /// (``AnsweringServers``), whose handshakes complete, however slowly a busy machine lets
        /// them.
        func reported(_ error: any Error, for url: URL?, beforeResponse: Bool) async -> any Error {
            if let proxyFailure = ProxyFailure(asyncHTTPClientError: error, proxy: client.configuredProxy) {
                return proxyFailure
            }
            if !beforeResponse { answeringServers.noteAnswer(from: url) }
            if beforeResponse, client.configuredProxy == nil, Self.isTimeout(error), let url,
                url.scheme?.lowercased() == "https", !answeringServers.hasAnswered(url), let host = url.host,
                await CertificateDiagnosis.handshakeStalls(
                    host: host, port: url.port ?? 443, group: client.eventLoopGroup)
            {
                return TLSFailure(
                    reason: .handshakeTimedOut, server: TLSFailure.server(of: url),
                    detail:
                        "the server took the connection but did not complete the handshake, nor on a second connection")
            }
            guard let failure = TLSFailure(asyncHTTPClientError: error, url: url) else {
                return URLError(asyncHTTPClientError: error) ?? error
            }
            // Behind a proxy, the certificate is not looked at: that would connect to the server
            // directly, around the proxy.
            guard client.configuredProxy == nil else { return failure }
            return await CertificateDiagnosis.explain(
                failure, url: url, policy: tls ?? .default, group: client.eventLoopGroup)
        }

        /// Whether `error` is AsyncHTTPClient's connect timeout or the transport's idle timeout
        /// (`execute`'s deadline before a response's head, or the watchdog's `URLError`).
        private static func isTimeout(_ error: any Error) -> Bool {
            [.connectTimeout, .deadlineExceeded].contains(error as? HTTPClientError)
                || (error as? URLError)?.code == .timedOut
        }

        /// Sends one request (no redirect followed) and collects its response within the idle
        /// timeout; a request AsyncHTTPClient never sent is sent again (``UnprocessedRequest``).
        private func perform(_ request: URLRequest) async throws -> HTTPResponse {
            try await resendingUnprocessed(request) {
                if sendsWithExecute(request) { return try await execute(request) }
                return try await performOnce(request)
            }
        }

        /// Sends one request through the delegate API, once.
        private func performOnce(_ request: URLRequest) async throws -> HTTPResponse {
            let outgoing = try outgoingRequest(for: request)
            let collector = ResponseCollector(
                url: request.url, isHead: outgoing.method == .HEAD, limit: maximumResponseSize,
                idleTimeout: request.timeoutInterval, watchdog: idleWatchdog)
            let exchange = client.execute(request: outgoing, delegate: collector)
            collector.start(exchange)
            do {
                let response = try await withTaskCancellationHandler {
                    try await exchange.futureResult.get()
                } onCancel: {
                    exchange.cancel()
                }
                answeringServers.noteAnswer(from: request.url)
                return response
            } catch {
                if Task.isCancelled { throw CancellationError() }
                if !collector.hasReceivedHead, let unprocessed = UnprocessedRequest(error, method: request.httpMethod) {
                    throw unprocessed
                }
                throw await reported(error, for: request.url, beforeResponse: !collector.hasReceivedHead)
            }
        }
    }
#endif
