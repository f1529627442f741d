import Foundation

/// Which proxy each URL goes through: one for `http` URLs, one for `https` URLs, and the hosts
/// that bypass them; read from the environment the way curl reads it.
///
/// ```swift
/// let proxy = ProxySettings.fromEnvironment().proxy(for: apiURL)
/// let httpClient = HTTPClient(configuration: AsyncHTTPClientTransport.makeDefaultConfiguration(proxy: proxy))
/// ```
public struct ProxySettings: Sendable, Hashable {
    /// The proxy for `http` URLs.
    public var http: HTTPProxy?
    /// The proxy for `https` URLs, reached with a `CONNECT` tunnel.
    public var https: HTTPProxy?
    /// Hosts that go direct, as in `NO_PROXY`: `*` for all; `example.com` or `.example.com` for
    /// that domain and every name under it; an IP address for itself. Case does not matter; a
    /// `:port` suffix is ignored.
    public var bypass: [String]

    /// Settings with the given proxies.
    public init(http: HTTPProxy? = nil, https: HTTPProxy? = nil, bypass: [String] = []) {
        self.http = http
        self.https = https
        self.bypass = bypass
    }

    /// The settings in `environment`, read as curl reads them:
    /// - `http_proxy` for `http` URLs, lower case only: a CGI program gets a request's `Proxy`
    ///   header as `HTTP_PROXY` (httpoxy), so the upper-case name is not trusted;
    /// - `https_proxy`, or else `HTTPS_PROXY`, for `https` URLs;
    /// - `no_proxy`, or else `NO_PROXY`: a comma-separated ``bypass`` list.
    ///
    /// A value that is not an `http://` proxy URL (SOCKS, or an empty value) is ignored, as if
    /// unset. Without a scheme, `http://` is assumed.
    ///
    /// - Parameter environment: The environment; the process's by default.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> ProxySettings {
        func proxy(_ names: [String]) -> HTTPProxy? {
            guard let value = names.lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) else {
                return nil
            }
            let text = value.contains("://") ? value : "http://\(value)"
            return URL(string: text).flatMap { try? HTTPProxy(url: $0) }
        }
        let bypass = (environment["no_proxy"] ?? environment["NO_PROXY"] ?? "")
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return ProxySettings(http: proxy(["http_proxy"]), https: proxy(["https_proxy", "HTTPS_PROXY"]), bypass: bypass)
    }

    /// The proxy for `url`: by its scheme, unless its host is in ``bypass``.
    ///
    /// - Parameter url: The URL a request goes to.
    /// - Returns: The proxy, or `nil` to go direct.
    public func proxy(for url: URL) -> HTTPProxy? {
        guard let host = url.host?.lowercased(), !bypasses(host) else { return nil }
        switch url.scheme?.lowercased() {
        case "http": return http
        case "https": return https
        default: return nil
        }
    }

    /// Whether `host` (lower case) is in ``bypass``.
    private func bypasses(_ host: String) -> Bool {
        let host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        return bypass.contains { entry in
            var pattern = entry.lowercased()
            if pattern == "*" { return true }
            if pattern.hasPrefix("["), let end = pattern.firstIndex(of: "]") {  // [::1] or [::1]:8080
                pattern = String(pattern[pattern.index(after: pattern.startIndex)..<end])
            } else if pattern.filter({ $0 == ":" }).count == 1, let colon = pattern.firstIndex(of: ":") {
                pattern = String(pattern[..<colon])  // host:port
            }
            if pattern.hasPrefix(".") { pattern.removeFirst() }
            return host == pattern || host.hasSuffix("." + pattern)
        }
    }
}
