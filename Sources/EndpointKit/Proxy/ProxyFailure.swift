import Foundation

/// A proxy that refused to carry a request: it asked for credentials it did not get (`407`, or a
/// SOCKS proxy that accepts no request without them), or answered its `CONNECT` (or SOCKS
/// request) with something other than success; or a proxy EndpointKit cannot speak, refused
/// before anything is sent (``Reason/unsupportedProxy``).
///
/// Transports throw it, and the client reports it as ``EndpointError/transportFailed(_:)`` with
/// this error as the failure's `underlying` error. It is not retried: the next attempt would
/// meet the same proxy.
public struct ProxyFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What the proxy did.
    ///
    /// An open set, not an enum, so that a later release can add a reason without breaking a
    /// `switch` that lists them: compare with `==`, or `switch` with a `default`.
    public struct Reason: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The reason's name, such as `authenticationRequired`.
        public let rawValue: String

        /// The reason named `rawValue`.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The reason's name.
        public var description: String { rawValue }

        /// `407 Proxy Authentication Required`: no credentials, or wrong ones; or a SOCKS5
        /// proxy that accepts only methods with credentials.
        public static let authenticationRequired = Reason(rawValue: "authenticationRequired")
        /// An answer to `CONNECT` that was not `200`, or not HTTP; or a SOCKS5 proxy that
        /// could not or would not connect to the server.
        public static let tunnelRefused = Reason(rawValue: "tunnelRefused")
        /// No answer to `CONNECT`, or no SOCKS5 handshake, in time.
        public static let timedOut = Reason(rawValue: "timedOut")
        /// A proxy EndpointKit cannot send through (``HTTPProxy/isSupported`` is `false`: SOCKS4,
        /// a TLS proxy, SOCKS5 with credentials, a value that is not a URL): nothing was sent,
        /// neither to it nor around it.
        public static let unsupportedProxy = Reason(rawValue: "unsupportedProxy")
    }

    /// What the proxy did.
    public var reason: Reason
    /// The proxy, as ``HTTPProxy/description`` names it (never its password), when known.
    public var proxy: String?
    /// The environment variable that named the proxy (such as `https_proxy`), when it came
    /// from one. Not compared by `==`.
    public var environmentVariable: String?
    /// The scheme of the proxy's URL, when known. Not compared by `==`.
    public var scheme: HTTPProxy.Scheme?
    /// What the transport could not do with the proxy and what to do, when it says more than
    /// the reason (URLSession's refusal of a variable). Not compared by `==`.
    public var detail: String?

    /// Creates a failure.
    public init(reason: Reason, proxy: String? = nil) {
        self.reason = reason
        self.proxy = proxy
    }

    /// A failure of `proxy`, which names its scheme and the variable it came from.
    public init(reason: Reason, of proxy: HTTPProxy) {
        self.init(reason: reason, proxy: proxy.description)
        environmentVariable = proxy.environmentVariable
        scheme = proxy.scheme
    }

    /// Whether both have the same reason and proxy (the variable, scheme and detail are not
    /// compared).
    public static func == (lhs: ProxyFailure, rhs: ProxyFailure) -> Bool {
        lhs.reason == rhs.reason && lhs.proxy == rhs.proxy
    }

    /// `the proxy 127.0.0.1:3128 (as alice) asked for credentials it did not accept (407)`.
    public var description: String {
        let name = proxy.map { "the \($0)" } ?? "the proxy"
        switch reason {
        case .authenticationRequired:
            return "\(name) asked for credentials it did not get or accept" + (scheme?.isSOCKS5 == true ? "" : " (407)")
        case .tunnelRefused: return "\(name) refused to open a tunnel to the server"
        case .timedOut: return "\(name) did not answer in time"
        case .unsupportedProxy:
            if let detail { return "\(name) is not one this transport can send through: \(detail)" }
            let remedy =
                environmentVariable.map {
                    "change or unset \($0), or set ProxySettings.bypassesUnusableProxies to go direct"
                } ?? "use an http:// proxy, or a socks5:// or socks5h:// one without credentials"
            return "\(name) is not one EndpointKit can send through (http://, or socks5:// or socks5h://"
                + " without credentials), so nothing was sent: \(remedy)"
        default: return "\(name) failed (\(reason))"
        }
    }
}

extension TransportFailure {
    /// The ``ProxyFailure`` that made the transport fail, if that is why.
    public var proxyFailure: ProxyFailure? {
        underlying as? ProxyFailure
    }
}

extension EndpointError {
    /// The ``ProxyFailure`` of a ``transportFailed(_:)``, if a proxy is why the call failed.
    public var proxyFailure: ProxyFailure? {
        if case .transportFailed(let failure) = self { return failure.proxyFailure }
        return nil
    }
}
