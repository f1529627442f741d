import Foundation

/// The one way every call goes, whatever its way in: its options resolved once (`CallPolicy`),
/// its request built (`RequestBuilder`), one observation, then, within one deadline, its
/// attempts (`Attempts`), each through the client's ``stages`` and its transport.
///
/// A client makes its pipeline once; it is immutable and shared by the client's calls.
struct Pipeline: Sendable {
    let requestBuilder: RequestBuilder
    let authentication: RequestAuthentication
    /// The per-attempt stages, outermost first: a request passes them in this order on its way
    /// to the transport, its response in the reverse order: status validation, the cache,
    /// authentication, the rate-limit pacer. A stage with nothing to do for this client (no cache,
    /// no pacing, no authenticator) is left out.
    let stages: [any AttemptStage]
    /// The client's middleware and transport: what each attempt is sent through.
    let chain: MiddlewareChain
    let observers: [any CallObserver]
    let clock: ClientClock

    init(baseURL: URL, authenticator: any Authenticator, configuration: Client.Configuration, transport: any Transport)
    {
        requestBuilder = RequestBuilder(baseURL: baseURL, configuration: configuration)
        authentication = RequestAuthentication(authenticator: authenticator, baseURL: baseURL)
        var stages: [any AttemptStage] = [StatusValidationStage()]
        if let cache = configuration.cache {
            stages.append(
                ResponseCaching(cache: cache, sharing: configuration.cacheSharing, authentication: authentication))
        }
        if authentication.isActive { stages.append(authentication) }
        let rateLimitPolicy = configuration.rateLimitPolicy ?? configuration.api.rateLimitPolicy
        if !rateLimitPolicy.pacesNothing {
            let api = configuration.api
            let pacer = RateLimitPacer(policy: rateLimitPolicy) { response, now in
                RateLimitPacing.announcement(in: response, now: now, api: api)
            }
            stages.append(RateLimitPacing(pacer: pacer) { api.rateLimitResource(for: $0) })
        }
        self.stages = stages
        chain = MiddlewareChain(middleware: configuration.middleware, transport: transport)
        observers = configuration.observers
        clock = configuration.clock
    }

    /// Builds the call of `endpoint` with `policy`, delivered as `delivery`.
    func prepare<E: Endpoint>(_ endpoint: E, policy: CallPolicy, delivery: Delivery) throws(EndpointError) -> Call {
        let deadline: TimeInterval? =
            if case .stream = delivery { policy.streamDeadline } else { policy.timeouts.total }
        return Call(
            endpoint: E.self, method: E.method, request: try requestBuilder.makeRequest(for: endpoint, policy: policy),
            policy: policy, delivery: delivery, deadline: deadline, clock: clock)
    }

    /// A whole call of `endpoint`: built, observed, its attempts run within its deadline, then
    /// `finish` (decoding, say) with the accepted response, inside the observation.
    func perform<E: Endpoint, Value>(
        _ endpoint: E, policy: CallPolicy, delivery: Delivery,
        then finish: (Attempts.Outcome, CallPolicy) throws(EndpointError) -> Value
    ) async throws(EndpointError) -> Value {
        // The call, not a `Result` of it: destroying that generic enum cost about 0.5 µs of CPU
        // per call in a profile of the HTTPS benchmark.
        let call: Call
        do throws(EndpointError) {
            call = try prepare(endpoint, policy: policy, delivery: delivery)
        } catch {
            // Nothing is sent, and the observers see the call fail.
            _ = try await observation(of: E.self, url: nil)?.run { () async throws(EndpointError) -> HTTPResponse in
                throw error
            }
            throw error
        }
        guard let observation = observation(of: E.self, url: call.request.url) else {
            return try finish(try await run(call, observation: nil, within: call.deadline), policy)
        }
        var value: Value?
        _ = try await observation.run { () async throws(EndpointError) -> HTTPResponse in
            let outcome = try await run(call, observation: observation, within: call.deadline)
            value = try finish(outcome, policy)
            return outcome.response
        }
        guard let value else {
            preconditionFailure("a CallObservation's run(_:) returned without running the call")
        }
        return value
    }

    /// The client's observers' observation of a call of `endpoint` to `url`; `nil` when none
    /// observes it (the call is then not even described, nor `url` read).
    func observation(
        of endpoint: any Endpoint.Type, url: @autoclosure () -> URL?, isStream: Bool = false,
        isBackgroundRevalidation: Bool = false
    ) -> (any CallObservation)? {
        ObservationChain.observe(
            {
                var call = ObservedCall(
                    name: endpoint.operationName, call: CallContext(method: endpoint.method, url: url()),
                    isStream: isStream, pathTemplate: endpoint.pathTemplate)
                call.isBackgroundRevalidation = isBackgroundRevalidation
                return call
            }(),
            by: observers)
    }

    /// Confirms the stale response that answered `call` with the server, in the background, as
    /// the call would (authenticated, through the middleware, retried), observed as a call of its
    /// own (``ObservedCall/isBackgroundRevalidation``); what comes back updates the cache.
    private func revalidateInBackground(_ call: Call, claim: BackgroundRevalidations.Claim) {
        let revalidation = {
            var revalidation = call
            revalidation.validatesStoredResponse = true
            return revalidation
        }()
        let observation = observation(
            of: call.endpoint, url: call.request.url, isBackgroundRevalidation: true)
        claim.registry.run(claim) {
            guard let observation else {
                _ = try? await run(revalidation, observation: nil, within: revalidation.deadline)
                return
            }
            _ = try? await observation.run { () async throws(EndpointError) -> HTTPResponse in
                try await run(revalidation, observation: observation, within: revalidation.deadline).response
            }
        }
    }

    /// The attempts of `call`, within `seconds` (`nil`: no deadline), watched by `observation`;
    /// its errors name the call.
    func run(
        _ call: Call, observation: (any CallObservation)?, within seconds: TimeInterval?
    ) async throws(EndpointError) -> Attempts.Outcome {
        let attempts = Attempts(call: call, stages: stages, chain: chain, observation: observation)
        do throws(EndpointError) {
            let outcome: Attempts.Outcome
            if let seconds {
                outcome = try await Deadline.run(within: seconds, clock: call.clock) { () async throws(EndpointError) in
                    try await attempts.run()
                }
            } else {
                outcome = try await attempts.run()  // no deadline: no task group, no closure
            }
            if let claim = outcome.revalidation { revalidateInBackground(call, claim: claim) }
            return outcome
        } catch {
            // Where a call's errors leave the client: the call is named in those that do not name it
            // yet (as `request(for:)` and the request builder do for theirs).
            throw error.attributed(to: call.context)
        }
    }
}
