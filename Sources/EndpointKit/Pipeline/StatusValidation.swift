import Foundation

/// Whether a response's status is acceptable, and the error an unacceptable one becomes —
/// ``EndpointError/rateLimited(_:)`` when the ``APIProfile`` reads a rate limit in it, else
/// ``EndpointError/unacceptableStatus(_:)`` — with its body decoded as the error body type.
struct StatusValidation: Sendable {
    let acceptableStatusCodes: AcceptableStatusCodes
    let api: any APIProfile
    let errorBodyType: (any JSONObject.Type)?
    let decoder: any ResponseDecoder

    /// Whether the call accepts `response`.
    func accepts(_ response: HTTPResponse) -> Bool {
        acceptableStatusCodes.contains(response.statusCode)
    }

    /// The error for an unacceptable `response` to a `method` request.
    func failure(for response: HTTPResponse, method: HTTPMethod, now: Date) -> EndpointError {
        let status = StatusFailure(method: method, response: response, errorBody: errorBody(of: response))
        if let signal = api.rateLimit(signaledBy: response, now: now) {
            return .rateLimited(RateLimitFailure(status: status, retryDate: signal.retryDate))
        }
        return .unacceptableStatus(status)
    }

    /// The body decoded as ``errorBodyType``, when there is one and it decodes.
    private func errorBody(of response: HTTPResponse) -> (any JSONObject)? {
        guard let errorBodyType, !response.body.isEmpty else { return nil }
        return try? errorBodyType.decode(from: response.body, using: decoder)
    }
}

/// The outermost stage, so the last to judge: an unacceptable status that no other stage
/// answered or resent becomes the call's error (which the retry policy may retry).
struct StatusValidationStage: AttemptStage {
    var preparesRequests: Bool { false }

    func judges(_ response: HTTPResponse, for call: Call) -> Bool { !call.policy.validation.accepts(response) }

    func judge(_ sent: Sent, to request: URLRequest, for call: Call, state: inout AttemptState)
        async throws(EndpointError) -> Verdict
    {
        let validation = call.policy.validation
        guard validation.accepts(sent.response) else {
            throw validation.failure(for: sent.response, method: call.method, now: call.clock.now())
        }
        return .pass
    }
}
