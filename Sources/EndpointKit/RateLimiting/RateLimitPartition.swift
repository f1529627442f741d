import Foundation

/// What a ``RateLimitPacer`` keeps one budget for: the calls to one host with one credential,
/// which an API meters together. The caller builds it; the pacer only compares them.
struct RateLimitPartition: Hashable, Sendable, CustomStringConvertible {
    /// The host the calls go to, for example `api.github.com`.
    var host: String
    /// What tells the credential apart from others (a digest of the token, an account name),
    /// never the credential itself; `nil` for calls without one.
    var credential: String?

    /// Creates a partition.
    ///
    /// - Parameters:
    ///   - host: The host the calls go to.
    ///   - credential: An identity of the calls' credential, not the credential; `nil` for none.
    init(host: String, credential: String? = nil) {
        self.host = host
        self.credential = credential
    }

    /// `api.github.com`, or `api.github.com (as octocat)`.
    var description: String {
        credential.map { "\(host) (as \($0))" } ?? host
    }
}
