/// There are no tokens to authenticate with, and none can be had without the user: nobody signed
/// in yet, the stored tokens expired without a refresh token, or the server refused the refresh
/// token (``OAuthError/Code/invalidGrant``: revoked, expired, or already rotated).
///
/// ``OAuthAuthenticator`` throws it (the call fails with
/// ``EndpointError/authenticationFailed(underlying:call:)``) and, after `invalid_grant`, removes
/// the stored tokens, so later calls fail at once without asking the server again. Sign the user
/// in again, save the new tokens, and calls work again.
///
/// <!-- snippet needs: client, UserRepositories, showSignIn -->
/// ```swift
/// do {
///     print(try await client.get(UserRepositories()).count)
/// } catch EndpointError.authenticationFailed(let error as SignInRequired, _) {
///     showSignIn(reason: error.cause?.errorDescription)
/// } catch {
///     print(error)
/// }
/// ```
public struct SignInRequired: Error, Sendable, CustomStringConvertible {
    /// Why: the server's refusal of the refresh token, or `nil` when there were no usable tokens.
    public var cause: OAuthError?

    /// Creates the error.
    ///
    /// - Parameter cause: The server's refusal, if that is why.
    public init(cause: OAuthError? = nil) {
        self.cause = cause
    }

    /// What happened and what to do.
    public var description: String {
        guard let cause else { return "Sign-in required: there are no tokens that can be used or refreshed" }
        return "Sign-in required: \(cause)"
    }
}

extension SignInRequired: EndsCredential {
    var endsCredential: Bool { true }
}
