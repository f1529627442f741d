import Foundation

/// The `token-file-writer` process (Tests/TokenFileWriter), which saves tokens with
/// `FileOAuthTokenStorage` over and over until it is killed.
enum TokenFileWriter {
    /// Starts the writer on `file`, kills it with `SIGKILL` as soon as it has reported `count`
    /// finished saves (the next one is then under way), and waits for it to end.
    ///
    /// - Returns: How many saves it reported finished, `count` or more.
    /// - Throws: ``TestFailure`` when the writer ended by itself.
    static func killedWhileSaving(to file: URL, afterSaves count: Int) async throws -> Int {
        try await KilledWriter.run("token-file-writer", arguments: [file.path], killingAfter: count)
    }
}
