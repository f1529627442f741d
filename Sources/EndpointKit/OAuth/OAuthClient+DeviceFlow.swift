import Foundation

extension OAuthClient {
    /// The grant type of a device code poll.
    static let deviceCodeGrantType = "urn:ietf:params:oauth:grant-type:device_code"

    /// Starts the device flow (RFC 8628 §3.1): what a command-line tool or a TV uses to sign its
    /// user in through a browser on another device.
    ///
    /// - Parameter scope: The scopes to ask for.
    /// - Returns: The user code and page to show, and what ``tokens(for:)`` polls with.
    /// - Throws: ``OAuthError``, ``UnexpectedOAuthResponse`` or ``EndpointError``;
    ///   `URLError(.unsupportedURL)` when ``OAuthEndpoints/deviceAuthorization`` is not set.
    public func startDeviceAuthorization(scope: [String] = []) async throws -> DeviceAuthorization {
        guard let path = endpoints.deviceAuthorization else { throw URLError(.unsupportedURL) }
        var fields: [(String, String)] = []
        if !scope.isEmpty { fields.append(("scope", scope.joined(separator: " "))) }
        let answer = try await post(fields, to: path, named: "device authorization endpoint")
        let expiresIn = try answer.seconds("expires_in") ?? 1800
        return DeviceAuthorization(
            userCode: try answer.required("user_code"),
            verificationURI: try answer.optional("verification_uri") ?? answer.required("verification_url"),
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
    /// - Stops with ``OAuthError`` on `access_denied`, `expired_token` or any other error, and
    ///   with `expired_token` of its own when the device code's lifetime has passed.
    /// - Cancelling the task stops it (`CancellationError` or ``EndpointError/cancelled``).
    ///
    /// - Parameter authorization: What ``startDeviceAuthorization(scope:)`` returned.
    /// - Returns: The tokens.
    /// - Throws: ``OAuthError``, ``UnexpectedOAuthResponse``, ``EndpointError`` or
    ///   `CancellationError`.
    public func tokens(for authorization: DeviceAuthorization) async throws -> OAuthTokens {
        var interval = authorization.interval
        var wait = interval
        let fields = [("grant_type", Self.deviceCodeGrantType), ("device_code", authorization.deviceCode)]
        while true {
            try await clock.sleep(wait)
            guard clock.now() < authorization.expiresAt else {
                throw OAuthError(
                    code: .expiredToken, errorDescription: "the device code expired before the user approved it",
                    statusCode: 0, endpoint: "device authorization \(authorization.userCode)")
            }
            do {
                return try await post(fields, to: endpoints.token, named: "token endpoint").tokens()
            } catch let error as OAuthError where error.code == .authorizationPending {
                wait = interval
            } catch let error as OAuthError where error.code == .slowDown {
                interval = max(interval + 5, error.slowDownInterval ?? 0)
                wait = interval
            } catch EndpointError.transportFailed(let failure) where RetryPolicy.isRetryable(failure) {
                wait = interval * 2
            }
        }
    }
}
