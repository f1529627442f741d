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
        } else if let date = Self.parseHTTPDate(value) {
            delay = max(0, date.timeIntervalSince(now))
        } else {
            return nil
        }
    }

    /// IMF-fixdate, and the obsolete RFC 850 and asctime forms that RFC 9110 says to accept.
    ///
    /// HTTP dates hold only ASCII letters, digits, spaces, `,`, `:` and `-`; anything else is
    /// refused before it reaches `DateFormatter`, which on Linux traps on a character made of
    /// several scalars ("t" + U+05A9, found by the fuzzer; see Fuzz/README.md).
    private static func parseHTTPDate(_ value: String) -> Date? {
        guard value.unicodeScalars.count <= 64, value.unicodeScalars.allSatisfy(httpDateCharacters.contains) else {
            return nil
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: value) { return date }
        }
        return nil
    }

    private static let httpDateCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 ,:-")
}
