import EndpointKit
import Foundation

/// What EndpointKit needs to know about GitHub's REST API (and GitHub Enterprise's), as an
/// ``/EndpointKit/APIProfile``: its media type and API version headers, its error body
/// (``GitHubAPIError``), and its rate-limit signals.
///
/// <!-- snippet needs: token -->
/// ```swift
/// let client = Client(baseURL: URL(string: "https://api.github.com")!, authenticator: .token(token)) {
///     $0.api = .gitHub
///     $0.decoder = .json(keyDecoding: .convertFromSnakeCase)
/// }
/// ```
///
/// A `403` or `429` is rate limited when it carries `Retry-After` (GitHub's secondary rate
/// limits), `X-RateLimit-Remaining: 0` (the primary one, until `X-RateLimit-Reset`), or GitHub's
/// rate-limit message in its body (a secondary limit refused without `Retry-After`); a `429`
/// always is. Other `403`s (a missing permission) stay unacceptable statuses.
public struct GitHubAPI: APIProfile {
    /// The REST API version sent in `X-GitHub-Api-Version`.
    public var version: String

    /// Creates the profile.
    ///
    /// - Parameter version: The REST API version; `2022-11-28` by default.
    public init(version: String = "2022-11-28") {
        self.version = version
    }

    /// `Accept: application/vnd.github+json` and `X-GitHub-Api-Version`.
    public var headers: HTTPHeaders {
        ["Accept": "application/vnd.github+json", "X-GitHub-Api-Version": version]
    }

    /// ``GitHubAPIError``.
    public var errorBodyType: (any JSONObject.Type)? { GitHubAPIError.self }

    /// GitHub's rules: a `403` or `429` with `Retry-After` waits that long; one with
    /// `X-RateLimit-Remaining: 0` waits until `X-RateLimit-Reset`; one whose body's `message`
    /// says a rate limit was exceeded ("You have exceeded a secondary rate limit…", "API rate
    /// limit exceeded…"), and any other `429`, is rate limited without a date.
    ///
    /// - Parameters:
    ///   - response: A response whose status the call does not accept.
    ///   - now: The current time.
    /// - Returns: The signal, or `nil`.
    public func rateLimit(signaledBy response: HTTPResponse, now: Date) -> RateLimitSignal? {
        guard response.statusCode == 403 || response.statusCode == 429 else { return nil }
        if let retryDate = RateLimitSignal.retryAfterDate(in: response, now: now) {
            return RateLimitSignal(retryDate: retryDate)
        }
        if let rateLimit = RateLimit(headers: response.headers), rateLimit.isExhausted {
            return RateLimitSignal(retryDate: rateLimit.resetDate)
        }
        if response.statusCode == 429 || Self.saysRateLimitExceeded(response.body) {
            return RateLimitSignal(retryDate: nil)
        }
        return nil
    }

    /// GitHub's guidance for integrations: at most 10 calls in flight (well under the 100 at
    /// which GitHub's secondary limits refuse), mutations (`POST`, `PATCH`, `PUT`, `DELETE`) one
    /// at a time and at least a second apart, and after a limit refused without `Retry-After`,
    /// at least a minute, doubling while it stays refused. With
    /// `followsAnnouncedLimits`, every call of a resource waits for its
    /// `X-RateLimit-Reset` once `X-RateLimit-Remaining` is 0, and the `Retry-After` of a
    /// secondary limit.
    public var rateLimitPolicy: RateLimitPolicy {
        RateLimitPolicy(
            maximumConcurrentRequests: 10, maximumConcurrentMutations: 1, mutationSpacing: 1,
            pauseAfterUntimedRefusal: 60)
    }

    /// The standards' fields, and GitHub's `X-RateLimit-Limit`, `-Remaining` and `-Reset` as the
    /// budget of the resource `X-RateLimit-Resource` names (`core` when it names none).
    ///
    /// - Parameters:
    ///   - response: Any response.
    ///   - now: The time it arrived.
    /// - Returns: The announcement.
    public func rateLimitAnnouncement(in response: HTTPResponse, now: Date) -> RateLimitAnnouncement {
        var announcement = RateLimitAnnouncement.standard(in: response, now: now)
        if let rateLimit = RateLimit(headers: response.headers) {
            announcement.limits.append(
                RateLimitAnnouncement.Limit(
                    name: rateLimit.resource ?? "core", quota: rateLimit.limit, remaining: rateLimit.remaining,
                    resetDate: rateLimit.resetDate))
        }
        return announcement
    }

    /// The resource GitHub meters a request by: `search` for `/search/…` (`code_search` for
    /// `/search/code`), `graphql` for `/graphql`, and `core` for the rest, under GitHub
    /// Enterprise's `/api/v3` and `/api` too.
    ///
    /// - Parameter request: The request.
    /// - Returns: The resource's name.
    public func rateLimitResource(for request: URLRequest) -> String? {
        var path = Substring(request.url?.path ?? "")
        for prefix in ["/api/v3", "/api"] where path.hasPrefix(prefix + "/") {
            path = path.dropFirst(prefix.count)
            break
        }
        if path == "/graphql" { return "graphql" }
        if path == "/search/code" || path.hasPrefix("/search/code/") { return "code_search" }
        if path.hasPrefix("/search/") { return "search" }
        return "core"
    }

    /// Whether `body` is a GitHub error whose `message` says a rate limit was exceeded, which is
    /// how GitHub documents that a `403` without `Retry-After` tells a secondary limit (or a
    /// primary one whose headers were lost) from a missing permission.
    static func saysRateLimitExceeded(_ body: Data) -> Bool {
        // GitHub's error body, read as every error response's is (`GitHubAPIError`).
        guard !body.isEmpty, body.count <= 64 * 1024,
            let error = try? GitHubAPIError(json: JSON(parsing: body))
        else { return false }
        let message = error.message.lowercased()
        return message.contains("secondary rate limit") || message.contains("rate limit exceeded")
    }
}

extension APIProfile where Self == GitHubAPI {
    /// GitHub's REST API, version `2022-11-28`.
    public static var gitHub: GitHubAPI { GitHubAPI() }
}
