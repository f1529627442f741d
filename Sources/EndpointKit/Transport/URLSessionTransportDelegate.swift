import Foundation

/// The session delegate of ``URLSessionTransport``: collects each data task's bytes up to the
/// size limit, moves each download task's file into place, reports transfer progress, refuses
/// authentication challenges, and applies `RedirectPolicy` to redirects.
final class URLSessionTransportDelegate: NSObject, URLSessionDataDelegate, URLSessionDownloadDelegate,
    @unchecked Sendable
{
    // `@unchecked`: the `TaskExchange`s, which are not `Sendable`, are only touched while
    // holding `exchanges`' lock (or, once removed from it, by the one call that removed them),
    // and `idleDeadlines` is set once, in `init`.
    private let exchanges = Locked<[Int: TaskExchange]>([:])
    private let maximumResponseSize: Int
    /// The most bytes of a stream held for its reader on Linux (``URLSessionTransport/maximumStreamBacklog``).
    let streamBacklog: Int
    /// Runs progress handlers, in order, away from URLSession's threads: on Linux the delegate
    /// runs on them (`InlineDelegateQueue`), and a handler is code that may take its time.
    private let progressQueue = DispatchQueue(label: "EndpointKit.URLSessionTransport.progress")
    /// Suspends and resumes the tasks of streams whose readers fell behind, in order, off
    /// URLSession's threads (Apple platforms only: see `receive(_:into:of:)`).
    private let pauseQueue = DispatchQueue(label: "EndpointKit.URLSessionTransport.pause")
    /// Enforces the tasks' idle timeouts; scheduled only while holding `exchanges`' lock.
    private var idleDeadlines: IdleDeadlines!

    init(maximumResponseSize: Int, streamBacklog: Int) {
        self.maximumResponseSize = maximumResponseSize
        self.streamBacklog = streamBacklog
        super.init()
        idleDeadlines = IdleDeadlines { [weak self] in self?.cancelIdleTasks() }
    }

    /// Starts `task`, whose outcome goes to `delivery`, and fails it with `URLError(.timedOut)`
    /// when it makes no progress for `idleTimeout` seconds.
    func start(
        _ task: URLSessionTask, handle: DataTaskHandle, options: TransferOptions?, idleTimeout: TimeInterval,
        delivery: TaskExchange.Delivery
    ) {
        let exchange = TaskExchange(
            task: task, handle: handle, options: options, idleTimeout: IdleDeadlines.nanoseconds(idleTimeout),
            delivery: delivery)
        exchanges.withLock { exchanges in
            exchanges[task.taskIdentifier] = exchange
            if let deadline = exchange.idleDeadline { idleDeadlines.fire(noLaterThan: deadline) }
        }
        handle.start(task)
    }

    /// Cancels the tasks that made no progress for their idle timeout, and sets the timer for the
    /// earliest deadline left.
    private func cancelIdleTasks() {
        let now = IdleDeadlines.now
        let idle = exchanges.withLock { exchanges -> [URLSessionTask] in
            idleDeadlines.fired()
            var idle: [URLSessionTask] = []
            var earliest: UInt64?
            for exchange in exchanges.values {
                guard let deadline = exchange.idleDeadline else { continue }
                if deadline <= now {
                    exchange.idledOut = true
                    idle.append(exchange.task)
                } else {
                    earliest = min(earliest ?? deadline, deadline)
                }
            }
            if let earliest { idleDeadlines.fire(noLaterThan: earliest) }
            return idle
        }
        // Not on URLSession's thread, so cancelling cannot deadlock (see DataTaskHandle).
        for task in idle { task.cancel() }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let now = IdleDeadlines.now
        let limit = maximumResponseSize
        let (tooLarge, streamed) = exchanges.withLock {
            exchanges -> (Bool, (CheckedContinuation<StreamedResponse, any Error>, ResponseBodyBuffer)?) in
            guard let exchange = exchanges[dataTask.taskIdentifier] else { return (false, nil) }
            exchange.lastActivity = now
            if case .streamed(let head?, let body) = exchange.delivery {
                exchange.delivery = .streamed(head: nil, body: body)
                return (false, (head, body))
            }
            // A stream's size is not limited: its reader takes it piece by piece.
            guard case .whole = exchange.delivery, response.expectedContentLength > Int64(limit) else {
                return (false, nil)
            }
            exchange.exceededLimit = true
            return (true, nil)
        }
        // swift-corelibs-foundation ignores the disposition, so the task is also cancelled
        // here, off this thread (which may be URLSession's own, see InlineDelegateQueue).
        if tooLarge { DataTaskHandle.cancelOffThread(dataTask) }
        completionHandler(tooLarge ? .cancel : .allow)
        if let (head, body) = streamed, let response = response as? HTTPURLResponse {
            head.resume(returning: StreamedResponse(head: HTTPResponse(response, body: Data()), body: body))
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let limit = maximumResponseSize
        let now = IdleDeadlines.now
        let exceeded = exchanges.withLock { exchanges -> Bool in
            guard let exchange = exchanges[dataTask.taskIdentifier], !exchange.exceededLimit,
                exchange.readerFellBehind == nil
            else { return false }
            exchange.lastActivity = now
            if case .streamed(_, let body) = exchange.delivery {
                return !receive(data, into: body, of: exchange)
            }
            guard exchange.body.count + data.count <= limit else {
                exchange.exceededLimit = true
                exchange.body = Data()
                return true
            }
            if exchange.body.isEmpty {
                exchange.body = data  // most small bodies come in one piece: kept, not copied
            } else {
                exchange.body.append(data)
            }
            return false
        }
        if exceeded { DataTaskHandle.cancelOffThread(dataTask) }
    }

    /// Hands a piece of a streamed body to its reader's buffer; returns whether the task goes on.
    /// Called while holding `exchanges`' lock.
    private func receive(_ data: Data, into body: ResponseBodyBuffer, of exchange: TaskExchange) -> Bool {
        switch body.append(data) {
        case .more:
            return true
        case .stop:
            return false  // the reader is gone: the buffer's onCancel cancels the task too
        case .wait:
            #if canImport(FoundationNetworking)
                // swift-corelibs-foundation 6.3.1 cannot pause a response: `suspend()` takes the
                // transfer off libcurl and `resume()` sends the request again from the start,
                // and a delegate call that waits stalls every URLSession of the process, which
                // share one work queue (both measured; StreamReaderTooSlowError). So the buffer
                // spills what the reader has not read yet to disk, and says `.wait` only beyond
                // the transport's stream backlog: the stream then fails (test: "On Linux, a
                // URLSession stream whose reader falls too far behind …").
                exchange.readerFellBehind = streamBacklog
                return false
            #else
                // Apple's URLSession stops reading the socket while the task is suspended.
                exchange.isPaused = true
                let task = exchange.task
                pauseQueue.async { task.suspend() }
                body.whenRoom { [weak self] in self?.resumeAfterPause(task) }
                return true
            #endif
        }
    }

    #if !canImport(FoundationNetworking)
        /// Resumes a task paused for its reader, in order after its suspension.
        private func resumeAfterPause(_ task: URLSessionTask) {
            let now = IdleDeadlines.now
            exchanges.withLock { exchanges in
                guard let exchange = exchanges[task.taskIdentifier] else { return }
                exchange.isPaused = false
                exchange.lastActivity = now
                if let deadline = exchange.idleDeadline { idleDeadlines.fire(noLaterThan: deadline) }
            }
            pauseQueue.async { task.resume() }
        }
    #endif

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        guard let progress = madeProgress(task)?.uploadProgress else { return }
        progressQueue.async {
            progress(TransferProgress(completed: totalBytesSent, expected: totalBytesExpectedToSend))
        }
    }

    func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
        totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64
    ) {
        let options = madeProgress(downloadTask)
        guard (downloadTask.response as? HTTPURLResponse).map({ (200..<300).contains($0.statusCode) }) ?? true else {
            return  // an error body: not part of the download
        }
        guard let progress = options?.downloadProgress else { return }
        progressQueue.async {
            progress(TransferProgress(completed: totalBytesWritten, expected: totalBytesExpectedToWrite))
        }
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        // URLSession deletes `location` when this method returns, so the file is moved now.
        let status = (downloadTask.response as? HTTPURLResponse)?.statusCode ?? 0
        let limit = maximumResponseSize
        exchanges.withLock { exchanges in
            guard let exchange = exchanges[downloadTask.taskIdentifier] else { return }
            exchange.receiveDownload(at: location, status: status, limit: limit)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let exchange = exchanges.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        exchange.complete(response: task.response as? HTTPURLResponse, error: error, limit: maximumResponseSize)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if canImport(FoundationNetworking)
            // On Linux (swift-corelibs-foundation 6.3.1) a `401` with `WWW-Authenticate: Basic`
            // hangs forever with `.performDefaultHandling`, crashes with `.useCredential` and no
            // credential, and fails with `URLError(.cancelled)` for `.cancelAuthenticationChallenge`
            // and `.rejectProtectionSpace` (measured; the Linux Notes article). So the
            // challenge is cancelled and its `401` response kept, to be returned instead of the
            // cancellation (regression test: the wrong-password tests against httpbin).
            let response = challenge.failureResponse as? HTTPURLResponse
            exchanges.withLock { $0[task.taskIdentifier]?.refusedChallenge = response }
            // Cancelling waits for URLSession's queue, which may be the one running this call
            // (InlineDelegateQueue): answer from another thread.
            DispatchQueue.global().async { completionHandler(.cancelAuthenticationChallenge, nil) }
        #else
            // On Apple platforms the default handling evaluates server trust and, with no
            // credential storage configured, returns a `401` as a response.
            completionHandler(.performDefaultHandling, nil)
        #endif
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        _ = madeProgress(task)  // an answer, if not the last one: the server is not idle
        completionHandler(
            RedirectPolicy.requestToFollow(request, from: task.originalRequest, status: response.statusCode))
    }

    /// Records that `task` sent or received bytes; returns its transfer options.
    private func madeProgress(_ task: URLSessionTask) -> TransferOptions? {
        let now = IdleDeadlines.now
        return exchanges.withLock { exchanges in
            exchanges[task.taskIdentifier]?.lastActivity = now
            return exchanges[task.taskIdentifier]?.options
        }
    }
}
