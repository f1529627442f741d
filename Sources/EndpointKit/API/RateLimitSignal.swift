import Foundation

/// What an ``APIProfile`` read in a response that says "too many requests": when a retry can
/// succeed.
public struct RateLimitSignal: Sendable, Equatable {
    /// The earliest time a retry can succeed, when the response says.
    public var retryDate: Date?

    /// Creates a signal.
    ///
    /// - Parameter retryDate: The earliest time a retry can succeed, if the response says.
    public init(retryDate: Date?) {
        self.retryDate = retryDate
    }

    /// The standard rule: a `429 Too Many Requests` (RFC 6585) is rate limited, until the time its
    /// `Retry-After` gives (seconds or an HTTP date, RFC 9110 §10.2.3). Any other status is not.
    ///
    /// - Parameters:
    ///   - response: A response whose status the call does not accept.
    ///   - now: The current time, to turn `Retry-After` seconds into a date.
    /// - Returns: The signal for a `429`, else `nil`.
    public static func standard(in response: HTTPResponse, now: Date) -> RateLimitSignal? {
        guard response.statusCode == 429 else { return nil }
        return RateLimitSignal(retryDate: retryAfterDate(in: response, now: now))
    }

    /// The date a response's `Retry-After` header names, in seconds or as an HTTP date; `nil`
    /// without one, or when it is neither.
    ///
    /// - Parameters:
    ///   - response: A response.
    ///   - now: The current time, to turn seconds into a date.
    /// - Returns: The date, or `nil`.
    public static func retryAfterDate(in response: HTTPResponse, now: Date) -> Date? {
        RetryAfter(response.headers["Retry-After"], now: now).map { now.addingTimeInterval($0.delay) }
    }
}
