import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The middle of a call: the attempts at sending one built request until an acceptable
/// response comes back, the retry policy gives up, or the call is cancelled.
///
/// Each attempt authenticates the request again, sends it and checks the status. An
/// unacceptable status first goes to the authenticator, which may renew its credential once per
/// call (that resend does not count as an attempt); then the retry policy decides whether to wait
/// and try again.
struct Exchange: Sendable {
    let client: Client
    let method: HTTPMethod
    let acceptableStatusCodes: AcceptableStatusCodes
    let retryPolicy: RetryPolicy
    let errorBodyType: (any JSONObject.Type)?
    let decoder: any ResponseDecoder
    /// Progress and file options for an upload or download; `nil` for a plain call.
    var transfer: TransferOptions?

    func run(_ built: URLRequest) async throws(EndpointError) -> HTTPResponse {
        // DispatchTime: the monotonic clock, without `ProcessInfo`'s singleton (seen in a profile).
        let start = DispatchTime.now().uptimeNanoseconds
        var attempt = 1
        var hasRenewedCredential = false
        while true {
            var request = built
            try await authenticate(&request)
            // A download is not cached: its body is in a file, not in memory.
            let cache = transfer?.responseBodyFile == nil ? client.cache : nil
            let revalidation = await ConditionalRequest(cache: cache, request: &request)
            let failure: EndpointError
            do {
                let response = try await transmit(request)
                if let confirmed = revalidation?.confirmed(by: response) {
                    return confirmed
                }
                if acceptableStatusCodes.contains(response.statusCode) {
                    await revalidation?.store(response)
                    return response
                }
                // A streamed body is used up: the call cannot be sent again, so it is not renewed.
                if !hasRenewedCredential, request.httpBodyStream == nil,
                    try await renewCredential(after: response, sentWith: request)
                {
                    hasRenewedCredential = true
                    continue
                }
                failure = .rejected(withErrorBody(response))
            } catch {
                failure = error
            }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            guard request.httpBodyStream == nil,
                let delay = retryPolicy.delay(after: failure, attempt: attempt, method: method, elapsed: elapsed)
            else {
                throw failure
            }
            try await Self.sleep(seconds: delay)
            attempt += 1
        }
    }

    /// Runs the authenticator, but only for the base URL's origin: credentials never go to
    /// another host, even for an endpoint that allows other origins.
    private func authenticate(_ request: inout URLRequest) async throws(EndpointError) {
        // Without an authenticator there is nothing to add or to check again.
        guard client.authenticates else { return }
        guard let origin = client.baseOrigin, request.url.flatMap(Origin.init) == origin else { return }
        let checked = request.allHTTPHeaderFields ?? [:]  // validated when the request was built
        request = try await Self.reportingAuthenticatorErrors { [authenticator = client.authenticator, request] in
            var authenticated = request
            try await authenticator.authenticate(&authenticated)
            return authenticated
        }
        // Only what the authenticator added or changed needs checking.
        for (name, value) in request.allHTTPHeaderFields ?? [:] where checked[name] != value {
            try HeaderValidation.validate(name: name)
            try HeaderValidation.validate(value: value, named: name)
        }
    }

    private func renewCredential(after response: HTTPResponse, sentWith request: URLRequest) async throws(EndpointError)
        -> Bool
    {
        try await Self.reportingAuthenticatorErrors { [authenticator = client.authenticator] in
            try await authenticator.refreshCredential(after: response, sentWith: request)
        }
    }

    /// Runs an authenticator call: its ``EndpointError`` passes through, cancellation becomes
    /// `.cancelled`, and any other error ``EndpointError/authenticationFailed(underlying:)``.
    private static func reportingAuthenticatorErrors<Value>(
        _ body: () async throws -> Value
    ) async throws(EndpointError) -> Value {
        do {
            return try await body()
        } catch let error as EndpointError {
            throw error
        } catch is CancellationError {
            throw .cancelled
        } catch {
            throw .authenticationFailed(underlying: error)
        }
    }

    private func transmit(_ request: URLRequest) async throws(EndpointError) -> HTTPResponse {
        guard !Task.isCancelled else { throw .cancelled }
        do {
            let response =
                if let transfer {
                    try await client.pipeline.send(request, options: transfer)
                } else {
                    try await client.pipeline.send(request)
                }
            guard !Task.isCancelled else { throw EndpointError.cancelled }
            return response
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

    /// `response` with its body decoded as ``errorBodyType``, when that works.
    private func withErrorBody(_ response: HTTPResponse) -> HTTPResponse {
        guard let errorBodyType, !response.body.isEmpty else { return response }
        var decorated = response
        decorated.errorBody = try? errorBodyType.decode(from: response.body, using: decoder)
        return decorated
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
