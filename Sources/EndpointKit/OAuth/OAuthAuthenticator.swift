import Foundation

/// Authenticates requests with OAuth 2.0 access tokens, and renews them: with the refresh token
/// of a signed-in user, or with the client's own credentials.
///
/// - Before a request, a token that expires within `renewalLeadTime` (60 s by default) is renewed
///   first; after a `401`, once. Renewals are single-flight: 32 calls that need one wait for the
///   same one.
/// - **Rotation:** the new tokens are saved to the ``OAuthTokenStorage`` before the new access
///   token is used, so a crash after `save` returned cannot lose the only refresh token that
///   works; a crash from sending the refresh until `save` returns can (the server has rotated the
///   stored token), and the next start gets ``OAuthError/Reason/signInRequired``. A refresh answer without a refresh
///   token keeps the old one.
/// - **The end of a sign-in:** a refresh refused with `invalid_grant` (revoked, expired, or
///   rotated and reused) removes the stored tokens and fails the call with an ``OAuthError``
///   whose reason is ``OAuthError/Reason/signInRequired``, carrying the server's error; later
///   calls fail with ``OAuthError/Reason/signInRequired`` at once, without asking the server,
///   until new tokens are saved and a new authenticator loads them.
/// - OAuth errors are never retried: the calls fail with
///   ``EndpointError/authenticationFailed(underlying:call:)`` carrying the ``OAuthError`` (or
///   the storage's error). A token request that could not be sent or answered fails the call
///   with its own ``EndpointError`` (a transport failure, say).
///
/// <!-- snippet needs: tokensFile, oauth, apiURL -->
/// ```swift
/// let storage = FileOAuthTokenStorage(url: tokensFile)
/// if try await storage.load() == nil {
///     let authorization = try await oauth.startDeviceAuthorization(scope: ["repo"])
///     print("Open \(authorization.verificationURI) and enter \(authorization.userCode)")
///     try await storage.save(try await oauth.tokens(for: authorization))
/// }
/// let api = Client(baseURL: apiURL, authenticator: OAuthAuthenticator(oauth, storage: storage))
/// ```
///
/// A call that cannot be authenticated because the user must sign in again:
///
/// <!-- snippet needs: client, UserRepositories, showSignIn -->
/// ```swift
/// do {
///     print(try await client.get(UserRepositories()).count)
/// } catch EndpointError.authenticationFailed(let error as OAuthError, _) where error.reason == .signInRequired {
///     showSignIn(reason: error.errorDescription)
/// } catch {
///     print(error)
/// }
/// ```
public struct OAuthAuthenticator: Authenticator {
    /// The tokens and their renewal; internal, not private, for the tests that watch renewals.
    let store: CredentialStore<OAuthTokens>

    /// An authenticator for a signed-in user: it loads the tokens from `storage` when first
    /// used, refreshes them with their refresh token, and saves each refresh there.
    ///
    /// - Parameters:
    ///   - oauth: The client of the authorization server that issued the tokens.
    ///   - storage: Where the tokens are kept.
    ///   - renewalLeadTime: How many seconds before its expiry an access token is renewed.
    public init(_ oauth: OAuthClient, storage: some OAuthTokenStorage, renewalLeadTime: TimeInterval = 60) {
        store = CredentialStore(credential: nil, leadTime: renewalLeadTime, clock: oauth.clock) { current in
            try await Self.renew(current, with: oauth, storage: storage, leadTime: renewalLeadTime)
        }
    }

    /// An authenticator for the client itself (RFC 6749 §4.4): it gets a token with the client's
    /// credentials, and a new one when it expires or is refused.
    ///
    /// <!-- snippet needs: clientSecret, endpoints, authClient, apiURL -->
    /// ```swift
    /// let oauth = OAuthClient(
    ///     clientID: "reporting", authentication: .clientSecretBasic(clientSecret), endpoints: endpoints, client: authClient)
    /// let api = Client(baseURL: apiURL, authenticator: OAuthAuthenticator.clientCredentials(oauth, scope: ["read"]))
    /// ```
    ///
    /// - Parameters:
    ///   - oauth: The client of the authorization server, with its secret.
    ///   - scope: The scopes to ask for.
    ///   - renewalLeadTime: How many seconds before its expiry a token is renewed.
    public static func clientCredentials(
        _ oauth: OAuthClient, scope: [String] = [], renewalLeadTime: TimeInterval = 60
    ) -> OAuthAuthenticator {
        OAuthAuthenticator(
            store: CredentialStore(credential: nil, leadTime: renewalLeadTime, clock: oauth.clock) { _ in
                try await oauth.clientCredentials(scope: scope)
            })
    }

    private init(store: CredentialStore<OAuthTokens>) {
        self.store = store
    }

    /// The same identity for every token this authenticator renews or signs in again, and another
    /// for each authenticator: a renewal keeps the user's cached responses.
    ///
    /// - Parameter request: The request as built.
    /// - Returns: The identity of this authenticator's credential.
    public func credentialIdentity(for request: URLRequest) async -> String? { store.identity }

    /// Sets `Authorization: Bearer <access token>`, loading or renewing the tokens first when
    /// needed.
    ///
    /// - Parameter request: The request about to be sent.
    /// - Throws: What the call fails with: ``EndpointError/authenticationFailed(underlying:call:)``
    ///   carrying the ``OAuthError`` (``OAuthError/Reason/signInRequired`` when the user must sign
    ///   in again) or the storage's error; the token request's own ``EndpointError`` when it
    ///   could not be sent or answered; ``EndpointError/invalidRequest(_:call:)`` for an access
    ///   token that cannot go in a header.
    public func authenticate(_ request: inout URLRequest) async throws(EndpointError) {
        let tokens: OAuthTokens
        do {
            tokens = try await store.current()
        } catch {
            throw Self.callFailure(error)
        }
        try TokenAuthenticator(token: tokens.accessToken.value, scheme: .bearer).setHeader(on: &request)
    }

    /// On a `401`, renews the tokens unless they were renewed since `request` was sent.
    ///
    /// - Parameters:
    ///   - response: The unacceptable response.
    ///   - request: The request as it was sent.
    /// - Returns: `true` for a `401`, after the tokens were renewed; `false` otherwise.
    /// - Throws: As ``authenticate(_:)``.
    public func renewCredential(after response: HTTPResponse, sentWith request: URLRequest) async throws(EndpointError)
        -> Bool
    {
        guard response.statusCode == 401 else { return false }
        do {
            _ = try await store.renew(replacing: TokenAuthenticator.Scheme.bearer.token(sentIn: request))
        } catch {
            throw Self.callFailure(error)
        }
        return true
    }

    /// The same as ``renewCredential(after:sentWith:)``, for callers written against 0.3.0.
    @available(*, deprecated, renamed: "renewCredential(after:sentWith:)")
    public func refreshCredential(after response: HTTPResponse, sentWith request: URLRequest) async throws -> Bool {
        try await renewCredential(after: response, sentWith: request)
    }

    /// What the call fails with when loading, refreshing or saving the tokens threw `error`: the
    /// token request's own ``EndpointError`` when it could not be sent or answered, as the
    /// client reports any authenticator's error otherwise.
    private static func callFailure(_ error: any Error) -> EndpointError {
        if let error = error as? OAuthError, let failure = error.requestFailure { return failure }
        if let error = error as? OAuthError, error.reason == .cancelled { return .cancelled }
        return .reportingAuthenticatorError(error)
    }

    /// The next tokens of a signed-in user: the stored ones when there are none in memory yet
    /// and they do not expire soon; else refreshed, saved, then returned.
    private static func renew(
        _ current: OAuthTokens?, with oauth: OAuthClient, storage: some OAuthTokenStorage, leadTime: TimeInterval
    ) async throws -> OAuthTokens {
        var tokens = current
        if tokens == nil {
            tokens = try await storage.load()
            if let stored = tokens, !stored.accessToken.expires(within: leadTime, of: oauth.clock.now()) {
                return stored
            }
        }
        guard let refreshToken = tokens?.refreshToken else { throw OAuthError(reason: .signInRequired) }
        let fresh: OAuthTokens
        do throws(OAuthError) {
            fresh = try await oauth.refresh(refreshToken)
        } catch {
            // Not `catch where`, and no `var` copy of `error` here: Swift 6.3.1's SILGen fails on
            // that shape (an ownership error; the build hangs in StackNesting).
            guard error.reason == .errorResponse, error.code == .invalidGrant else { throw error }
            try? await storage.remove()
            throw OAuthError(signInRequiredAfter: error)
        }
        try await storage.save(fresh)
        return fresh
    }
}
