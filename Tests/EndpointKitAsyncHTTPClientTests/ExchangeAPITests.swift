#if AsyncHTTPClient
    import AsyncHTTPClient
    @testable import EndpointKitAsyncHTTPClient
    import Foundation
    import Testing

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// Which of AsyncHTTPClient's APIs a request goes through: `execute` where it costs less (HTTPS,
    /// which may be HTTP/2, without a request body), the delegate API everywhere else.
    @Suite("The AsyncHTTPClient API each request goes through")
    struct ExchangeAPITests {
        enum Request: String, CaseIterable, CustomTestStringConvertible {
            case httpsGet, httpsGetInUpperCase, httpsDeleteWithoutBody, httpsPostWithBody, httpsUploadFromStream
            case httpGet

            var testDescription: String { rawValue }

            var urlRequest: URLRequest {
                switch self {
                case .httpsGet: return URLRequest(url: URL(string: "https://api.example.com/repos")!)
                case .httpsGetInUpperCase: return URLRequest(url: URL(string: "HTTPS://api.example.com/repos")!)
                case .httpsDeleteWithoutBody:
                    var request = URLRequest(url: URL(string: "https://api.example.com/repos/1")!)
                    request.httpMethod = "DELETE"
                    return request
                case .httpsPostWithBody:
                    var request = URLRequest(url: URL(string: "https://api.example.com/repos")!)
                    request.httpMethod = "POST"
                    request.httpBody = Data(#"{"name":"x"}"#.utf8)
                    return request
                case .httpsUploadFromStream:
                    var request = URLRequest(url: URL(string: "https://api.example.com/upload")!)
                    request.httpMethod = "PUT"
                    request.httpBodyStream = InputStream(data: Data(count: 16))
                    return request
                case .httpGet: return URLRequest(url: URL(string: "http://api.example.com/repos")!)
                }
            }

            /// Through `execute` when the `HTTPClient` may speak HTTP/2.
            var goesThroughExecute: Bool {
                [.httpsGet, .httpsGetInUpperCase, .httpsDeleteWithoutBody].contains(self)
            }
        }

        private func transport(
            httpVersion: HTTPClient.Configuration.HTTPVersion, _ body: (AsyncHTTPClientTransport) throws -> Void
        ) async throws {
            var configuration = AsyncHTTPClientTransport.makeDefaultConfiguration()
            configuration.httpVersion = httpVersion
            let httpClient = HTTPClient(configuration: configuration)
            do {
                try body(AsyncHTTPClientTransport(client: httpClient))
            } catch {
                try await httpClient.shutdown()
                throw error
            }
            try await httpClient.shutdown()
        }

        @Test(
            "With HTTP/2 possible, a request without a body over HTTPS goes through execute",
            arguments: Request.allCases)
        func automatic(request: Request) async throws {
            try await transport(httpVersion: .automatic) { transport in
                #expect(transport.sendsWithExecute(request.urlRequest) == request.goesThroughExecute)
            }
        }

        @Test(
            "An HTTPClient held to HTTP/1.1 sends every request through the delegate API",
            arguments: Request.allCases)
        func http1Only(request: Request) async throws {
            try await transport(httpVersion: .http1Only) { transport in
                #expect(!transport.sendsWithExecute(request.urlRequest))
            }
        }
    }
#endif
