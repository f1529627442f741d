import Foundation

/// The observations of several observers as one: each one's ``CallObservation/run(_:)`` and
/// ``CallObservation/attempt(_:sending:)`` runs inside the one before it, in the order the
/// observers were given, and every event reaches each of them in that order.
struct ObservationChain: CallObservation {
    let observations: [any CallObservation]

    /// The observation of `call` by `observers`; `nil` without observers, or when none of them
    /// ``CallObserver/isObserving``, so that such a call skips every observation step (and is not
    /// even described).
    static func observe(_ call: @autoclosure () -> ObservedCall, by observers: [any CallObserver]) -> (
        any CallObservation
    )? {
        switch observers.count {
        case 0: return nil
        case 1: return observers[0].isObserving ? observers[0].observe(call()) : nil
        default:
            // The call is described once, and an array made only when two or more observe it.
            var described: ObservedCall?
            var first: (any CallObservation)?
            var all: [any CallObservation] = []
            for observer in observers where observer.isObserving {
                let subject = described ?? call()
                described = subject
                let observation = observer.observe(subject)
                if let earlier = first {
                    if all.isEmpty {
                        all.reserveCapacity(observers.count)
                        all.append(earlier)
                    }
                    all.append(observation)
                } else {
                    first = observation
                }
            }
            return all.isEmpty ? first : ObservationChain(observations: all)
        }
    }

    func run(_ call: () async throws(EndpointError) -> HTTPResponse) async throws(EndpointError) -> HTTPResponse {
        try await run(call, from: observations[...])
    }

    private func run(
        _ call: () async throws(EndpointError) -> HTTPResponse, from rest: ArraySlice<any CallObservation>
    ) async throws(EndpointError) -> HTTPResponse {
        guard let first = rest.first else { return try await call() }
        return try await first.run { () async throws(EndpointError) in try await run(call, from: rest.dropFirst()) }
    }

    func attempt(
        _ attempt: ObservedAttempt, sending send: (URLRequest) async throws(EndpointError) -> HTTPResponse
    ) async throws(EndpointError) -> HTTPResponse {
        try await self.attempt(attempt, sending: send, from: observations[...])
    }

    private func attempt(
        _ attempt: ObservedAttempt, sending send: (URLRequest) async throws(EndpointError) -> HTTPResponse,
        from rest: ArraySlice<any CallObservation>
    ) async throws(EndpointError) -> HTTPResponse {
        guard let first = rest.first else { return try await send(attempt.request) }
        return try await first.attempt(attempt) { (request) async throws(EndpointError) in
            var next = attempt
            next.request = request  // what the outer observation changed, the inner one sees
            return try await self.attempt(next, sending: send, from: rest.dropFirst())
        }
    }

    func willRetry(after failure: EndpointError, delay: TimeInterval, attempt: Int) {
        for observation in observations { observation.willRetry(after: failure, delay: delay, attempt: attempt) }
    }

    func didRenewCredential(after response: HTTPResponse) {
        for observation in observations { observation.didRenewCredential(after: response) }
    }

    func didRevalidate(_ response: HTTPResponse) {
        for observation in observations { observation.didRevalidate(response) }
    }

    func didWaitForRateLimit(_ wait: RateLimitWait) {
        for observation in observations { observation.didWaitForRateLimit(wait) }
    }

    func didConsultCache(_ outcome: CacheOutcome, age: Int?) {
        for observation in observations { observation.didConsultCache(outcome, age: age) }
    }

    func willReconnect(after failure: EndpointError, delay: TimeInterval, lastEventID: String?) {
        for observation in observations {
            observation.willReconnect(after: failure, delay: delay, lastEventID: lastEventID)
        }
    }

    func didReceiveStreamPieces(_ count: Int) {
        for observation in observations { observation.didReceiveStreamPieces(count) }
    }

    func didEndStream(receiving pieces: Int, failure: EndpointError?) {
        for observation in observations { observation.didEndStream(receiving: pieces, failure: failure) }
    }
}
