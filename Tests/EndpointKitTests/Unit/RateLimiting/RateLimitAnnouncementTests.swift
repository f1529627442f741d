import EndpointKitTesting
import Foundation
import Testing

@testable import EndpointKit

/// What a response says about limits, by the standards: the IETF `RateLimit` and
/// `RateLimit-Policy` fields, and `Retry-After` on refusals.
@Suite("A rate-limit announcement: what one response says about limits")
struct RateLimitAnnouncementTests {
    typealias Limit = RateLimitAnnouncement.Limit

    let now = ManualClock().now

    func announcement(status: Int = 200, _ headers: HTTPHeaders) -> RateLimitAnnouncement {
        RateLimitAnnouncement.standard(in: HTTPResponse(statusCode: status, headers: headers), now: now)
    }

    @Test("A policy and its state, matched by name, give quota, window, remaining and a reset from the clock")
    func policyAndState() {
        let result = announcement([
            "RateLimit-Policy": #""default";q=100;w=60"#, "RateLimit": #""default";r=50;t=30"#,
        ])
        #expect(
            result.limits == [
                Limit(name: "default", quota: 100, window: 60, remaining: 50, resetDate: now.addingTimeInterval(30))
            ])
        #expect(result.refusal == nil)
    }

    @Test("A name may be a token as well as a string")
    func tokenNames() {
        let result = announcement(["RateLimit-Policy": "burst;q=10", "RateLimit": "burst;r=3;t=1"])
        #expect(result.limits.map(\.name) == ["burst"])
        #expect(result.limits.first?.quota == 10)
        #expect(result.limits.first?.remaining == 3)
    }

    @Test("Several policies: each gets its own state, and a state without a policy is a limit of its own")
    func severalPolicies() {
        let result = announcement([
            "RateLimit-Policy": #""burst";q=100;w=60, "daily";q=1000;w=86400;qu="content-bytes""#,
            "RateLimit": #""daily";r=900;t=3600, "hourly";r=5;t=10"#,
        ])
        #expect(result.limits.map(\.name) == ["burst", "daily", "hourly"])
        #expect(result.limits[0].remaining == nil)
        #expect(result.limits[1].remaining == 900)
        #expect(result.limits[1].quotaUnit == "content-bytes")
        #expect(result.limits[1].countsRequests == false)
        #expect(result.limits[2].quota == nil)
        #expect(result.limits[2].resetDate == now.addingTimeInterval(10))
        #expect(result.limits[0].countsRequests)
    }

    @Test("Partition keys tell apart limits of one name")
    func partitionKeys() {
        let result = announcement([
            "RateLimit-Policy": #""user";q=10;pk=:YQ==:, "user";q=20;pk=:Yg==:"#,
            "RateLimit": #""user";r=7;t=5;pk=:Yg==:"#,
        ])
        #expect(result.limits.map(\.partitionKey) == [Data("a".utf8), Data("b".utf8)])
        #expect(result.limits.map(\.remaining) == [nil, 7])
    }

    @Test("Field lines of one name are read as one list")
    func fieldLinesJoin() {
        var headers = HTTPHeaders()
        headers.add(#""a";r=1;t=1"#, for: "RateLimit")
        headers.add(#""b";r=2;t=2"#, for: "ratelimit")
        #expect(announcement(headers).limits.map(\.remaining) == [1, 2])
    }

    @Test(
        "A field that does not parse is ignored whole, never a crash or a throw",
        arguments: [
            #""default";r=50;t=30, "#, #""default";r=50;;t=30"#, #""default;r=50"#, "\u{7F}", "",
            ",",
        ])
    func malformedFieldsAreIgnored(text: String) {
        let result = announcement(["RateLimit": text, "RateLimit-Policy": #""default";q=10"#])
        #expect(result.limits == [Limit(name: "default", quota: 10)])
    }

    @Test(
        "A member without a name, a required count, or with a parameter of the wrong type is ignored alone",
        arguments: [
            #"1;r=5;t=1"#, #""x";t=1"#, #""x";r=-1;t=1"#, #""x";r=5.5;t=1"#, #""x";r="5";t=1"#,
            #""x";r=5;t=-2"#, #"("x");r=5;t=1"#,
        ])
    func invalidMembersAreIgnored(member: String) {
        let result = announcement(["RateLimit": "\(member), \"ok\";r=1;t=2"])
        #expect(result.limits.map(\.name) == ["ok"])
    }

    @Test("A policy without a quota, or with a window that is not a positive count, is ignored")
    func invalidPolicies() {
        let result = announcement(["RateLimit-Policy": #""a";w=60, "b";q=1;w=0, "c";q=1;qu=requests, "d";q=2"#])
        #expect(result.limits.map(\.name) == ["d"])
    }

    @Test("A 429 with Retry-After in seconds or as an HTTP date pauses until then, on the clock")
    func timedRefusals() {
        #expect(announcement(status: 429, ["Retry-After": "30"]).refusal?.pausesUntil == now.addingTimeInterval(30))
        let date = "Thu, 01 Jan 2026 00:02:00 GMT"  // the manual clock starts at 00:00:00
        #expect(announcement(status: 429, ["Retry-After": date]).refusal?.pausesUntil == now.addingTimeInterval(120))
        #expect(announcement(status: 503, ["Retry-After": "5"]).refusal?.pausesUntil == now.addingTimeInterval(5))
    }

    @Test("A 429 without Retry-After is an untimed refusal; a 503 without it, an outage and no refusal")
    func untimedRefusalAndOutage() {
        #expect(announcement(status: 429, [:]).refusal == RateLimitAnnouncement.Refusal(pausesUntil: nil))
        #expect(announcement(status: 429, ["Retry-After": "soon"]).refusal?.pausesUntil == nil)
        #expect(announcement(status: 503, [:]).refusal == nil)
        #expect(announcement(status: 200, ["Retry-After": "30"]).refusal == nil)
        #expect(announcement(status: 500, [:]).isEmpty)
    }
}
