import Foundation

/// Tokens in a JSON file that only its owner can read (permissions `0600`), replaced atomically:
/// for a command-line tool, as `gh` keeps its own.
///
/// <!-- snippet needs: configDirectory -->
/// ```swift
/// let storage = FileOAuthTokenStorage(url: configDirectory.appendingPathComponent("tokens.json"))
/// ```
///
/// ``save(_:)`` writes the tokens to a temporary file next to the file, `.tokens.json.<UUID>.tmp`
/// for `tokens.json`, created owner-only, flushed to disk and renamed over the file. A process
/// killed during a save leaves that temporary file behind; the next ``load()``, ``save(_:)`` or
/// ``remove()`` of the same file removes it (but not one that a save in progress, in this
/// process or another, still holds).
public struct FileOAuthTokenStorage: OAuthTokenStorage {
    /// The file.
    public let url: URL

    /// Creates the storage for the file at `url`; its directory must exist.
    public init(url: URL) {
        self.url = url
    }

    /// The tokens in the file, or `nil` when there is no file; first removes the temporary files
    /// that killed saves left.
    ///
    /// - Throws: A `DecodingError` when the file holds something else.
    public func load() async throws -> OAuthTokens? {
        removeStaleTemporaryFiles()
        guard let data = try? Data(contentsOf: url) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(OAuthTokens.self, from: data)
    }

    /// Writes `tokens` to a new file with permissions `0600`, flushed to disk, then renames it
    /// over the old one, so the file always holds either the old tokens or the new ones; first
    /// removes the temporary files that killed saves left.
    ///
    /// - Throws: A `CocoaError` that names the step, the path and the system's error
    ///   (`NSUnderlyingErrorKey`, a `POSIXError`) when the file cannot be written.
    public func save(_ tokens: OAuthTokens) async throws {
        removeStaleTemporaryFiles()
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        try replaceFile(with: encoder.encode(tokens))
    }

    /// Deletes the file, if there is one, and the temporary files that killed saves left.
    public func remove() async throws {
        removeStaleTemporaryFiles()
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        try FileManager.default.removeItem(at: url)
    }
}
