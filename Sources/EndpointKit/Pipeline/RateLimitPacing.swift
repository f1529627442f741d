import Foundation

/// The stage of the client's rate-limit pacer: each attempt waits for its admission before it
/// is sent, and each response it got tells the pacer what the API announced.
///
/// It is the last stage: a stored response answers before any wait, and the pacer sees the
/// request as it goes out, with its credential, which tells one user's budget from another's.
/// A call's permit lives in its ``AttemptState``: it is finished with the response the attempt
/// got, or with none when the attempt got no response; the next attempt takes a new one.
struct RateLimitPacing: AttemptStage {
    let pacer: RateLimitPacer
    /// The API's resource a request spends (``APIProfile/rateLimitResource(for:)``).
    let resource: @Sendable (URLRequest) -> String?

    /// Waits until the pacer admits the attempt, within the call's deadline.
    func prepare(_ request: inout URLRequest, for call: Call, state: inout AttemptState)
        async throws(EndpointError) -> Preparation
    {
        let clock = call.clock
        // An attempt that got no response (a transport failure) left its permit unfinished.
        state.rateLimitPermit?.finish(with: nil, now: clock.now())
        state.rateLimitPermit = nil
        state.unadmittedSend?.end()
        state.unadmittedSend = nil
        let host = request.url?.host?.lowercased() ?? ""
        // Nothing to wait for: no cap or spacing, and no answer from this host announced a limit
        // yet. The call goes without an admission (the common case, which costs a lookup), and
        // is counted until its answer comes, as a unit the server may not have counted yet.
        if !pacer.admitsEveryCall, let send = pacer.sendsUnadmitted(to: host) {
            state.unadmittedSend = send
            return .send
        }
        if state.rateLimitDeadline == nil, let seconds = call.deadline {
            state.rateLimitDeadline = clock.now().addingTimeInterval(seconds)
        }
        let partition = self.partition(of: request, host: host, for: call)
        let requested = clock.now()
        let permit = try await pacer.admit(
            partition: partition, method: call.method, priority: call.policy.rateLimitPriority,
            waiting: call.policy.rateLimitWaiting.pacerWaiting, deadline: state.rateLimitDeadline, clock: clock)
        let waited = permit.startDate.timeIntervalSince(requested)
        if let hold = permit.hold {
            state.observation?.didWaitForRateLimit(
                RateLimitWait(duration: waited, host: partition.host, reason: hold.reason, limitName: hold.limitName))
        }
        state.rateLimitPermit = permit
        return .send
    }

    /// Finishes the attempt's permit with its response: the pacer reads the budgets it
    /// announces and any refusal.
    func judge(_ sent: Sent, to request: URLRequest, for call: Call, state: inout AttemptState)
        async throws(EndpointError) -> Verdict
    {
        let now = call.clock.now()
        // Answered: no longer in flight, before its answer is taken in.
        state.unadmittedSend?.end()
        state.unadmittedSend = nil
        if let permit = state.rateLimitPermit {
            permit.finish(with: sent.response, now: now)
            state.rateLimitPermit = nil
        } else if !pacer.announcement(in: sent.response, now: now).isEmpty {
            // Sent without an admission: its answer is the first word on this host's limits.
            let partition = partition(of: request, host: request.url?.host?.lowercased() ?? "", for: call)
            pacer.takeIn(sent.response, for: partition, method: call.method, now: now, clock: call.clock)
        }
        return .pass
    }

    /// The limits `request` is paced by: its host, its credential, the API's resource.
    private func partition(of request: URLRequest, host: String, for call: Call) -> RateLimitPartition {
        RateLimitPartition(
            host: host, credential: Self.credential(of: request, builtAs: call.request), resource: resource(request))
    }

    /// A refusal the pacer pauses for (`Retry-After`, or its own pause after an untimed one):
    /// the pacer holds the next attempt back until the limit reopens, so it is sent as soon as
    /// the pacer admits it; it was refused, so not applied, and a mutation is safe to send
    /// again too. A call the pacer itself held back is not tried again.
    func schedulesRetry(after failure: EndpointError, for call: Call) -> Bool {
        guard case .rateLimited(let limited) = failure, !limited.wasHeldBack, pacer.policy.followsAnnouncedLimits
        else { return false }
        return limited.retryDate != nil || pacer.policy.pauseAfterUntimedRefusal > 0
    }

    /// What `response` says about limits, for the pacer: what `api` reads, and a refusal
    /// wherever `api`'s rate-limit signal recognises one that it does not (GitHub's `403`s, say).
    static func announcement(
        in response: HTTPResponse, now: Date, api: any APIProfile
    ) -> RateLimitAnnouncement {
        var announcement = api.rateLimitAnnouncement(in: response, now: now)
        if announcement.refusal == nil, response.statusCode >= 400,
            let signal = api.rateLimit(signaledBy: response, now: now)
        {
            announcement.refusal = RateLimitAnnouncement.Refusal(pausesUntil: signal.retryDate)
        }
        return announcement
    }

    /// What tells the credential `request` carries from others, without it: a digest of the
    /// header fields (and URL) the stages before this one added or changed on the request as
    /// built, where an authenticator puts its credential (the cache's validators aside), and any
    /// `Authorization`, `Proxy-Authorization` or `Cookie` the endpoint set; `nil` for none. It
    /// asks no authenticator (which may count its calls, or renew).
    static func credential(of request: URLRequest, builtAs built: URLRequest) -> String? {
        // Not the validators the cache adds (`If-None-Match`, `If-Modified-Since`): a conditional
        // request is the same user's. And a credential the endpoint set itself.
        let endpointCredentials = ["Authorization", "Proxy-Authorization", "Cookie"].compactMap { name in
            built.value(forHTTPHeaderField: name).map { "\(name): \($0)" }
        }
        return CredentialDigest.ofChanges(
            from: built, to: request, ignoring: { $0.lowercased().hasPrefix("if-") }, extra: endpointCredentials)
    }
}
