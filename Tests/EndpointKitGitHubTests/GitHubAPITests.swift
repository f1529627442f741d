import EndpointKit
import EndpointKitGitHub
import EndpointKitTesting
import Foundation
import Testing

@Suite("GitHub's API profile: headers, rate limits and error bodies")
struct GitHubAPITests {
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    struct CreateIssue: POST {
        typealias ResponseType = NoContent
        let title: String
        let path = "/repos/octocat/hello/issues"
        var body: RequestBody { .json(["title": title]) }
    }

    /// A client for GitHub whose every request is answered by `transport`.
    private func client(_ transport: StubTransport) -> Client {
        Client(baseURL: URL(string: "https://api.github.com")!, authenticator: .token("t0k")) {
            $0.api = .gitHub
            $0.decoder = .json(keyDecoding: .convertFromSnakeCase)
            $0.retryPolicy = .never
            $0.transport = transport
        }
    }

    @Test("Every request carries GitHub's media type and API version; an endpoint's own headers win")
    func sendsGitHubHeaders() async throws {
        struct Raw: GET {
            typealias ResponseType = String
            let path = "/repos/octocat/hello/readme"
            var headers: HTTPHeaders { ["Accept": "application/vnd.github.raw+json"] }
        }
        let transport = StubTransport(answering: .status(200, body: "hello"))
        _ = try await client(transport).get(GetValue<NoContent>(path: "/user"))
        _ = try await client(transport).get(Raw())
        let sent = await transport.requests
        #expect(
            sent.map { $0.headers["Accept"] } == ["application/vnd.github+json", "application/vnd.github.raw+json"])
        #expect(sent.allSatisfy { $0.headers["X-GitHub-Api-Version"] == "2022-11-28" })
        #expect(sent.allSatisfy { $0.headers["Authorization"] == "token t0k" })
    }

    @Test("X-RateLimit headers parse into a typed rate limit")
    func parsesRateLimit() throws {
        let headers: HTTPHeaders = [
            "x-ratelimit-limit": "5000", "X-RateLimit-Remaining": "4999", "X-RateLimit-Used": "1",
            "X-RateLimit-Reset": "1700003600", "X-RateLimit-Resource": "core",
        ]
        let rateLimit = try #require(RateLimit(headers: headers))
        #expect(
            rateLimit
                == RateLimit(
                    limit: 5000, remaining: 4999, used: 1, resetDate: now.addingTimeInterval(3600), resource: "core"))
        #expect(!rateLimit.isExhausted)
        #expect(RateLimit(headers: ["X-RateLimit-Limit": "5000"]) == nil)
        #expect(
            RateLimit(headers: ["X-RateLimit-Limit": "x", "X-RateLimit-Remaining": "1", "X-RateLimit-Reset": "1"])
                == nil)
    }

    @Test("A 403 with no requests remaining is rate limited until X-RateLimit-Reset")
    func classifiesExhaustedLimit() async throws {
        let transport = StubTransport(
            answering: .status(
                403, body: #"{"message": "API rate limit exceeded"}"#,
                headers: ["X-RateLimit-Limit": "60", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1700000900"]))
        do {
            _ = try await client(transport).get(GetValue<NoContent>(path: "/user"))
            Issue.record("expected an error")
        } catch {
            guard case .rateLimited(let failure) = error else { throw TestFailure("not rate limited: \(error)") }
            #expect(failure.retryDate == now.addingTimeInterval(900))
            #expect(failure.rateLimit?.limit == 60)
            #expect(failure.status.errorBody(as: GitHubAPIError.self)?.message == "API rate limit exceeded")
            #expect(
                failure.description
                    == "Rate limited: GET https://api.github.com/user answered with status 403; retry after 2023-11-14T22:28:20Z"
            )
        }
    }

    @Test("GitHub's rule: Retry-After on a 403 or 429 gives the date; a plain 403 is a permission error")
    func classifiesGitHubResponses() {
        let api = GitHubAPI()
        func signal(_ status: Int, _ headers: HTTPHeaders = [:]) -> RateLimitSignal? {
            api.rateLimit(signaledBy: HTTPResponse(statusCode: status, headers: headers), now: now)
        }
        #expect(signal(403, ["Retry-After": "60"]) == RateLimitSignal(retryDate: now.addingTimeInterval(60)))
        #expect(signal(429, ["Retry-After": "30"]) == RateLimitSignal(retryDate: now.addingTimeInterval(30)))
        #expect(signal(429) == RateLimitSignal(retryDate: nil))
        #expect(signal(403) == nil)
        #expect(
            signal(403, ["X-RateLimit-Limit": "60", "X-RateLimit-Remaining": "3", "X-RateLimit-Reset": "1"]) == nil)
        #expect(signal(503, ["Retry-After": "3"]) == nil)
    }

    @Test("A 403 without Retry-After is rate limited by GitHub's message, and a permission error is not")
    func recognisesSecondaryLimitsByTheirMessage() throws {
        let api = GitHubAPI()
        func signal(_ status: Int, message: String) throws -> RateLimitSignal? {
            let body = try JSONSerialization.data(withJSONObject: [
                "message": message,
                "documentation_url": "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api",
            ])
            return api.rateLimit(signaledBy: HTTPResponse(statusCode: status, body: body), now: now)
        }
        let secondary = "You have exceeded a secondary rate limit. Please wait a few minutes before you try again."
        let content =
            "You have exceeded a secondary rate limit and have been temporarily blocked from content creation."
        #expect(try signal(403, message: secondary) == RateLimitSignal(retryDate: nil))
        #expect(try signal(403, message: content) == RateLimitSignal(retryDate: nil))
        #expect(try signal(403, message: "API rate limit exceeded for user ID 1.") == RateLimitSignal(retryDate: nil))
        #expect(try signal(403, message: "Resource not accessible by integration") == nil)
        #expect(try signal(403, message: "Must have admin rights to Repository.") == nil)
        #expect(api.rateLimit(signaledBy: HTTPResponse(statusCode: 403, body: Data("<html>".utf8)), now: now) == nil)
        #expect(
            api.rateLimit(
                signaledBy: HTTPResponse(statusCode: 404, body: Data(#"{"message":"secondary rate limit"}"#.utf8)),
                now: now) == nil)
    }

    @Test("A GitHub error body is decoded next to the raw body, whatever the decoder's key strategy")
    func decodesErrorBody() async throws {
        let body = #"""
            {"message": "Validation Failed", "documentation_url": "https://docs.github.com/rest",
             "errors": [{"resource": "Issue", "field": "title", "code": "missing_field"}]}
            """#
        do {
            _ = try await client(StubTransport(answering: .status(422, body: body))).post(CreateIssue(title: ""))
            Issue.record("expected an error")
        } catch {
            guard case .unacceptableStatus(let failure) = error else { throw TestFailure("\(error)") }
            let apiError = try #require(failure.errorBody(as: GitHubAPIError.self))
            #expect(apiError.message == "Validation Failed")
            #expect(apiError.documentationURL?.absoluteString == "https://docs.github.com/rest")
            #expect(apiError.errors.map(\.field) == ["title"])
            #expect(apiError.errors.map(\.code) == ["missing_field"])
            #expect(apiError.description == "Validation Failed (Issue.title: missing_field)")
            #expect(String(decoding: failure.response.body, as: UTF8.self) == body)
            #expect(error.errorBody(as: GitHubAPIError.self) == apiError)
        }
    }

    @Test("GitHub's errors listed as plain strings decode as messages beside object errors")
    func decodesStringErrors() async throws {
        let body = #"""
            {"message": "Validation Failed",
             "errors": ["Only one of title or body can be empty", {"resource": "Issue", "field": "title", "code": "invalid"}]}
            """#
        do {
            _ = try await client(StubTransport(answering: .status(422, body: body))).post(CreateIssue(title: ""))
            Issue.record("expected an error")
        } catch {
            let apiError = try #require(error.errorBody(as: GitHubAPIError.self))
            #expect(
                apiError.errors == [
                    GitHubAPIError.FieldError(code: "custom", message: "Only one of title or body can be empty"),
                    GitHubAPIError.FieldError(resource: "Issue", field: "title", code: "invalid"),
                ])
            #expect(
                apiError.description
                    == "Validation Failed (Only one of title or body can be empty, Issue.title: invalid)")
        }
    }

    @Test("An error body that is not GitHub's shape leaves errorBody nil and the raw body intact")
    func toleratesOtherErrorBodies() async throws {
        let transport = StubTransport(answering: .status(502, body: "<html>Bad gateway</html>"))
        do {
            _ = try await client(transport).get(GetValue<NoContent>(path: "/user"))
            Issue.record("expected an error")
        } catch {
            #expect(error.statusFailure?.errorBody == nil)
            #expect(error.response?.statusCode == 502)
            #expect(error.response?.body == Data("<html>Bad gateway</html>".utf8))
        }
    }
}
