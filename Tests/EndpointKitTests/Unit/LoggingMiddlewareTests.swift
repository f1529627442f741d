import EndpointKit
import EndpointKitTesting
import Foundation
import Testing

@Suite("Logging middleware")
struct LoggingMiddlewareTests {
    private func client(_ logging: LoggingMiddleware, transport: StubTransport) -> Client {
        Client(baseURL: URL(string: "https://api.example.com")!, authenticator: .bearer("s3cret-token")) {
            $0.retryPolicy = .never
            $0.middleware = [logging]
            $0.transport = transport
        }
    }

    /// The line without its duration, which varies.
    private func withoutDuration(_ line: String) -> String {
        line.replacingOccurrences(of: #" in \d+ ms"#, with: " in N ms", options: .regularExpression)
    }

    @Test("One line per exchange names the method, URL, status, duration and both body sizes")
    func logsExchange() async throws {
        let log = CallLog()
        let client = client(LoggingMiddleware { log.append($0) }, transport: StubTransport(status: 201, body: "{}"))
        _ = try await client.send(PostBody(body: .data(Data("hello".utf8), contentType: "text/plain")))
        #expect(
            log.entries.map(withoutDuration) == [
                "POST https://api.example.com/things -> 201 in N ms (sent 5 bytes, received 2 bytes)"
            ])
        #expect(log.entries.first?.range(of: #" in \d+ ms "#, options: .regularExpression) != nil)
    }

    @Test("A stream's line is logged when its head arrives, with the token redacted")
    func logsAStreamAtItsHead() async throws {
        let log = CallLog()
        let transport = StubTransport()
        await transport.stub(
            .get, "/messages", with: .stream([.text("data: a\n\n"), .pause(0.01), .text("data: b\n\n")]))
        let client = client(LoggingMiddleware(includesCURLCommand: true) { log.append($0) }, transport: transport)
        var data: [String] = []
        for try await event in client.stream(Messages()) { data.append(event.data) }
        #expect(data == ["a", "b"])
        #expect(
            log.entries.last.map(withoutDuration)
                == "GET https://api.example.com/messages -> 200 in N ms (sent 0 bytes, streaming the body)")
        #expect(log.entries.first?.contains("-H 'Accept: text/event-stream' -H 'Authorization: <redacted>'") == true)
        #expect(!log.entries.joined().contains("s3cret-token"))
    }

    @Test("Secret query values are redacted, built-in and caller-named, and nothing else is")
    func redactsQueryTokens() async throws {
        let log = CallLog()
        let logging = LoggingMiddleware(redactingQueryItems: ["Signature"]) { log.append($0) }
        let client = client(logging, transport: StubTransport(body: "{}"))
        let endpoint = GetValue<JSONValue>(
            query: ["page": 2, "access_token": "s3cret", "TOKEN": "t0ken", "api_key": "k3y", "signature": "s1g"])
        _ = try await client.get(endpoint)
        let line = try #require(log.entries.first)
        #expect(
            line.hasPrefix(
                "GET https://api.example.com/value?page=2&access_token=<redacted>&TOKEN=<redacted>"
                    + "&api_key=<redacted>&signature=<redacted> -> 200 in "))
        for secret in ["s3cret", "t0ken", "k3y", "s1g"] { #expect(!line.contains(secret)) }
    }

    @Test("A status the client rejects is still logged as the server sent it")
    func logsErrorStatus() async throws {
        let log = CallLog()
        let client = client(LoggingMiddleware { log.append($0) }, transport: StubTransport(status: 503, body: "down"))
        await #expect(throws: EndpointError.self) { try await client.get(UserRepositories()) }
        #expect(
            log.entries.map(withoutDuration)
                == ["GET https://api.example.com/user/repos -> 503 in N ms (sent 0 bytes, received 4 bytes)"])
    }

    @Test("A transport error is logged in the client's words, and thrown on unchanged")
    func logsError() async throws {
        let log = CallLog()
        let transport = StubTransport { _ in throw URLError(.timedOut) }
        let client = client(LoggingMiddleware { log.append($0) }, transport: transport)
        do {
            _ = try await client.get(GetValue<JSONValue>(query: ["key": "s3cret"]))
            Issue.record("the call succeeded")
        } catch {
            guard case .transportFailed(let failure) = error else { throw TestFailure("\(error)") }
            #expect(failure.urlErrorCode == .timedOut)
        }
        #expect(
            log.entries.map(withoutDuration)
                == [
                    "GET https://api.example.com/value?key=<redacted> -> failed: timed out (URLError -1001) in N ms (sent 0 bytes)"
                ])
    }

    @Test("A transport error that repeats the URL is logged with the logger's own redaction")
    func logsErrorTextRedacted() async throws {
        let log = CallLog()
        let transport = StubTransport { request in throw URLRepeatingError(url: request.url) }
        let client = client(LoggingMiddleware(redactingQueryItems: ["sig"]) { log.append($0) }, transport: transport)
        await #expect(throws: EndpointError.self) {
            try await client.get(GetValue<JSONValue>(query: ["sig": "s3cret", "page": 1]))
        }
        let url = "https://api.example.com/value?sig=<redacted>&page=1"
        #expect(
            log.entries.map(withoutDuration) == ["GET \(url) -> failed: could not reach \(url) in N ms (sent 0 bytes)"])
    }

    @Test("A cancelled exchange is logged as cancelled")
    func logsCancellation() async throws {
        let log = CallLog()
        let client = client(
            LoggingMiddleware { log.append($0) }, transport: StubTransport { _ in throw CancellationError() })
        await #expect(throws: EndpointError.self) { try await client.get(UserRepositories()) }
        #expect(
            log.entries.map(withoutDuration) == [
                "GET https://api.example.com/user/repos -> cancelled in N ms (sent 0 bytes)"
            ])
    }

    @Test("The cURL command is written first, redacted, only when asked for")
    func writesCURLCommand() async throws {
        let quiet = CallLog()
        _ = try await client(LoggingMiddleware { quiet.append($0) }, transport: StubTransport(body: "[]"))
            .get(UserRepositories())
        #expect(quiet.entries.count == 1)

        let log = CallLog()
        let logging = LoggingMiddleware(includesCURLCommand: true, redactingHeaders: ["X-Tenant"]) { log.append($0) }
        let endpoint = PostBody(body: .json(["note": "it's"]), headers: ["X-Tenant": "acme"])
        _ = try await client(logging, transport: StubTransport(body: "{}")).send(endpoint)
        #expect(log.entries.count == 2)
        #expect(
            log.entries.first
                == "curl -X POST 'https://api.example.com/things' -H 'Accept: */*' -H 'Authorization: <redacted>' "
                + #"-H 'Content-Type: application/json' -H 'X-Tenant: <redacted>' --data-binary '{"note":"it'\''s"}'"#)
        #expect(log.entries.last?.hasPrefix("POST https://api.example.com/things -> 200 in ") == true)
        #expect(!log.entries.joined().contains("s3cret-token"))
    }

    @Test("Each attempt of a retried call gets its own line")
    func logsEachAttempt() async throws {
        let log = CallLog()
        let transport = StubTransport.answering([503])
        let client = Client(baseURL: URL(string: "https://api.example.com")!) {
            $0.retryPolicy = RetryPolicy(maximumAttempts: 2, initialDelay: 0.001)
            $0.middleware = [LoggingMiddleware { log.append($0) }]
            $0.transport = transport
        }
        _ = try await client.get(UserRepositories())
        #expect(
            log.entries.map { $0.components(separatedBy: " in ")[0] } == [
                "GET https://api.example.com/user/repos -> 503", "GET https://api.example.com/user/repos -> 200",
            ])
    }

    @Test("The standard-error logger is a ready-made middleware that is off by default")
    func standardErrorIsOptIn() {
        let client = Client(baseURL: URL(string: "https://api.example.com")!) {
            $0.middleware = [LoggingMiddleware.standardError]
        }
        #expect(client.configuration.middleware.count == 1)
        #expect(!LoggingMiddleware.standardError.includesCURLCommand)
        #expect(Client(baseURL: URL(string: "https://api.example.com")!).configuration.middleware.isEmpty)
    }
}
