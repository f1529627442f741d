#if AsyncHTTPClient
    import AsyncHTTPClient
    @testable import EndpointKitAsyncHTTPClient
    import Foundation
    import Testing

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// Which of AsyncHTTPClient's APIs a request goes through: `execute` where it costs less (HTTPS,
    /// which may be HTTP/2, without a request body; a body of at most 64 KiB in memory over
    /// HTTP/1.1), the delegate API everywhere else.
    @Suite("The AsyncHTTPClient API each request goes through")
    struct ExchangeAPITests {
        enum Request: String, CaseIterable, CustomTestStringConvertible {
            case httpsGet, httpsGetInUpperCase, httpsDeleteWithoutBody, httpsPostWithBody, httpsPostWithLargeBody
            case httpsUploadFromStream
            case httpGet, httpPostWithBody, httpPostWithEmptyBody, httpPostWith64KiB, httpPostWithLargeBody
            case httpPostInUpperCase, httpUploadFromStream

            var testDescription: String { rawValue }

            private static func request(_ url: String, _ method: String, body: Data? = nil) -> URLRequest {
                var request = URLRequest(url: URL(string: url)!)
                request.httpMethod = method
                request.httpBody = body
                return request
            }

            var urlRequest: URLRequest {
                let json = Data(#"{"name":"x"}"#.utf8)
                switch self {
                case .httpsGet: return URLRequest(url: URL(string: "https://api.example.com/repos")!)
                case .httpsGetInUpperCase: return URLRequest(url: URL(string: "HTTPS://api.example.com/repos")!)
                case .httpsDeleteWithoutBody: return Self.request("https://api.example.com/repos/1", "DELETE")
                case .httpsPostWithBody: return Self.request("https://api.example.com/repos", "POST", body: json)
                case .httpsPostWithLargeBody:
                    return Self.request("https://api.example.com/repos", "POST", body: Data(count: (64 << 10) + 1))
                case .httpsUploadFromStream:
                    var request = Self.request("https://api.example.com/upload", "PUT")
                    request.httpBodyStream = InputStream(data: Data(count: 16))
                    return request
                case .httpGet: return URLRequest(url: URL(string: "http://api.example.com/repos")!)
                case .httpPostWithBody: return Self.request("http://api.example.com/repos", "POST", body: json)
                case .httpPostWithEmptyBody: return Self.request("http://api.example.com/repos", "POST", body: Data())
                case .httpPostWith64KiB:
                    return Self.request("http://api.example.com/repos", "POST", body: Data(count: 64 << 10))
                case .httpPostWithLargeBody:
                    return Self.request("http://api.example.com/repos", "POST", body: Data(count: (64 << 10) + 1))
                case .httpPostInUpperCase: return Self.request("HTTP://api.example.com/repos", "POST", body: json)
                case .httpUploadFromStream:
                    var request = Self.request("http://api.example.com/upload", "PUT")
                    request.httpBodyStream = InputStream(data: Data(count: 16))
                    return request
                }
            }

            /// A body of at most 64 KiB held in memory (`httpBody`), over HTTP or HTTPS.
            var hasSmallBodyInMemory: Bool {
                [
                    .httpsPostWithBody, .httpPostWithBody, .httpPostWithEmptyBody, .httpPostWith64KiB,
                    .httpPostInUpperCase,
                ]
                .contains(self)
            }

            /// Through `execute` when the `HTTPClient` may speak HTTP/2: HTTPS without a body, and a
            /// small body in memory over plain HTTP (always HTTP/1.1).
            var goesThroughExecute: Bool {
                [.httpsGet, .httpsGetInUpperCase, .httpsDeleteWithoutBody].contains(self)
                    || hasSmallBodyInMemory && !rawValue.hasPrefix("https")
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
            "With HTTP/2 possible, HTTPS without a body and plain HTTP with a body of at most 64 KiB go through execute",
            arguments: Request.allCases)
        func automatic(request: Request) async throws {
            try await transport(httpVersion: .automatic) { transport in
                #expect(transport.sendsWithExecute(request.urlRequest) == request.goesThroughExecute)
            }
        }

        @Test(
            "An HTTPClient held to HTTP/1.1 sends a body of at most 64 KiB in memory through execute, and nothing else",
            arguments: Request.allCases)
        func http1Only(request: Request) async throws {
            try await transport(httpVersion: .http1Only) { transport in
                #expect(transport.sendsWithExecute(request.urlRequest) == request.hasSmallBodyInMemory)
            }
        }
    }
#endif
