// This file imports EndpointKit and nothing else from Foundation: it compiles only if
// `import EndpointKit` brings `URLRequest` (FoundationNetworking on Linux), `URL` and `Data`.
import EndpointKit
import Testing

@Suite("import EndpointKit alone")
struct ImportTests {
    struct APIKeyHeader: Authenticator {
        let key: String
        func authenticate(_ request: inout URLRequest) async throws {
            request.setValue(key, forHTTPHeaderField: "X-API-Key")
        }
    }

    struct RequestSource: Middleware {
        func intercept(
            _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPResponse
        ) async throws -> HTTPResponse {
            var request = request
            request.setValue("tests", forHTTPHeaderField: "X-Request-Source")
            return try await next(request)
        }
    }

    /// Answers with the values of the request's two custom headers as the body.
    struct HeaderEcho: Transport {
        func send(_ request: URLRequest) async throws -> HTTPResponse {
            let values = ["X-API-Key", "X-Request-Source"].map { request.value(forHTTPHeaderField: $0) ?? "none" }
            return HTTPResponse(statusCode: 200, body: Data(values.joined(separator: " ").utf8), url: request.url)
        }
    }

    struct Headers: GET {
        typealias ResponseType = String
        let path = "/headers"
    }

    @Test("An authenticator, a middleware and a transport of one's own need only `import EndpointKit`")
    func ownPartsNeedOnlyEndpointKit() async throws {
        let client = Client(baseURL: URL(string: "https://api.example.com")!, authenticator: APIKeyHeader(key: "k1")) {
            $0.middleware = [RequestSource()]
            $0.transport = HeaderEcho()
        }
        let headers = try await client.get(Headers())
        #expect(headers == "k1 tests")
    }
}
