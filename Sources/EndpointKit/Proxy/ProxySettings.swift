import Foundation

/// Which proxy each URL goes through: one for `http` URLs, one for `https` URLs, and the hosts
/// that bypass them; read from the environment the way curl reads it.
///
/// <!-- snippet needs: apiURL -->
/// ```swift
/// import AsyncHTTPClient
/// import EndpointKitAsyncHTTPClient
///
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
    /// The environment variables that ``fromEnvironment(_:)`` took, as curl takes them, but that
    /// name a proxy EndpointKit cannot send through (a SOCKS proxy, or a value that is not a
    /// URL): for their scheme these settings have no proxy, so requests go direct where curl
    /// would have used that proxy. Empty otherwise. A program that must never go around the
    /// proxy its user set refuses to start when this is not empty:
    ///
    /// ```swift
    /// let settings = ProxySettings.fromEnvironment()
    /// guard settings.unusableVariables.isEmpty else {
    ///     fatalError("\(settings.unusableVariables.joined(separator: ", ")) names a proxy this program cannot use")
    /// }
    /// ```
    public var unusableVariables: [String] = []

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
    /// An empty value counts as unset, so `HTTPS_PROXY` applies when `https_proxy` is empty. Any
    /// other value is the one that counts, as in curl, even one EndpointKit cannot use: with
    /// `https_proxy=socks5://proxy:1080` and `HTTPS_PROXY=http://other:3128`, curl goes through
    /// the SOCKS proxy and never through `other`, so neither does EndpointKit. It has no `https`
    /// proxy then (it does not speak SOCKS), and ``unusableVariables`` names `https_proxy`.
    /// Without a scheme, `http://` is assumed.
    ///
    /// - Parameter environment: The environment; the process's by default.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> ProxySettings {
        var unusable: [String] = []
        func proxy(_ names: [String]) -> HTTPProxy? {
            guard let name = names.first(where: { !(environment[$0] ?? "").isEmpty }), let value = environment[name]
            else { return nil }
            let text = value.contains("://") ? value : "http://\(value)"
            guard let proxy = URL(string: text).flatMap({ try? HTTPProxy(url: $0) }) else {
                unusable.append(name)
                return nil
            }
            return proxy
        }
        let bypass = (environment["no_proxy"] ?? environment["NO_PROXY"] ?? "")
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var settings = ProxySettings(
            http: proxy(["http_proxy"]), https: proxy(["https_proxy", "HTTPS_PROXY"]), bypass: bypass)
        settings.unusableVariables = unusable
        return settings
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
