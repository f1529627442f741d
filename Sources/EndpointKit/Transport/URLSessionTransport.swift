import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default ``Transport``: one long-lived `URLSession` with an ephemeral configuration,
/// owned by the transport (and so by its client).
///
/// It handles, in this one place, what URLSession does on Linux (measured in
/// `shared/LINUX-URLSESSION.md`):
/// - a `401` with `WWW-Authenticate: Basic` would hang forever; every authentication challenge
///   is refused, so the `401` comes back as a response (credentials travel in headers, set by
///   the ``Authenticator``);
/// - a redirect to another scheme, host or port would carry `Authorization` and cookies; they
///   are removed. A `307`/`308` would be re-sent with an empty body; the transport re-sends the
///   request with its body itself (`RedirectPolicy`);
/// - cancelling the task gives `URLError(.cancelled)`; it becomes `CancellationError`, and the
///   URLSession task is cancelled off the calling thread (upstream issue #5412);
/// - no URL cache, no shared cookie or credential storage: nothing leaks between clients.
///
/// URLSession keeps at most `httpMaximumConnectionsPerHost` connections per host (6 by
/// default); pass a configuration to change it.
public final class URLSessionTransport: Transport {
    private let session: URLSession
    private let delegate = URLSessionTransportDelegate()

    /// Creates a transport with its own session.
    ///
    /// - Parameter configuration: The session's configuration; by default
    ///   ``makeDefaultConfiguration()``. Its delegate is always EndpointKit's own.
    public init(configuration: URLSessionConfiguration = URLSessionTransport.makeDefaultConfiguration()) {
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        // Only this transport can reach the session, so nothing can use it after this point;
        // invalidating it releases its delegate. Requests still running finish first.
        session.finishTasksAndInvalidate()
    }

    /// An ephemeral configuration without URL cache or credential storage.
    ///
    /// - Returns: A new configuration.
    public static func makeDefaultConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.urlCredentialStorage = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return configuration
    }

    /// Sends `request` with the session.
    ///
    /// - Parameter request: The request to send.
    /// - Returns: The response, whatever its status.
    /// - Throws: `CancellationError` when the calling task is cancelled; the `URLError` otherwise.
    public func send(_ request: URLRequest) async throws -> HTTPResponse {
        var current = request
        var response = try await perform(current)
        var redirects = 0
        while redirects < RedirectPolicy.maximumBodyRedirects,
            let next = RedirectPolicy.bodyPreservingRedirect(of: current, response: response)
        {
            current = next
            redirects += 1
            response = try await perform(current)
        }
        return response
    }

    /// Runs one data task, cancelled with the calling task.
    private func perform(_ request: URLRequest) async throws -> HTTPResponse {
        let handle = DataTaskHandle()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                let task = session.dataTask(with: request) { [delegate] data, response, error in
                    let refused = handle.taskIdentifier.flatMap(delegate.takeRefusedChallengeResponse(forTask:))
                    if let refused, !handle.wasCancelled {
                        // The challenge was refused by our delegate, not cancelled by the caller:
                        // the server's answer is this 401 (its body was not read).
                        continuation.resume(with: Self.result(data: Data(), response: refused, error: nil))
                    } else {
                        continuation.resume(with: Self.result(data: data, response: response, error: error))
                    }
                }
                handle.start(task)
            }
        } onCancel: {
            handle.cancel()
        }
    }

    private static func result(data: Data?, response: URLResponse?, error: (any Error)?) -> Result<
        HTTPResponse, any Error
    > {
        if let error {
            if let urlError = error as? URLError, urlError.code == .cancelled {
                return .failure(CancellationError())
            }
            return .failure(error)
        }
        guard let response = response as? HTTPURLResponse else {
            return .failure(URLError(.badServerResponse))
        }
        var headers = HTTPHeaders()
        for (name, value) in response.allHeaderFields {
            headers.add(String(describing: value), for: String(describing: name))
        }
        return .success(
            HTTPResponse(statusCode: response.statusCode, headers: headers, body: data ?? Data(), url: response.url))
    }
}

/// Starts a data task, or cancels it if cancellation came first; cancels off the calling
/// thread, because cancelling while URLSession delivers a response can deadlock on Linux
/// (swift-corelibs-foundation #5412).
private final class DataTaskHandle: @unchecked Sendable {
    // `@unchecked`: both properties are only touched while holding `lock`.
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var isCancelled = false

    var taskIdentifier: Int? {
        lock.lock()
        defer { lock.unlock() }
        return task?.taskIdentifier
    }

    var wasCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return isCancelled
    }

    func start(_ task: URLSessionDataTask) {
        lock.lock()
        self.task = task
        let cancelledAlready = isCancelled
        lock.unlock()
        task.resume()
        if cancelledAlready { cancelOffThread(task) }
    }

    func cancel() {
        lock.lock()
        isCancelled = true
        let task = self.task
        lock.unlock()
        if let task { cancelOffThread(task) }
    }

    private func cancelOffThread(_ task: URLSessionDataTask) {
        DispatchQueue.global().async { task.cancel() }
    }
}
