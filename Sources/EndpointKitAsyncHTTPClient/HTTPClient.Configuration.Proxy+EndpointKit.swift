#if AsyncHTTPClient
    import AsyncHTTPClient
    import EndpointKit
    import NIOHTTP1

    extension HTTPClient.Configuration.Proxy {
        /// The host of a proxy that stands for one EndpointKit cannot use: a `.invalid` name,
        /// which never resolves (RFC 6761), so that an `HTTPClient` given it outside
        /// ``AsyncHTTPClientTransport`` fails at the DNS lookup rather than going direct.
        static let refusingHost = "unsupported-proxy.endpointkit.invalid"

        /// The `CONNECT` headers that carry a refused proxy's description, variable and scheme to
        /// the transport (never sent: their proxy's host does not resolve).
        private enum RefusalHeader {
            static let proxy = "EndpointKit-Unsupported-Proxy"
            static let variable = "EndpointKit-Unsupported-Proxy-Variable"
            static let scheme = "EndpointKit-Unsupported-Proxy-Scheme"
        }

        /// AsyncHTTPClient's proxy for `proxy`: a `CONNECT` proxy (with Basic credentials on the
        /// `CONNECT` only) or a SOCKS5 one; for a proxy that EndpointKit cannot use
        /// (``HTTPProxy/isSupported``), one that refuses every request (``refusal``).
        init(_ proxy: HTTPProxy) {
            guard proxy.isSupported else {
                var headers = HTTPHeaders([(RefusalHeader.proxy, proxy.description)])
                if let variable = proxy.environmentVariable {
                    headers.add(name: RefusalHeader.variable, value: variable)
                }
                headers.add(name: RefusalHeader.scheme, value: proxy.scheme.rawValue)
                self = .server(host: Self.refusingHost, port: 1, authorization: nil, connectHeaders: headers)
                return
            }
            if proxy.scheme.isSOCKS5 {
                self = .socksServer(host: proxy.host, port: proxy.port)
                return
            }
            let authorization = proxy.credentials.map {
                HTTPClient.Authorization.basic(username: $0.username, password: $0.password)
            }
            self = .server(host: proxy.host, port: proxy.port, authorization: authorization)
        }

        /// The failure of every request through this proxy, when it stands for one EndpointKit
        /// cannot use (made by ``init(_:)``); `nil` for a proxy that can carry requests.
        var refusal: ProxyFailure? {
            guard host == Self.refusingHost, let name = connectHeaders.first(name: RefusalHeader.proxy) else {
                return nil
            }
            var failure = ProxyFailure(reason: .unsupportedProxy, proxy: name)
            failure.environmentVariable = connectHeaders.first(name: RefusalHeader.variable)
            failure.scheme = connectHeaders.first(name: RefusalHeader.scheme).map(HTTPProxy.Scheme.init(rawValue:))
            return failure
        }

        /// Whether this is a SOCKS5 proxy. AsyncHTTPClient keeps a proxy's type internal; a SOCKS
        /// proxy is equal to `.socksServer` at its address (its `connectHeaders`, which SOCKS
        /// ignores, are compared too: one with some reads as an HTTP proxy, in names only).
        var isSOCKS: Bool {
            self == .socksServer(host: host, port: port)
        }

        /// The proxy as ``HTTPProxy`` names it (`socks5 proxy 127.0.0.1:1080`), never with its
        /// password: `(with credentials)` when it has some.
        var endpointKitDescription: String {
            guard !isSOCKS else { return HTTPProxy(scheme: .socks5, host: host, port: port).description }
            return HTTPProxy(host: host, port: port).description + (authorization == nil ? "" : " (with credentials)")
        }
    }
#endif
