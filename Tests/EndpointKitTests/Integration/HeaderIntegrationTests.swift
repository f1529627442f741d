import EndpointKit
import Foundation
import Testing

@Suite("Request headers against httpbin", .requiresHTTPBin)
struct HeaderIntegrationTests {
    struct HeadersAsText: GET {
        typealias ResponseType = String
        let path = "/headers"
    }

    struct HeadersAsBytes: GET {
        typealias ResponseType = Data
        let path = "/headers"
    }

    @Test("Client headers and endpoint headers are both sent, and the endpoint's value wins a shared name")
    func clientAndEndpointHeaders() async throws {
        let client = Client(baseURL: HTTPBin.url!) {
            $0.headers = ["X-Client-Only": "from client", "x-shared": "from client", "X-Api-Version": "1"]
        }
        let endpoint = HTTPBin.Headers(headers: ["X-Shared": "from endpoint", "X-Endpoint-Only": "from endpoint"])

        let echo = try await client.get(endpoint)

        #expect(echo.header("X-Client-Only") == "from client")
        #expect(echo.header("X-Endpoint-Only") == "from endpoint")
        #expect(echo.header("X-Api-Version") == "1")
        // Exactly one value: the client's is replaced, not sent alongside (httpbin would join them).
        #expect(echo.header("X-Shared") == "from endpoint")
    }

    @Test("Accept is application/json by default for a decoded response type")
    func acceptDefaultsToJSON() async throws {
        let client = Client(baseURL: HTTPBin.url!)

        let echo = try await client.get(HTTPBin.Headers())

        #expect(echo.header("Accept") == "application/json")
    }

    @Test("Accept prefers text/plain for a String response and allows anything for Data")
    func acceptFollowsResponseType() async throws {
        let client = Client(baseURL: HTTPBin.url!)

        let text = try await client.get(HeadersAsText())
        let bytes = try await client.get(HeadersAsBytes())

        let textEcho = try JSONDecoder().decode(HTTPBin.HeadersEcho.self, from: Data(text.utf8))
        let bytesEcho = try JSONDecoder().decode(HTTPBin.HeadersEcho.self, from: bytes)
        #expect(textEcho.header("Accept") == "text/plain, */*;q=0.5")
        #expect(bytesEcho.header("Accept") == "*/*")
    }

    @Test("An endpoint's Accept header replaces the default one")
    func endpointOverridesAccept() async throws {
        let client = Client(baseURL: HTTPBin.url!)

        let echo = try await client.get(HTTPBin.Headers(headers: ["Accept": "application/vnd.github+json"]))

        #expect(echo.header("Accept") == "application/vnd.github+json")
    }

    @Test("A client's Accept header replaces the default one")
    func clientOverridesAccept() async throws {
        let client = Client(baseURL: HTTPBin.url!) {
            $0.headers = ["accept": "application/vnd.api+json"]
        }

        let echo = try await client.get(HTTPBin.Headers())

        #expect(echo.header("Accept") == "application/vnd.api+json")
    }

    @Test("A header value with a line break is refused before sending, not injected or silently dropped")
    func headerInjectionIsRefused() async throws {
        let client = Client(baseURL: HTTPBin.url!)
        let endpoint = HTTPBin.Headers(headers: ["X-Note": "a\r\nX-Injected: yes"])

        let result = await HTTPBin.result { () async throws(EndpointError) in try await client.get(endpoint) }

        guard case .failure(.invalidRequest(let reason, _)) = result else {
            Issue.record("expected invalidRequest(.invalidHeaderValue), got \(result)")
            return
        }
        #expect(reason == .invalidHeaderValue(name: "X-Note"))
    }
}
