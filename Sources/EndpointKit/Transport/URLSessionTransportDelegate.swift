import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session delegate of ``URLSessionTransport``: collects each data task's bytes up to the
/// size limit, moves each download task's file into place, reports transfer progress, refuses
/// authentication challenges, and applies `RedirectPolicy` to redirects.
final class URLSessionTransportDelegate: NSObject, URLSessionDataDelegate, URLSessionDownloadDelegate,
    @unchecked Sendable
{
    // `@unchecked`: `exchanges` and everything in it is only touched while holding `lock`.
    private let lock = NSLock()
    private var exchanges: [Int: TaskExchange] = [:]
    private let maximumResponseSize: Int
    /// Runs progress handlers, in order, away from URLSession's threads: on Linux the delegate
    /// runs on them (`InlineDelegateQueue`), and a handler is code that may take its time.
    private let progressQueue = DispatchQueue(label: "EndpointKit.URLSessionTransport.progress")

    init(maximumResponseSize: Int) {
        self.maximumResponseSize = maximumResponseSize
    }

    /// Starts `task`, whose outcome resumes `continuation` once.
    func start(
        _ task: URLSessionTask, handle: DataTaskHandle, options: TransferOptions?,
        continuation: CheckedContinuation<HTTPResponse, any Error>
    ) {
        let exchange = TaskExchange(handle: handle, options: options, continuation: continuation)
        withExchanges { $0[task.taskIdentifier] = exchange }
        handle.start(task)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let tooLarge = response.expectedContentLength > Int64(maximumResponseSize)
        withExchanges { exchanges in
            if tooLarge { exchanges[dataTask.taskIdentifier]?.exceededLimit = true }
        }
        // swift-corelibs-foundation ignores the disposition, so the task is also cancelled
        // here, off this thread (which may be URLSession's own, see InlineDelegateQueue).
        if tooLarge { DataTaskHandle.cancelOffThread(dataTask) }
        completionHandler(tooLarge ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let limit = maximumResponseSize
        let exceeded = withExchanges { exchanges -> Bool in
            guard let exchange = exchanges[dataTask.taskIdentifier], !exchange.exceededLimit else { return false }
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

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        guard let progress = withExchanges({ $0[task.taskIdentifier]?.options?.uploadProgress }) else { return }
        progressQueue.async {
            progress(TransferProgress(completed: totalBytesSent, expected: totalBytesExpectedToSend))
        }
    }

    func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
        totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64
    ) {
        guard (downloadTask.response as? HTTPURLResponse).map({ (200..<300).contains($0.statusCode) }) ?? true else {
            return  // an error body: not part of the download
        }
        guard let progress = withExchanges({ $0[downloadTask.taskIdentifier]?.options?.downloadProgress }) else {
            return
        }
        progressQueue.async {
            progress(TransferProgress(completed: totalBytesWritten, expected: totalBytesExpectedToWrite))
        }
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        // URLSession deletes `location` when this method returns, so the file is moved now.
        let status = (downloadTask.response as? HTTPURLResponse)?.statusCode ?? 0
        let limit = maximumResponseSize
        withExchanges { exchanges in
            guard let exchange = exchanges[downloadTask.taskIdentifier] else { return }
            exchange.receiveDownload(at: location, status: status, limit: limit)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let exchange = withExchanges({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        let response = task.response as? HTTPURLResponse
        exchange.continuation.resume(
            with: exchange.outcome(response: response, error: error, limit: maximumResponseSize))
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if canImport(FoundationNetworking)
            // On Linux (swift-corelibs-foundation 6.3.1) a `401` with `WWW-Authenticate: Basic`
            // hangs forever with `.performDefaultHandling`, crashes with `.useCredential` and no
            // credential, and fails with `URLError(.cancelled)` for `.cancelAuthenticationChallenge`
            // and `.rejectProtectionSpace` (measured; shared/LINUX-URLSESSION.md). So the
            // challenge is cancelled and its `401` response kept, to be returned instead of the
            // cancellation (regression test: the wrong-password tests against httpbin).
            let response = challenge.failureResponse as? HTTPURLResponse
            withExchanges { $0[task.taskIdentifier]?.refusedChallenge = response }
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
        completionHandler(
            RedirectPolicy.requestToFollow(request, from: task.originalRequest, status: response.statusCode))
    }

    private func withExchanges<Result>(_ body: (inout [Int: TaskExchange]) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&exchanges)
    }
}
