import Foundation
import Testing

@testable import EndpointKit

@Suite("The queue of parsed stream pieces")
struct PieceQueueTests {
    /// A piece that counts how many of its kind are alive, to see that the queue neither leaks a
    /// piece nor releases one twice (only one test makes them).
    final class Tracked {
        nonisolated(unsafe) static var alive = 0
        let value: Int
        init(_ value: Int) {
            self.value = value
            Tracked.alive += 1
        }
        deinit { Tracked.alive -= 1 }
    }

    @Test("Pieces come out in the order they went in, also past the first growth, and then nil")
    func takesInOrder() {
        var queue = PieceQueue<String>()
        let emptyAtFirst = queue.isEmpty
        #expect(emptyAtFirst)
        for number in 0..<100 { queue.append("piece \(number)") }
        let emptyWhenFull = queue.isEmpty
        #expect(!emptyWhenFull)
        for number in 0..<100 { #expect(queue.take() == "piece \(number)") }
        #expect(queue.take() == nil)
        let emptyAtLast = queue.isEmpty
        #expect(emptyAtLast)
    }

    @Test("Growing while some pieces were taken keeps the ones not taken, in order")
    func growsAfterTaking() {
        var queue = PieceQueue<Int>()
        for number in 0..<16 { queue.append(number) }
        #expect(queue.take() == 0)
        #expect(queue.take() == 1)
        for number in 16..<40 { queue.append(number) }
        var taken: [Int] = []
        while let number = queue.take() { taken.append(number) }
        #expect(taken == Array(2..<40))
    }

    @Test("removeAll and the end of the queue release the pieces not taken, and only those")
    func releasesWhatIsLeft() {
        Tracked.alive = 0
        do {
            var queue = PieceQueue<Tracked>()
            for number in 0..<20 { queue.append(Tracked(number)) }
            let first = queue.take()
            #expect(first?.value == 0)
            #expect(Tracked.alive == 20)
            queue.removeAll()
            #expect(Tracked.alive == 1)  // only the one taken, still held by `first`
            #expect(queue.take() == nil)
            queue.append(Tracked(30))
            queue.append(Tracked(31))
            #expect(queue.take()?.value == 30)
            #expect(Tracked.alive == 2)  // `first`, and 31 in the queue
        }
        #expect(Tracked.alive == 0)
    }
}
