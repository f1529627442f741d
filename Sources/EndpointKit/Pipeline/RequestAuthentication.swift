import Foundation

/// The stage of the client's ``Authenticator``: run on each attempt's request — but only for the
/// base URL's origin, so credentials never go to another host, even for an endpoint that allows
/// other origins — and asked once per run of a call to renew its credential after an
/// unacceptable response, which is then sent again.
struct RequestAuthentication: AttemptStage {
    let authenticator: any Authenticator
    /// The base URL's origin, computed once.
    let origin: Origin?
    /// Whether there is an authenticator to run: not ``NoAuthenticator``. Checked once, not with
    /// a cast on every request.
    let isActive: Bool
    /// Whether the authenticator may set a header value that Linux's Foundation drops without a
    /// word: any but EndpointKit's own, which check their values before they set them.
    let mayBeRefusedSilently: Bool

    init(authenticator: any Authenticator, baseURL: URL) {
        self.authenticator = authenticator
        origin = Origin(baseURL)
        isActive = !(authenticator is NoAuthenticator)
        mayBeRefusedSilently = !(authenticator is any SetsOnlyValidHeaders)
    }

    /// Adds the credentials to `request` when it goes to the base URL's origin; validates the
    /// headers the authenticator added or changed.
    func authenticate(_ request: inout URLRequest) async throws(EndpointError) {
        guard isActive, let origin, request.url.flatMap(Origin.init) == origin else { return }
        let checked = request.allHTTPHeaderFields ?? [:]  // validated when the request was built
        #if canImport(FoundationNetworking)
            // Linux's Foundation drops a bad value set with `setValue` silently: note it as it goes
            // (some 25 allocations per request, so only for an authenticator that needs it).
            let recorder = mayBeRefusedSilently ? RefusedHeaderRecorder() : nil
            let watched = recorder?.watching(request) ?? request
        #else
            let watched = request
        #endif
        request = try await Self.reportingAuthenticatorErrors { [authenticator] in
            var authenticated = watched
            try await authenticator.authenticate(&authenticated)
            return authenticated
        }
        #if canImport(FoundationNetworking)
            if let name = recorder?.firstRefusedName {
                throw .invalidRequest(.invalidHeaderValue(name: name))
            }
        #endif
        // Only what the authenticator added or changed needs checking.
        for (name, value) in request.allHTTPHeaderFields ?? [:] where checked[name] != value {
            try HeaderValidation.validate(name: name)
            try HeaderValidation.validate(value: value, named: name)
        }
    }

    func prepare(_ request: inout URLRequest, for call: Call, state: inout AttemptState)
        async throws(EndpointError) -> Preparation
    {
        try await authenticate(&request)
        return .send
    }

    /// Only an unacceptable response can need a renewed credential.
    func judges(_ response: HTTPResponse, for call: Call) -> Bool { !call.policy.validation.accepts(response) }

    /// After an unacceptable response, asks the authenticator (once per run) to renew its
    /// credential, and has the request sent again if it did. A streamed request body is used
    /// up, so such a request is not renewed.
    func judge(_ sent: Sent, to request: URLRequest, for call: Call, state: inout AttemptState)
        async throws(EndpointError) -> Verdict
    {
        guard !state.hasRenewedCredential, request.httpBodyStream == nil,
            !call.policy.validation.accepts(sent.response),
            try await renewCredential(after: sent.response, sentWith: request)
        else { return .pass }
        state.hasRenewedCredential = true
        state.observation?.didRenewCredential(after: sent.response)
        return .resend
    }

    /// Whose credentials `request` carries, for the cache's key, as a digest: the authenticator's
    /// identity when the request goes to the base URL's origin, and any `Authorization`,
    /// `Proxy-Authorization` or `Cookie` the endpoint set itself; `""` for none.
    func credentialIdentity(for request: URLRequest) async -> String {
        var parts: [String] = []
        if isActive, let origin, request.url.flatMap(Origin.init) == origin,
            let identity = await authenticator.credentialIdentity(for: request)
        {
            parts.append("authenticator: \(identity)")
        }
        for name in ["Authorization", "Proxy-Authorization", "Cookie"] {
            if let value = request.value(forHTTPHeaderField: name) { parts.append("\(name): \(value)") }
        }
        guard !parts.isEmpty else { return "" }
        return SHA256.hexDigest(of: Data(parts.joined(separator: "\n").utf8))
    }

    /// Asks the authenticator to renew its credential after `response`; `true` to send again.
    func renewCredential(after response: HTTPResponse, sentWith request: URLRequest) async throws(EndpointError) -> Bool
    {
        guard isActive else { return false }
        return try await Self.reportingAuthenticatorErrors { [authenticator] in
            try await authenticator.renewCredential(after: response, sentWith: request)
        }
    }

    /// Runs an authenticator call, its errors as ``EndpointError/reportingAuthenticatorError(_:)``
    /// reports them: an ``EndpointError`` passes through, cancellation becomes `.cancelled`, and
    /// any other error ``EndpointError/authenticationFailed(underlying:call:)``.
    private static func reportingAuthenticatorErrors<Value>(
        _ body: () async throws -> Value
    ) async throws(EndpointError) -> Value {
        do {
            return try await body()
        } catch {
            throw .reportingAuthenticatorError(error)
        }
    }
}
