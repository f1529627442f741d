import EndpointKit
import Foundation
import Testing

#if AsyncHTTPClient
    import AsyncHTTPClient
    import EndpointKitAsyncHTTPClient
#endif

/// How a suite reaches the GitHub-like server: through `URLSessionTransport` over plain HTTP, and
/// with the `AsyncHTTPClient` trait through `AsyncHTTPClientTransport`, over plain HTTP and over
/// HTTPS to the server's TLS twin (`GITHUB_HTTPS_SERVER_URL`), trusting only the test CA
/// (`TLS_PKI_DIR/ca.pem`). URLSession on Linux trusts only the system's store, so it cannot call
/// the TLS twin.
enum GitHubServerTransport: String, CustomTestStringConvertible, Sendable {
    case urlSession
    #if AsyncHTTPClient
        case asyncHTTPClient
        case asyncHTTPClientOverTLS

        /// One `HTTPClient` for the whole test run, never shut down: the process ends first.
        static let httpClient = HTTPClient(configuration: AsyncHTTPClientTransport.makeDefaultConfiguration())

        /// The TLS twin's URL and the policy that trusts the test CA only, when both are there.
        static let tls: (url: URL, policy: TLSPolicy)? = {
            guard let url = GitHubServer.tlsURL, let ca = TLSServers.caCertificate else { return nil }
            return (url, TLSPolicy(trust: .only([ca])))
        }()
    #endif

    /// Every way there is in this build and environment.
    static var available: [GitHubServerTransport] {
        #if AsyncHTTPClient
            tls == nil ? [.urlSession, .asyncHTTPClient] : [.urlSession, .asyncHTTPClient, .asyncHTTPClientOverTLS]
        #else
            [.urlSession]
        #endif
    }

    var testDescription: String { rawValue }

    /// The server's URL: the plain one, or the TLS twin's.
    var baseURL: URL {
        #if AsyncHTTPClient
            if self == .asyncHTTPClientOverTLS, let tls = Self.tls { return tls.url }
        #endif
        return GitHubServer.url!
    }

    func makeTransport() throws -> any Transport {
        switch self {
        case .urlSession: URLSessionTransport()
        #if AsyncHTTPClient
            case .asyncHTTPClient: AsyncHTTPClientTransport(client: Self.httpClient)
            case .asyncHTTPClientOverTLS:
                try AsyncHTTPClientTransport(client: Self.httpClient, tls: try #require(Self.tls).policy)
        #endif
        }
    }
}
