import Foundation

/// Proof Key for Code Exchange (RFC 7636) with the S256 method: a random verifier kept by the
/// app, and its SHA-256 challenge sent in the authorization URL, so that an intercepted
/// authorization code is worthless without the verifier.
///
/// ``OAuthClient/authorizationRequest(redirectURI:scope:additionalParameters:)`` makes one
/// for you; make one yourself only to build the authorization URL by other means.
///
/// ```swift
/// let pkce = PKCE()
/// var authorize = URL(string: "https://auth.example.com/authorize")!
/// authorize.append(queryItems: [
///     URLQueryItem(name: "code_challenge", value: pkce.challenge),
///     URLQueryItem(name: "code_challenge_method", value: PKCE.method),
/// ])
/// ```
public struct PKCE: Sendable, Hashable {
    /// The challenge method: `S256`, the only one worth using (RFC 7636 §4.2; OAuth 2.0 Security
    /// BCP §2.1.1).
    public static let method = "S256"

    /// The secret the code exchange proves knowledge of: 43 to 128 characters of
    /// `A-Z a-z 0-9 - . _ ~`. Never shown by a description.
    public let verifier: String

    /// The challenge: the verifier's SHA-256, Base64url-encoded without padding.
    public var challenge: String {
        Data(SHA256.digest(of: Data(verifier.utf8))).base64URLEncodedString()
    }

    /// A new verifier: 32 random bytes from the system's secure generator, Base64url-encoded
    /// (43 characters, 256 bits), as RFC 7636 §4.1 recommends.
    public init() {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        verifier = Data(bytes).base64URLEncodedString()
    }

    /// A given verifier, such as one a test needs.
    ///
    /// - Parameter verifier: 43 to 128 characters of `A-Z a-z 0-9 - . _ ~`.
    /// - Returns: `nil` when `verifier` is not a valid verifier.
    public init?(verifier: String) {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        guard (43...128).contains(verifier.count), verifier.allSatisfy(allowed.contains) else { return nil }
        self.verifier = verifier
    }
}

extension PKCE: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The challenge; never the verifier.
    public var description: String { "PKCE(S256, challenge \(challenge))" }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// A mirror without the verifier.
    public var customMirror: Mirror { Mirror(self, children: ["challenge": challenge]) }
}
