import EndpointKit
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("URLSession's refusal of a proxy variable")
struct ProxyFailureURLErrorTests {
    /// What URLSession on Linux reports when libcurl refuses a proxy variable (measured with
    /// libcurl 7.88: the value quoted, password and all).
    private func libcurlRefusal(_ message: String) -> URLError {
        URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: message])
    }

    @Test("URLSession's refusal of a proxy variable is a ProxyFailure naming it, without the password")
    func namesTheVariable() throws {
        let environment = ["http_proxy": "gopher://alice:s3cret@proxy:70"]
        let error = libcurlRefusal("Unsupported proxy scheme for 'gopher://alice:s3cret@proxy:70'")
        let failure = try #require(
            ProxyFailure(urlSessionError: error, url: URL(string: "http://api.test/x"), environment: environment))

        #expect(failure.reason == .unsupportedProxy)
        #expect(failure.environmentVariable == "http_proxy")
        #expect(failure.scheme?.rawValue == "gopher")
        #expect(failure.description.contains("change or unset http_proxy"), "\(failure)")
        #expect(!failure.description.contains("s3cret"), "\(failure)")
    }

    @Test("A proxy value that is not a URL is named by the variable that applies to the request's scheme")
    func syntaxRefusal() throws {
        let environment = ["https_proxy": "", "HTTPS_PROXY": "::::", "http_proxy": "http://fine:3128"]
        let error = libcurlRefusal("Unsupported proxy syntax in '::::'")
        let failure = try #require(
            ProxyFailure(urlSessionError: error, url: URL(string: "https://api.test/x"), environment: environment))
        #expect(failure.environmentVariable == "HTTPS_PROXY")
    }

    @Test("Any other URLSession error is not a proxy failure")
    func otherErrors() {
        let environment = ["https_proxy": "socks4://proxy:1080"]
        for error in [libcurlRefusal("Couldn't connect to server"), URLError(.timedOut)] {
            #expect(
                ProxyFailure(urlSessionError: error, url: URL(string: "https://a.test"), environment: environment)
                    == nil)
        }
    }
}
