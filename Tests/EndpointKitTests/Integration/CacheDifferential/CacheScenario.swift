import Foundation

/// A scenario of the cache oracle's `POST /decide` (Tests/Servers/cache_oracle_server.py): steps
/// of requests on one clock, each with what the origin holds for it then. Encoded, it is exactly
/// what the oracle takes; the replayer runs the same value against EndpointKit's cache.
struct CacheScenario: Encodable, Sendable {
    var shared: Bool
    var steps: [Step]

    /// One request at `at` seconds after the epoch (2026-01-01T00:00:00Z, ManualClock's start).
    struct Step: Encodable, Sendable {
        var at: Int
        var request: Request
        var origin: Representation
        /// hishel's `allow_stale`; EndpointKit's ``CacheMode/preferStored``.
        var allowStale: Bool
    }

    struct Request: Encodable, Sendable {
        var method: String
        var url: String
        var headers: [[String]]
    }

    /// A representation as Tests/Servers/origin_responses.py describes it (no `conditional`:
    /// validators are always evaluated), or an origin that does not answer (``disconnected``,
    /// encoded as `{"disconnect": true}`).
    struct Representation: Encodable, Sendable {
        var status: Int
        var headers: [[String]]
        /// `"now"` (the step's time) or an HTTP-date.
        var date: String
        var body: String
        var notModified: NotModified?
        /// The origin shuts the connection without answering.
        var disconnects = false

        /// An origin that does not answer.
        static let disconnected = Representation(
            status: 0, headers: [], date: "now", body: "", notModified: nil, disconnects: true)

        private enum CodingKeys: String, CodingKey {
            case status, headers, date, body, notModified, disconnect
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            if disconnects {
                try container.encode(true, forKey: .disconnect)
                return
            }
            try container.encode(status, forKey: .status)
            try container.encode(headers, forKey: .headers)
            try container.encode(date, forKey: .date)
            try container.encode(body, forKey: .body)
            try container.encodeIfPresent(notModified, forKey: .notModified)
        }
    }

    /// What a `304` carries: the default copy list, then `headers` in place of copied fields.
    struct NotModified: Encodable, Sendable {
        var headers: [[String]]
    }

    /// The scenario as the oracle takes it, keys sorted (also what a failure prints).
    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }
}
