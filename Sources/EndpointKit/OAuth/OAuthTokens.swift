import Foundation

/// What a token endpoint issued: an access token, perhaps a refresh token, and the scope granted.
///
/// Store it with an ``OAuthTokenStorage`` (it is `Codable`); its description never shows either
/// token:
///
/// <!-- snippet needs: oauth -->
/// ```swift
/// let authorization = try await oauth.startDeviceAuthorization(scope: ["repo"])
/// let tokens = try await oauth.tokens(for: authorization)
/// print(tokens)   // OAuthTokens(access: <redacted>, expires 2026-11-29T13:00:00Z, refresh: <redacted>, scope: "repo")
/// ```
public struct OAuthTokens: Sendable, Hashable, Codable {
    /// The token that authorizes requests, and when it expires if the server said.
    public var accessToken: AccessToken
    /// The token that gets new tokens (RFC 6749 §6), if the server issued one.
    public var refreshToken: String?
    /// The scope granted, as the server wrote it (space-separated by the RFC; GitHub separates
    /// with commas), if it said.
    public var scope: String?

    /// Creates tokens.
    ///
    /// - Parameters:
    ///   - accessToken: The access token and its expiry.
    ///   - refreshToken: The refresh token, if any.
    ///   - scope: The scope granted, if known.
    public init(accessToken: AccessToken, refreshToken: String? = nil, scope: String? = nil) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.scope = scope
    }
}

extension OAuthTokens: CarriesAccessToken {}

extension OAuthTokens: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The expiry and the scope; never a token.
    public var description: String {
        let expiry = accessToken.expiresAt.map { "expires " + $0.ISO8601Format() } ?? "expiry unknown"
        let refresh = refreshToken == nil ? "none" : Redaction.placeholder
        let scope = self.scope.map { "\"\($0)\"" } ?? "unknown"
        return "OAuthTokens(access: \(Redaction.placeholder), \(expiry), refresh: \(refresh), scope: \(scope))"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// A mirror without the tokens.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "accessToken": accessToken, "refreshToken": refreshToken.map { _ in Redaction.placeholder } as Any,
                "scope": scope as Any,
            ], displayStyle: .struct)
    }
}
