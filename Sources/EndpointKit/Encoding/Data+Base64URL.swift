import Foundation

extension Data {
    /// The bytes in Base64url (RFC 4648 §5), without padding: a PKCE verifier and challenge, and
    /// the parts of a JWT (EndpointKitGitHub's GitHub App tokens).
    package func base64URLEncodedString() -> String {
        base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
