import Foundation

/// A proxy: the protocol it speaks (an HTTP proxy by default, or SOCKS5), where it listens, and
/// the credentials it asks for, if any.
///
/// ```swift
/// import AsyncHTTPClient
/// import EndpointKitAsyncHTTPClient
///
/// let proxy = try HTTPProxy(url: URL(string: "http://alice:s3cret@proxy.internal:3128")!)
/// let httpClient = HTTPClient(configuration: AsyncHTTPClientTransport.makeDefaultConfiguration(proxy: proxy))
/// ```
///
/// Its `description` and mirror never show the password.
///
/// Two proxies are equal when their scheme, host, port and credentials are:
/// ``environmentVariable`` only says where one came from.
public struct HTTPProxy: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// Basic credentials for the proxy (`Proxy-Authorization`), sent to the proxy only.
    public struct Credentials: Sendable, Hashable {
        /// The user name.
        public var username: String
        /// The password.
        public var password: String

        /// Credentials for the proxy.
        public init(username: String, password: String) {
            self.username = username
            self.password = password
        }
    }

    /// The proxy's host name or IP address.
    public var host: String
    /// The proxy's port.
    public var port: Int
    /// The credentials it asks for; none by default.
    public var credentials: Credentials?
    /// The protocol spoken to it; `.http` by default.
    public var scheme: Scheme = .http
    /// The environment variable it was read from (such as `https_proxy`), named in its
    /// description and in a ``ProxyFailure``; `nil` for a proxy made in code.
    public var environmentVariable: String?

    /// An HTTP proxy at `host`:`port`.
    public init(host: String, port: Int, credentials: Credentials? = nil) {
        self.host = host
        self.port = port
        self.credentials = credentials
    }

    /// A proxy at `host`:`port` that speaks `scheme`, such as a SOCKS5 proxy:
    /// `HTTPProxy(scheme: .socks5h, host: "127.0.0.1", port: 1080)`.
    public init(scheme: Scheme, host: String, port: Int, credentials: Credentials? = nil) {
        self.init(host: host, port: port, credentials: credentials)
        self.scheme = scheme
    }

    /// A proxy from a URL such as `http://proxy.internal:3128`,
    /// `http://alice:s3cret@proxy.internal:3128` (user and password percent-decoded) or
    /// `socks5h://127.0.0.1:1080`, as in `HTTPS_PROXY`; without a scheme, `http://` is assumed;
    /// without a port, 80 for `http` and 1080 for SOCKS.
    ///
    /// - Throws: ``ProxyConfigurationError/invalidProxyURL(_:)`` for a URL without a host, with a
    ///   scheme other than `http`, `socks5` or `socks5h` (a TLS connection to the proxy itself, or
    ///   SOCKS4, is not supported), or a SOCKS URL with credentials (AsyncHTTPClient 1.37 cannot
    ///   send them: refused rather than dropped).
    public init(url: URL) throws(ProxyConfigurationError) {
        guard let proxy = Self(parsing: url), proxy.isSupported else {
            throw .invalidProxyURL(Redaction.standard.redact(url))
        }
        self = proxy
    }

    /// The proxy that `url` names, whether EndpointKit can use it or not; `nil` when `url` has no
    /// scheme.
    init?(parsing url: URL) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = components.scheme.map(Scheme.init(rawValue:))
        else { return nil }
        self.init(
            scheme: scheme, host: components.host ?? "", port: components.port ?? scheme.defaultPort,
            credentials: components.user.map { Credentials(username: $0, password: components.password ?? "") })
    }

    /// Whether EndpointKit can send through this proxy: it has a host, and it is an HTTP proxy,
    /// or a SOCKS5 one without credentials (AsyncHTTPClient 1.37 has no SOCKS authentication).
    /// ``ProxySettings`` reads a variable that names any other as a proxy that refuses every call
    /// (``ProxyFailure/Reason/unsupportedProxy``).
    public var isSupported: Bool {
        !host.isEmpty && (scheme == .http || (scheme.isSOCKS5 && credentials == nil))
    }

    /// `proxy 127.0.0.1:3128 (as alice)`, `socks5h proxy 127.0.0.1:1080 (from all_proxy)`: the
    /// scheme unless `http`, the host, the port, the user and the variable, never the password.
    public var description: String {
        let prefix = scheme == .http ? "proxy" : "\(scheme) proxy"
        let address = host.isEmpty ? " without a host" : " \(host):\(port)"
        let notes = [credentials.map { "as \($0.username)" }, environmentVariable.map { "from \($0)" }]
            .compactMap { $0 }
        return prefix + address + (notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))")
    }

    /// The scheme, host, port and user, and the password redacted, for `dump` and debuggers.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "scheme": scheme.rawValue, "host": host, "port": port, "username": credentials?.username as Any,
                "password": credentials == nil ? "none" : "redacted", "environmentVariable": environmentVariable as Any,
            ])
    }

    /// Whether both are the same proxy: scheme, host, port and credentials.
    public static func == (lhs: HTTPProxy, rhs: HTTPProxy) -> Bool {
        lhs.scheme == rhs.scheme && lhs.host == rhs.host && lhs.port == rhs.port && lhs.credentials == rhs.credentials
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(scheme)
        hasher.combine(host)
        hasher.combine(port)
        hasher.combine(credentials)
    }
}

/// Why a proxy setting was refused.
public enum ProxyConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A proxy URL (credentials redacted) that names no host, a scheme other than `http`,
    /// `socks5` or `socks5h`, or SOCKS with credentials.
    case invalidProxyURL(String)

    /// What was refused, such as `proxy: "socks4://proxy:1080" is not a proxy URL EndpointKit can
    /// use`, and what it can use.
    public var description: String {
        switch self {
        case .invalidProxyURL(let url):
            return "proxy: \"\(url)\" is not a proxy URL EndpointKit can use"
                + " (http://host:port, or socks5:// or socks5h:// without credentials)"
        }
    }
}
