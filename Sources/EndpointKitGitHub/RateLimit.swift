import EndpointKit
import Foundation

/// The rate-limit state GitHub reports in its `X-RateLimit-*` headers.
///
/// <!-- snippet needs: client, UserRepositories -->
/// ```swift
/// let response = try await client.send(UserRepositories())
/// if let rateLimit = response.rateLimit {
///     print("\(rateLimit.remaining) of \(rateLimit.limit) left until \(rateLimit.resetDate)")
/// }
/// ```
public struct RateLimit: Sendable, Equatable {
    /// Requests allowed per window (`X-RateLimit-Limit`).
    public var limit: Int
    /// Requests left in this window (`X-RateLimit-Remaining`).
    public var remaining: Int
    /// Requests made in this window (`X-RateLimit-Used`), when sent.
    public var used: Int?
    /// When the window resets (`X-RateLimit-Reset`, seconds since 1970).
    public var resetDate: Date
    /// Which limit this is, such as `core` or `search` (`X-RateLimit-Resource`), when sent.
    public var resource: String?

    /// Creates a rate-limit state.
    ///
    /// - Parameters:
    ///   - limit: Requests allowed per window.
    ///   - remaining: Requests left.
    ///   - used: Requests made.
    ///   - resetDate: When the window resets.
    ///   - resource: Which limit this is.
    public init(limit: Int, remaining: Int, used: Int? = nil, resetDate: Date, resource: String? = nil) {
        self.limit = limit
        self.remaining = remaining
        self.used = used
        self.resetDate = resetDate
        self.resource = resource
    }

    /// Reads the `X-RateLimit-*` headers.
    ///
    /// - Parameter headers: Response headers.
    /// - Returns: `nil` unless `X-RateLimit-Limit`, `-Remaining` and `-Reset` are all present
    ///   and numeric.
    public init?(headers: HTTPHeaders) {
        func integer(_ name: String) -> Int? {
            headers[name].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        }
        guard let limit = integer("X-RateLimit-Limit"), let remaining = integer("X-RateLimit-Remaining"),
            let reset = integer("X-RateLimit-Reset")
        else { return nil }
        self.init(
            limit: limit, remaining: remaining, used: integer("X-RateLimit-Used"),
            resetDate: Date(timeIntervalSince1970: TimeInterval(reset)), resource: headers["X-RateLimit-Resource"])
    }

    /// Whether no request is left in this window.
    public var isExhausted: Bool { remaining <= 0 }
}

extension HTTPResponse {
    /// GitHub's rate-limit state from the `X-RateLimit-*` headers, if the server sent them.
    public var rateLimit: RateLimit? { RateLimit(headers: headers) }
}

extension Response {
    /// GitHub's rate-limit state from the `X-RateLimit-*` headers, if the server sent them.
    public var rateLimit: RateLimit? { RateLimit(headers: headers) }
}

extension RateLimitFailure {
    /// GitHub's rate-limit state from the `X-RateLimit-*` headers, if the server sent them.
    public var rateLimit: RateLimit? { RateLimit(headers: response.headers) }
}
