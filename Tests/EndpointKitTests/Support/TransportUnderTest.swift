import EndpointKit
import Foundation
import Testing

#if AsyncHTTPClient
    import AsyncHTTPClient
    import EndpointKitAsyncHTTPClient
#endif

/// The transports a suite runs over: `URLSessionTransport`, and with the `AsyncHTTPClient` trait
/// `AsyncHTTPClientTransport`, over plain HTTP; and in ``allCasesWithTLS`` also
/// `AsyncHTTPClientTransport` over HTTPS, to the same server's TLS twin.
enum TransportUnderTest: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case urlSession
    #if AsyncHTTPClient
        case asyncHTTPClient
        /// Over HTTPS, trusting only the test CA of the TLS servers (`TLS_PKI_DIR/ca.pem`), to the
        /// server's HTTPS twin (`STREAM_HTTPS_SERVER_URL`, …).
        case asyncHTTPClientOverTLS

        /// One `HTTPClient` for the whole test run, never shut down: the process ends first.
        static let httpClient = HTTPClient(configuration: AsyncHTTPClientTransport.makeDefaultConfiguration())

        /// One `HTTPClient` with room for 64 connections to one host (8 by default), for
        /// ``makeWide()``; never shut down either.
        static let wideHTTPClient: HTTPClient = {
            var configuration = AsyncHTTPClientTransport.makeDefaultConfiguration()
            configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 64
            return HTTPClient(configuration: configuration)
        }()

        /// The TLS policy that trusts the test CA only.
        static let testCAPolicy: TLSPolicy? = TLSServers.caCertificate.map { TLSPolicy(trust: .only([$0])) }
    #endif

    /// Over plain HTTP: URLSession, and AsyncHTTPClient with its trait.
    static var allCases: [TransportUnderTest] {
        #if AsyncHTTPClient
            [.urlSession, .asyncHTTPClient]
        #else
            [.urlSession]
        #endif
    }

    /// ``allCases``, and AsyncHTTPClient over HTTPS when the TLS servers run (`scripts/test`).
    static var allCasesWithTLS: [TransportUnderTest] {
        #if AsyncHTTPClient
            testCAPolicy == nil ? allCases : allCases + [.asyncHTTPClientOverTLS]
        #else
            allCases
        #endif
    }

    var testDescription: String { rawValue }

    /// Whether it speaks HTTPS, to the server's TLS twin.
    var usesTLS: Bool {
        #if AsyncHTTPClient
            self == .asyncHTTPClientOverTLS
        #else
            false
        #endif
    }

    /// `plain` over plain HTTP, `tls` (the same server over HTTPS) for the TLS case.
    func url(plain: URL, tls: URL?) -> URL {
        usesTLS ? tls ?? URL(string: "https://127.0.0.1:9")! : plain
    }

    /// The transport, with room for 64 connections to one host, so that only the client under
    /// test limits its calls in flight (URLSession on Linux keeps 4 by default, AsyncHTTPClient 8).
    func makeWide() -> any Transport {
        switch self {
        case .urlSession:
            let configuration = URLSessionTransport.makeDefaultConfiguration()
            configuration.httpMaximumConnectionsPerHost = 64
            return URLSessionTransport(configuration: configuration)
        #if AsyncHTTPClient
            case .asyncHTTPClient: return AsyncHTTPClientTransport(client: Self.wideHTTPClient)
            case .asyncHTTPClientOverTLS:
                // swift-format-ignore: NeverUseForceTry
                // allCasesWithTLS offers this case only when the policy exists.
                return try! AsyncHTTPClientTransport(client: Self.wideHTTPClient, tls: Self.testCAPolicy!)
        #endif
        }
    }

    func make() -> any Transport {
        switch self {
        case .urlSession: URLSessionTransport()
        #if AsyncHTTPClient
            case .asyncHTTPClient: AsyncHTTPClientTransport(client: Self.httpClient)
            case .asyncHTTPClientOverTLS:
                // swift-format-ignore: NeverUseForceTry
                // allCasesWithTLS offers this case only when the policy exists.
                try! AsyncHTTPClientTransport(client: Self.httpClient, tls: Self.testCAPolicy!)
        #endif
        }
    }
}
