import EndpointKit
import Foundation
import Testing

@Suite("Proxy settings")
struct ProxySettingsTests {
    private let api = URL(string: "https://api.example.com/v1")!
    private let plain = URL(string: "http://api.example.com/v1")!

    @Test("A proxy URL gives host, port and decoded credentials; the password shows nowhere")
    func readsProxyURL() throws {
        let proxy = try HTTPProxy(url: URL(string: "http://al%40ice:p%3Ass@proxy.internal:3128")!)
        #expect(proxy.host == "proxy.internal")
        #expect(proxy.port == 3128)
        #expect(proxy.credentials == HTTPProxy.Credentials(username: "al@ice", password: "p:ss"))
        var dumped = ""
        dump(proxy, to: &dumped)
        for text in [proxy.description, String(reflecting: proxy), dumped] {
            #expect(!text.contains("p:ss") && !text.contains("p%3Ass"), "\(text)")
        }
        #expect(try HTTPProxy(url: URL(string: "http://proxy.internal")!).port == 80)
    }

    @Test("A SOCKS4 or TLS proxy URL, SOCKS5 with credentials, or one without a host, is refused, credentials redacted")
    func refusesOtherProxies() {
        for text in ["socks4://proxy:1080", "https://proxy:443", "http:///nohost", "socks5h://bob:hunter2@proxy:1080"] {
            #expect(throws: ProxyConfigurationError.self) { try HTTPProxy(url: URL(string: text)!) }
        }
        #expect {
            try HTTPProxy(url: URL(string: "socks5://bob:hunter2@proxy:1080")!)
        } throws: { error in
            !String(describing: error).contains("hunter2")
        }
    }

    @Test("A socks5:// or socks5h:// URL is a SOCKS5 proxy, on port 1080 unless it names one")
    func readsSOCKSURLs() throws {
        let proxy = try HTTPProxy(url: URL(string: "SOCKS5H://127.0.0.1")!)
        #expect(proxy == HTTPProxy(scheme: .socks5h, host: "127.0.0.1", port: 1080))
        #expect(proxy.isSupported && proxy.scheme.isSOCKS5)
        #expect(proxy.description == "socks5h proxy 127.0.0.1:1080")
        #expect(try HTTPProxy(url: URL(string: "socks5://tor.internal:9050")!).scheme == .socks5)
        #expect(proxy != HTTPProxy(host: "127.0.0.1", port: 1080), "an HTTP proxy at the same address is another proxy")
    }

    @Test("The environment is read as curl reads it: http_proxy lower case only, HTTPS_PROXY either case")
    func readsEnvironmentAsCurlDoes() {
        let settings = ProxySettings.fromEnvironment([
            "HTTP_PROXY": "http://evil.example:80",  // a CGI request's Proxy header (httpoxy)
            "HTTPS_PROXY": "proxy.internal:3128",
        ])
        #expect(settings.proxy(for: plain) == nil)
        #expect(settings.proxy(for: api) == HTTPProxy(host: "proxy.internal", port: 3128))

        let lower = ProxySettings.fromEnvironment([
            "http_proxy": "http://web.internal:8080", "https_proxy": "http://tls.internal:8443",
            "HTTPS_PROXY": "http://ignored:1",
        ])
        #expect(lower.proxy(for: plain)?.host == "web.internal")
        #expect(lower.proxy(for: api)?.host == "tls.internal")
    }

    @Test(
        "NO_PROXY sends matching hosts direct: a domain and its subdomains, an address, a port suffix, or *",
        arguments: [
            ("example.com", "https://api.example.com", true), (".example.com", "https://example.com", true),
            ("example.com", "https://notexample.com", false), ("127.0.0.1", "http://127.0.0.1:8080", true),
            ("localhost:8080", "http://LOCALHOST:9", true), ("[::1]", "http://[::1]:80", true),
            ("*", "https://anything.test", true), ("", "https://api.example.com", false),
        ])
    func bypassesNoProxyHosts(noProxy: String, url: String, direct: Bool) {
        let settings = ProxySettings.fromEnvironment([
            "https_proxy": "http://proxy:3128", "http_proxy": "http://proxy:3128", "NO_PROXY": "other.test, \(noProxy)",
        ])
        #expect((settings.proxy(for: URL(string: url)!) == nil) == direct)
    }

    @Test("An empty proxy variable counts as unset: the upper-case one applies")
    func emptyValueIsUnset() throws {
        let settings = ProxySettings.fromEnvironment(["https_proxy": "", "HTTPS_PROXY": "http://b:3"])
        #expect(settings.https == (try HTTPProxy(url: URL(string: "http://b:3")!)))
        #expect(settings.unusableVariables.isEmpty)
    }

    @Test("A SOCKS5 value is the proxy for its scheme, named after its variable")
    func readsSOCKSFromTheEnvironment() {
        let settings = ProxySettings.fromEnvironment(["https_proxy": "socks5h://s:1080", "HTTPS_PROXY": "http://b:3"])
        #expect(settings.proxy(for: api) == HTTPProxy(scheme: .socks5h, host: "s", port: 1080))
        #expect(settings.proxy(for: api)?.environmentVariable == "https_proxy")
        #expect(settings.proxy(for: api)?.description == "socks5h proxy s:1080 (from https_proxy)")
        #expect(settings.unusableVariables.isEmpty)
    }

    @Test("all_proxy, or else ALL_PROXY, applies to a scheme whose own variable is unset")
    func readsAllProxy() {
        let settings = ProxySettings.fromEnvironment([
            "all_proxy": "socks5://all:1080", "ALL_PROXY": "http://ignored:1", "https_proxy": "http://tls:3128",
        ])
        #expect(settings.proxy(for: plain) == HTTPProxy(scheme: .socks5, host: "all", port: 1080))
        #expect(settings.proxy(for: plain)?.environmentVariable == "all_proxy")
        #expect(settings.proxy(for: api) == HTTPProxy(host: "tls", port: 3128))
        let upper = ProxySettings.fromEnvironment(["all_proxy": "", "ALL_PROXY": "http://upper:8080"])
        #expect(upper.proxy(for: api)?.host == "upper")
        #expect(upper.proxy(for: plain)?.environmentVariable == "ALL_PROXY")
        #expect(ProxySettings.fromEnvironment(["ALL_PROXY": "socks4://s:1"]).unusableVariables == ["ALL_PROXY"])
    }

    @Test(
        "A value EndpointKit cannot use counts as set, as in curl: it hides HTTPS_PROXY and is the proxy, unsupported",
        arguments: [
            "socks4://s:1080", "socks4a://s:1080", "https://s:443", "socks5://u:p@s:1080", "http://", "ht tp://x",
        ])
    func unusableValueIsKept(value: String) throws {
        let settings = ProxySettings.fromEnvironment(["https_proxy": value, "HTTPS_PROXY": "http://b:3"])
        let proxy = try #require(settings.proxy(for: api), "gone around: no proxy")
        #expect(!proxy.isSupported)
        #expect(proxy.environmentVariable == "https_proxy")
        #expect(settings.unusableVariables == ["https_proxy"])
        #expect(settings.proxy(for: plain) == nil)
    }

    @Test("With bypassesUnusableProxies, only a proxy EndpointKit cannot use gives way to a direct connection")
    func optOutGoesDirect() {
        var settings = ProxySettings.fromEnvironment(["https_proxy": "socks4://s:1080", "http_proxy": "socks5h://s:1"])
        settings.bypassesUnusableProxies = true
        #expect(settings.proxy(for: api) == nil)
        #expect(settings.proxy(for: plain)?.scheme == .socks5h)
        #expect(settings.unusableVariables == ["https_proxy"])
    }

    @Test("An unsupported proxy's failure names its variable, its scheme and what to do, never its password")
    func unsupportedProxyFailureSaysWhatToDo() throws {
        let settings = ProxySettings.fromEnvironment(["all_proxy": "socks5h://bob:hunter2@s:1080"])
        let failure = ProxyFailure(reason: .unsupportedProxy, of: try #require(settings.https))
        #expect(failure.environmentVariable == "all_proxy")
        #expect(failure.scheme == .socks5h)
        #expect(
            failure.description
                == "the socks5h proxy s:1080 (as bob, from all_proxy) is not one EndpointKit can send through (http://,"
                + " or socks5:// or socks5h:// without credentials), so nothing was sent: change or unset all_proxy,"
                + " or set ProxySettings.bypassesUnusableProxies to go direct")
        #expect(failure == ProxyFailure(reason: .unsupportedProxy, proxy: failure.proxy), "== ignores the new fields")
        #expect(settings.unusableVariables == ["all_proxy"], "named once for both schemes")
    }
}
