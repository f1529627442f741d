/// Where an authorization server's endpoints are: paths on the ``OAuthClient``'s client (or
/// absolute URLs on its origin).
///
/// ```swift
/// let endpoints = OAuthEndpoints(
///     token: "/login/oauth/access_token", authorization: "/login/oauth/authorize",
///     deviceAuthorization: "/login/device/code")
/// ```
public struct OAuthEndpoints: Sendable, Hashable {
    /// The token endpoint (RFC 6749 §3.2).
    public var token: String
    /// The authorization endpoint (RFC 6749 §3.1), for the authorization code flow.
    public var authorization: String?
    /// The device authorization endpoint (RFC 8628 §3.1), for the device flow.
    public var deviceAuthorization: String?

    /// Creates the endpoints.
    ///
    /// - Parameters:
    ///   - token: The token endpoint.
    ///   - authorization: The authorization endpoint, if the code flow is used.
    ///   - deviceAuthorization: The device authorization endpoint, if the device flow is used.
    public init(token: String, authorization: String? = nil, deviceAuthorization: String? = nil) {
        self.token = token
        self.authorization = authorization
        self.deviceAuthorization = deviceAuthorization
    }
}
