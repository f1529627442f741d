import EndpointKit
import Foundation
import Testing

@Suite("Responses from httpbin", .requiresHTTPBin)
struct ResponseIntegrationTests {
    struct Status: GET {
        typealias ResponseType = HTTPBin.Echo
        let code: Int
        var path: String { "/status/\(code)" }
    }

    struct RandomBytes: GET {
        typealias ResponseType = Data
        let count: Int
        var path: String { "/bytes/\(count)" }
    }

    /// A JSON type pointed at something that is not JSON.
    struct Slideshow: Decodable, JSONObject {
        let title: String
    }

    struct HTMLAsJSON: GET {
        typealias ResponseType = Slideshow
        let path = "/html"
    }

    struct TextAsJSON: GET {
        typealias ResponseType = Slideshow
        let path = "/robots.txt"
    }

    struct EmptyAsJSON: GET {
        typealias ResponseType = Slideshow
        let path = "/status/200"
    }

    struct RobotsText: GET {
        typealias ResponseType = String
        let path = "/robots.txt"
    }

    struct HTMLText: GET {
        typealias ResponseType = String
        let path = "/html"
    }

    struct NoContentStatus: GET {
        typealias ResponseType = NoContent
        let path = "/status/204"
    }

    struct OptionalStatus: GET {
        typealias ResponseType = HTTPBin.Echo?
        let path = "/status/204"
    }

    struct ResponseHeaders: GET {
        typealias ResponseType = JSONValue
        let path = "/response-headers"
        var query: Parameters { ["X-Custom": "1", "X-Note": "a b"] }
    }

    struct Teapot: GET {
        typealias ResponseType = HTTPBin.Echo
        let path = "/status/418"
    }

    struct AcceptingNotFound: GET {
        typealias ResponseType = NoContent
        let path = "/status/404"
        var options: CallOptions { CallOptions(acceptableStatusCodes: [200...299, 404...404]) }
    }

    @Test("An error status is thrown as unacceptableStatus with that code", arguments: [400, 404, 500, 503])
    func errorStatus(code: Int) async throws {
        let client = Client(baseURL: HTTPBin.url!)

        let result = await HTTPBin.result { () async throws(EndpointError) in try await client.get(Status(code: code)) }

        #expect(HTTPBin.unacceptableStatusCode(of: result) == code, "got \(result)")
        if case .failure(.unacceptableStatus(let failure)) = result {
            #expect(failure.response.url?.absoluteString == HTTPBin.urlString("/status/\(code)"))
            #expect(failure.method == .get)
        }
    }

    @Test("An unacceptable status error carries the body the server sent")
    func errorStatusCarriesBody() async throws {
        let client = Client(baseURL: HTTPBin.url!)

        let result = await HTTPBin.result { () async throws(EndpointError) in try await client.get(Teapot()) }

        guard case .failure(.unacceptableStatus(let failure)) = result else {
            Issue.record("expected unacceptableStatus(418), got \(result)")
            return
        }
        #expect(failure.statusCode == 418)
        #expect(String(decoding: failure.response.body, as: UTF8.self).contains("teapot"))
        #expect(
            String(describing: EndpointError.unacceptableStatus(failure))
                .hasPrefix("GET \(HTTPBin.urlString("/status/418")) answered with unacceptable status 418"))
    }

    @Test("An endpoint's acceptable status codes turn a 404 into a success")
    func endpointAcceptsNotFound() async throws {
        let client = Client(baseURL: HTTPBin.url!)

        let response = try await client.send(AcceptingNotFound())

        #expect(response.statusCode == 404)
    }

    @Test("A Data response holds the raw bytes")
    func rawBytes() async throws {
        let client = Client(baseURL: HTTPBin.url!)

        let bytes = try await client.get(RandomBytes(count: 1024))

        #expect(bytes.count == 1024)
    }

    @Test("An HTML page decoded as a JSON type fails with a decoding error that says it is HTML")
    func htmlIsNotJSON() async throws {
        let client = Client(baseURL: HTTPBin.url!)

        let result = await HTTPBin.result { () async throws(EndpointError) in try await client.get(HTMLAsJSON()) }

        guard case .failure(.decodingFailed(let failure)) = result else {
            Issue.record("expected decodingFailed, got \(result)")
            return
        }
        #expect(failure.response.statusCode == 200)
        #expect(failure.typeName.contains("Slideshow"))
        #expect(failure.description.contains("HTML"), "\(failure)")
        #expect(String(describing: EndpointError.decodingFailed(failure)).contains("HTML"))
    }

    @Test("Plain text decoded as a JSON type fails with a decoding error that names its Content-Type")
    func textIsNotJSON() async throws {
        let client = Client(baseURL: HTTPBin.url!)

        let result = await HTTPBin.result { () async throws(EndpointError) in try await client.get(TextAsJSON()) }

        guard case .failure(.decodingFailed(let failure)) = result else {
            Issue.record("expected decodingFailed, got \(result)")
            return
        }
        #expect(failure.description.contains("text/plain"), "\(failure)")
    }

    @Test("An empty 200 body decoded as a JSON type fails with a decoding error that says it is empty")
    func emptyIsNotJSON() async throws {
        let client = Client(baseURL: HTTPBin.url!)

        let result = await HTTPBin.result { () async throws(EndpointError) in try await client.get(EmptyAsJSON()) }

        guard case .failure(.decodingFailed(let failure)) = result else {
            Issue.record("expected decodingFailed, got \(result)")
            return
        }
        #expect(failure.description.contains("empty"), "\(failure)")
    }

    @Test("A String response is the body as text")
    func plainText() async throws {
        let client = Client(baseURL: HTTPBin.url!)

        let robots = try await client.get(RobotsText())
        let html = try await client.get(HTMLText())

        #expect(robots == "User-agent: *\nDisallow: /deny\n")
        #expect(html.contains("Herman Melville - Moby-Dick"))
    }

    @Test("A 204 decodes as NoContent")
    func noContent() async throws {
        let client = Client(baseURL: HTTPBin.url!)

        let response = try await client.send(NoContentStatus())

        #expect(response.statusCode == 204)
        #expect(response.value == NoContent())
    }

    @Test("A 204 decodes as nil for an optional response type")
    func optionalNoContent() async throws {
        let client = Client(baseURL: HTTPBin.url!)

        let response = try await client.send(OptionalStatus())

        #expect(response.statusCode == 204)
        #expect(response.value == nil)
    }

    @Test("send returns the status code, the response headers and the URL with the value")
    func sendReturnsMetadata() async throws {
        let client = Client(baseURL: HTTPBin.url!)

        let response = try await client.send(ResponseHeaders())

        #expect(response.statusCode == 200)
        #expect(response.headers["X-Custom"] == "1")
        #expect(response.headers["x-custom"] == "1")
        #expect(response.headers["X-Note"] == "a b")
        #expect(response.headers["Content-Type"] == "application/json")
        #expect(response.url?.absoluteString == HTTPBin.urlString("/response-headers?X-Custom=1&X-Note=a%20b"))
        guard case .object(let body) = response.value else {
            Issue.record("expected a JSON object, got \(response.value)")
            return
        }
        #expect(body["X-Custom"] == .string("1"))
    }
}
