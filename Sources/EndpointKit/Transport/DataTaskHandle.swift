import Foundation

/// Starts a URLSession task, or cancels it if cancellation came first; cancels off the calling
/// thread, because cancelling while URLSession delivers a response can deadlock on Linux
/// (swift-corelibs-foundation #5412).
final class DataTaskHandle: @unchecked Sendable {
    // `@unchecked`: both properties are only touched while holding `lock`.
    private let lock = NSLock()
    private var task: URLSessionTask?
    private var isCancelled = false

    /// Whether the caller cancelled.
    var wasCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return isCancelled
    }

    func start(_ task: URLSessionTask) {
        lock.lock()
        self.task = task
        let cancelledAlready = isCancelled
        lock.unlock()
        task.resume()
        if cancelledAlready { Self.cancelOffThread(task) }
    }

    func cancel() {
        lock.lock()
        isCancelled = true
        let task = self.task
        lock.unlock()
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
