import Foundation

/// An OAuth 2.0 error response (RFC 6749 §5.2, RFC 8628 §3.5): the server's `error` code, its
/// `error_description` and `error_uri`, and where it came from.
///
/// An OAuth error is never retried: the request would fail the same way. A refresh refused with
/// ``Code/invalidGrant`` ends the sign-in (``SignInRequired``).
///
/// <!-- snippet needs: oauth -->
/// ```swift
/// do {
///     let tokens = try await oauth.clientCredentials(scope: ["read"])
///     print(tokens)
/// } catch let error as OAuthError where error.code == .invalidClient {
///     print(error)   // The token endpoint https://auth.example.com/token refused the request: invalid_client …
/// }
/// ```
public struct OAuthError: Error, Sendable, Hashable {
    /// An OAuth error code, such as `invalid_grant`; any code a server sends can be represented.
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

    /// The server's `error`.
    public var code: Code
    /// The server's `error_description`: text for the developer, not the user.
    public var errorDescription: String?
    /// The server's `error_uri`: a page about the error.
    public var errorURI: String?
    /// The response's HTTP status (GitHub answers some errors with 200).
    public var statusCode: Int
    /// The endpoint that answered, such as `token endpoint https://auth.example.com/token`.
    public var endpoint: String
    /// The `interval` of a `slow_down` answer, when the server gives one (GitHub does).
    var slowDownInterval: TimeInterval?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: The `error` code.
    ///   - errorDescription: The `error_description`.
    ///   - errorURI: The `error_uri`.
    ///   - statusCode: The HTTP status.
    ///   - endpoint: Which endpoint answered.
    public init(code: Code, errorDescription: String? = nil, errorURI: String? = nil, statusCode: Int, endpoint: String)
    {
        self.code = code
        self.errorDescription = errorDescription
        self.errorURI = errorURI
        self.statusCode = statusCode
        self.endpoint = endpoint
    }
}

extension OAuthError: CustomStringConvertible {
    /// `The token endpoint https://host/token refused the request: invalid_grant (The refresh token
    /// was revoked.) (HTTP 400)`.
    public var description: String {
        var text = "The \(endpoint) refused the request: \(code.rawValue)"
        if let errorDescription, !errorDescription.isEmpty { text += " (\(errorDescription))" }
        text += " (HTTP \(statusCode))"
        if let errorURI { text += "; see \(errorURI)" }
        return text
    }
}
