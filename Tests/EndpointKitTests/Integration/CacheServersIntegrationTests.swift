import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The two servers the HTTP cache's tests stand on, asked over a URLSession without any cache:
/// the cache origin must answer as it was told and count every request, and the oracle must give
/// hishel's decisions. Their own self-tests (Tests/Servers/cache_*_selftest.py) go further.
@Suite("The cache origin and the cache oracle, without a cache", .requiresCacheOriginServer, .requiresCacheOracle)
struct CacheServersIntegrationTests {
    /// What a test sets with `PUT /_resources/{name}` (Tests/Servers/origin_responses.py).
    struct Representation: Encodable {
        var headers: [[String]]
        var body: String
        var date: String
    }

    /// One request of `GET /_log`.
    struct LoggedRequest: Decodable {
        let method: String
        let target: String
        let conditional: Bool
        let matched: Bool
        let status: Int?
    }

    struct Log: Decodable { let requests: [LoggedRequest] }

    /// One step of `POST /decide`'s answer.
    struct Decision: Decodable {
        let outcome: String
        let sentToOrigin: Bool
        let age: Int?
        let body: String?
    }

    struct Decisions: Decodable { let steps: [Decision] }

    struct Refusal: Decodable {
        struct Feature: Decodable { let feature: String }
        let unmodeled: [Feature]
    }

    /// 2026-01-01 00:00:00 UTC, ManualClock's start and the oracle's default epoch.
    static let epochDate = "Thu, 01 Jan 2026 00:00:00 GMT"

    /// A session that stores nothing and asks the server every time.
    let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration)
    }()

    private func send(
        _ method: String, _ path: String, to server: URL?, headers: [String: String] = [:], body: Data? = nil
    ) async throws -> (status: Int, headers: [AnyHashable: Any], body: Data) {
        let base = try #require(server)
        var request = URLRequest(url: URL(string: base.absoluteString + path)!)
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, http.allHeaderFields, data)
    }

    /// A resource name no other test uses, so that its log holds this test's requests only.
    private func uniqueResource() -> String { "r-\(UUID().uuidString.prefix(8))" }

    private func setResource(_ name: String, _ representation: Representation) async throws {
        let answer = try await send(
            "PUT", "/_resources/\(name)", to: CacheOriginServer.url, body: try JSONEncoder().encode(representation))
        #expect(answer.status == 200, "PUT /_resources/\(name): \(String(decoding: answer.body, as: UTF8.self))")
    }

    private func log(of name: String) async throws -> [LoggedRequest] {
        let answer = try await send("GET", "/_log?resource=\(name)", to: CacheOriginServer.url)
        return try JSONDecoder().decode(Log.self, from: answer.body).requests
    }

    private func decide(_ scenario: String) async throws -> (status: Int, body: Data) {
        let answer = try await send(
            "POST", "/decide", to: CacheOracle.url, headers: ["Content-Type": "application/json"],
            body: Data(scenario.utf8))
        return (answer.status, answer.body)
    }

    @Test("The origin answers with the headers it was given, the test's Date included, and logs each GET")
    func originCountsEveryRequest() async throws {
        let name = uniqueResource()
        try await setResource(
            name,
            Representation(
                headers: [["Cache-Control", "max-age=60"], ["ETag", "\"v1\""], ["X-Extra", "yes"]], body: "v1",
                date: Self.epochDate))

        let first = try await send("GET", "/cache/\(name)", to: CacheOriginServer.url)
        let second = try await send("GET", "/cache/\(name)?again", to: CacheOriginServer.url)

        #expect(first.status == 200 && String(decoding: first.body, as: UTF8.self) == "v1")
        #expect(first.headers["Cache-Control"] as? String == "max-age=60")
        #expect(first.headers["Date"] as? String == Self.epochDate)
        #expect(first.headers["X-Extra"] as? String == "yes")
        #expect(second.status == 200)
        let requests = try await log(of: name)
        #expect(requests.map(\.target) == ["/cache/\(name)", "/cache/\(name)?again"])
        #expect(requests.map(\.status) == [200, 200])
    }

    @Test("The origin answers a matching If-None-Match with 304 and no content, and logs the match")
    func originAnswersAMatchingValidatorWith304() async throws {
        let name = uniqueResource()
        try await setResource(
            name, Representation(headers: [["ETag", "\"v1\""]], body: "v1", date: Self.epochDate))

        let answer = try await send(
            "GET", "/cache/\(name)", to: CacheOriginServer.url, headers: ["If-None-Match": "W/\"v1\""])

        #expect(answer.status == 304)
        #expect(answer.body.isEmpty)
        let requests = try await log(of: name)
        #expect(requests.count == 1)
        #expect(requests.first?.conditional == true && requests.first?.matched == true)
    }

    @Test("The oracle says a second GET within max-age is served fresh, with its age, and not sent")
    func oracleServesAFreshHitWithoutTheOrigin() async throws {
        let origin = #"{"headers": [["Cache-Control", "max-age=60"], ["ETag", "\"v1\""]], "body": "v1"}"#
        let answer = try await decide(
            #"{"steps": [{"at": 0, "request": {"url": "http://o.test/x"}, "origin": \#(origin)},"#
                + #" {"at": 30, "request": {"url": "http://o.test/x"}, "origin": \#(origin)}]}"#)

        #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
        let steps = try JSONDecoder().decode(Decisions.self, from: answer.body).steps
        #expect(steps.map(\.outcome) == ["miss", "fresh"])
        #expect(steps.map(\.sentToOrigin) == [true, false])
        #expect(steps.last?.age == 30)
        #expect(steps.last?.body == "v1")
    }

    @Test("The oracle refuses, naming it, a scenario with what hishel does not model")
    func oracleRefusesWhatHishelDoesNotModel() async throws {
        let answer = try await decide(
            #"{"steps": [{"at": 0, "request": {"url": "http://o.test/x"}, "origin":"#
                + #" {"headers": [["Cache-Control", "max-age=60, stale-if-error=600"]]}}]}"#)

        #expect(answer.status == 422)
        let refusal = try JSONDecoder().decode(Refusal.self, from: answer.body)
        #expect(refusal.unmodeled.map(\.feature) == ["response Cache-Control stale-if-error"])
    }
}
