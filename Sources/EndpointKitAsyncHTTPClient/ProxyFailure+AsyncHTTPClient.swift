#if AsyncHTTPClient
    import AsyncHTTPClient
    import EndpointKit
    import NIOSOCKS

    extension ProxyFailure {
        /// The proxy failure that AsyncHTTPClient threw as `error`, through `proxy`; `nil` when
        /// `error` is not one.
        ///
        /// A SOCKS5 proxy's refusals are NIOSOCKS's errors: `InvalidAuthenticationSelection` when
        /// it accepts only a method with credentials (AsyncHTTPClient offers none),
        /// `ConnectionFailed` when it could not or would not reach the server.
        init?(asyncHTTPClientError error: any Error, proxy: HTTPClient.Configuration.Proxy?) {
            let reason: Reason
            switch (error as? HTTPClientError, error) {
            case (.proxyAuthenticationRequired?, _), (_, is SOCKSError.InvalidAuthenticationSelection),
                (_, is SOCKSError.NoValidAuthenticationMethod):
                reason = .authenticationRequired
            case (.invalidProxyResponse?, _), (_, is SOCKSError.ConnectionFailed):
                reason = .tunnelRefused
            case (.httpProxyHandshakeTimeout?, _), (.socksHandshakeTimeout?, _):
                reason = .timedOut
            default:
                return nil
            }
            self.init(reason: reason, proxy: proxy?.endpointKitDescription)
            scheme = proxy.map { $0.isSOCKS ? .socks5 : .http }
        }
    }
#endif
