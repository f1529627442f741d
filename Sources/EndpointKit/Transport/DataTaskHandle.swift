import Foundation

/// Starts a URLSession task, or cancels it if cancellation came first; cancels off the calling
/// thread, because cancelling while URLSession delivers a response can deadlock on Linux
/// (swift-corelibs-foundation #5412).
final class DataTaskHandle: Sendable {
    private struct State {
        var task: URLSessionTask?
        var isCancelled = false
    }

    private let state = Locked(State())

    /// Whether the caller cancelled.
    var wasCancelled: Bool {
        state.withLock { $0.isCancelled }
    }

    func start(_ task: URLSessionTask) {
        let cancelledAlready = state.withLock { state in
            state.task = task
            return state.isCancelled
        }
        task.resume()
        if cancelledAlready { Self.cancelOffThread(task) }
    }

    func cancel() {
        let task = state.withLock { state in
            state.isCancelled = true
            return state.task
        }
        if let task { Self.cancelOffThread(task) }
    }

    /// Cancels `task` on a thread of its own, not on a global dispatch queue, whose few threads
    /// (as many as cores) may all be busy with other work when a cancel should act at once.
    /// Cancels are rare; a thread each is cheap next to a request.
    static func cancelOffThread(_ task: URLSessionTask) {
        let thread = Thread { task.cancel() }
        thread.start()
    }
}
