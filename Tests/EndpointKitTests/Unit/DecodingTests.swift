import EndpointKit
import EndpointKitTesting
import Foundation
import Testing

@Suite("Decoding responses")
struct DecodingTests {
    @Test("`.json` hands out one shared decoder: an endpoint that gives it on every call makes no JSONDecoder")
    func jsonIsMadeOnce() {
        let first: JSONResponseDecoder = .json
        let second: JSONResponseDecoder = .json
        #expect(first.sharesDecoder(with: second))
        #expect(!first.sharesDecoder(with: JSONResponseDecoder()))
    }

    /// Sends `GetValue<T>` to a stub answering `body` with `status`, returning the value or error.
    private func fetch<T: JSONObject>(
        _ type: T.Type, body: String, status: Int = 200, contentType: String = "application/json",
        clientDecoder: some ResponseDecoder = JSONResponseDecoder(), endpointDecoder: (any ResponseDecoder)? = nil
    ) async -> Result<T, EndpointError> {
        let client = Client.stubbed(
            StubTransport(status: status, headers: ["Content-Type": contentType], body: body), decoder: clientDecoder)
        do {
            return .success(try await client.get(GetValue<T>(decoder: endpointDecoder)))
        } catch {
            return .failure(error)
        }
    }

    private func failure<T>(_ result: Result<T, EndpointError>) throws -> DecodingFailure {
        guard case .failure(.decodingFailed(let failure)) = result else {
            throw TestFailure("expected a decoding failure, got \(result)")
        }
        return failure
    }

    @Test("A Decodable type with an empty JSONObject conformance decodes")
    func decodesDecodable() async throws {
        let result = await fetch(Repository.self, body: #"{"name": "swift", "fullName": "apple/swift"}"#)
        #expect(try result.get() == Repository(name: "swift", fullName: "apple/swift"))
    }

    @Test("The client's decoder converts snake_case keys")
    func decodesSnakeCaseWithClientDecoder() async throws {
        let body = #"[{"name": "swift", "full_name": "apple/swift"}]"#
        let result = await fetch(
            [Repository].self, body: body, clientDecoder: .json(keyDecoding: .convertFromSnakeCase))
        #expect(try result.get() == [Repository(name: "swift", fullName: "apple/swift")])
    }

    @Test("An endpoint's decoder overrides the client's")
    func endpointDecoderWins() async throws {
        struct Stamp: Decodable, JSONObject { let createdAt: Date }
        let snakeCase = JSONResponseDecoder(keyDecoding: .convertFromSnakeCase, dateDecoding: .secondsSince1970)
        let result = await fetch(Stamp.self, body: #"{"created_at": 1700000000}"#, endpointDecoder: snakeCase)
        #expect(try result.get().createdAt == Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test("Dates decode from ISO 8601 by default")
    func decodesISO8601() async throws {
        struct Stamp: Decodable, JSONObject { let at: Date }
        let result = await fetch(Stamp.self, body: #"{"at": "2023-11-14T22:13:20Z"}"#)
        #expect(try result.get().at == Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test("A hand-mapped type decodes from parsed JSON, nested values and optionals included")
    func decodesByHand() async throws {
        let body = #"{"number": 7, "title": "Crash", "body": null, "user": {"login": "ada"}, "labels": ["bug"]}"#
        let result = await fetch(GitHubIssue.self, body: body)
        #expect(
            try result.get() == GitHubIssue(number: 7, title: "Crash", body: nil, authorLogin: "ada", labels: ["bug"]))
    }

    @Test(
        "A hand-mapped type's error names the key path and what was found",
        arguments: [
            (
                #"{"number": 7, "title": "t", "labels": [], "user": {"login": null}}"#, "user.login",
                "expected String, found null"
            ),
            (#"{"number": 7, "title": "t", "labels": [], "user": {}}"#, "user.login", "the key \"login\" is missing"),
            (
                #"{"number": "7", "title": "t", "labels": [], "user": {"login": "a"}}"#, "number",
                "expected Int, found a string"
            ),
            (
                #"{"number": 7.5, "title": "t", "labels": [], "user": {"login": "a"}}"#, "number",
                "expected Int, found a number"
            ),
            (
                #"{"number": 7, "title": "t", "labels": [1], "user": {"login": "a"}}"#, "labels[0]",
                "expected String, found a number"
            ),
            (#"{"number": 7, "title": "t", "labels": [], "user": []}"#, "user", "expected an object, found an array"),
        ])
    func reportsHandMappingPath(body: String, path: String, reason: String) async throws {
        let failure = try failure(await fetch(GitHubIssue.self, body: body))
        #expect(failure.codingPath == path)
        #expect(failure.reason == reason)
        #expect(failure.typeName == "GitHubIssue")
    }

    @Test("A Decodable type's error names the coding path, with array indexes")
    func reportsDecodablePath() async throws {
        let body = #"[{"name": "a", "fullName": "x/a"}, {"name": "b", "fullName": null}]"#
        let failure = try failure(await fetch([Repository].self, body: body))
        #expect(failure.codingPath == "[1].fullName")
        #expect(failure.reason.contains("String"))
        #expect(failure.description.contains("[1].fullName"))
    }

    @Test("An array of hand-mapped elements fails with the index of the first bad element instead of dropping it")
    func failsWholeArray() async throws {
        let good = #"{"number": 1, "title": "t", "body": "b", "user": {"login": "a"}, "labels": []}"#
        let bad = #"{"number": 2, "user": {"login": "a"}, "labels": []}"#
        let failure = try failure(await fetch([GitHubIssue].self, body: "[\(good), \(bad)]"))
        #expect(failure.codingPath == "[1].title")
    }

    @Test("Decodable values nested in a hand-mapped type decode through the client's decoder with full paths")
    func nestsDecodableInHandMapped() async throws {
        struct Wrapper: JSONObject {
            let repository: Repository
            init(json: JSON) throws { repository = try json["data"]["repo"].decode() }
        }
        let ok = await fetch(
            Wrapper.self, body: #"{"data": {"repo": {"name": "n", "full_name": "o/n"}}}"#,
            clientDecoder: .json(keyDecoding: .convertFromSnakeCase))
        #expect(try ok.get().repository.fullName == "o/n")
        let failure = try failure(await fetch(Wrapper.self, body: #"{"data": {"repo": {"name": 1}}}"#))
        #expect(failure.codingPath == "data.repo.name")
    }

    @Test(
        "Bodies that are not the expected JSON give decoding errors that say what the body is",
        arguments: [
            ("", "the body is empty"),
            ("<!DOCTYPE html><html><body>Oops</body></html>", "looks like HTML"),
            ("  <html>", "looks like HTML"),
            (#"{"name": "swift", "fullN"#, "not valid JSON"),
            ("not json at all", "not valid JSON"),
            ("[1, 2", "not valid JSON"),
        ])
    func describesUnreadableBodies(body: String, expected: String) async throws {
        for result in [
            await fetch(Repository.self, body: body, contentType: "text/html").map { _ in () },
            await fetch(GitHubIssue.self, body: body, contentType: "text/html").map { _ in () },
        ] {
            let failure = try failure(result)
            #expect(failure.reason.contains(expected), "\(failure.reason)")
        }
    }

    @Test("Wrong top-level types are decoding errors")
    func wrongTopLevelType() async throws {
        #expect(try failure(await fetch([Repository].self, body: #"{"a": 1}"#)).codingPath == "")
        #expect(
            try failure(await fetch([GitHubIssue].self, body: #"{"a": 1}"#)).reason
                == "expected Array<JSONValue>, found an object")
        #expect(try failure(await fetch(Int.self, body: #""seven""#)).reason.contains("Int"))
    }

    @Test("Optional responses are nil for an empty body or null and decode otherwise")
    func decodesOptionals() async throws {
        #expect(try await fetch(Repository?.self, body: "", status: 204).get() == nil)
        #expect(try await fetch(Repository?.self, body: " null\n").get() == nil)
        #expect(try await fetch(GitHubIssue?.self, body: "").get() == nil)
        let present = try await fetch(Repository?.self, body: #"{"name": "a", "fullName": "o/a"}"#).get()
        #expect(present?.name == "a")
    }

    @Test("NoContent ignores whatever body there is")
    func ignoresBodyForNoContent() async throws {
        #expect(try await fetch(NoContent.self, body: "", status: 204).get() == NoContent())
        #expect(try await fetch(NoContent.self, body: "<html>", status: 200).get() == NoContent())
    }

    @Test("Data responses are the raw bytes and String responses the UTF-8 text")
    func decodesRawResponses() async throws {
        #expect(try await fetch(Data.self, body: "<b>hi</b>").get() == Data("<b>hi</b>".utf8))
        #expect(try await fetch(String.self, body: "plain text ☕").get() == "plain text ☕")
    }

    @Test("A String response that is not UTF-8 is a decoding error, not garbage")
    func refusesInvalidUTF8() async throws {
        let client = Client.stubbed(
            StubTransport { HTTPResponse(statusCode: 200, body: Data([0x61, 0xFF, 0xFE]), url: $0.url) })
        do {
            _ = try await client.get(GetValue<String>())
            Issue.record("expected an error")
        } catch {
            guard case .decodingFailed(let failure) = error else { throw TestFailure("\(error)") }
            #expect(failure.reason.contains("UTF-8"))
        }
    }

    @Test("JSONValue decodes any JSON and tells Booleans from numbers")
    func decodesJSONValue() async throws {
        let value = try await fetch(
            JSONValue.self, body: #"{"t": true, "n": 1, "x": 1.5, "s": "s", "z": null, "a": [0]}"#
        ).get()
        #expect(
            value
                == .object([
                    "t": .bool(true), "n": .int(1), "x": .double(1.5), "s": .string("s"), "z": .null,
                    "a": .array([.int(0)]),
                ]))
    }

    @Test("Scalars, dates and URLs map by hand")
    func mapsScalars() throws {
        let json = try JSON(
            parsing: Data(
                #"{"b": false, "d": 2, "i64": 9007199254740993, "at": "2023-11-14T22:13:20.5Z", "u": "https://x.y/z"}"#
                    .utf8))
        #expect(try json["b"].decode(Bool.self) == false)
        #expect(try json["d"].decode(Double.self) == 2)
        #expect(try json["i64"].decode(Int64.self) == 9_007_199_254_740_993)
        #expect(try json["at"].decode(Date.self) == Date(timeIntervalSince1970: 1_700_000_000.5))
        #expect(try json["u"].decode(URL.self) == URL(string: "https://x.y/z"))
        #expect(try json["missing"]["deeper"].decode(String?.self) == nil)
        #expect(json["b"].value == .bool(false))
        #expect(json["missing"].isNullOrMissing)
    }

    @Test(
        "Numbers too large for their type are decoding errors, not crashes or silent wraps",
        arguments: ["1e400", "123456789012345678901234567890", "-1e309", "18446744073709551616"])
    func refusesHugeNumbers(number: String) async throws {
        struct Counter: Decodable, JSONObject { let count: Int }
        struct MappedCounter: JSONObject {
            let count: Int
            init(json: JSON) throws { count = try json["count"].decode() }
        }
        _ = try failure(await fetch(Counter.self, body: #"{"count": \#(number)}"#))
        _ = try failure(await fetch(MappedCounter.self, body: #"{"count": \#(number)}"#))
    }

    @Test("Deeply nested JSON is an error, not a stack overflow")
    func refusesDeepNesting() async throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        _ = try failure(await fetch(JSONValue.self, body: deep))
        _ = try failure(await fetch([[Int]].self, body: deep))
    }
}

/// A test failure with a message, for `throw` in helpers.
struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
