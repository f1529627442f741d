import Foundation

/// One parameter value, as the query and form encoders see it.
///
/// Strings, numbers, Booleans, dates, arrays and optionals of them convert to it through
/// ``ParameterValueConvertible``; you rarely write it yourself.
public enum ParameterValue: Sendable, Hashable {
    /// A text value, percent-encoded on the way out.
    case string(String)
    /// A Boolean, written as the encoder's ``BoolEncoding`` says (`true`/`false` by default).
    case bool(Bool)
    /// Several values for one name, written as the encoder's ``ArrayEncoding`` says
    /// (`name=a&name=b` by default).
    case array([ParameterValue])
}

/// A type that can be the value of a query parameter or a form field.
///
/// `String`, the integer and floating-point types, `Bool`, `Date` (ISO 8601, UTC), `UUID`,
/// `URL`, arrays and optionals of them conform. A `nil` optional leaves the parameter out.
/// String-backed enums get the conformance by declaring it:
///
/// <!-- snippet needs: Issue -->
/// ```swift
/// enum Sort: String, ParameterValueConvertible { case created, updated }
///
/// struct RecentIssues: GET {
///     typealias ResponseType = [Issue]
///     let path = "/issues"
///     let since: Date?
///     var query: Parameters { ["sort": Sort.updated, "since": since] }   // no `since` when nil
/// }
/// ```
public protocol ParameterValueConvertible: Sendable {
    /// The value to encode, or `nil` to leave the parameter out.
    var parameterValue: ParameterValue? { get }
}

extension ParameterValue: ParameterValueConvertible {
    /// The value itself.
    public var parameterValue: ParameterValue? { self }
}

extension String: ParameterValueConvertible {
    /// The string.
    public var parameterValue: ParameterValue? { .string(self) }
}

extension Substring: ParameterValueConvertible {
    /// The substring, as a string.
    public var parameterValue: ParameterValue? { .string(String(self)) }
}

extension Bool: ParameterValueConvertible {
    /// The Boolean.
    public var parameterValue: ParameterValue? { .bool(self) }
}

extension Int: ParameterValueConvertible {
    /// The number in decimal.
    public var parameterValue: ParameterValue? { .string(String(self)) }
}

extension Int64: ParameterValueConvertible {
    /// The number in decimal.
    public var parameterValue: ParameterValue? { .string(String(self)) }
}

extension Int32: ParameterValueConvertible {
    /// The number in decimal.
    public var parameterValue: ParameterValue? { .string(String(self)) }
}

extension UInt: ParameterValueConvertible {
    /// The number in decimal.
    public var parameterValue: ParameterValue? { .string(String(self)) }
}

extension UInt64: ParameterValueConvertible {
    /// The number in decimal.
    public var parameterValue: ParameterValue? { .string(String(self)) }
}

extension Double: ParameterValueConvertible {
    /// The number as Swift prints it, for example `1.5` or `2.0`.
    public var parameterValue: ParameterValue? { .string(String(self)) }
}

extension Float: ParameterValueConvertible {
    /// The number as Swift prints it, for example `1.5`.
    public var parameterValue: ParameterValue? { .string(String(self)) }
}

extension Decimal: ParameterValueConvertible {
    /// The number in decimal notation.
    public var parameterValue: ParameterValue? { .string("\(self)") }
}

extension UUID: ParameterValueConvertible {
    /// The UUID's canonical upper-case string.
    public var parameterValue: ParameterValue? { .string(uuidString) }
}

extension URL: ParameterValueConvertible {
    /// The URL's absolute string (percent-encoded again as a parameter value).
    public var parameterValue: ParameterValue? { .string(absoluteString) }
}

extension Date: ParameterValueConvertible {
    /// The date in ISO 8601 form in UTC, for example `2026-11-21T05:14:00Z`, the form GitHub's
    /// `since` parameters take.
    public var parameterValue: ParameterValue? {
        .string(formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(secondsFromGMT: 0)!)))
    }
}

extension Optional: ParameterValueConvertible where Wrapped: ParameterValueConvertible {
    /// The wrapped value's, or `nil` (the parameter is left out).
    public var parameterValue: ParameterValue? { self?.parameterValue }
}

extension Array: ParameterValueConvertible where Element: ParameterValueConvertible {
    /// The elements' values; `nil` elements are skipped.
    public var parameterValue: ParameterValue? { .array(compactMap(\.parameterValue)) }
}

extension RawRepresentable where Self: ParameterValueConvertible, RawValue: ParameterValueConvertible {
    /// The raw value's.
    public var parameterValue: ParameterValue? { rawValue.parameterValue }
}
