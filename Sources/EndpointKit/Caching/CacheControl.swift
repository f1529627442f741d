import Foundation

/// The directives of a `Cache-Control` header (RFC 9111 §5.2), of a request or a response.
///
/// Names are matched case-insensitively; a directive given twice keeps its first value; a
/// delta-seconds value that is no number makes the directive count as present with no value,
/// which the rules below read as the strictest meaning (RFC 9111 §4.2.1: an invalid `max-age`
/// is stale). Unknown directives are kept, and ignored.
struct CacheControl: Sendable, Equatable {
    private var directives: [String: String?] = [:]

    /// The directives of every `Cache-Control` value in `headers` (several are joined with commas).
    init(_ headers: HTTPHeaders) {
        self.init(headers.values(for: "Cache-Control").joined(separator: ","))
    }

    init(_ value: String) {
        var rest = Substring(value)
        while !rest.isEmpty {
            let (name, argument, remainder) = Self.nextDirective(in: rest)
            rest = remainder
            if !name.isEmpty, directives[name] == nil { directives[name] = argument }
        }
    }

    /// Whether the directive is present, with or without a value.
    func contains(_ name: String) -> Bool { directives[name] != nil }

    /// The directive's delta-seconds, `nil` when it is absent; `0` when it has no valid number.
    func seconds(_ name: String) -> TimeInterval? {
        guard let argument = directives[name] else { return nil }
        guard let text = argument, !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) }) else { return 0 }
        // A value too large to hold means "a very long time" (RFC 9111 §1.2.2): 2^31 seconds.
        let digits = text.drop { $0 == "0" }
        return digits.count > 10 ? TimeInterval(Int32.max) : TimeInterval(min(Int(digits) ?? 0, Int(Int32.max)))
    }

    /// `max-stale`'s allowance: `nil` when absent, `.infinity` when it has no value.
    var maxStale: TimeInterval? {
        guard let argument = directives["max-stale"] else { return nil }
        guard argument != nil else { return .infinity }
        return seconds("max-stale")
    }

    /// `no-cache` with no field names, or with some: either way the stored response is validated
    /// before each use (the qualified form is read as the unqualified one, which RFC 9111 §5.2.2.4
    /// allows).
    var noCache: Bool { contains("no-cache") }
    var noStore: Bool { contains("no-store") }
    var isPrivate: Bool { contains("private") }
    var isPublic: Bool { contains("public") }
    var mustRevalidate: Bool { contains("must-revalidate") }
    var proxyRevalidate: Bool { contains("proxy-revalidate") }
    var isImmutable: Bool { contains("immutable") }
    var onlyIfCached: Bool { contains("only-if-cached") }
    var maxAge: TimeInterval? { seconds("max-age") }
    var sharedMaxAge: TimeInterval? { seconds("s-maxage") }
    var minFresh: TimeInterval? { seconds("min-fresh") }
    var staleWhileRevalidate: TimeInterval? { seconds("stale-while-revalidate") }
    var staleIfError: TimeInterval? { seconds("stale-if-error") }

    /// One `name[=value]` from the front of `text`, its value unquoted, and what follows its comma.
    private static func nextDirective(in text: Substring) -> (String, String?, Substring) {
        var index = text.startIndex
        while index < text.endIndex, text[index] != "=", text[index] != "," { index = text.index(after: index) }
        let name = text[text.startIndex..<index].trimmingCharacters(in: .whitespaces).lowercased()
        guard index < text.endIndex, text[index] == "=" else {
            return (name, nil, index < text.endIndex ? text[text.index(after: index)...] : "")
        }
        var valueStart = text.index(after: index)
        while valueStart < text.endIndex, text[valueStart] == " " { valueStart = text.index(after: valueStart) }
        if valueStart < text.endIndex, text[valueStart] == "\"" {
            // A quoted string, with `\` escapes; the comma after it ends the directive.
            var value = ""
            var cursor = text.index(after: valueStart)
            while cursor < text.endIndex, text[cursor] != "\"" {
                if text[cursor] == "\\", text.index(after: cursor) < text.endIndex {
                    cursor = text.index(after: cursor)
                }
                value.append(text[cursor])
                cursor = text.index(after: cursor)
            }
            var after = cursor < text.endIndex ? text.index(after: cursor) : cursor
            while after < text.endIndex, text[after] != "," { after = text.index(after: after) }
            return (name, value, after < text.endIndex ? text[text.index(after: after)...] : "")
        }
        var end = valueStart
        while end < text.endIndex, text[end] != "," { end = text.index(after: end) }
        let value = text[valueStart..<end].trimmingCharacters(in: .whitespaces)
        return (name, value, end < text.endIndex ? text[text.index(after: end)...] : "")
    }
}
