import Foundation

/// Why an OAuth flow failed: what every ``OAuthClient`` function throws, and what an
/// ``OAuthAuthenticator``'s call fails with (inside
/// ``EndpointError/authenticationFailed(underlying:call:)``).
///
/// Its ``reason`` says what kind of failure it is, an open set; the other properties say more,
/// each set for the reasons its documentation names. The server's own error (RFC 6749 §5.2,
/// RFC 8628 §3.5) is ``Reason/errorResponse``, with the server's ``code``, ``errorDescription``
/// and ``errorURI``. An OAuth error is never retried: the request would fail the same way.
///
/// <!-- snippet needs: oauth -->
/// ```swift
/// do {
///     let tokens = try await oauth.clientCredentials(scope: ["read"])
///     print(tokens)
/// } catch where error.code == .invalidClient {
///     print(error)   // The token endpoint https://auth.example.com/token refused the request: invalid_client …
/// } catch {
///     switch error.reason {
///     case .requestFailed: print("could not reach the server:", error.requestFailure.map { "\($0)" } ?? "")
///     default: print(error)
///     }
/// }
/// ```
///
/// Its description names the endpoint, the status and what is wrong, never a body, a token or a
/// secret.
public struct OAuthError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is.
    public var reason: Reason
    /// The server's `error`, such as `invalid_grant`: for ``Reason/errorResponse``, and for
    /// ``Reason/signInRequired`` after the server refused the refresh token. For
    /// ``Reason/deviceCodeExpired``, `expired_token`, the code RFC 8628 gives to that case, so
    /// that one test covers the server's expiry and the clock's.
    public var code: Code?
    /// The server's `error_description`: text for the developer, not the user.
    public var errorDescription: String?
    /// The server's `error_uri`: a page about the error.
    public var errorURI: String?
    /// The HTTP status of the server's answer (GitHub answers some errors with 200); `nil` when
    /// there was no answer: an error in the authorization callback, an expiry by the clock, an
    /// endpoint not set, a request that failed.
    public var statusCode: Int?
    /// What failed, such as `token endpoint https://auth.example.com/token`,
    /// `authorization endpoint (callback)`, or for ``Reason/endpointNotConfigured`` the
    /// ``OAuthEndpoints`` property that is not set (`OAuthEndpoints.deviceAuthorization`).
    public var endpoint: String?
    /// The field of the answer that is missing (``Reason/missingField``) or not valid
    /// (``Reason/invalidField``), such as `access_token` or `expires_in`.
    public var field: String?
    /// The answer's `Content-Type`, for ``Reason/notOAuthResponse``, if it had one.
    public var contentType: String?
    /// The `token_type` of the answer, for ``Reason/unsupportedTokenType``.
    public var tokenType: String?
    /// Why the request to the server could not be made, sent or answered, for
    /// ``Reason/requestFailed`` (and ``Reason/cancelled`` when a request was cancelled): its
    /// transport failure, timeout, or invalid URL.
    public var requestFailure: EndpointError?
    /// The `interval` of a `slow_down` answer, when the server gives one (GitHub does).
    var slowDownInterval: TimeInterval?

    /// Creates an error of the given reason; set the properties it needs.
    ///
    /// - Parameter reason: What kind of failure it is.
    public init(reason: Reason) {
        self.reason = reason
    }

    /// Creates the server's error response (``Reason/errorResponse``).
    ///
    /// - Parameters:
    ///   - code: The `error` code.
    ///   - errorDescription: The `error_description`.
    ///   - errorURI: The `error_uri`.
    ///   - statusCode: The HTTP status; `nil` when the error came another way (in a callback).
    ///   - endpoint: Which endpoint answered.
    public init(
        code: Code, errorDescription: String? = nil, errorURI: String? = nil, statusCode: Int?, endpoint: String
    ) {
        self.init(reason: .errorResponse)
        self.code = code
        self.errorDescription = errorDescription
        self.errorURI = errorURI
        self.statusCode = statusCode
        self.endpoint = endpoint
    }

    /// The answer of `endpoint` with `status` is not what OAuth says it should be.
    init(_ reason: Reason, answeredBy endpoint: String, status: Int) {
        self.init(reason: reason)
        self.endpoint = endpoint
        self.statusCode = status
    }

    /// The sign-in ended: the server refused the refresh token with `refusal`, whose code,
    /// description and endpoint it keeps.
    init(signInRequiredAfter refusal: OAuthError) {
        self = refusal
        reason = .signInRequired
    }

    /// The flow needs the endpoint that `property` of ``OAuthEndpoints`` would set.
    init(endpointNotConfigured property: String) {
        self.init(reason: .endpointNotConfigured)
        endpoint = property
    }

    /// The request to the server failed with `failure`: ``Reason/cancelled`` when it was
    /// cancelled, else ``Reason/requestFailed``.
    init(requestFailure failure: EndpointError) {
        if case .cancelled = failure {
            self.init(reason: .cancelled)
        } else {
            self.init(reason: .requestFailed)
        }
        requestFailure = failure
    }
}

extension OAuthError: EndsCredential {
    var endsCredential: Bool { reason == .signInRequired }
}
