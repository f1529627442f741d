import EndpointKit
import Foundation

/// Draws transfer progress on standard error: a bar redrawn in place on a terminal, a line per
/// tenth otherwise (so that logs stay readable).
final class ProgressBar: @unchecked Sendable {
    // `@unchecked`: `lastTenth` is only touched while holding `lock`.
    private let lock = NSLock()
    private let label: String
    private let start = Date()
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private var lastTenth = -1

    init(label: String) {
        self.label = label
    }

    func update(_ progress: TransferProgress) {
        lock.lock()
        defer { lock.unlock() }
        let line = Self.render(progress, label: label, seconds: Date().timeIntervalSince(start))
        if isTerminal {
            FileHandle.standardError.write(Data("\r\(line)".utf8))
            if progress.isComplete { FileHandle.standardError.write(Data("\n".utf8)) }
        } else {
            let tenth = Int((progress.fractionCompleted ?? 0) * 10)
            guard tenth > lastTenth else { return }
            lastTenth = tenth
            FileHandle.standardError.write(Data("\(line)\n".utf8))
        }
    }

    /// `label [##########..........]  50 %  50.0 of 100.0 MB  210.3 MB/s`
    static func render(_ progress: TransferProgress, label: String, seconds: Double) -> String {
        let width = 30
        let fraction = progress.fractionCompleted ?? 0
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        let done = megabytes(progress.completedBytes)
        let total = progress.expectedBytes.map { " of \(megabytes($0))" } ?? ""
        let rate = seconds > 0 ? String(format: "  %.1f MB/s", Double(progress.completedBytes) / 1e6 / seconds) : ""
        return "\(label) [\(bar)] \(String(format: "%3d", Int(fraction * 100))) %  \(done)\(total) MB\(rate)"
    }

    private static func megabytes(_ bytes: Int64) -> String {
        String(format: "%.1f", Double(bytes) / 1e6)
    }
}
