import Foundation

extension HTTPProxy {
    /// The protocol spoken to a proxy, as its URL's scheme names it: `.http` (a `CONNECT`
    /// tunnel), `.socks5` or `.socks5h`.
    ///
    /// An open set, not an enum: a proxy read from the environment keeps the scheme its variable
    /// named even when EndpointKit cannot speak it (`socks4`, `https`), so that the failure can say
    /// which; ``HTTPProxy/isSupported`` tells them apart. Compare with `==`, or `switch` with a
    /// `default`.
    public struct Scheme: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The scheme in lower case, such as `socks5h`.
        public let rawValue: String

        /// The scheme named `rawValue`, in lower case.
        public init(rawValue: String) {
            self.rawValue = rawValue.lowercased()
        }

        /// The scheme's name.
        public var description: String { rawValue }

        /// An HTTP proxy: each request goes through a `CONNECT` tunnel, with Basic credentials
        /// on the `CONNECT` only.
        public static let http = Scheme(rawValue: "http")
        /// A SOCKS5 proxy (RFC 1928). The server's host name is sent to the proxy, which resolves
        /// it, as with ``socks5h``: curl resolves a `socks5://` name itself, but AsyncHTTPClient
        /// 1.37 always hands the name to the proxy, and resolving it here would ask the local DNS
        /// about a host that the user sends through a proxy.
        public static let socks5 = Scheme(rawValue: "socks5")
        /// A SOCKS5 proxy that resolves the server's host name itself (curl's `socks5h://`).
        public static let socks5h = Scheme(rawValue: "socks5h")

        /// Whether this is SOCKS5 (``socks5`` or ``socks5h``).
        public var isSOCKS5: Bool { self == .socks5 || self == .socks5h }

        /// The port a proxy URL of this scheme means when it names none: 1080 for SOCKS, 80
        /// otherwise.
        var defaultPort: Int { isSOCKS5 || rawValue.hasPrefix("socks") ? 1080 : 80 }
    }
}
