import Foundation

extension OAuthClient {
    /// The grant type of a device code poll.
    static let deviceCodeGrantType = "urn:ietf:params:oauth:grant-type:device_code"

    /// Starts the device flow (RFC 8628 §3.1): what a command-line tool or a TV uses to sign its
    /// user in through a browser on another device.
    ///
    /// - Parameter scope: The scopes to ask for.
    /// - Returns: The user code and page to show, and what ``tokens(for:)`` polls with.
    /// - Throws: ``OAuthError``: ``OAuthError/Reason/endpointNotConfigured`` when
    ///   ``OAuthEndpoints/deviceAuthorization`` is not set (nothing is sent), else as
    ///   ``clientCredentials(scope:)``.
    public func startDeviceAuthorization(scope: [String] = []) async throws(OAuthError) -> DeviceAuthorization {
        guard let path = endpoints.deviceAuthorization else {
            throw OAuthError(endpointNotConfigured: "OAuthEndpoints.deviceAuthorization")
        }
        var fields: [(String, String)] = []
        if !scope.isEmpty { fields.append(("scope", scope.joined(separator: " "))) }
        let answer = try await post(fields, to: path, named: "device authorization endpoint")
        let expiresIn = try answer.seconds("expires_in") ?? 1800
        let userCode = try answer.required("user_code")
        // `??` rethrows untyped, so Google's `verification_url` is read apart.
        let verificationURI: String
        if let uri = answer.optional("verification_uri") {
            verificationURI = uri
        } else {
            verificationURI = try answer.required("verification_url")
        }
        return DeviceAuthorization(
            userCode: userCode, verificationURI: verificationURI,
            verificationURIComplete: answer.optional("verification_uri_complete"),
            expiresAt: answer.receivedAt.addingTimeInterval(expiresIn),
            interval: max(1, try answer.seconds("interval") ?? 5),
            deviceCode: try answer.required("device_code"))
    }

    /// Polls the token endpoint until the user approves the device, and returns the tokens (RFC
    /// 8628 §3.4–3.5).
    ///
    /// - Waits ``DeviceAuthorization/interval`` before each poll; on `authorization_pending`
    ///   polls again; on `slow_down` waits 5 seconds longer from then on (or the interval the
    ///   server gives, if longer, as GitHub does).
    /// - A poll that fails as a ``RetryPolicy`` would try again (a timeout, a lost or refused
    ///   connection) is tried again after twice the interval, as the RFC advises; a call failure of
    ///   any other kind ends polling.
    /// - Stops with the server's ``OAuthError/Reason/errorResponse`` on `access_denied`,
    ///   `expired_token` or any other error, and with ``OAuthError/Reason/deviceCodeExpired``
    ///   (its ``OAuthError/code`` `expired_token` too) when the device code's lifetime has passed
    ///   by the clock.
    /// - Cancelling the task stops it with ``OAuthError/Reason/cancelled``.
    ///
    /// - Parameter authorization: What ``startDeviceAuthorization(scope:)`` returned.
    /// - Returns: The tokens.
    /// - Throws: ``OAuthError``.
    public func tokens(for authorization: DeviceAuthorization) async throws(OAuthError) -> OAuthTokens {
        var interval = authorization.interval
        var wait = interval
        let fields = [("grant_type", Self.deviceCodeGrantType), ("device_code", authorization.deviceCode)]
        let deviceAuthorization = "device authorization \(authorization.userCode)"
        while true {
            do {
                try await clock.sleep(wait)
            } catch {
                var cancelled = OAuthError(reason: .cancelled)
                cancelled.endpoint = deviceAuthorization
                throw cancelled
            }
            guard clock.now() < authorization.expiresAt else {
                var expired = OAuthError(reason: .deviceCodeExpired)
                expired.code = .expiredToken
                expired.endpoint = deviceAuthorization
                throw expired
            }
            do throws(OAuthError) {
                return try await post(fields, to: endpoints.token, named: "token endpoint").tokens()
            } catch {
                wait = try Self.nextWait(after: error, interval: &interval)
            }
        }
    }

    /// How long to wait before the next poll after `error`, growing `interval` on `slow_down`; or
    /// `error` itself when polling must stop.
    private static func nextWait(after error: OAuthError, interval: inout TimeInterval) throws(OAuthError)
        -> TimeInterval
    {
        if error.reason == .errorResponse, error.code == .authorizationPending { return interval }
        if error.reason == .errorResponse, error.code == .slowDown {
            interval = max(interval + 5, error.slowDownInterval ?? 0)
            return interval
        }
        guard case .transportFailed(let failure)? = error.requestFailure, RetryPolicy.isRetryable(failure) else {
            throw error
        }
        return interval * 2
    }
}
