import EndpointKit
import Foundation
import Testing

@Suite("URLs against httpbin", .requiresHTTPBin)
struct URLIntegrationTests {
    struct Anything: GET {
        typealias ResponseType = HTTPBin.Echo
        let path: String
        var query: Parameters = [:]
    }

    // httpbin has no path prefix, but /anything answers any path below it and echoes the URL,
    // so "/anything/api/v3" plays a GitHub Enterprise style base URL.
    @Test(
        "A base URL's own path is kept in front of the endpoint path",
        arguments: [
            ("/anything/api/v3", "/user/repos"),
            ("/anything/api/v3/", "/user/repos"),
            ("/anything/api/v3", "user/repos"),
            ("/anything/api/v3/", "user/repos"),
        ])
    func baseURLPathIsKept(basePath: String, endpointPath: String) async throws {
        let client = Client(baseURL: HTTPBin.url(appending: basePath))

        let echo = try await client.get(Anything(path: endpointPath, query: ["page": 2]))

        #expect(echo.url == HTTPBin.urlString("/anything/api/v3/user/repos?page=2"))
        #expect(echo.method == "GET")
    }

    @Test("A percent-encoded path segment reaches the server as sent, neither decoded nor encoded twice")
    func percentEncodedPath() async throws {
        let client = Client(baseURL: HTTPBin.url!)

        let response = try await client.send(Anything(path: "/anything/a%2Fb c"))

        // On the wire: the %2F escape kept, the space escaped.
        #expect(response.url?.absoluteString == HTTPBin.urlString("/anything/a%2Fb%20c"))
        // httpbin decodes %2F to "/" before echoing; "a%2Fb" here would mean it was sent as %252F.
        #expect(response.value.url == HTTPBin.urlString("/anything/a/b%20c"))
    }

    @Test("Non-ASCII and reserved characters in a path are percent-encoded once")
    func unicodePath() async throws {
        let client = Client(baseURL: HTTPBin.url!)

        let response = try await client.send(Anything(path: "/anything/café ☕/100%25/a+b;c=d@e"))

        #expect(
            response.url?.absoluteString
                == HTTPBin.urlString("/anything/caf%C3%A9%20%E2%98%95/100%25/a+b;c=d@e"))
        // httpbin echoes its URL as an IRI (non-ASCII and %25 decoded, spaces escaped): each
        // character arrived once, none as a literal "%C3" or "%2525".
        #expect(response.value.url == HTTPBin.urlString("/anything/café%20☕/100%/a+b;c=d@e"))
    }

    @Test("A path with a question mark is refused before sending, so it cannot smuggle in a query")
    func questionMarkInPathIsRefused() async throws {
        let client = Client(baseURL: HTTPBin.url!)

        let result = await HTTPBin.result { () async throws(EndpointError) in
            try await client.get(Anything(path: "/anything/search?q=1"))
        }

        guard case .failure(.invalidRequest(.invalidPath(let path, _), _)) = result else {
            Issue.record("expected invalidRequest(.invalidPath), got \(result)")
            return
        }
        #expect(path == "/anything/search?q=1")
    }
}
