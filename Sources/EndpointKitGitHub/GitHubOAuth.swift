import EndpointKit

extension OAuthEndpoints {
    /// GitHub's OAuth endpoints on `https://github.com` (not the API's host): the web flow's and
    /// the device flow's. GitHub answers in JSON because EndpointKit asks for it, and answers a
    /// device flow's pending poll with status 200, which ``/EndpointKit/OAuthClient`` reads as the OAuth error
    /// it is.
    ///
    /// ```swift
    /// let github = OAuthClient(
    ///     clientID: "Iv1.0123456789abcdef", endpoints: .gitHub,
    ///     client: Client(baseURL: URL(string: "https://github.com")!))
    /// let authorization = try await github.startDeviceAuthorization(scope: ["repo"])
    /// ```
    public static let gitHub = OAuthEndpoints(
        token: "/login/oauth/access_token", authorization: "/login/oauth/authorize",
        deviceAuthorization: "/login/device/code")
}
