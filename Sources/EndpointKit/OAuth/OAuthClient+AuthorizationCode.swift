import Foundation

extension OAuthClient {
    /// Starts a sign-in with the authorization code flow and PKCE S256 (RFC 6749 §4.1, RFC 7636):
    /// the URL to open, with a new random `state` and PKCE verifier.
    ///
    /// <!-- snippet needs: oauth, openInBrowser, waitForLoopbackCallback -->
    /// ```swift
    /// let request = try oauth.authorizationRequest(redirectURI: "http://127.0.0.1:8400/callback", scope: ["read"])
    /// openInBrowser(request.url)   // or ASWebAuthenticationSession in an app
    /// let callback = try await waitForLoopbackCallback(port: 8400)
    /// let tokens = try await oauth.tokens(fromCallback: callback, of: request)
    /// ```
    ///
    /// - Parameters:
    ///   - redirectURI: Where the server sends the browser back: a custom scheme for an app, or
    ///     `http://127.0.0.1:PORT/…` for a command-line tool (RFC 8252).
    ///   - scope: The scopes to ask for.
    ///   - additionalParameters: Other query parameters, such as `prompt` or `login_hint`.
    /// - Returns: The request to open and keep.
    /// - Throws: ``OAuthError``: ``OAuthError/Reason/endpointNotConfigured`` when
    ///   ``OAuthEndpoints/authorization`` is not set, ``OAuthError/Reason/requestFailed`` (with an
    ///   ``EndpointError/invalidRequest(_:call:)``) when it does not make a URL with the client's
    ///   base URL.
    public func authorizationRequest(
        redirectURI: String, scope: [String] = [], additionalParameters: [String: String] = [:]
    ) throws(OAuthError) -> AuthorizationRequest {
        guard let path = endpoints.authorization else {
            throw OAuthError(endpointNotConfigured: "OAuthEndpoints.authorization")
        }
        func failure(_ error: EndpointError) -> OAuthError {
            var failure = OAuthError(requestFailure: error)
            failure.endpoint = "authorization endpoint \(path)"
            return failure
        }
        let endpoint: URL
        do throws(EndpointError) {
            endpoint = try EndpointURL.make(baseURL: client.baseURL, path: path)
        } catch {
            throw failure(error)
        }
        let pkce = PKCE()
        let state = PKCE().verifier
        var items = [
            ("response_type", "code"), ("client_id", clientID), ("redirect_uri", redirectURI), ("state", state),
            ("code_challenge", pkce.challenge), ("code_challenge_method", PKCE.method),
        ]
        if !scope.isEmpty { items.append(("scope", scope.joined(separator: " "))) }
        items += additionalParameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        // Spaces as %20, not `+`: browsers and servers alike read that as a space in a URL.
        let query = items.map {
            PercentEncoding.encode($0, allowing: PercentEncoding.unreserved) + "="
                + PercentEncoding.encode($1, allowing: PercentEncoding.unreserved)
        }
        let url: URL
        do throws(EndpointError) {
            url = try EndpointURL.appending(query: query.joined(separator: "&"), to: endpoint)
        } catch {
            throw failure(error)
        }
        return AuthorizationRequest(url: url, redirectURI: redirectURI, state: state, pkce: pkce)
    }

    /// Checks the URL the browser came back to and exchanges its code for tokens.
    ///
    /// - Parameters:
    ///   - callback: The URL the server redirected to, with `code` and `state` (or `error`).
    ///   - request: The request the sign-in started with.
    /// - Returns: The tokens.
    /// - Throws: ``OAuthError``: ``OAuthError/Reason/callbackStateMismatch``,
    ///   ``OAuthError/Reason/callbackWithoutCode`` or ``OAuthError/Reason/callbackAtWrongRedirectURI``
    ///   (nothing is sent); ``OAuthError/Reason/errorResponse`` for an `error` in the callback
    ///   (`access_denied` when the user said no; no ``OAuthError/statusCode``) or from the token
    ///   endpoint (`invalid_grant` for a used code or a wrong verifier); else as
    ///   ``exchange(code:of:)``.
    public func tokens(fromCallback callback: URL, of request: AuthorizationRequest) async throws(OAuthError)
        -> OAuthTokens
    {
        let expected = URLComponents(string: request.redirectURI)
        let components = URLComponents(url: callback, resolvingAgainstBaseURL: false)
        guard let components, components.scheme?.lowercased() == expected?.scheme?.lowercased(),
            components.path == expected?.path
        else { throw OAuthError(reason: .callbackAtWrongRedirectURI) }
        let items = components.queryItems ?? []
        func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
        guard value("state") == request.state else { throw OAuthError(reason: .callbackStateMismatch) }
        if let code = value("error") {
            throw OAuthError(
                code: OAuthError.Code(rawValue: code), errorDescription: value("error_description"),
                errorURI: value("error_uri"), statusCode: nil, endpoint: "authorization endpoint (callback)")
        }
        guard let code = value("code"), !code.isEmpty else { throw OAuthError(reason: .callbackWithoutCode) }
        return try await exchange(code: code, of: request)
    }

    /// Exchanges an authorization code for tokens, with the request's PKCE verifier (RFC 6749
    /// §4.1.3); ``tokens(fromCallback:of:)`` does this after checking the callback.
    ///
    /// - Parameters:
    ///   - code: The authorization code.
    ///   - request: The request the sign-in started with.
    /// - Returns: The tokens.
    /// - Throws: ``OAuthError``: ``OAuthError/Reason/errorResponse``, an answer that is not OAuth,
    ///   or ``OAuthError/Reason/requestFailed``.
    public func exchange(code: String, of request: AuthorizationRequest) async throws(OAuthError) -> OAuthTokens {
        let fields = [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", request.redirectURI),
            ("code_verifier", request.pkce.verifier),
        ]
        return try await post(fields, to: endpoints.token, named: "token endpoint").tokens()
    }
}
