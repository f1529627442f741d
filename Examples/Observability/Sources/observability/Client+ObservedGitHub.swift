import EndpointKit
import EndpointKitGitHub
import EndpointKitLogging
import EndpointKitMetrics
import EndpointKitTracing
import Foundation
import Logging

extension Client {
    /// A client for the GitHub-like API whose every call is traced, metered and logged.
    ///
    /// Its token starts out expired: the first call is answered `401 Bad credentials`, which
    /// renews it (to `token`) and sends the call again. A retry waits a fixed 0.2 s, so that the
    /// example's output is the same from run to run.
    ///
    /// - Parameters:
    ///   - baseURL: The API's base URL.
    ///   - token: The token that the renewal gets.
    ///   - logger: Where each attempt's line goes.
    /// - Returns: The client.
    static func observedGitHub(baseURL: URL, renewingTo token: String, logger: Logger) -> Client {
        let authenticator = RefreshingTokenAuthenticator(scheme: .token, token: "expired-token") { token }
        return Client(baseURL: baseURL, authenticator: authenticator) {
            $0.api = .gitHub
            $0.decoder = .json(keyDecoding: .convertFromSnakeCase)
            $0.retryPolicy = RetryPolicy(initialDelay: 0.2, jitter: 0)
            $0.observers = [.tracing(), .metrics(), .logging(to: logger)]
        }
    }
}
