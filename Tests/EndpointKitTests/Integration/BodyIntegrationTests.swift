import EndpointKit
import Foundation
import Testing

@Suite("Request bodies against httpbin", .requiresHTTPBin)
struct BodyIntegrationTests {
    struct NewIssue: Codable, Sendable, Equatable {
        let title: String
        let labels: [String]
        let priority: Int
        let draft: Bool
        let assignee: String?
    }

    static let issue = NewIssue(
        title: "Crash on launch: \"café ☕\" & <tags> / 100%", labels: ["bug", "crash"], priority: 1, draft: false,
        assignee: nil)

    struct CreateIssue: POST {
        typealias ResponseType = HTTPBin.JSONEcho<NewIssue>
        let path = "/post"
        let issue: NewIssue
        var body: RequestBody { .json(issue) }
    }

    struct ReplaceIssue: PUT {
        typealias ResponseType = HTTPBin.JSONEcho<NewIssue>
        let path = "/put"
        let issue: NewIssue
        var body: RequestBody { .json(issue) }
    }

    struct UpdateIssue: PATCH {
        typealias ResponseType = HTTPBin.JSONEcho<NewIssue>
        let path = "/patch"
        let issue: NewIssue
        var body: RequestBody { .json(issue) }
    }

    struct SubmitForm: POST {
        typealias ResponseType = HTTPBin.Echo
        let path = "/post"
        let fields: Parameters
        var body: RequestBody { .form(fields) }
    }

    struct Upload: POST {
        typealias ResponseType = HTTPBin.Echo
        let path = "/post"
        let data: Data
        let contentType: String
        var body: RequestBody { .data(data, contentType: contentType) }
    }

    struct EmptyPost: POST {
        typealias ResponseType = HTTPBin.Echo
        let path = "/post"
        var body: RequestBody { .empty }
    }

    struct DeleteIssue: DELETE {
        typealias ResponseType = HTTPBin.Echo
        let path = "/delete"
        let number: Int
        var query: Parameters { ["number": number] }
    }

    struct DeleteIgnoringBody: DELETE {
        typealias ResponseType = NoContent
        let path = "/delete"
    }

    /// A `GET` that declares a body: a mistake EndpointKit must catch before sending.
    struct SearchWithBody: EndpointWithBody {
        typealias ResponseType = HTTPBin.Echo
        static let method: HTTPMethod = .get
        let path = "/get"
        var body: RequestBody { .json(["query": "swift"]) }
    }

    @Test("POST sends an Encodable value as JSON with Content-Type application/json")
    func postJSON() async throws {
        let client = Client(baseURL: HTTPBin.url!)

        let echo = try await client.post(CreateIssue(issue: Self.issue))

        #expect(echo.json == Self.issue)
        #expect(echo.header("Content-Type") == "application/json")
        #expect(echo.url == HTTPBin.urlString("/post"))
    }

    @Test("PUT sends an Encodable value as JSON with Content-Type application/json")
    func putJSON() async throws {
        let client = Client(baseURL: HTTPBin.url!)

        let echo = try await client.put(ReplaceIssue(issue: Self.issue))

        #expect(echo.json == Self.issue)
        #expect(echo.header("Content-Type") == "application/json")
    }

    @Test("PATCH sends an Encodable value as JSON with Content-Type application/json")
    func patchJSON() async throws {
        let client = Client(baseURL: HTTPBin.url!)

        let echo = try await client.patch(UpdateIssue(issue: Self.issue))

        #expect(echo.json == Self.issue)
        #expect(echo.header("Content-Type") == "application/json")
    }

    @Test("The client's body encoder decides the JSON keys")
    func snakeCaseBodyEncoder() async throws {
        struct Payload: Encodable, Sendable {
            let firstName: String
        }
        struct CreateUser: POST {
            typealias ResponseType = HTTPBin.Echo
            let path = "/post"
            var body: RequestBody { .json(Payload(firstName: "Ada")) }
        }
        let client = Client(baseURL: HTTPBin.url!) {
            $0.bodyEncoder = JSONBodyEncoder(keyEncoding: .convertToSnakeCase)
        }

        let echo = try await client.post(CreateUser())

        #expect(echo.json == .object(["first_name": .string("Ada")]))
    }

    @Test("A form body arrives as form fields, with reserved characters, arrays and Booleans intact")
    func formBody() async throws {
        let client = Client(baseURL: HTTPBin.url!)
        let fields: Parameters = [
            "grant_type": "password",
            "motto": "a+b=c & d/e? #1 100%",
            "name": "Ada Lovelace",
            "scope": ["repo", "read:org"],
            "remember": true,
            "greeting": "café ☕",
        ]

        let echo = try await client.post(SubmitForm(fields: fields))

        #expect(
            echo.form == [
                "grant_type": .string("password"),
                "motto": .string("a+b=c & d/e? #1 100%"),
                "name": .string("Ada Lovelace"),
                "scope": .array([.string("repo"), .string("read:org")]),
                "remember": .string("true"),
                "greeting": .string("café ☕"),
            ])
        #expect(echo.header("Content-Type") == "application/x-www-form-urlencoded; charset=utf-8")
    }

    @Test("A raw text body is sent byte for byte with its Content-Type")
    func rawTextBody() async throws {
        let client = Client(baseURL: HTTPBin.url!)
        let text = "plain text, not JSON: {\"café\": ☕}\n"

        let echo = try await client.post(Upload(data: Data(text.utf8), contentType: "text/plain; charset=utf-8"))

        #expect(echo.data == text)
        #expect(echo.header("Content-Type") == "text/plain; charset=utf-8")
    }

    @Test("A raw binary body is sent byte for byte with its Content-Type")
    func rawBinaryBody() async throws {
        let client = Client(baseURL: HTTPBin.url!)
        let bytes = Data([0x00, 0x01, 0x02, 0xFF, 0x0D, 0x0A])

        let echo = try await client.post(Upload(data: bytes, contentType: "application/octet-stream"))

        // httpbin echoes bytes that are not UTF-8 as a data: URL.
        #expect(echo.data == "data:application/octet-stream;base64,\(bytes.base64EncodedString())")
        #expect(echo.header("Content-Type") == "application/octet-stream")
    }

    @Test("An empty POST body is sent as no body at all")
    func emptyBody() async throws {
        let client = Client(baseURL: HTTPBin.url!)

        let echo = try await client.post(EmptyPost())

        #expect(echo.data == "")
        #expect(echo.json == nil)
        #expect(echo.form == [:])
    }

    @Test("DELETE reaches /delete with its query")
    func delete() async throws {
        let client = Client(baseURL: HTTPBin.url!)

        let echo = try await client.delete(DeleteIssue(number: 42))

        #expect(echo.args == ["number": .string("42")])
        #expect(echo.url == HTTPBin.urlString("/delete?number=42"))
    }

    @Test("A DELETE whose response type is NoContent succeeds whatever the body")
    func deleteWithNoContent() async throws {
        let client = Client(baseURL: HTTPBin.url!)

        let response = try await client.send(DeleteIgnoringBody())

        #expect(response.statusCode == 200)
        #expect(response.value == NoContent())
    }

    @Test("A GET with a body is refused before anything is sent")
    func getWithBodyIsRefused() async throws {
        let authenticatorRan = Flag()
        let client = Client(
            baseURL: HTTPBin.url!, authenticator: ClosureAuthenticator { _ in await authenticatorRan.set() })

        let result = await HTTPBin.result { () async throws(EndpointError) in try await client.send(SearchWithBody()) }

        guard case .failure(.invalidRequest(let reason, _)) = result else {
            Issue.record("expected invalidRequest(.bodyNotAllowed(GET)), got \(result)")
            return
        }
        #expect(reason == .bodyNotAllowed(.get))
        // The authenticator runs just before the transport: it never ran, so nothing was sent.
        #expect(await authenticatorRan.value == false)
    }

    /// A Boolean that tasks can set.
    actor Flag {
        private(set) var value = false

        func set() {
            value = true
        }
    }
}
