import EndpointKitTesting
import Foundation
import Testing

@testable import EndpointKit

/// The pacer on a manual clock: caps, order, spacing, pauses, budgets, and waits that end early.
@Suite("A rate-limit pacer: calls wait before they are sent, not after they are refused")
struct RateLimitPacerTests {
    typealias Fixture = RateLimitPacerFixture

    @Test("32 calls through a cap of 4: never more than 4 in flight, all finish, in arrival order")
    func capOfFour() async throws {
        let fixture = Fixture(policy: RateLimitPolicy(maximumConcurrentRequests: 4))
        await fixture.start(0..<32)
        #expect(fixture.pacer.status(for: fixture.partition).waiting == 28)
        var admitted: [(index: Int, permit: RateLimitPermit)] = []
        await fixture.take(32) { index, permit in
            #expect(fixture.pacer.status(for: fixture.partition).inFlight <= 4)
            admitted.append((index, permit))
            permit.finish(with: Fixture.response(), now: fixture.time.now)
        }
        #expect(admitted.sorted { $0.permit.sequence < $1.permit.sequence }.map(\.index) == Array(0..<32))
        #expect(fixture.pacer.status(for: fixture.partition) == RateLimitStatus())
    }

    @Test("Waiting calls go by priority, the highest first, and in arrival order within a priority")
    func priorities() async throws {
        let fixture = Fixture(policy: RateLimitPolicy(maximumConcurrentRequests: 1))
        let first = try await fixture.admitNow()
        let priorities = [0, 5, 0, 5, 2]
        await fixture.start(0..<5, priority: { priorities[$0] })
        first.finish(with: Fixture.response(), now: fixture.time.now)
        var order: [Int] = []
        for _ in 0..<5 {
            let (index, permit) = await fixture.next(1)[0]
            order.append(index)
            permit.finish(with: Fixture.response(), now: fixture.time.now)
        }
        #expect(order == [1, 3, 4, 0, 2])
    }

    @Test("Mutations start exactly their spacing apart, while a read goes at once")
    func mutationSpacing() async throws {
        let fixture = Fixture(policy: RateLimitPolicy(mutationSpacing: 1))
        let first = try await fixture.admitNow(.post)
        #expect(first.startDate == fixture.origin)
        await fixture.start(0..<2, method: .post)
        try #require(fixture.pacer.status(for: fixture.partition).waiting == 2)  // else no sleep to wait for
        let read = try await fixture.admitNow(.get)  // not held by the mutations' spacing
        #expect(read.startDate == fixture.origin)
        await fixture.time.waitForSleeps(count: 1)
        fixture.time.advance(by: 0.5)
        #expect(fixture.pacer.status(for: fixture.partition).waiting == 2)
        fixture.time.advance(by: 0.5)
        let second = await fixture.next(1)[0]
        #expect(second.index == 0)
        #expect(second.permit.startDate == fixture.origin.addingTimeInterval(1))
        await fixture.time.waitForSleeps(count: 2)
        fixture.time.advance(by: 0.9)
        #expect(fixture.pacer.status(for: fixture.partition).waiting == 1)
        fixture.time.advance(by: 0.1)
        let third = await fixture.next(1)[0]
        #expect(third.permit.startDate == fixture.origin.addingTimeInterval(2))
        #expect(fixture.time.sleeps == [1, 1])
    }

    @Test("A 429 with Retry-After 30 pauses all 32 calls until +30; then one goes, and the rest after its answer")
    func timedRefusalPausesEveryCall() async throws {
        let fixture = Fixture()
        let refused = try await fixture.admitNow()
        refused.finish(with: Fixture.response(429, ["Retry-After": "30"]), now: fixture.time.now)
        await fixture.start(0..<32)
        await fixture.time.waitForSleeps(count: 1)
        #expect(fixture.time.heldSleeps == [30])
        let elsewhere = RateLimitPartition(host: "other.example.com")
        let other = try await fixture.pacer.admit(partition: elsewhere, method: .get, clock: fixture.time.clock)
        other.finish(with: Fixture.response(), now: fixture.time.now)  // another partition is not paused
        fixture.time.advance(by: 29.5)
        #expect(fixture.pacer.status(for: fixture.partition).inFlight == 0)
        fixture.time.advance(by: 0.5)
        let probe = await fixture.next(1)[0]
        #expect(probe.permit.startDate == fixture.origin.addingTimeInterval(30))
        #expect(fixture.pacer.status(for: fixture.partition).waiting == 31)
        probe.permit.finish(with: Fixture.response(), now: fixture.time.now)
        let rest = await fixture.next(31)
        #expect(Set(rest.map(\.index) + [probe.index]) == Set(0..<32))
        #expect(rest.allSatisfy { $0.permit.startDate == fixture.origin.addingTimeInterval(30) })
    }

    @Test("An untimed refusal pauses 60 s, a second one in a row 120 s, and an accepted answer resets it")
    func untimedRefusalsDouble() async throws {
        let fixture = Fixture()
        let status = { fixture.pacer.status(for: fixture.partition) }
        try await fixture.admitNow().finish(with: Fixture.response(429), now: fixture.time.now)
        #expect(status().pausedUntil == fixture.origin.addingTimeInterval(60))
        let second = Task { try await fixture.admitNow() }
        await fixture.time.waitForSleeps(count: 1)
        fixture.time.advance(by: 60)
        try await second.value.finish(with: Fixture.response(429), now: fixture.time.now)
        #expect(status().pausedUntil == fixture.origin.addingTimeInterval(60 + 120))
        let third = Task { try await fixture.admitNow() }
        await fixture.time.waitForSleeps(count: 2)
        fixture.time.advance(by: 120)
        try await third.value.finish(with: Fixture.response(), now: fixture.time.now)
        #expect(status().pausedUntil == nil)
        try await fixture.admitNow().finish(with: Fixture.response(429), now: fixture.time.now)
        #expect(status().pausedUntil == fixture.time.now.addingTimeInterval(60))
        #expect(fixture.time.sleeps == [60, 120])
    }

    @Test("A 429 without Retry-After that announces a spent budget pauses until its reset; a bare 503 pauses nothing")
    func refusalsOtherThanRetryAfter() async throws {
        let fixture = Fixture()
        let status = { fixture.pacer.status(for: fixture.partition) }
        try await fixture.admitNow().finish(with: Fixture.response(503), now: fixture.time.now)
        #expect(status().pausedUntil == nil)
        let spent: HTTPHeaders = ["RateLimit": #""default";r=0;t=45"#]
        try await fixture.admitNow().finish(with: Fixture.response(429, spent), now: fixture.time.now)
        #expect(status().pausedUntil == fixture.origin.addingTimeInterval(45))
        let outage = Task { try await fixture.admitNow() }
        await fixture.time.waitForSleeps(count: 1)
        fixture.time.advance(by: 45)
        try await outage.value.finish(with: Fixture.response(503, ["Retry-After": "5"]), now: fixture.time.now)
        #expect(status().pausedUntil == fixture.time.now.addingTimeInterval(5))
        #expect(fixture.time.sleeps == [45])
    }

    @Test(
        "A spent budget holds calls until its reset; then one goes alone, and what its answer leaves goes after it")
    func budgetAndReset() async throws {
        let fixture = Fixture()
        let policy: HTTPHeaders = ["RateLimit-Policy": #""default";q=5;w=10"#, "RateLimit": #""default";r=0;t=10"#]
        try await fixture.admitNow().finish(with: Fixture.response(200, policy), now: fixture.time.now)
        let limit = RateLimitAnnouncement.Limit(
            name: "default", quota: 5, window: 10, remaining: 0, resetDate: fixture.origin.addingTimeInterval(10))
        #expect(fixture.pacer.status(for: fixture.partition) == RateLimitStatus(limits: [limit]))
        await fixture.start(0..<8)
        await fixture.time.waitForSleeps(count: 1)
        fixture.time.advance(by: 10)
        // The renewed quota is 5, but the server's window may not have turned yet: a probe first.
        let probe = await fixture.next(1)
        #expect(probe.map(\.index) == [0])
        #expect(fixture.pacer.status(for: fixture.partition).waiting == 7)
        probe[0].permit.finish(
            with: Fixture.response(200, ["RateLimit": #""default";r=4;t=10"#]), now: fixture.time.now)
        let rest = await fixture.next(4)
        #expect(rest.map(\.index).sorted() == [1, 2, 3, 4])
        #expect(fixture.pacer.status(for: fixture.partition).waiting == 3)
        let answer: HTTPHeaders = ["RateLimit": #""default";r=3;t=10"#]  // 3 others in flight: 0 left
        rest[0].permit.finish(with: Fixture.response(200, answer), now: fixture.time.now)
        #expect(fixture.pacer.status(for: fixture.partition).waiting == 3)
        #expect(fixture.pacer.status(for: fixture.partition).limits.first?.remaining == 0)
        for late in rest.dropFirst() {
            late.permit.finish(
                with: Fixture.response(200, ["RateLimit": #""default";r=0;t=10"#]), now: fixture.time.now)
        }
        await fixture.time.waitForSleeps(count: 2)
        fixture.time.advance(by: 10)
        let secondProbe = await fixture.next(1)
        #expect(secondProbe.map(\.index) == [5])
        secondProbe[0].permit.finish(
            with: Fixture.response(200, ["RateLimit": #""default";r=4;t=10"#]), now: fixture.time.now)
        #expect(await fixture.next(2).map(\.index).sorted() == [6, 7])
    }

    @Test("failImmediately: a paused or spent partition fails at once with its reopening; a full one still waits")
    func failImmediately() async throws {
        let fixture = Fixture(policy: RateLimitPolicy(maximumConcurrentRequests: 1))
        let blocker = try await fixture.admitNow()
        await fixture.start(0..<1, waiting: .failImmediately)  // waits for the slot
        blocker.finish(with: Fixture.response(), now: fixture.time.now)
        let slot = await fixture.next(1)[0]
        slot.permit.finish(with: Fixture.response(429, ["Retry-After": "30"]), now: fixture.time.now)
        let paused = await #expect(throws: EndpointError.self) {
            try await fixture.pacer.admit(
                partition: fixture.partition, method: .get, waiting: .failImmediately, clock: fixture.time.clock)
        }
        guard case .rateLimited(let failure) = paused else { throw Unexpected(paused) }
        #expect(failure.retryDate == fixture.origin.addingTimeInterval(30))
        #expect(failure.wasHeldBack && failure.limitName == nil && failure.status.statusCode == 429)

        let spentFixture = Fixture()
        let spent: HTTPHeaders = ["RateLimit": #""hourly";r=0;t=10"#]
        try await spentFixture.admitNow().finish(with: Fixture.response(200, spent), now: spentFixture.time.now)
        let held = await #expect(throws: EndpointError.self) {
            try await spentFixture.pacer.admit(
                partition: spentFixture.partition, method: .get, waiting: .failImmediately,
                clock: spentFixture.time.clock)
        }
        guard case .rateLimited(let failure) = held else { throw Unexpected(held) }
        #expect(failure.retryDate == spentFixture.origin.addingTimeInterval(10) && failure.limitName == "hourly")
        #expect(failure.description.hasPrefix(#"Rate limited before sending: the budget of limit "hourly" is spent"#))
        #expect(spentFixture.time.sleeps.isEmpty)
    }

    @Test("A deadline before the reopening fails at once, for a new call and for one already waiting")
    func deadlineBeforeReopening() async throws {
        let fixture = Fixture(policy: RateLimitPolicy(maximumConcurrentRequests: 1))
        let origin = fixture.origin
        let first = try await fixture.admitNow()
        let tasks = await fixture.start(0..<2, deadline: origin.addingTimeInterval(20))
        await fixture.start(2..<3, deadline: origin.addingTimeInterval(40))
        first.finish(with: Fixture.response(429, ["Retry-After": "30"]), now: fixture.time.now)
        try #require(fixture.pacer.status(for: fixture.partition).waiting == 1)  // else the tasks below never end
        for task in tasks {
            await #expect(throws: EndpointError.self) { try await task.value }
        }
        #expect(fixture.pacer.status(for: fixture.partition).waiting == 1)
        let late = await #expect(throws: EndpointError.self) {
            try await fixture.pacer.admit(
                partition: fixture.partition, method: .get, deadline: origin.addingTimeInterval(29),
                clock: fixture.time.clock)
        }
        guard case .rateLimited(let failure) = late else { throw Unexpected(late) }
        #expect(failure.retryDate == origin.addingTimeInterval(30))
        await fixture.time.waitForSleeps(count: 1)
        fixture.time.advance(by: 30)
        #expect(await fixture.next(1)[0].index == 2)
    }

    @Test("Cancelling 16 of 32 waiting calls: each throws cancelled at once, and the other 16 use the whole budget")
    func cancellationLeaksNothing() async throws {
        let fixture = Fixture(policy: RateLimitPolicy(maximumConcurrentRequests: 4))
        let budget: HTTPHeaders = ["RateLimit": #""default";r=16;t=600"#]
        try await fixture.admitNow().finish(with: Fixture.response(200, budget), now: fixture.time.now)
        let tasks = await fixture.start(0..<32)
        let cancelled = Set((4..<32).filter { $0 % 2 == 1 } + [4, 6])
        for index in cancelled { tasks[index].cancel() }
        for index in cancelled {
            let result = await tasks[index].result
            guard case .failure(let error) = result, case .cancelled = error as? EndpointError else {
                throw Unexpected(result)
            }
        }
        #expect(fixture.pacer.status(for: fixture.partition).waiting == 12)
        var through: [Int] = []
        await fixture.take(16) { index, permit in
            through.append(index)
            permit.finish(with: Fixture.response(), now: fixture.time.now)
        }
        #expect(Set(through) == Set(0..<32).subtracting(cancelled))
        let status = fixture.pacer.status(for: fixture.partition)
        #expect(status.inFlight == 0 && status.waiting == 0 && status.limits.first?.remaining == 0)
    }

    @Test("A permit finished twice counts once; one dropped unfinished frees its slot and gives its unit back")
    func permitFinishedOnce() async throws {
        let fixture = Fixture(policy: RateLimitPolicy(maximumConcurrentRequests: 2))
        let budget: HTTPHeaders = ["RateLimit": #""default";r=10;t=600"#]
        try await fixture.admitNow().finish(with: Fixture.response(200, budget), now: fixture.time.now)
        let first = try await fixture.admitNow()
        let second = try await fixture.admitNow()
        await fixture.start(0..<2)
        first.finish(with: Fixture.response(), now: fixture.time.now)
        first.finish(with: Fixture.response(429, ["Retry-After": "30"]), now: fixture.time.now)
        let next = await fixture.next(1)[0]
        var status = fixture.pacer.status(for: fixture.partition)
        #expect(status.inFlight == 2 && status.waiting == 1 && status.pausedUntil == nil)
        second.finish(with: Fixture.response(), now: fixture.time.now)
        next.permit.finish(with: Fixture.response(), now: fixture.time.now)
        do {
            let last = await fixture.next(1)[0]
            withExtendedLifetime(last) {
                #expect(fixture.pacer.status(for: fixture.partition).limits.first?.remaining == 6)
            }
        }  // `last` released unfinished here
        status = fixture.pacer.status(for: fixture.partition)
        #expect(status.inFlight == 0 && status.limits.first?.remaining == 7)
    }

    @Test("Calls sent before the host announced a limit count as spent in the first budget announced, until answered")
    func unadmittedCallsInFlightCountAsSpent() async throws {
        let fixture = Fixture()
        let host = fixture.partition.host
        let sends = (0..<3).compactMap { _ in fixture.pacer.sendsUnadmitted(to: host) }
        #expect(sends.count == 3)
        sends[0].end()  // answered: the server counted it in the remaining it says
        let budget: HTTPHeaders = ["RateLimit": #""default";r=10;t=600"#]
        fixture.pacer.takeIn(
            Fixture.response(200, budget), for: fixture.partition, method: .get, now: fixture.time.now,
            clock: fixture.time.clock)
        #expect(fixture.pacer.status(for: fixture.partition).limits.first?.remaining == 8)
        #expect(fixture.pacer.sendsUnadmitted(to: host) == nil)  // known now: every call is admitted
        sends[1].end()
        sends[1].end()  // counts once
        fixture.pacer.takeIn(
            Fixture.response(200, ["RateLimit": #""default";r=9;t=600"#]), for: fixture.partition, method: .get,
            now: fixture.time.now, clock: fixture.time.clock)
        #expect(fixture.pacer.status(for: fixture.partition).limits.first?.remaining == 8)
        withExtendedLifetime(sends) {}
    }

    @Test("An answer that arrives late says no more than a later one of its window; one of an ended window is ignored")
    func lateAnswersDoNotRaiseTheBudget() async throws {
        let fixture = Fixture()
        try await fixture.admitNow().finish(
            with: Fixture.response(200, ["RateLimit": #""default";r=20;t=60"#]), now: fixture.time.now)
        let early = try await fixture.admitNow()
        let late = try await fixture.admitNow()
        #expect(fixture.pacer.status(for: fixture.partition).limits.first?.remaining == 18)
        // The server counted `late` first (r=19), and `early` after it (r=18); the answers cross.
        early.finish(with: Fixture.response(200, ["RateLimit": #""default";r=18;t=60"#]), now: fixture.time.now)
        #expect(fixture.pacer.status(for: fixture.partition).limits.first?.remaining == 17)  // `late` in flight
        late.finish(with: Fixture.response(200, ["RateLimit": #""default";r=19;t=60"#]), now: fixture.time.now)
        #expect(fixture.pacer.status(for: fixture.partition).limits.first?.remaining == 17)

        // Read after its reset, an answer speaks of a window that ended: the pacer renewed the
        // budget at its reset (60 s) and keeps the 16 it counted, not the answer's 0.
        let stale = try await fixture.admitNow()
        fixture.time.advance(by: 61)
        stale.finish(with: Fixture.response(200, ["RateLimit": #""default";r=0;t=0"#]), now: fixture.time.now)
        #expect(fixture.pacer.status(for: fixture.partition).limits.first?.remaining == 16)
    }
}
