import Foundation

/// One partition's state and the rules that decide which of its waiting calls go: plain
/// functions of the state and the time, run under the pacer's lock.
extension RateLimitPacer {
    /// An announced limit's identity: its name and the server's partition key.
    struct LimitKey: Hashable, Sendable {
        var name: String
        var partitionKey: Data?
    }

    /// The answer that paused a partition or spent a budget, for the failure of a call held back.
    struct Cause: Sendable {
        var method: HTTPMethod
        var response: HTTPResponse

        func failure(until date: Date?, limitName: String?) -> EndpointError {
            let status = StatusFailure(method: method, response: response)
            return .rateLimited(RateLimitFailure(heldBackBy: status, until: date, limitName: limitName))
        }
    }

    /// A limit as the pacer counts it down, with the answer that last set it.
    struct TrackedLimit: Sendable {
        var limit: RateLimitAnnouncement.Limit
        var cause: Cause
        /// How often an answer set it: a unit given back goes only to the budget it came from.
        var updates = 0
        /// When the pacer last renewed it at its reset.
        var renewedAt: Date?
        /// The lowest `remaining` an answer announced in the current window: an answer that says
        /// more was counted earlier by the server, and arrived late.
        var lowestAnnounced: Int?

        var key: LimitKey { LimitKey(name: limit.name, partitionKey: limit.partitionKey) }
        /// Whether the pacer spends a unit of it for each call: it counts requests and an answer
        /// said how many are left.
        var isCounted: Bool { limit.countsRequests && limit.remaining != nil }
        var isSpent: Bool { isCounted && limit.remaining == 0 }
    }

    /// What held a waiting call back when it began to wait, for its ``RateLimitWait``.
    struct Hold: Sendable, Equatable {
        var reason: RateLimitWait.Reason
        var limitName: String?
    }

    /// A call waiting to be admitted.
    struct Waiter {
        let id: Int
        let method: HTTPMethod
        let priority: Int
        let waiting: Waiting
        let deadline: Date?
        let hold: Hold
        let continuation: CheckedContinuation<Result<RateLimitPermit, EndpointError>, Never>
    }

    /// What a dispatch decided: the waiters that go now, those that fail, and when to look again.
    struct Dispatch {
        var admitted: [(waiter: Waiter, grant: RateLimitPermit.Grant, startDate: Date)] = []
        var failed: [(waiter: Waiter, error: EndpointError)] = []
        var wakeDate: Date?
        /// A timer to start: its number, the time it wakes at and the clock it sleeps on.
        var timer: (id: Int, wake: Date, clock: ClientClock?)?
        /// A timer that no longer serves, to cancel.
        var cancelledTimer: Task<Void, Never>?
    }

    struct Partition {
        let key: RateLimitPartition
        /// Waiting calls, the highest priority first, in arrival order within a priority.
        var waiters: [Waiter] = []
        var inFlight = 0
        var admissions = 0
        var inFlightMutations = 0
        var lastMutationStart: Date?
        var pausedUntil: Date?
        var pauseCause: Cause?
        /// After a refusal: one request at a time until an answer to one sent after it comes.
        var awaitsAnswer = false
        var untimedRefusals = 0
        var refusalEpoch = 0
        var limits: [TrackedLimit] = []
        /// The clock of the last call admitted, for the timer that wakes the waiters.
        var clock: ClientClock?
        /// The pending wake-up: its number (a stale one is ignored) and its date.
        var timer: (id: Int, date: Date, task: Task<Void, Never>?)?

        /// Adds a waiter after every waiter of its priority or a higher one.
        mutating func enqueue(_ waiter: Waiter) {
            let index = waiters.firstIndex { $0.priority < waiter.priority } ?? waiters.endIndex
            waiters.insert(waiter, at: index)
        }

        /// Ends a pause whose time has come, and renews each budget whose reset has passed: to its
        /// quota when the policy said it (the next reset a window later), else to one unit, a
        /// probe whose answer says more. A spent budget that renews lets one call go alone first,
        /// as after a refusal: its answer says whether the server's window turned too (its clock
        /// and ours need not agree to the second), before the others follow.
        mutating func renew(now: Date) {
            if let end = pausedUntil, end <= now { pausedUntil = nil }
            for index in limits.indices {
                guard limits[index].isCounted, let reset = limits[index].limit.resetDate, reset <= now else { continue }
                if limits[index].isSpent { awaitsAnswer = true }
                limits[index].renewedAt = now
                limits[index].lowestAnnounced = nil
                if let quota = limits[index].limit.quota {
                    limits[index].limit.remaining = quota
                    limits[index].limit.resetDate = limits[index].limit.window.map { window in
                        reset.addingTimeInterval(
                            window * (now.timeIntervalSince(reset) / window).rounded(.down) + window)
                    }
                } else {
                    limits[index].limit.remaining = max(limits[index].limit.remaining ?? 0, 1)
                    limits[index].limit.resetDate = nil
                }
            }
        }

        /// When the partition reopens, if a pause or a spent budget with a known reset closes it
        /// now, and the failure a call held back by it gets.
        func closure(now: Date) -> (reopens: Date, failure: EndpointError)? {
            var latest: (reopens: Date, failure: EndpointError)?
            if let end = pausedUntil, end > now, let cause = pauseCause {
                latest = (end, cause.failure(until: end, limitName: nil))
            }
            for tracked in limits where tracked.isSpent {
                guard let reset = tracked.limit.resetDate, reset > now, reset > (latest?.reopens ?? .distantPast)
                else { continue }
                latest = (reset, tracked.cause.failure(until: reset, limitName: tracked.limit.name))
            }
            return latest
        }

        /// What holds a call of `method` back now, the first rule that does (a pause, a spent
        /// budget, the cap, a probe in flight, a mutation's spacing), else the calls waiting
        /// before it. Read after ``renew(now:)``.
        func hold(for method: HTTPMethod, now: Date, policy: RateLimitPolicy) -> Hold {
            if let end = pausedUntil, end > now { return Hold(reason: .paused) }
            if let spent = limits.first(where: \.isSpent) {
                return Hold(reason: .budgetSpent, limitName: spent.limit.name)
            }
            if let cap = policy.maximumConcurrentRequests, inFlight >= cap { return Hold(reason: .concurrencyLimit) }
            if awaitsAnswer && inFlight > 0 { return Hold(reason: .awaitingAnswer) }
            if method.isMutation && !mutationMayStart(now: now, policy: policy).mayStart {
                return Hold(reason: .mutationSpacing)
            }
            return Hold(reason: .queued)
        }

        /// Whether no call may start until one in flight finishes: a full cap, a probe after a
        /// refusal, or a spent budget whose reset is unknown.
        func waitsForAFinish(policy: RateLimitPolicy) -> Bool {
            if let cap = policy.maximumConcurrentRequests, inFlight >= cap { return true }
            guard inFlight > 0 else { return false }
            return awaitsAnswer || limits.contains { $0.isSpent && $0.limit.resetDate == nil }
        }

        /// Whether a mutation may start now; if not, the time it may (`nil`: when one finishes).
        func mutationMayStart(now: Date, policy: RateLimitPolicy) -> (mayStart: Bool, at: Date?) {
            if let cap = policy.maximumConcurrentMutations, inFlightMutations >= cap { return (false, nil) }
            if policy.mutationSpacing > 0, let last = lastMutationStart {
                let next = last.addingTimeInterval(policy.mutationSpacing)
                if next > now { return (false, next) }
            }
            return (true, nil)
        }
    }
}
