import EndpointKit
import Foundation
import Testing

#if AsyncHTTPClient
    import AsyncHTTPClient
    import EndpointKitAsyncHTTPClient
#endif

/// The transports a suite runs over: `URLSessionTransport`, and with the `AsyncHTTPClient` trait
/// `AsyncHTTPClientTransport`.
enum TransportUnderTest: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case urlSession
    #if AsyncHTTPClient
        case asyncHTTPClient

        /// One `HTTPClient` for the whole test run, never shut down: the process ends first.
        static let httpClient = HTTPClient(configuration: AsyncHTTPClientTransport.makeDefaultConfiguration())
    #endif

    var testDescription: String { rawValue }

    func make() -> any Transport {
        switch self {
        case .urlSession: URLSessionTransport()
        #if AsyncHTTPClient
            case .asyncHTTPClient: AsyncHTTPClientTransport(client: Self.httpClient)
        #endif
        }
    }
}
