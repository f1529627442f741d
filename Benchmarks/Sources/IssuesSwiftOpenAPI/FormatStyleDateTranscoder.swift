import Foundation
import OpenAPIRuntime

/// The date transcoder swift-openapi-runtime 1.13.4 itself uses on Linux without its
/// `FullFoundation` trait: `Date.ISO8601FormatStyle`, no lock. With that trait (on by default, and
/// so in this package), its `.iso8601` is an `ISO8601DateFormatter` behind a lock instead. Given
/// here so that one process can measure the generated client configured at its fastest.
public struct FormatStyleDateTranscoder: DateTranscoder {
    private let style: Date.ISO8601FormatStyle

    /// A transcoder of RFC 3339 dates, with fractional seconds or without.
    public init(includingFractionalSeconds: Bool = false) {
        style = Date.ISO8601FormatStyle(includingFractionalSeconds: includingFractionalSeconds)
    }

    /// `date` in RFC 3339.
    public func encode(_ date: Date) throws -> String { style.format(date) }

    /// The date that RFC 3339 `text` writes; throws when it writes none.
    public func decode(_ text: String) throws -> Date { try style.parse(text) }
}
