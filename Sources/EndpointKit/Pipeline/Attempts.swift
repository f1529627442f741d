import Foundation

/// Stage 5 of a call: the attempts at sending one built request until an acceptable response
/// comes back, the retry policy gives up, or the call is cancelled.
///
/// Each attempt authenticates the request again (stage 4), looks it up in the cache, sends it
/// through the middleware and the transport, and validates its status (stage 6). An unacceptable
/// status first goes to the authenticator, which may renew its credential once per call (that
/// resend does not count as an attempt); then the retry policy decides whether to wait and try
/// again.
struct Attempts: Sendable {
    let method: HTTPMethod
    let authentication: RequestAuthentication
    /// The transport wrapped in the client's middleware.
    let transport: any Transport
    /// Where conditional `GET`s are stored; `nil` for none (and for downloads).
    let cache: (any ResponseCache)?
    let validation: StatusValidation
    let retryPolicy: RetryPolicy
    /// Progress and file options for an upload or download; `nil` for a plain call.
    let transfer: TransferOptions?
    /// For a stream: the most bytes of the body held for its reader; `nil` for a plain call.
    var streamBufferSize: Int? = nil
    /// What the client's observers watch the attempts with; `nil` without observers.
    var observation: (any CallObservation)? = nil

    /// An acceptable response, and whether it is a stored one the server confirmed.
    struct Outcome: Sendable {
        var response: HTTPResponse
        var isFromCache: Bool
        /// A stream's body, still arriving (`response.body` is then empty); `nil` for a plain call.
        var body: ResponseBodyBuffer? = nil
    }

    /// The most bytes of an unacceptable stream's body read for its error.
    static let streamErrorBodyLimit = 1 << 20

    func run(_ built: URLRequest) async throws(EndpointError) -> Outcome {
        // DispatchTime: the monotonic clock, without `ProcessInfo`'s singleton (seen in a profile).
        let start = DispatchTime.now().uptimeNanoseconds
        var attempt = 1
        var sends = 0
        var hasRenewedCredential = false
        while true {
            var request = built
            try await authentication.authenticate(&request)
            let revalidation = await ConditionalRequest(cache: cache, request: &request)
            let failure: EndpointError
            let resendCount = sends
            sends += 1
            do {
                let (response, body) = try await transmit(request, attempt: attempt, resendCount: resendCount)
                if let confirmed = revalidation?.confirmed(by: response) {
                    observation?.didRevalidate(confirmed)
                    return Outcome(response: confirmed, isFromCache: true)
                }
                if validation.accepts(response) {
                    await revalidation?.store(response)
                    return Outcome(response: response, isFromCache: false, body: body)
                }
                // A streamed body is used up: the call cannot be sent again, so it is not renewed.
                if !hasRenewedCredential, request.httpBodyStream == nil,
                    try await authentication.renewCredential(after: response, sentWith: request)
                {
                    hasRenewedCredential = true
                    observation?.didRenewCredential(after: response)
                    continue
                }
                failure = validation.failure(for: response, method: method)
            } catch {
                failure = error
            }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            guard request.httpBodyStream == nil,
                let delay = retryPolicy.delay(after: failure, attempt: attempt, method: method, elapsed: elapsed)
            else {
                throw failure
            }
            observation?.willRetry(after: failure, delay: delay, attempt: attempt)
            try await Self.sleep(seconds: delay)
            attempt += 1
        }
    }

    /// Sends one attempt, within its observation when the call has one.
    private func transmit(
        _ request: URLRequest, attempt: Int, resendCount: Int
    ) async throws(EndpointError) -> (HTTPResponse, ResponseBodyBuffer?) {
        guard let observation else { return try await transmit(request) }
        var body: ResponseBodyBuffer?
        let observed = ObservedAttempt(number: attempt, resendCount: resendCount, request: request)
        let response = try await observation.attempt(observed) { (request) async throws(EndpointError) in
            let sent = try await transmit(request)
            body = sent.1
            return sent.0
        }
        return (response, body)
    }

    /// Sends one attempt through the middleware and the transport; any error but cancellation
    /// becomes ``EndpointError/transportFailed(_:)``. A stream's body comes back still arriving
    /// when its status is acceptable; otherwise it is read (up to 1 MiB), for its error.
    private func transmit(_ request: URLRequest) async throws(EndpointError) -> (HTTPResponse, ResponseBodyBuffer?) {
        guard !Task.isCancelled else { throw .cancelled }
        do {
            if let streamBufferSize {
                let streamed = try await transport.stream(request, bufferSize: streamBufferSize)
                guard !Task.isCancelled else {
                    streamed.body.cancel()
                    throw EndpointError.cancelled
                }
                if validation.accepts(streamed.head) { return (streamed.head, streamed.body) }
                return (try await streamed.collected(upTo: Self.streamErrorBodyLimit), nil)
            }
            let response =
                if let transfer {
                    try await transport.send(request, transferring: transfer)
                } else {
                    try await transport.send(request)
                }
            guard !Task.isCancelled else { throw EndpointError.cancelled }
            return (response, nil)
        } catch let error as EndpointError {
            throw error
        } catch is CancellationError {
            throw .cancelled
        } catch let error as URLError where error.code == .cancelled {
            throw .cancelled
        } catch {
            throw .transportFailed(TransportFailure(method: method, url: request.url, underlying: error))
        }
    }

    /// Waits between attempts; cancelling the task ends the wait at once with `.cancelled`.
    static func sleep(seconds: TimeInterval) async throws(EndpointError) {
        guard seconds > 0 else { return }
        do {
            try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
        } catch {
            throw .cancelled
        }
    }
}
