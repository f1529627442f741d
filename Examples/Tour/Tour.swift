import EndpointKit
import Foundation

/// The steps of the tour, each against one httpbin endpoint. A step throws when httpbin's answer
/// is not what EndpointKit promises.
struct Tour {
    let baseURL: URL
    let client: Client

    init(baseURL: URL) {
        self.baseURL = baseURL
        client = Client(baseURL: baseURL) {
            $0.headers = ["User-Agent": "EndpointKit-Tour"]
        }
    }

    /// Runs every step and prints what it got.
    ///
    /// - Returns: The number of steps that failed.
    func run() async -> Int {
        let steps: [(String, () async throws -> Void)] = [
            ("A typed GET with query parameters", typedGet),
            ("A POST with an Encodable body", postWithBody),
            ("A bearer token", bearerToken),
            ("Basic authentication", basicAuthentication),
            ("A typed error for status 418", typedError),
            ("A hand-mapped JSONObject", handMapped),
        ]
        var failures = 0
        for (number, (title, step)) in zip(1..., steps) {
            print("\n\(number). \(title)")
            do {
                try await step()
            } catch {
                failures += 1
                print("   FAILED: \(error)")
            }
        }
        return failures
    }

    func typedGet() async throws {
        let search = Search(term: "swift+nio & friends/ü", tags: ["server", "linux"], page: 2)
        print("   request: GET \(try await client.request(for: search).url?.absoluteString ?? "?")")
        let echoed = try await client.get(search).args
        print("   httpbin read: q=\"\(echoed.q)\" tag=\(echoed.tag) page=\(echoed.page)")
        try expect(echoed.q == search.term && echoed.tag == search.tags && echoed.page == "2", "query was altered")
    }

    func postWithBody() async throws {
        let issue = NewIssue(title: "Crash on launch", labels: ["bug", "p1"])
        let response = try await client.send(CreateIssue(issue: issue))
        print("   status \(response.statusCode), \(response.headers["Content-Type"] ?? "no Content-Type")")
        let echoed = response.value
        print("   httpbin read: title=\"\(echoed.json.title)\" labels=\(echoed.json.labels)")
        print("   sent as \(echoed.headers["Content-Type"] ?? "?")")
        try expect(echoed.json.title == issue.title && echoed.json.labels == issue.labels, "body was altered")
    }

    func bearerToken() async throws {
        let authorized = Client(baseURL: baseURL, authenticator: .bearer("tour-token-123"))
        let result = try await authorized.get(BearerCheck())
        print("   authenticated=\(result.authenticated) token=\(result.token ?? "-")")
        try expect(result.authenticated && result.token == "tour-token-123", "token not accepted")
    }

    func basicAuthentication() async throws {
        let endpoint = BasicAuthCheck(user: "ada", password: "s3cret")
        let authorized = Client(baseURL: baseURL, authenticator: .basic(username: "ada", password: "s3cret"))
        let result = try await authorized.get(endpoint)
        print("   authenticated=\(result.authenticated) user=\(result.user ?? "-")")
        try expect(result.authenticated && result.user == "ada", "credentials not accepted")

        // A wrong password is a 401 response, not a hang (URLSession on Linux waits forever here).
        let wrong = Client(baseURL: baseURL, authenticator: .basic(username: "ada", password: "wrong"))
        do {
            _ = try await wrong.get(endpoint)
        } catch .unacceptableStatus(let failure) where failure.statusCode == 401 {
            print("   wrong password: status \(failure.statusCode), as expected")
            return
        } catch {
            throw TourFailure("expected status 401, got: \(error)")
        }
        throw TourFailure("a wrong password was accepted")
    }

    func typedError() async throws {
        do {
            _ = try await client.get(Teapot())
        } catch .unacceptableStatus(let failure) {
            print("   caught EndpointError.unacceptableStatus: status \(failure.statusCode)")
            print("   the response came with it: \(failure.response.body.count) bytes of ASCII art")
            try expect(failure.statusCode == 418, "expected status 418")
            return
        } catch {
            throw TourFailure("expected status 418, got: \(error)")
        }
        throw TourFailure("/status/418 was treated as a success")
    }

    func handMapped() async throws {
        let slideshow = try await client.get(SampleDocument())
        print("   \"\(slideshow.title)\" by \(slideshow.author), slides: \(slideshow.slideTitles)")
        try expect(slideshow.slideTitles.count == 2, "expected two slides")

        do {
            _ = try await client.get(FirstSlideItems())
        } catch .decodingFailed(let failure) {
            print("   a missing key: \(failure)")
            try expect(failure.codingPath == "slideshow.slides[0].items", "wrong coding path")
            return
        } catch {
            throw TourFailure("expected a decoding failure, got: \(error)")
        }
        throw TourFailure("a missing key decoded")
    }

    private func expect(_ condition: Bool, _ message: String) throws {
        if !condition { throw TourFailure(message) }
    }
}

/// A step got something other than what EndpointKit promises.
struct TourFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
