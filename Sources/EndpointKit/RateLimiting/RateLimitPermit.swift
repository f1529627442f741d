import Foundation

/// A call's admission by a ``RateLimitPacer``: it holds one of its partition's slots from the
/// moment it is admitted until ``finish(with:now:)``.
///
/// Finish it exactly once, with the response the request got (or `nil` when none came): that
/// frees the slot and feeds what the response announced into the partition. A second call does
/// nothing. A permit released without being finished (its call was cancelled before sending,
/// or threw) finishes as a request that was never sent: its slot is freed and the unit of
/// budget it spent is given back, so no path leaks either.
final class RateLimitPermit: Sendable {
    /// What the pacer needs to take a finished permit back.
    struct Grant: Sendable {
        let partition: RateLimitPartition
        let method: HTTPMethod
        /// How many calls of the partition were admitted before this one.
        let sequence: Int
        /// The partition's count of refusals when the permit was admitted: an answer to a request
        /// sent before the last refusal does not end that refusal's backoff.
        let refusalEpoch: Int
        /// The limits the permit spent a unit of, with each one's count of updates then: a unit
        /// is given back only to the budget it was taken from.
        let spentLimits: [RateLimitPacer.LimitKey: Int]
        /// When the pacer admitted it, on the client's clock: an answer to a call admitted before
        /// a budget renewed speaks of the window before.
        let admittedAt: Date
    }

    /// The partition the call belongs to.
    var partition: RateLimitPartition { grant.partition }
    /// How many calls of the partition the pacer admitted before this one: the order it admitted
    /// them in.
    var sequence: Int { grant.sequence }
    /// When the pacer admitted the call, on the client's clock.
    let startDate: Date
    let grant: Grant
    /// What held the call back before it was admitted; `nil` when it was admitted at once.
    let hold: RateLimitPacer.Hold?
    private let pacer: RateLimitPacer
    private let isFinished = Locked(false)

    init(grant: Grant, startDate: Date, pacer: RateLimitPacer, hold: RateLimitPacer.Hold? = nil) {
        self.grant = grant
        self.startDate = startDate
        self.pacer = pacer
        self.hold = hold
    }

    /// Frees the slot and feeds the response's announcement (budgets, a refusal's pause) into the
    /// partition's state, waking the calls that may go now. Only the first call counts.
    ///
    /// - Parameters:
    ///   - response: The response the request got; `nil` when it got none (a transport failure).
    ///   - now: The time the response arrived, from the client's clock.
    func finish(with response: HTTPResponse?, now: Date) {
        guard claimFinish() else { return }
        pacer.finish(grant, with: response, now: now)
    }

    /// Whether this call is the first to finish the permit; marks it finished.
    private func claimFinish() -> Bool {
        isFinished.withLock { isFinished in
            defer { isFinished = true }
            return !isFinished
        }
    }

    deinit {
        if claimFinish() { pacer.release(grant) }
    }
}
