// libFuzzer target for the response-decoding path.
//
// Built by `scripts/fuzz decoding` together with every file of Sources/EndpointKit into one
// module, so internal API (`ResponseDecoding`) is reachable without `@testable`.
//
// Each input is an HTTP response body. It goes through the same pure path `Client.send` takes
// after the transport (`ResponseDecoding.decode(_:from:using:)`) for many response types and two
// decoders, and through `JSONValue(parsing:)`, `JSON` subscripting, `WebLink.parse` and
// `RetryAfter`, `RateLimitSignal` and `RateLimitFailure`. The only acceptable outcomes are a value or a thrown error: any trap, crash,
// hang or AddressSanitizer report is a bug. A few invariants are checked on top (see `check`), among them
// that the fast `.convertFromSnakeCase` path gives exactly what Foundation's own strategy gives.

import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// MARK: - Response types

/// A `Decodable` owner, GitHub-shaped.
struct FuzzOwner: Decodable, JSONObject, Hashable {
    let login: String
    let id: Int
    let siteAdmin: Bool?
}

/// A `Decodable` value nested in `FuzzRepository` that is not itself a `JSONObject`.
struct FuzzLicense: Decodable, Hashable {
    let key: String?
    let spdxId: String?
}

/// A `Decodable` repository with nested, optional, array, date, URL and `JSONValue` fields.
struct FuzzRepository: Decodable, JSONObject {
    let id: Int64
    let name: String
    let fullName: String?
    let owner: FuzzOwner?
    let topics: [String]?
    let stargazersCount: Double?
    let pushedAt: Date?
    let htmlUrl: URL?
    let license: FuzzLicense?
    let extra: JSONValue?
    let flags: [String: Bool]?
    let matrix: [[Int]]?
}

/// A type mapped by hand, the way the README shows.
struct FuzzHandMapped: JSONObject {
    let name: String
    let description: String?
    let ownerLogin: String
    let topics: [String]
    let firstTopic: String?
    let stars: Int?
    let size: Int64?
    let score: Double?
    let pushedAt: Date?
    let homepage: URL?
    let owner: FuzzOwner?
    let archived: Bool?

    init(json: JSON) throws {
        name = try json["name"].decode()
        description = try json["description"].decode()
        ownerLogin = try json["owner"]["login"].decode()
        topics = try json["topics"].decode([String]?.self) ?? []
        firstTopic = try json["topics"][0].decode()
        stars = try json["stargazers_count"].decode()
        size = try json["size"].decode()
        score = try json["score"].decode()
        pushedAt = try json["pushed_at"].decode()
        homepage = try json["homepage"].decode()
        owner = try json["owner"].decode()  // a Decodable nested in a hand-mapped type
        archived = try json["archived"].decode()
    }
}

/// Reads everything it can and never gives up at the first failure, so that every lookup and
/// scalar conversion of `JSON` runs on whatever shape the input has.
struct FuzzLenient: JSONObject {
    var seen = 0

    init(json: JSON) throws {
        let lookups: [JSON] = [
            json, json["a"], json["a"]["b"], json[0], json[0]["a"], json["items"][1], json[-1], json[Int.max],
            json[Int.min], json[""], json["owner"]["login"],
        ]
        for item in lookups {
            if (try? item.decode(String.self)) != nil { seen += 1 }
            if (try? item.decode(Int.self)) != nil { seen += 1 }
            if (try? item.decode(Int64.self)) != nil { seen += 1 }
            if (try? item.decode(Double.self)) != nil { seen += 1 }
            if (try? item.decode(Bool.self)) != nil { seen += 1 }
            if (try? item.decode(Date.self)) != nil { seen += 1 }
            if (try? item.decode(URL.self)) != nil { seen += 1 }
            if (try? item.decode(Data.self)) != nil { seen += 1 }
            if (try? item.decode(JSONValue.self)) != nil { seen += 1 }
            if (try? item.decode(NoContent.self)) != nil { seen += 1 }
            if (try? item.decode(FuzzOwner.self)) != nil { seen += 1 }
            if (try? item.decode([Int?].self)) != nil { seen += 1 }
            if (try? item.decode([FuzzOwner]?.self)) != nil { seen += 1 }
            if let elements = try? item.elements() { seen += elements.count }
            _ = item.isNullOrMissing
            _ = item.value?.kindDescription
            _ = JSONCodingKey.render(item.codingPath)
        }
    }
}

// MARK: - The fast snake_case path against Foundation's strategy

extension FuzzRepository: Equatable {}

/// Any JSON read through keyed and unkeyed containers (never as a `[String: T]`), so that every
/// object key meets the key strategy.
indirect enum FuzzKeyTree: Decodable, Equatable {
    case object([String: FuzzKeyTree])
    case array([FuzzKeyTree])
    case scalar(JSONValue)

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: JSONCodingKey.self) {
            var members: [String: FuzzKeyTree] = [:]
            // In key order, so that the first member to fail, and so the error, is always the same.
            for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                members[key.stringValue] = try object.decode(FuzzKeyTree.self, forKey: key)
            }
            self = .object(members)
        } else if var array = try? decoder.unkeyedContainer() {
            var elements: [FuzzKeyTree] = []
            while !array.isAtEnd {
                elements.append(try array.decode(FuzzKeyTree.self))
            }
            self = .array(elements)
        } else {
            self = .scalar(try JSONValue(from: decoder))
        }
    }
}

let foundationSnakeCase: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.dateDecodingStrategy = .iso8601
    return decoder
}()

/// The fast path alone, without its fallback; `nil` when the rewriter hands the input to Foundation.
func snakeCaseFastPath<T: Decodable>(_ type: T.Type, _ body: Data) -> Result<T, any Error>? {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    switch SnakeCaseKeys.rewrite(body) {
    case .unchanged:
        return Result { try decoder.decode(type, from: body) }
    case .rewritten(let json, let convertedKeys):
        decoder.userInfo[.convertedSnakeCaseKeys] = convertedKeys
        return Result { try decoder.decode(SnakeCaseDocument<T>.self, from: json).value }
    case .unsupported:
        return nil
    }
}

/// The fast path gives Foundation's value or gives up, never another value; it only throws
/// where Foundation throws, or to give up on a dictionary; and the library, which falls back
/// to Foundation, always gives Foundation's value or an error with the same description.
func compareSnakeCase<T: Decodable & Equatable>(_ type: T.Type, _ body: Data) {
    let reference = Result { try foundationSnakeCase.decode(type, from: body) }
    switch (snakeCaseFastPath(type, body), reference) {
    case (.success(let ours)?, .success(let theirs)):
        check(ours == theirs, "fast path decoded \(T.self) as \(ours), Foundation as \(theirs)")
    case (.success(let ours)?, .failure(let error)):
        check(false, "fast path decoded \(T.self) as \(ours), Foundation threw \(error)")
    case (.failure(let error)?, .success):
        check(error is SnakeCaseFallback, "fast path threw \(error) for \(T.self), Foundation decodes it")
    case (.failure?, .failure), (nil, _):
        break
    }
    switch (Result { try snakeCase.decode(type, from: body) }, reference) {
    case (.success(let ours), .success(let theirs)):
        check(ours == theirs, "library decoded \(T.self) as \(ours), Foundation as \(theirs)")
    case (.failure(let ours), .failure(let theirs)):
        check("\(ours)" == "\(theirs)", "library threw \(ours), Foundation \(theirs)")
    case (.success, .failure), (.failure, .success):
        check(false, "library and Foundation disagree on \(T.self)")
    }
}

// MARK: - Harness

let snakeCase = JSONResponseDecoder(keyDecoding: .convertFromSnakeCase)
let decoders: [any ResponseDecoder] = [JSONResponseDecoder(), snakeCase]
let fixedNow = Date(timeIntervalSince1970: 1_800_000_000)

/// Decodes `response` as `T` the way the client does; a thrown error is fine, and its
/// description (what a user logs) is rendered too.
func attempt<T: JSONObject>(_ type: T.Type, _ response: HTTPResponse, _ decoder: any ResponseDecoder) {
    do {
        _ = try ResponseDecoding.decode(T.self, from: response, method: .get, using: decoder)
    } catch {
        check(!error.description.isEmpty, "an empty error description for \(T.self)")
    }
}

/// Traps with `message` when `condition` is false: libFuzzer records the input.
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("invariant violated: \(message())") }
}

/// A small deterministic PRNG (SplitMix64) seeded from the input, for the random walk.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Walks `json` at random: real keys and indexes, and missing, negative and huge ones.
func walk(_ root: JSON, seed: UInt64) {
    var random = SplitMix(state: seed)
    var current = root
    for _ in 0..<12 {
        switch current.value {
        case .object(let object)?:
            let keys = object.keys.sorted()
            if !keys.isEmpty, random.next() % 4 != 0 {
                current = current[keys[Int(random.next() % UInt64(keys.count))]]
            } else {
                current = current["missing-\(random.next() % 3)"]
            }
        case .array(let array)?:
            let choices = [0, array.count - 1, array.count, -1, Int.max, Int.min]
            let index =
                random.next() % 2 == 0 && !array.isEmpty
                ? Int(random.next() % UInt64(array.count)) : choices[Int(random.next() % UInt64(choices.count))]
            current = current[index]
        default:
            current = random.next() % 2 == 0 ? current["x"] : current[Int(truncatingIfNeeded: random.next())]
        }
        _ = try? current.decode(String?.self)
        _ = try? current.decode(Double.self)
        _ = try? current.decode([JSONValue].self)
        do {
            _ = try current.decode(Int.self)
        } catch {
            _ = DecodingFailure(decoding: Int.self, error: error, method: .get, response: HTTPResponse(statusCode: 200))
                .description
        }
    }
}

/// libFuzzer's entry point: runs one input; returns 0 (any failure traps instead).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let body = Data(bytes: start, count: count)
    let text = String(decoding: body, as: UTF8.self)
    let contentTypes = ["application/json; charset=utf-8", "text/html", "application/octet-stream"]
    let response = HTTPResponse(
        statusCode: 200, headers: ["Content-Type": contentTypes[count % contentTypes.count], "Link": text],
        body: body, url: URL(string: "https://api.example.com/user/repos?per_page=100"))

    for decoder in decoders {
        attempt(FuzzRepository.self, response, decoder)
        attempt([FuzzRepository].self, response, decoder)
        attempt(FuzzRepository?.self, response, decoder)
        attempt(FuzzHandMapped.self, response, decoder)
        attempt([FuzzHandMapped].self, response, decoder)
        attempt([FuzzHandMapped?]?.self, response, decoder)
        attempt(FuzzLenient.self, response, decoder)
        attempt([FuzzLenient].self, response, decoder)
        attempt(JSONValue.self, response, decoder)
        attempt([JSONValue]?.self, response, decoder)
        attempt(String.self, response, decoder)
        attempt(String?.self, response, decoder)
        attempt([String].self, response, decoder)
        attempt(Int.self, response, decoder)
        attempt([Int64].self, response, decoder)
        attempt(Double?.self, response, decoder)
        attempt(Bool.self, response, decoder)
        attempt(Date.self, response, decoder)
        attempt(URL.self, response, decoder)
        attempt(Data.self, response, decoder)
        attempt(NoContent.self, response, decoder)
        attempt(NoContent?.self, response, decoder)
        attempt(GitHubAPIError.self, response, decoder)
    }

    // The fast `.convertFromSnakeCase` path against Foundation's own strategy.
    compareSnakeCase(FuzzKeyTree.self, body)
    compareSnakeCase(FuzzRepository.self, body)
    compareSnakeCase([FuzzRepository].self, body)
    compareSnakeCase(JSONValue.self, body)

    // The parsers on their own. EndpointKit's JSON parser accepts what JSONSerialization accepts.
    if JSONParser.canParse(body) {
        let ours = try? JSONParser.parse(body)
        let theirs = try? JSONValue(serializing: body)
        check((ours == nil) == (theirs == nil), "JSONParser and JSONSerialization disagree on \(Array(body))")
    }
    if let value = try? JSONValue(parsing: body) {
        _ = value.kindDescription
        // A parsed value always encodes again, and parses again to a value of the same kind.
        if let encoded = try? JSONEncoder().encode(value), let again = try? JSONValue(parsing: encoded) {
            check(again.kindDescription == value.kindDescription, "kind changed in a round trip: \(value)")
        }
    }
    if let json = try? JSON(parsing: body, decoder: snakeCase) {
        var seed: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in body { seed = (seed ^ UInt64(byte)) &* 0x100_0000_01B3 }
        walk(json, seed: seed)
    }

    // Response headers: the body's text as a Link header and as a Retry-After header.
    do {
        for link in try WebLink.parse(text) {
            check(link.relations.allSatisfy { $0 == $0.lowercased() && !$0.isEmpty }, "relation not lower-cased")
            check(link.parameters.keys.allSatisfy { $0 == $0.lowercased() && !$0.isEmpty }, "bad parameter name")
            _ = link.has(relation: "next")
            _ = link.url(relativeTo: response.url)
        }
    } catch {
        check(!error.description.isEmpty, "an empty LinkHeaderError")
    }
    // A Retry-After value is short and starts with a digit or a day name; parsing builds a
    // DateFormatter per call, which would slow every input down fourfold, so only those are tried.
    if count <= 40, let first = body.first, first < 0x80,
        Character(Unicode.Scalar(first)).isLetter
            || Character(Unicode.Scalar(first)).isNumber || first == 0x20
    {
        if let retryAfter = RetryAfter(text, now: fixedNow) {
            check(retryAfter.delay >= 0 && retryAfter.delay.isFinite, "Retry-After delay \(retryAfter.delay)")
        }
        var throttled = response
        throttled.statusCode = 503
        throttled.headers = ["Retry-After": text]
        throttled.statusCode = 429
        if let signal = RateLimitSignal.standard(in: throttled, now: fixedNow) {
            let status = StatusFailure(method: .get, response: throttled)
            _ = RateLimitFailure(status: status, retryDate: signal.retryDate).description
        }
        throttled.statusCode = 503
        let policy = RetryPolicy.default
        let unavailable = EndpointError.unacceptableStatus(StatusFailure(method: .get, response: throttled))
        if let delay = policy.delay(
            after: unavailable, attempt: 1, method: .get, elapsed: 0, now: fixedNow, random: 0.5)
        {
            check(delay >= 0 && delay <= policy.budget, "retry delay \(delay) outside the budget")
        }
    }
    _ = EndpointError.unacceptableStatus(StatusFailure(method: .get, response: response)).description
    _ = response.links
    return 0
}
