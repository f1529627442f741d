import Foundation

/// Which proxy each URL goes through: one for `http` URLs, one for `https` URLs, and the hosts
/// that bypass them; read from the environment the way curl reads it. A proxy named there is
/// never gone around: one EndpointKit cannot use fails the calls it would carry, unless
/// ``bypassesUnusableProxies`` says otherwise.
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
    /// The proxy for `https` URLs: an HTTP proxy is reached with a `CONNECT` tunnel.
    public var https: HTTPProxy?
    /// Hosts that go direct, as in `NO_PROXY`: `*` for all; `example.com` or `.example.com` for
    /// that domain and every name under it; an IP address for itself. Case does not matter; a
    /// `:port` suffix is ignored.
    public var bypass: [String]
    /// The environment variables that ``fromEnvironment(_:)`` took, as curl takes them, but that
    /// name a proxy EndpointKit cannot send through (``HTTPProxy/isSupported`` is `false`: a
    /// SOCKS4 or HTTPS proxy, SOCKS5 with credentials, a value that is not a URL with a host).
    /// Empty otherwise. For such a variable these settings hold a proxy that refuses: every call
    /// through it fails with ``ProxyFailure/Reason/unsupportedProxy`` before anything is sent,
    /// unless ``bypassesUnusableProxies`` is set. A program can also refuse to start:
    ///
    /// ```swift
    /// let settings = ProxySettings.fromEnvironment()
    /// guard settings.unusableVariables.isEmpty else {
    ///     fatalError("\(settings.unusableVariables.joined(separator: ", ")) names a proxy this program cannot use")
    /// }
    /// ```
    public var unusableVariables: [String] = []
    /// Whether a URL whose proxy EndpointKit cannot use goes direct, around that proxy, instead
    /// of failing; `false` by default. Set it only where going around the proxy the user named
    /// is acceptable: ``proxy(for:)`` then gives `nil` for such a URL, as 0.3.0 did.
    ///
    /// <!-- snippet needs: apiURL -->
    /// ```swift
    /// var settings = ProxySettings.fromEnvironment()
    /// settings.bypassesUnusableProxies = true  // a socks4:// proxy, say, is ignored: calls go direct
    /// let proxy = settings.proxy(for: apiURL)
    /// ```
    public var bypassesUnusableProxies = false

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
    /// - for either, when its own variable is not set, `all_proxy`, or else `ALL_PROXY`;
    /// - `no_proxy`, or else `NO_PROXY`: a comma-separated ``bypass`` list.
    ///
    /// A value is a proxy URL: `http://` (the default without a scheme), `socks5://` or
    /// `socks5h://` (both have the proxy resolve the server's name: ``HTTPProxy/Scheme/socks5``).
    /// An empty value counts as unset, so `HTTPS_PROXY` applies when `https_proxy` is empty. Any
    /// other value is the one that counts, as in curl, even one EndpointKit cannot use: with
    /// `https_proxy=socks4://proxy:1080` and `HTTPS_PROXY=http://other:3128`, curl goes through
    /// the SOCKS4 proxy and never through `other`, so neither does EndpointKit. Its `https` proxy
    /// is then the SOCKS4 one, which it cannot speak: calls to `https` URLs fail with
    /// ``ProxyFailure/Reason/unsupportedProxy``, naming `https_proxy`, before anything is sent,
    /// and ``unusableVariables`` names it (``bypassesUnusableProxies`` lets them go direct instead).
    ///
    /// - Parameter environment: The environment; the process's by default.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> ProxySettings {
        func proxy(_ names: [String]) -> HTTPProxy? {
            guard let name = names.first(where: { !(environment[$0] ?? "").isEmpty }), let value = environment[name]
            else { return nil }
            var proxy = Self.proxy(named: value)
            proxy.environmentVariable = name
            return proxy
        }
        let bypass = (environment["no_proxy"] ?? environment["NO_PROXY"] ?? "")
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let all = ["all_proxy", "ALL_PROXY"]
        var settings = ProxySettings(
            http: proxy(["http_proxy"] + all), https: proxy(["https_proxy", "HTTPS_PROXY"] + all), bypass: bypass)
        for case let proxy? in [settings.http, settings.https] where !proxy.isSupported {
            if let name = proxy.environmentVariable, !settings.unusableVariables.contains(name) {
                settings.unusableVariables.append(name)  // all_proxy, for both, is named once
            }
        }
        return settings
    }

    /// The proxy that a variable's `value` names, whether EndpointKit can use it or not: `http://`
    /// when it names no scheme; one without a host when it is not a URL.
    private static func proxy(named value: String) -> HTTPProxy {
        let text = value.contains("://") ? value : "http://\(value)"
        if let url = URL(string: text), let proxy = HTTPProxy(parsing: url) { return proxy }
        let scheme = text.range(of: "://").map { String(text[..<$0.lowerBound]) } ?? "http"
        return HTTPProxy(scheme: HTTPProxy.Scheme(rawValue: scheme), host: "", port: 0)
    }

    /// The proxy for `url`: by its scheme, unless its host is in ``bypass``.
    ///
    /// A proxy EndpointKit cannot use (``HTTPProxy/isSupported`` is `false`) is returned all the
    /// same, so that the transport made with it refuses every call rather than going around it;
    /// with ``bypassesUnusableProxies``, `nil` instead.
    ///
    /// - Parameter url: The URL a request goes to.
    /// - Returns: The proxy, or `nil` to go direct.
    public func proxy(for url: URL) -> HTTPProxy? {
        guard let host = url.host?.lowercased(), !bypasses(host) else { return nil }
        let proxy: HTTPProxy?
        switch url.scheme?.lowercased() {
        case "http": proxy = http
        case "https": proxy = https
        default: return nil
        }
        guard let proxy, proxy.isSupported || !bypassesUnusableProxies else { return nil }
        return proxy
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
