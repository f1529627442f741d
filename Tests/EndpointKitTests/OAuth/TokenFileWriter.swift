import Foundation

/// The `token-file-writer` process (Tests/TokenFileWriter), which saves tokens with
/// `FileOAuthTokenStorage` over and over until it is killed.
enum TokenFileWriter {
    /// The executable, built next to the test bundle's resources.
    static var executable: URL {
        Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("token-file-writer")
    }

    /// Starts the writer on `file`, kills it with `SIGKILL` as soon as it has reported `count`
    /// finished saves (the next one is then under way), and waits for it to end.
    ///
    /// - Returns: How many saves it reported finished, `count` or more.
    /// - Throws: ``TestFailure`` when the writer ended by itself.
    static func killedWhileSaving(to file: URL, afterSaves count: Int) async throws -> Int {
        // Blocking reads, off the cooperative pool.
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try run(on: file, killingAfter: count) })
            }
        }
    }

    private static func run(on file: URL, killingAfter count: Int) throws -> Int {
        let process = Process()
        process.executableURL = executable
        process.arguments = [file.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        var saves = 0
        while saves < count {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }  // the writer ended
            saves += chunk.filter { $0 == UInt8(ascii: "\n") }.count
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        guard saves >= count, process.terminationReason == .uncaughtSignal else {
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw TestFailure("token-file-writer ended after \(saves) saves by itself: \(message)")
        }
        return saves
    }
}
