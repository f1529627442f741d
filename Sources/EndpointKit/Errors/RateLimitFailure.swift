import Foundation

/// A response that says the client is sending too much, and when a retry can succeed. Thrown as
/// ``EndpointError/rateLimited(_:)``.
///
/// Which responses say so is the client's ``APIProfile``'s call: by default a `429 Too Many
/// Requests` (RFC 6585), with its `Retry-After` (RFC 9110) as the retry date.
public struct RateLimitFailure: Error, Sendable, CustomStringConvertible {
    /// The unacceptable response, with its method and decoded error body.
    public var status: StatusFailure
    /// The earliest time a retry can succeed, when the server said.
    public var retryDate: Date?

    /// Creates a failure.
    ///
    /// - Parameters:
    ///   - status: The unacceptable response.
    ///   - retryDate: The earliest time a retry can succeed, if known.
    public init(status: StatusFailure, retryDate: Date?) {
        self.status = status
        self.retryDate = retryDate
    }

    /// What the server sent.
    public var response: HTTPResponse { status.response }

    /// "Rate limited: GET https://host/path answered with status 429; retry after 2026-11-21T06:00:00Z",
    /// the URL's credentials redacted.
    public var description: String {
        let url = Redaction.standard.redact(status.response.url, missing: "(unknown URL)")
        let when = retryDate.map { "retry after \($0.formatted(Date.ISO8601FormatStyle()))" } ?? "no retry time given"
        return "Rate limited: \(status.method) \(url) answered with status \(status.statusCode); \(when)"
    }
}
