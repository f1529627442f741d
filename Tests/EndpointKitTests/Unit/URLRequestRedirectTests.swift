import EndpointKit
import Foundation
import Testing

@Suite("The next request for a redirect response, for transports that follow redirects themselves")
struct URLRequestRedirectTests {
    /// A `POST https://api.example.com/v1/things` with a JSON body and credentials.
    static func post() -> URLRequest {
        var request = URLRequest(url: URL(string: "https://api.example.com/v1/things")!)
        request.httpMethod = "POST"
        request.httpBody = Data(#"{"name":"thing"}"#.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("16", forHTTPHeaderField: "Content-Length")
        request.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
        request.setValue("key-123", forHTTPHeaderField: "X-API-Key")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        return request
    }

    static func redirect(_ status: Int, to location: String?, from url: URL? = post().url) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: location.map { ["Location": $0] } ?? [:], url: url)
    }

    @Test("A 307 or 308 keeps the method, the body and, on the same origin, the credentials", arguments: [307, 308])
    func keepsMethodAndBody(status: Int) throws {
        let request = Self.post()

        let next = try #require(request.redirected(by: Self.redirect(status, to: "/v2/things")))

        #expect(next.url?.absoluteString == "https://api.example.com/v2/things")
        #expect(next.httpMethod == "POST")
        #expect(next.httpBody == request.httpBody)
        #expect(next.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(next.value(forHTTPHeaderField: "Authorization") == "Bearer secret")
        #expect(next.value(forHTTPHeaderField: "X-API-Key") == "key-123")
    }

    @Test("A 301, 302 or 303 of a POST becomes a GET without body or body headers", arguments: [301, 302, 303])
    func postBecomesGET(status: Int) throws {
        let next = try #require(Self.post().redirected(by: Self.redirect(status, to: "/v1/things/7")))

        #expect(next.httpMethod == "GET")
        #expect(next.httpBody == nil)
        #expect(next.value(forHTTPHeaderField: "Content-Type") == nil)
        #expect(next.value(forHTTPHeaderField: "Content-Length") == nil)
        #expect(next.value(forHTTPHeaderField: "Authorization") == "Bearer secret")
        #expect(next.value(forHTTPHeaderField: "Accept") == "application/json")
    }

    @Test("A 303 turns a PUT into a GET but keeps a HEAD; a 301 or 302 keeps a PUT and its body")
    func otherMethods() throws {
        var put = Self.post()
        put.httpMethod = "PUT"
        let seeOther = try #require(put.redirected(by: Self.redirect(303, to: "/done")))
        #expect(seeOther.httpMethod == "GET")
        #expect(seeOther.httpBody == nil)
        for status in [301, 302] {
            let moved = try #require(put.redirected(by: Self.redirect(status, to: "/moved")))
            #expect(moved.httpMethod == "PUT")
            #expect(moved.httpBody == put.httpBody)
        }

        var head = URLRequest(url: URL(string: "https://api.example.com/a")!)
        head.httpMethod = "HEAD"
        #expect(try #require(head.redirected(by: Self.redirect(303, to: "/b"))).httpMethod == "HEAD")
    }

    @Test("A redirect to another origin keeps only the headers that carry no credential", arguments: [302, 307])
    func stripsCredentialsAcrossOrigins(status: Int) throws {
        var request = Self.post()
        request.setValue("session=1", forHTTPHeaderField: "Cookie")
        request.setValue("MyApp/1.0", forHTTPHeaderField: "User-Agent")

        let next = try #require(request.redirected(by: Self.redirect(status, to: "https://other.example.com/x")))

        #expect(next.url?.absoluteString == "https://other.example.com/x")
        #expect(next.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(next.value(forHTTPHeaderField: "X-API-Key") == nil)
        #expect(next.value(forHTTPHeaderField: "Cookie") == nil)
        #expect(next.value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(next.value(forHTTPHeaderField: "User-Agent") == "MyApp/1.0")
    }

    @Test(
        "Another port or scheme is another origin",
        arguments: ["https://api.example.com:8443/x", "http://api.example.com/x"])
    func portAndSchemeAreOrigin(location: String) throws {
        let next = try #require(Self.post().redirected(by: Self.redirect(307, to: location)))
        #expect(next.value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test("A relative Location resolves against the URL that answered")
    func resolvesRelativeLocation() throws {
        let answered = URL(string: "https://api.example.com/v1/things/")!
        let next = try #require(Self.post().redirected(by: Self.redirect(307, to: "7?full=1", from: answered)))
        #expect(next.url?.absoluteString == "https://api.example.com/v1/things/7?full=1")
    }

    @Test(
        "A response that is not a redirect, or a redirect without a usable Location, gives no next request",
        arguments: [
            (200, "/elsewhere"), (304, "/elsewhere"), (300, "/elsewhere"), (302, nil), (307, "file:///etc/passwd"),
            (302, "ftp://api.example.com/x"),
        ] as [(Int, String?)])
    func noRedirect(status: Int, location: String?) {
        #expect(Self.post().redirected(by: Self.redirect(status, to: location)) == nil)
    }

    @Test("A body stream is not re-sent by a 307, but a 303 drops it and follows with a GET")
    func bodyStream() throws {
        var request = Self.post()
        request.httpBody = nil
        request.httpBodyStream = InputStream(data: Data("streamed".utf8))

        #expect(request.redirected(by: Self.redirect(307, to: "/v2/things")) == nil)
        let next = try #require(request.redirected(by: Self.redirect(303, to: "/v2/things")))
        #expect(next.httpMethod == "GET")
        #expect(next.httpBodyStream == nil)
    }
}
