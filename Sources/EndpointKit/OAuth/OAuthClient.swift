import Foundation

/// An OAuth 2.0 client of one authorization server: gets tokens with client credentials, the
/// device flow or an authorization code with PKCE, and refreshes them.
///
/// Its requests go through `client` (a ``Client`` whose base URL is the authorization server),
/// so its transport, middleware and observers apply; secrets in them are redacted as any
/// credential is. Token requests are never retried: a refresh may have rotated the refresh token
/// even if its answer was lost. Every function throws ``OAuthError``, whose ``OAuthError/reason``
/// says what went wrong: the server's error answer (``OAuthError/Reason/errorResponse``), an
/// answer that is not OAuth, a callback that cannot be used, an endpoint that is not set, or the
/// request's own failure (``OAuthError/Reason/requestFailed``, with its ``EndpointError``).
///
/// ```swift
/// let github = OAuthClient(
///     clientID: "Iv1.0123456789abcdef",
///     endpoints: OAuthEndpoints(token: "/login/oauth/access_token", deviceAuthorization: "/login/device/code"),
///     client: Client(baseURL: URL(string: "https://github.com")!))
/// let authorization = try await github.startDeviceAuthorization(scope: ["repo"])
/// print("Open \(authorization.verificationURI) and enter \(authorization.userCode)")
/// let tokens = try await github.tokens(for: authorization)
/// ```
public struct OAuthClient: Sendable {
    /// The client's ID at the authorization server.
    public let clientID: String
    /// How the client authenticates to the token endpoint.
    public let authentication: ClientAuthentication
    /// Where the server's endpoints are.
    public let endpoints: OAuthEndpoints
    /// The client that sends the requests, whose base URL is the authorization server.
    public let client: Client
    /// The time tokens expire by, and that the device flow's polling waits on: `client`'s own
    /// (``Client/Configuration/clock``) unless another was given.
    public let clock: ClientClock

    /// Creates an OAuth client.
    ///
    /// - Parameters:
    ///   - clientID: The client's ID.
    ///   - authentication: `.none` for a public client (the default), else how it sends its secret.
    ///   - endpoints: The server's endpoints, as paths on `client`.
    ///   - client: Sends the requests; its base URL is the authorization server.
    ///   - clock: The time tokens expire by and device-flow polls wait on; `client`'s clock by
    ///     default, so that one clock serves the whole client.
    public init(
        clientID: String, authentication: ClientAuthentication = .none, endpoints: OAuthEndpoints, client: Client,
        clock: ClientClock? = nil
    ) {
        self.clientID = clientID
        self.authentication = authentication
        self.endpoints = endpoints
        self.client = client
        self.clock = clock ?? client.configuration.clock
    }

    /// Gets tokens for the client itself, with no user (RFC 6749 §4.4): what one server uses to
    /// call another.
    ///
    /// - Parameter scope: The scopes to ask for; none by default (the server's default).
    /// - Returns: The tokens; usually without a refresh token.
    /// - Throws: ``OAuthError``: ``OAuthError/Reason/errorResponse`` (`invalid_client` for a wrong
    ///   secret), an answer that is not OAuth, or ``OAuthError/Reason/requestFailed``.
    public func clientCredentials(scope: [String] = []) async throws(OAuthError) -> OAuthTokens {
        var fields = [("grant_type", "client_credentials")]
        if !scope.isEmpty { fields.append(("scope", scope.joined(separator: " "))) }
        return try await post(fields, to: endpoints.token, named: "token endpoint").tokens()
    }

    /// Gets new tokens with a refresh token (RFC 6749 §6).
    ///
    /// When the server rotates refresh tokens, the answer carries a new one and the old one is
    /// dead: store the new one before using the new access token (``OAuthAuthenticator`` does).
    /// When it does not, the returned tokens keep `refreshToken`.
    ///
    /// - Parameters:
    ///   - refreshToken: The refresh token.
    ///   - scope: A narrower scope to ask for; the same as before by default.
    /// - Returns: The new tokens.
    /// - Throws: ``OAuthError``: ``OAuthError/Reason/errorResponse`` (`invalid_grant` for a
    ///   revoked, expired or rotated refresh token), an answer that is not OAuth, or
    ///   ``OAuthError/Reason/requestFailed``.
    public func refresh(_ refreshToken: String, scope: [String] = []) async throws(OAuthError) -> OAuthTokens {
        var fields = [("grant_type", "refresh_token"), ("refresh_token", refreshToken)]
        if !scope.isEmpty { fields.append(("scope", scope.joined(separator: " "))) }
        var tokens = try await post(fields, to: endpoints.token, named: "token endpoint").tokens()
        if tokens.refreshToken == nil { tokens.refreshToken = refreshToken }
        return tokens
    }
}
