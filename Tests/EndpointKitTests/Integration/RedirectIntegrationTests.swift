import EndpointKit
import Foundation
import Testing

@Suite("Redirects against httpbin", .requiresHTTPBin)
struct RedirectIntegrationTests {
    /// `GET /redirect-to?url=…`: httpbin answers 302 with that `Location`.
    struct RedirectedHeaders: GET {
        typealias ResponseType = HTTPBin.HeadersEcho
        let path = "/redirect-to"
        let target: String
        var query: Parameters { ["url": target] }
    }

    struct Payload: Encodable, Sendable {
        let message: String
        let numbers: [Int]
    }

    /// `POST /redirect-to?url=/post&status_code=…` with a JSON body.
    struct RedirectedPost: POST {
        typealias ResponseType = HTTPBin.Echo
        let path = "/redirect-to"
        let statusCode: Int
        let payload: Payload
        var query: Parameters { ["url": "/post", "status_code": statusCode] }
        var body: RequestBody { .json(payload) }
    }

    @Test(
        "A redirect to another origin does not carry the Authorization or Cookie header",
        .enabled(if: HTTPBin.otherOriginURL != nil, "cross-origin redirects need httpbin on 127.0.0.1 or localhost"))
    func crossOriginRedirectDropsCredentials() async throws {
        let otherOrigin = try #require(HTTPBin.otherOriginURL)
        let client = Client(baseURL: HTTPBin.url!, authenticator: .bearer("secret-token")) {
            $0.headers = ["Cookie": "session=secret"]
        }

        let response = try await client.send(RedirectedHeaders(target: otherOrigin.absoluteString + "/headers"))

        // The redirect was followed to the other origin…
        #expect(response.value.header("Host") == "\(otherOrigin.host!):\(otherOrigin.port!)")
        #expect(response.url?.absoluteString == otherOrigin.absoluteString + "/headers")
        // …without the credentials.
        #expect(response.value.header("Authorization") == nil)
        #expect(response.value.header("Cookie") == nil)
    }

    @Test("A redirect within the same origin keeps the Authorization header")
    func sameOriginRedirectKeepsCredentials() async throws {
        let client = Client(baseURL: HTTPBin.url!, authenticator: .bearer("secret-token"))

        let response = try await client.send(RedirectedHeaders(target: "/headers"))

        #expect(response.url?.absoluteString == HTTPBin.urlString("/headers"))
        #expect(response.value.header("Authorization") == "Bearer secret-token")
    }

    @Test("A 307 or 308 redirect of a POST sends the same body again, not an empty one", arguments: [307, 308])
    func redirectedPostKeepsBody(statusCode: Int) async throws {
        let client = Client(baseURL: HTTPBin.url!)
        let payload = Payload(message: "redirected with \(statusCode)", numbers: [1, 2, 3])

        let response = try await client.send(RedirectedPost(statusCode: statusCode, payload: payload))

        let sentBody = try JSONEncoder().encode(payload)
        #expect(response.url?.absoluteString == HTTPBin.urlString("/post"))
        #expect(
            response.value.header("Content-Length") == "\(sentBody.count)",
            "the redirected request must carry the same body")
        #expect(
            response.value.json
                == .object([
                    "message": .string(payload.message), "numbers": .array(payload.numbers.map { .int($0) }),
                ]))
        #expect(response.value.header("Content-Type") == "application/json")
    }
}
