import Foundation

/// What a ``RateLimitPacer`` keeps one budget for: the calls to one host with one credential,
/// which an API meters together. The caller builds it; the pacer only compares them.
struct RateLimitPartition: Hashable, Sendable, CustomStringConvertible {
    /// The host the calls go to, for example `api.github.com`.
    var host: String
    /// What tells the credential apart from others (a digest of the token, an account name),
    /// never the credential itself; `nil` for calls without one.
    var credential: String?
    /// The API's separately metered resource the calls spend (``APIProfile/rateLimitResource(for:)``);
    /// `nil` for the host's one budget.
    var resource: String?

    /// Creates a partition.
    ///
    /// - Parameters:
    ///   - host: The host the calls go to.
    ///   - credential: An identity of the calls' credential, not the credential; `nil` for none.
    ///   - resource: The metered resource; `nil` for the host's one budget.
    init(host: String, credential: String? = nil, resource: String? = nil) {
        self.host = host
        self.credential = credential
        self.resource = resource
    }

    /// `api.github.com`, `api.github.com search`, or `api.github.com (as 1f2e…)`.
    var description: String {
        let place = resource.map { "\(host) \($0)" } ?? host
        return credential.map { "\(place) (as \($0))" } ?? place
    }
}
