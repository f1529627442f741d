import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension ProxyFailure {
    /// The failure of a proxy variable that URLSession on Linux could not use, as it reported it
    /// in `error` for a request to `url`; `nil` when `error` is not one.
    ///
    /// swift-corelibs-foundation 6.3.1 leaves proxies to libcurl, which reads `http_proxy`,
    /// `https_proxy`, `all_proxy` and their upper-case forms itself, and refuses a value it cannot
    /// use before it connects anywhere: `URLError(-1)` with "Unsupported proxy scheme for '…'" or
    /// "Unsupported proxy syntax in '…'", the value quoted, its password included. Such an error
    /// becomes this failure, which names the variable (read from `environment` by curl's rule,
    /// ``ProxySettings/fromEnvironment(_:)``) and never the value's password (test: "URLSession's
    /// refusal of a proxy variable is a ProxyFailure naming it, without the password").
    ///
    /// - Parameters:
    ///   - error: What URLSession reported.
    ///   - url: The request's URL, whose scheme says which variable applied.
    ///   - environment: The environment libcurl read; the process's by default.
    package init?(
        urlSessionError error: any Error, url: URL?,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        guard let urlError = error as? URLError, urlError.code == .unknown,
            let message = urlError.userInfo[NSLocalizedDescriptionKey] as? String,
            message.hasPrefix("Unsupported proxy scheme") || message.hasPrefix("Unsupported proxy syntax")
        else { return nil }
        let settings = ProxySettings.fromEnvironment(environment)
        let proxy = url?.scheme?.lowercased() == "http" ? settings.http : settings.https
        self.init(reason: .unsupportedProxy, proxy: proxy?.description)
        environmentVariable = proxy?.environmentVariable
        scheme = proxy?.scheme
        let variable = environmentVariable ?? "the proxy variable"
        detail =
            "URLSession (libcurl) cannot use it, so nothing was sent: change or unset \(variable), which libcurl"
            + " reads itself (ProxySettings.bypassesUnusableProxies does not apply to URLSessionTransport)"
    }
}
