import Foundation

/// A `403` or `429` that says the client is sending too much: it carries `Retry-After` or
/// `X-RateLimit-Remaining: 0`. Thrown as ``EndpointError/rateLimited(_:)``.
public struct RateLimitFailure: Error, Sendable, CustomStringConvertible {
    /// The response.
    public var response: HTTPResponse
    /// The earliest time a retry can succeed: from `Retry-After`, else from
    /// `X-RateLimit-Reset`; `nil` when the server said neither.
    public var retryDate: Date?

    /// Classifies `response`: a rate-limit failure if it is a `403` or `429` with `Retry-After`
    /// or `X-RateLimit-Remaining: 0`.
    ///
    /// - Parameters:
    ///   - response: An unacceptable response.
    ///   - now: The current time, to turn `Retry-After` seconds into a date.
    /// - Returns: `nil` for any other response.
    public init?(_ response: HTTPResponse, now: Date = Date()) {
        guard response.statusCode == 403 || response.statusCode == 429 else { return nil }
        let retryAfter = RetryAfter(response.headers["Retry-After"], now: now)
        let rateLimit = response.rateLimit
        guard retryAfter != nil || rateLimit?.isExhausted == true else { return nil }
        self.response = response
        if let retryAfter {
            retryDate = now.addingTimeInterval(retryAfter.delay)
        } else {
            retryDate = rateLimit?.resetDate
        }
    }

    /// The rate-limit state, if the server sent it.
    public var rateLimit: RateLimit? { response.rateLimit }

    /// "Rate limited (status 403): retry after 2026-11-21T06:00:00Z".
    public var description: String {
        let url = response.url.map { " by \($0.absoluteString)" } ?? ""
        let when = retryDate.map { "retry after \($0.formatted(Date.ISO8601FormatStyle()))" } ?? "no retry time given"
        return "Rate limited\(url) (status \(response.statusCode)): \(when)"
    }
}
