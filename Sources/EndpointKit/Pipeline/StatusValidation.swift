import Foundation

/// Stage 6 of a call: whether a response's status is acceptable, and the error an unacceptable
/// one becomes — ``EndpointError/rateLimited(_:)`` when the ``APIProfile`` reads a rate limit in
/// it, else ``EndpointError/unacceptableStatus(_:)`` — with its body decoded as the error body
/// type.
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
    func failure(for response: HTTPResponse, method: HTTPMethod, now: Date = Date()) -> EndpointError {
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
