/// What a cache did with one step of a scenario, in the oracle's terms (Tests/Servers/
/// cache_oracle_server.py's answer), for either side: hishel's, as the oracle reports it, or
/// EndpointKit's, as the replayer observed it.
///
/// EndpointKit's ``ResponseSource/network`` is `miss` when the cache holds, after the step, an
/// entry stored at the step's time (the origin's answer was stored), and `uncacheable` when it
/// does not.
struct CacheStepDecision: Decodable, Sendable {
    /// `fresh`, `stale`, `revalidated`, `miss`, `uncacheable` or `error`.
    var outcome: String
    var sentToOrigin: Bool
    /// The first request sent to the origin carried `If-None-Match` or `If-Modified-Since`.
    var conditional: Bool
    /// How many requests reached the origin.
    var originRequestCount: Int
    var status: Int?
    var body: String?
    /// The `Age` the client got, when the response has one.
    var age: Int?

    // Not compared; what the deviations (``CacheDeviation``) look at.

    /// The first request sent to the origin was answered `304`.
    var matched = false
    /// hishel's: how many stored responses it removed in this step.
    var invalidated = 0
    /// EndpointKit's: the body of the stored response of the same variant that this step's
    /// stored answer replaced.
    var replacedBody: String?

    init(
        outcome: String, sentToOrigin: Bool, conditional: Bool, originRequestCount: Int, status: Int?, body: String?,
        age: Int?
    ) {
        self.outcome = outcome
        self.sentToOrigin = sentToOrigin
        self.conditional = conditional
        self.originRequestCount = originRequestCount
        self.status = status
        self.body = body
        self.age = age
    }

    private struct OriginRequest: Decodable {
        let matched: Bool
    }

    private enum CodingKeys: String, CodingKey {
        case outcome, sentToOrigin, conditional, originRequests, status, body, age, invalidated
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        outcome = try container.decode(String.self, forKey: .outcome)
        sentToOrigin = try container.decode(Bool.self, forKey: .sentToOrigin)
        conditional = try container.decode(Bool.self, forKey: .conditional)
        let originRequests = try container.decode([OriginRequest].self, forKey: .originRequests)
        originRequestCount = originRequests.count
        matched = originRequests.first?.matched ?? false
        invalidated = try container.decode(Int.self, forKey: .invalidated)
        status = try container.decodeIfPresent(Int.self, forKey: .status)
        body = try container.decodeIfPresent(String.self, forKey: .body)
        age = try container.decodeIfPresent(Int.self, forKey: .age)
    }

    /// One line: `miss sent conditional=false requests=1 status=200 age=- body="a v1"`.
    var summary: String {
        "\(outcome) \(sentToOrigin ? "sent" : "not-sent") conditional=\(conditional) requests=\(originRequestCount)"
            + " status=\(status.map(String.init) ?? "-") age=\(age.map(String.init) ?? "-")"
            + " body=\(body.map { "\"\($0)\"" } ?? "-")"
    }
}
