import Foundation

/// Changes each request just before it is sent, to add credentials.
///
/// The client calls ``authenticate(_:)`` once per request, after the request is built and before
/// the transport sends it. It may be asynchronous (to read a keychain or renew a token) and may
/// throw; the client then reports ``EndpointError/authenticationFailed(underlying:call:)`` and sends
/// nothing. Headers it sets are checked for CR/LF like all others.
///
/// <!-- snippet needs: url, apiKey -->
/// ```swift
/// struct APIKeyAuthenticator: Authenticator {
///     let key: String
///     func authenticate(_ request: inout URLRequest) async throws {
///         request.setValue(key, forHTTPHeaderField: "X-API-Key")
///     }
/// }
/// let client = Client(baseURL: url, authenticator: APIKeyAuthenticator(key: apiKey))
/// ```
///
/// Built-ins: ``Authenticator/token(_:)`` (GitHub's `Authorization: token …`),
/// ``Authenticator/bearer(_:)``, ``Authenticator/basic(username:password:)``,
/// ``ClosureAuthenticator`` and ``Authenticator/none``.
public protocol Authenticator: Sendable {
    /// Adds credentials to `request`.
    ///
    /// - Parameter request: The request about to be sent.
    /// - Throws: Any error; the request is then not sent.
    func authenticate(_ request: inout URLRequest) async throws

    /// Called when a request this authenticator authenticated got an unacceptable status:
    /// return `true` if the credential was renewed, and the client sends the request once more,
    /// authenticated again. The default calls ``refreshCredential(after:sentWith:)``, this
    /// method's name in 0.3.0, whose own default returns `false`: an authenticator that
    /// implements either works.
    ///
    /// Many requests may fail at once with the same stale credential; make the renewal
    /// single-flight, as ``RefreshingTokenAuthenticator`` does.
    ///
    /// <!-- snippet needs: SessionStore -->
    /// ```swift
    /// struct SessionAuthenticator: Authenticator {
    ///     let session: SessionStore   // an actor that renews once for many callers
    ///     func authenticate(_ request: inout URLRequest) async throws {
    ///         request.setValue(try await session.token(), forHTTPHeaderField: "X-Session")
    ///     }
    ///     func renewCredential(after response: HTTPResponse, sentWith request: URLRequest) async throws -> Bool {
    ///         guard response.statusCode == 401 else { return false }
    ///         try await session.renew(replacing: request.value(forHTTPHeaderField: "X-Session"))
    ///         return true
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - response: The unacceptable response (a `401`, say).
    ///   - request: The request as it was sent, with the credential it carried.
    /// - Returns: Whether to send the request again.
    /// - Throws: When renewing failed; the call then fails with
    ///   ``EndpointError/authenticationFailed(underlying:call:)``.
    func renewCredential(after response: HTTPResponse, sentWith request: URLRequest) async throws -> Bool

    /// The name of ``renewCredential(after:sentWith:)`` in 0.3.0: an authenticator that
    /// implements it still works, since the default ``renewCredential(after:sentWith:)`` calls
    /// it. Implement ``renewCredential(after:sentWith:)`` instead.
    ///
    /// - Parameters:
    ///   - response: The unacceptable response (a `401`, say).
    ///   - request: The request as it was sent, with the credential it carried.
    /// - Returns: Whether to send the request again.
    @available(*, deprecated, renamed: "renewCredential(after:sentWith:)")
    func refreshCredential(after response: HTTPResponse, sentWith request: URLRequest) async throws -> Bool

    /// Whose credential this authenticator adds to `request`: what keeps one user's cached
    /// responses from another's (``CacheKey/credentialIdentity``). `nil` when it adds none.
    ///
    /// It must stay the same across renewals of one credential, so that a renewed token still
    /// finds its user's entries, and differ between users. The client digests it before it
    /// keys an entry with it, so it never reaches a store as it is. The default authenticates a
    /// copy of `request` and digests every header field that changed: right for a fixed
    /// credential (a token, an API key in any header), but new with each renewal of a rotating
    /// one, whose entries are then orphaned (never shared); such an authenticator returns the
    /// account or grant it renews instead.
    ///
    /// <!-- snippet needs: SessionStore -->
    /// ```swift
    /// struct AccountAuthenticator: Authenticator {
    ///     let accountID: String
    ///     let session: SessionStore
    ///     func authenticate(_ request: inout URLRequest) async throws {
    ///         request.setValue(try await session.token(), forHTTPHeaderField: "X-Session")
    ///     }
    ///     func credentialIdentity(for request: URLRequest) async -> String? { "account:\(accountID)" }
    /// }
    /// ```
    ///
    /// - Parameter request: The request as built, before this authenticator changed it.
    /// - Returns: The identity; `nil` for no credential.
    func credentialIdentity(for request: URLRequest) async -> String?
}

extension Authenticator {
    /// Calls ``refreshCredential(after:sentWith:)``, which never renews unless the authenticator
    /// implements it: an unacceptable status is then final.
    public func renewCredential(after response: HTTPResponse, sentWith request: URLRequest) async throws -> Bool {
        try await Self.renew(through: LegacyRenewal(authenticator: self), after: response, sentWith: request)
    }

    private static func renew(
        through legacy: some RenewsThroughLegacyName, after response: HTTPResponse, sentWith request: URLRequest
    ) async throws -> Bool {
        try await legacy.renewCredential(after: response, sentWith: request)
    }

    /// Never renews: an unacceptable status is final.
    @available(*, deprecated, renamed: "renewCredential(after:sentWith:)")
    public func refreshCredential(after response: HTTPResponse, sentWith request: URLRequest) async throws -> Bool {
        false
    }
}

extension Authenticator {
    /// A digest of every header field that ``authenticate(_:)`` sets or changes on a copy of
    /// `request` (and of its URL, if it changes that); `nil` when it changes nothing. When
    /// authenticating throws, an identity that no other request has: the response is then kept
    /// for nobody else.
    public func credentialIdentity(for request: URLRequest) async -> String? {
        var probe = request
        do {
            try await authenticate(&probe)
        } catch {
            return "unidentified:\(UUID().uuidString)"
        }
        return CredentialDigest.ofChanges(from: request, to: probe)
    }
}

/// Calls an authenticator's ``Authenticator/refreshCredential(after:sentWith:)`` for the default
/// ``Authenticator/renewCredential(after:sentWith:)``: through a requirement of its own, which
/// is not deprecated, so that EndpointKit builds without a deprecation warning.
private protocol RenewsThroughLegacyName {
    func renewCredential(after response: HTTPResponse, sentWith request: URLRequest) async throws -> Bool
}

private struct LegacyRenewal<Base: Authenticator>: RenewsThroughLegacyName {
    let authenticator: Base

    @available(*, deprecated, message: "calls the deprecated refreshCredential(after:sentWith:)")
    func renewCredential(after response: HTTPResponse, sentWith request: URLRequest) async throws -> Bool {
        try await authenticator.refreshCredential(after: response, sentWith: request)
    }
}

/// Sends no credentials: the client's default.
public struct NoAuthenticator: Authenticator {
    /// Creates the authenticator.
    public init() {}

    /// Leaves the request as it is.
    ///
    /// - Parameter request: The request, unchanged.
    public func authenticate(_ request: inout URLRequest) async throws {}

    /// `nil`: no credential.
    public func credentialIdentity(for request: URLRequest) async -> String? { nil }
}

extension Authenticator where Self == NoAuthenticator {
    /// Sends no credentials.
    public static var none: NoAuthenticator { NoAuthenticator() }
}

/// An authenticator made from a closure.
///
/// <!-- snippet needs: keychain -->
/// ```swift
/// let authenticator = ClosureAuthenticator { request in
///     request.setValue(try await keychain.sessionToken(), forHTTPHeaderField: "X-Session")
/// }
/// ```
public struct ClosureAuthenticator: Authenticator {
    private let body: @Sendable (inout URLRequest) async throws -> Void

    /// Creates an authenticator that runs `body` on each request.
    ///
    /// - Parameter body: Changes the request; may suspend and throw.
    public init(_ body: @escaping @Sendable (inout URLRequest) async throws -> Void) {
        self.body = body
    }

    /// Runs the closure on `request`.
    ///
    /// - Parameter request: The request about to be sent.
    /// - Throws: What the closure throws.
    public func authenticate(_ request: inout URLRequest) async throws {
        try await body(&request)
    }
}
