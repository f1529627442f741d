import EndpointKit
import EndpointKitTesting
import Foundation
import Testing

@Suite("A manual clock: time moves only when the test moves it")
struct ManualClockTests {
    @Test("A sleep of a clock that does not wait returns at once, moves the time, and is recorded")
    func sleepsReturnAtOnce() async throws {
        let time = ManualClock()
        let start = time.now
        try await time.clock.sleep(5)
        try await time.clock.sleep(2.5)
        #expect(time.now == start.addingTimeInterval(7.5))
        #expect(time.sleeps == [5, 2.5])
    }

    @Test("A held sleep ends when the time reaches its end, not before")
    func heldSleepEndsAtItsEnd() async throws {
        let time = ManualClock(waitsForAdvance: true)
        let clock = time.clock
        let ended = Locked(false)
        let sleeper = Task {
            try await clock.sleep(10)
            ended.withLock { $0 = true }
        }
        await time.waitForSleeps(count: 1)
        #expect(time.heldSleeps == [10])
        time.advance(by: 9)
        #expect(time.heldSleeps == [10])
        #expect(ended.withLock { $0 } == false)
        time.advance(by: 1)
        #expect(time.heldSleeps.isEmpty)
        try await sleeper.value
        #expect(ended.withLock { $0 })
        #expect(time.sleeps == [10])
    }

    @Test("Moving the time ends the held sleeps it reaches, and only those")
    func advanceEndsOnlyTheSleepsItReaches() async throws {
        let time = ManualClock(waitsForAdvance: true)
        let clock = time.clock
        let ended = Locked([Double]())
        func sleeper(_ seconds: Double) -> Task<Void, any Error> {
            Task {
                try await clock.sleep(seconds)
                ended.withLock { $0.append(seconds) }
            }
        }
        let (thirty, ten, twenty) = (sleeper(30), sleeper(10), sleeper(20))
        await time.waitForSleeps(count: 3)
        time.advance(by: 15)
        try await ten.value
        time.advance(by: 10)
        try await twenty.value
        #expect(ended.withLock { $0 } == [10, 20])
        #expect(time.heldSleeps == [30])
        time.advance(by: 5)
        try await thirty.value
        #expect(ended.withLock { $0 } == [10, 20, 30])
    }

    @Test("Cancelling a held sleep ends it at once with CancellationError, before or after it is held")
    func cancellingAHeldSleep() async throws {
        let time = ManualClock(waitsForAdvance: true)
        let clock = time.clock
        let held = Task { try await clock.sleep(60) }
        await time.waitForSleeps(count: 1)
        held.cancel()
        await #expect(throws: CancellationError.self) { try await held.value }

        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(60)
        }
        await #expect(throws: CancellationError.self) { try await early.value }
    }
}
