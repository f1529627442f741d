import EndpointKit
import EndpointKitTesting
import Foundation
import Testing

/// An invented API plugged in through the public extension point, exactly as
/// `EndpointKitGitHub` plugs in GitHub: a `RateLimit-Remaining` / `RateLimit-Reset` pair of
/// headers and an error body shaped `{"error": {"code": …, "message": …}}`.
struct LedgerAPI: APIProfile {
    /// `{"error": {"code": "insufficient_funds", "message": "…"}}`.
    struct LedgerError: Decodable, JSONObject, Equatable {
        struct Detail: Decodable, Equatable, Sendable {
            let code: String
            let message: String
        }
        let error: Detail
    }

    var headers: HTTPHeaders { ["Ledger-Version": "2026-01"] }
    var errorBodyType: (any JSONObject.Type)? { LedgerError.self }

    /// `RateLimit-Remaining: 0` with `RateLimit-Reset` (seconds from now), on any status; else
    /// the standard rule.
    func rateLimit(signaledBy response: HTTPResponse, now: Date) -> RateLimitSignal? {
        if response.headers["RateLimit-Remaining"] == "0" {
            let reset = response.headers["RateLimit-Reset"].flatMap(TimeInterval.init)
            return RateLimitSignal(retryDate: reset.map { now.addingTimeInterval($0) })
        }
        return .standard(in: response, now: now)
    }
}

@Suite("API profiles: one API's conventions plugged into the generic core")
struct APIProfileTests {
    /// The clients' clock: a rate limit's date is read from it.
    private let time = ManualClock()

    struct Transfer: POST {
        typealias ResponseType = NoContent
        let path = "/transfers"
        var body: RequestBody { .json(["amount": 10]) }
    }

    private func client(_ transport: StubTransport, api: some APIProfile = LedgerAPI()) -> Client {
        Client(baseURL: URL(string: "https://ledger.example")!) { [time] in
            $0.clock = time.clock
            $0.api = api
            $0.retryPolicy = .never
            $0.transport = transport
        }
    }

    private func failure(of transport: StubTransport, api: some APIProfile = LedgerAPI()) async -> EndpointError? {
        do {
            _ = try await client(transport, api: api).post(Transfer())
            return nil
        } catch {
            return error
        }
    }

    @Test("The API's headers go with every request, under the client's and the endpoint's own")
    func sendsTheAPIHeaders() async throws {
        let transport = StubTransport(status: 204, body: "")
        let client = Client(baseURL: URL(string: "https://ledger.example")!) {
            $0.api = LedgerAPI()
            $0.headers = ["X-App": "1"]
            $0.transport = transport
        }
        _ = try await client.post(Transfer())
        let sent = try #require(await transport.requests.last)
        #expect(sent.headers["Ledger-Version"] == "2026-01")
        #expect(sent.headers["X-App"] == "1")
    }

    @Test("Its error body decodes into the failure, next to the raw bytes")
    func decodesTheErrorBody() async throws {
        let body = #"{"error": {"code": "insufficient_funds", "message": "Balance too low"}}"#
        let error = await failure(of: StubTransport(status: 402, body: body))
        guard case .unacceptableStatus(let failure) = error else { throw TestFailure("\(String(describing: error))") }
        #expect(
            failure.errorBody(as: LedgerAPI.LedgerError.self)
                == LedgerAPI.LedgerError(error: .init(code: "insufficient_funds", message: "Balance too low")))
        #expect(failure.response.body == Data(body.utf8))
        #expect(failure.method == .post)
    }

    @Test("Its rate-limit headers make a rate-limited error with the reset date, whatever the status")
    func readsItsRateLimitHeaders() async throws {
        let headers: HTTPHeaders = ["RateLimit-Remaining": "0", "RateLimit-Reset": "30"]
        let error = await failure(of: StubTransport(status: 403, headers: headers, body: "{}"))
        guard case .rateLimited(let limited) = error else { throw TestFailure("\(String(describing: error))") }
        let retryDate = try #require(limited.retryDate)
        #expect(retryDate == time.now.addingTimeInterval(30))  // read on the client's clock
        #expect(limited.status.statusCode == 403)
    }

    @Test("Without a profile of its own, a client knows only the standard: a 429 is rate limited, a 403 is not")
    func plainHTTPKnowsOnlyTheStandard() async throws {
        let headers: HTTPHeaders = ["RateLimit-Remaining": "0", "RateLimit-Reset": "30", "Retry-After": "7"]
        let forbidden = await failure(of: StubTransport(status: 403, headers: headers, body: "{}"), api: .plainHTTP)
        guard case .unacceptableStatus(let status) = forbidden else {
            throw TestFailure("\(String(describing: forbidden))")
        }
        #expect(status.errorBody == nil)
        let tooMany = await failure(of: StubTransport(status: 429, headers: headers, body: "{}"), api: .plainHTTP)
        guard case .rateLimited(let limited) = tooMany else { throw TestFailure("\(String(describing: tooMany))") }
        let retryDate = try #require(limited.retryDate)
        #expect(retryDate == time.now.addingTimeInterval(7))  // 7 s after the answer, on the client's clock
    }

    @Test("An endpoint's error body type wins over the API's")
    func endpointErrorBodyTypeWins() async throws {
        struct Problem: Decodable, JSONObject { let title: String }
        struct WithProblem: GET {
            typealias ResponseType = NoContent
            let path = "/x"
            var options: CallOptions { CallOptions(errorBodyType: Problem.self) }
        }
        do {
            _ = try await client(StubTransport(status: 400, body: #"{"title": "Bad input"}"#)).get(WithProblem())
            Issue.record("expected an error")
        } catch {
            #expect(error.errorBody(as: Problem.self)?.title == "Bad input")
            #expect(error.errorBody(as: LedgerAPI.LedgerError.self) == nil)
        }
    }

    @Test("The standard Retry-After rule reads seconds and HTTP dates")
    func readsRetryAfter() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        func retryDate(_ value: String) -> Date? {
            RateLimitSignal.retryAfterDate(in: HTTPResponse(statusCode: 429, headers: ["Retry-After": value]), now: now)
        }
        #expect(retryDate("120") == now.addingTimeInterval(120))
        #expect(retryDate("Tue, 14 Nov 2023 22:15:20 GMT") == now.addingTimeInterval(120))
        #expect(retryDate("soon") == nil)
        #expect(RateLimitSignal.standard(in: HTTPResponse(statusCode: 503), now: now) == nil)
    }
}
