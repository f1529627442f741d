import Foundation

/// What one URLSession task has received so far; only touched under the delegate's lock.
final class TaskExchange {
    /// Where the response goes.
    enum Delivery {
        /// Whole, once the task completed.
        case whole(CheckedContinuation<HTTPResponse, any Error>)
        /// The head as soon as it arrived (`head` is then `nil`), the body into `body` as it
        /// arrives.
        case streamed(head: CheckedContinuation<StreamedResponse, any Error>?, body: ResponseBodyBuffer)
    }

    let task: URLSessionTask
    let handle: DataTaskHandle
    let options: TransferOptions?
    var delivery: Delivery
    var body = Data()
    /// The backlog a streamed body's reader fell beyond, if it did (see the delegate).
    var readerFellBehind: Int?
    /// Whether a streamed body's task is suspended until its reader makes room.
    var isPaused = false
    var fileError: FileTransferError?
    var exceededLimit = false
    var refusedChallenge: HTTPURLResponse?
    /// The longest time without progress, in nanoseconds (`IdleDeadlines`); `nil` for none.
    let idleTimeout: UInt64?
    /// When the task last made progress: started, received its response or bytes, sent bytes.
    var lastActivity = IdleDeadlines.now
    /// Whether the task was cancelled because it made no progress for its idle timeout.
    var idledOut = false

    init(
        task: URLSessionTask, handle: DataTaskHandle, options: TransferOptions?, idleTimeout: UInt64?,
        delivery: Delivery
    ) {
        self.task = task
        self.handle = handle
        self.options = options
        self.idleTimeout = idleTimeout
        self.delivery = delivery
    }

    /// When the task must make progress by, unless it already failed for not making any, or it
    /// waits for its reader.
    var idleDeadline: UInt64? {
        guard let idleTimeout, !idledOut, !isPaused else { return nil }
        return lastActivity + idleTimeout
    }

    /// Takes a download task's file: a `2xx` body moves to the options' file, any other body is
    /// read into memory (up to `limit` bytes) to be reported as an error.
    func receiveDownload(at location: URL, status: Int, limit: Int) {
        guard (200..<300).contains(status), let destination = options?.responseBodyFile else {
            readErrorBody(from: location, limit: limit)
            return
        }
        do {
            try FileReplacement.move(location, over: destination)
        } catch {
            fileError = FileTransferError(file: destination, reason: String(describing: error))
        }
    }

    private func readErrorBody(from location: URL, limit: Int) {
        guard let handle = try? FileHandle(forReadingFrom: location) else { return }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: limit + 1)) ?? Data()
        if data.count > limit {
            exceededLimit = true
        } else {
            body = data
        }
    }

    /// Hands the outcome over: the whole response, or the end of a streamed body (and its head,
    /// if it never arrived: a refused `401`, or a failure before any response).
    func complete(response: HTTPURLResponse?, error: (any Error)?, limit: Int) {
        let result = outcome(response: response, error: error, limit: limit)
        switch delivery {
        case .whole(let continuation):
            continuation.resume(with: result)
        case .streamed(let head, let body):
            switch result {
            case .success(let response):
                if !response.body.isEmpty { _ = body.append(response.body) }
                body.finish()
                head?.resume(returning: StreamedResponse(head: response, body: body))
            case .failure(let error):
                body.finish(throwing: error)
                head?.resume(throwing: error)
            }
        }
    }

    /// The result once the task completed with `response` and `error` (or none).
    func outcome(response: HTTPURLResponse?, error: (any Error)?, limit: Int) -> Result<HTTPResponse, any Error> {
        if handle.wasCancelled {
            return .failure(CancellationError())
        }
        if exceededLimit {
            return .failure(ResponseTooLargeError(limit: limit))
        }
        if let backlog = readerFellBehind {
            return .failure(StreamReaderTooSlowError(limit: backlog))
        }
        if idledOut {
            return .failure(URLError(.timedOut))  // cancelled by `IdleDeadlines`, not by the caller
        }
        if let refusedChallenge {
            // The challenge was refused by the delegate, not cancelled by the caller: the
            // server's answer is this 401 (URLSession did not read its body).
            return .success(HTTPResponse(refusedChallenge, body: Data()))
        }
        if let error {
            if let urlError = error as? URLError, urlError.code == .cancelled {
                return .failure(CancellationError())
            }
            // A TLS failure (see TLSFailure(urlSessionError:url:responseArrived:)).
            if let tlsFailure = TLSFailure(
                urlSessionError: error, url: task.originalRequest?.url, responseArrived: response != nil)
            {
                return .failure(tlsFailure)
            }
            // A proxy variable libcurl cannot use (see ProxyFailure(urlSessionError:url:environment:)).
            if let proxyFailure = ProxyFailure(urlSessionError: error, url: task.originalRequest?.url) {
                return .failure(proxyFailure)
            }
            if let lost = LibcurlConnectionLoss.networkConnectionLost(from: error, responseArrived: response != nil) {
                return .failure(lost)
            }
            return .failure(error)
        }
        if let fileError {
            return .failure(fileError)
        }
        guard let response else {
            return .failure(URLError(.badServerResponse))
        }
        // A download's body is in the options' file, where the client expects it: `body` is empty.
        return .success(HTTPResponse(response, body: body))
    }
}

extension HTTPResponse {
    init(_ response: HTTPURLResponse, body: Data) {
        var headers = HTTPHeaders()
        for (name, value) in response.allHeaderFields {
            // Names and values are strings; `String(describing:)` only for anything else.
            headers.add(value as? String ?? String(describing: value), for: name as? String ?? String(describing: name))
        }
        self.init(statusCode: response.statusCode, headers: headers, body: body, url: response.url)
    }
}
