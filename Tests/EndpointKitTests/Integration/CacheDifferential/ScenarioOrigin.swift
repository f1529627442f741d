import EndpointKitTesting
import Foundation

@testable import EndpointKit

/// The origin of a differential scenario, in memory: it answers each request with the step's
/// representation exactly as Tests/Servers/origin_responses.py answers the oracle's hishel (the
/// same `Date`, `Content-Type` and `Content-Length`, the same precondition rule, a `304` with the
/// same copied fields), shuts the connection for ``CacheScenario/Representation/disconnected``,
/// and records what reached it.
///
/// Not ``CachingOrigin``: that one's `304` copies `Last-Modified` and not `Content-Location`, and
/// evaluates `If-Modified-Since` beside a non-matching `If-None-Match`.
final class ScenarioOrigin: Sendable {
    /// One request that reached the origin, and how it answered.
    struct Received: Sendable {
        let method: String
        /// The request carried `If-None-Match` or `If-Modified-Since` (always `false` when the
        /// origin did not answer, as the oracle reports it).
        let conditional: Bool
        /// Its condition matched: the answer was `304`.
        let matched: Bool
        /// `0` when it did not answer.
        let status: Int
    }

    /// The fields a `304` copies from the full answer by default (RFC 9110 §15.4.5).
    static let notModifiedFields: Set<String> = [
        "cache-control", "content-location", "date", "etag", "expires", "vary",
    ]

    private let state = Locked((representation: CacheScenario.Representation?.none, received: [Received]()))
    private let clock: ManualClock

    init(clock: ManualClock) {
        self.clock = clock
    }

    /// What the origin holds from now on; forgets what reached it before.
    func hold(_ representation: CacheScenario.Representation) {
        state.withLock { $0 = (representation, []) }
    }

    /// The requests that reached the origin since ``hold(_:)``, in order.
    var received: [Received] { state.withLock { $0.received } }

    var transport: StubTransport {
        StubTransport { [self] request in try respond(to: request) }
    }

    private func respond(to request: URLRequest) throws -> HTTPResponse {
        let method = request.httpMethod ?? "GET"
        guard let representation = state.withLock({ $0.representation }) else {
            return HTTPResponse(statusCode: 599, body: Data("the step holds no representation".utf8), url: request.url)
        }
        if representation.disconnects {
            // As the oracle records it: sent, neither evaluated nor answered.
            state.withLock {
                $0.received.append(Received(method: method, conditional: false, matched: false, status: 0))
            }
            throw URLError(.networkConnectionLost)
        }
        var fields = representation.headers.map { HTTPHeaders.Field(name: $0[0], value: $0[1]) }
        let date = representation.date == "now" ? HTTPDate.format(clock.now) : representation.date
        fields.insert(HTTPHeaders.Field(name: "Date", value: date), at: 0)
        if !fields.contains(where: { $0.name.lowercased() == "content-type" }) {
            fields.append(HTTPHeaders.Field(name: "Content-Type", value: "text/plain; charset=utf-8"))
        }
        let (conditional, matched) = Self.evaluatePreconditions(
            method: method, status: representation.status, headers: HTTPHeaders(fields), request: request)
        let response: HTTPResponse
        if matched {
            let replacing = (representation.notModified?.headers ?? []).map {
                HTTPHeaders.Field(name: $0[0], value: $0[1])
            }
            let replaced = Set(replacing.map { $0.name.lowercased() })
            let kept = fields.filter {
                Self.notModifiedFields.contains($0.name.lowercased()) && !replaced.contains($0.name.lowercased())
            }
            response = HTTPResponse(statusCode: 304, headers: HTTPHeaders(kept + replacing), url: request.url)
        } else {
            let body = Data(representation.body.utf8)
            fields.append(HTTPHeaders.Field(name: "Content-Length", value: String(body.count)))
            response = HTTPResponse(
                statusCode: representation.status, headers: HTTPHeaders(fields), body: method == "HEAD" ? Data() : body,
                url: request.url)
        }
        let received = Received(method: method, conditional: conditional, matched: matched, status: response.statusCode)
        state.withLock { $0.received.append(received) }
        return response
    }

    /// origin_responses.py's `evaluate_preconditions`: for `GET` and `HEAD` of a 2xx,
    /// `If-None-Match` matches a weakly equal `ETag` (or is `*`); without it, `If-Modified-Since`
    /// matches a `Last-Modified` not later than it.
    static func evaluatePreconditions(method: String, status: Int, headers: HTTPHeaders, request: URLRequest)
        -> (conditional: Bool, matched: Bool)
    {
        let ifNoneMatch = request.value(forHTTPHeaderField: "If-None-Match")
        let ifModifiedSince = request.value(forHTTPHeaderField: "If-Modified-Since")
        guard ifNoneMatch != nil || ifModifiedSince != nil else { return (false, false) }
        guard method == "GET" || method == "HEAD", (200...299).contains(status) else { return (true, false) }
        if let ifNoneMatch {
            let tags = entityTags(ifNoneMatch) ?? []
            guard tags != ["*"] else { return (true, true) }
            guard let tag = headers.values(for: "ETag").first else { return (true, false) }
            return (true, tags.contains { opaque($0) == opaque(tag) })
        }
        guard let since = ifModifiedSince.flatMap(HTTPDate.parse),
            let modified = headers.values(for: "Last-Modified").first.flatMap(HTTPDate.parse)
        else { return (true, false) }
        return (true, modified <= since)
    }

    /// The entity-tags of an `If-None-Match` value, `["*"]` for `*`; `nil` when malformed.
    private static func entityTags(_ value: String) -> [String]? {
        let value = value.trimmingCharacters(in: .whitespaces)
        if value == "*" { return ["*"] }
        var tags: [String] = []
        for part in value.split(separator: ",", omittingEmptySubsequences: false) {
            let tag = part.trimmingCharacters(in: .whitespaces)
            let quoted = tag.hasPrefix("W/") ? tag.dropFirst(2) : tag[...]
            guard quoted.count >= 2, quoted.hasPrefix("\""), quoted.hasSuffix("\""),
                !quoted.dropFirst().dropLast().contains("\"")
            else { return nil }
            tags.append(tag)
        }
        return tags
    }

    private static func opaque(_ tag: String) -> Substring { tag.hasPrefix("W/") ? tag.dropFirst(2) : tag[...] }
}
