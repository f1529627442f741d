import EndpointKit
import EndpointKitTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where a call's URL holds a credential: in its query or in its user-info.
enum SecretPlace: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case query
    case userInfo

    var testDescription: String { rawValue }

    /// What every secret in these tests contains: no description may show it.
    static let marker = "SECRET"

    /// `base` (`https://host:port`), with a user name and password for ``userInfo``.
    func baseURL(_ base: String) -> String {
        switch self {
        case .query: return base
        case .userInfo: return base.replacingOccurrences(of: "://", with: "://user:pw-SECRET@")
        }
    }

    /// The query of the call: a page, and for ``query`` an access token.
    var query: Parameters {
        switch self {
        case .query: return ["page": 2, "access_token": "qtok-SECRET-3"]
        case .userInfo: return ["page": 2]
        }
    }

    /// How a description shows the URL of a call to `path` on `base`.
    func shownURL(_ base: String, path: String) -> String {
        switch self {
        case .query: return "\(base)\(path)?page=2&access_token=<redacted>"
        case .userInfo: return "\(base.replacingOccurrences(of: "://", with: "://<redacted>@"))\(path)?page=2"
        }
    }
}

/// A transport's error that repeats the URL it failed for, as some libraries' errors do.
struct URLRepeatingError: Error, CustomStringConvertible {
    let url: URL?
    var description: String { "could not reach \(url?.absoluteString ?? "-")" }
}

@Suite("Error descriptions")
struct ErrorDescriptionTests {
    private func client(_ place: SecretPlace, _ transport: StubTransport) -> Client {
        .stubbed(transport, baseURL: place.baseURL("https://api.example.com"))
    }

    @Test("An unacceptable status names the call, with the URL's credentials redacted", arguments: SecretPlace.allCases)
    func unacceptableStatus(place: SecretPlace) async throws {
        let client = client(place, StubTransport(status: 404, headers: [:], body: ""))
        let error = try await callFailure { () async throws(EndpointError) in
            try await client.get(GetValue<JSONValue>(query: place.query))
        }
        guard case .unacceptableStatus = error else { throw TestFailure("\(error)") }
        let url = place.shownURL("https://api.example.com", path: "/value")
        #expect(error.description == "GET \(url) answered with unacceptable status 404 and an empty body")
    }

    @Test("A rate-limited call names the call, with the URL's credentials redacted", arguments: SecretPlace.allCases)
    func rateLimited(place: SecretPlace) async throws {
        let client = client(place, StubTransport(status: 429, headers: [:], body: ""))
        let error = try await callFailure { () async throws(EndpointError) in
            try await client.get(GetValue<JSONValue>(query: place.query))
        }
        guard case .rateLimited = error else { throw TestFailure("\(error)") }
        let url = place.shownURL("https://api.example.com", path: "/value")
        #expect(error.description == "Rate limited: GET \(url) answered with status 429; no retry time given")
    }

    @Test(
        "A transport failure names the call, with the URL's credentials redacted also in the transport's words",
        arguments: SecretPlace.allCases)
    func transportFailure(place: SecretPlace) async throws {
        let client = client(place, StubTransport { request in throw URLRepeatingError(url: request.url) })
        let error = try await callFailure { () async throws(EndpointError) in
            try await client.get(GetValue<JSONValue>(query: place.query))
        }
        guard case .transportFailed(let failure) = error else { throw TestFailure("\(error)") }
        let url = place.shownURL("https://api.example.com", path: "/value")
        #expect(error.description == "GET \(url) failed: could not reach \(url)")
        #expect(failure.reason == "could not reach \(url)")
    }

    @Test("A transport error that repeats only the password or the token's value has it redacted")
    func transportFailureRepeatingASecret() async throws {
        struct LoginError: Error, CustomStringConvertible {
            var description: String { "the proxy refused pw-SECRET and qtok SECRET/3" }
        }
        let client = Client.stubbed(
            StubTransport { _ in throw LoginError() }, baseURL: "https://user:pw-SECRET@api.example.com")
        let error = try await callFailure { () async throws(EndpointError) in
            try await client.get(GetValue<JSONValue>(query: ["access_token": "qtok SECRET/3"]))
        }
        #expect(
            error.description
                == "GET https://<redacted>@api.example.com/value?access_token=<redacted> failed: "
                + "the proxy refused <redacted> and <redacted>")
    }

    @Test("A decoding failure names the call, with the URL's credentials redacted", arguments: SecretPlace.allCases)
    func decodingFailure(place: SecretPlace) async throws {
        let client = client(place, StubTransport(body: #"[{"name": 1}]"#))
        let error = try await callFailure { () async throws(EndpointError) in
            try await client.get(GetValue<[Repository]>(query: place.query))
        }
        guard case .decodingFailed = error else { throw TestFailure("\(error)") }
        let url = place.shownURL("https://api.example.com", path: "/value")
        #expect(
            error.description.hasPrefix("Decoding Array<Repository> from GET \(url) (status 200) failed at [0].name: "))
        #expect(!error.description.contains(SecretPlace.marker))
    }

    @Test("A cancelled call names its method and URL, credentials redacted", arguments: SecretPlace.allCases)
    func cancelled(place: SecretPlace) async throws {
        let client = client(place, StubTransport { _ in throw CancellationError() })
        let error = try await callFailure { () async throws(EndpointError) in
            try await client.get(GetValue<JSONValue>(query: place.query))
        }
        guard case .cancelled(let call) = error else { throw TestFailure("\(error)") }
        let url = place.shownURL("https://api.example.com", path: "/value")
        #expect(error.description == "GET \(url) was cancelled.")
        #expect(call?.method == .get)
    }

    @Test("A call cancelled while its authenticator runs names its method and URL")
    func cancelledInAuthenticator() async throws {
        let authenticator = ClosureAuthenticator { _ in throw CancellationError() }
        let client = Client.stubbed(StubTransport(), authenticator: authenticator)
        let error = try await callFailure { () async throws(EndpointError) in
            try await client.delete(DeleteThing())
        }
        #expect(error.description == "DELETE https://api.example.com/things/1 was cancelled.")
        let requestError = try await callFailure { () async throws(EndpointError) in
            try await client.request(for: DeleteThing())
        }
        #expect(requestError.description == "DELETE https://api.example.com/things/1 was cancelled.")
    }

    @Test("`.cancelled` still matches, and still makes a value, as before it carried its call")
    func cancelledStaysSourceCompatible() {
        let errors: [EndpointError] = [.cancelled, .cancelled(call: CallContext(method: .get, url: nil))]
        for error in errors {
            guard case .cancelled = error else {
                Issue.record("\(error) did not match .cancelled")
                continue
            }
        }
        #expect(EndpointError.cancelled.description == "The request was cancelled.")
        #expect(errors[1].description == "GET (no URL) was cancelled.")
    }

    @Test("An invalid base URL or path is shown with its credentials redacted")
    func invalidRequest() async throws {
        let badBase = Client.stubbed(
            StubTransport(), baseURL: "https://user:pw-SECRET@api.example.com/?access_token=qtok-SECRET-3")
        let baseError = try await callFailure { () async throws(EndpointError) in
            try await badBase.get(UserRepositories())
        }
        guard case .invalidRequest(.invalidBaseURL, _) = baseError else { throw TestFailure("\(baseError)") }
        #expect(
            baseError.description
                == "Invalid GET request: the base URL \"https://<redacted>@api.example.com/?access_token=<redacted>\" "
                + "is not an absolute http(s) URL with a host and without query or fragment")

        let otherOrigin = try await callFailure { () async throws(EndpointError) in
            try await Client.stubbed(StubTransport()).get(
                GetValue<JSONValue>(path: "https://user:pw-SECRET@other.example.com/x"))
        }
        guard case .invalidRequest(.invalidPath, _) = otherOrigin else { throw TestFailure("\(otherOrigin)") }
        #expect(
            otherOrigin.description.hasPrefix(
                "Invalid GET request: the path \"https://<redacted>@other.example.com/x\""))
    }

    @Test("A repeated page link is shown with its credentials redacted")
    func repeatedPage() {
        let link = URL(string: "https://api.example.com/items?page=2&access_token=qtok-SECRET-3")!
        let error = EndpointError.invalidResponse(.repeatedPage(link, linkedFromPage: 2))
        #expect(
            error.description
                == "Invalid response: page 2 links to https://api.example.com/items?page=2&access_token=<redacted> "
                + "as the next page, which was already fetched")
    }

    @Test(
        "Without the body, a description shows a response body by its type and size: a status's, a stream's wrong type's, a failed authenticator's"
    )
    func withoutBody() {
        let url = URL(string: "https://api.example.com/me?access_token=qtok-SECRET-3")!
        let person = HTTPResponse(
            statusCode: 404, headers: ["Content-Type": "application/json"],
            body: Data(#"{"email": "alice@example.com"}"#.utf8), url: url)
        let status = EndpointError.unacceptableStatus(StatusFailure(method: .get, response: person))
        let page = HTTPResponse(
            statusCode: 200, headers: ["Content-Type": "text/html"], body: Data("<p>alice</p>".utf8))
        let call = CallContext(method: .get, url: url)
        let shown = "GET https://api.example.com/me?access_token=<redacted>"
        let cases: [(EndpointError, String)] = [
            (status, "\(shown) answered with unacceptable status 404 (application/json, 30 bytes)"),
            (
                .invalidResponse(.unexpectedContentType(page, expected: "text/event-stream"), call: call),
                "Invalid response to \(shown): expected text/event-stream, but the server answered 200 with "
                    + "Content-Type text/html and a body of 12 bytes"
            ),
            (
                .authenticationFailed(underlying: status, call: call),
                "The authenticator failed for \(shown): \(shown) answered with unacceptable status 404 "
                    + "(application/json, 30 bytes)"
            ),
        ]
        for (error, expected) in cases {
            #expect(error.description(includingBody: false) == expected)
            #expect(error.description.contains("alice"))
            #expect(error.description(includingBody: true) == error.description)
        }
        let empty = EndpointError.unacceptableStatus(
            StatusFailure(method: .get, response: HTTPResponse(statusCode: 500, url: url)))
        #expect(empty.description(includingBody: false) == empty.description)
        #expect(empty.description.hasSuffix("answered with unacceptable status 500 and an empty body"))
    }
}
