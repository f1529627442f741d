import EndpointKitTesting
import Foundation
import Testing

@testable import EndpointKit

/// A pacer on a manual clock whose sleeps wait for the test, and calls started one at a time in
/// a known order, whose permits arrive in a stream as the pacer admits them.
struct RateLimitPacerFixture {
    let pacer: RateLimitPacer
    let time = ManualClock(waitsForAdvance: true)
    let partition = RateLimitPartition(host: "api.example.com", credential: "token-1")
    let admitted: AsyncStream<(index: Int, permit: RateLimitPermit)>
    private let admit: AsyncStream<(index: Int, permit: RateLimitPermit)>.Continuation

    init(policy: RateLimitPolicy = .standard) {
        pacer = RateLimitPacer(policy: policy)
        (admitted, admit) = AsyncStream.makeStream(of: (index: Int, permit: RateLimitPermit).self)
    }

    /// The clock's start.
    var origin: Date { ManualClock().now }

    /// A response, by default an accepted `200`.
    static func response(_ status: Int = 200, _ headers: HTTPHeaders = [:]) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: headers, url: URL(string: "https://api.example.com/items"))
    }

    /// Admits a call now, on the test's task.
    func admitNow(_ method: HTTPMethod = .get) async throws(EndpointError) -> RateLimitPermit {
        try await pacer.admit(partition: partition, method: method, clock: time.clock)
    }

    /// Starts calls `indices`, each after the one before is admitted or waiting, so that they
    /// wait in this order; each admitted permit goes to ``admitted``.
    @discardableResult
    func start(
        _ indices: Range<Int>, method: HTTPMethod = .get, priority: (Int) -> Int = { _ in 0 },
        waiting: RateLimitPacer.Waiting = .wait, deadline: Date? = nil
    ) async -> [Task<Void, any Error>] {
        var tasks: [Task<Void, any Error>] = []
        for index in indices {
            let known = count()
            let rank = priority(index)
            let task = Task { [pacer, partition, time, admit] in
                let permit = try await pacer.admit(
                    partition: partition, method: method, priority: rank, waiting: waiting,
                    deadline: deadline, clock: time.clock)
                admit.yield((index, permit))
            }
            tasks.append(task)
            await until { count() > known }
        }
        return tasks
    }

    /// The calls admitted or waiting now (the finished ones not counted).
    func count() -> Int {
        let status = pacer.status(for: partition)
        return status.inFlight + status.waiting
    }

    /// Takes the next `count` admitted permits from the stream.
    func next(_ count: Int) async -> [(index: Int, permit: RateLimitPermit)] {
        var result: [(index: Int, permit: RateLimitPermit)] = []
        for await admitted in admitted {
            result.append(admitted)
            if result.count == count { break }
        }
        return result
    }

    /// Hands the next `count` admitted permits to `body` as they come, so that it can finish
    /// them and let the next ones in.
    func take(_ count: Int, _ body: (Int, RateLimitPermit) -> Void) async {
        var taken = 0
        for await (index, permit) in admitted {
            body(index, permit)
            taken += 1
            if taken == count { break }
        }
    }

    /// Yields until `condition` holds: no sleep, no wall clock.
    func until(_ condition: () -> Bool) async {
        while !condition() { await Task.yield() }
    }
}

/// A test's failure to find what it expected, with what it found.
struct Unexpected: Error, CustomStringConvertible {
    let found: String
    init(_ found: Any?) { self.found = found.map { String(describing: $0) } ?? "nothing" }
    var description: String { "unexpected: \(found)" }
}
