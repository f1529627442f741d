import EndpointKitTesting
import Foundation
import Testing

@testable import EndpointKit

/// The policy's presets and its untimed pause, and a pacer that paces nothing.
@Suite("A rate-limit policy: what the pacer holds calls to")
struct RateLimitPolicyTests {
    @Test("The untimed pause starts at 60 s and doubles for each refusal in a row, up to 15 minutes")
    func untimedPauseDoublesUpToTheCap() {
        let policy = RateLimitPolicy.standard
        #expect((1...6).map { policy.pause(afterUntimedRefusals: $0) } == [60, 120, 240, 480, 900, 900])
        #expect(policy.pause(afterUntimedRefusals: 1000) == 900)
        #expect(RateLimitPolicy(pauseAfterUntimedRefusal: 5, maximumPause: 12).pause(afterUntimedRefusals: 3) == 12)
        #expect(RateLimitPolicy.unpaced.pause(afterUntimedRefusals: 1) == 0)
    }

    @Test("The standard preset caps nothing and follows announcements; a field left out keeps its default")
    func presets() {
        #expect(RateLimitPolicy.standard == RateLimitPolicy())
        #expect(RateLimitPolicy.standard.maximumConcurrentRequests == nil)
        #expect(RateLimitPolicy.standard.followsAnnouncedLimits)
        #expect(RateLimitPolicy(mutationSpacing: 1).pauseAfterUntimedRefusal == 60)
        #expect(RateLimitPolicy.unpaced.followsAnnouncedLimits == false)
    }

    @Test("POST, PUT, PATCH and DELETE are mutations; GET, HEAD and OPTIONS are not")
    func mutations() {
        #expect([HTTPMethod.post, .put, .patch, .delete].allSatisfy { $0.isMutation })
        #expect(![HTTPMethod.get, .head, .options, "PROPFIND"].contains { $0.isMutation })
    }

    @Test("An unpaced pacer lets every call go at once, whatever a refusal or a budget says")
    func unpacedPacesNothing() async throws {
        let fixture = RateLimitPacerFixture(policy: .unpaced)
        let admit = {
            try await fixture.pacer.admit(  // failing at once, not waiting, if the pacer held it
                partition: fixture.partition, method: .post, waiting: .failImmediately, clock: fixture.time.clock)
        }
        let spent: HTTPHeaders = ["RateLimit": #""default";r=0;t=60"#, "Retry-After": "30"]
        try await admit().finish(with: RateLimitPacerFixture.response(429, spent), now: fixture.time.now)
        try await admit().finish(with: RateLimitPacerFixture.response(429), now: fixture.time.now)
        let permits = try await [admit(), admit()]
        #expect(permits.allSatisfy { $0.startDate == fixture.origin })
        #expect(fixture.pacer.status(for: fixture.partition) == RateLimitStatus(inFlight: 2))
        #expect(fixture.time.sleeps.isEmpty)
    }
}
