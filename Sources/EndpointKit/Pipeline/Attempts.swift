import Foundation

/// The attempts at sending one call until an acceptable response comes back, the retry policy
/// gives up, or the call is cancelled: the only caller of the client's stages.
///
/// Each attempt prepares the built request through the stages, first to last (authentication,
/// then the cache's validators), sends it through the middleware and the transport, and has the
/// stages judge the response, last to first (the cache confirms a `304`, the authenticator may
/// renew its credential once per run and have the request sent again, which does not count as an
/// attempt, and status validation turns an unacceptable status into an error). Then the retry
/// policy decides whether to wait (on the client's clock) and try again.
struct Attempts: Sendable {
    let call: Call
    let stages: [any AttemptStage]
    /// The client's middleware and transport.
    let chain: MiddlewareChain
    /// What the client's observers watch the attempts with; `nil` without observers.
    let observation: (any CallObservation)?

    /// An acceptable response, and where it came from.
    struct Outcome: Sendable {
        var response: HTTPResponse
        var source: ResponseSource
        /// A stream's body, still arriving (`response.body` is then empty); `nil` for a plain call.
        var body: ResponseBodyBuffer? = nil
        /// The stored response to confirm with the server after this answer, in the background
        /// (`stale-while-revalidate`): the key of its entry, claimed for this one revalidation.
        var revalidation: BackgroundRevalidations.Claim? = nil

        var isFromCache: Bool { source.isCache }
    }

    func run() async throws(EndpointError) -> Outcome {
        let clock = call.clock
        let start = clock.uptime()
        let method = call.method
        var attempt = 1
        var sends = 0
        var state = AttemptState(observation: observation)
        // Once, however the attempts end: how the cache served the call, decided by its last
        // attempt (or by the cache's recovery from its failure).
        defer {
            if let observation, let cache = state.cacheOutcome {
                observation.didConsultCache(cache.outcome, age: cache.age)
            }
        }
        attempts: while true {
            var request = call.request
            // A stage that answers before anything is sent (a fresh stored response) ends the
            // preparation; the stages before it judge its answer as they would a response.
            var answer: Outcome?
            var judges = stages.endIndex
            for index in stages.indices where stages[index].preparesRequests {
                if case .answer(let outcome) = try await stages[index].prepare(&request, for: call, state: &state) {
                    answer = outcome
                    judges = index
                    break
                }
            }
            let failure: EndpointError
            do {
                let sent: Sent
                if let answer {
                    sent = Sent(response: answer.response, body: answer.body)
                } else {
                    let resendCount = sends
                    sends += 1
                    sent = try await observedSend(request, attempt: attempt, resendCount: resendCount)
                }
                judging: for stage in stages[..<judges].reversed() where stage.judges(sent.response, for: call) {
                    switch try await stage.judge(sent, to: request, for: call, state: &state) {
                    case .pass: continue judging
                    case .answer(let outcome):
                        sent.body?.cancel()
                        return outcome
                    case .resend: continue attempts
                    }
                }
                return answer ?? Outcome(response: sent.response, source: .network, body: sent.body)
            } catch {
                // An answer sent nothing: trying again would give the same answer.
                guard answer == nil else { throw error }
                failure = error
            }
            let elapsed = clock.uptime() - start
            // A streamed body is used up: the call cannot be sent again.
            guard request.httpBodyStream == nil,
                let delay = retryDelay(after: failure, attempt: attempt, method: method, elapsed: elapsed)
            else {
                // Given up: a stage may still answer (the cache with a stale response, say).
                for stage in stages.reversed() {
                    if let outcome = await stage.recover(from: failure, for: call, state: &state) { return outcome }
                }
                throw failure
            }
            observation?.willRetry(after: failure, delay: delay, attempt: attempt)
            try await clock.pause(seconds: delay)
            attempt += 1
        }
    }

    /// How long to wait before the next attempt after `failure`, or `nil` to give up. A stage
    /// that schedules the retry itself (the rate-limit pacer, for a refusal: it holds the next
    /// attempt back until the limit reopens) has it sent at once, any method, while the retry
    /// policy's attempts last; otherwise the retry policy decides.
    private func retryDelay(
        after failure: EndpointError, attempt: Int, method: HTTPMethod, elapsed: TimeInterval
    ) -> TimeInterval? {
        let retryPolicy = call.policy.retryPolicy
        if stages.contains(where: { $0.schedulesRetry(after: failure, for: call) }) {
            return attempt < retryPolicy.maximumAttempts ? 0 : nil
        }
        return retryPolicy.delay(
            after: failure, attempt: attempt, method: method, elapsed: elapsed, now: call.clock.now())
    }

    /// Sends one attempt, within its observation when the call has one.
    private func observedSend(_ request: URLRequest, attempt: Int, resendCount: Int) async throws(EndpointError) -> Sent
    {
        guard let observation else { return try await send(request) }
        var body: ResponseBodyBuffer?
        let observed = ObservedAttempt(number: attempt, resendCount: resendCount, request: request)
        let response = try await observation.attempt(observed) { (request) async throws(EndpointError) in
            let sent = try await send(request)
            body = sent.body
            return sent.response
        }
        return Sent(response: response, body: body)
    }

    /// Sends one attempt through the middleware and the transport, as the call's delivery says;
    /// any error but cancellation becomes ``EndpointError/transportFailed(_:)``.
    private func send(_ request: URLRequest) async throws(EndpointError) -> Sent {
        guard !Task.isCancelled else { throw .cancelled }
        do {
            // A whole body or a transfer goes straight to the chain; only a stream needs its head
            // looked at first (one async frame less per attempt for every plain call).
            let sent =
                if case .stream = call.delivery {
                    try await call.delivery.send(request, through: chain, validation: call.policy.validation)
                } else {
                    try await chain.send(request, as: call.delivery)
                }
            guard !Task.isCancelled else {
                sent.body?.cancel()
                throw EndpointError.cancelled
            }
            return sent
        } catch let error as EndpointError {
            throw error
        } catch is CancellationError {
            throw .cancelled
        } catch let error as URLError where error.code == .cancelled {
            throw .cancelled
        } catch {
            throw .transportFailed(TransportFailure(method: call.method, url: request.url, underlying: error))
        }
    }
}
