import Foundation

/// One sign-in through the browser with the authorization code flow and PKCE: the URL to open,
/// and what the callback is checked and exchanged with.
///
/// Keep it until the browser comes back to ``redirectURI``, then pass the callback URL to
/// ``OAuthClient/tokens(fromCallback:of:)``. Its `state` and PKCE verifier are secrets for that
/// one sign-in; the description shows neither.
public struct AuthorizationRequest: Sendable, Hashable {
    /// The authorization endpoint's URL with every parameter: open it in a browser
    /// (`ASWebAuthenticationSession` on Apple platforms, the system browser for a command-line
    /// tool with a loopback redirect).
    public let url: URL
    /// Where the server sends the browser back, as given.
    public let redirectURI: String
    /// The `state` sent, which the callback must carry back (RFC 6749 §10.12).
    let state: String
    /// The PKCE verifier sent with the code exchange.
    let pkce: PKCE
}

extension AuthorizationRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The authorization endpoint and the redirect URI; not the state or the verifier.
    public var description: String {
        let endpoint = url.absoluteString.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        return "AuthorizationRequest(\(endpoint), redirect to \(redirectURI))"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// A mirror without the state or the verifier.
    public var customMirror: Mirror { Mirror(self, children: ["description": description]) }
}
