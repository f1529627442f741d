import Foundation

/// Which waiting calls of a partition go, and what a finished call's answer changes.
extension RateLimitPacer.Partition {
    /// Admits the waiters that may go now, in order, and fails those that will not wait.
    ///
    /// A pause or a spent budget closes the partition to every waiter: each that fails at once,
    /// or whose deadline comes before the partition reopens, fails now; the rest wait for the
    /// reopening. A full cap or a probe in flight holds every waiter until a call finishes. A
    /// mutation that its own cap or spacing holds stays, and the mutations after it too, while
    /// the other calls after it go.
    mutating func dispatch(now: Date, policy: RateLimitPolicy) -> RateLimitPacer.Dispatch {
        renew(now: now)
        var dispatch = RateLimitPacer.Dispatch()
        var mutationsHeld = false
        var index = 0
        while index < waiters.count {
            if let (reopens, failure) = closure(now: now) {
                let failing = waiters.filter { waiter in
                    waiter.waiting == .failImmediately || waiter.deadline.map { $0 < reopens } == true
                }
                waiters.removeAll { waiter in failing.contains { $0.id == waiter.id } }
                dispatch.failed += failing.map { ($0, failure) }
                dispatch.wakeDate = min(dispatch.wakeDate ?? reopens, reopens)
                break
            }
            if waitsForAFinish(policy: policy) { break }
            let waiter = waiters[index]
            if waiter.method.isMutation {
                if mutationsHeld {
                    index += 1
                    continue
                }
                let (mayStart, next) = mutationMayStart(now: now, policy: policy)
                if !mayStart {
                    mutationsHeld = true
                    if let next { dispatch.wakeDate = min(dispatch.wakeDate ?? next, next) }
                    index += 1
                    continue
                }
            }
            waiters.remove(at: index)
            dispatch.admitted.append((waiter, admit(waiter, now: now), now))
        }
        return dispatch
    }

    /// Admits a call that would be the only one waiting, if nothing holds it back now: the
    /// common case, which then needs no suspension. `nil` when it has to queue.
    mutating func admitAtOnce(_ method: HTTPMethod, now: Date, policy: RateLimitPolicy) -> RateLimitPermit.Grant? {
        guard waiters.isEmpty else { return nil }
        renew(now: now)
        guard closure(now: now) == nil, !waitsForAFinish(policy: policy),
            !method.isMutation || mutationMayStart(now: now, policy: policy).mayStart
        else { return nil }
        return admit(method, now: now)
    }

    /// Counts an admitted call in: a slot, a unit of each counted budget, a mutation's start.
    private mutating func admit(_ waiter: RateLimitPacer.Waiter, now: Date) -> RateLimitPermit.Grant {
        admit(waiter.method, now: now)
    }

    /// Counts a call of `method` in, whatever holds calls back, and spends no budget: one that
    /// was sent without an admission, whose answer the pacer takes in (the server counted it in
    /// the `remaining` it announces).
    mutating func countIn(_ method: HTTPMethod, now: Date) -> RateLimitPermit.Grant {
        inFlight += 1
        admissions += 1
        return RateLimitPermit.Grant(
            partition: key, method: method, sequence: admissions - 1, refusalEpoch: refusalEpoch, spentLimits: [:],
            admittedAt: now)
    }

    /// Counts an admitted call of `method` in.
    private mutating func admit(_ method: HTTPMethod, now: Date) -> RateLimitPermit.Grant {
        inFlight += 1
        admissions += 1
        if method.isMutation {
            inFlightMutations += 1
            lastMutationStart = now
        }
        var spent: [RateLimitPacer.LimitKey: Int] = [:]
        for index in limits.indices where limits[index].isCounted {
            guard let remaining = limits[index].limit.remaining, remaining > 0 else { continue }
            limits[index].limit.remaining = remaining - 1
            spent[limits[index].key] = limits[index].updates
        }
        return RateLimitPermit.Grant(
            partition: key, method: method, sequence: admissions - 1, refusalEpoch: refusalEpoch,
            spentLimits: spent, admittedAt: now)
    }

    /// Counts a finished call out, and takes in what its answer announced.
    ///
    /// Each announced `remaining` counts the calls still in flight as spent (the server may not
    /// have seen them yet), the `unadmitted` ones sent before the host announced a limit too. A refusal pauses the whole partition: until its `Retry-After`, or,
    /// without one, until the latest reset of a budget it says is spent, or else for the
    /// policy's untimed pause, doubled for each untimed refusal in a row. An accepted answer
    /// (neither a refusal nor a 5xx) to a call sent after the last refusal ends its backoff.
    mutating func finish(
        _ grant: RateLimitPermit.Grant, announcement: RateLimitAnnouncement, response: HTTPResponse, now: Date,
        policy: RateLimitPolicy, unadmitted: Int = 0
    ) {
        countOut(grant)
        let cause = RateLimitPacer.Cause(method: grant.method, response: response)
        if policy.followsAnnouncedLimits {
            for announced in announcement.limits {
                take(announced, from: cause, admittedAt: grant.admittedAt, now: now, unspent: inFlight + unadmitted)
            }
        }
        guard let refusal = announcement.refusal else {
            if response.statusCode < 500 && grant.refusalEpoch == refusalEpoch {
                untimedRefusals = 0
                awaitsAnswer = false
            }
            return
        }
        let isNew = grant.refusalEpoch == refusalEpoch
        var end: Date?
        if policy.followsAnnouncedLimits {
            end =
                refusal.pausesUntil
                ?? announcement.limits.filter { $0.remaining == 0 }.compactMap(\.resetDate).max()
        }
        if end == nil && refusal.pausesUntil == nil {
            if isNew { untimedRefusals += 1 }
            let pause = policy.pause(afterUntimedRefusals: max(untimedRefusals, 1))
            if pause > 0 { end = now.addingTimeInterval(pause) }
        }
        guard let end else { return }
        if end > (pausedUntil ?? .distantPast) {
            pausedUntil = end
            pauseCause = cause
        }
        awaitsAnswer = true
        if isNew { refusalEpoch += 1 }
    }

    /// Frees a finished call's slot.
    mutating func countOut(_ grant: RateLimitPermit.Grant) {
        inFlight = max(0, inFlight - 1)
        if grant.method.isMutation { inFlightMutations = max(0, inFlightMutations - 1) }
    }

    /// Gives back the units a call spent that was never sent, to budgets no answer set since.
    mutating func refund(_ grant: RateLimitPermit.Grant) {
        for index in limits.indices {
            guard grant.spentLimits[limits[index].key] == limits[index].updates,
                let remaining = limits[index].limit.remaining
            else { continue }
            limits[index].limit.remaining = remaining + 1
        }
    }

    /// Takes in one announced limit: its policy where it names one, and its remaining units less
    /// the `unspent` calls in flight (sent, but perhaps not yet counted by the server).
    ///
    /// Answers may arrive late, and out of order; an answer's `remaining` is ignored when it
    /// speaks of a window that has ended: its reset has passed, or its call was admitted before
    /// the budget renewed at its reset (a delta-seconds reset read late looks like a new
    /// window's). Within one window (resets at most a second apart), an answer that says more
    /// than an earlier one was counted before it by the server, and is ignored too.
    private mutating func take(
        _ announced: RateLimitAnnouncement.Limit, from cause: RateLimitPacer.Cause, admittedAt: Date, now: Date,
        unspent: Int
    ) {
        let key = RateLimitPacer.LimitKey(name: announced.name, partitionKey: announced.partitionKey)
        guard let index = limits.firstIndex(where: { $0.key == key }) else {
            var tracked = RateLimitPacer.TrackedLimit(limit: announced, cause: cause)
            tracked.limit.remaining = announced.remaining.map { max(0, $0 - unspent) }
            tracked.lowestAnnounced = announced.remaining
            limits.append(tracked)
            return
        }
        if announced.quota != nil {
            limits[index].limit.quota = announced.quota
            limits[index].limit.quotaUnit = announced.quotaUnit
            limits[index].limit.window = announced.window
        }
        guard let remaining = announced.remaining else { return }
        if let reset = announced.resetDate, reset <= now { return }
        if let renewed = limits[index].renewedAt, admittedAt < renewed { return }
        let isSameWindow =
            if let reset = announced.resetDate, let trackedReset = limits[index].limit.resetDate {
                abs(reset.timeIntervalSince(trackedReset)) <= 1
            } else {
                false
            }
        if isSameWindow, let lowest = limits[index].lowestAnnounced, remaining > lowest { return }
        limits[index].lowestAnnounced = remaining
        limits[index].limit.remaining = max(0, remaining - unspent)
        limits[index].limit.resetDate = announced.resetDate
        limits[index].cause = cause
        limits[index].updates += 1
    }
}
