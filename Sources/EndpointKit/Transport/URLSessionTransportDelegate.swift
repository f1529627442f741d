import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session delegate of ``URLSessionTransport``: refuses authentication challenges and keeps
/// credentials on their origin across redirects (`RedirectPolicy`).
final class URLSessionTransportDelegate: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    // `@unchecked`: `refusedChallengeResponses` is only touched while holding `lock`.
    private let lock = NSLock()
    private var refusedChallengeResponses: [Int: HTTPURLResponse] = [:]

    /// The `401` response whose challenge was refused for this task, if any; forgets it.
    func takeRefusedChallengeResponse(forTask identifier: Int) -> HTTPURLResponse? {
        lock.lock()
        defer { lock.unlock() }
        return refusedChallengeResponses.removeValue(forKey: identifier)
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
            // challenge is cancelled and its `401` response kept, for the transport to return
            // instead of the cancellation (regression test: URLSessionTransportTests).
            if let response = challenge.failureResponse as? HTTPURLResponse {
                lock.lock()
                refusedChallengeResponses[task.taskIdentifier] = response
                lock.unlock()
            }
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
}
