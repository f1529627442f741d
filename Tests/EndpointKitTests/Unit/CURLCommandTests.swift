import EndpointKit
import EndpointKitTesting
import Foundation
import Testing

/// A request, what its cURL command must be, and what that command sends.
struct CURLCase: Sendable, CustomTestStringConvertible {
    let name: String
    var method = "GET"
    var url: String? = "https://api.example.com/items"
    var headers: [(String, String)] = []
    var body: Data? = nil
    var redactedHeaders: Set<String> = []
    /// The exact command line.
    let command: String
    /// Whether the command sends the request's own URL and headers (nothing redacted).
    var sendsSameRequest = true
    /// Whether header names may change case: Foundation on Linux writes `authorization` as
    /// `Authorization` and `x-api-key` as `X-Api-Key`, Foundation on Apple platforms keeps them.
    var headerNamesMayChangeCase = false

    var testDescription: String { name }

    var request: URLRequest {
        var request = URLRequest(url: URL(string: url ?? "https://placeholder.invalid")!)
        if url == nil { request.url = nil }
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body
        return request
    }

    static let all: [CURLCase] = [
        CURLCase(name: "A plain GET has no -X", command: "curl 'https://api.example.com/items'"),
        CURLCase(
            name: "Single quotes in the URL and a header value are escaped",
            url: "https://api.example.com/it's?q=a'b", headers: [("X-Note", "it's 'quoted'")],
            command: #"curl 'https://api.example.com/it'\''s?q=a'\''b' -H 'X-Note: it'\''s '\''quoted'\'''"#),
        CURLCase(
            name: "A text body keeps its newlines inside the quotes", method: "POST",
            headers: [("Content-Type", "application/json")], body: Data("{\"a\":\"it's\",\n\t\"b\":1}\n".utf8),
            command: """
                curl -X POST 'https://api.example.com/items' -H 'Content-Type: application/json' \
                --data-binary '{"a":"it'\\''s",
                \t"b":1}
                '
                """),
        CURLCase(
            name: "A binary body with NUL and high bytes is piped from printf in octal", method: "POST",
            headers: [("Content-Type", "image/png")],
            body: Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF, 0x27, 0x25, 0x5C, 0x0D, 0x0A, 0x31]),
            command: #"printf '\211PNG\000\377\047\045\134\015\0121' | curl -X POST 'https://api.example.com/items' "#
                + #"-H 'Content-Type: image/png' --data-binary @-"#),
        CURLCase(
            name: "Text with a carriage return is piped from printf", method: "PUT", body: Data("a\r\nb".utf8),
            command: #"printf 'a\015\012b' | curl -X PUT 'https://api.example.com/items' --data-binary @-"#),
        CURLCase(
            name: "A text body starting with - stays text", method: "POST", body: Data("-d @x".utf8),
            command: "curl -X POST 'https://api.example.com/items' --data-binary '-d @x'"),
        CURLCase(
            name: "A binary body starting with - is not read as an option of printf", method: "POST",
            body: Data([0x2D, 0x00]),
            command: #"printf '\055\000' | curl -X POST 'https://api.example.com/items' --data-binary @-"#),
        CURLCase(
            name: "A body starting with @ is piped", method: "POST", body: Data("@/etc/passwd".utf8),
            command: "printf '@/etc/passwd' | curl -X POST 'https://api.example.com/items' --data-binary @-"),
        CURLCase(
            name: "Non-ASCII UTF-8 text stays text", method: "PATCH", body: Data("{\"name\":\"Zoë 🚀\"}".utf8),
            command: #"curl -X PATCH 'https://api.example.com/items' --data-binary '{"name":"Zoë 🚀"}'"#),
        CURLCase(
            name: "An empty body is sent as empty data", method: "POST", body: Data(),
            command: "curl -X POST 'https://api.example.com/items' --data-binary ''"),
        CURLCase(
            name: "Authorization is redacted in any case", headers: [("authorization", "Bearer s3cret")],
            command: "curl 'https://api.example.com/items' -H 'authorization: <redacted>'", sendsSameRequest: false,
            headerNamesMayChangeCase: true),
        CURLCase(
            name: "Cookie is redacted in any case", headers: [("COOKIE", "session=s3cret")],
            command: "curl 'https://api.example.com/items' -H 'COOKIE: <redacted>'", sendsSameRequest: false,
            headerNamesMayChangeCase: true),
        CURLCase(
            name: "Set-Cookie is redacted in any case", headers: [("set-Cookie", "id=s3cret")],
            command: "curl 'https://api.example.com/items' -H 'set-Cookie: <redacted>'", sendsSameRequest: false,
            headerNamesMayChangeCase: true),
        CURLCase(
            name: "Proxy-Authorization is redacted in any case", headers: [("Proxy-AUTHORIZATION", "Basic czM=")],
            command: "curl 'https://api.example.com/items' -H 'Proxy-AUTHORIZATION: <redacted>'",
            sendsSameRequest: false, headerNamesMayChangeCase: true),
        CURLCase(
            name: "A header the caller names is redacted in any case, the others are sorted",
            headers: [("X-Trace", "1"), ("x-api-key", "s3cret"), ("Accept", "application/json")],
            redactedHeaders: ["X-API-KEY"],
            command: "curl 'https://api.example.com/items' -H 'Accept: application/json' "
                + "-H 'x-api-key: <redacted>' -H 'X-Trace: 1'",
            sendsSameRequest: false, headerNamesMayChangeCase: true),
        CURLCase(
            name: "Credentials in the URL's user-info are redacted", url: "https://ada:pa%27ss@api.example.com/a@b",
            command: "curl 'https://<redacted>@api.example.com/a@b'", sendsSameRequest: false),
        CURLCase(
            name: "Token query values are redacted, other parameters kept as encoded",
            url: "https://api.example.com/items?page=2&Access_Token=s3cret&q=a%20b&api%5Fkey=k#token=x",
            command:
                "curl 'https://api.example.com/items?page=2&Access_Token=<redacted>&q=a%20b&api%5Fkey=<redacted>#token=x'",
            sendsSameRequest: false),
        CURLCase(name: "HEAD is --head", method: "HEAD", command: "curl --head 'https://api.example.com/items'"),
        CURLCase(
            name: "A custom method is named", method: "PROPFIND", headers: [("Depth", "1")],
            command: "curl -X PROPFIND 'https://api.example.com/items' -H 'Depth: 1'"),
        CURLCase(
            name: "DELETE without a body is named", method: "DELETE",
            command: "curl -X DELETE 'https://api.example.com/items'"),
        CURLCase(
            name: "A header with an empty value is written with a semicolon", headers: [("X-Empty", "")],
            command: "curl 'https://api.example.com/items' -H 'X-Empty;'"),
        CURLCase(
            name: "An IPv6 host turns curl's globbing off", url: "http://[::1]:8080/items",
            command: "curl --globoff 'http://[::1]:8080/items'"),
    ]
}

@Suite("cURL commands")
struct CURLCommandTests {
    @Test("A request becomes the expected shell-safe cURL command", arguments: CURLCase.all)
    func writesCommand(_ example: CURLCase) {
        let command = CURLCommand(example.request, redactingHeaders: example.redactedHeaders).description
        if example.headerNamesMayChangeCase {
            #expect(command.lowercased() == example.command.lowercased())
        } else {
            #expect(command == example.command)
        }
    }

    @Test("The URLRequest convenience writes the same command")
    func conveniencesAgree() {
        for example in CURLCase.all {
            #expect(
                example.request.curlCommand(redactingHeaders: example.redactedHeaders)
                    == CURLCommand(example.request, redactingHeaders: example.redactedHeaders).description)
        }
    }

    @Test("A request without a URL gives a readable placeholder")
    func placeholderWithoutURL() {
        let request = CURLCase(name: "no URL", method: "POST", url: nil, body: Data("x".utf8), command: "").request
        #expect(request.url == nil)
        #expect(request.curlCommand() == "curl -X POST '<no URL>' --data-binary 'x'")
    }

    @Test("A caller-named query parameter is redacted")
    func redactsNamedQueryItems() {
        let request = URLRequest(url: URL(string: "https://api.example.com/s3?X-Amz-Signature=abc&page=1")!)
        #expect(
            request.curlCommand(redactingQueryItems: ["x-amz-signature"])
                == "curl 'https://api.example.com/s3?X-Amz-Signature=<redacted>&page=1'")
    }

    @Test("The command for a client's request hides the authenticator's token")
    func redactsAuthenticatedRequest() async throws {
        let transport = StubTransport(body: "{}")
        let client = Client.stubbed(transport, authenticator: .bearer("s3cret-token"))
        _ = try await client.send(PostBody(body: .json(NewIssue(title: "Crash", body: "Steps:\n1. it's broken"))))
        let sent = try #require(await transport.lastRequest)
        let command = sent.curlCommand()
        #expect(!command.contains("s3cret-token"))
        #expect(command.contains("-H 'Authorization: <redacted>'"))
        #expect(command.hasPrefix("curl -X POST 'https://api.example.com/things'"))
        #expect(command.contains(#"--data-binary '{"#))
    }
}
