import Foundation

/// Passes progress on to a handler so that it only ever grows: an attempt that starts over
/// after a retry, or a transport that reports the same figure twice, reports nothing until it
/// gets further than before. ``finish(totalBytes:)`` reports 100 % unless that was the last
/// thing reported, and nothing is reported after it.
///
/// The handler is called while holding the lock: reports come from the transport's threads and
/// the end from the calling task, and the handler sees them one at a time, in order.
final class ProgressReporter: Sendable {
    private struct State {
        var last: TransferProgress?
        var isFinished = false

        /// Records `progress` as the last one reported, if it should be reported.
        mutating func advance(to progress: TransferProgress, finishing: Bool) -> Bool {
            guard !isFinished else { return false }
            isFinished = finishing
            if let last, finishing ? last == progress : progress.completedBytes <= last.completedBytes {
                return false
            }
            last = progress
            return true
        }
    }

    private let handler: TransferProgressHandler
    private let state = Locked(State())

    init(_ handler: @escaping TransferProgressHandler) {
        self.handler = handler
    }

    /// The total of the last progress reported (its bytes when the total is unknown); 0 before any.
    var lastTotalBytes: Int64 {
        state.withLock { state in state.last.map { $0.expectedBytes ?? $0.completedBytes } ?? 0 }
    }

    /// Reports `progress` if it is further than anything reported before.
    func report(_ progress: TransferProgress) {
        state.withLock { state in
            if state.advance(to: progress, finishing: false) { handler(progress) }
        }
    }

    /// Reports `totalBytes` of `totalBytes`, the end of the transfer.
    func finish(totalBytes: Int64) {
        let final = TransferProgress(completedBytes: totalBytes, expectedBytes: totalBytes)
        state.withLock { state in
            if state.advance(to: final, finishing: true) { handler(final) }
        }
    }
}

extension TransferProgress {
    /// Progress from URLSession's figures, where a negative or zero total means "unknown".
    init(completed: Int64, expected: Int64) {
        self.init(completedBytes: completed, expectedBytes: expected > 0 ? expected : nil)
    }
}
