import Dispatch
import EndpointKit
import Testing

@Suite("A lock-protected value (Locked)")
struct LockedTests {
    @Test("withLock hands the body the value, keeps what it changed and returns what it returned")
    func readsAndWrites() {
        let names = Locked(["a"])
        let count = names.withLock { names in
            names.append("b")
            return names.count
        }
        #expect(count == 2)
        #expect(names.withLock { $0 } == ["a", "b"])
    }

    @Test("A body's error comes out as its own type, the lock released and the changes before it kept")
    func throwsTypedErrors() {
        struct Refused: Error, Equatable {}
        let value = Locked(1)
        #expect(throws: Refused()) {
            try value.withLock { (value) throws(Refused) in
                value = 2
                throw Refused()
            }
        }
        // Taken again: a lock left held would deadlock here.
        #expect(value.withLock { $0 } == 2)
    }

    @Test("Copies share one value and one lock")
    func copiesShare() {
        let original = Locked(0)
        let copy = original
        copy.withLock { $0 = 7 }
        #expect(original.withLock { $0 } == 7)
    }

    @Test("8 threads adding 20,000 each to one value, at once, lose no addition")
    func concurrentAdditions() {
        let total = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<20_000 {
                // A read, then a write: without the lock, two threads that read the same value
                // would both write it plus one, and an addition would be lost.
                total.withLock { total in
                    let read = total
                    total = read + 1
                }
            }
        }
        #expect(total.withLock { $0 } == 160_000)
    }

    @Test("Tasks that append to one array at once all get in, each once")
    func concurrentTasks() async {
        let seen = Locked<[Int]>([])
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<16 {
                group.addTask {
                    for step in 0..<500 { seen.withLock { $0.append(task * 500 + step) } }
                }
            }
        }
        #expect(seen.withLock { $0.sorted() } == Array(0..<8_000))
    }

    @Test("The value is released with the last copy of its Locked")
    func releasesTheValue() {
        final class Tracked: Sendable {}
        weak var tracked: Tracked?
        do {
            let value = Tracked()
            tracked = value
            let locked = Locked(value)
            _ = locked.withLock { $0 }
            #expect(tracked != nil)
        }
        #expect(tracked == nil)
    }
}
