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

    @Test("A SOCKS or TLS proxy URL, or one without a host, is refused with its credentials redacted")
    func refusesOtherProxies() {
        for text in ["socks5://proxy:1080", "https://proxy:443", "http:///nohost"] {
            #expect(throws: ProxyConfigurationError.self) { try HTTPProxy(url: URL(string: text)!) }
        }
        #expect {
            try HTTPProxy(url: URL(string: "socks5://bob:hunter2@proxy:1080")!)
        } throws: { error in
            !String(describing: error).contains("hunter2")
        }
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

    @Test(
        "A SOCKS value counts as set, as in curl: it hides HTTPS_PROXY, gives no proxy, and is named as unusable")
    func socksValueHidesTheUpperCaseOne() {
        let settings = ProxySettings.fromEnvironment(["https_proxy": "socks5://s:1080", "HTTPS_PROXY": "http://b:3"])
        #expect(settings.https == nil)
        #expect(settings.unusableVariables == ["https_proxy"])
        let upper = ProxySettings.fromEnvironment(["https_proxy": "", "HTTPS_PROXY": "socks5://proxy:1080"])
        #expect(upper.https == nil)
        #expect(upper.unusableVariables == ["HTTPS_PROXY"])
    }
}
