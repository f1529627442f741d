import Foundation

/// The background revalidations of `stale-while-revalidate` (RFC 5861 §3) in progress, one per
/// stored entry however many calls serve it stale meanwhile.
final class BackgroundRevalidations: Sendable {
    /// The right to revalidate one entry: held by the call that served it stale, then by its
    /// revalidation. The entry is free again once neither holds it: when the revalidation ends,
    /// or when the call failed before it began one.
    final class Claim: Sendable {
        let entry: String
        /// The stored version being revalidated: its ``CachedResponse/responseTime``.
        let version: Date?
        let registry: BackgroundRevalidations
        /// Whether its revalidation began.
        let began = Locked(false)

        init(entry: String, version: Date?, registry: BackgroundRevalidations) {
            self.entry = entry
            self.version = version
            self.registry = registry
        }

        deinit { registry.release(entry, version: version, revalidated: began.withLock { $0 }) }
    }

    private struct State {
        /// Each claimed entry, with its revalidation once it runs.
        var inProgress: [String: Task<Void, Never>?] = [:]
        /// The version of each entry revalidated last: a call that read that version before its
        /// revalidation stored the new one must not start another.
        var revalidated: [String: Date?] = [:]
    }

    private let state = Locked(State())

    /// The claim on `entry` as stored at `version` (its key and variant), or `nil` when another
    /// call holds it or already revalidated that version.
    func claim(_ key: CacheKey, variant: String, version: Date?) -> Claim? {
        let entry = "\(key.method.rawValue) \(key.url) \(key.credentialIdentity) \(variant)"
        let isNew = state.withLock { state in
            guard state.inProgress[entry] == nil, state.revalidated[entry] != .some(version) else { return false }
            state.inProgress[entry] = .some(nil)
            return true
        }
        return isNew ? Claim(entry: entry, version: version, registry: self) : nil
    }

    /// Runs `revalidation` in the background, holding `claim` until it ends.
    func run(_ claim: Claim, _ revalidation: @escaping @Sendable () async -> Void) {
        claim.began.withLock { $0 = true }
        let task = Task {
            await revalidation()
            withExtendedLifetime(claim) {}
        }
        state.withLock { state in
            if state.inProgress[claim.entry] != nil { state.inProgress[claim.entry] = task }
        }
    }

    private func release(_ entry: String, version: Date?, revalidated: Bool) {
        state.withLock { state in
            state.inProgress[entry] = nil
            guard revalidated else { return }
            // Remembered for the entries that may still be read stale; bounded by a reset.
            if state.revalidated.count >= 10_000 { state.revalidated = [:] }
            state.revalidated[entry] = .some(version)
        }
    }

    /// Waits until no entry is claimed (for tests).
    func waitForAll() async {
        while true {
            let (pending, tasks) = state.withLock { ($0.inProgress.count, $0.inProgress.values.compactMap { $0 }) }
            guard pending > 0 else { return }
            for task in tasks { await task.value }
            await Task.yield()
        }
    }
}
