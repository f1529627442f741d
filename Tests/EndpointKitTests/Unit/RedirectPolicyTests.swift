import Foundation
import Testing

@testable import EndpointKit

@Suite("Redirect policy of the URLSession transport")
struct RedirectPolicyTests {
    @Test(
        "Origins match on scheme, host and port, with default ports filled in",
        arguments: [
            ("https://api.example.com/a", "https://API.example.com:443/b", true),
            ("http://127.0.0.1:8080/a", "http://127.0.0.1:8080/b", true),
            ("http://127.0.0.1:8080/a", "http://localhost:8080/b", false),
            ("http://127.0.0.1:8080/a", "http://127.0.0.1:8081/a", false),
            ("https://api.example.com/a", "http://api.example.com/a", false),
            ("http://example.com/a", "http://example.com:80/a", true),
        ])
    func comparesOrigins(first: String, second: String, same: Bool) {
        #expect(RedirectPolicy.isSameOrigin(URL(string: first), URL(string: second)) == same)
    }

    @Test("A redirect to another origin keeps only headers that carry no credential")
    func stripsCredentialsAcrossOrigins() throws {
        var original = URLRequest(url: URL(string: "https://api.example.com/a")!)
        original.setValue("token x", forHTTPHeaderField: "Authorization")
        var proposed = URLRequest(url: URL(string: "https://evil.example.com/b")!)
        proposed.setValue("token x", forHTTPHeaderField: "Authorization")
        proposed.setValue("Basic y", forHTTPHeaderField: "Proxy-Authorization")
        proposed.setValue("session=1", forHTTPHeaderField: "Cookie")
        proposed.setValue("key-123", forHTTPHeaderField: "X-API-Key")
        proposed.setValue("application/json", forHTTPHeaderField: "Accept")
        proposed.setValue("MyApp/1.0", forHTTPHeaderField: "User-Agent")
        let followed = try #require(RedirectPolicy.requestToFollow(proposed, from: original, status: 302))
        #expect(followed.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(followed.value(forHTTPHeaderField: "Proxy-Authorization") == nil)
        #expect(followed.value(forHTTPHeaderField: "Cookie") == nil)
        #expect(followed.value(forHTTPHeaderField: "X-API-Key") == nil)
        #expect(followed.value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(followed.value(forHTTPHeaderField: "User-Agent") == "MyApp/1.0")
    }

    @Test("A same-origin redirect keeps the credentials")
    func keepsCredentialsOnSameOrigin() throws {
        let original = URLRequest(url: URL(string: "https://api.example.com/a")!)
        var proposed = URLRequest(url: URL(string: "https://api.example.com/b")!)
        proposed.setValue("token x", forHTTPHeaderField: "Authorization")
        let followed = try #require(RedirectPolicy.requestToFollow(proposed, from: original, status: 301))
        #expect(followed.value(forHTTPHeaderField: "Authorization") == "token x")
    }

    @Test("A 307 or 308 of a request with a body is handed back to the transport; a 303 or a bodiless 307 is followed")
    func handsBack307WithBody() {
        var original = URLRequest(url: URL(string: "https://api.example.com/a")!)
        original.httpBody = Data("payload".utf8)
        let proposed = URLRequest(url: URL(string: "https://api.example.com/b")!)
        #expect(RedirectPolicy.requestToFollow(proposed, from: original, status: 307) == nil)
        #expect(RedirectPolicy.requestToFollow(proposed, from: original, status: 308) == nil)
        #expect(RedirectPolicy.requestToFollow(proposed, from: original, status: 303) != nil)
        let bodiless = URLRequest(url: URL(string: "https://api.example.com/a")!)
        #expect(RedirectPolicy.requestToFollow(proposed, from: bodiless, status: 307) != nil)
    }

    @Test(
        "The transport re-sends a 307's request with method and body to the Location, credentials only on the same origin"
    )
    func buildsBodyPreservingRedirect() throws {
        var request = URLRequest(url: URL(string: "https://api.example.com/v1/things")!)
        request.httpMethod = "POST"
        request.httpBody = Data("payload".utf8)
        request.setValue("token x", forHTTPHeaderField: "Authorization")
        let sameOrigin = HTTPResponse(statusCode: 307, headers: ["Location": "/v2/things"], url: request.url)
        let next = try #require(RedirectPolicy.bodyPreservingRedirect(of: request, response: sameOrigin))
        #expect(next.url?.absoluteString == "https://api.example.com/v2/things")
        #expect(next.httpMethod == "POST")
        #expect(next.httpBody == request.httpBody)
        #expect(next.value(forHTTPHeaderField: "Authorization") == "token x")

        let otherOrigin = HTTPResponse(
            statusCode: 308, headers: ["Location": "https://other.example/x"], url: request.url)
        let moved = try #require(RedirectPolicy.bodyPreservingRedirect(of: request, response: otherOrigin))
        #expect(moved.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(moved.httpBody == request.httpBody)

        let toFile = HTTPResponse(statusCode: 307, headers: ["Location": "file:///etc/passwd"], url: request.url)
        #expect(RedirectPolicy.bodyPreservingRedirect(of: request, response: toFile) == nil)
        let noLocation = HTTPResponse(statusCode: 307, url: request.url)
        #expect(RedirectPolicy.bodyPreservingRedirect(of: request, response: noLocation) == nil)
    }
}
