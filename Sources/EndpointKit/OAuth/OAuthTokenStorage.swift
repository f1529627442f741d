import Foundation

/// Where an ``OAuthAuthenticator`` keeps the tokens between launches: the keychain on Apple
/// platforms, a file with owner-only permissions for a command-line tool, a database for a
/// server.
///
/// ``OAuthAuthenticator`` calls ``save(_:)`` with the new tokens after each refresh and before
/// the new access token is used: when the server rotates refresh tokens, the old one is dead from
/// the moment the refresh request reaches the server, so a crash after `save` returned never
/// loses the only refresh token that works, and a crash from sending the refresh until `save`
/// returns does (the next start gets ``SignInRequired``). `save` must therefore return only once
/// the tokens are durable, and be quick.
///
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
    /// How many times ``save(_:)`` was called.
    public private(set) var saveCount = 0

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

/// Tokens in a JSON file that only its owner can read (permissions `0600`), replaced atomically:
/// for a command-line tool, as `gh` keeps its own.
///
/// ```swift
/// let storage = FileOAuthTokenStorage(url: configDirectory.appendingPathComponent("tokens.json"))
/// ```
public struct FileOAuthTokenStorage: OAuthTokenStorage {
    /// The file.
    public let url: URL

    /// Creates the storage for the file at `url`; its directory must exist.
    public init(url: URL) {
        self.url = url
    }

    /// The tokens in the file, or `nil` when there is no file.
    ///
    /// - Throws: A `DecodingError` when the file holds something else.
    public func load() async throws -> OAuthTokens? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(OAuthTokens.self, from: data)
    }

    /// Writes `tokens` to a new file with permissions `0600`, flushed to disk, then renames it
    /// over the old one, so the file always holds either the old tokens or the new ones.
    public func save(_ tokens: OAuthTokens) async throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(tokens)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        guard
            FileManager.default.createFile(
                atPath: temporary.path, contents: nil, attributes: [.posixPermissions: 0o600])
        else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary.path]) }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            try handle.write(contentsOf: data)
            try handle.synchronize()
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path, "errno": code])
        }
    }

    /// Deletes the file, if there is one.
    public func remove() async throws {
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        try FileManager.default.removeItem(at: url)
    }
}
