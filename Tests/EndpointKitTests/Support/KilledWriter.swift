import Foundation

/// A test process built next to the test bundle (`token-file-writer`, `cache-writer`) that writes
/// over and over, printing a line after each finished write, until a test kills it.
enum KilledWriter {
    /// The executable `name`, built next to the test bundle's resources.
    static func executable(_ name: String) -> URL {
        Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent(name)
    }

    /// Starts `name` with `arguments`, kills it with `SIGKILL` once it has reported `count`
    /// finished writes and `delay` microseconds more have passed (the next write is then under
    /// way), and waits for it to end.
    ///
    /// - Returns: How many writes it reported finished before it was killed: `count` or more.
    /// - Throws: ``TestFailure`` when the writer ended by itself.
    static func run(
        _ name: String, arguments: [String], killingAfter count: Int, delay: UInt32 = 0
    ) async throws -> Int {
        // Blocking reads, off the cooperative pool.
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(
                    with: Result { try runBlocking(name, arguments, killingAfter: count, delay: delay) })
            }
        }
    }

    private static func runBlocking(
        _ name: String, _ arguments: [String], killingAfter count: Int, delay: UInt32
    ) throws -> Int {
        let process = Process()
        process.executableURL = executable(name)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        var text = ""
        while text.filter({ $0 == "\n" }).count < count {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }  // the writer ended
            text += String(decoding: chunk, as: UTF8.self)
        }
        if delay > 0 { usleep(delay) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        // What it reported before it died, the lines read so far included.
        text += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let writes = text.filter { $0 == "\n" }.count
        guard writes >= count, process.terminationReason == .uncaughtSignal else {
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw TestFailure("\(name) ended after \(writes) writes by itself: \(message)")
        }
        return writes
    }
}
