import EndpointKit
import EndpointKitTesting
import Foundation
import Testing

@Suite("Building requests")
struct RequestBuildingTests {
    let client = Client.stubbed(StubTransport())

    @Test(
        "The base URL's path is kept and the endpoint path is appended to it",
        arguments: [
            ("https://host/api/v3", "/user/repos", "https://host/api/v3/user/repos"),
            ("https://host/api/v3/", "/user/repos", "https://host/api/v3/user/repos"),
            ("https://host/api/v3", "user/repos", "https://host/api/v3/user/repos"),
            ("https://host", "/user/repos", "https://host/user/repos"),
            ("https://host/", "/", "https://host/"),
            ("https://host:8443/api", "", "https://host:8443/api"),
            ("http://127.0.0.1:8080", "/get", "http://127.0.0.1:8080/get"),
        ])
    func joinsBaseURLAndPath(base: String, path: String, expected: String) async throws {
        let client = Client.stubbed(StubTransport(), baseURL: base)
        let request = try await client.request(for: GetValue<NoContent>(path: path))
        #expect(request.url?.absoluteString == expected)
    }

    @Test(
        "Characters a path cannot hold raw are percent-encoded; slashes and escapes are kept",
        arguments: [
            ("/files/my file.txt", "/files/my%20file.txt"),
            ("/users/café", "/users/caf%C3%A9"),
            ("/a%2Fb/c", "/a%2Fb/c"),
            ("/quote\"and<angle>", "/quote%22and%3Cangle%3E"),
            ("/sub-delims!$&'()*+,;=:@", "/sub-delims!$&'()*+,;=:@"),
        ])
    func encodesPath(path: String, expectedPath: String) async throws {
        let request = try await client.request(for: GetValue<NoContent>(path: path))
        #expect(request.url?.absoluteString == "https://api.example.com" + expectedPath)
    }

    @Test(
        "A path that would change the query, fragment or host is refused",
        arguments: ["/search?q=1", "/page#top", "/bad%zz", "/trailing%", "https://evil.example/steal", "//x?y"])
    func refusesDangerousPaths(path: String) async {
        await #expect {
            try await client.request(for: GetValue<NoContent>(path: path))
        } throws: { error in
            guard case .invalidRequest(.invalidPath(let reported, _), _) = error as? EndpointError else { return false }
            return reported == path
        }
    }

    @Test(
        "A base URL that is not an absolute http(s) URL is reported, not a crash",
        arguments: ["api.github.com", "ftp://host/files", "https://host/api?key=1", "file:///tmp", "https://host/#x"])
    func refusesInvalidBaseURL(base: String) async throws {
        let client = Client.stubbed(StubTransport(), baseURL: base)
        await #expect {
            try await client.request(for: GetValue<NoContent>())
        } throws: { error in
            if case .invalidRequest(.invalidBaseURL, _) = error as? EndpointError { return true }
            return false
        }
    }

    @Test("Each method protocol fixes its HTTP method")
    func setsMethods() async throws {
        #expect(try await client.request(for: UserRepositories()).httpMethod == "GET")
        #expect(try await client.request(for: CreateIssue(issue: NewIssue(title: "t", body: "b"))).httpMethod == "POST")
        #expect(try await client.request(for: ReplaceThing()).httpMethod == "PUT")
        #expect(try await client.request(for: UpdateThing()).httpMethod == "PATCH")
        #expect(try await client.request(for: DeleteThing()).httpMethod == "DELETE")
        #expect(try await client.request(for: Propfind()).httpMethod == "PROPFIND")
    }

    @Test("Query parameters are appended in order and percent-encoded")
    func appendsQuery() async throws {
        let endpoint = GetValue<NoContent>(path: "/search", query: ["q": "a+b c", "page": 2, "draft": false])
        let request = try await client.request(for: endpoint)
        #expect(request.url?.absoluteString == "https://api.example.com/search?q=a%2Bb%20c&page=2&draft=false")
    }

    @Test(
        "The query goes after the joined path, or straight after the base URL when the path is empty",
        arguments: [
            ("https://host/api/v3", "repos", "https://host/api/v3/repos?q=a%20b"),
            ("https://host/api/v3/", "/repos", "https://host/api/v3/repos?q=a%20b"),
            ("https://host/api/v3", "", "https://host/api/v3?q=a%20b"),
            ("https://host", "", "https://host?q=a%20b"),
        ])
    func appendsQueryAfterJoinedPath(base: String, path: String, expected: String) async throws {
        let client = Client.stubbed(StubTransport(), baseURL: base)
        let request = try await client.request(for: GetValue<NoContent>(path: path, query: ["q": "a b"]))
        #expect(request.url?.absoluteString == expected)
    }

    @Test("Query parameters go after a query that an absolute path already has")
    func appendsQueryToAbsolutePath() async throws {
        let endpoint = GetValue<NoContent>(
            path: "https://api.example.com/user/repos?page=2", query: ["per_page": 50, "q": "a b"])
        let request = try await client.request(for: endpoint)
        #expect(request.url?.absoluteString == "https://api.example.com/user/repos?page=2&per_page=50&q=a%20b")
    }

    @Test("Raw data whose Content-Type holds CR/LF is refused instead of sent")
    func refusesRawDataContentTypeWithNewline() async throws {
        let endpoint = PostBody(body: .data(Data("x".utf8), contentType: "text/plain\r\nX-Evil: 1"))
        await #expect(throws: EndpointError.self) { try await client.request(for: endpoint) }
    }

    @Test("Accept is application/json for JSON types and broad for raw data and text")
    func setsAccept() async throws {
        #expect(
            try await client.request(for: UserRepositories()).value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(try await client.request(for: GetValue<Data>()).value(forHTTPHeaderField: "Accept") == "*/*")
        #expect(
            try await client.request(for: GetValue<String>()).value(forHTTPHeaderField: "Accept")?.hasPrefix(
                "text/plain")
                == true)
        #expect(
            try await client.request(for: GetValue<Repository?>()).value(forHTTPHeaderField: "Accept")
                == "application/json")
    }

    @Test("Endpoint headers override the client's defaults, which override Accept")
    func mergesHeaders() async throws {
        let client = Client.stubbed(
            StubTransport(), headers: ["Accept": "application/vnd.github+json", "X-Client": "1", "X-Both": "client"])
        let request = try await client.request(
            for: GetValue<NoContent>(headers: ["x-both": "endpoint", "X-Endpoint": "2"]))
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/vnd.github+json")
        #expect(request.value(forHTTPHeaderField: "X-Client") == "1")
        #expect(request.value(forHTTPHeaderField: "X-Both") == "endpoint")
        #expect(request.value(forHTTPHeaderField: "X-Endpoint") == "2")
    }

    @Test("A name repeated in any case within one set of headers is sent once, its values joined with commas")
    func joinsRepeatedHeaderNames() async throws {
        let request = try await client.request(
            for: GetValue<NoContent>(headers: ["X-Tag": "a", "x-tag": "b", "X-TAG": "c", "X-Other": "1"]))

        #expect(request.allHTTPHeaderFields?["X-Tag"] == "a, b, c")
        #expect(request.allHTTPHeaderFields?.keys.filter { $0.lowercased() == "x-tag" }.count == 1)
        #expect(request.value(forHTTPHeaderField: "X-Other") == "1")
    }

    @Test("An Encodable body is JSON with Content-Type application/json")
    func encodesJSONBody() async throws {
        let request = try await client.request(for: CreateIssue(issue: NewIssue(title: "Crash", body: "On launch")))
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        let decoded = try JSONSerialization.jsonObject(with: try #require(request.httpBody)) as? [String: String]
        #expect(decoded == ["title": "Crash", "body": "On launch"])
    }

    @Test("A body can bring its own encoder")
    func usesEndpointBodyEncoder() async throws {
        struct Update: Encodable, Sendable { let fullName: String }
        let body = RequestBody.json(Update(fullName: "Ada"), encoder: JSONBodyEncoder(keyEncoding: .convertToSnakeCase))
        let request = try await client.request(for: PostBody(body: body))
        #expect(request.bodyText == #"{"full_name":"Ada"}"#)
    }

    @Test("Form fields are url-encoded with their Content-Type")
    func encodesFormBody() async throws {
        let request = try await client.request(for: PostBody(body: .form(["name": "Ada Lovelace", "op": "a&b=c"])))
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded; charset=utf-8")
        #expect(request.bodyText == "name=Ada%20Lovelace&op=a%26b%3Dc")
    }

    @Test("Raw data is sent as it is with the given Content-Type; an endpoint header can override it")
    func sendsRawData() async throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47])
        let request = try await client.request(for: PostBody(body: .data(png, contentType: "image/png")))
        #expect(request.httpBody == png)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "image/png")
        let overridden = try await client.request(
            for: PostBody(body: .data(png, contentType: "image/png"), headers: ["Content-Type": "image/x-png"]))
        #expect(overridden.value(forHTTPHeaderField: "Content-Type") == "image/x-png")
    }

    @Test("An empty body sends no body and no Content-Type")
    func sendsEmptyBody() async throws {
        let request = try await client.request(for: PostBody(body: .empty))
        #expect(request.httpBody == nil)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == nil)
    }

    @Test("A body on a GET is refused before anything is sent")
    func refusesGETBody() async {
        await #expect(throws: EndpointError.self) { try await client.request(for: BodyWithMethod()) }
        do {
            _ = try await client.request(for: BodyWithMethod())
        } catch {
            guard case .invalidRequest(.bodyNotAllowed(.get), _) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
        }
    }

    @Test("A body that cannot be encoded is an invalid request, not a crash")
    func reportsEncodingFailure() async {
        await #expect {
            try await client.request(for: PostBody(body: .json(["ratio": Double.nan])))
        } throws: { error in
            if case .invalidRequest(.encodingFailed, _) = error as? EndpointError { return true }
            return false
        }
    }

    @Test(
        "Header names and values with CR, LF, NUL or other control characters are refused",
        arguments: [
            ["X-Injected": "a\r\nSet-Cookie: x=1"] as HTTPHeaders,
            ["X-Null": "a\u{0}b"] as HTTPHeaders,
            ["X-Newline": "line\nbreak"] as HTTPHeaders,
            ["Bad Name": "v"] as HTTPHeaders,
            ["Bad\r\nName": "v"] as HTTPHeaders,
            ["": "v"] as HTTPHeaders,
            ["X-Colon:": "v"] as HTTPHeaders,
        ])
    func refusesBadHeaders(headers: HTTPHeaders) async {
        await #expect {
            try await client.request(for: GetValue<NoContent>(headers: headers))
        } throws: { error in
            switch error as? EndpointError {
            case .invalidRequest(.invalidHeaderName, _), .invalidRequest(.invalidHeaderValue, _): return true
            default: return false
            }
        }
    }

    @Test("A header value with a tab and non-ASCII text is allowed")
    func allowsTabAndUnicodeInValues() async throws {
        let request = try await client.request(for: GetValue<NoContent>(headers: ["X-Note": "a\tb café"]))
        #expect(request.value(forHTTPHeaderField: "X-Note") == "a\tb café")
    }

    @Test("The error for a bad header value never repeats the value")
    func doesNotLeakHeaderValues() async {
        do {
            _ = try await client.request(for: GetValue<NoContent>(headers: ["Authorization": "token s3cret\r\n"]))
            Issue.record("expected an error")
        } catch {
            #expect(!error.description.contains("s3cret"))
            #expect(error.description.contains("Authorization"))
        }
    }
}
