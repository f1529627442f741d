extension OAuthError {
    /// What kind of failure an ``OAuthError`` is: an open set, so that a new kind is an addition.
    public struct Reason: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The reason's name, such as `errorResponse`.
        public let rawValue: String

        /// Creates a reason.
        ///
        /// - Parameter rawValue: Its name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The reason's name.
        public var description: String { rawValue }

        /// The server answered with an OAuth error (RFC 6749 §5.2, §4.1.2.1 in an authorization
        /// callback; RFC 8628 §3.5): ``OAuthError/code``, ``OAuthError/errorDescription`` and
        /// ``OAuthError/errorURI`` are the server's.
        public static let errorResponse = Reason(rawValue: "errorResponse")
        /// There are no tokens to authenticate with, and none can be had without the user: nobody
        /// signed in yet, the stored tokens expired without a refresh token, or the server refused
        /// the refresh token (``OAuthError/code`` is then ``Code/invalidGrant``: revoked, expired,
        /// or already rotated). Sign the user in again.
        public static let signInRequired = Reason(rawValue: "signInRequired")
        /// The device code's lifetime passed, by the client's clock, before the user approved it;
        /// ``OAuthError/code`` is ``Code/expiredToken``.
        public static let deviceCodeExpired = Reason(rawValue: "deviceCodeExpired")
        /// The answer is neither a JSON object nor a form (an HTML error page, say), or an error
        /// status without an OAuth error; ``OAuthError/contentType`` is its type.
        public static let notOAuthResponse = Reason(rawValue: "notOAuthResponse")
        /// A field that must be in the answer is missing or empty: ``OAuthError/field``.
        public static let missingField = Reason(rawValue: "missingField")
        /// A field of the answer has a value of the wrong kind, such as an `expires_in` that is not
        /// a number: ``OAuthError/field``.
        public static let invalidField = Reason(rawValue: "invalidField")
        /// The answer's `token_type` (``OAuthError/tokenType``) is not `Bearer`, the only type
        /// EndpointKit sends.
        public static let unsupportedTokenType = Reason(rawValue: "unsupportedTokenType")
        /// The authorization callback's `state` is not the one sent (another sign-in's answer, or
        /// a forged one): it was not used, and nothing was sent.
        public static let callbackStateMismatch = Reason(rawValue: "callbackStateMismatch")
        /// The authorization callback has neither a `code` nor an `error`; nothing was sent.
        public static let callbackWithoutCode = Reason(rawValue: "callbackWithoutCode")
        /// The authorization callback is not at the request's redirect URI; nothing was sent.
        public static let callbackAtWrongRedirectURI = Reason(rawValue: "callbackAtWrongRedirectURI")
        /// The flow needs an endpoint that the client's ``OAuthEndpoints`` does not set:
        /// ``OAuthError/endpoint`` names the property. Nothing was sent.
        public static let endpointNotConfigured = Reason(rawValue: "endpointNotConfigured")
        /// The request to the server could not be made, sent or answered (a transport failure, a
        /// timeout, a URL the endpoint and the client's base URL do not make):
        /// ``OAuthError/requestFailure`` is its ``EndpointError``.
        public static let requestFailed = Reason(rawValue: "requestFailed")
        /// The task was cancelled, during a request (``OAuthError/requestFailure`` is then its
        /// ``EndpointError/cancelled(call:)``) or while the device flow waited between polls.
        public static let cancelled = Reason(rawValue: "cancelled")
    }

    /// An OAuth error code, such as `invalid_grant`: what the server sent as `error`, so any code
    /// a server sends can be represented. It keeps RFC 6749's name; the kind of an
    /// ``OAuthError`` is its ``Reason``.
    public struct Code: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The code as the server sent it.
        public let rawValue: String

        /// Creates a code.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Creates a code from a literal.
        public init(stringLiteral value: String) { self.rawValue = value }

        /// The code as the server sent it.
        public var description: String { rawValue }

        /// The request is missing a parameter or is otherwise malformed.
        public static let invalidRequest: Code = "invalid_request"
        /// The client's authentication failed: unknown client, wrong secret, wrong method.
        public static let invalidClient: Code = "invalid_client"
        /// The grant (authorization code, refresh token, device code, PKCE verifier) is invalid,
        /// expired, revoked or was issued to another client.
        public static let invalidGrant: Code = "invalid_grant"
        /// The client may not use this grant type.
        public static let unauthorizedClient: Code = "unauthorized_client"
        /// The server does not support this grant type.
        public static let unsupportedGrantType: Code = "unsupported_grant_type"
        /// The scope asked for is invalid, unknown or too broad.
        public static let invalidScope: Code = "invalid_scope"
        /// The user or the server denied the request.
        public static let accessDenied: Code = "access_denied"
        /// The device code expired before the user approved it (RFC 8628).
        public static let expiredToken: Code = "expired_token"
        /// The user has not approved the device yet (RFC 8628); polling goes on.
        public static let authorizationPending: Code = "authorization_pending"
        /// Polling is too fast (RFC 8628); the interval grows by 5 seconds.
        public static let slowDown: Code = "slow_down"
        /// The server failed.
        public static let serverError: Code = "server_error"
        /// The server is overloaded or down for maintenance.
        public static let temporarilyUnavailable: Code = "temporarily_unavailable"
    }
}
