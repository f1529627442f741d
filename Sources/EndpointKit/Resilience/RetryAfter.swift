import Foundation

/// A parsed `Retry-After` header (RFC 9110 §10.2.3): a number of seconds or an HTTP date.
package struct RetryAfter: Sendable, Equatable {
    /// Seconds to wait from now; never negative.
    package var delay: TimeInterval

    /// Parses a `Retry-After` value.
    ///
    /// - Parameters:
    ///   - value: The header's value, such as `"120"` or `"Wed, 21 Oct 2026 07:28:00 GMT"`.
    ///   - now: The current time, to turn a date into a delay.
    /// - Returns: `nil` when `value` is `nil` or neither form.
    package init?(_ value: String?, now: Date = Date()) {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if value.allSatisfy(\.isASCII), let seconds = Int(value), seconds >= 0 {
            delay = TimeInterval(seconds)
        } else if let date = HTTPDate.parse(value) {
            delay = max(0, date.timeIntervalSince(now))
        } else {
            return nil
        }
    }
}
