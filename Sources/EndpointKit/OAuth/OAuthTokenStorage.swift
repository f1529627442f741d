import Foundation

/// Where an ``OAuthAuthenticator`` keeps the tokens between launches: the keychain on Apple
/// platforms, a file with owner-only permissions for a command-line tool, a database for a
/// server.
///
/// ``OAuthAuthenticator`` calls ``save(_:)`` with the new tokens after each refresh and before
/// the new access token is used: when the server rotates refresh tokens, the old one is dead from
/// the moment the refresh request reaches the server, so a crash after `save` returned never
/// loses the only refresh token that works, and a crash from sending the refresh until `save`
/// returns does (the next start gets ``OAuthError/Reason/signInRequired``). `save` must therefore return only once
/// the tokens are durable, and be quick.
///
/// <!-- snippet needs: Keychain -->
/// ```swift
/// struct KeychainTokenStorage: OAuthTokenStorage {
///     func load() async throws -> OAuthTokens? {
///         try Keychain.read("tokens").map { try JSONDecoder().decode(OAuthTokens.self, from: $0) }
///     }
///     func save(_ tokens: OAuthTokens) async throws {
///         try Keychain.write("tokens", JSONEncoder().encode(tokens))
///     }
///     func remove() async throws { try Keychain.delete("tokens") }
/// }
/// ```
public protocol OAuthTokenStorage: Sendable {
    /// The stored tokens, or `nil` when there are none.
    func load() async throws -> OAuthTokens?
    /// Stores `tokens` durably, replacing any stored before.
    func save(_ tokens: OAuthTokens) async throws
    /// Removes the stored tokens: the user signed out, or the server refused the refresh token.
    func remove() async throws
}

/// Tokens kept in memory only: for a server that gets its tokens again at each start, and for
/// tests.
public actor InMemoryOAuthTokenStorage: OAuthTokenStorage {
    private var tokens: OAuthTokens?
    /// How many times ``save(_:)`` was called: for EndpointKit's tests (`@testable import`).
    private(set) var saveCount = 0

    /// Creates the storage, holding `tokens` if given.
    public init(_ tokens: OAuthTokens? = nil) {
        self.tokens = tokens
    }

    /// The tokens held.
    public func load() async throws -> OAuthTokens? { tokens }

    /// Holds `tokens` instead.
    public func save(_ tokens: OAuthTokens) async throws {
        self.tokens = tokens
        saveCount += 1
    }

    /// Holds nothing.
    public func remove() async throws { tokens = nil }
}
