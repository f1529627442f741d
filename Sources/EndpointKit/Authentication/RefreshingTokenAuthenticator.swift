import Foundation

/// Sends a token that expires, renews it shortly before it does, and again when the server
/// answers `401`.
///
/// The renewal is single-flight: however many requests need it at once, `refresh` runs once, they
/// all wait for it and are sent (or sent once more) with the new token. A request that was sent
/// with an old token and fails after the token was renewed is simply sent again, without another
/// renewal. If the renewal after a `401` throws, every call that failed with the old token fails
/// with ``EndpointError/authenticationFailed(underlying:call:)``: those that waited for the
/// renewal, and those whose `401` arrives after it failed, without renewing again. A call that
/// starts after the failure tries again.
///
/// A token whose expiry is known (``AccessToken/expiresAt``) is renewed before it is sent once it
/// expires within `renewalLeadTime` (60 seconds by default), as judged by `clock`. If that early
/// renewal fails, the token still goes out until it has expired, and the next call tries again.
///
/// <!-- snippet needs: authClient, RefreshSession, refreshToken, url -->
/// ```swift
/// let authenticator = RefreshingTokenAuthenticator { () async throws -> AccessToken in
///     let session = try await authClient.post(RefreshSession(refreshToken: refreshToken))
///     return AccessToken(session.accessToken, expiresIn: session.expiresIn, from: .now)
/// }
/// let client = Client(baseURL: url, authenticator: authenticator)
/// ```
public struct RefreshingTokenAuthenticator: Authenticator {
    private let store: CredentialStore<AccessToken>
    /// The word before the token in the `Authorization` header.
    public let scheme: TokenAuthenticator.Scheme

    /// Creates the authenticator for tokens whose expiry is not known: they are renewed after a
    /// `401` only.
    ///
    /// - Parameters:
    ///   - scheme: `.bearer` (the default) or `.token`.
    ///   - token: The current token, or `nil` to fetch one with `refresh` before the first request.
    ///   - refresh: Fetches a new token; called once per renewal.
    public init(
        scheme: TokenAuthenticator.Scheme = .bearer, token: String? = nil,
        refresh: @escaping @Sendable () async throws -> String
    ) {
        self.init(scheme: scheme, token: token.map { AccessToken($0) }) { AccessToken(try await refresh()) }
    }

    /// Creates the authenticator for tokens that may say when they expire.
    ///
    /// - Parameters:
    ///   - scheme: `.bearer` (the default) or `.token`.
    ///   - token: The current token, or `nil` to fetch one with `refresh` before the first request.
    ///   - renewalLeadTime: How many seconds before its expiry a token is renewed; 60 by default.
    ///   - clock: The time expiries are judged by; ``ClientClock/system`` by default.
    ///   - refresh: Fetches a new token; called once per renewal.
    public init(
        scheme: TokenAuthenticator.Scheme = .bearer, token: AccessToken? = nil, renewalLeadTime: TimeInterval = 60,
        clock: ClientClock = .system, refresh: @escaping @Sendable () async throws -> AccessToken
    ) {
        self.scheme = scheme
        self.store = CredentialStore(credential: token, leadTime: renewalLeadTime, clock: clock) { _ in
            try await refresh()
        }
    }

    /// The same identity for every token this authenticator fetches, and another for each
    /// authenticator: a renewal keeps its cached responses.
    ///
    /// - Parameter request: The request as built.
    /// - Returns: The identity of this authenticator's credential.
    public func credentialIdentity(for request: URLRequest) async -> String? { store.identity }

    /// Sets `Authorization: <scheme> <token>`, fetching or renewing the token first when there is
    /// none or it expires within the lead time.
    ///
    /// - Parameter request: The request about to be sent.
    /// - Throws: The refresh closure's error, or ``EndpointError/invalidRequest(_:call:)`` for a token
    ///   that cannot go in a header.
    public func authenticate(_ request: inout URLRequest) async throws {
        let token = try await store.current()
        try await TokenAuthenticator(token: token.value, scheme: scheme).authenticate(&request)
    }

    /// On a `401`, renews the token unless it was renewed since `request` was sent.
    ///
    /// - Parameters:
    ///   - response: The unacceptable response.
    ///   - request: The request as it was sent.
    /// - Returns: `true` for a `401`, after the token was renewed; `false` otherwise.
    /// - Throws: The refresh closure's error.
    public func renewCredential(after response: HTTPResponse, sentWith request: URLRequest) async throws -> Bool {
        guard response.statusCode == 401 else { return false }
        _ = try await store.renew(replacing: scheme.token(sentIn: request))
        return true
    }

    /// The same as ``renewCredential(after:sentWith:)``, its name in 0.3.0.
    @available(*, deprecated, renamed: "renewCredential(after:sentWith:)")
    public func refreshCredential(after response: HTTPResponse, sentWith request: URLRequest) async throws -> Bool {
        try await renewCredential(after: response, sentWith: request)
    }
}

extension TokenAuthenticator.Scheme {
    /// The token that `request` carried in its `Authorization` header with this scheme, if any.
    func token(sentIn request: URLRequest) -> String? {
        let sent = request.value(forHTTPHeaderField: "Authorization")
        let prefix = rawValue + " "
        return sent.flatMap { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : nil }
    }
}
