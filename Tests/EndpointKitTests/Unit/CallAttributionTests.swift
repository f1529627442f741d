import EndpointKit
import EndpointKitTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An authenticator's own error, as an app would throw it.
private struct KeychainLocked: Error, CustomStringConvertible {
    var description: String { "the keychain is locked" }
}

/// Every description names its call: the method, and the URL once it was built, redacted.
@Suite("Errors name their call")
struct CallAttributionTests {
    private let secretQuery: Parameters = ["page": 2, "access_token": "qtok-SECRET-3"]
    private let shownURL = "https://api.example.com/value?page=2&access_token=<redacted>"

    @Test("A call past its deadline names its method and URL, credentials redacted")
    func timedOut() async throws {
        let transport = StubTransport { request in
            try await Task.sleep(nanoseconds: .max)  // answers only when cancelled
            return HTTPResponse(statusCode: 200, body: Data("{}".utf8), url: request.url)
        }
        let time = ManualClock(waitsForAdvance: true)
        let client = Client.stubbed(transport, timeouts: Timeouts(idle: 5, total: 0.2), clock: time.clock)
        let query = secretQuery
        let call = Task { try await client.get(GetValue<JSONValue>(query: query)) }
        await time.waitForSleeps(count: 1)  // the deadline's timer
        time.advance(by: 0.2)
        guard case .failure(let error as EndpointError) = await call.result else { throw TestFailure("no error") }
        guard case .timedOut(let seconds, let call?) = error else { throw TestFailure("\(error)") }
        #expect(seconds == 0.2)
        #expect(call.method == .get)
        #expect(error.description == "GET \(shownURL) did not finish within its deadline of 0.2 s.")
    }

    @Test("An authenticator's error names the call and stays the authenticator's own")
    func authenticationFailed() async throws {
        let client = Client.stubbed(
            StubTransport(), authenticator: ClosureAuthenticator { _ in throw KeychainLocked() })
        let error = try await callFailure { () async throws(EndpointError) in
            try await client.get(GetValue<JSONValue>(query: secretQuery))
        }
        guard case .authenticationFailed(let underlying, let call?) = error else { throw TestFailure("\(error)") }
        #expect(underlying is KeychainLocked)
        #expect(call.url?.query?.contains("qtok-SECRET-3") == true)  // the value keeps the real URL
        #expect(error.description == "The authenticator failed for GET \(shownURL): the keychain is locked")

        let requestError = try await callFailure { () async throws(EndpointError) in
            try await client.request(for: GetValue<JSONValue>(query: secretQuery))
        }
        #expect(requestError.description == error.description)
    }

    @Test("An invalid request names its method, and its URL once the URL was built")
    func invalidRequest() async throws {
        let client = Client.stubbed(StubTransport())
        let bodyOnGET = try await callFailure { () async throws(EndpointError) in
            try await client.send(BodyWithMethod())
        }
        guard case .invalidRequest(.bodyNotAllowed(.get), let call?) = bodyOnGET else {
            throw TestFailure("\(bodyOnGET)")
        }
        #expect(call.url?.absoluteString == "https://api.example.com/search")
        #expect(
            bodyOnGET.description
                == "Invalid request for GET https://api.example.com/search: a GET request cannot carry a body")

        let badHeader = try await callFailure { () async throws(EndpointError) in
            try await client.get(GetValue<JSONValue>(query: secretQuery, headers: ["X-Note": "a\r\nX-Injected: 1"]))
        }
        #expect(
            badHeader.description
                == "Invalid request for GET \(shownURL): the value of header \"X-Note\" contains CR, LF, NUL or "
                + "another control character")

        let badPath = try await callFailure { () async throws(EndpointError) in
            try await client.delete(DeleteAt(path: "https://other.example.com/things/1"))
        }
        guard case .invalidRequest(.invalidPath, let pathCall?) = badPath else { throw TestFailure("\(badPath)") }
        #expect(pathCall.method == .delete && pathCall.url == nil)  // no URL was built
        #expect(
            badPath.description.hasPrefix("Invalid DELETE request: the path \"https://other.example.com/things/1\""))
    }

    @Test("An authenticator's CR/LF header value names the call")
    func authenticatorHeader() async throws {
        let authenticator = ClosureAuthenticator { request in
            request.setValue("token abc\r\nX-Injected: 1", forHTTPHeaderField: "Authorization")
        }
        let client = Client.stubbed(StubTransport(), authenticator: authenticator)
        let error = try await callFailure { () async throws(EndpointError) in
            try await client.get(GetValue<JSONValue>(query: secretQuery))
        }
        guard case .invalidRequest(.invalidHeaderValue(name: "Authorization"), _) = error else {
            throw TestFailure("\(error)")
        }
        #expect(
            error.description.hasPrefix("Invalid request for GET \(shownURL): the value of header \"Authorization\""))
    }

    @Test("A page that links back names the call of the page that carried the link")
    func repeatedPage() async throws {
        let first = "https://api.example.com/user/repos"
        let second = "https://api.example.com/user/repos?page=2&access_token=qtok-SECRET-3"
        let transport = StubTransport { request in
            let next = request.url?.query == nil ? second : first  // the second page links back
            let headers: HTTPHeaders = ["Content-Type": "application/json", "Link": "<\(next)>; rel=\"next\""]
            return HTTPResponse(statusCode: 200, headers: headers, body: Data("[]".utf8), url: request.url)
        }
        var pages = 0
        let error = try await callFailure { () async throws(EndpointError) in
            for try await _ in Client.stubbed(transport).pages(of: UserRepositories()) { pages += 1 }
        }
        #expect(pages == 2)
        guard case .invalidResponse(.repeatedPage, let call?) = error else { throw TestFailure("\(error)") }
        #expect(call.url?.absoluteString == second)
        #expect(
            error.description
                == "Invalid response to GET https://api.example.com/user/repos?page=2&access_token=<redacted>: "
                + "page 2 links to https://api.example.com/user/repos as the next page, which was already fetched")
    }

    @Test("A stream's errors name its call: a wrong content type, a cancellation, a deadline")
    func streams() async throws {
        let wrongType = try await callFailure { () async throws(EndpointError) in
            for try await _ in Client.stubbed(StubTransport(status: 200, body: "{}")).stream(Ticks(query: secretQuery))
            {}
        }
        let ticksURL = "https://api.example.com/ticks?page=2&access_token=<redacted>"
        #expect(wrongType.call?.description == "GET \(ticksURL)")
        #expect(wrongType.description.hasPrefix("Invalid response to GET \(ticksURL): expected text/event-stream"))

        let cancelling = StubTransport { _ in throw CancellationError() }
        let cancelled = try await callFailure { () async throws(EndpointError) in
            for try await _ in Client.stubbed(cancelling).stream(Ticks(query: secretQuery)) {}
        }
        #expect(cancelled.description == "GET \(ticksURL) was cancelled.")

        let slow = StubTransport(
            answering: .stream([.text("data: {\"index\": 1}\n\n"), .pause(30), .text("data: {\"index\": 2}\n\n")]))
        var bounded = Ticks(query: secretQuery)
        bounded.options = CallOptions(timeouts: Timeouts(idle: 60, total: 0.5))
        let timedOut = try await callFailure { () async throws(EndpointError) in
            for try await _ in Client.stubbed(slow).stream(bounded) {}
        }
        #expect(timedOut.description == "GET \(ticksURL) did not finish within its deadline of 0.5 s.")
    }

    @Test("`call` gives every error's call, whichever case carries it")
    func callOfEveryCase() async throws {
        let client = Client.stubbed(StubTransport(status: 404, body: ""))
        let status = try await callFailure { () async throws(EndpointError) in
            try await client.get(GetValue<JSONValue>(query: secretQuery))
        }
        #expect(status.call?.description == "GET \(shownURL)")
        let decoding = try await callFailure { () async throws(EndpointError) in
            try await Client.stubbed(StubTransport(body: "[1]")).get(GetValue<Repository>(query: secretQuery))
        }
        #expect(decoding.call?.description == "GET \(shownURL)")
        let transport = try await callFailure { () async throws(EndpointError) in
            try await Client.stubbed(StubTransport { _ in throw URLError(.cannotConnectToHost) })
                .get(GetValue<JSONValue>(query: secretQuery))
        }
        #expect(transport.call?.description == "GET \(shownURL)")
        // An error no client has thrown yet names no call, and says so in words.
        #expect(EndpointError.timedOut(after: 1).call == nil)
        #expect(EndpointError.timedOut(after: 1).description == "The call did not finish within its deadline of 1 s.")
    }

    @Test("Errors made and matched as in 0.1.0 still compile and match")
    func sourceCompatibility() {
        // Each of these was written against 0.1.0's cases, which had no `call`.
        let errors: [EndpointError] = [
            .timedOut(after: 1), .authenticationFailed(underlying: KeychainLocked()),
            .invalidRequest(.invalidURL("x")),
            .invalidResponse(.repeatedPage(URL(string: "https://a.example")!, linkedFromPage: 1)),
            .cancelled,
        ]
        var matched = 0
        for error in errors {
            switch error {
            case .timedOut, .authenticationFailed, .invalidRequest, .invalidResponse, .cancelled: matched += 1
            default: break
            }
        }
        #expect(matched == errors.count)
    }
}

/// A `DELETE` to any path.
private struct DeleteAt: DELETE {
    typealias ResponseType = NoContent
    let path: String
}
