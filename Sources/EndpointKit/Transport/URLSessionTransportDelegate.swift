import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session delegate of ``URLSessionTransport``: collects each data task's bytes up to the
/// size limit, refuses authentication challenges, and applies `RedirectPolicy` to redirects.
final class URLSessionTransportDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // `@unchecked`: `exchanges` and everything in it is only touched while holding `lock`.
    private let lock = NSLock()
    private var exchanges: [Int: DataTaskExchange] = [:]
    private let maximumResponseSize: Int

    init(maximumResponseSize: Int) {
        self.maximumResponseSize = maximumResponseSize
    }

    /// Starts `task`, whose outcome resumes `continuation` once.
    func start(
        _ task: URLSessionDataTask, handle: DataTaskHandle,
        continuation: CheckedContinuation<HTTPResponse, any Error>
    ) {
        withExchanges { $0[task.taskIdentifier] = DataTaskExchange(handle: handle, continuation: continuation) }
        handle.start(task)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let tooLarge = response.expectedContentLength > Int64(maximumResponseSize)
        withExchanges { exchanges in
            exchanges[dataTask.taskIdentifier]?.response = response as? HTTPURLResponse
            if tooLarge { exchanges[dataTask.taskIdentifier]?.exceededLimit = true }
        }
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
            exchange.body.append(data)
            return false
        }
        if exceeded { DataTaskHandle.cancelOffThread(dataTask) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let exchange = withExchanges({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        exchange.continuation.resume(with: exchange.outcome(error: error, limit: maximumResponseSize))
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
            completionHandler(.cancelAuthenticationChallenge, nil)
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

    private func withExchanges<Result>(_ body: (inout [Int: DataTaskExchange]) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&exchanges)
    }
}

/// What one data task has received so far; only touched under the delegate's lock.
final class DataTaskExchange {
    let handle: DataTaskHandle
    let continuation: CheckedContinuation<HTTPResponse, any Error>
    var response: HTTPURLResponse?
    var body = Data()
    var exceededLimit = false
    var refusedChallenge: HTTPURLResponse?

    init(handle: DataTaskHandle, continuation: CheckedContinuation<HTTPResponse, any Error>) {
        self.handle = handle
        self.continuation = continuation
    }

    /// The result once the task completed with `error` (or none).
    func outcome(error: (any Error)?, limit: Int) -> Result<HTTPResponse, any Error> {
        if handle.wasCancelled {
            return .failure(CancellationError())
        }
        if exceededLimit {
            return .failure(ResponseTooLargeError(limit: limit))
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
            return .failure(error)
        }
        guard let response else {
            return .failure(URLError(.badServerResponse))
        }
        return .success(HTTPResponse(response, body: body))
    }
}

/// The error a transport throws when a response body is larger than it accepts.
public struct ResponseTooLargeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The limit in bytes.
    public var limit: Int

    /// Creates the error.
    ///
    /// - Parameter limit: The limit in bytes.
    public init(limit: Int) {
        self.limit = limit
    }

    /// "the response is larger than the limit of N bytes".
    public var description: String {
        "the response is larger than the limit of \(limit) bytes"
    }
}

extension HTTPResponse {
    init(_ response: HTTPURLResponse, body: Data) {
        var headers = HTTPHeaders()
        for (name, value) in response.allHeaderFields {
            headers.add(String(describing: value), for: String(describing: name))
        }
        self.init(statusCode: response.statusCode, headers: headers, body: body, url: response.url)
    }
}
