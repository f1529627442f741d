import Foundation

/// An HTTP proxy: where it listens, and the Basic credentials it asks for, if any.
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

    /// A proxy at `host`:`port`.
    public init(host: String, port: Int, credentials: Credentials? = nil) {
        self.host = host
        self.port = port
        self.credentials = credentials
    }

    /// A proxy from a URL such as `http://proxy.internal:3128` or
    /// `http://alice:s3cret@proxy.internal:3128` (user and password percent-decoded), as in
    /// `HTTPS_PROXY`; without a scheme, `http://` is assumed, and without a port, 80.
    ///
    /// - Throws: ``ProxyConfigurationError/invalidProxyURL(_:)`` for a URL without a host, or
    ///   with a scheme other than `http` (a TLS connection to the proxy itself, or SOCKS, is not
    ///   supported).
    public init(url: URL) throws(ProxyConfigurationError) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            components.scheme?.lowercased() == "http", let host = components.host, !host.isEmpty
        else {
            throw .invalidProxyURL(Redaction.standard.redact(url))
        }
        self.host = host
        port = components.port ?? 80
        credentials = components.user.map { Credentials(username: $0, password: components.password ?? "") }
    }

    /// `proxy 127.0.0.1:3128 (as alice)`: the host, the port and the user, never the password.
    public var description: String {
        "proxy \(host):\(port)" + (credentials.map { " (as \($0.username))" } ?? "")
    }

    /// The host, port and user, and the password redacted, for `dump` and debuggers.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "host": host, "port": port, "username": credentials?.username as Any,
                "password": credentials == nil ? "none" : "redacted",
            ])
    }
}

/// Why a proxy setting was refused.
public enum ProxyConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A proxy URL (credentials redacted) that names no host, or not with `http`.
    case invalidProxyURL(String)

    /// What was refused, such as `proxy: "socks5://proxy:1080" is not an http:// proxy URL`.
    public var description: String {
        switch self {
        case .invalidProxyURL(let url):
            return "proxy: \"\(url)\" is not an http:// proxy URL with a host"
        }
    }
}
