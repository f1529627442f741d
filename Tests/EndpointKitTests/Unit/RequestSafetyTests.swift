import EndpointKit
import EndpointKitTesting
import Foundation
import Testing

@Suite("Request safety")
struct RequestSafetyTests {
    struct Repo: GET {
        typealias ResponseType = NoContent
        let owner: String
        let name: String
        var path: String { "/repos/\(segment: owner)/\(segment: name)" }
    }

    struct Next: GET {
        typealias ResponseType = NoContent
        let path: String
        var allowsOtherOrigins = false
        var options: CallOptions { CallOptions(allowsOtherOrigins: allowsOtherOrigins) }
    }

    let transport = StubTransport(body: "")
    var client: Client {
        Client.stubbed(transport, baseURL: "https://api.example.com/v3", authenticator: .token("secret"))
    }

    @Test(
        "An interpolated segment cannot change the path, query, fragment or host",
        arguments: [
            ("a/../b?x#y", "a%2F..%2Fb%3Fx%23y"),
            ("..", "%2E%2E"),
            (".", "%2E"),
            ("@evil.com", "%40evil.com"),
            ("%2F", "%252F"),
            ("café bar", "caf%C3%A9%20bar"),
            ("hello-world_1.0~x", "hello-world_1.0~x"),
        ])
    func encodesSegments(value: String, encoded: String) async throws {
        let request = try await client.request(for: Repo(owner: value, name: "n"))
        #expect(request.url?.absoluteString == "https://api.example.com/v3/repos/\(encoded)/n")
        #expect(request.url?.host == "api.example.com")
        #expect(request.url?.query == nil)
        #expect(request.url?.fragment == nil)
    }

    @Test("An absolute URL on the base URL's origin is used as it is and authenticated")
    func usesSameOriginAbsoluteURL() async throws {
        let next = Next(path: "https://api.example.com/v3/user/repos?page=2")
        #expect(
            try await client.request(for: next).url?.absoluteString == "https://api.example.com/v3/user/repos?page=2")
        _ = try await client.get(next)
        #expect(await transport.lastRequest?.value(forHTTPHeaderField: "Authorization") == "token secret")
    }

    @Test("An absolute URL on another origin is refused unless the endpoint allows it")
    func refusesOtherOrigins() async throws {
        for path in ["https://evil.example.com/x", "http://api.example.com/v3/x", "https://api.example.com:444/x"] {
            await #expect(throws: EndpointError.self) { try await client.request(for: Next(path: path)) }
        }
    }

    @Test("An allowed request to another origin is sent without credentials")
    func neverAuthenticatesOtherOrigins() async throws {
        _ = try await client.get(Next(path: "https://cdn.example.net/file", allowsOtherOrigins: true))
        let sent = await transport.lastRequest
        #expect(sent?.url?.host == "cdn.example.net")
        #expect(sent?.value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test("A response body larger than the transport's limit is refused", .enabled(if: true))
    func describesTooLargeBodies() {
        let error = EndpointError.transportFailed(
            TransportFailure(
                method: .get, url: URL(string: "https://x/y"), underlying: ResponseTooLargeError(limit: 1024)))
        #expect(error.description == "GET https://x/y failed: the response is larger than the limit of 1024 bytes")
    }
}
