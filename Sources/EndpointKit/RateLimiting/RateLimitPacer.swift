import Foundation

/// Paces a client's calls to what the API allows, before they are sent: every attempt is
/// admitted first, and waits while its partition (a host and a credential) is paused by a
/// refusal, has spent the budget an answer announced, is at its policy's cap of calls in
/// flight, or (for a mutation) started the last one less than the policy's spacing ago.
///
/// Waiting calls go in priority order (a higher ``admit(partition:method:priority:waiting:deadline:clock:)``
/// priority first), in arrival order within a priority, and never more at once than the budget
/// and the slots allow: after a refusal's pause one call goes alone, and the others follow once
/// an answer to it came. A refusal pauses every call of the partition, so that the others do
/// not each find out with a request of their own.
///
/// Each admitted call holds a ``RateLimitPermit`` and finishes it with its response, which
/// is how the pacer learns budgets and refusals. The pacer reads time only through the
/// ``ClientClock`` each call gives: it sleeps on it until a pause ends, a budget renews or a
/// mutation's spacing passes. One pacer serves one client; its state is behind one lock.
final class RateLimitPacer: Sendable {
    /// What a call does when its partition is paused or its budget spent.
    enum Waiting: Sendable {
        /// It waits until the partition reopens (the default).
        case wait
        /// It fails at once with ``EndpointError/rateLimited(_:)``, saying when the partition
        /// reopens. A call that only waits for a free slot still waits.
        case failImmediately
    }

    private struct State {
        var partitions: [RateLimitPartition: Partition] = [:]
        /// The hosts of ``partitions``: a call to any other host has nothing to wait for.
        var hosts: Set<String> = []
        /// Requests sent without an admission and not yet answered, by host.
        var unadmitted: [String: Int] = [:]
        var nextID = 0
    }

    /// How the pacer paces every partition.
    let policy: RateLimitPolicy
    private let read: @Sendable (HTTPResponse, Date) -> RateLimitAnnouncement
    private let state = Locked(State())

    /// Creates a pacer.
    ///
    /// - Parameters:
    ///   - policy: How it paces; ``RateLimitPolicy/standard`` by default.
    ///   - announcement: What a response says about limits; the standards' reading by default
    ///     (an ``APIProfile`` may read more, such as GitHub's own headers).
    init(
        policy: RateLimitPolicy = .standard,
        announcement: @escaping @Sendable (HTTPResponse, Date) -> RateLimitAnnouncement = RateLimitAnnouncement
            .standard
    ) {
        self.policy = policy
        read = announcement
    }

    /// Waits until the call may be sent, and admits it.
    ///
    /// - Parameters:
    ///   - partition: The calls it shares limits with.
    ///   - method: The request's method: `POST`, `PUT`, `PATCH` and `DELETE` are mutations, to
    ///     which the policy's mutation cap and spacing apply.
    ///   - priority: Higher goes first among waiting calls; 0 by default.
    ///   - waiting: Whether to wait for a paused or spent partition, or fail at once.
    ///   - deadline: The call's deadline, if it has one: a wait that would end after it fails at
    ///     once instead.
    ///   - clock: The client's clock.
    /// - Returns: The permit, to finish with the response.
    /// - Throws: ``EndpointError/rateLimited(_:)`` when the call will not wait (``Waiting/failImmediately``,
    ///   or the partition reopens after `deadline`), saying when it reopens;
    ///   ``EndpointError/cancelled(call:)`` when the task is cancelled while it waits.
    func admit(
        partition: RateLimitPartition, method: HTTPMethod, priority: Int = 0, waiting: Waiting = .wait,
        deadline: Date? = nil, clock: ClientClock
    ) async throws(EndpointError) -> RateLimitPermit {
        // Nothing holds the call back and nobody waits before it: admitted without suspending.
        let now = clock.now()
        let immediate = state.withLock { state -> RateLimitPermit.Grant? in
            var entry = state.partitions[partition] ?? Partition(key: partition)
            guard let grant = entry.admitAtOnce(method, now: now, policy: policy) else { return nil }
            entry.clock = clock
            state.partitions[partition] = entry
            state.hosts.insert(partition.host)
            return grant
        }
        if let immediate { return RateLimitPermit(grant: immediate, startDate: now, pacer: self) }
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = clock.now()
                let dispatch = state.withLock { state -> Dispatch? in
                    // Checked under the lock: a cancellation after it finds the waiter in the queue.
                    guard !Task.isCancelled else { return nil }
                    var entry = state.partitions[partition] ?? Partition(key: partition)
                    entry.clock = clock
                    entry.renew(now: now)
                    entry.enqueue(
                        Waiter(
                            id: id, method: method, priority: priority, waiting: waiting, deadline: deadline,
                            hold: entry.hold(for: method, now: now, policy: policy), continuation: continuation))
                    state.partitions[partition] = entry
                    state.hosts.insert(partition.host)
                    return planDispatch(partition, now: now, in: &state)
                }
                if let dispatch {
                    perform(dispatch, in: partition)
                } else {
                    continuation.resume(returning: .failure(.cancelled))
                }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.partitions[partition]?.waiters.firstIndex(where: { $0.id == id }) else {
                    return nil
                }
                return state.partitions[partition]?.waiters.remove(at: index)
            }
            waiter?.continuation.resume(returning: .failure(.cancelled))
        }
        return try outcome.get()
    }

    /// Whether every call must be admitted, whatever the pacer knows: the policy caps calls in
    /// flight or spaces mutations. Otherwise a call to a host the pacer knows nothing about yet
    /// (``sendsUnadmitted(to:)``) is sent without an admission, and only an answer that announces
    /// something is taken in (``takeIn(_:for:method:now:clock:)``).
    var admitsEveryCall: Bool {
        policy.maximumConcurrentRequests != nil || policy.maximumConcurrentMutations != nil
            || policy.mutationSpacing > 0
    }

    /// Counts a request to `host` sent without an admission, if the pacer knows nothing of the
    /// host's limits (it keeps no partition of the host), in one step; `nil` when it does, and the call must
    /// be admitted.
    func sendsUnadmitted(to host: String) -> UnadmittedSend? {
        let isUnknown = state.withLock { state in
            guard !state.hosts.contains(host) else { return false }
            state.unadmitted[host, default: 0] += 1
            return true
        }
        return isUnknown ? UnadmittedSend(host: host, pacer: self) : nil
    }

    /// Stops counting a request to `host` sent without an admission.
    func endUnadmittedSend(to host: String) {
        state.withLock { state in
            let count = state.unadmitted[host, default: 0] - 1
            state.unadmitted[host] = count > 0 ? count : nil
        }
    }

    /// What `response` announces, as this pacer reads it.
    func announcement(in response: HTTPResponse, now: Date) -> RateLimitAnnouncement {
        read(response, now)
    }

    /// Takes in the answer to a call that was sent without an admission, when it announces
    /// something: as if the call had been admitted at once and finished with it.
    func takeIn(
        _ response: HTTPResponse, for partition: RateLimitPartition, method: HTTPMethod, now: Date, clock: ClientClock
    ) {
        let grant = state.withLock { state -> RateLimitPermit.Grant in
            var entry = state.partitions[partition] ?? Partition(key: partition)
            entry.clock = clock
            let grant = entry.countIn(method, now: now)
            state.partitions[partition] = entry
            state.hosts.insert(partition.host)
            return grant
        }
        RateLimitPermit(grant: grant, startDate: now, pacer: self).finish(with: response, now: now)
    }

    /// What the pacer knows of a partition now.
    ///
    /// - Parameter partition: The partition.
    /// - Returns: Its budgets, pause, waiting calls and calls in flight.
    func status(for partition: RateLimitPartition) -> RateLimitStatus {
        state.withLock { state in
            guard var entry = state.partitions[partition] else { return RateLimitStatus() }
            if let clock = entry.clock { entry.renew(now: clock.now()) }
            return RateLimitStatus(
                limits: entry.limits.map(\.limit), pausedUntil: entry.pausedUntil, waiting: entry.waiters.count,
                inFlight: entry.inFlight)
        }
    }

    /// Takes back a finished permit: frees its slot, takes in the response's announcement, and
    /// admits the calls that may go now.
    func finish(_ grant: RateLimitPermit.Grant, with response: HTTPResponse?, now: Date) {
        let announcement = response.map { read($0, now) }
        let dispatch = state.withLock { state -> Dispatch? in
            guard state.partitions[grant.partition] != nil else { return nil }
            if let response, let announcement {
                state.partitions[grant.partition]?.finish(
                    grant, announcement: announcement, response: response, now: now, policy: policy,
                    unadmitted: state.unadmitted[grant.partition.host, default: 0])
            } else {
                state.partitions[grant.partition]?.countOut(grant)
            }
            return planDispatch(grant.partition, now: now, in: &state)
        }
        if let dispatch { perform(dispatch, in: grant.partition) }
    }

    /// Takes back a permit released unfinished, as a request that was never sent: frees its
    /// slot and gives back the budget it spent.
    func release(_ grant: RateLimitPermit.Grant) {
        let dispatch = state.withLock { state -> Dispatch? in
            guard var entry = state.partitions[grant.partition] else { return nil }
            entry.countOut(grant)
            entry.refund(grant)
            state.partitions[grant.partition] = entry
            guard let now = entry.clock?.now() else { return nil }
            return planDispatch(grant.partition, now: now, in: &state)
        }
        if let dispatch { perform(dispatch, in: grant.partition) }
    }

    /// Runs a partition's dispatch and plans its wake-up: a new timer when the dispatch asks to
    /// look again earlier than the pending one, none when no call waits.
    private func planDispatch(_ partition: RateLimitPartition, now: Date, in state: inout State) -> Dispatch {
        guard var entry = state.partitions[partition] else { return Dispatch() }
        var dispatch = entry.dispatch(now: now, policy: policy)
        if entry.waiters.isEmpty {
            dispatch.cancelledTimer = entry.timer?.task
            entry.timer = nil
        } else if let wake = dispatch.wakeDate, wake < (entry.timer?.date ?? .distantFuture) {
            dispatch.cancelledTimer = entry.timer?.task
            entry.timer = (state.nextID, wake, nil)
            dispatch.timer = (state.nextID, wake, entry.clock)
            state.nextID += 1
        }
        state.partitions[partition] = entry
        return dispatch
    }

    /// Resumes the admitted and failed waiters, and starts or stops the timer, outside the lock.
    private func perform(_ dispatch: Dispatch, in partition: RateLimitPartition) {
        dispatch.cancelledTimer?.cancel()
        if let (id, wake, clock) = dispatch.timer, let clock {
            let task = Task { [weak self] in
                // The time left is read as the task starts, not when it was planned: the clock
                // may have moved in between.
                do { try await clock.sleep(max(0, wake.timeIntervalSince(clock.now()))) } catch { return }
                self?.wake(partition, timer: id, clock: clock)
            }
            let isCurrent = state.withLock { state in
                guard state.partitions[partition]?.timer?.id == id else { return false }
                state.partitions[partition]?.timer?.task = task
                return true
            }
            if !isCurrent { task.cancel() }
        }
        for (waiter, grant, startDate) in dispatch.admitted {
            waiter.continuation.resume(
                returning: .success(
                    RateLimitPermit(grant: grant, startDate: startDate, pacer: self, hold: waiter.hold)))
        }
        for (waiter, error) in dispatch.failed { waiter.continuation.resume(returning: .failure(error)) }
    }

    /// The timer's end: admits what may go now, unless a later plan replaced this timer.
    private func wake(_ partition: RateLimitPartition, timer id: Int, clock: ClientClock) {
        let now = clock.now()
        let dispatch = state.withLock { state -> Dispatch? in
            guard state.partitions[partition]?.timer?.id == id else { return nil }
            state.partitions[partition]?.timer = nil
            return planDispatch(partition, now: now, in: &state)
        }
        if let dispatch { perform(dispatch, in: partition) }
    }
}
