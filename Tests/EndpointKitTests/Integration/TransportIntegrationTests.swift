import EndpointKit
import Foundation
import Testing

@Suite("The URLSession transport against httpbin", .requiresHTTPBin)
struct TransportIntegrationTests {
    struct Cookies: Decodable, JSONObject {
        let cookies: [String: String]
    }

    /// `GET /cookies/set?…`: sets the cookies, then redirects to `/cookies`, which lists them.
    struct SetCookies: GET {
        typealias ResponseType = Cookies
        let path = "/cookies/set"
        let values: Parameters
        var query: Parameters { values }
    }

    struct ReadCookies: GET {
        typealias ResponseType = Cookies
        let path = "/cookies"
    }

    struct Compressed: GET {
        typealias ResponseType = CompressedEcho
        let path: String
    }

    struct CompressedEcho: Decodable, JSONObject {
        let gzipped: Bool?
        let deflated: Bool?
        let method: String
    }

    struct Redirects: GET {
        typealias ResponseType = HTTPBin.Echo
        let count: Int
        var path: String { "/redirect/\(count)" }
    }

    struct HeadGet: Endpoint {
        typealias ResponseType = NoContent
        static let method: HTTPMethod = .head
        let path = "/get"
    }

    struct UTF8Page: GET {
        typealias ResponseType = String
        let path = "/encoding/utf8"
    }

    @Test("A server that refuses the connection gives transportFailed with the method and URL")
    func connectionRefused() async throws {
        // Port 1 on loopback: nothing listens there, and nothing leaves the machine.
        let client = Client(baseURL: URL(string: "http://127.0.0.1:1")!)

        let result = await HTTPBin.result { () async throws(EndpointError) in try await client.get(HTTPBin.Get()) }

        guard case .failure(.transportFailed(let failure)) = result else {
            Issue.record("expected transportFailed, got \(result)")
            return
        }
        #expect(failure.method == .get)
        #expect(failure.url?.absoluteString == "http://127.0.0.1:1/get")
        #expect(failure.urlErrorCode == .cannotConnectToHost, "got \(failure.underlying)")
    }

    @Test("Cookies a server sets for one client are never sent by another client")
    func cookiesDoNotLeakBetweenClients() async throws {
        let first = Client(baseURL: HTTPBin.url!)
        let second = Client(baseURL: HTTPBin.url!)

        _ = try await first.get(SetCookies(values: ["session": "first-client"]))
        let seen = try await second.get(ReadCookies())

        #expect(seen.cookies.isEmpty)
    }

    @Test("By default a client neither stores the cookies a server sets nor sends any")
    func noCookiesByDefault() async throws {
        let client = Client(baseURL: HTTPBin.url!)

        // httpbin sets the cookie and redirects to /cookies, which lists the cookies it received.
        let afterSetting = try await client.get(SetCookies(values: ["session": "s3cret"]))
        let later = try await client.get(ReadCookies())

        #expect(afterSetting.cookies.isEmpty)
        #expect(later.cookies.isEmpty)
    }

    @Test("A transport given a cookie storage keeps a session cookie for its own client only")
    func cookiesWhenAsked() async throws {
        func clientAcceptingCookies() -> Client {
            let configuration = URLSessionTransport.makeDefaultConfiguration()
            configuration.httpCookieStorage = URLSessionConfiguration.ephemeral.httpCookieStorage
            configuration.httpCookieAcceptPolicy = .always
            configuration.httpShouldSetCookies = true
            return Client(baseURL: HTTPBin.url!) {
                $0.transport = URLSessionTransport(configuration: configuration)
            }
        }
        let first = clientAcceptingCookies()
        let second = clientAcceptingCookies()

        _ = try await first.get(SetCookies(values: ["session": "first-client"]))
        let seenByFirst = try await first.get(ReadCookies())
        let seenBySecond = try await second.get(ReadCookies())

        #expect(seenByFirst.cookies == ["session": "first-client"])
        #expect(seenBySecond.cookies.isEmpty)
    }

    @Test("A gzip or deflate response is decompressed before decoding", arguments: ["/gzip", "/deflate"])
    func compressedResponses(path: String) async throws {
        let client = Client(baseURL: HTTPBin.url!)

        let echo = try await client.get(Compressed(path: path))

        #expect(echo.method == "GET")
        #expect(echo.gzipped == true || echo.deflated == true)
    }

    @Test("A chain of redirects is followed to the end")
    func redirectChain() async throws {
        let client = Client(baseURL: HTTPBin.url!)

        let response = try await client.send(Redirects(count: 3))

        #expect(response.statusCode == 200)
        #expect(response.url?.absoluteString == HTTPBin.urlString("/get"))
    }

    @Test("An endless redirect loop fails as a transport error instead of hanging")
    func tooManyRedirects() async throws {
        let client = Client(baseURL: HTTPBin.url!)

        let result = await HTTPBin.result { () async throws(EndpointError) in try await client.get(Redirects(count: 30))
        }

        guard case .failure(.transportFailed(let failure)) = result else {
            Issue.record("expected transportFailed, got \(result)")
            return
        }
        #expect(failure.urlErrorCode == .httpTooManyRedirects, "got \(failure.underlying)")
    }

    @Test("A HEAD request succeeds with an empty body")
    func head() async throws {
        let client = Client(baseURL: HTTPBin.url!)

        let response = try await client.send(HeadGet())

        #expect(response.statusCode == 200)
        #expect(response.headers["Content-Type"] == "application/json")
    }

    @Test("A UTF-8 text response keeps every non-ASCII character")
    func utf8Text() async throws {
        let client = Client(baseURL: HTTPBin.url!)

        let text = try await client.get(UTF8Page())

        #expect(text.contains("Unicode Demo"))
        #expect(text.contains("∮ E⋅da = Q,  n → ∞, ∑ f(i) = ∏ g(i)"))
        #expect(text.contains("ሰማይ አይታረስ ንጉሥ አይከሰስ።"))
        #expect(text.contains("ᚻᛖ ᚳᚹᚫᚦ ᚦᚫᛏ ᚻᛖ ᛒᚢᛞᛖ"))
    }
}
