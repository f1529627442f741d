#if AsyncHTTPClient
    import AsyncHTTPClient
    import EndpointKit

    extension ProxyFailure {
        /// The proxy failure that AsyncHTTPClient threw as `error`, through `proxy`; `nil` when
        /// `error` is not one.
        init?(asyncHTTPClientError error: any Error, proxy: HTTPClient.Configuration.Proxy?) {
            guard let error = error as? HTTPClientError else { return nil }
            let name = proxy.map { proxy in
                HTTPProxy(host: proxy.host, port: proxy.port).description
                    + (proxy.authorization == nil ? "" : " (with credentials)")
            }
            switch error {
            case .proxyAuthenticationRequired: self.init(reason: .authenticationRequired, proxy: name)
            case .invalidProxyResponse: self.init(reason: .tunnelRefused, proxy: name)
            case .httpProxyHandshakeTimeout: self.init(reason: .timedOut, proxy: name)
            default: return nil
            }
        }
    }
#endif
